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

use crate::bitboard::{Geometry, Word, BOARD_8, HALF_STRIDE, STRIDE};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::{Color, Square};

/// Arrangements of men on one window's eight squares.
pub const CONFIGS: usize = 6561;
/// Every feature on the 8×8 board.
pub const FEATURES: usize = LAYOUT_8.features;
/// The features of version 2 weight files (8×8), which had no material table.
pub const FEATURES_V2: usize = LAYOUT_8.material;

/// Where each term's weights sit among a board's features. The terms are the
/// same on every board; the board sets how many windows there are (3×3 on
/// 8×8, 4×4 on 10×10), how many squares a king can stand on, how many pieces
/// the material table counts, and how full a full board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board.
    pub geo: Geometry,
    /// Windows along a side.
    side: usize,
    /// The 4×4 windows.
    pub regions: usize,
    /// The first king-square feature; one per dark square, in number order.
    pub king_squares: usize,
    /// Men, counted.
    pub men: usize,
    /// The side to move.
    pub tempo: usize,
    /// Free forward steps of men.
    pub mobility: usize,
    /// Men one step from crowning with a free square ahead.
    pub runaway: usize,
    /// The first material-table feature: one per (white men, white kings,
    /// black men, black kings), each count capped at `max_count`.
    pub material: usize,
    /// The largest count the material table tells apart: a side's men at the start.
    pub max_count: usize,
    /// Every feature.
    pub features: usize,
    /// Pieces on the board at which the opening weights apply in full.
    pub full_board: u32,
}

/// The boards the learned evaluation is laid out for, smallest first: all.
pub use crate::bitboard::BOARDS;

/// The 8×8 board's features.
pub const LAYOUT_8: Layout = Layout::of(&BOARD_8);

impl Layout {
    /// The features of the board `geo`.
    pub const fn of(geo: &Geometry) -> Layout {
        let side = geo.size as usize / 2 - 1;
        let regions = side * side;
        let king_squares = regions * CONFIGS;
        let men = king_squares + geo.squares() as usize;
        let max_count = geo.most_men() as usize;
        let material = men + 4;
        let cells = (max_count + 1) * (max_count + 1) * (max_count + 1) * (max_count + 1);
        Layout {
            geo: geo.plain(),
            side,
            regions,
            king_squares,
            men,
            tempo: men + 1,
            mobility: men + 2,
            runaway: men + 3,
            material,
            max_count,
            features: material + cells,
            full_board: 2 * max_count as u32,
        }
    }

    /// Cells of the material table.
    pub const fn material_cells(&self) -> usize {
        self.features - self.material
    }

    /// The board whose features number `n`, with the weights file version that
    /// wrote them: version 2 files (8×8 only) had no material table.
    pub fn for_features(n: usize, version: u32) -> Option<Layout> {
        if version == 2 {
            return (n == FEATURES_V2).then_some(LAYOUT_8);
        }
        BOARDS.iter().map(Layout::of).find(|l| l.features == n)
    }

    /// How far window `r`'s first square is from bit 0: windows start every
    /// second rank and every second file.
    #[inline(always)]
    fn shift(&self, r: usize) -> usize {
        STRIDE as usize * (r / self.side) + r % self.side
    }
}

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

/// The eight squares of the window whose first square is `shift` bits from
/// bit 0 ([`Layout::shift`]), as bits of a set in the order of the window's
/// arrangement digits: rank by rank from White's side, file by file.
///
/// In the ghost-square layout the two dark squares a window holds on each rank
/// are neighbouring bits, and a window's four ranks start 0, 7, 13 and 20 bits
/// after its first, on either board: one shift and four masks gather them.
#[inline(always)]
fn window_bits<W: Word>(set: W, shift: usize) -> usize {
    const H: u8 = HALF_STRIDE;
    const S: u8 = STRIDE;
    // A window spans 22 bits: after the shift they are all in the low word.
    let x = (set >> shift as u32).low();
    ((x & 3) | (x >> H & 3) << 2 | (x >> S & 3) << 4 | (x >> (S + H) & 3) << 6) as usize
}

/// The arrangement index of the window `shift` bits from bit 0 for these men.
#[inline(always)]
fn config<W: Word>(white_men: W, black_men: W, shift: usize) -> usize {
    BASE3[window_bits(white_men, shift)] as usize
        + 2 * BASE3[window_bits(black_men, shift)] as usize
}

impl Layout {
    /// The material-table cell of these counts, and that of the colour-flipped board.
    #[inline(always)]
    fn material_cells_of(&self, wm: u32, wk: u32, bm: u32, bk: u32) -> (usize, usize) {
        let n = self.max_count as u32 + 1;
        let c = |x: u32| x.min(self.max_count as u32);
        let (wm, wk, bm, bk) = (c(wm), c(wk), c(bm), c(bk));
        (
            (((wm * n + wk) * n + bm) * n + bk) as usize,
            (((bm * n + bk) * n + wm) * n + wk) as usize,
        )
    }

    /// The material-table cells of `pos`: its own and its colour-flipped twin's.
    #[inline(always)]
    fn material_of(&self, pos: &Position) -> (usize, usize) {
        self.material_cells_of(
            pos.men(Color::White).count(),
            pos.kings(Color::White).count(),
            pos.men(Color::Black).count(),
            pos.kings(Color::Black).count(),
        )
    }

    /// King-square feature index of a square.
    fn king_feature(&self, sq: Square) -> usize {
        self.king_squares + self.geo.number(sq).unwrap_or(1) as usize - 1
    }

    /// The opening share of the blend: 1 with a full board, 0 with none.
    pub fn phase(&self, pos: &Position) -> f32 {
        pos.occupied().count().min(self.full_board) as f32 / self.full_board as f32
    }
}

/// Free forward steps of `c`'s men on `geo`'s board, and those of its men one
/// rank from crowning, counted in the word `W` (which must hold the board).
/// The learned features and the hand-written terms both count them; a board's
/// face (turned or not) changes only its names, so either geometry serves.
#[inline(always)]
pub(crate) fn men_steps<W: Word>(geo: &Geometry, pos: &Position, c: Color) -> (i32, i32) {
    let valid = W::narrow(geo.valid);
    let empty = valid & !W::narrow(pos.occupied().0);
    let men = W::narrow(pos.men(c).0);
    // A man's forward steps (White up, Black down).
    let forward = |men: W| match c {
        Color::White => (men.step(0) & valid, men.step(1) & valid),
        Color::Black => (men.step(2) & valid, men.step(3) & valid),
    };
    let (a, b) = forward(men);
    let mobility = (a & empty).count_ones() + (b & empty).count_ones();
    let (ra, rb) = forward(men & W::narrow(geo.row_before_promotion(c)));
    let runaway = ((ra | rb) & empty).count_ones();
    (mobility as i32, runaway as i32)
}

/// The square a square turns into when `geo`'s board turns 180°.
pub fn rotate(geo: &Geometry, sq: Square) -> Square {
    let last = geo.size - 1;
    geo.square_at(last - sq.file(), last - sq.rank())
        .expect("a dark square turns into a dark square")
}

/// One position's features with their values, White's view, and its phase.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    /// (feature, value) pairs; a feature may appear more than once.
    pub entries: Vec<(u32, f32)>,
    /// Weight of the opening values, 0 to 1 (the endgame's is `1 - phase`).
    pub phase: f32,
}

/// The features of `pos` on `layout`'s board, from White's view.
pub fn features(pos: &Position, layout: &Layout) -> Features {
    if layout.geo.size > 10 {
        features_in::<u128>(pos, layout)
    } else {
        features_in::<u64>(pos, layout)
    }
}

/// [`features`] in the word `W`, which must hold the board.
fn features_in<W: Word>(pos: &Position, layout: &Layout) -> Features {
    let wm = W::narrow(pos.men(Color::White).0);
    let bm = W::narrow(pos.men(Color::Black).0);
    let regions = layout.regions;
    let mut entries = Vec::with_capacity(2 * regions + 12);
    for r in 0..regions {
        entries.push(((r * CONFIGS + config(wm, bm, layout.shift(r))) as u32, 1.0));
        // The flipped board's window r is this board's last window but r, mirrored.
        let flipped = mirror_config(config(wm, bm, layout.shift(regions - 1 - r)));
        entries.push(((r * CONFIGS + flipped) as u32, -1.0));
    }
    for sq in pos.kings(Color::White).iter() {
        entries.push((layout.king_feature(sq) as u32, 1.0));
    }
    for sq in pos.kings(Color::Black).iter() {
        entries.push((layout.king_feature(rotate(&layout.geo, sq)) as u32, -1.0));
    }
    let men = wm.count_ones() as f32 - bm.count_ones() as f32;
    entries.push((layout.men as u32, men));
    let tempo = if pos.side_to_move() == Color::White {
        1.0
    } else {
        -1.0
    };
    entries.push((layout.tempo as u32, tempo));
    let (wmob, wrun) = men_steps::<W>(&layout.geo, pos, Color::White);
    let (bmob, brun) = men_steps::<W>(&layout.geo, pos, Color::Black);
    entries.push((layout.mobility as u32, (wmob - bmob) as f32));
    entries.push((layout.runaway as u32, (wrun - brun) as f32));
    let (own, twin) = layout.material_of(pos);
    if own != twin {
        entries.push(((layout.material + own) as u32, 1.0));
        entries.push(((layout.material + twin) as u32, -1.0));
    }
    Features {
        entries,
        phase: layout.phase(pos),
    }
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
    // The later settings only where they are not the default, so that the
    // weights of the rulesets before them still fit.
    let mut text = text;
    if !rules.men_take_kings {
        text.push_str("|men do not take kings");
    }
    if rules.captures_removed != crate::rules::CapturesRemoved::AtEnd {
        text.push_str("|pieces taken leave at once");
    }
    if !rules.capture_precedence.is_empty() {
        text.push_str(&format!("|{:?}", rules.capture_precedence));
    }
    fnv(text.as_bytes())
}

/// FNV-1a, 64 bits: a stable hash for fingerprints and checksums.
pub fn fnv(bytes: &[u8]) -> u64 {
    fnv_on(0xcbf2_9ce4_8422_2325, bytes)
}

/// [`fnv`] of what was hashed into `h` followed by `bytes`: a hash of data
/// that comes in parts.
pub fn fnv_on(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Weights in hundredths of a man, ready to evaluate: each window's table already
/// holds its own weight minus its flipped twin's, so a position costs one lookup
/// a window.
#[derive(Clone)]
pub struct Learned {
    layout: Layout,
    /// Each window's first bit ([`Layout::shift`]).
    shifts: Vec<usize>,
    /// `[window][arrangement]` → (opening, endgame).
    windows: Vec<[i32; 2]>,
    /// King square (bit index) → (opening, endgame), White's kings; Black's are negated
    /// and turned.
    white_kings: [[i32; 2]; 128],
    black_kings: [[i32; 2]; 128],
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
    /// Ready-to-use tables from the raw weights of `geo`'s board (a pair for
    /// each of its [`Layout::features`], hundredths of a man).
    pub fn new(weights: &[[i16; 2]], geo: &Geometry) -> Learned {
        let layout = Layout::of(geo);
        assert_eq!(weights.len(), layout.features, "a weight for every feature");
        let regions = layout.regions;
        let w = |f: usize| [weights[f][0] as i32, weights[f][1] as i32];
        let mut windows = vec![[0i32; 2]; regions * CONFIGS];
        for r in 0..regions {
            for c in 0..CONFIGS {
                let own = w(r * CONFIGS + c);
                let twin = w((regions - 1 - r) * CONFIGS + mirror_config(c));
                windows[r * CONFIGS + c] = [own[0] - twin[0], own[1] - twin[1]];
            }
        }
        let mut white_kings = [[0i32; 2]; 128];
        let mut black_kings = [[0i32; 2]; 128];
        for sq in geo.all() {
            white_kings[sq.bit() as usize] = w(layout.king_feature(sq));
            let k = w(layout.king_feature(rotate(geo, sq)));
            black_kings[sq.bit() as usize] = [-k[0], -k[1]];
        }
        let n = layout.max_count + 1;
        let material = (0..layout.material_cells())
            .map(|cell| {
                let (wm, wk, bm, bk) = (cell / n / n / n, cell / n / n % n, cell / n % n, cell % n);
                let (_, twin) =
                    layout.material_cells_of(wm as u32, wk as u32, bm as u32, bk as u32);
                let (a, b) = (w(layout.material + cell), w(layout.material + twin));
                [a[0] - b[0], a[1] - b[1]]
            })
            .collect();
        Learned {
            layout,
            shifts: (0..regions).map(|r| layout.shift(r)).collect(),
            windows,
            material,
            white_kings,
            black_kings,
            men: w(layout.men),
            tempo: w(layout.tempo),
            mobility: w(layout.mobility),
            runaway: w(layout.runaway),
        }
    }

    /// The score of `pos` for White, in hundredths of a man.
    #[inline]
    pub fn white_score(&self, pos: &Position) -> i32 {
        if self.layout.geo.size > 10 {
            self.white_score_in::<u128>(pos)
        } else {
            self.white_score_in::<u64>(pos)
        }
    }

    /// [`Learned::white_score`] in the word `W`, which must hold the board.
    #[inline(always)]
    fn white_score_in<W: Word>(&self, pos: &Position) -> i32 {
        let wm = W::narrow(pos.men(Color::White).0);
        let bm = W::narrow(pos.men(Color::Black).0);
        let mut acc = [0i32; 2];
        for (r, &shift) in self.shifts.iter().enumerate() {
            let t = self.windows[r * CONFIGS + config(wm, bm, shift)];
            acc[0] += t[0];
            acc[1] += t[1];
        }
        let mut add = |t: [i32; 2], n: i32| {
            acc[0] += t[0] * n;
            acc[1] += t[1] * n;
        };
        let mut kings = W::narrow(pos.kings(Color::White).0);
        while !kings.is_zero() {
            add(self.white_kings[kings.trailing_zeros() as usize & 127], 1);
            kings = kings.clear_lowest();
        }
        let mut kings = W::narrow(pos.kings(Color::Black).0);
        while !kings.is_zero() {
            add(self.black_kings[kings.trailing_zeros() as usize & 127], 1);
            kings = kings.clear_lowest();
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
        let layout = &self.layout;
        let (wmob, wrun) = men_steps::<W>(&layout.geo, pos, Color::White);
        let (bmob, brun) = men_steps::<W>(&layout.geo, pos, Color::Black);
        add(self.mobility, wmob - bmob);
        add(self.runaway, wrun - brun);
        add(self.material[layout.material_of(pos).0], 1);
        let full = layout.full_board as i32;
        let n = (pos.occupied().count() as i32).min(full);
        (acc[0] * n + acc[1] * (full - n)) / full
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    #[test]
    fn a_window_gathers_its_eight_squares_on_either_board() {
        for geo in BOARDS {
            let layout = Layout::of(&geo);
            for r in 0..layout.regions {
                let (i, j) = (r / layout.side, r % layout.side);
                let mut k = 0;
                for rank in 2 * i..2 * i + 4 {
                    for file in 2 * j..2 * j + 4 {
                        if let Some(sq) = geo.square_at(file as u8, rank as u8) {
                            assert_eq!(
                                window_bits(sq.mask(), layout.shift(r)),
                                1 << k,
                                "{0}×{0} window {r} square {k}",
                                geo.size
                            );
                            k += 1;
                        }
                    }
                }
                assert_eq!(k, 8);
            }
        }
    }

    #[test]
    fn the_8x8_layout_is_the_one_weights_files_were_written_for() {
        // Built-in and users' 8×8 files index features this way; moving one is a new file format.
        assert_eq!(LAYOUT_8.regions, 9);
        assert_eq!(LAYOUT_8.king_squares, 9 * CONFIGS);
        assert_eq!(LAYOUT_8.men, 9 * CONFIGS + 32);
        assert_eq!(LAYOUT_8.material, 9 * CONFIGS + 36);
        assert_eq!(FEATURES, 9 * CONFIGS + 36 + 13usize.pow(4));
        assert_eq!(LAYOUT_8.full_board, 24);
        let ten = Layout::of(&crate::BOARD_10);
        assert_eq!((ten.regions, ten.max_count, ten.full_board), (16, 20, 40));
        assert_eq!(ten.features, 16 * CONFIGS + 54 + 21usize.pow(4));
        assert_eq!(Layout::for_features(ten.features, 5), Some(ten));
        let twelve = Layout::of(&crate::BOARD_12);
        assert_eq!(
            (twelve.regions, twelve.max_count, twelve.full_board),
            (25, 30, 60)
        );
        assert_eq!(twelve.features, 25 * CONFIGS + 76 + 31usize.pow(4));
        assert_eq!(Layout::for_features(twelve.features, 5), Some(twelve));
        assert_eq!(Layout::for_features(FEATURES_V2, 2), Some(LAYOUT_8));
        assert_eq!(Layout::for_features(FEATURES_V2, 3), None);
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_swaps_colours() {
        for c in 0..CONFIGS {
            assert_eq!(mirror_config(mirror_config(c)), c);
        }
        assert_eq!(mirror_config(1), 2 * 3usize.pow(7));
    }

    #[test]
    fn a_flipped_position_scores_the_opposite_on_either_board() {
        for (geo, texts) in [
            (
                crate::BOARD_8,
                [
                    "W:W21,22,23,25,K30:B1,2,5,9,K14",
                    "B:W18,19,24,27,28,31,32:B3,6,7,10,11,K26",
                ],
            ),
            (
                crate::BOARD_10,
                [
                    "W:W31,32,33,36,38,41,K45,K50:B1,4,7,12,13,17,K24",
                    "B:W27,28,32,33,37,38,39,42,46:B2,3,8,9,13,14,19,20,K44",
                ],
            ),
            (
                crate::BOARD_12,
                [
                    "W:W43,44,46,49,55,61,K60,K67,K3:B1,5,9,14,20,26,K30,K71",
                    "B:W37,38,40,45,47,52,58,64,70:B2,3,8,10,15,21,27,K12,K66",
                ],
            ),
        ] {
            let layout = Layout::of(&geo);
            let mut weights = vec![[0i16; 2]; layout.features];
            let mut state = 7u64;
            for w in weights.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *w = [(state >> 40) as i16 % 50, (state >> 20) as i16 % 50];
            }
            let learned = Learned::new(&weights, &geo);
            for text in texts {
                let pos = fen::parse(text, &geo).unwrap();
                let flip = |set: u128| -> u128 {
                    crate::Bitboard(set)
                        .iter()
                        .map(|s| rotate(&geo, s).mask())
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
                let f = features(&pos, &layout);
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
}
