//! A learned evaluation: weights for patterns of men, kings' squares and a few
//! counts, fitted to self-play games by the lab (`checkers::lab::train`).
//!
//! The board is seen through nine overlapping 4×4 windows (ranks 2i..2i+3, files
//! 2j..2j+3); each holds eight dark squares, and each arrangement of men on them
//! (3^8 = 6,561: empty, white man, black man) has its own weight. Kings are scored
//! by their square, men also by their number, their free forward steps and the
//! ones about to crown. A table indexed by the four counts (white men, white kings,
//! black men, black kings) learns what the sum of single pieces cannot: that one
//! king against one king is a draw where kings are short, that the side ahead wins
//! more easily with fewer pieces left. Every weight has an opening and an endgame
//! value, blended by the number of pieces on the board.
//!
//! The score is antisymmetric by construction: a position and its colour-flipped
//! twin (board turned 180°, colours swapped) score the same with opposite signs,
//! which halves what the weights have to learn.

use crate::bitboard::{BOARD_8, RANKS, STRIDE, VALID};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::{Color, Square};

/// The 4×4 windows.
pub const REGIONS: usize = 9;
/// Arrangements of men on one window's eight squares.
pub const CONFIGS: usize = 6561;
/// The first king-square feature; one per dark square, in bit order of the squares' PDN numbers.
pub const KING_SQUARES: usize = REGIONS * CONFIGS;
/// Men, counted.
pub const MEN: usize = KING_SQUARES + 32;
/// The side to move.
pub const TEMPO: usize = MEN + 1;
/// Free forward steps of men.
pub const MOBILITY: usize = TEMPO + 1;
/// Men one step from crowning with a free square ahead.
pub const RUNAWAY: usize = MOBILITY + 1;
/// The first material-table feature: one per (white men, white kings, black men,
/// black kings), each count capped at [`MAX_COUNT`].
pub const MATERIAL: usize = RUNAWAY + 1;
/// The largest count the material table tells apart (a side starts with 12).
pub const MAX_COUNT: usize = 12;
/// Cells of the material table.
pub const MATERIAL_CELLS: usize = (MAX_COUNT + 1).pow(4);
/// Every feature.
pub const FEATURES: usize = MATERIAL + MATERIAL_CELLS;
/// The features of version 2 weight files, which had no material table.
pub const FEATURES_V2: usize = MATERIAL;
/// Pieces on the board at which the opening weights apply in full.
pub const FULL_BOARD: u32 = 24;

/// Base-3 value of an 8-bit set: bit k contributes 3^k.
const fn base3() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut k = 0;
        while k < 8 {
            if m >> k & 1 == 1 {
                v += p;
            }
            p *= 3;
            k += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
}

static BASE3: [u16; 256] = base3();

/// The arrangement of the colour-flipped window: squares in reverse order,
/// white and black swapped.
pub fn mirror_config(c: usize) -> usize {
    let mut digits = [0usize; 8];
    let mut x = c;
    for d in digits.iter_mut() {
        *d = x % 3;
        x /= 3;
    }
    let mut out = 0;
    for k in (0..8).rev() {
        let d = match digits[7 - k] {
            1 => 2,
            2 => 1,
            d => d,
        };
        out = out * 3 + d;
    }
    out
}

/// The eight squares of window `r` as bits of a set, in the order of the
/// window's arrangement digits: rank by rank from White's side, file by file.
///
/// In the ghost-square layout the two dark squares a window holds on each rank
/// are neighbouring bits, and a window's four ranks start 0, 6, 11 and 17 bits
/// after its first: one shift and four masks gather them.
#[inline(always)]
fn window_bits(set: u64, r: usize) -> usize {
    let (i, j) = (r / 3, r % 3);
    let x = set >> (STRIDE as usize * i + j);
    ((x & 3) | (x >> 6 & 3) << 2 | (x >> 11 & 3) << 4 | (x >> 17 & 3) << 6) as usize
}

/// The arrangement index of window `r` for these men.
#[inline(always)]
pub fn config(white_men: u64, black_men: u64, r: usize) -> usize {
    BASE3[window_bits(white_men, r)] as usize + 2 * BASE3[window_bits(black_men, r)] as usize
}

/// The material-table cell of these counts, and that of the colour-flipped board.
#[inline(always)]
fn material_cells(wm: u32, wk: u32, bm: u32, bk: u32) -> (usize, usize) {
    let n = MAX_COUNT as u32 + 1;
    let c = |x: u32| x.min(MAX_COUNT as u32);
    let (wm, wk, bm, bk) = (c(wm), c(wk), c(bm), c(bk));
    (
        (((wm * n + wk) * n + bm) * n + bk) as usize,
        (((bm * n + bk) * n + wm) * n + wk) as usize,
    )
}

/// The material-table cells of `pos`: its own and its colour-flipped twin's.
#[inline(always)]
fn material_of(pos: &Position) -> (usize, usize) {
    material_cells(
        pos.men(Color::White).count(),
        pos.kings(Color::White).count(),
        pos.men(Color::Black).count(),
        pos.kings(Color::Black).count(),
    )
}

/// The square a square turns into when the board turns 180°.
pub fn rotate(sq: Square) -> Square {
    BOARD_8
        .square_at(7 - sq.file(), 7 - sq.rank())
        .expect("a dark square turns into a dark square")
}

/// The number of a square of the 8×8 board the learned terms know, 1 to 32.
pub(crate) fn number(sq: Square) -> usize {
    BOARD_8.number(sq).unwrap_or(0) as usize
}

/// King-square feature index of a square.
fn king_feature(sq: Square) -> usize {
    KING_SQUARES + number(sq) - 1
}

/// A man's forward steps as shifts (White up, Black down) in the ghost-square layout.
#[inline(always)]
fn forward(men: u64, c: Color) -> (u64, u64) {
    match c {
        Color::White => ((men << 5) & VALID, (men << 6) & VALID),
        Color::Black => ((men >> 5) & VALID, (men >> 6) & VALID),
    }
}

/// Free forward steps of `c`'s men, and those of its men one rank from crowning.
#[inline(always)]
fn steps(pos: &Position, c: Color, seventh: u64) -> (i32, i32) {
    let empty = VALID & !pos.occupied().0;
    let men = pos.men(c).0;
    let (a, b) = forward(men, c);
    let mobility = (a & empty).count_ones() + (b & empty).count_ones();
    let (ra, rb) = forward(men & seventh, c);
    let runaway = ((ra | rb) & empty).count_ones();
    (mobility as i32, runaway as i32)
}

/// One position's features with their values, White's view, and its phase.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    /// (feature, value) pairs; a feature may appear more than once.
    pub entries: Vec<(u32, f32)>,
    /// Weight of the opening values, 0 to 1 (the endgame's is `1 - phase`).
    pub phase: f32,
}

/// The features of `pos`, from White's view.
pub fn features(pos: &Position) -> Features {
    let wm = pos.men(Color::White).0;
    let bm = pos.men(Color::Black).0;
    let mut entries = Vec::with_capacity(2 * REGIONS + 12);
    for r in 0..REGIONS {
        entries.push(((r * CONFIGS + config(wm, bm, r)) as u32, 1.0));
        // The flipped board's window r is this board's window 8 - r, mirrored.
        let flipped = mirror_config(config(wm, bm, REGIONS - 1 - r));
        entries.push(((r * CONFIGS + flipped) as u32, -1.0));
    }
    for sq in pos.kings(Color::White).iter() {
        entries.push((king_feature(sq) as u32, 1.0));
    }
    for sq in pos.kings(Color::Black).iter() {
        entries.push((king_feature(rotate(sq)) as u32, -1.0));
    }
    let men = wm.count_ones() as f32 - bm.count_ones() as f32;
    entries.push((MEN as u32, men));
    let tempo = if pos.side_to_move() == Color::White {
        1.0
    } else {
        -1.0
    };
    entries.push((TEMPO as u32, tempo));
    let (wmob, wrun) = steps(pos, Color::White, RANKS[6]);
    let (bmob, brun) = steps(pos, Color::Black, RANKS[1]);
    entries.push((MOBILITY as u32, (wmob - bmob) as f32));
    entries.push((RUNAWAY as u32, (wrun - brun) as f32));
    let (own, twin) = material_of(pos);
    if own != twin {
        entries.push(((MATERIAL + own) as u32, 1.0));
        entries.push(((MATERIAL + twin) as u32, -1.0));
    }
    Features {
        entries,
        phase: phase(pos),
    }
}

/// The opening share of the blend: 1 with a full board, 0 with none.
pub fn phase(pos: &Position) -> f32 {
    pos.occupied().count().min(FULL_BOARD) as f32 / FULL_BOARD as f32
}

/// What identifies the game a set of weights was trained for: the ruleset's id and
/// a hash of the settings that change play.
pub fn fingerprint(rules: &Ruleset) -> u64 {
    let text = format!(
        "{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}",
        rules.first_move,
        rules.men_capture_backwards,
        rules.king_moves,
        rules.king_captures_from,
        rules.king_lands,
        rules.capture_choice,
        rules.promotion_mid_capture
    );
    fnv(text.as_bytes())
}

/// FNV-1a, 64 bits: a stable hash for fingerprints and checksums.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Weights in hundredths of a man, ready to evaluate: each window's table already
/// holds its own weight minus its flipped twin's, so a position costs nine lookups.
#[derive(Clone)]
pub struct Learned {
    /// `[window][arrangement]` → (opening, endgame).
    windows: Vec<[i32; 2]>,
    /// King square (bit index) → (opening, endgame), White's kings; Black's are negated
    /// and turned.
    white_kings: [[i32; 2]; 64],
    black_kings: [[i32; 2]; 64],
    men: [i32; 2],
    tempo: [i32; 2],
    mobility: [i32; 2],
    runaway: [i32; 2],
    /// Material cell → (opening, endgame), its weight minus its twin's.
    material: Vec<[i32; 2]>,
}

impl std::fmt::Debug for Learned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Learned")
            .field("men", &self.men)
            .finish_non_exhaustive()
    }
}

impl Learned {
    /// Ready-to-use tables from the raw weights (`FEATURES` pairs, hundredths of a man).
    pub fn new(weights: &[[i16; 2]]) -> Learned {
        assert_eq!(weights.len(), FEATURES, "a weight for every feature");
        let w = |f: usize| [weights[f][0] as i32, weights[f][1] as i32];
        let mut windows = vec![[0i32; 2]; REGIONS * CONFIGS];
        for r in 0..REGIONS {
            for c in 0..CONFIGS {
                let own = w(r * CONFIGS + c);
                let twin = w((REGIONS - 1 - r) * CONFIGS + mirror_config(c));
                windows[r * CONFIGS + c] = [own[0] - twin[0], own[1] - twin[1]];
            }
        }
        let mut white_kings = [[0i32; 2]; 64];
        let mut black_kings = [[0i32; 2]; 64];
        for sq in BOARD_8.all() {
            white_kings[sq.bit() as usize] = w(king_feature(sq));
            let k = w(king_feature(rotate(sq)));
            black_kings[sq.bit() as usize] = [-k[0], -k[1]];
        }
        let material = (0..MATERIAL_CELLS)
            .map(|cell| {
                let n = MAX_COUNT + 1;
                let (wm, wk, bm, bk) = (cell / n / n / n, cell / n / n % n, cell / n % n, cell % n);
                let (_, twin) = material_cells(wm as u32, wk as u32, bm as u32, bk as u32);
                let (a, b) = (w(MATERIAL + cell), w(MATERIAL + twin));
                [a[0] - b[0], a[1] - b[1]]
            })
            .collect();
        Learned {
            windows,
            material,
            white_kings,
            black_kings,
            men: w(MEN),
            tempo: w(TEMPO),
            mobility: w(MOBILITY),
            runaway: w(RUNAWAY),
        }
    }

    /// The score of `pos` for White, in hundredths of a man.
    #[inline]
    pub fn white_score(&self, pos: &Position) -> i32 {
        let wm = pos.men(Color::White).0;
        let bm = pos.men(Color::Black).0;
        let mut acc = [0i32; 2];
        for r in 0..REGIONS {
            let t = self.windows[r * CONFIGS + config(wm, bm, r)];
            acc[0] += t[0];
            acc[1] += t[1];
        }
        let mut add = |t: [i32; 2], n: i32| {
            acc[0] += t[0] * n;
            acc[1] += t[1] * n;
        };
        let mut kings = pos.kings(Color::White).0;
        while kings != 0 {
            add(self.white_kings[kings.trailing_zeros() as usize], 1);
            kings &= kings - 1;
        }
        let mut kings = pos.kings(Color::Black).0;
        while kings != 0 {
            add(self.black_kings[kings.trailing_zeros() as usize], 1);
            kings &= kings - 1;
        }
        add(self.men, wm.count_ones() as i32 - bm.count_ones() as i32);
        add(
            self.tempo,
            if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            },
        );
        let (wmob, wrun) = steps(pos, Color::White, RANKS[6]);
        let (bmob, brun) = steps(pos, Color::Black, RANKS[1]);
        add(self.mobility, wmob - bmob);
        add(self.runaway, wrun - brun);
        add(self.material[material_of(pos).0], 1);
        let n = pos.occupied().count().min(FULL_BOARD) as i32;
        (acc[0] * n + acc[1] * (FULL_BOARD as i32 - n)) / FULL_BOARD as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    #[test]
    fn a_window_gathers_its_eight_squares() {
        for r in 0..REGIONS {
            let (i, j) = (r / 3, r % 3);
            let mut k = 0;
            for rank in 2 * i..2 * i + 4 {
                for file in 2 * j..2 * j + 4 {
                    if let Some(sq) = crate::BOARD_8.square_at(file as u8, rank as u8) {
                        assert_eq!(window_bits(sq.mask(), r), 1 << k, "window {r} square {k}");
                        k += 1;
                    }
                }
            }
            assert_eq!(k, 8);
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_swaps_colours() {
        for c in 0..CONFIGS {
            assert_eq!(mirror_config(mirror_config(c)), c);
        }
        assert_eq!(mirror_config(1), 2 * 3usize.pow(7));
    }

    #[test]
    fn a_flipped_position_scores_the_opposite() {
        let mut weights = vec![[0i16; 2]; FEATURES];
        let mut state = 7u64;
        for w in weights.iter_mut() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *w = [(state >> 40) as i16 % 50, (state >> 20) as i16 % 50];
        }
        let learned = Learned::new(&weights);
        for text in [
            "W:W21,22,23,25,K30:B1,2,5,9,K14",
            "B:W18,19,24,27,28,31,32:B3,6,7,10,11,K26",
        ] {
            let pos = fen::parse(text, &crate::BOARD_8).unwrap();
            let flip = |set: u64| -> u64 {
                crate::Bitboard(set)
                    .iter()
                    .map(|s| rotate(s).mask())
                    .fold(0, |a, b| a | b)
            };
            let twin = Position::from_parts(
                flip(pos.pieces(Color::Black).0),
                flip(pos.pieces(Color::White).0),
                flip(pos.kings(Color::White).0 | pos.kings(Color::Black).0),
                pos.side_to_move().opposite(),
            );
            assert_eq!(
                learned.white_score(&pos),
                -learned.white_score(&twin),
                "{text}"
            );
            // The training features give the same score as the tables.
            let f = features(&pos);
            let blend = |v: [i16; 2]| v[0] as f32 * f.phase + v[1] as f32 * (1.0 - f.phase);
            let from_features: f32 = f
                .entries
                .iter()
                .map(|&(i, x)| x * blend(weights[i as usize]))
                .sum();
            let tables = learned.white_score(&pos) as f32;
            assert!(
                (from_features - tables).abs() <= 1.0,
                "{text}: {from_features} vs {tables}"
            );
        }
    }
}
