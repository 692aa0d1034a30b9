//! The Hub opponent's move parser and session.

use super::*;

fn english() -> Ruleset {
    Ruleset::builtin(checkers::rules::builtin::ENGLISH).unwrap()
}

fn russian() -> Ruleset {
    Ruleset::builtin(checkers::rules::builtin::RUSSIAN).unwrap()
}

fn fen(text: &str) -> Position {
    checkers::fen::parse(text, &checkers::BOARD_8).unwrap()
}

#[test]
fn quiet_moves_and_captures_parse() {
    assert_eq!(
        parse_move("32-28", &checkers::BOARD_8),
        Ok(HubMove {
            squares: vec![32, 28],
            capture: false
        })
    );
    assert_eq!(
        parse_move("23x14x18", &checkers::BOARD_8).unwrap().squares,
        vec![23, 14, 18],
        "from, to, then captured"
    );
    assert_eq!(
        parse_move("9x18", &checkers::BOARD_8).unwrap().squares,
        vec![9, 18]
    );
}

#[test]
fn malformed_moves_are_refused_with_the_text() {
    for bad in [
        "", "32", "32-", "-28", "32-28-24", "32x28-24", "a1-b2", "3 2-28", "32--28",
    ] {
        let e = parse_move(bad, &checkers::BOARD_8).unwrap_err();
        assert!(e.contains(&format!("`{bad}`")), "{bad}: {e}");
    }
    let e = parse_move("33-28", &checkers::BOARD_8).unwrap_err();
    assert!(e.contains("33 is not a square"), "{e}");
    assert!(parse_move("0x5x9", &checkers::BOARD_8).is_err());
}

#[test]
fn a_quiet_move_resolves_by_its_squares() {
    let rules = english();
    let start = Position::initial(rules.first_move);
    // Black moves first in english: 9-13 is a legal opening move.
    let m = resolve(
        &start,
        &rules,
        &parse_move("9-13", &checkers::BOARD_8).unwrap(),
    )
    .unwrap();
    assert_eq!(
        (
            checkers::BOARD_8.number(m.from()).unwrap(),
            checkers::BOARD_8.number(m.to()).unwrap()
        ),
        (9, 13)
    );
    let e = resolve(
        &start,
        &rules,
        &parse_move("1-5", &checkers::BOARD_8).unwrap(),
    )
    .unwrap_err();
    assert!(e.contains("not a legal move"), "{e}");
}

#[test]
fn captured_squares_pick_the_move_in_any_order() {
    let rules = russian();
    // White man on 22 (c3), black men on 18 (d4), 10 (d6), 11 (f6): two
    // double captures end on different squares.
    let pos = fen("W:W22:B18,10,11");
    let a = resolve(
        &pos,
        &rules,
        &parse_move("22x6x10x18", &checkers::BOARD_8).unwrap(),
    )
    .unwrap();
    let b = resolve(
        &pos,
        &rules,
        &parse_move("22x6x18x10", &checkers::BOARD_8).unwrap(),
    )
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.capture_count(), 2);
    // The full path names the same move.
    let c = resolve(
        &pos,
        &rules,
        &parse_move("22x15x6", &checkers::BOARD_8).unwrap(),
    )
    .unwrap();
    assert_eq!(a, c);
    // From and to only: enough when one capture fits.
    let d = resolve(
        &pos,
        &rules,
        &parse_move("22x6", &checkers::BOARD_8).unwrap(),
    )
    .unwrap();
    assert_eq!(a, d);
    // A wrong captured set is not the move.
    assert!(resolve(
        &pos,
        &rules,
        &parse_move("22x6x11x18", &checkers::BOARD_8).unwrap()
    )
    .is_err());
}

#[test]
fn from_and_to_alone_are_ambiguous_when_two_captures_join_them() {
    let rules = russian();
    // Two captures between the same squares over different men: rare enough
    // that the test finds one in random games rather than in a diagram.
    let mut rng = Rng::new(7);
    let mut found = false;
    'games: for _ in 0..400 {
        let mut pos = Position::initial(rules.first_move);
        for _ in 0..120 {
            let legal = legal_moves(&pos, &rules);
            if legal.is_empty() {
                break;
            }
            for m in legal.iter() {
                let same = legal
                    .iter()
                    .filter(|o| o.from() == m.from() && o.to() == m.to())
                    .count();
                if same > 1 {
                    let hm = HubMove {
                        squares: vec![
                            checkers::BOARD_8.number(m.from()).unwrap(),
                            checkers::BOARD_8.number(m.to()).unwrap(),
                        ],
                        capture: true,
                    };
                    let e = resolve(&pos, &rules, &hm).unwrap_err();
                    assert!(e.contains("ambiguous"), "{e}");
                    // With the captured squares it is one move again.
                    let full =
                        parse_move(&hub_move(m, &checkers::BOARD_8), &checkers::BOARD_8).unwrap();
                    assert_eq!(resolve(&pos, &rules, &full), Ok(*m));
                    found = true;
                    break 'games;
                }
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            pos = pos.after(&m);
        }
    }
    assert!(
        found,
        "no position with two captures between the same squares"
    );
}

#[test]
fn every_legal_move_survives_the_round_trip_through_hub_text() {
    for rules in [english(), russian()] {
        let mut rng = Rng::new(3);
        let mut pos = Position::initial(rules.first_move);
        for _ in 0..80 {
            let legal = legal_moves(&pos, &rules);
            if legal.is_empty() {
                break;
            }
            for m in legal.iter() {
                let hm = parse_move(&hub_move(m, &checkers::BOARD_8), &checkers::BOARD_8).unwrap();
                assert_eq!(resolve(&pos, &rules, &hm), Ok(*m));
            }
            pos = pos.after(&legal[rng.below(legal.len() as u64) as usize]);
        }
    }
}

#[test]
fn positions_are_written_square_by_square() {
    let rules = english();
    let start = hub_pos(&Position::initial(rules.first_move), &checkers::BOARD_8);
    assert_eq!(
        start,
        format!("B{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12))
    );
    assert_eq!(hub_pos(&fen("W:WK1,32:B5,K28"), &checkers::BOARD_8), {
        let mut s = vec!['e'; 33];
        s[0] = 'W';
        s[1] = 'W';
        s[32] = 'w';
        s[5] = 'b';
        s[28] = 'B';
        s.into_iter().collect::<String>()
    });
}

#[test]
fn commands_split_like_a_shell() {
    assert_eq!(
        split_command("  /path/to/engine   hub ").unwrap(),
        ["/path/to/engine", "hub"]
    );
    assert_eq!(
        split_command(r#"'/my dir/scan' "a b" c\ d e"f"g"#).unwrap(),
        ["/my dir/scan", "a b", "c d", "efg"]
    );
    assert_eq!(split_command("x ''").unwrap(), ["x", ""]);
    assert!(split_command("   ").is_err());
    assert!(split_command("'open").is_err());
    assert!(split_command("\"open").is_err());
    assert!(split_command("trailing\\").is_err());
}

#[test]
fn the_answer_time_is_ten_move_times_and_five_seconds() {
    assert_eq!(
        answer_time(Duration::from_millis(100)),
        Duration::from_secs(6)
    );
}
