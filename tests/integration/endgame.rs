//! The endgame tables as a player meets them: exact values for the endings
//! every draughts player knows, and a search that plays them out.

use checkers::ai::endgame::{Tables, Value};
use checkers::ai::{Engine, Limits, Past, MATE_BOUND};
use checkers::lab::tables::{build, prepare, shared};
use checkers::rules::builtin::{BRAZILIAN, CANADIAN, DAMMEN64, ENGLISH, INTERNATIONAL, RUSSIAN};
use checkers::{fen, Game, Position, Ruleset};
use std::sync::atomic::AtomicBool;

fn tables(variant: &str, pieces: u32) -> (Ruleset, Tables) {
    let rules = Ruleset::builtin(variant).unwrap();
    let t = build(&rules, pieces, &mut |_| {});
    (rules, t)
}

fn value(t: &Tables, fen_text: &str) -> Value {
    t.probe(&fen::parse(fen_text, &checkers::BOARD_8).unwrap())
        .expect("few enough pieces")
}

/// Where kings fly, three kings beat a lone king only while it is off the long
/// diagonal a1–h8 (the main road): from it, it can never be caught.
#[test]
fn three_kings_beat_one_off_the_main_road_and_draw_against_one_on_it() {
    for variant in [BRAZILIAN, RUSSIAN] {
        let (_, t) = tables(variant, 4);
        // White to move takes the main road first (c1-b2) and wins.
        assert!(
            matches!(value(&t, "W:WKc1,Ke3,Kg1:BKf8"), Value::Win(_)),
            "{variant}"
        );
        // Black to move takes it first (f8-g7).
        assert_eq!(value(&t, "B:WKc1,Ke3,Kg1:BKf8"), Value::Draw, "{variant}");
        assert_eq!(value(&t, "W:WKc1,Ke3,Kg1:BKh8"), Value::Draw, "{variant}");
    }
}

/// Where kings are short, two kings beat one; where they fly and capture from
/// afar, they cannot catch one in the middle of the main road; one king
/// against one is a draw everywhere.
#[test]
fn two_short_kings_beat_one_and_a_king_against_a_king_draws() {
    for variant in [ENGLISH, DAMMEN64] {
        let (_, t) = tables(variant, 3);
        assert!(
            matches!(value(&t, "W:WK18,K19:BK5"), Value::Win(_)),
            "{variant}"
        );
        assert!(
            matches!(value(&t, "B:WK18,K19:BK5"), Value::Loss(_)),
            "{variant}"
        );
    }
    // The tables know the 8×8 board.
    for variant in Ruleset::builtin_ids().filter(|&v| v != INTERNATIONAL && v != CANADIAN) {
        let (_, t) = tables(variant, 2);
        assert_eq!(value(&t, "W:WK18:BK5"), Value::Draw, "{variant}");
    }
    for variant in [BRAZILIAN, RUSSIAN] {
        let (_, t) = tables(variant, 3);
        // The lone king on d4, in the middle of the main road.
        assert_eq!(value(&t, "W:WK1,K2:BK18"), Value::Draw, "{variant}");
    }
}

/// A side that cannot move has lost: a man blocked by the edge and a man.
#[test]
fn a_side_without_a_move_has_lost_in_the_tables() {
    let (_, t) = tables(ENGLISH, 3);
    // White's man on a1 (29) is blocked by Black's man on b2 (25), which cannot
    // be taken while c3 (22) behind it is held.
    let pos = fen::parse("W:W29:B25,22", &checkers::BOARD_8).unwrap();
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    assert!(checkers::legal_moves(&pos, &rules).is_empty());
    assert_eq!(t.probe(&pos), Some(Value::Loss(0)));
}

/// The tables know the 10×10 and 12×12 boards: a king that must take the
/// other's last piece wins at once, a king against a king mostly draws, and
/// a man blocked by the corner and two men has lost.
#[test]
fn the_tables_know_the_10x10_and_12x12_boards() {
    for (variant, geo, turned) in [
        (INTERNATIONAL, checkers::BOARD_10, "B:Wi9,h8:Bj10"),
        (CANADIAN, checkers::BOARD_12, "B:Wk11,j10:Bl12"),
    ] {
        let (rules, t) = tables(variant, 3);
        let v = |text: &str| {
            let pos = fen::parse(text, &geo).unwrap();
            t.probe(&pos).expect("few enough pieces")
        };
        assert_eq!(v("W:WKa1:BKc3"), Value::Win(1), "{variant}");
        // A king against a king: only a king caught at once, or forced onto
        // the other's line, is lost.
        let n = geo.squares();
        let mut draws = 0;
        for a in 1..=n {
            for b in (1..=n).filter(|&b| b != a) {
                draws += (v(&format!("W:WK{a}:BK{b}")) == Value::Draw) as u32;
            }
        }
        assert!(draws * 10 > n * (n - 1) * 7, "{variant}: {draws} draws");
        let blocked = fen::parse("W:Wa1:Bb2,c3", &geo).unwrap();
        assert!(checkers::legal_moves(&blocked, &rules).is_empty());
        assert_eq!(t.probe(&blocked), Some(Value::Loss(0)), "{variant}");
        // Turned for Black: the same cell.
        assert_eq!(v(turned), Value::Loss(0), "{variant}");
    }
}

/// The search with the tables scores a table win as a forced win and plays it
/// to the end in as many plies as the tables say, against the longest defence.
#[test]
fn the_search_plays_a_table_win_to_its_end_in_the_tables_distance() {
    let (rules, t) = tables(BRAZILIAN, 4);
    let start = "W:WKc1,Ke3,Kg1:BKf8";
    let Value::Win(plies) = value(&t, start) else {
        panic!("a win");
    };
    let mut engine = Engine::new(&rules, 4);
    engine.attach_tables(std::sync::Arc::new(t));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(4),
        ..Default::default()
    };
    let mut game = Game::from_position(
        rules.clone(),
        fen::parse(start, &checkers::BOARD_8).unwrap(),
    );
    while game.outcome().is_none() {
        let r = engine.search(
            game.position(),
            &Past::of(&game),
            limits,
            &stop,
            &mut |_| {},
        );
        if game.moves().len() == 0 {
            assert!(r.info.score >= MATE_BOUND, "a forced win: {}", r.info.score);
        }
        game.play(&r.best.expect("a move")).unwrap();
        assert!(
            game.moves().len() <= plies as usize,
            "no longer than the tables say"
        );
    }
    assert_eq!(game.moves().len(), plies as usize);
    assert_eq!(
        game.outcome().map(|o| o.winner),
        Some(Some(checkers::Color::White))
    );
}

const THREE_KINGS: &str = "W:WKc1,Ke3,Kg1:BKf8";

/// `engine`'s score, six plies deep, of three kings against one in brazilian.
fn three_kings_score(engine: &mut Engine) -> i32 {
    let pos = fen::parse(THREE_KINGS, &checkers::BOARD_8).unwrap();
    let limits = Limits {
        depth: Some(6),
        ..Default::default()
    };
    let stop = AtomicBool::new(false);
    engine
        .search(&pos, &Past::default(), limits, &stop, &mut |_| {})
        .info
        .score
}

/// Switched off, the search knows only its evaluation: three kings against one
/// is good, not a forced win it can count.
#[test]
fn without_the_tables_the_search_sees_no_forced_win_in_three_kings_against_one() {
    let rules = Ruleset::builtin(BRAZILIAN).unwrap();
    let mut engine = Engine::new(&rules, 4);
    engine.attach_tables(shared(&rules));
    let with = three_kings_score(&mut engine);
    assert!(with >= MATE_BOUND, "{with}");
    let mut engine = Engine::new(&rules, 4);
    engine.attach_tables(shared(&rules));
    engine.options.endgame = false;
    let without = three_kings_score(&mut engine);
    assert!((1..MATE_BOUND).contains(&without), "{without}");
}

/// A search never builds tables: an engine that was given none searches on its
/// evaluation alone, and still has none after the search.
#[test]
fn an_engine_without_tables_attached_searches_without_them_and_builds_none() {
    let rules = Ruleset::builtin(BRAZILIAN).unwrap();
    let mut engine = Engine::new(&rules, 4);
    let score = three_kings_score(&mut engine);
    assert!((1..MATE_BOUND).contains(&score), "{score}");
    assert!(engine.tables().is_none());
    let pos = fen::parse(THREE_KINGS, &checkers::BOARD_8).unwrap();
    // The lab attaches them when the root is small enough, and only then.
    prepare(&mut engine, &Position::initial(rules.first_move));
    assert!(engine.tables().is_none(), "24 pieces: no tables yet");
    prepare(&mut engine, &pos);
    assert!(engine.tables().is_some());
}
