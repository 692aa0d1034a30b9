//! The rules common to all five variants.

use super::*;

#[test]
fn board_is_8x8_played_on_the_32_dark_squares_with_a1_dark() {
    assert!(checkers::BOARD_8.square_named("a1").is_some(), "a1 is dark");
    assert!(
        checkers::BOARD_8.square_named("b1").is_none(),
        "b1 is light"
    );
    assert!(checkers::BOARD_8.square_named("h8").is_some(), "h8 is dark");
    assert!(
        checkers::BOARD_8.square_named("a8").is_none(),
        "a8 is light"
    );
    assert!(
        checkers::BOARD_8.square_named("i1").is_none()
            && checkers::BOARD_8.square_named("a9").is_none()
    );
    assert_eq!(checkers::BOARD_8.all().count(), 32);
    for s in checkers::BOARD_8.all() {
        assert_eq!((s.file() + s.rank()) % 2, 0, "{s:?} is dark");
    }
    // The 8×8 variants; international's board: rules/international.rs.
    // Twelve men each on three rows; Thai's eight on two: more_8x8.rs.
    for id in builtins_where(|r| r.geometry().size == 8 && r.men_rows() == 3) {
        let start = *Game::new(rules(id)).position();
        assert_eq!(start.pieces(Color::White).count(), 12, "{id}");
        assert_eq!(start.pieces(Color::Black).count(), 12, "{id}");
        assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
    }
}

#[test]
fn white_starts_on_the_dark_squares_of_rows_1_to_3_and_black_on_rows_6_to_8() {
    for id in builtins_where(|r| r.geometry().size == 8 && r.men_rows() == 3) {
        let r = rules(id);
        let start = *Game::new(r.clone()).position();
        for s in checkers::BOARD_8.all() {
            let expected = match s.rank() {
                0..=2 => Some(checkers::Piece::Man(Color::White)),
                5..=7 => Some(checkers::Piece::Man(Color::Black)),
                _ => None,
            };
            assert_eq!(start.piece_at(s), expected, "{id}: {s:?}");
        }
        // In PDN numbers: Black on 1-12, White on 21-32.
        let side = r.first_move.letter();
        assert_eq!(
            start,
            fen::parse(&format!("{side}:W21-32:B1-12"), &checkers::BOARD_8).unwrap()
        );
    }
}

#[test]
fn pdn_square_numbers_run_from_1_b8_to_32_g1() {
    let names = [
        "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5", "e5",
        "g5", "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1",
        "e1", "g1",
    ];
    for (i, name) in names.iter().enumerate() {
        let n = i as u8 + 1;
        let s = checkers::BOARD_8.square(n).unwrap();
        assert_eq!(s.algebraic(), *name, "PDN {n}");
        assert_eq!(checkers::BOARD_8.number(s).unwrap(), n);
        assert_eq!(sq(name), s);
        assert_eq!(
            SquareNotation::Numeric.write(&checkers::BOARD_8, s),
            n.to_string(),
            "numeric notation of {name}"
        );
    }
    assert!(checkers::BOARD_8.square(0).is_none() && checkers::BOARD_8.square(33).is_none());
    // So Black starts on 1-12 and White on 21-32.
    let start = Position::initial(Color::White);
    let black: Vec<u8> = sorted_pdn(start.pieces(Color::Black));
    let white: Vec<u8> = sorted_pdn(start.pieces(Color::White));
    assert_eq!(black, (1..=12).collect::<Vec<u8>>());
    assert_eq!(white, (21..=32).collect::<Vec<u8>>());
}

fn sorted_pdn(b: checkers::Bitboard) -> Vec<u8> {
    let mut v: Vec<u8> = b
        .iter()
        .map(|s| checkers::BOARD_8.number(s).unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn a_man_moves_one_square_diagonally_forward_to_an_empty_square() {
    let diagram = "
        . . . . . . . .
        . . . . b . . .
        . . . . . b . .
        . . . . . . . .
        . . . w . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ";
    for id in Ruleset::builtin_ids() {
        // c3-d4 and e7-f6 are blocked by the side's own men; nothing goes backwards or sideways.
        assert_moves(
            id,
            &board(Color::White, diagram),
            &["c3-b4", "d4-c5", "d4-e5"],
        );
        assert_moves(
            id,
            &board(Color::Black, diagram),
            &["e7-d6", "f6-e5", "f6-g5"],
        );
    }
}

#[test]
fn capturing_is_mandatory() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . w .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        assert_moves(id, &pos, &["c3xe5 takes d4"]);
        assert_eq!(refusal(id, &pos, "g3-h4"), "a capture is mandatory", "{id}");
    }
}

#[test]
fn a_quiet_move_of_the_piece_that_must_capture_is_refused_as_mandatory() {
    // White's c3 must take d4; its step to b4, or onto d4, ignores the capture.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        w . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        assert_moves(id, &pos, &["c3xe5 takes d4"]);
        for text in ["c3-b4", "c3-d4", "a3-b4"] {
            assert_eq!(
                refusal(id, &pos, text),
                "a capture is mandatory",
                "{id}: {text}"
            );
        }
    }
}

#[test]
fn a_capture_that_can_go_on_must_go_on() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        assert_moves(id, &pos, &["c3xe5xg7 takes d4 f6"]);
        // Under the majority rule too: the rule broken is stopping early, not
        // choosing a shorter capture.
        let reason = refusal(id, &pos, "c3xe5");
        assert_eq!(
            reason, "a capture must go on until no further capture is possible",
            "{id}"
        );
    }
}

#[test]
fn no_piece_jumps_its_own_pieces() {
    // The king cannot jump its own man on c3 to reach e5, and neither can a man.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . . .
        . . . . . . . .
        . . w . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        assert_moves(id, &pos, &["a1-b2", "c3-b4", "c3-d4"]);
    }
    let men = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . w . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        assert_moves(id, &men, &["c3-b4", "d4-c5", "d4-e5"]);
    }
}

/// A king inside a ring of four pieces: it takes all four and stops on c3, where d4 would
/// be taken again if that were allowed (e5 is empty).
const RING: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . b . .
    . . W . . . . .
    . . . b . b . .
    . . . . . . . .
";

#[test]
fn jumped_pieces_block_and_cannot_be_jumped_twice() {
    // Not twice: after the ring c3-e5-g3-e1-c3 the king stands next to d4 again with e5
    // empty behind it, and must stop.
    let ring = board(Color::White, RING);
    for id in Ruleset::builtin_ids() {
        let list = legal_moves(&ring, &rules(id));
        assert!(!list.is_empty(), "{id}");
        for m in list.iter() {
            assert_eq!(m.capture_count(), 4, "{id}: {}", show(m));
            assert_eq!(m.path().len(), 5, "{id}: {}", show(m));
        }
    }
    // Block: a flying king takes c3, e5, g5 and f2 and lands on e1. Its way on to b4 runs
    // over c3, taken but still on the board, so the move ends there.
    let strike = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . b .
        . b . . . . . .
        . . b . . . . .
        . . . . . b . .
        W . . . . . . .
    ",
    );
    let long = "a1xd4xf6xh4xe1 takes c3 e5 f2 g5";
    assert_moves(RUSSIAN, &strike, &[long, "a1xd4xg1 takes c3 f2"]);
    assert_moves(GERMAN, &strike, &[long, "a1xd4xg1 takes c3 f2"]);
    assert_moves(BRAZILIAN, &strike, &[long]);
    // All the pieces taken leave the board together when the move is complete.
    // Thai's pieces leave as they are jumped: more_8x8.rs.
    for id in builtins_where(|r| {
        r.king_moves == KingMoves::AnyDistance
            && r.captures_removed == checkers::rules::CapturesRemoved::AtEnd
    }) {
        let r = rules(id);
        let m = notation::parse_move("a1xd4xf6xh4xe1", &strike, &r)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let after = strike.after(&m);
        assert_eq!(
            sorted_pdn(after.pieces(Color::Black)),
            vec![checkers::BOARD_8.number(sq("b4")).unwrap()]
        );
        assert_eq!(
            after.piece_at(sq("e1")),
            Some(checkers::Piece::King(Color::White))
        );
    }
}

#[test]
fn square_left_is_empty_for_the_rest_of_the_move() {
    // Ending on it: the short king goes round the ring and ends where it started.
    let ring = board(Color::White, RING);
    for id in [ENGLISH, DAMMEN64, GERMAN] {
        let list = legal_moves(&ring, &rules(id));
        assert_eq!(
            sorted(list.iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
        let after = ring.after(&list[0]);
        assert_eq!(
            after.piece_at(sq("c3")),
            Some(checkers::Piece::King(Color::White))
        );
        assert!(after.pieces(Color::Black).is_empty());
    }
    // Passing over it: the flying king's last jump, e5 to a1, runs over c3 where it started.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . W . . . . .
        . b . b . b . .
        . . . . . . . .
    ",
    );
    let long = "c3xe1xg3xe5xa1 takes b2 d2 f2 f4";
    assert_moves(RUSSIAN, &pos, &[long, "c3xa1 takes b2"]);
    assert_moves(GERMAN, &pos, &[long, "c3xa1 takes b2"]);
    assert_moves(BRAZILIAN, &pos, &[long]);
}

#[test]
fn flying_king_must_stop_where_capture_continues() {
    // After taking c3 the king may land on d4 to h8, but only from e5 can it take again.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in [RUSSIAN, BRAZILIAN] {
        assert_moves(id, &pos, &["a1xe5xg3 takes c3 f4", "a1xe5xh2 takes c3 f4"]);
        for stop in ["a1xd4", "a1xf6", "a1xg7", "a1xh8"] {
            assert!(
                notation::parse_move(stop, &pos, &rules(id)).is_err(),
                "{id}: {stop} stops where no further capture is possible"
            );
        }
    }
}

#[test]
fn flying_king_may_stop_on_any_square_beyond_when_no_capture_continues() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in [RUSSIAN, BRAZILIAN] {
        assert_moves(
            id,
            &pos,
            &[
                "a1xd4 takes c3",
                "a1xe5 takes c3",
                "a1xf6 takes c3",
                "a1xg7 takes c3",
                "a1xh8 takes c3",
            ],
        );
    }
}

#[test]
fn men_may_capture_kings() {
    let white_takes = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . B . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    let black_takes = board(
        Color::Black,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . W . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    // Italian men never take a king: more_8x8.rs.
    for id in builtins_where(|r| r.men_take_kings) {
        assert_moves(id, &white_takes, &["c3xe5 takes d4"]);
        assert_moves(id, &black_takes, &["f6xd4 takes e5"]);
    }
}

#[test]
fn same_start_end_and_captured_set_is_one_move() {
    // Round the ring clockwise or anticlockwise: the same start, end and pieces, one move.
    let ring = board(Color::White, RING);
    for id in [ENGLISH, DAMMEN64, GERMAN] {
        assert_eq!(
            sorted(legal_moves(&ring, &rules(id)).iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
    }
    // A flying king may also end on b4, a5 (one way round) or b2, a1 (the other way):
    // five moves, not six.
    for id in [RUSSIAN, BRAZILIAN] {
        assert_eq!(
            sorted(legal_moves(&ring, &rules(id)).iter().map(show_ends)),
            [
                "c3xa1 takes d2 d4 f2 f4",
                "c3xa5 takes d2 d4 f2 f4",
                "c3xb2 takes d2 d4 f2 f4",
                "c3xb4 takes d2 d4 f2 f4",
                "c3xc3 takes d2 d4 f2 f4",
            ],
            "{id}"
        );
    }
    // Men that capture backwards go round the ring too.
    let man_ring = board(Color::White, &RING.replace('W', "w"));
    for id in [RUSSIAN, BRAZILIAN] {
        assert_eq!(
            sorted(legal_moves(&man_ring, &rules(id)).iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
    }
}

#[test]
fn a_side_with_no_pieces_loses() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        let mut game = Game::from_position(rules(id), pos);
        assert_eq!(game.outcome(), None, "{id}");
        play(&mut game, "c3xe5");
        assert_eq!(
            game.outcome(),
            win(Color::White, OutcomeReason::NoPieces),
            "{id}"
        );
        let empty =
            Game::from_position(rules(id), fen::parse("W:W:B1", &checkers::BOARD_8).unwrap());
        assert_eq!(
            empty.outcome(),
            win(Color::Black, OutcomeReason::NoPieces),
            "{id}"
        );
    }
}

#[test]
fn a_side_with_no_legal_move_loses() {
    // After d2-c3 the black man on a5 can neither move to b4 nor take it (c3 is taken).
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        b . . . . . . .
        . w . . . . . .
        . . . . . . . .
        . . . w . . . .
        . . . . . . . .
    ",
    );
    for id in Ruleset::builtin_ids() {
        let mut game = Game::from_position(rules(id), pos);
        assert_eq!(game.outcome(), None, "{id}");
        play(&mut game, "d2-c3");
        assert_eq!(
            game.outcome(),
            win(Color::White, OutcomeReason::NoLegalMove),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
        assert!(matches!(game.play_text("a5-b4"), Err(PlayError::Over(_))));
    }
}

#[test]
fn a_player_may_resign() {
    for id in Ruleset::builtin_ids() {
        let mut game = Game::new(rules(id));
        let loser = game.position().side_to_move();
        game.resign(loser);
        assert_eq!(
            game.outcome(),
            win(loser.opposite(), OutcomeReason::Resignation),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
    }
}

#[test]
fn a_draw_may_be_agreed() {
    for id in Ruleset::builtin_ids() {
        let mut game = Game::new(rules(id));
        game.agree_draw();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: None,
                reason: OutcomeReason::Agreement
            }),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    for id in Ruleset::builtin_ids() {
        let mut game = quiet_game(id);
        assert_eq!(game.repetitions(), 1);
        for m in SHUFFLE {
            play(&mut game, m);
        }
        assert_eq!(game.repetitions(), 2, "{id}: back to the start once");
        assert_eq!(game.outcome(), None, "{id}");
        for m in &SHUFFLE[..3] {
            play(&mut game, m);
        }
        assert_eq!(game.outcome(), None, "{id}: not one ply early");
        play(&mut game, SHUFFLE[3]);
        assert_eq!(game.repetitions(), 3, "{id}");
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: None,
                reason: OutcomeReason::Repetition
            }),
            "{id}"
        );
    }
}
