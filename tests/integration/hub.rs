//! `checkers hub`: the Hub protocol on standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Sends `input`, closes standard input, and returns (stdout lines, stderr).
fn session(input: &str) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines = BufReader::new(&out.stdout[..])
        .lines()
        .map(Result::unwrap)
        .collect();
    (lines, String::from_utf8_lossy(&out.stderr).to_string())
}

#[test]
fn handshake_parameters_and_ping() {
    let (lines, err) = session("hub\ninit\nping\nnonsense with=args\nquit\n");
    assert!(
        lines[0].starts_with("id name=checkers version="),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("param name=variant")
        && l.contains("values=\"english dammen64 brazilian russian german\"")));
    let wait = lines.iter().position(|l| l == "wait").unwrap();
    assert_eq!(
        &lines[wait + 1..],
        ["ready", "pong"],
        "unknown commands are ignored"
    );
    assert_eq!(err, "", "nothing on standard error in hub mode");
}

#[test]
fn a_search_reports_info_lines_and_a_legal_move_in_hub_form() {
    // Russian, White to move, after 22-18 23... : squares in docs/RULES.md numbering.
    let input = "hub\nset-param name=variant value=russian\ninit\n\
                 pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"\n\
                 level depth=5\ngo think\nping\n";
    let (lines, err) = session(input);
    assert_eq!(err, "");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 5, "{lines:?}");
    for l in &infos {
        assert!(
            l.contains(" score=") && l.contains(" nodes=") && l.contains(" pv=\""),
            "{l}"
        );
    }
    let done = lines.iter().find(|l| l.starts_with("done move=")).unwrap();
    // White must capture 15 from 18: the only legal move is 18x11x15.
    assert!(done.starts_with("done move=18x11x15"), "{done}");
    // ping is answered at once, even while the search runs.
    assert!(lines.iter().any(|l| l == "pong"));
}

#[test]
fn move_time_comes_in_seconds_and_stop_ends_an_analysis() {
    let input =
        "hub\ninit\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\nlevel move-time=0.05\ngo think\n";
    let (lines, _) = session(input);
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    let input = "hub\ninit\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\ngo analyze\nstop\nquit\n";
    let (lines, _) = session(input);
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}
