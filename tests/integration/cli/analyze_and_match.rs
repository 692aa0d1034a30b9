//! `checkers analyze` and `checkers match`.

use super::*;

/// Text: one line per finished depth, then the best move in the variant's notation.
#[test]
fn analyze_prints_each_depth_then_the_best_move() {
    let out = ok(&["analyze", "--variant", "russian", "--depth", "5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, line) in lines[..5].iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {:>2}  score ", i + 1)),
            "{line}"
        );
        assert!(line.contains(" nodes ") && line.contains(" nps ") && line.contains(" pv "));
    }
    let last = lines[5];
    assert!(
        last.starts_with("best ") && last.ends_with("depth 5"),
        "{last}"
    );
    let best = last.split_whitespace().nth(1).unwrap();
    assert!(best.contains('-') && best.len() == 5, "algebraic: {best}");
}

/// JSON: one object per depth, then a final one whose "best" is written as
/// `moves --json` writes the same move, and whose "notation" names it.
#[test]
fn analyze_json_best_matches_the_moves_format() {
    let fen = "W:W27:B18,19";
    let out = ok(&[
        "analyze",
        "--variant",
        "english",
        "--fen",
        fen,
        "--depth",
        "4",
        "--json",
    ]);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objs.len(), 5);
    for (i, o) in objs[..4].iter().enumerate() {
        assert_eq!(o["depth"], i as u64 + 1);
        for key in ["score", "nodes", "nps", "ms", "pv"] {
            assert!(!o[key].is_null(), "{key} in {o}");
        }
    }
    let last = &objs[4];
    // Whichever move it is, `moves --json` lists the same object for it.
    let legal: Vec<serde_json::Value> =
        ok(&["moves", "--variant", "english", "--fen", fen, "--json"])
            .lines()
            .flat_map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                match v {
                    serde_json::Value::Array(a) => a,
                    other => vec![other],
                }
            })
            .collect();
    assert!(
        legal.contains(&last["best"]),
        "{} in {legal:?}",
        last["best"]
    );
    let text = last["notation"].as_str().unwrap();
    let texts = ok(&["moves", "--variant", "english", "--fen", fen]);
    assert!(texts.lines().any(|l| l == text), "{text} in {texts}");
}

#[test]
fn analyze_refuses_a_position_without_a_legal_move() {
    refused(
        &[
            "analyze",
            "--variant",
            "english",
            "--fen",
            "W:W9:B2,5,6",
            "--depth",
            "3",
        ],
        None,
        &["no legal move"],
    );
    refused(&["analyze", "--variant", "english"], None, &["--depth"]);
}

/// A file already at `--pdn` is refused before any game is played (a reviewer
/// lost one to a two-game match); `--force` replaces it, with the games.
#[test]
fn match_never_replaces_a_pdn_file_unasked() {
    let dir = std::env::temp_dir().join(format!("checkers-match-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("existing.pdn");
    std::fs::write(&pdn, "precious\n").unwrap();
    let mut args = vec![
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--movetime",
        "20",
        "--white-level",
        "3",
        "--black-level",
        "2",
        "--jobs",
        "1",
        "--pdn",
        pdn.to_str().unwrap(),
    ];
    // One line and nothing else: no game was played.
    let run = refused(
        &args,
        None,
        &["existing.pdn exists: give another name, or --force"],
    );
    assert_eq!(run.stdout, "");
    assert_eq!(std::fs::read_to_string(&pdn).unwrap(), "precious\n");
    args.push("--force");
    let run = checkers(&args, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(checkers::pdn::read_games(&text).unwrap().len(), 2, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A short match between the two lowest levels: the results table, one plain
/// progress line per game on standard error, and every game in the PDN file.
#[test]
fn match_prints_a_table_and_writes_every_game() {
    let dir = std::env::temp_dir().join(format!("checkers-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("games.pdn");
    let args = [
        "match",
        "--variant",
        "english",
        "--games",
        "4",
        "--white-level",
        "2",
        "--black-level",
        "1",
        "--pdn",
        pdn.to_str().unwrap(),
    ];
    let run = checkers(&args, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let progress: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(progress.len(), 4, "{}", run.stderr);
    assert!(progress[3].starts_with("game 4/4: "), "{}", progress[3]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("match") && lines[0].contains("elo"),
        "{}",
        run.stdout
    );
    assert!(lines[1].starts_with("level 2 v level 1"), "{}", lines[1]);
    let nums: Vec<u32> = lines[1]
        .split_whitespace()
        .skip(5)
        .take(4)
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(nums[0], 4, "games");
    assert_eq!(nums[1] + nums[2] + nums[3], 4, "wins + draws + losses");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let games = checkers::pdn::read_games(&text).unwrap();
    assert_eq!(games.len(), 4);
    let check = ok(&["pdn", "check", "--verbose", pdn.to_str().unwrap()]);
    assert_eq!(check.lines().count(), 4, "{check}");
    assert!(
        check
            .lines()
            .all(|l| l.contains("(checkers level ") && l.contains("ok, ")),
        "{check}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--sprt` reports the test under the table, and `--movetime` each side's
/// time per move as a share of the time given.
#[test]
fn match_reports_the_sequential_test_and_each_sides_time() {
    let run = checkers(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "4",
            "--movetime",
            "5",
            "--white-level",
            "2",
            "--black-level",
            "1",
            "--sprt",
            "0,10",
            "--jobs",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.lines().all(|l| l.contains("LLR ")),
        "{}",
        run.stderr
    );
    let sprt = run
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT elo0 0 elo1 10 (alpha 0.05, beta 0.05): LLR "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(sprt.contains("bounds (-2.94, 2.94)"), "{sprt}");
    // Four games are two pairs, each counted once by its points.
    let pairs = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("pairs, by the first player's points of 2: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let counted: usize = pairs
        .split(", ")
        .map(|part| {
            let n = part.split(": ").nth(1).unwrap();
            n.split(' ').next().unwrap().parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(counted, 2, "{pairs}");
    assert!(
        ["H1 accepted after", "H0 accepted after", "undecided"]
            .iter()
            .any(|v| sprt.contains(v)),
        "{sprt}"
    );
    assert!(
        run.stdout.contains("time per move, of 5 ms given:"),
        "{}",
        run.stdout
    );
    for side in ["level 2 (first): mean ", "level 1 (second): mean "] {
        let line = run
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(side))
            .unwrap_or_else(|| panic!("{side}: {}", run.stdout));
        assert!(
            line.contains("99.9th percentile")
                && line.contains(" moves; ")
                && line.contains(" in the endgame tables, mean of the "),
            "{line}"
        );
    }
}

/// `--clock` plays on a clock for each side and says how many games were
/// lost on time; it cannot be combined with `--movetime`.
#[test]
fn match_plays_on_a_clock() {
    let run = checkers(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--clock",
            "0.5+0",
            "--white-level",
            "1",
            "--black-level",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("clock 0.5+0 each: mean time per move ")
                && l.ends_with(" lost on time")),
        "{}",
        run.stdout
    );
    refused(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--clock",
            "1+0",
            "--movetime",
            "5",
            "--white-level",
            "1",
            "--black-level",
            "1",
        ],
        None,
        &["--clock", "--movetime"],
    );
    refused(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--white-level",
            "1",
            "--opponent",
            "hub:checkers hub",
        ],
        None,
        &["--opponent needs --movetime or --clock"],
    );
    refused(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--white-level",
            "1",
            "--black-level",
            "1",
            "--sprt",
            "10,0",
        ],
        None,
        &["must be above"],
    );
}

/// Starts `checkers match --variant english --games 2000 --jobs 1` with
/// `args`, waits for its first game to end and sends it SIGINT: to the match
/// alone, or (`group`) to the process group it leads, as a terminal's Ctrl-C
/// does. Returns whether it exited successfully, its standard output and the
/// rest of its standard error.
#[cfg(target_os = "linux")]
fn interrupt_a_match(args: &[&str], group: bool) -> (bool, String, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_checkers"));
    command
        .args([
            "match",
            "--variant",
            "english",
            "--games",
            "2000",
            "--jobs",
            "1",
        ])
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if group {
        command.process_group(0);
    }
    let mut child = command.spawn().unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.starts_with("game 1/2000: "), "{first}");
    let pid = child.id() as i32;
    // SAFETY: kill(2) of our own child, whose pid is live until waited for, or
    // of the group it leads.
    assert_eq!(
        unsafe { libc::kill(if group { -pid } else { pid }, libc::SIGINT) },
        0
    );
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.success(), stdout, rest)
}

/// Ctrl-C stops a match without losing it: no new game starts, the one under
/// way finishes, and the report covers the games played.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_match_reports_the_games_it_played() {
    let (ok, stdout, err) = interrupt_a_match(&["--white-level", "2", "--black-level", "2"], false);
    assert!(ok, "{stdout}{err}");
    let stopped = stdout
        .lines()
        .find(|l| l.starts_with("(stopped by a signal: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let played: u32 = stopped["(stopped by a signal: ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..2000).contains(&played), "{stopped}");
    let row = stdout
        .lines()
        .find(|l| l.starts_with("level 2 v level 2"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let games: u32 = row.split_whitespace().nth(5).unwrap().parse().unwrap();
    assert_eq!(games, played, "{stdout}");
}

/// Ctrl-C in a terminal reaches every process of the foreground group: the
/// match, and an engine it plays must not die of it in the middle of a game.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_in_the_terminal_does_not_kill_the_opponent_engine() {
    let me = env!("CARGO_BIN_EXE_checkers");
    let hub = format!("hub:{me} hub");
    let (ok, stdout, rest) = interrupt_a_match(
        &["--movetime", "5", "--white-level", "2", "--opponent", &hub],
        true,
    );
    assert!(ok, "{stdout}{rest}");
    assert!(stdout.contains("(stopped by a signal: "), "{stdout}");
    assert!(
        !stdout.contains("forfeit") && !rest.contains("forfeit"),
        "{stdout}{rest}"
    );
    // The match cannot see the Hub engine's table lookups, so it does not
    // count them as none.
    let hub_line = stdout
        .lines()
        .find(|l| l.contains("(second): mean "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        hub_line.ends_with("; its endgame tables are not seen through the Hub")
            && !hub_line.contains(" in the endgame tables, mean of the "),
        "{hub_line}"
    );
}

#[test]
fn match_refuses_a_level_out_of_range() {
    refused(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--white-level",
            "11",
            "--black-level",
            "1",
        ],
        None,
        &["11"],
    );
}

/// `checkers train` on 10×10, self-play rounds and all, with a network: the
/// weights it writes are international's, and `analyze` plays with them.
#[test]
fn train_runs_end_to_end_on_10x10() {
    let dir = std::env::temp_dir().join(format!("checkers-train10-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("i.ckev");
    let out_s = out.to_str().unwrap();
    let run = checkers(
        &[
            "train",
            "--variant",
            "international",
            "--rounds",
            "1",
            "--games",
            "4",
            "--depth",
            "2",
            "--network",
            "--network-epochs",
            "1",
            "--out",
            out_s,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let file = checkers::ai::evalfile::EvalFile::read(&out).unwrap();
    assert_eq!(file.board(), checkers::BOARD_10);
    assert!(file.network.is_some());
    analyze_plays_with(&["--variant", "international", "--depth", "4"], out_s);
    // Weights for 10×10 are refused for an 8×8 game, with one line.
    refused(
        &[
            "analyze",
            "--variant",
            "brazilian",
            "--depth",
            "2",
            "--eval",
            out_s,
        ],
        None,
        &["international"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `checkers analyze` with these `rules` and limits (flags) loads the weights
/// file `eval` and gives a best move.
fn analyze_plays_with(rules: &[&str], eval: &str) {
    let args = [&["analyze"], rules, &["--eval", eval]].concat();
    let out = ok(&args);
    assert!(out.lines().last().unwrap().starts_with("best "), "{out}");
}

/// On 12×12 the pattern weights and the network (of the smallest size) train end to end and play.
#[test]
fn train_runs_end_to_end_on_12x12_with_a_network() {
    let dir = std::env::temp_dir().join(format!("checkers-train12-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("c.ckev");
    let out_s = out.to_str().unwrap();
    let args = [
        "train",
        "--variant",
        "canadian",
        "--rounds",
        "1",
        "--games",
        "2",
        "--depth",
        "2",
        "--network",
        "--network-epochs",
        "1",
        "--hidden",
        "32",
        "--out",
        out_s,
    ];
    let run = checkers(&args, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let file = checkers::ai::evalfile::EvalFile::read(&out).unwrap();
    assert_eq!(file.board(), checkers::BOARD_12);
    assert!(file.network.is_some());
    analyze_plays_with(&["--variant", "canadian", "--depth", "3"], out_s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The training pipeline end to end on a small scale: self-play data, pattern
/// weights and a network fitted on top, and the weights file loaded by
/// `analyze`; a network needs data to fit.
#[test]
fn selfplay_then_train_with_a_network_gives_weights_analyze_loads() {
    let dir = std::env::temp_dir().join(format!("checkers-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("pool.data");
    let weights = dir.join("pool.ckev");
    let net = dir.join("pool.net.ckev");
    let (data_s, weights_s, net_s) = (
        data.to_str().unwrap(),
        weights.to_str().unwrap(),
        net.to_str().unwrap(),
    );
    let step = |args: &[&str]| {
        let run = checkers(args, None);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        run
    };
    let p = pool();
    let rules = ["--ruleset", p.as_str()];
    let selfplay = ["selfplay", "--games", "6", "--depth", "2", "--out", data_s];
    step(&[&selfplay[..1], &rules, &selfplay[1..]].concat());
    let patterns = ["--data", data_s, "--epochs", "2", "--out", weights_s];
    step(&[&["train"], &rules[..], &patterns].concat());
    let network = [
        "--data",
        data_s,
        "--base",
        weights_s,
        "--network-epochs",
        "2",
        "--out",
        net_s,
    ];
    let run = step(&[&["train"], &rules[..], &network].concat());
    // Epoch 0 is the loss of the evaluation the network corrects.
    assert!(
        run.stderr.contains("epoch  0: train loss"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("epoch  2: train loss"),
        "{}",
        run.stderr
    );
    let size = |f: &std::path::Path| std::fs::metadata(f).unwrap().len();
    let params = |hidden: u64| ((4 * 32 + 1) + 2) * hidden;
    assert_eq!(size(&net), size(&weights) + params(64) * 4);
    analyze_plays_with(&["--ruleset", &p, "--depth", "4"], net_s);
    // A larger hidden layer, asked for, is what the file holds and what plays.
    let wide = dir.join("pool.wide.ckev");
    let wide_s = wide.to_str().unwrap();
    let mut larger = network;
    larger[larger.len() - 1] = wide_s;
    let wide_run = step(&[&["train"], &rules[..], &larger, &["--hidden", "256"]].concat());
    assert_eq!(size(&wide), size(&weights) + params(256) * 4);
    analyze_plays_with(&["--ruleset", &p, "--depth", "4"], wide_s);
    // A fit that keeps the base's network takes its size, and starts where
    // that network's fit ended on the same data.
    let kept = dir.join("pool.kept.ckev");
    let kept_s = kept.to_str().unwrap();
    // `train --keep-network` from `base`, `extra` flags before `--out`.
    let keeping = |base: &str, extra: &[&str]| -> Vec<String> {
        let head = [
            "train",
            "--ruleset",
            &p,
            "--data",
            data_s,
            "--base",
            base,
            "--keep-network",
        ];
        let tail = ["--out", kept_s, "--force"];
        head.iter()
            .chain(extra)
            .chain(&tail)
            .map(|s| s.to_string())
            .collect()
    };
    let args = keeping(
        wide_s,
        &["--learning-rate", "0.0001", "--network-epochs", "1"],
    );
    let kept_run = step(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(size(&kept), size(&wide));
    let loss = |stderr: &str, epoch: &str| -> f64 {
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("epoch {epoch}: train loss")))
            .unwrap_or_else(|| panic!("no epoch {epoch} in {stderr}"));
        line.split_whitespace().nth(4).unwrap().parse().unwrap()
    };
    let (ended, started) = (loss(&wide_run.stderr, " 2"), loss(&kept_run.stderr, " 0"));
    assert!((ended - started).abs() <= 2e-5, "{ended} then {started}");
    // A larger --hidden widens the kept network: its new units start silent,
    // so the fit starts where the narrow network's ended.
    let args = keeping(net_s, &["--hidden", "128", "--network-epochs", "1"]);
    let widened = step(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(size(&kept), size(&weights) + params(128) * 4);
    let (ended, started) = (loss(&run.stderr, " 2"), loss(&widened.stderr, " 0"));
    assert!((ended - started).abs() <= 2e-5, "{ended} then {started}");
    analyze_plays_with(&["--ruleset", &p, "--depth", "4"], kept_s);
    let args = keeping(weights_s, &[]);
    refused(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        None,
        &["--keep-network", "no network"],
    );
    let args = keeping(wide_s, &["--learning-rate", "0"]);
    refused(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        None,
        &["`0`", "step size"],
    );
    let mut args = keeping(wide_s, &[]);
    args.retain(|a| a != "--base" && a != wide_s);
    refused(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        None,
        &["--base"],
    );
    refused(
        &[
            &["train"],
            &rules[..],
            &larger,
            &["--hidden", "100", "--force"],
        ]
        .concat(),
        None,
        &["`100`", "32 / 64 / 128 / 256"],
    );
    refused(
        &[
            "train",
            "--ruleset",
            &p,
            "--base",
            weights_s,
            "--out",
            net_s,
            "--force",
        ],
        None,
        &["--data"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `checkers book build` writes a book that `match --book` plays; an existing
/// file is kept without --force, and a book is refused for another variant.
#[test]
fn book_build_writes_a_book_that_match_plays_and_refuses_to_clobber() {
    let dir = std::env::temp_dir().join(format!("checkers-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("en.book");
    let book_s = book.to_str().unwrap();
    let build = [
        "book",
        "build",
        "--variant",
        "english",
        "--out",
        book_s,
        "--plies",
        "1",
        "--line",
        "1",
        "--movetime",
        "5",
        "--jobs",
        "1",
    ];
    let run = checkers(&build, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("positions in"), "{}", run.stderr);
    let text = std::fs::read_to_string(&book).unwrap();
    let rules = checkers::Ruleset::builtin("english").unwrap();
    let read = checkers::ai::book::OpeningBook::parse(&text, &rules).unwrap();
    // The start, the 7 positions after White's first move, and a reply each.
    assert!(read.len() >= 8, "{text}");
    refused(&build, None, &["exists: give another name, or --force"]);
    assert_eq!(std::fs::read_to_string(&book).unwrap(), text, "kept whole");
    // Refused before the searches, not after them.
    let lost = dir.join("no-such-folder").join("en.book");
    let mut nowhere = build;
    nowhere[5] = lost.to_str().unwrap();
    refused(&nowhere, None, &["no such folder for --out"]);

    let played = [
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--white-level",
        "2",
        "--black-level",
        "1",
        "--book",
        book_s,
    ];
    let run = checkers(&played, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("with a book"), "{}", run.stdout);
    let mut russian = played;
    russian[2] = "russian";
    refused(&russian, None, &["the book is for english, not russian"]);
    let not_a_book = dir.join("nothing.book");
    std::fs::write(&not_a_book, "hello\n").unwrap();
    let mut bad = played;
    bad[10] = not_a_book.to_str().unwrap();
    refused(&bad, None, &["line 1: expected 4 fields"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
