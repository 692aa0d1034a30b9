//! A deliberately plain second move generator, to check the fast one against.
//!
//! It shares no code with `src/movegen.rs`: an array of squares as large as the
//! largest board, (file, rank) coordinates, the ruleset's board size as the only
//! edge (8, 10 or 12, from `rules.geometry().size`), every capture sequence enumerated
//! by a straightforward recursion, then the ruleset's filters applied to the
//! finished list. It is slow and meant to be obviously right, one rule of
//! docs/RULES.md at a time.

#![allow(dead_code)]

use checkers::rules::{
    CaptureChoice, CapturesRemoved, Criterion, KingCapturesFrom, KingLands, KingMoves,
    PromotionMidCapture,
};
use checkers::{Color, Piece, Position, Ruleset};
use std::collections::BTreeSet;

pub type Coord = (i8, i8); // (file, rank)

/// A move as the reference sees it: the path and the set of captured squares.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub path: Vec<Coord>,
    pub captured: BTreeSet<Coord>,
    pub promotes: bool,
}

impl RefMove {
    /// The identity of a move by docs/RULES.md: start, end, captured set.
    pub fn key(&self) -> (Coord, Coord, BTreeSet<Coord>) {
        (
            self.path[0],
            *self.path.last().unwrap(),
            self.captured.clone(),
        )
    }
}

/// Squares along a side of the largest board.
const MAX: usize = 12;

/// The pieces of a position by (file, rank), and the side to move. Which part of the
/// array is the board is the ruleset's business: the generator is given the size.
#[derive(Clone)]
pub struct Board {
    cells: [[Option<Piece>; MAX]; MAX], // [rank][file]
    pub side: Color,
}

impl Board {
    /// The pieces of `p`, wherever they stand on the largest board (a square is the
    /// same (file, rank) on every board).
    pub fn from_position(p: &Position) -> Board {
        let mut cells = [[None; MAX]; MAX];
        for sq in checkers::BOARD_12.all() {
            cells[sq.rank() as usize][sq.file() as usize] = p.piece_at(sq);
        }
        Board {
            cells,
            side: p.side_to_move(),
        }
    }

    fn at(&self, c: Coord) -> Option<Piece> {
        self.cells[c.1 as usize][c.0 as usize]
    }

    fn set(&mut self, c: Coord, p: Option<Piece>) {
        self.cells[c.1 as usize][c.0 as usize] = p;
    }

    /// Plays a reference move.
    pub fn play(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        let from = m.path[0];
        let to = *m.path.last().unwrap();
        let piece = b.at(from).unwrap();
        b.set(from, None);
        for &c in &m.captured {
            b.set(c, None);
        }
        let piece = if m.promotes {
            Piece::King(piece.color())
        } else {
            piece
        };
        b.set(to, Some(piece));
        b.side = self.side.opposite();
        b
    }
}

/// The side of the ruleset's board: 8, 10 or 12.
fn size(rules: &Ruleset) -> i8 {
    let n = rules.geometry().size;
    assert!(
        n as usize <= MAX,
        "{}: a {n}×{n} board is larger than the reference's array",
        rules.id
    );
    n as i8
}

fn on_board(c: Coord, size: i8) -> bool {
    (0..size).contains(&c.0) && (0..size).contains(&c.1)
}

const DIRS: [Coord; 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];

/// The rank where `color`'s men are crowned: the far side's back row.
fn last_row(color: Color, size: i8) -> i8 {
    match color {
        Color::White => size - 1,
        Color::Black => 0,
    }
}

fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

struct Search<'a> {
    board: &'a Board,
    rules: &'a Ruleset,
    size: i8,
    origin: Coord,
    color: Color,
    out: Vec<RefMove>,
}

impl Search<'_> {
    /// Empty for the purpose of this move: nothing there, or the start square.
    fn empty(&self, c: Coord, captured: &[Coord]) -> bool {
        let gone = self.rules.captures_removed == CapturesRemoved::AtOnce && captured.contains(&c);
        on_board(c, self.size) && (c == self.origin || self.board.at(c).is_none() || gone)
    }

    fn takeable(&self, c: Coord, captured: &[Coord], king: bool) -> bool {
        on_board(c, self.size)
            && c != self.origin
            && !captured.contains(&c)
            && self.board.at(c).is_some_and(|p| {
                p.color() != self.color && (king || self.rules.men_take_kings || !p.is_king())
            })
    }

    /// Every single jump a piece could make from `at`: (victim, landing squares).
    fn jumps(&self, at: Coord, king: bool, captured: &[Coord]) -> Vec<(Coord, Vec<Coord>)> {
        let mut v = Vec::new();
        for d in DIRS {
            if !king && !self.rules.men_capture_backwards && d.1 != forward(self.color) {
                continue;
            }
            let mut c = (at.0 + d.0, at.1 + d.1);
            if king && self.rules.king_captures_from == KingCapturesFrom::AnyDistance {
                while self.empty(c, captured) {
                    c = (c.0 + d.0, c.1 + d.1);
                }
            }
            if !self.takeable(c, captured, king) {
                continue;
            }
            let mut lands = Vec::new();
            let mut l = (c.0 + d.0, c.1 + d.1);
            while self.empty(l, captured) {
                lands.push(l);
                if !king || self.rules.king_lands == KingLands::DirectlyBehind {
                    break;
                }
                l = (l.0 + d.0, l.1 + d.1);
            }
            if !lands.is_empty() {
                v.push((c, lands));
            }
        }
        v
    }

    fn extend(
        &mut self,
        at: Coord,
        king: bool,
        promoted: bool,
        path: &mut Vec<Coord>,
        captured: &mut Vec<Coord>,
    ) {
        let jumps = self.jumps(at, king, captured);
        if jumps.is_empty() {
            if !captured.is_empty() {
                let promotes = promoted || (!king && at.1 == last_row(self.color, self.size));
                self.out.push(RefMove {
                    path: path.clone(),
                    captured: captured.iter().copied().collect(),
                    promotes,
                });
            }
            return;
        }
        for (victim, lands) in jumps {
            captured.push(victim);
            // A king that can go on capturing from some landing square must choose one of those.
            let going_on: Vec<Coord> = lands
                .iter()
                .copied()
                .filter(|&l| !self.jumps(l, king, captured).is_empty())
                .collect();
            let choices = if going_on.is_empty() { lands } else { going_on };
            for l in choices {
                path.push(l);
                if !king && l.1 == last_row(self.color, self.size) {
                    match self.rules.promotion_mid_capture {
                        PromotionMidCapture::CrownedMoveEnds => {
                            self.out.push(RefMove {
                                path: path.clone(),
                                captured: captured.iter().copied().collect(),
                                promotes: true,
                            });
                        }
                        PromotionMidCapture::ContinueAsMan => {
                            self.extend(l, false, false, path, captured)
                        }
                        PromotionMidCapture::ContinueAsKing => {
                            self.extend(l, true, true, path, captured)
                        }
                    }
                } else {
                    self.extend(l, king, promoted, path, captured);
                }
                path.pop();
            }
            captured.pop();
        }
    }
}

/// Every legal move of `board` under `rules`, by the plain method.
pub fn legal_moves(board: &Board, rules: &Ruleset) -> Vec<RefMove> {
    let mut all = sequences(board, rules);
    let mut seen = BTreeSet::new();
    all.retain(|m| seen.insert(m.key()));
    all
}

/// Every legal move with every path it can be played by: capture sequences that
/// are one move by docs/RULES.md (same start, end and captured set) are all listed.
pub fn sequences(board: &Board, rules: &Ruleset) -> Vec<RefMove> {
    let size = size(rules);
    for rank in 0..MAX as i8 {
        for file in 0..MAX as i8 {
            let c = (file, rank);
            assert!(
                on_board(c, size) || board.at(c).is_none(),
                "{}: a piece on {file},{rank}, off the {size}×{size} board",
                rules.id
            );
        }
    }
    let mut all = Vec::new();
    for rank in 0..size {
        for file in 0..size {
            let c = (file, rank);
            let Some(p) = board.at(c) else { continue };
            if p.color() != board.side {
                continue;
            }
            let mut s = Search {
                board,
                rules,
                size,
                origin: c,
                color: p.color(),
                out: Vec::new(),
            };
            s.extend(c, p.is_king(), false, &mut vec![c], &mut Vec::new());
            all.extend(s.out);
        }
    }
    if !all.is_empty() {
        if rules.capture_choice == CaptureChoice::MostPieces {
            let most = all.iter().map(|m| m.captured.len()).max().unwrap();
            all.retain(|m| m.captured.len() == most);
        }
        for c in &rules.capture_precedence {
            let score = |m: &RefMove| -> usize {
                let is_king = |c: &Coord| board.at(*c).is_some_and(|p| p.is_king());
                match c {
                    Criterion::MostPieces => m.captured.len(),
                    Criterion::WithKing => is_king(&m.path[0]) as usize,
                    Criterion::MostKings => m.captured.iter().filter(|c| is_king(c)).count(),
                    // Earlier is better: 100 for the first piece taken, 0 for none.
                    Criterion::KingFirst => taken_in_order(m)
                        .iter()
                        .position(is_king)
                        .map_or(0, |i| 100 - i),
                }
            };
            let best = all.iter().map(score).max().unwrap();
            all.retain(|m| score(m) == best);
        }
        return all;
    }
    for rank in 0..size {
        for file in 0..size {
            let c = (file, rank);
            let Some(p) = board.at(c) else { continue };
            if p.color() != board.side {
                continue;
            }
            for d in DIRS {
                if !p.is_king() && d.1 != forward(p.color()) {
                    continue;
                }
                let mut t = (c.0 + d.0, c.1 + d.1);
                while on_board(t, size) && board.at(t).is_none() {
                    let promotes = !p.is_king() && t.1 == last_row(p.color(), size);
                    all.push(RefMove {
                        path: vec![c, t],
                        captured: BTreeSet::new(),
                        promotes,
                    });
                    if !p.is_king() || rules.king_moves == KingMoves::OneSquare {
                        break;
                    }
                    t = (t.0 + d.0, t.1 + d.1);
                }
            }
        }
    }
    all
}

/// The pieces a capture takes in its order: on each leg, the piece between.
fn taken_in_order(m: &RefMove) -> Vec<Coord> {
    m.path
        .windows(2)
        .filter_map(|leg| {
            let (a, b) = (leg[0], leg[1]);
            let d = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            let mut c = (a.0 + d.0, a.1 + d.1);
            while c != b {
                if m.captured.contains(&c) {
                    return Some(c);
                }
                c = (c.0 + d.0, c.1 + d.1);
            }
            None
        })
        .collect()
}

/// Perft by the plain method.
pub fn perft(board: &Board, rules: &Ruleset, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(board, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&board.play(m), rules, depth - 1))
        .sum()
}

/// Converts a fast-generator move to the reference's form.
pub fn from_engine(m: &checkers::Move) -> RefMove {
    RefMove {
        path: m
            .path()
            .iter()
            .map(|s| (s.file() as i8, s.rank() as i8))
            .collect(),
        captured: m
            .captured()
            .iter()
            .map(|s| (s.file() as i8, s.rank() as i8))
            .collect(),
        promotes: m.promotes(),
    }
}

/// The move identities (start, end, captured set, promotes) of a list, sorted.
pub fn keys(moves: &[RefMove]) -> Vec<(Coord, Coord, BTreeSet<Coord>, bool)> {
    let mut v: Vec<_> = moves
        .iter()
        .map(|m| {
            let (a, b, c) = m.key();
            (a, b, c, m.promotes)
        })
        .collect();
    v.sort();
    v
}
