//! `checkers review FILE --pdn OUT`: the engine's verdicts written as an
//! annotated record that this program and another PDN reader read back.

use super::*;

fn fixture() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/review_blunder.pdn")
        .display()
        .to_string()
}

#[test]
fn review_marks_the_blunder_and_writes_a_record_that_reads_back() {
    let dir = std::env::temp_dir().join(format!("checkers-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("reviewed.pdn");
    let _ = std::fs::remove_file(&out);
    let out_s = out.to_str().unwrap();
    let args = ["review", &fixture(), "--depth", "8", "--pdn", out_s];
    let run = checkers(&args, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // White's 2. f4-e5 gives two men away: a blunder, with the move to play instead.
    assert!(
        run.stdout
            .contains("white: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("2. f4-e5?? "), "{}", run.stdout);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("f4-e5??"), "{text}");
    assert!(text.contains("blunder; best "), "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    // Read back: every move replays.
    let check = checkers(&["pdn", "check", out_s], None);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check.stdout.contains("replayed to the end          1"),
        "{}",
        check.stdout
    );
    // Never over a file that is there, unless asked.
    let again = refused(&args, None, &["exists: give another name, or --force"]);
    assert_eq!(again.stdout, "");
    let forced = checkers(&[&args[..], &["--force"]].concat(), None);
    assert_eq!(forced.code, 0, "{}", forced.stderr);
    // A folder that is not there is refused before the review, not after it.
    let lost = out.with_file_name("no-such-folder").join("r.pdn");
    let nowhere = [
        "review",
        &fixture(),
        "--depth",
        "8",
        "--pdn",
        lost.to_str().unwrap(),
    ];
    let refusal = refused(&nowhere, None, &["no such folder for --pdn"]);
    assert_eq!(refusal.stdout, "");
    // Another reader: pydraughts, where it is installed.
    let py = Command::new("python3")
        .args(["-c", "import draughts.PDN"])
        .status();
    if py.is_ok_and(|s| s.success()) {
        let script = "import sys\nfrom draughts.PDN import PDNReader\n\
                      g = PDNReader(filename=sys.argv[1]).games[0]\nprint(len(g.moves), g.moves[2])";
        let read = Command::new("python3")
            .args(["-c", script, out_s])
            .output()
            .unwrap();
        assert!(
            read.status.success(),
            "{}",
            String::from_utf8_lossy(&read.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&read.stdout).trim(), "58 f4-e5");
    } else {
        eprintln!("pydraughts is not installed: the second reader is not tried");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn review_refuses_a_game_without_moves_and_a_missing_file() {
    let args = |file: &str| {
        [
            "review",
            file,
            "--depth",
            "2",
            "--pdn",
            "/nonexistent/out.pdn",
        ]
        .map(String::from)
    };
    let run = |file: &str| {
        let a = args(file);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        refused(&a, None, &[file]).stderr
    };
    assert!(run("/nonexistent/game.pdn").contains("/nonexistent/game.pdn"));
    let empty =
        std::env::temp_dir().join(format!("checkers-review-empty-{}.pdn", std::process::id()));
    std::fs::write(&empty, "[GameType \"25\"]\n\n*\n").unwrap();
    let e = empty.to_str().unwrap();
    assert!(run(e).contains("game 1 has no moves to review"));
    let _ = std::fs::remove_file(&empty);
}

#[test]
fn a_review_keeps_a_result_the_board_does_not_show() {
    let dir = std::env::temp_dir().join(format!("checkers-review-result-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Russian, White's score first (GameType 25): White resigned after two moves.
    // English without GameType, as CheckerBoard writes it: the first mover's score
    // first, so "1-0" there is Black's win, "0-1" in PDN's own order.
    for (name, record, kept) in [
        (
            "ru",
            "[GameType \"25\"]\n1. c3-d4 f6-g5 2. b2-c3 0-1\n",
            "0-1",
        ),
        ("en", "1. 11-15 23-19 2. 8-11 1-0\n", "0-1"),
        ("draw", "1. 11-15 23-19 1/2-1/2\n", "1/2-1/2"),
    ] {
        let input = dir.join(format!("{name}.pdn"));
        std::fs::write(&input, record).unwrap();
        let out = dir.join(format!("{name}.out.pdn"));
        let _ = std::fs::remove_file(&out);
        let (input, out_s) = (input.to_str().unwrap(), out.to_str().unwrap());
        let run = checkers(&["review", input, "--depth", "4", "--pdn", out_s], None);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.contains(&format!("[Result \"{kept}\"]")),
            "{name}: {text}"
        );
        assert!(text.trim_end().ends_with(kept), "{name}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
