//! PDN: what we write reads back, lenient reading, and errors that say where; the
//! forms real files use (`forms`, on the hand-made files of `tests/pdn/`), the real
//! collections of `tests/data/pdn-corpus/` (`corpus`) and `checkers pdn check` (`cli`).

#[cfg(feature = "app")]
mod cli;
mod corpus;
mod forms;

use checkers::ai::{Level, Rng};
use checkers::lab::arena::{opening, play_game, Player};
use checkers::pdn::{read_games, replay, variant_of, write_game, Tags, WarningKind};
use checkers::rules::builtin::{BRAZILIAN, ENGLISH, RUSSIAN};
use checkers::{fen, Game, Ruleset};

#[test]
fn written_games_read_back_move_for_move_in_every_variant() {
    for variant in Ruleset::builtin_ids() {
        let rules = Ruleset::builtin(variant).unwrap();
        let mut rng = Rng::new(5);
        let p = Player::new(Level::get(2).unwrap());
        let mut text = String::new();
        let mut originals = Vec::new();
        for _ in 0..4 {
            let line = opening(&rules, 3, &mut rng);
            let game = play_game(&rules, &line, &p, &p, &mut rng);
            text.push_str(&write_game(&game, &Tags::default()));
            originals.push(game);
        }
        // A set-up start is written with SetUp and FEN and read back from them.
        let setup = fen::parse("B:W18,K30:B10,14", &checkers::BOARD_8).unwrap();
        let mut g = Game::from_position(rules.clone(), setup);
        let m = g.legal_moves()[0];
        g.play(&m).unwrap();
        text.push_str(&write_game(&g, &Tags::default()));
        originals.push(g);

        let games = read_games(&text).unwrap();
        assert_eq!(games.len(), originals.len(), "{variant}");
        for (read, original) in games.iter().zip(&originals) {
            assert_eq!(variant_of(read).map(|r| r.id), Some(variant.to_string()));
            assert!(
                read.tag("Variant").is_some(),
                "the Variant tag is always written"
            );
            assert_eq!(
                read.tag("GameType").map(str::to_string),
                rules.pdn_game_type.map(|n| n.to_string())
            );
            let replayed = replay(read, &rules).unwrap();
            let a: Vec<_> = replayed.moves().collect();
            let b: Vec<_> = original.moves().collect();
            assert_eq!(a, b, "{variant}");
        }
    }
}

#[test]
fn reading_is_lenient_as_the_standard_asks() {
    let text = "% a comment line\n[Event \"Casual\"]\n[GameType \"25\"]\n\n1. c3-d4 {a comment} f6-g5 (f6-e5 2. d4xf6) 2. d4-e5!? $3 d6xf4\n3...  ; a rest-of-line comment\n*\n[GameType \"21\"]\n1.11-15 23-19 2.8-11 1/2-1/2";
    let games = read_games(text).unwrap();
    assert_eq!(games.len(), 2);
    let moves: Vec<&str> = games[0].moves.iter().map(|(m, _, _)| m.as_str()).collect();
    assert_eq!(moves, ["c3-d4", "f6-g5", "d4-e5", "d6xf4"]);
    assert_eq!(games[0].result.as_deref(), Some("*"));
    let russian = variant_of(&games[0]).unwrap();
    assert_eq!(russian.id, RUSSIAN);
    assert_eq!(replay(&games[0], &russian).unwrap().moves().len(), 4);
    assert_eq!(games[1].moves.len(), 3);
    assert_eq!(games[1].result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn an_illegal_move_is_refused_with_its_move_number_line_and_column() {
    let text = "[GameType \"21\"]\n1. 11-15 23-19\n2. 15-11 22-17\n";
    let game = &read_games(text).unwrap()[0];
    let e = replay(game, &Ruleset::builtin(ENGLISH).unwrap()).unwrap_err();
    assert_eq!((e.move_number, e.line, e.column), (2, 3, 4));
    assert!(
        e.to_string().contains("15-11") && e.to_string().contains("backwards"),
        "{e}"
    );
}

/// A broken tag, a comment or variation never closed: skipped with a warning that
/// says where, and the game read on; only input that is no text is refused.
#[test]
fn broken_pdn_is_read_on_with_warnings_that_say_where() {
    for (text, kind, line, moves) in [
        ("[Event \"x\"\n1. 11-15 *", WarningKind::BrokenTag, 1, 1),
        ("1. 11-15 {never closed", WarningKind::Unclosed, 1, 1),
        ("1. 11-15 (23-19 *", WarningKind::Unclosed, 1, 1),
        (
            "\n[Event x]\n1. 11-15 23-19 *",
            WarningKind::BrokenTag,
            2,
            2,
        ),
        ("1. 11-15 ) 23-19 *", WarningKind::Stray, 1, 2),
    ] {
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 1, "{text:?}");
        let w = &games[0].warnings;
        assert_eq!(w.len(), 1, "{text:?}: {w:?}");
        assert_eq!((w[0].kind, w[0].line), (kind, line), "{text:?}: {}", w[0]);
        assert_eq!(games[0].moves.len(), moves, "{text:?}");
    }
    let e = read_games("[Event \"x\"]\n1. 11-15\0").unwrap_err();
    assert_eq!((e.line, e.column), (2, 9));
    assert!(e.message.contains("not a text file"), "{e}");
}

/// Found by the fuzz tests (`fuzz.rs`): a `[` inside a variation stalled the reader forever.
#[test]
fn a_bracket_inside_a_variation_does_not_stall_the_reader() {
    let games = read_games("1. 11-15 (23-19 [ 9-14) 22-18 *").unwrap();
    assert_eq!(games[0].moves.len(), 2);
}

/// Games exported by another program (pydraughts' PDNWriter, random play; files
/// in tests/data/pdn) read back: the variant from GameType ("25,W,8,8,A0,0"),
/// "1..." move numbers, `x` captures written by start and end, and the Russian
/// 2-0 scores; every move replays and the recorded result is the one reached.
#[test]
fn games_written_by_pydraughts_read_back() {
    for variant in [ENGLISH, RUSSIAN, BRAZILIAN] {
        let path = format!(
            "{}/tests/data/pdn/pydraughts_{variant}.pdn",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let games = read_games(&text).unwrap();
        assert_eq!(games.len(), 2, "{path}");
        for g in &games {
            let rules = variant_of(g).unwrap();
            assert_eq!(rules.id, variant);
            let game = replay(g, &rules).unwrap_or_else(|e| panic!("{path}: {e}"));
            let winner = game.outcome().and_then(|o| o.winner);
            let recorded = match g.result.as_deref() {
                Some("1-0" | "2-0") => Some(checkers::Color::White),
                Some("0-1" | "0-2") => Some(checkers::Color::Black),
                other => panic!("{path}: unexpected result {other:?}"),
            };
            assert_eq!(winner, recorded, "{path}");
        }
    }
}

/// A game that ended off the board says how in PGN's `Termination` tag, and
/// reads back ended so: "time forfeit" a loss on time, "normal" a resignation
/// (decisive) or an agreed draw; a tag that says otherwise, or a record
/// without a result, leaves the result alone to stand.
#[test]
fn termination_says_how_a_game_ended_off_the_board_and_reads_back() {
    use checkers::pdn::recorded_ending;
    use checkers::{Color, OutcomeReason};
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let played = || {
        let mut g = Game::new(rules.clone());
        g.play_text("c3-d4").unwrap();
        g
    };
    type End = fn(&mut Game);
    let ends: [(End, &str, Option<Color>, OutcomeReason); 3] = [
        (
            |g| g.flag_fall(Color::Black),
            "time forfeit",
            Some(Color::White),
            OutcomeReason::Time,
        ),
        (
            |g| g.resign(Color::White),
            "normal",
            Some(Color::Black),
            OutcomeReason::Resignation,
        ),
        (|g| g.agree_draw(), "normal", None, OutcomeReason::Agreement),
    ];
    for (end, tag, winner, reason) in ends {
        let mut g = played();
        end(&mut g);
        let text = write_game(&g, &Tags::default());
        assert!(text.contains(&format!("[Termination \"{tag}\"]")), "{text}");
        let read = &read_games(&text).unwrap()[0];
        let back = replay(read, &rules).unwrap();
        assert!(back.outcome().is_none(), "the moves alone do not show it");
        let o = recorded_ending(read, &back).expect("the tag says how");
        assert_eq!((o.winner, o.reason), (winner, reason), "{tag}");
    }
    // A game that ends on the board has no Termination: its moves show how.
    let over = write_game(&played(), &Tags::default());
    assert!(!over.contains("Termination"), "{over}");
    // Another program's spelling; a value this program does not act on; no result.
    let record = |tag: &str, result: &str| {
        format!("[GameType \"25\"]\n[Result \"{result}\"]\n[Termination \"{tag}\"]\n\n1. c3-d4 {result}\n")
    };
    let ending = |text: &str| {
        let read = &read_games(text).unwrap()[0];
        recorded_ending(read, &replay(read, &rules).unwrap())
    };
    let o = ending(&record("Time forfeit", "1-0")).expect("any case");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), OutcomeReason::Time)
    );
    assert_eq!(
        ending(&record("time forfeit", "0-1")),
        None,
        "Black to move, White's flag"
    );
    assert_eq!(ending(&record("abandoned", "1-0")), None);
    assert_eq!(ending(&record("time forfeit", "*")), None);
    assert_eq!(
        ending(&record("time forfeit", "1/2-1/2")),
        None,
        "no draw on time"
    );
}

/// A move of a broken file that runs for pages is quoted short where it is
/// refused, in every form the reader takes a move in: the refusal stays one
/// line a person can read.
#[test]
fn an_oversized_move_is_quoted_short_where_it_is_refused() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let long = "2".repeat(5000);
    for moves in [
        format!("11-15 {long}-18"),
        format!("11-15 {long}"),
        format!("{long}x18"),
        format!("11-15 22-18 15x22 25x{}", "18".repeat(3000)),
    ] {
        let text = format!("[GameType \"21\"]\n\n1. {moves} *\n");
        let read = &read_games(&text).unwrap()[0];
        let e = replay(read, &rules).expect_err("no such move");
        let said = e.to_string();
        assert!(
            said.len() < 400,
            "{} characters: {}",
            said.len(),
            &said[..400]
        );
        assert!(said.contains('…'), "{said}");
    }
}
