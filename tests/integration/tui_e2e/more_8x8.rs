//! The six later 8×8 variants played in a real terminal at 80×24: each board
//! drawn as its players set it (turned for Italian, Spanish and Portuguese)
//! and numbered as they number it, and a move typed by each side.

use super::board_screen::*;
use super::*;

/// One variant: its id, the name in the panel, whether White is at the bottom
/// (the side that moves first is), the file letters left to right, the empty
/// squares whose numbers must be drawn left to right along one row (the fourth
/// from the top), and a move for each side.
struct Case {
    id: &'static str,
    title: &'static str,
    files: &'static str,
    row: [u32; 4],
    moves: [&'static str; 2],
}

const CASES: [Case; 6] = [
    // The turned board: a1 light; 1 at the top left (a8), 13-16 on rank 5
    // from b5 to h5.
    Case {
        id: "italian",
        title: "Italian draughts",
        files: "abcdefgh",
        row: [13, 14, 15, 16],
        moves: ["21-17", "12-16"],
    },
    Case {
        id: "czech",
        title: "Czech draughts",
        files: "abcdefgh",
        row: [13, 14, 15, 16],
        moves: ["c3-d4", "f6-g5"],
    },
    // Numbered from White's right-hand corner: on rank 5, 20 at b5 … 17 at h5.
    Case {
        id: "spanish",
        title: "Spanish draughts",
        files: "abcdefgh",
        row: [20, 19, 18, 17],
        moves: ["10-14", "22-18"],
    },
    Case {
        id: "portuguese",
        title: "Portuguese draughts",
        files: "abcdefgh",
        row: [20, 19, 18, 17],
        moves: ["10-14", "22-18"],
    },
    // Black moves first and is drawn at the bottom: files h to a.
    Case {
        id: "pool",
        title: "American pool checkers",
        files: "hgfedcba",
        row: [20, 19, 18, 17],
        moves: ["11-15", "23-19"],
    },
    // Black at the bottom; numbered from White's right-hand corner (g1 = 1),
    // so rank 4, the fourth row from the top here, reads 13 at h4 … 16 at b4.
    Case {
        id: "thai",
        title: "Thai draughts",
        files: "hgfedcba",
        row: [13, 14, 15, 16],
        moves: ["25-21", "6-10"],
    },
];

#[test]
fn the_later_8x8_variants_are_drawn_as_their_players_set_them_and_take_typed_moves() {
    for c in &CASES {
        let mut s = Session::start_with(&["play", "--variant", c.id], (80, 24), &[]);
        s.wait_for(&[c.title, "to move"]);
        settle(&mut s);
        if c.id == "czech" {
            // Written in algebraic squares, it shows numbers on request.
            s.send(b"n");
            s.wait_for(&["13"]);
            settle(&mut s);
        }
        let b = board(&s, c.title, 8);
        assert_eq!(b.files, c.files, "{}:\n{}", c.id, s.contents());
        // The numbers of an empty row, in order left to right on one line.
        let at: Vec<(usize, usize)> = c
            .row
            .iter()
            .map(|&n| number_at(&s, c.title, 8, n))
            .collect();
        assert!(
            at.windows(2).all(|w| w[0].1 == w[1].1 && w[0].0 < w[1].0),
            "{}: {:?} at {at:?}:\n{}",
            c.id,
            c.row,
            s.contents()
        );
        // Where that row starts says which corner is dark: on the turned
        // board (and on the flipped ones) its first square is the second file.
        let first_col = (at[0].0 - b.x) / b.square_w;
        let turned = matches!(c.id, "italian" | "spanish" | "portuguese");
        let flipped = c.files.starts_with('h');
        let row_from_top = (at[0].1 - b.y) / b.square_h;
        let rank = if flipped {
            row_from_top
        } else {
            7 - row_from_top
        };
        let file = if flipped { 7 - first_col } else { first_col };
        assert_eq!(
            (file + rank) % 2 == 1,
            turned,
            "{}: file {file}, rank {rank}",
            c.id
        );
        s.send(format!(":{}\r", c.moves[0]).as_bytes());
        s.wait_for(&[&format!("1. {}", c.moves[0])]);
        s.send(format!(":{}\r", c.moves[1]).as_bytes());
        // The move list: "1. 21-17     12-16".
        s.wait_for(&[&format!("1. {}", c.moves[0]), c.moves[1]]);
        s.quit();
        s.assert_restored();
    }
}
