//! Random positions for the property tests, biased towards captures.
//!
//! Every dark square of a board (8×8 or 10×10) gets a random content, with weights
//! chosen per "regime": a crowded board of men (long chains of men's captures), a
//! busy board with many kings, and an open board of a few kings (long flying
//! captures). Then the position is made legal: a man on its own crowning row
//! (White's last rank, Black's rank 1) becomes a king, and a side with more pieces
//! than the board's start gives it (12 on 8×8, 20 on 10×10) loses the extra ones.
//! Shrinking moves squares towards empty, so a failure shrinks to a small board.
//!
//! [`position`] is an 8×8 position, as it always was; [`variant_and_position`] puts
//! each variant on its own board.

#![allow(dead_code)]

use checkers::{fen, Color, Geometry, Position, Ruleset};
use proptest::prelude::*;

/// What stands on one square of a generated board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    WhiteMan,
    BlackMan,
    WhiteKing,
    BlackKing,
}

/// One square's content with the given weights.
fn cell(empty: u32, men: [u32; 2], kings: [u32; 2]) -> impl Strategy<Value = Cell> {
    prop_oneof![
        empty => Just(Cell::Empty),
        men[0] => Just(Cell::WhiteMan),
        men[1] => Just(Cell::BlackMan),
        kings[0] => Just(Cell::WhiteKing),
        kings[1] => Just(Cell::BlackKing),
    ]
}

/// A cell for each square of `geo` with the same weights everywhere: (empty, men of
/// each side, kings of each side).
fn uniform(geo: &Geometry, empty: u32, men: u32, kings: u32) -> impl Strategy<Value = Vec<Cell>> {
    prop::collection::vec(cell(empty, [men; 2], [kings; 2]), geo.squares() as usize)
}

/// A lattice that invites long chains of captures: the victims (the colour that is
/// not `attacker`) mostly on every other rank, the attackers and the empty landing
/// squares on the ranks between.
fn lattice(geo: &Geometry, attacker: Color) -> Vec<impl Strategy<Value = Cell>> {
    let pick = |mine: u32, theirs: u32| match attacker {
        Color::White => [mine, theirs],
        Color::Black => [theirs, mine],
    };
    geo.all()
        .map(|sq| {
            // White attacks upwards, so its victims stand on ranks 2, 4, 6, … (index 1, 3, 5, …).
            let victim_rank = (sq.rank() % 2 == 1) == (attacker == Color::White);
            if victim_rank {
                cell(45, pick(4, 35), pick(4, 12))
            } else {
                cell(85, pick(7, 2), pick(5, 1))
            }
        })
        .collect()
}

/// A cell for each square of `geo` in number order (index 0 is square 1) under one
/// of the regimes.
pub fn cells(geo: &Geometry) -> impl Strategy<Value = Vec<Cell>> {
    prop_oneof![
        // Crowded: mostly men, a few kings.
        3 => uniform(geo, 8, 10, 2),
        // Busy with kings.
        3 => uniform(geo, 10, 5, 5),
        // Open board, a few pieces, mostly kings: long diagonals for flying kings.
        2 => uniform(geo, 24, 2, 4),
        // A handful of pieces.
        1 => uniform(geo, 40, 3, 3),
        // Long chains of captures for either side.
        1 => lattice(geo, Color::White),
        1 => lattice(geo, Color::Black),
    ]
}

/// The FEN on `geo` of `cells` with `side` to move, after making it legal (see the
/// module doc).
pub fn fen_of(cells: &[Cell], side: Color, geo: &Geometry) -> String {
    assert_eq!(
        cells.len(),
        geo.squares() as usize,
        "a cell for each square"
    );
    let last_rank = geo.size - 1;
    let most = geo.most_men() as usize;
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let n = i as u8 + 1;
        let sq = geo.square(n).expect("a cell for each square");
        let (list, king) = match c {
            Cell::Empty => continue,
            // White men are crowned on the last rank, Black men on rank 1.
            Cell::WhiteMan => (&mut white, sq.rank() == last_rank),
            Cell::BlackMan => (&mut black, sq.rank() == 0),
            Cell::WhiteKing => (&mut white, true),
            Cell::BlackKing => (&mut black, true),
        };
        if list.len() < most {
            list.push(format!("{}{n}", if king { "K" } else { "" }));
        }
    }
    format!(
        "{}:W{}:B{}",
        side.letter(),
        white.join(","),
        black.join(",")
    )
}

/// A random legal position on the 8×8 board (see the module doc).
pub fn position() -> impl Strategy<Value = Position> {
    position_on(checkers::BOARD_8)
}

/// A random legal position on the board `geo` (see the module doc).
pub fn position_on(geo: Geometry) -> impl Strategy<Value = Position> {
    (cells(&geo), any::<bool>()).prop_map(move |(cells, white)| {
        let side = if white { Color::White } else { Color::Black };
        let f = fen_of(&cells, side, &geo);
        fen::parse(&f, &geo).unwrap_or_else(|e| panic!("generated FEN {f} refused: {e}"))
    })
}

/// A random built-in variant id.
pub fn variant() -> impl Strategy<Value = &'static str> {
    prop::sample::select(Ruleset::builtin_ids().collect::<Vec<_>>())
}

/// A random built-in variant and a random legal position on its board.
pub fn variant_and_position() -> impl Strategy<Value = (&'static str, Position)> {
    variant().prop_flat_map(|v| (Just(v), position_on(*super::builtin(v).geometry())))
}
