//! Endgame tables: every position with few pieces, solved once by the rules' own
//! move generator, with the number of plies to the game's end under best play.
//!
//! Self-play teaches least where games seldom go and where the way to win is
//! long: three kings against one where kings fly (a triangle of a dozen moves),
//! a king and two men against a king that holds the long diagonal. A table knows
//! them exactly, for any ruleset, because it is computed from the same generator
//! the game is played with; nothing is taken from elsewhere.
//!
//! The tables hold positions with White to move only: the rules are the same
//! for both colours on a board turned 180°, so a position with Black to move is
//! looked up turned and with the colours swapped. Positions are grouped by their
//! material (white men, white kings, black men, black kings), and each group is
//! a dense array indexed by the combination of squares each kind occupies.
//!
//! The value is the game-theoretic one under the rules of movement alone: the
//! no-progress draws (the 50-move rule and the like) count moves from outside
//! the position and are left to the search, which carries those counters.
//!
//! ```
//! use checkers::ai::endgame::{Tables, Value};
//! use checkers::{fen, Ruleset};
//!
//! let rules = Ruleset::builtin("english").unwrap();
//! let tables = Tables::build(&rules, 3, &mut |_| {});
//! // Two kings against one where kings are short: won for the side with two.
//! let pos = fen::parse("W:WK18,K19:BK5").unwrap();
//! assert!(matches!(tables.probe(&pos), Some(Value::Win(_))));
//! // Four pieces: not in these tables.
//! assert_eq!(tables.probe(&fen::parse("W:WK18,K19:BK5,K6").unwrap()), None);
//! ```

use crate::bitboard::VALID;
use crate::movegen::{dispatch, generate, Kernel, Run};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{GenFlags, Ruleset};
use crate::square::Color;
use std::sync::{Arc, Mutex};

/// The most pieces a table is built for by default: every four-piece ending
/// builds in a few seconds on one core (README, "Endgame tables").
pub const DEFAULT_PIECES: u32 = 4;
/// The most pieces this solver builds for: it keeps the moves within a group
/// of materials in memory, which at five pieces would take gigabytes.
pub const MAX_PIECES: u32 = 4;

/// A solved position's value for the side to move: a win or a loss in that many
/// plies (a loss in 0 has no move), or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win(u32),
    Loss(u32),
    Draw,
}

/// Stored as plies + 1 (odd plies win, even plies lose); 0 is a draw, and while
/// a group is being solved, a position not solved yet.
type Cell = u8;
const UNSOLVED: Cell = 0;
/// The longest distance a cell can hold.
const MAX_PLIES: u32 = 253;

/// The dense index (0–31, in bit order) of each bit of the padded layout.
const DENSE: [u8; 36] = {
    let mut t = [u8::MAX; 36];
    let mut b = 0;
    let mut n = 0;
    while b < 36 {
        if VALID >> b & 1 != 0 {
            t[b] = n;
            n += 1;
        }
        b += 1;
    }
    t
};

/// The bit of each dense index.
const BIT: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut b = 0;
    while b < 36 {
        if DENSE[b] != u8::MAX {
            t[DENSE[b] as usize] = b as u8;
        }
        b += 1;
    }
    t
};

/// Binomial coefficients C(n, k) for n ≤ 32 and k ≤ MAX_PIECES.
const BINOM: [[u64; MAX_PIECES as usize + 1]; 33] = {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The squares each kind may stand on: a man never rests on the row where it
/// is crowned, so white men use the 28 squares below rank 8 (dense 0–27) and
/// black men the 28 above rank 1 (dense 4–31, counted from 4).
const KINDS: [(u32, u32); 4] = [(28, 0), (32, 0), (28, 4), (32, 0)];

/// The rank of a set of squares among the sets of its size (the combinatorial
/// number system), with dense indices counted from `from`.
#[inline]
fn rank(mut set: u64, from: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let s = DENSE[set.trailing_zeros() as usize] as u32 - from;
        r += BINOM[s as usize][i];
        i += 1;
        set &= set - 1;
    }
    r
}

/// The set of `k` squares of rank `r` among `n`, dense indices counted from `from`.
fn unrank(mut r: u64, k: usize, n: u32, from: u32) -> u64 {
    let mut set = 0;
    let mut s = n;
    for i in (1..=k).rev() {
        s -= 1;
        while BINOM[s as usize][i] > r {
            s -= 1;
        }
        r -= BINOM[s as usize][i];
        set |= 1u64 << BIT[(s + from) as usize];
    }
    set
}

/// Turns a position 180° and swaps the colours: the same position for the
/// other side. In the padded layout a half turn reverses the 36 bits.
#[inline]
fn turned((white, black, kings): (u64, u64, u64)) -> (u64, u64, u64) {
    let t = |b: u64| b.reverse_bits() >> 28;
    (t(black), t(white), t(kings))
}

/// White's pieces, Black's and the kings, as the side to move sees them: as
/// White, on a board turned for Black.
#[inline]
fn as_white(pos: &Position) -> (u64, u64, u64) {
    let parts = (
        pos.pieces(Color::White).0,
        pos.pieces(Color::Black).0,
        pos.kings(Color::White).0 | pos.kings(Color::Black).0,
    );
    match pos.side_to_move() {
        Color::White => parts,
        Color::Black => turned(parts),
    }
}

/// One material group: where its cells start and the sizes of its four factors.
#[derive(Clone, Copy, Debug)]
struct Group {
    offset: usize,
    counts: [u8; 4],
    /// C(squares, count) for each kind, in order: white men, white kings, black
    /// men, black kings.
    sizes: [u64; 4],
}

impl Group {
    fn len(&self) -> usize {
        self.sizes.iter().product::<u64>() as usize
    }

    fn index(&self, sets: [u64; 4]) -> usize {
        let mut i = 0;
        for k in 0..4 {
            i = i * self.sizes[k] + rank(sets[k], KINDS[k].1);
        }
        self.offset + i as usize
    }

    /// The position of cell `i` (counted within the group), if its pieces do
    /// not overlap.
    fn position(&self, mut i: u64) -> Option<Position> {
        let mut sets = [0u64; 4];
        for k in (0..4).rev() {
            let r = i % self.sizes[k];
            i /= self.sizes[k];
            sets[k] = unrank(r, self.counts[k] as usize, KINDS[k].0, KINDS[k].1);
        }
        let [wm, wk, bm, bk] = sets;
        if (wm & wk) | (bm & bk) | ((wm | wk) & (bm | bk)) != 0 {
            return None;
        }
        Some(Position::from_parts(
            wm | wk,
            bm | bk,
            wk | bk,
            Color::White,
        ))
    }
}

/// Every position of up to `pieces` pieces of one ruleset, solved.
#[derive(Clone)]
pub struct Tables {
    pieces: u32,
    /// Offsets of the groups by (white men, white kings, black men, black kings).
    groups: Vec<Option<Group>>,
    cells: Vec<Cell>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("pieces", &self.pieces)
            .field("cells", &self.cells.len())
            .finish()
    }
}

const SIDE: usize = MAX_PIECES as usize + 1;

fn slot(counts: [u8; 4]) -> usize {
    counts.iter().fold(0, |a, &c| a * SIDE + c as usize)
}

impl Tables {
    /// Solves every position of `rules` with two to `pieces` pieces (each side
    /// at least one; `pieces` is taken as 2 to [`MAX_PIECES`]). `progress` hears
    /// the share done, from 0 to 1.
    pub fn build(rules: &Ruleset, pieces: u32, progress: &mut dyn FnMut(f64)) -> Tables {
        let pieces = pieces.clamp(2, MAX_PIECES);
        struct B<'a> {
            pieces: u32,
            progress: &'a mut dyn FnMut(f64),
        }
        impl Run for B<'_> {
            type Out = Tables;
            fn run<G: Kernel>(self) -> Tables {
                build::<G>(self.pieces, self.progress)
            }
        }
        dispatch(rules.gen_flags(), B { pieces, progress })
    }

    /// The most pieces a position may have to be in the tables.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The number of cells (positions with White to move, some of them
    /// impossible), one byte each.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the tables hold nothing.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of `pos` for the side to move, if it has few enough pieces.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.occupied().count() > self.pieces {
            return None;
        }
        Some(decode(self.cell(pos)?))
    }

    #[inline]
    fn cell(&self, pos: &Position) -> Option<Cell> {
        let (white, black, kings) = as_white(pos);
        self.cell_of(white, black, kings)
    }

    /// The cell of a position with White to move; `None` if a side has no piece
    /// (the game is over: no table needed) or it is not in the tables.
    #[inline]
    fn cell_of(&self, white: u64, black: u64, kings: u64) -> Option<Cell> {
        Some(self.cells[self.index_of(white, black, kings)?])
    }

    #[inline]
    fn index_of(&self, white: u64, black: u64, kings: u64) -> Option<usize> {
        let sets = [white & !kings, white & kings, black & !kings, black & kings];
        let counts = sets.map(|s| s.count_ones() as u8);
        let g = (*self.groups.get(slot(counts))?)?;
        Some(g.index(sets))
    }
}

/// The tables of [`DEFAULT_PIECES`] pieces for the rules of movement of `rules`,
/// built on the first call and shared by every engine of the process after it
/// (the tables depend on how pieces move and capture, nothing else).
pub fn shared(rules: &Ruleset) -> Arc<Tables> {
    static BUILT: Mutex<Vec<(GenFlags, Arc<Tables>)>> = Mutex::new(Vec::new());
    let flags = rules.gen_flags();
    // Held while building, so that engines on other threads wait for these
    // tables instead of building their own.
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = built.iter().find(|(f, _)| *f == flags) {
        return t.clone();
    }
    let t = Arc::new(Tables::build(rules, DEFAULT_PIECES, &mut |_| {}));
    built.push((flags, t.clone()));
    t
}

fn decode(c: Cell) -> Value {
    match c {
        UNSOLVED => Value::Draw,
        c if (c - 1) % 2 == 1 => Value::Win(c as u32 - 1),
        c => Value::Loss(c as u32 - 1),
    }
}

fn encode(plies: u32) -> Cell {
    (plies.min(MAX_PLIES) + 1) as Cell
}

fn build<G: Kernel>(pieces: u32, progress: &mut dyn FnMut(f64)) -> Tables {
    // Every material with each side at least one piece, ordered so that what a
    // move can lead to out of a group is solved before it: a capture leaves
    // fewer pieces, a crowning fewer men.
    let mut all = Vec::new();
    for total in 2..=pieces as u8 {
        for wm in 0..=total {
            for wk in 0..=total - wm {
                for bm in 0..=total - wm - wk {
                    let bk = total - wm - wk - bm;
                    if wm + wk > 0 && bm + bk > 0 {
                        all.push([wm, wk, bm, bk]);
                    }
                }
            }
        }
    }
    all.sort_by_key(|c| (c.iter().sum::<u8>(), c[0] + c[2]));
    let mut tables = Tables {
        pieces,
        groups: vec![None; SIDE.pow(4)],
        cells: Vec::new(),
    };
    let mut offset = 0;
    for &counts in &all {
        let sizes = [0, 1, 2, 3].map(|k| BINOM[KINDS[k].0 as usize][counts[k] as usize]);
        let g = Group {
            offset,
            counts,
            sizes,
        };
        offset += g.len();
        tables.groups[slot(counts)] = Some(g);
    }
    tables.cells = vec![UNSOLVED; offset];
    let mut done = 0usize;
    let mut start = 0;
    while start < all.len() {
        // A group of materials a quiet move can pass between: a move by White
        // turns (wm, wk, bm, bk) into (bm, bk, wm, wk) seen from Black.
        let key = |c: &[u8; 4]| (c.iter().sum::<u8>(), c[0] + c[2]);
        let end = start
            + all[start..]
                .iter()
                .take_while(|c| key(c) == key(&all[start]))
                .count();
        let members: Vec<Group> = all[start..end]
            .iter()
            .map(|&c| tables.groups[slot(c)].expect("listed"))
            .collect();
        solve::<G>(&mut tables, &members);
        done += members.iter().map(Group::len).sum::<usize>();
        progress(done as f64 / offset as f64);
        start = end;
    }
    tables
}

/// Solves one group of materials backwards from its ends, in order of
/// distance: a position wins in `d + 1` plies when a move leads to a loss in
/// `d`, and loses in `d + 1` when every move leads to a win, the longest in `d`.
/// Moves out of the group lead to solved positions; moves within it are kept
/// as edges from the position moved to back to the one moved from, so each
/// position is generated once. What is never reached is a draw.
fn solve<G: Kernel>(tables: &mut Tables, members: &[Group]) {
    let base = members[0].offset;
    let len = members.iter().map(Group::len).sum::<usize>();
    debug_assert!(members
        .windows(2)
        .all(|w| w[0].offset + w[0].len() == w[1].offset));
    // Per position: moves within the group not yet known to win, the longest
    // win among moves out of it, whether some move draws or loses.
    let mut remaining = vec![0u16; len];
    let mut longest = vec![0u8; len];
    let mut draws = vec![false; len];
    let mut loses = vec![false; len];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); MAX_PLIES as usize + 2];
    // Edges within the group, parent first (`forward`), then turned round.
    let mut starts = vec![0u32; len + 1];
    let mut forward: Vec<u32> = Vec::new();
    let mut list = MoveList::new();
    for g in members {
        for i in 0..g.len() {
            let local = g.offset - base + i;
            starts[local] = forward.len() as u32;
            let Some(pos) = g.position(i as u64) else {
                continue;
            };
            list.clear();
            generate::<G>(&pos, &mut list);
            if list.is_empty() {
                buckets[0].push(local as u32);
                continue;
            }
            let mut shortest_loss = u32::MAX;
            for m in list.iter() {
                // Seen from the side to move in the child, White after the turn.
                let (w, b, kings) = as_white(&pos.after(m));
                if w == 0 {
                    shortest_loss = 0;
                    continue;
                }
                let cell = tables
                    .index_of(w, b, kings)
                    .expect("solved or in this group");
                if (base..base + len).contains(&cell) {
                    forward.push((cell - base) as u32);
                    remaining[local] += 1;
                    continue;
                }
                match decode(tables.cells[cell]) {
                    Value::Loss(d) => shortest_loss = shortest_loss.min(d),
                    Value::Win(d) => longest[local] = longest[local].max(d as u8),
                    Value::Draw => draws[local] = true,
                }
            }
            if shortest_loss != u32::MAX {
                loses[local] = true;
                buckets[(shortest_loss + 1).min(MAX_PLIES + 1) as usize].push(local as u32);
            } else if remaining[local] == 0 && !draws[local] {
                buckets[longest[local] as usize + 1].push(local as u32);
            }
        }
    }
    starts[len] = forward.len() as u32;
    let mut into = vec![0u32; len + 1];
    for &c in &forward {
        into[c as usize + 1] += 1;
    }
    for i in 0..len {
        into[i + 1] += into[i];
    }
    let mut back = vec![0u32; forward.len()];
    let mut fill = into.clone();
    for parent in 0..len {
        for &c in &forward[starts[parent] as usize..starts[parent + 1] as usize] {
            back[fill[c as usize] as usize] = parent as u32;
            fill[c as usize] += 1;
        }
    }
    drop(forward);
    let mut solved = vec![false; len];
    for d in 0..=MAX_PLIES as usize {
        let bucket = std::mem::take(&mut buckets[d]);
        for local in bucket {
            let local = local as usize;
            if solved[local] {
                continue;
            }
            solved[local] = true;
            tables.cells[base + local] = encode(d as u32);
            for &parent in &back[into[local] as usize..into[local + 1] as usize] {
                let p = parent as usize;
                if solved[p] {
                    continue;
                }
                if d % 2 == 0 {
                    // A move to a loss wins.
                    loses[p] = true;
                    buckets[d + 1].push(parent);
                } else {
                    remaining[p] -= 1;
                    if remaining[p] == 0 && !loses[p] && !draws[p] {
                        let l = (longest[p] as usize).max(d);
                        buckets[(l + 1).min(MAX_PLIES as usize + 1)].push(parent);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{RANK_1, RANK_8};

    #[test]
    fn ranks_and_unranks_agree() {
        for (k, &count) in BINOM[28].iter().enumerate().take(4).skip(1) {
            for r in 0..count {
                let set = unrank(r, k, 28, 4);
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(rank(set, 4), r);
                assert_eq!(set & RANK_1, 0, "black men never on rank 1");
            }
            for r in 0..count {
                assert_eq!(unrank(r, k, 28, 0) & RANK_8, 0, "white men never on rank 8");
            }
        }
    }

    /// Every position of the tables agrees with its moves: a loss in 0 has
    /// none; a win in `d` has a move to a loss in `d - 1` and none to a shorter
    /// loss; a loss in `d` has only moves to wins, the longest in `d - 1`; a
    /// draw has no move to a loss and one to a draw. By induction on the
    /// distance, a table that agrees everywhere is the game's true value.
    fn assert_consistent(rules: &Ruleset, t: &Tables) {
        let mut seen = 0;
        for g in t.groups.iter().flatten() {
            for i in 0..g.len() {
                let Some(pos) = g.position(i as u64) else {
                    continue;
                };
                seen += 1;
                let value = t.probe(&pos).expect("in the tables");
                // And with Black to move, turned: the same cell.
                let (w, b, k) = turned(as_white(&pos));
                let black = Position::from_parts(w, b, k, Color::Black);
                assert_eq!(t.probe(&black), Some(value), "{pos:?} turned");
                let children: Vec<Value> = crate::legal_moves(&pos, rules)
                    .iter()
                    .map(|m| {
                        let c = pos.after(m);
                        if c.pieces(c.side_to_move()).is_empty() {
                            Value::Loss(0)
                        } else {
                            t.probe(&c).expect("fewer pieces")
                        }
                    })
                    .collect();
                let losses = children.iter().filter_map(|v| match v {
                    Value::Loss(d) => Some(*d),
                    _ => None,
                });
                let wins = || {
                    children.iter().filter_map(|v| match v {
                        Value::Win(d) => Some(*d),
                        _ => None,
                    })
                };
                let expected = if children.is_empty() {
                    Value::Loss(0)
                } else if let Some(d) = losses.min() {
                    Value::Win(d + 1)
                } else if wins().count() == children.len() {
                    Value::Loss(wins().max().expect("moves") + 1)
                } else {
                    Value::Draw
                };
                assert_eq!(value, expected, "{pos:?}");
            }
        }
        assert!(seen > 1000, "the tables hold positions");
    }

    #[test]
    fn three_piece_tables_agree_with_the_moves_in_every_variant() {
        for id in Ruleset::builtin_ids() {
            let rules = Ruleset::builtin(id).expect("built in");
            let t = Tables::build(&rules, 3, &mut |_| {});
            assert_consistent(&rules, &t);
        }
    }

    #[test]
    fn four_piece_tables_agree_with_the_moves_where_kings_fly_and_where_they_do_not() {
        for id in ["brazilian", "english"] {
            let rules = Ruleset::builtin(id).expect("built in");
            let mut last = 0.0;
            let t = Tables::build(&rules, 4, &mut |p| {
                assert!(p >= last && p <= 1.0, "progress grows to 1");
                last = p;
            });
            assert_eq!(last, 1.0);
            assert_consistent(&rules, &t);
        }
    }

    #[test]
    fn a_piece_count_out_of_range_is_taken_as_the_nearest_built() {
        let rules = Ruleset::builtin("english").expect("built in");
        assert_eq!(Tables::build(&rules, 0, &mut |_| {}).pieces(), 2);
        let two = Tables::build(&rules, 2, &mut |_| {});
        assert_eq!(two.pieces(), 2);
        // A man or a king a side: 28 or 32 squares each.
        assert_eq!(two.len(), 28 * 28 + 2 * 28 * 32 + 32 * 32);
    }

    #[test]
    fn a_half_turn_reverses_the_board() {
        let a1 = crate::Square::from_algebraic("a1").unwrap().mask();
        let h8 = crate::Square::from_algebraic("h8").unwrap().mask();
        let c3 = crate::Square::from_algebraic("c3").unwrap().mask();
        let f6 = crate::Square::from_algebraic("f6").unwrap().mask();
        assert_eq!(turned((a1 | c3, 0, a1)), (0, h8 | f6, h8));
    }
}
