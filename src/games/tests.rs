use super::*;
use checkers::pdn::Tags;
use checkers::rules::builtin::ENGLISH;
use checkers::{Game, Ruleset};

/// A fresh library folder named after the test.
fn library(test: &str) -> Library {
    let dir = std::env::temp_dir().join(format!("checkers-games-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Library::at(dir).unwrap()
}

fn id_of(r: &Record) -> String {
    r.path.file_stem().unwrap().to_string_lossy().into_owned()
}

fn english_game(moves: &[&str]) -> Game {
    let mut game = Game::new(Ruleset::builtin(ENGLISH).unwrap());
    for m in moves {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn games_filed_at_once_from_many_threads_each_get_a_file_of_their_own() {
    let lib = library("unique");
    let records: Vec<Record> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|t| {
                let lib = &lib;
                s.spawn(move || {
                    (0..5)
                        .map(|i| lib.create(&format!("game {t} {i}")).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let mut texts: Vec<String> = records
        .iter()
        .map(|r| std::fs::read_to_string(&r.path).unwrap())
        .collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), 40, "every game kept whole, none overwritten");
    assert_eq!(lib.ids().unwrap().len(), 40);
    drop(records);
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn a_game_held_by_one_instance_is_refused_to_another_and_freed_when_let_go() {
    let lib = library("lock");
    let record = lib.create("[Result \"*\"]\n\n*\n").unwrap();
    assert!(lib.list().unwrap()[0].open, "the list shows it is open");
    match lib.take(&id_of(&record)) {
        Err(TakeError::OpenElsewhere(id)) => assert_eq!(id, id_of(&record)),
        other => panic!("expected the game to be refused, got {other:?}"),
    }
    assert!(matches!(
        lib.delete(&id_of(&record)),
        Err(TakeError::OpenElsewhere(_))
    ));
    let id = id_of(&record);
    drop(record);
    assert!(!lib.list().unwrap()[0].open);
    let (again, text) = lib.take(&id).unwrap();
    assert!(text.contains("Result"));
    drop(again);
    assert_eq!(lib.delete(&id[..10]).unwrap(), id, "a prefix names it");
    assert!(lib.list().unwrap().is_empty());
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn a_user_ruleset_travels_with_the_game_and_replays_after_its_file_changed() {
    let english = include_str!("../../rulesets/english.toml");
    let mine = english
        .replace("id = \"english\"", "id = \"my-checkers\"")
        .replace("name = \"English draughts\"", "name = \"My checkers\"");
    let rules = Ruleset::from_toml(&mine, "mine.toml").unwrap();
    assert_eq!(rules.id, "my-checkers");
    let mut game = Game::new(rules);
    game.play_text("11-15").unwrap();
    game.play_text("23-19").unwrap();
    let text = write_game(&game, &Tags::default(), Some(&mine));
    let lib = library("ruleset");
    let record = lib.create(&text).unwrap();
    // The user's file is gone or changed: the game never needed it.
    let (_, back, carried) =
        read_game(&std::fs::read_to_string(&record.path).unwrap(), None).unwrap();
    assert_eq!(back.rules().id, "my-checkers");
    assert_eq!(back.position(), game.position());
    assert_eq!(back.moves().len(), 2);
    assert_eq!(carried.as_deref(), Some(mine.as_str()));
    assert_eq!(lib.list().unwrap()[0].variant, "my-checkers");
    drop(record);
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn the_list_tells_unfinished_from_finished_games() {
    let lib = library("list");
    let mut done = english_game(&["11-15"]);
    done.resign(checkers::Color::White);
    let tags = Tags {
        white: "human".into(),
        black: "checkers level 3".into(),
        ..Default::default()
    };
    let a = lib
        .create(&write_game(&english_game(&["11-15", "23-19"]), &tags, None))
        .unwrap();
    let b = lib.create(&write_game(&done, &tags, None)).unwrap();
    let list = lib.list().unwrap();
    let find = |id: &str| list.iter().find(|e| e.id == id).unwrap();
    assert_eq!(find(&id_of(&a)).result, None);
    assert_eq!(find(&id_of(&a)).moves, 2);
    assert_eq!(find(&id_of(&a)).variant, "english");
    assert_eq!(find(&id_of(&a)).black, "checkers level 3");
    assert_eq!(find(&id_of(&b)).result.as_deref(), Some("0-1"));
    // A file copied in by hand is listed under its name; a broken one says why.
    std::fs::write(lib.dir.join("my old game.pdn"), "[Result \"1-0\"\n").unwrap();
    let list = lib.list().unwrap();
    let hand = list.iter().find(|e| e.id == "my old game").unwrap();
    assert!(hand.unreadable.is_some(), "{hand:?}");
    assert_eq!(lib.resolve("my old").unwrap(), "my old game");
    drop((a, b));
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn the_old_layouts_unfinished_game_moves_into_the_library() {
    let lib = library("migrate");
    let old = lib.dir.join("current.pdn");
    let text = write_game(&english_game(&["11-15"]), &Tags::default(), None);
    std::fs::write(&old, &text).unwrap();
    lib.migrate(&old).unwrap();
    assert!(!old.exists());
    let list = lib.list().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(std::fs::read_to_string(&list[0].path).unwrap(), text);
    lib.migrate(&old).unwrap();
    assert_eq!(lib.list().unwrap().len(), 1, "nothing to move twice");
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn ids_are_read_as_ids_and_nothing_else() {
    let lib = library("ids");
    for bad in ["../x", "", ".hidden", "a/b", "\u{1b}[2J"] {
        let e = lib.resolve(bad).unwrap_err().to_string();
        assert!(!e.contains('\u{1b}'), "{e}");
        assert!(
            matches!(lib.resolve(bad), Err(TakeError::Unknown(_))),
            "{bad}"
        );
    }
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

/// A game copied in by hand may have any file name: a prefix without control
/// characters finds it, and no message that names it lets one through.
#[test]
fn a_file_name_with_control_characters_is_never_named_raw() {
    let lib = library("hostile-names");
    for id in ["g\u{1b}]0;x\u{7}", "g\u{9b}2J", "h\u{1b}[2J"] {
        std::fs::write(lib.dir.join(format!("{id}.pdn")), "[Result \"*\"]\n\n*\n").unwrap();
    }
    let raw = |e: &TakeError| e.to_string().contains(char::is_control);
    let ambiguous = lib.resolve("g").unwrap_err();
    assert!(!raw(&ambiguous), "{ambiguous}");
    assert!(
        ambiguous.to_string().contains(r"g\u{1b}]0;x\u{7}"),
        "{ambiguous}"
    );
    let found = lib.resolve("h").unwrap();
    assert_eq!(found, "h\u{1b}[2J");
    let held = lib.take(&found).unwrap();
    let elsewhere = lib.delete(&found).unwrap_err();
    assert!(matches!(elsewhere, TakeError::OpenElsewhere(_)));
    assert!(!raw(&elsewhere), "{elsewhere}");
    drop(held);
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn times_are_written_as_utc_calendar_dates() {
    let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_406_550);
    assert_eq!(rfc3339(t), "2026-11-23T04:02:30Z");
    assert_eq!(stamp(t), "20261123-040230");
    assert_eq!(when(SystemTime::UNIX_EPOCH), "1970-01-01 00:00 UTC");
}

#[test]
fn a_keeper_writes_one_file_per_game_and_never_another_games() {
    let lib = library("keeper");
    let mut keeper = Keeper::in_library(lib.clone());
    let first = keeper.keep("first, one move").unwrap();
    assert_eq!(
        keeper.keep("first, two moves").unwrap(),
        first,
        "the same file"
    );
    keeper.let_go();
    let second = keeper.keep("second game").unwrap();
    assert_ne!(first, second);
    assert_eq!(std::fs::read_to_string(&first).unwrap(), "first, two moves");
    // Another instance cannot take the game this one holds, but can the first.
    let mut other = Keeper::in_library(lib.clone());
    let id = |p: &Path| p.file_stem().unwrap().to_string_lossy().into_owned();
    let refused = other.take(&id(&second)).unwrap_err();
    assert!(refused.contains("open in another checkers"), "{refused}");
    assert_eq!(other.take(&id(&first)).unwrap(), first);
    assert_eq!(other.keep("first, three moves").unwrap(), first);
    assert_eq!(std::fs::read_to_string(&second).unwrap(), "second game");
    assert_eq!(lib.list().unwrap().len(), 2);
    drop((keeper, other));
    std::fs::remove_dir_all(&lib.dir).unwrap();
}

#[test]
fn a_game_keeps_its_ballot_through_its_file_and_only_where_its_moves_match() {
    let ballot = &checkers::openings::ballots()[0];
    let game = ballot.game();
    let tags = Tags {
        ballot: Some(ballot.number),
        ..Default::default()
    };
    let text = write_game(&game, &tags, None);
    assert!(
        text.contains(&format!("[Ballot \"{}\"]", ballot.number)),
        "{text}"
    );
    let read = |text: &str| {
        let (pdn, game, _, _) =
            open_game(text.as_bytes(), 1, &checkers::pdn::Assume::default()).unwrap();
        tags_of(&pdn, &game).ballot
    };
    assert_eq!(read(&text), Some(ballot.number));
    // A tag that names another ballot than the moves played is not believed.
    let other = checkers::openings::ballots()[1].number;
    let lie = text.replace(
        &format!("[Ballot \"{}\"]", ballot.number),
        &format!("[Ballot \"{other}\"]"),
    );
    assert_eq!(read(&lie), None);
}
