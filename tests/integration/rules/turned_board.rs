//! The board's face: turned (Italian, Spanish, Portuguese: the corner square
//! at each player's right is dark) and numbered from another corner (Spanish,
//! Portuguese, Thai), as the players see and write it.

use super::*;
use checkers::rules::builtin::{ITALIAN, PORTUGUESE, SPANISH, THAI};
use checkers::{Corner, Face};

/// The built-in `id` with its own face (the module's `rules` has the usual one).
fn rules(id: &str) -> Ruleset {
    Ruleset::builtin(id).expect("a built-in variant")
}

/// The start position's moves as the variant writes them, sorted by number.
fn first_moves(id: &str) -> Vec<String> {
    let r = rules(id);
    let mut v: Vec<String> = legal_moves(&Position::start(&r), &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    v.sort_by_key(|t| {
        t.split('-')
            .map(|n| n.parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    });
    v
}

/// Where square `n` is as the players see it: its algebraic name.
fn seen(id: &str, n: u8) -> String {
    let geo = *rules(id).geometry();
    geo.name(geo.square(n).expect("a square of the board"))
}

#[test]
fn italian_spanish_and_portuguese_are_played_on_the_turned_board() {
    for id in [ITALIAN, SPANISH, PORTUGUESE] {
        let geo = *rules(id).geometry();
        assert!(geo.face.turned, "{id}");
        // a1 is light, h1 (the corner at White's right) dark.
        assert_eq!(geo.seen_at(0, 0), None, "{id}");
        assert!(geo.seen_at(7, 0).is_some(), "{id}");
        assert!(geo.square_named("a1").is_none(), "{id}");
        assert!(geo.square_named("h1").is_some(), "{id}");
        // Every square's name and number read back.
        for n in 1..=32 {
            let sq = geo.square(n).unwrap();
            assert_eq!(geo.number(sq), Some(n), "{id}");
            assert_eq!(geo.square_named(&geo.name(sq)), Some(sq), "{id}");
        }
    }
    for id in [THAI, "english", "czech", "pool"] {
        assert!(!rules(id).geometry().face.turned, "{id}");
    }
}

#[test]
fn italian_squares_are_numbered_from_the_top_left_of_the_turned_board() {
    assert_eq!(
        rules(ITALIAN).geometry().face,
        Face {
            turned: true,
            first: Corner::TopLeft
        }
    );
    let names: Vec<String> = [1, 2, 4, 5, 21, 29, 32]
        .iter()
        .map(|&n| seen(ITALIAN, n))
        .collect();
    assert_eq!(names, ["a8", "c8", "g8", "b7", "b3", "b1", "h1"]);
    // White's men on 21-32 (FID art. 2.6), their first moves as players write them.
    assert_eq!(
        first_moves(ITALIAN),
        ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
    );
}

#[test]
fn spanish_and_portuguese_squares_are_numbered_from_whites_right_hand_corner() {
    for id in [SPANISH, PORTUGUESE] {
        assert_eq!(rules(id).geometry().face.first, Corner::BottomRight);
        let names: Vec<String> = [1, 2, 4, 5, 12, 32].iter().map(|&n| seen(id, n)).collect();
        assert_eq!(names, ["h1", "f1", "b1", "g2", "b3", "a8"], "{id}");
        // White on 1-12, and the long diagonal runs from 1 to 32.
        assert_eq!(
            first_moves(id),
            ["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"],
            "{id}"
        );
    }
}

#[test]
fn thai_squares_are_numbered_from_whites_right_hand_corner() {
    assert_eq!(
        rules(THAI).geometry().face,
        Face {
            turned: false,
            first: Corner::BottomRight
        }
    );
    let names: Vec<String> = [1, 4, 5, 25, 29, 32]
        .iter()
        .map(|&n| seen(THAI, n))
        .collect();
    assert_eq!(names, ["g1", "a1", "h2", "g7", "h8", "b8"]);
    // Black moves first, from its front row 25-28.
    assert_eq!(
        first_moves(THAI),
        ["25-21", "25-22", "26-22", "26-23", "27-23", "27-24", "28-24"]
    );
}

#[test]
fn thai_captures_are_written_with_a_dash_and_read_either_way() {
    let r = rules(THAI);
    // Black's man on f6 takes e5 and c3, landing on d4 and b2.
    let pos = fen::parse("B:W1,11,18:B22,30", r.geometry()).unwrap();
    let legal = legal_moves(&pos, &r);
    assert_eq!(legal.len(), 1);
    assert_eq!(notation::write(&legal[0], &r.notation), "22-15-8");
    assert_eq!(notation::write_short(&legal[0], &pos, &r), "22-8");
    for text in ["22-15-8", "22x15x8", "22-8", "22x8", "f6-d4-b2"] {
        let m = notation::parse_move(text, &pos, &r).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m, legal[0], "{text}");
    }
}

#[test]
fn a_turned_board_reads_and_writes_its_own_numbers_in_moves_and_fens() {
    let r = rules(ITALIAN);
    let mut game = Game::new(r.clone());
    play(&mut game, "21-17");
    play(&mut game, "12-16");
    let text = fen::write(game.position(), r.geometry(), SquareNotation::Numeric);
    assert_eq!(
        text,
        "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,16"
    );
    assert_eq!(
        fen::parse(&text, r.geometry()).as_ref(),
        Ok(game.position())
    );
    // The same squares named as the players see them: 21 is b3, 17 is a4.
    let mut named = Game::new(r);
    play(&mut named, "b3-a4");
    assert_eq!(named.position().pieces(Color::White).count(), 12);
    assert_eq!(
        fen::write(
            named.position(),
            named.rules().geometry(),
            SquareNotation::Numeric
        ),
        "B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}
