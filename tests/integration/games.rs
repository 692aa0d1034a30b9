//! The saved-games library end to end: the real binary in a pseudo-terminal,
//! one test per way the one-file autosave used to lose a game (issue 12), each
//! checking the games afterwards with `checkers games --json`.
#![cfg(unix)]

mod pty;

use pty::{Home, Session};

/// English: Black (to move) takes White's last piece with 14x23.
const LAST_CAPTURE: &str = "B:W18:B14";

fn id(game: &serde_json::Value) -> String {
    game["id"].as_str().expect("an id").to_string()
}

fn file_text(game: &serde_json::Value) -> String {
    std::fs::read_to_string(game["file"].as_str().expect("a file")).expect("the game's file")
}

/// Plays `moves` (typed, English) in a new hot-seat game and quits.
fn play_and_quit(home: &Home, moves: &[&str]) {
    let mut s = home.start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    for m in moves {
        s.command(m, &[m]);
    }
    s.quit();
}

/// Loss 1: `play --load FILE` or `:load FILE` deleted or overwrote the
/// unfinished game, and a finished record opened so was filed as just played.
#[test]
fn opening_a_record_keeps_the_unfinished_game_and_files_no_finished_one() {
    let home = Home::new("open-record");
    play_and_quit(&home, &["11-15", "23-19"]);
    let kept = home.find(2, "unfinished");
    let before = file_text(&kept);
    let finished = home.dir.join("finished.pdn");
    std::fs::write(
        &finished,
        format!("[Variant \"English\"]\n[SetUp \"1\"]\n[FEN \"{LAST_CAPTURE}\"]\n\n1. 14x23 *\n"),
    )
    .unwrap();
    let finished = finished.to_str().unwrap();

    let mut s = home.start(&["play", "--load", finished]);
    s.wait_for(&["Black wins"]);
    s.send(b"q");
    assert!(s.wait_exit().success());

    let mut s = home.start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    // Opened for study: the result in the panel, no dialog in the way.
    s.command(&format!("load {finished}"), &["Black wins"]);
    assert!(!s.contents().contains("n: new game"), "{}", s.contents());
    s.send(b"q");
    assert!(s.wait_exit().success());

    let games = home.games();
    assert_eq!(games.len(), 1, "nothing filed, nothing lost: {games:#?}");
    assert_eq!(id(&games[0]), id(&kept));
    assert_eq!(file_text(&games[0]), before);

    // A record played on becomes a game of its own; the file and the library's
    // unfinished game stay as they were.
    let record = home.dir.join("record.pdn");
    std::fs::copy(kept["file"].as_str().unwrap(), &record).unwrap();
    let mut s = home.start(&["play", "--load", record.to_str().unwrap()]);
    s.wait_for(&["reviewing"]);
    s.command("8-11", &["8-11"]);
    s.quit();
    assert_eq!(home.games().len(), 2);
    assert_eq!(file_text(&home.find(2, "unfinished")), before);
    assert_eq!(home.find(3, "unfinished")["variant"], "english");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), before);
}

/// Loss 2: two instances with the same HOME overwrote each other's game.
#[test]
fn two_terminals_playing_at_once_keep_both_games() {
    let home = Home::new("two-terminals");
    let mut a = home.start(&["play", "--variant", "english"]);
    let mut b = home.start(&["play", "--variant", "english"]);
    a.wait_for(&["Black to move"]);
    b.wait_for(&["Black to move"]);
    a.command("11-15", &["11-15"]);
    b.command("9-13", &["9-13"]);
    b.command("22-18", &["22-18"]);
    let games = home.games();
    assert_eq!(games.len(), 2, "{games:#?}");
    assert!(games.iter().all(|g| g["open"] == true), "{games:#?}");
    a.command("23-19", &["23-19"]);
    a.command("8-11", &["8-11"]);
    a.quit();
    b.quit();
    assert!(file_text(&home.find(3, "unfinished")).contains("1. 11-15 23-19 2. 8-11 *"));
    assert!(file_text(&home.find(2, "unfinished")).contains("1. 9-13 22-18 *"));
}

/// A game open in one terminal is refused to another, which is offered a copy.
#[test]
fn a_game_open_in_another_terminal_is_offered_as_a_copy() {
    let home = Home::new("open-elsewhere");
    play_and_quit(&home, &["11-15"]);
    let first = id(&home.find(1, "unfinished"));
    let mut a = home.start(&["--resume", &first]);
    a.wait_for(&["1. 11-15"]);
    let mut b = home.start(&["--resume", &first]);
    b.wait_for(&["is open in another checkers", "copy"]);
    b.send(b"y\r");
    b.wait_for(&["1. 11-15"]);
    b.command("23-19", &["23-19"]);
    b.quit();
    a.command("24-20", &["24-20"]);
    a.quit();
    let games = home.games();
    assert_eq!(games.len(), 2, "{games:#?}");
    let original = games.iter().find(|g| id(g) == first).unwrap();
    assert!(file_text(original).contains("11-15 24-20"));
    let copy = games.iter().find(|g| id(g) != first).unwrap();
    assert!(file_text(copy).contains("11-15 23-19"));
    // Refusing the copy leaves with a line saying why.
    let mut a = home.start(&["--resume", &first]);
    a.wait_for(&["1. 11-15"]);
    let mut c = home.start(&["play", "--resume", &first]);
    c.wait_for(&["Play on in a copy"]);
    c.send(b"n\r");
    assert!(!c.wait_exit().success());
    a.quit();
    assert_eq!(home.games().len(), 2);
}

/// Loss 3: `checkers play` overwrote the unfinished game at its first move, and
/// `:new` dropped the game on screen without a question.
#[test]
fn a_new_game_never_replaces_an_unfinished_one_and_new_asks_first() {
    let home = Home::new("new-game");
    play_and_quit(&home, &["11-15"]);
    let first = id(&home.find(1, "unfinished"));
    play_and_quit(&home, &["9-13", "22-18"]);
    let second = id(&home.find(2, "unfinished"));
    assert_ne!(first, second);

    let mut s = home.start(&["--resume", &second]);
    s.wait_for(&["1. 9-13"]);
    s.command("new", &["Start a new game?", "This game is saved", &second]);
    s.send(b"y");
    s.wait_for(&["new game: English draughts"]);
    s.command("10-14", &["10-14"]);
    s.quit();

    let games = home.games();
    assert_eq!(games.len(), 3, "{games:#?}");
    assert!(file_text(&home.find(2, "unfinished")).contains("1. 9-13 22-18 *"));
    assert!(file_text(&home.find(1, "unfinished")).contains("11-15") || games.len() == 3);
    // The game left by `:new` resumes with its moves.
    let mut s = home.start(&["--resume", &second]);
    s.wait_for(&["1. 9-13      22-18"]);
    s.send(b"q");
    s.wait_for(&["Quit now?"]);
    s.send(b"y");
    assert!(s.wait_exit().success());
}

/// Loss 4: a game played with `--ruleset FILE` could not be resumed.
#[test]
fn a_game_under_a_user_ruleset_resumes_after_the_file_changed_and_went() {
    let home = Home::new("ruleset");
    let english = include_str!("../../rulesets/english.toml");
    let house = english
        .replace("id = \"english\"", "id = \"house\"")
        .replace("name = \"English draughts\"", "name = \"House rules\"");
    let file = home.dir.join("house.toml");
    std::fs::write(&file, &house).unwrap();
    let mut s = home.start(&["play", "--ruleset", file.to_str().unwrap()]);
    s.wait_for(&["House rules", "Black to move"]);
    s.command("11-15", &["11-15"]);
    s.quit();
    std::fs::write(&file, "this is no longer a ruleset").unwrap();
    let mut s = home.start(&["--resume"]);
    s.wait_for(&["House rules", "1. 11-15"]);
    s.command("23-19", &["23-19"]);
    s.quit();
    std::fs::remove_file(&file).unwrap();
    let game = home.find(2, "unfinished");
    assert_eq!(game["variant"], "house");
    let mut s = home.start(&["--resume"]);
    s.wait_for(&["House rules", "1. 11-15     23-19"]);
    s.send(b"q");
    s.wait_for(&["Quit now?"]);
    s.send(b"y");
    assert!(s.wait_exit().success());
}

/// Loss 5: finished games were named by the second, so games ended within one
/// second overwrote each other.
#[test]
fn three_games_ended_in_the_same_second_are_three_files() {
    let home = Home::new("same-second");
    let mut sessions: Vec<Session> = (0..3)
        .map(|_| home.start(&["play", "--variant", "english", "--fen", LAST_CAPTURE]))
        .collect();
    for s in &mut sessions {
        s.wait_for(&["Black to move"]);
    }
    for s in &mut sessions {
        s.send(b":14x23\r");
    }
    for s in &mut sessions {
        s.wait_for(&["Game over"]);
        s.send(b"q");
        assert!(s.wait_exit().success());
    }
    let games = home.games();
    assert_eq!(games.len(), 3, "{games:#?}");
    assert!(games
        .iter()
        .all(|g| g["finished"] == true && g["moves"] == 1));
}

/// Loss 6: quitting while the disk was full dropped the unsaved moves without
/// a word, and the quit dialog said the game would be lost when it was kept.
#[test]
fn a_failed_save_is_told_retried_on_the_next_move_and_at_quit() {
    let home = Home::new("disk-full");
    let mut s = home.start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    s.command("11-15", &["11-15"]);
    let games = home.games_dir();
    let away = home.dir.join("games-away");
    // The folder becomes a file: every write in it fails, as on a full disk.
    std::fs::rename(&games, &away).unwrap();
    std::fs::write(&games, "not a folder").unwrap();
    s.command("23-19", &["23-19", "cannot save the game"]);
    s.send(b"q");
    s.wait_for(&["could NOT be saved", "Quit now?"]);
    s.send(b"n");
    std::fs::remove_file(&games).unwrap();
    std::fs::rename(&away, &games).unwrap();
    s.command("8-11", &["8-11", "the game is saved again"]);
    s.send(b"q");
    s.wait_for(&["This game is saved", "Quit now?"]);
    s.send(b"y");
    assert!(s.wait_exit().success());
    assert!(file_text(&home.find(3, "unfinished")).contains("1. 11-15 23-19 2. 8-11 *"));

    // And a save that fails at the last move is tried again at quit.
    let id = id(&home.find(3, "unfinished"));
    let mut s = home.start(&["--resume", &id]);
    s.wait_for(&["8-11"]);
    std::fs::rename(&games, &away).unwrap();
    std::fs::write(&games, "not a folder").unwrap();
    s.command("22-18", &["22-18", "cannot save the game"]);
    std::fs::remove_file(&games).unwrap();
    std::fs::rename(&away, &games).unwrap();
    s.send(b"q");
    s.wait_for(&["This game is saved", "Quit now?"]);
    s.send(b"y");
    assert!(s.wait_exit().success());
    assert!(file_text(&home.find(4, "unfinished")).contains("2. 8-11 22-18 *"));
}

/// Loss 7: `:save FILE` replaced any file, and `:save my game.pdn` wrote `my`.
#[test]
fn save_keeps_other_files_and_takes_a_name_with_spaces_whole() {
    let home = Home::new("save");
    let notes = home.dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let mut s = home.start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    s.command("11-15", &["11-15"]);
    s.command(
        &format!("save {}", notes.display()),
        &["not saved: the file exists"],
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    let spaced = home.dir.join("my game.pdn");
    s.command(&format!("save {}", spaced.display()), &["saved to"]);
    s.quit();
    assert!(std::fs::read_to_string(&spaced)
        .unwrap()
        .contains("1. 11-15 *"));
    assert!(!home.dir.join("my").exists());
    assert!(file_text(&home.find(1, "unfinished")).contains("1. 11-15 *"));
}

/// Loss 8: the temporary save file was created through a planted symbolic link.
#[test]
fn a_link_planted_at_the_temporary_name_is_not_followed() {
    let home = Home::new("symlink");
    let victim = home.dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let mut s = home.start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    s.command("11-15", &["11-15"]);
    let game = id(&home.find(1, "unfinished"));
    for attempt in 0..4 {
        let tmp = home
            .games_dir()
            .join(format!(".{game}.pdn.tmp{}-{attempt}", s.pid()));
        std::os::unix::fs::symlink(&victim, tmp).unwrap();
    }
    s.command("23-19", &["23-19"]);
    // Killed outright: what is on disk is all there is.
    s.kill();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let kept = home.find(2, "unfinished");
    assert_eq!(id(&kept), game);
    assert!(file_text(&kept).contains("1. 11-15 23-19 *"));
}

/// The old layout's unfinished game is in the library after an upgrade.
#[test]
fn the_unfinished_game_of_the_old_layout_moves_into_the_library() {
    let home = Home::new("upgrade");
    let old = home.dir.join("data/checkers/current.pdn");
    std::fs::create_dir_all(old.parent().unwrap()).unwrap();
    std::fs::write(
        &old,
        "[Variant \"English\"]\n[Result \"*\"]\n\n1. 11-15 23-19 *\n",
    )
    .unwrap();
    let game = home.find(2, "unfinished");
    assert!(!old.exists());
    let mut s = home.start(&["--resume"]);
    s.wait_for(&["1. 11-15     23-19"]);
    s.send(b"q");
    s.wait_for(&["Quit now?"]);
    s.send(b"y");
    assert!(s.wait_exit().success());
    assert_eq!(home.games().len(), 1);
    assert_eq!(id(&home.games()[0]), id(&game));
}

/// The start screen lists the unfinished games; a digit continues one.
#[test]
fn the_start_screen_continues_an_unfinished_game() {
    let home = Home::new("start-screen");
    play_and_quit(&home, &["11-15"]);
    play_and_quit(&home, &["9-13", "22-18", "11-15"]);
    let mut s = home.start(&[]);
    s.wait_for(&[
        "Unfinished games:",
        "English draughts, 1 move, ",
        "English draughts, 2 moves, ",
    ]);
    s.send(b"2");
    s.wait_for(&["1. 11-15", "resumed game"]);
    s.command("23-19", &["23-19"]);
    s.quit();
    assert_eq!(home.games().len(), 2);
    home.find(2, "unfinished");
}

/// `games --delete` asks on a terminal, needs --yes without one, and never
/// deletes a game another instance plays.
#[test]
fn games_delete_asks_first_and_refuses_without_a_yes() {
    let home = Home::new("delete");
    play_and_quit(&home, &["11-15"]);
    let game = id(&home.find(1, "unfinished"));
    let (code, _, err) = home.run(&["games", "--delete", &game]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--yes"), "{err}");
    let mut s = home.start(&["games", "--delete", &game]);
    s.wait_for(&["Delete game", "[y/N]"]);
    s.send(b"n\r");
    s.wait_for(&["kept game"]);
    assert!(s.wait_exit().success());
    assert_eq!(home.games().len(), 1);
    let mut playing = home.start(&["--resume", &game]);
    playing.wait_for(&["1. 11-15"]);
    let (code, _, err) = home.run(&["games", "--delete", &game, "--yes"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("open in another checkers"), "{err}");
    playing.quit();
    let (code, out, err) = home.run(&["games", "--delete", &game, "--yes"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("deleted game {game}")));
    assert!(home.games().is_empty());
    let (code, _, err) = home.run(&["games", "--delete", &game, "--yes"]);
    assert_eq!(code, 2);
    assert!(err.contains("no saved game has the id"), "{err}");
}

/// `--resume` without a game to resume, or with an id no game has, says so in
/// one line with exit code 2.
#[test]
fn resume_says_when_there_is_nothing_to_resume() {
    let home = Home::new("resume-nothing");
    let (code, _, err) = home.run(&["--resume"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("there is no unfinished game to resume"),
        "{err}"
    );
    let (code, _, err) = home.run(&["play", "--resume", "20261123"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no saved game has the id `20261123`"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = home.run(&["--resume", "../../etc/passwd"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a game id"), "{err}");
}

/// `checkers games` keeps its columns straight whatever a record holds: a
/// variant longer than the usual column ("international") and a long player's
/// name widen their column instead of pushing the rest aside.
#[test]
fn the_games_list_keeps_its_columns_whatever_the_records_hold() {
    let home = Home::new("columns");
    let dir = home.games_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("20261126-120000-1.pdn"),
        "[White \"Alexander Schwarzman the Long\"]\n[Black \"B\"]\n[GameType \"20\"]\n\
         [Result \"*\"]\n\n1. 32-28 19-23 *\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("20261126-120001-1.pdn"),
        "[White \"W\"]\n[Black \"B\"]\n[GameType \"21\"]\n[Result \"*\"]\n\n1. 11-15 *\n",
    )
    .unwrap();
    let (code, out, err) = home.run(&["games"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let header = lines[0];
    let black_at = header.find("black").unwrap();
    let moves_at = header.find("moves").unwrap();
    for row in &lines[1..3] {
        assert_eq!(&row[black_at..black_at + 1], "B", "{out}");
        assert!(
            row.chars().nth(moves_at - 1).is_some_and(|c| c == ' '),
            "{out}"
        );
    }
    assert!(out.contains("international"), "{out}");
}

/// The start screen leaves out a saved game without a move, dates the games it
/// lists, and says how many more another terminal plays now.
#[test]
fn the_start_screen_skips_empty_games_dates_the_others_and_counts_those_open_elsewhere() {
    let home = Home::new("start-screen-list");
    play_and_quit(&home, &["11-15"]);
    play_and_quit(&home, &["9-13", "22-18"]);
    let empty = "[Event \"checkers game\"]\n[Result \"*\"]\n[GameType \"21\"]\n\n*\n";
    std::fs::write(home.games_dir().join("20261126-120000-9.pdn"), empty).unwrap();
    assert!(
        home.games().iter().any(|g| g["moves"] == 0),
        "{:?}",
        home.games()
    );
    let open = id(&home.find(2, "unfinished"));
    let mut playing = home.start(&["--resume", &open]);
    playing.wait_for(&["1. 9-13      22-18"]);
    let mut s = home.start(&[]);
    s.wait_for(&[
        "Unfinished games:",
        "English draughts, 1 move, 20",
        " UTC ",
        "1 more open in another terminal",
    ]);
    assert!(!s.contents().contains("0 moves"), "{}", s.contents());
    assert!(!s.contents().contains("2 moves"), "{}", s.contents());
    s.send(b"q");
    assert!(s.wait_exit().success());
    playing.quit();
}

/// `play --resume ID --no-touch-move` plays the game without touch-move, as
/// the status line's advice says; without the flag the rule is in force.
#[test]
fn resume_honours_no_touch_move() {
    let home = Home::new("resume-touch");
    let mut s = home.start(&["play", "--variant", "russian"]);
    s.wait_for(&["White to move"]);
    s.command("c3-d4", &["c3-d4"]);
    s.quit();
    let first = id(&home.find(1, "unfinished"));
    let mut s = home.start(&["play", "--resume", &first]);
    s.wait_for(&["1. c3-d4", "touch-move in force"]);
    s.quit();
    let mut s = home.start(&["play", "--resume", &first, "--no-touch-move"]);
    s.wait_for(&["1. c3-d4"]);
    assert!(!s.contents().contains("touch-move"), "{}", s.contents());
    s.quit();
}
