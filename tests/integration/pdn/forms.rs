//! The forms real PDN files use, each on a small hand-made file in `tests/pdn/`
//! (or a few lines of text here), each read as its writer meant it.

use checkers::pdn::{
    open_game, Assume, Checked, Checker, Encoding, PdnGame, Reader, Refusal, Replayed, Verdict,
    WarningKind,
};
use checkers::rules::builtin::{CZECH, DAMMEN64, ENGLISH, GERMAN, INTERNATIONAL, ITALIAN, RUSSIAN};
use checkers::{fen, Color, OutcomeReason, Ruleset};

fn path(name: &str) -> String {
    format!("{}/tests/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every game of `input`, read and checked with nothing assumed.
fn check_all(input: &[u8], assume: Assume) -> Vec<Checked> {
    let mut checker = Checker::new(assume);
    Reader::new(input)
        .map(|g| checker.check(g.expect("readable")))
        .collect()
}

fn check_file(name: &str) -> Vec<Checked> {
    check_all(&bytes(name), Assume::default())
}

#[track_caller]
fn replayed(c: &Checked) -> &Replayed {
    match &c.verdict {
        Verdict::Replayed(r) => r,
        other => panic!("game {} not replayed: {other:?}", c.pdn.number),
    }
}

fn moves_of(r: &Replayed) -> Vec<String> {
    let rules = r.game.rules();
    r.game
        .moves()
        .map(|m| checkers::notation::write(m, &rules.notation))
        .collect()
}

#[test]
fn a_byte_order_mark_makes_no_phantom_game() {
    let games = check_file("bom.pdn");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].pdn.tag("Event"), Some("BOM 1"));
    assert_eq!(games[0].pdn.line, 1);
    assert_eq!(
        moves_of(replayed(&games[0])),
        ["11-15", "23-19", "8-11", "22-17"]
    );
    // `play --load FILE --game 2` opens the second game, not the first.
    let second = open_game(&bytes("bom.pdn")[..], 2, &Assume::default()).unwrap();
    assert_eq!(second.pdn.tag("Event"), Some("BOM 2"));
    assert_eq!(second.game.moves().len(), 2);
    let e = open_game(&bytes("bom.pdn")[..], 3, &Assume::default()).unwrap_err();
    assert_eq!(e, checkers::pdn::OpenError::NoSuchGame { count: 2, n: 3 });
    assert_eq!(e.to_string(), "it holds 2 games; there is no game 3");
}

#[test]
fn a_latin1_file_is_read_as_latin1_with_a_note() {
    let input = bytes("latin1.pdn");
    assert!(
        std::str::from_utf8(&input).is_err(),
        "the file is not UTF-8"
    );
    let mut reader = Reader::new(&input[..]);
    let game = reader.next().unwrap().unwrap();
    assert_eq!(game.tag("White"), Some("Müller, Jürgen"));
    assert_eq!(game.tag("Black"), Some("François"));
    assert_eq!(reader.encodings(), [Encoding::Latin1]);
    assert_eq!(
        reader.encoding_note().as_deref(),
        Some("note: the file is not UTF-8; read as Latin-1")
    );
    let loaded = open_game(&input[..], 1, &Assume::default()).unwrap();
    assert_eq!(loaded.game.moves().len(), 4);
    assert_eq!(
        loaded.notes,
        ["note: the file is not UTF-8; read as Latin-1"]
    );
}

#[test]
fn a_windows_1251_file_is_read_as_cyrillic_with_a_note() {
    let input = bytes("windows1251.pdn");
    let mut reader = Reader::new(&input[..]);
    let game = reader.next().unwrap().unwrap();
    assert_eq!(game.tag("White"), Some("Блиндер Б."));
    assert_eq!(game.tag("Black"), Some("Ли В."));
    assert_eq!(game.tag("Event"), Some("Чемпионат СССР"));
    assert_eq!(reader.encodings(), [Encoding::Windows1251]);
    let games = check_file("windows1251.pdn");
    assert_eq!(replayed(&games[0]).game.rules().id, RUSSIAN);
}

#[test]
fn a_broken_tag_is_skipped_with_its_line_and_the_game_read_on() {
    let games = check_file("broken_tag.pdn");
    assert_eq!(games.len(), 2, "the rest of the file is read too");
    let first = &games[0];
    let w = &first.pdn.warnings;
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].kind, w[0].line, w[0].column),
        (WarningKind::BrokenTag, 5, 1)
    );
    assert!(w[0].message.contains(r#"[Round "11.1]"#), "{}", w[0]);
    assert_eq!(first.pdn.tag("Round"), None);
    assert_eq!(
        first.pdn.tag("GameType"),
        Some("25"),
        "the tags after it are read"
    );
    assert_eq!(replayed(first).game.moves().len(), 8);
    assert_eq!(games[1].pdn.tag("Round"), Some("11.2"));
    assert_eq!(replayed(&games[1]).game.moves().len(), 3);
}

#[test]
fn an_ellipsis_stands_for_the_half_move_before_the_first_one_given() {
    let games = check_file("ellipsis.pdn");
    let r = replayed(&games[0]);
    assert_eq!(r.game.start().side_to_move(), Color::White);
    assert_eq!(moves_of(r), ["24-20", "10-14", "20-16", "3-7"]);
}

#[test]
fn moves_the_record_does_not_know_are_read_and_not_replayed() {
    let games = check_file("unknown_moves.pdn");
    let none = replayed(&games[0]);
    assert_eq!((none.unknown_from, none.game.moves().len()), (Some(1), 0));
    assert_eq!(none.result, "1-0");
    let opening = replayed(&games[1]);
    assert_eq!(
        (opening.unknown_from, opening.game.moves().len()),
        (Some(2), 2)
    );
    assert_eq!(opening.game.rules().id, RUSSIAN);
    assert!(
        opening.remarks()[0].contains("from move 2"),
        "{:?}",
        opening.remarks()
    );
}

#[test]
fn a_loss_written_0_colon_1_is_kept_as_written() {
    let games = check_file("colon_loss.pdn");
    let r = replayed(&games[0]);
    assert_eq!(r.result, "0:1");
    assert_eq!(games[0].pdn.result_at, Some((7, 34)));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(
        moves_of(r),
        ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "c3-b4", "b6-a5"]
    );
}

#[test]
fn a_draw_written_1_2_colon_1_2_is_kept_as_written() {
    let games = check_file("colon_draw.pdn");
    let r = replayed(&games[0]);
    assert_eq!(r.result, "1/2:1/2");
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.game.moves().len(), 6);
}

#[test]
fn a_star_glued_to_the_last_move_is_the_result_and_elsewhere_a_mark() {
    let games = check_file("glued_star.pdn");
    assert_eq!(games.len(), 2);
    let last = replayed(&games[0]);
    assert_eq!(moves_of(last).last().map(String::as_str), Some("27-23"));
    assert_eq!(games[0].pdn.result.as_deref(), Some("*"));
    assert_eq!(games[0].pdn.result_at, Some((5, 29)));
    let marked = replayed(&games[1]);
    assert_eq!(moves_of(marked), ["11-15", "23-19", "8-11"]);
    assert_eq!(marked.result, "1-0");
}

#[test]
fn squares_run_together_are_cut_where_a_legal_move_is() {
    let games = check_file("no_separator.pdn");
    let r = replayed(&games[0]);
    assert_eq!(
        moves_of(r),
        ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25"]
    );
}

#[test]
fn an_inline_fen_sets_up_the_position_among_the_moves() {
    let games = check_file("inline_fen.pdn");
    let first = replayed(&games[0]);
    assert_eq!(
        *first.game.start(),
        fen::parse("B:W22,27:B10,11", &checkers::BOARD_8).unwrap()
    );
    assert_eq!(moves_of(first), ["10-15", "22-18", "15x22", "27-23"]);
    assert!(
        first.setups.is_empty(),
        "a set-up before the moves is the start"
    );
    let mid = replayed(&games[1]);
    assert_eq!(mid.setups, [2]);
    assert_eq!(
        *mid.game.start(),
        fen::parse("B:WK19,32:BK1,15", &checkers::BOARD_8).unwrap()
    );
    assert_eq!(moves_of(mid), ["15x24", "32-28", "1-6"]);
}

#[test]
fn a_man_on_its_crowning_row_in_a_setup_is_crowned_with_a_warning() {
    let games = check_file("crowning_row.pdn");
    let r = replayed(&games[0]);
    let start = r.game.start();
    assert_eq!(
        *start,
        fen::parse("W:WK1,22:BK30,10", &checkers::BOARD_8).unwrap()
    );
    let crowned: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::CrownedMan)
        .collect();
    assert_eq!(crowned.len(), 2, "{:?}", r.warnings);
    assert_eq!((crowned[0].line, crowned[0].column), (4, 1));
    assert!(
        crowned[0].message.contains("white man on 1 (b8)"),
        "{}",
        crowned[0]
    );
    assert_eq!(moves_of(r), ["1-5", "30-26", "22-17"]);
}

/// Chinook and Tinsley played on past a threefold repetition: a record is not a
/// referee, so the draw the rules declare is noted and the game read to its end.
#[test]
fn a_record_goes_on_past_a_threefold_repetition() {
    let games = check_file("repetition.pdn");
    let r = replayed(&games[0]);
    assert_eq!(r.played_past, Some((4, "repetition".to_string())));
    assert_eq!(r.game.moves().len(), 12);
    let end = r.game.outcome().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Color::White), OutcomeReason::NoPieces)
    );
    assert_eq!(r.result, "0-1");
    // No GameType: the first score is the first mover's, as CheckerBoard writes
    // English games, so 0-1 is White's win and nothing contradicts it.
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    // Stepping through it (as `play --load` does) goes past the draw too.
    let mut g = r.game.clone();
    while g.undo().is_some() {}
    let mut n = 0;
    while g.redo().is_some() {
        n += 1;
    }
    assert_eq!(n, 12);
}

#[test]
fn a_result_that_contradicts_the_final_position_is_a_warning() {
    let text = String::from_utf8(bytes("repetition.pdn")).unwrap();
    let wrong = text.replace("0-1", "1-0");
    let games = check_all(wrong.as_bytes(), Assume::default());
    let r = replayed(&games[0]);
    assert_eq!(r.result, "1-0", "kept as written");
    let w = &r.warnings;
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].kind, w[0].line, w[0].column),
        (WarningKind::Result, 9, 27)
    );
    assert!(
        w[0].message.contains("black has no pieces left"),
        "{}",
        w[0]
    );
    // With a GameType tag the PDN convention holds: White's score first.
    let tagged = text.replace("[SetUp", "[GameType \"21\"]\n[SetUp");
    let games = check_all(tagged.as_bytes(), Assume::default());
    assert_eq!(replayed(&games[0]).warnings.len(), 1);
    let tagged_right = tagged.replace("0-1", "1-0");
    let games = check_all(tagged_right.as_bytes(), Assume::default());
    assert!(replayed(&games[0]).warnings.is_empty());
}

#[test]
fn game_type_20_is_international_draughts_and_variant_does_not_override_it() {
    let english = Ruleset::builtin(ENGLISH).unwrap();
    for assume in [
        Assume::default(),
        Assume {
            variant: Some(english.clone()),
            preferred: Some(english),
        },
    ] {
        let games = check_all(&bytes("gametype20.pdn"), assume);
        assert!(
            matches!(games[0].verdict, Verdict::Replayed(_)),
            "{:?}",
            games[0].verdict
        );
        assert_eq!(games[0].rules.as_deref(), Some(INTERNATIONAL));
    }
    let loaded = open_game(&bytes("gametype20.pdn")[..], 1, &Assume::default()).unwrap();
    assert_eq!(loaded.game.rules().id, INTERNATIONAL);
    assert_eq!(loaded.game.rules().geometry().size, 10);
    assert_eq!(loaded.game.moves().len(), 6);
}

fn one(text: &str, assume: Assume) -> Checked {
    check_all(text.as_bytes(), assume).remove(0)
}

#[test]
fn variant_fills_in_only_where_the_tags_name_no_game() {
    let dammen = Ruleset::builtin(DAMMEN64).unwrap();
    let flag = || Assume {
        variant: Some(dammen.clone()),
        preferred: None,
    };
    let untagged = "1. 11-15 23-19 *";
    assert_eq!(one(untagged, flag()).rules.as_deref(), Some(DAMMEN64));
    let russian = "[GameType \"25\"]\n1. c3-d4 f6-g5 *";
    assert_eq!(one(russian, flag()).rules.as_deref(), Some(RUSSIAN));
    let named = "[Variant \"German Dame\"]\n1. 11-15 23-19 *";
    assert_eq!(one(named, flag()).rules.as_deref(), Some(GERMAN));
    let unknown = one("[Variant \"Frisian\"]\n1. 11-15 *", flag());
    assert!(matches!(unknown.verdict, Verdict::Unsupported(_)));
}

#[test]
fn a_game_that_names_none_is_english_in_numbers_and_russian_in_algebraic_squares() {
    let none = Assume::default;
    assert_eq!(
        one("1. 11-15 23-19 *", none()).rules.as_deref(),
        Some(ENGLISH)
    );
    assert_eq!(
        one("1. c3-d4 f6-g5 *", none()).rules.as_deref(),
        Some(RUSSIAN)
    );
    assert_eq!(one("1. c3:d4 *", none()).rules.as_deref(), Some(RUSSIAN));
    // The config's variant where it is written the same way, not elsewhere.
    let german = || Assume {
        variant: None,
        preferred: Ruleset::builtin(GERMAN),
    };
    assert_eq!(
        one("1. 11-15 23-19 *", german()).rules.as_deref(),
        Some(GERMAN)
    );
    assert_eq!(
        one("1. c3-d4 f6-g5 *", german()).rules.as_deref(),
        Some(RUSSIAN)
    );
    // A forfeit with no moves is written as the file's other games are.
    let games = check_all(b"1. c3-d4 f6-g5 *\n[Event \"forfeit\"]\n1. 0-2\n", none());
    assert_eq!(games[1].rules.as_deref(), Some(RUSSIAN));
}

#[test]
fn untagged_games_of_other_variants_are_told_by_their_squares_and_first_move() {
    let none = Assume::default;
    // White moves first from 21-24 only in Italian among the numbered 8×8 games.
    let italian = one("1. 23-19 12-15 2. 19x12 8x15 *", none());
    assert!(
        matches!(italian.verdict, Verdict::Replayed(_)),
        "{italian:?}"
    );
    assert_eq!(italian.rules.as_deref(), Some(ITALIAN));
    // A first move from White's own back row on 8×8 is a 10×10 opening, and
    // squares above 32 are of the 10×10 board: international draughts.
    for record in ["1. 32-28 19-23 *", "[FEN \"W:W31-50:B1-20\"]\n*"] {
        let game = one(record, none());
        assert!(matches!(game.verdict, Verdict::Replayed(_)), "{record}");
        assert_eq!(game.rules.as_deref(), Some(INTERNATIONAL), "{record}");
    }
    // After a 10×10 game, a game of the file whose squares happen to be low is one too.
    let games = check_all(
        b"1. 32-28 19-23 *\n\n[FEN \"W:W19,26:B6,7\"]\n1. 26-21 *\n",
        none(),
    );
    assert_eq!(games[1].rules.as_deref(), Some(INTERNATIONAL));
    assert!(matches!(games[1].verdict, Verdict::Replayed(_)));
}

/// Czech games are written like Russian ones; their rules give them away: a man
/// that does not take backwards where a Russian man must.
#[test]
fn a_czech_record_is_told_by_its_rules() {
    let text = "[Event \"MR Ceska Dama Druzstev\"]\n\
        1. g3-f4 f6-g5 2. c3-d4 d6-c5 3. b2-c3 g7-f6 4. c3-b4 e7-d6 5. b4-a5 f8-e7\n\
        6. a1-b2 c5-b4 7. a3xc5 d6xb4 8. b2-a3 b6-c5 9. d4xb6 a7xc5 10. h2-g3 g5-h4\n\
        11. e3-d4 c5xe3 12. a3xc5 c7-d6 13. f2xd4 h4xf2 14. g1xe3 d6xb4 15. a5-b6\n\
        f6-g5 16. b6-a7 h8-g7 1-1\n\n[Event \"the next game of the file\"]\n1. c3-d4 f6-g5 1-1\n";
    // The first game is illegal in Russian at move 8 and legal in Czech; the
    // next is legal in both, in a file that has had a Czech game.
    let games = check_all(text.as_bytes(), Assume::default());
    for c in &games {
        assert!(matches!(c.verdict, Verdict::Replayed(_)), "{c:?}");
        assert_eq!(c.rules.as_deref(), Some(CZECH));
    }
    // Alone, the second is Russian: nothing says otherwise.
    let second = one("1. c3-d4 f6-g5 1-1", Assume::default());
    assert_eq!(second.rules.as_deref(), Some(RUSSIAN));
    // Under Russian rules it is a refused record, at the move Czech rules allow.
    let russian = Ruleset::builtin(RUSSIAN).unwrap();
    let games = check_all(
        text.as_bytes(),
        Assume {
            variant: Some(russian),
            preferred: None,
        },
    );
    match &games[0].verdict {
        Verdict::Refused(e) => {
            assert_eq!(
                (e.kind, e.move_number, e.text.as_str()),
                (Refusal::Illegal, 8, "b2-a3")
            );
            assert_eq!((e.line, e.column), (3, 34));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_russian_short_form_names_a_move_by_its_file_and_end_square() {
    let text = "[GameType \"25\"]\n1. ed4 dc5 2. fe3 cd6 3. cb4 ba5 4. db6 ac7 *";
    let r = replayed(&one(text, Assume::default())).clone();
    assert_eq!(
        moves_of(&r),
        ["e3-d4", "d6-c5", "f2-e3", "c7-d6", "c3-b4", "b6-a5", "d4:b6", "a5:c7"]
    );
}

/// `hg7` fits a man's step and a king's: the moves after it decide, and where
/// nothing follows it stays ambiguous.
#[test]
fn an_ambiguous_move_is_read_as_the_one_the_record_goes_on_from() {
    let text = "[GameType \"25\"]\n[FEN \"W:Wh6,Kh8:Ba7\"]\n1. hg7 ab6 2. gh8 *";
    let c = one(text, Assume::default());
    let r = replayed(&c);
    assert_eq!(moves_of(r), ["h8-g7", "a7-b6", "g7-h8"]);
    let w = &r.warnings;
    assert_eq!(
        (w.len(), w[0].kind, w[0].line, w[0].column),
        (1, WarningKind::Ambiguous, 3, 4)
    );
    assert!(w[0].message.contains("h6-g7, h8-g7"), "{}", w[0]);
    let alone = one(
        "[GameType \"25\"]\n[FEN \"W:Wh6,Kh8:Ba7\"]\n1. hg7 *",
        Assume::default(),
    );
    match &alone.verdict {
        Verdict::Refused(e) => assert_eq!((e.kind, e.move_number), (Refusal::Ambiguous, 1), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_refused_game_says_its_number_move_line_and_column() {
    let text = "[Event \"a\"]\n1. 11-15 23-19 *\n\n[Event \"b\"]\n1. 11-15 23-19\n2. 15-11 *\n";
    let games = check_all(text.as_bytes(), Assume::default());
    assert!(matches!(games[0].verdict, Verdict::Replayed(_)));
    let PdnGame { number, .. } = games[1].pdn;
    assert_eq!(number, 2);
    match &games[1].verdict {
        Verdict::Refused(e) => {
            assert_eq!((e.move_number, e.line, e.column), (2, 6, 4));
            assert_eq!(
                e.to_string(),
                "move 2 `15-11` (line 6, column 4): `15-11` is illegal: men do not move backwards"
            );
        }
        other => panic!("{other:?}"),
    }
}

use proptest::prelude::*;

/// The hand-made files, each cut at a random place and given random bytes: the
/// reader and the checker never panic or hang, whatever the bytes (the `fuzz`
/// module does the same for the reader and the replay on random text).
fn damaged() -> impl Strategy<Value = Vec<u8>> {
    let files = [
        "bom.pdn",
        "broken_tag.pdn",
        "inline_fen.pdn",
        "latin1.pdn",
        "no_separator.pdn",
        "repetition.pdn",
        "unknown_moves.pdn",
        "windows1251.pdn",
    ];
    (
        0..files.len(),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
    )
        .prop_map(move |(f, edits)| {
            let mut b = bytes(files[f]);
            for (at, byte) in edits {
                let i = at.index(b.len() + 1);
                match byte % 3 {
                    0 if i < b.len() => b[i] = byte,
                    1 => b.insert(i, byte),
                    _ => b.truncate(i),
                }
            }
            b
        })
}

proptest! {
    #![proptest_config(crate::common::proptest_config(500))]

    #[test]
    fn the_checker_takes_any_bytes(input in damaged()) {
        let mut checker = Checker::new(Assume::default());
        for game in Reader::new(&input[..]) {
            match game {
                Ok(g) => {
                    let _ = checker.check(g);
                }
                Err(e) => prop_assert!(e.line >= 1),
            }
        }
    }
}

/// lidraughts writes the line breaks between tags of some exports as the two
/// characters `\n`: the tags are one game's, not a phantom game each (issue 33).
#[test]
fn a_header_with_literal_backslash_n_between_its_tags_is_one_game() {
    let text = "[Event \"Casual\"]\\n[White \"a\"]\\n[Black \"b\"]\\n[Result \"1-0\"]\\n\
                [GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-0\n";
    let games = check_all(text.as_bytes(), Assume::default());
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].rules.as_deref(), Some(INTERNATIONAL));
    assert_eq!(games[0].pdn.tag("White"), Some("a"));
    match &games[0].verdict {
        Verdict::Replayed(r) => {
            assert_eq!(r.game.moves().len(), 4);
            assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        }
        other => panic!("{other:?}"),
    }
}

/// PlayStrategy's English exports say `[Variant "American/English"]` (issue 33).
#[test]
fn playstrategy_s_american_english_variant_is_english() {
    let game = one(
        "[Variant \"American/English\"]\n[Result \"0-1\"]\n1. 11-15 23-19 0-1\n",
        Assume::default(),
    );
    assert_eq!(game.rules.as_deref(), Some(ENGLISH));
    assert!(matches!(game.verdict, Verdict::Replayed(_)));
}
