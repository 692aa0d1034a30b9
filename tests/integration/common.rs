//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod arb;
pub mod corpus;
pub mod mutate;
pub mod reference;

use checkers::{fen, Color, Position, Ruleset, Square};
use proptest::test_runner::Config as ProptestConfig;
use std::sync::OnceLock;

/// A position from a small ASCII diagram, rank 8 at the top, file a on the left.
///
/// One character per square, spaces between them optional: `w`/`b` a white/black
/// man, `W`/`B` a king, `.` or `-` an empty square (light squares must be empty).
pub fn board(side: Color, diagram: &str) -> Position {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| {
            l.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<char>>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(rows.len(), 8, "a diagram has 8 rows");
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 8, "row {} has 8 squares: {row:?}", i + 1);
        let rank = 7 - i as u8;
        for (file, &c) in row.iter().enumerate() {
            if c == '.' || c == '-' {
                continue;
            }
            let sq = checkers::BOARD_8
                .square_at(file as u8, rank)
                .unwrap_or_else(|| panic!("piece `{c}` on a light square, row {}", i + 1));
            let item = |k: bool| {
                format!(
                    "{}{}",
                    if k { "K" } else { "" },
                    checkers::BOARD_8.number(sq).unwrap()
                )
            };
            match c {
                'w' => white.push(item(false)),
                'W' => white.push(item(true)),
                'b' => black.push(item(false)),
                'B' => black.push(item(true)),
                other => panic!("unknown diagram character `{other}`"),
            }
        }
    }
    let f = format!(
        "{}:W{}:B{}",
        side.letter(),
        white.join(","),
        black.join(",")
    );
    fen::parse(&f, &checkers::BOARD_8)
        .unwrap_or_else(|e| panic!("diagram gives a bad position: {e}"))
}

/// Algebraic square, panicking on a typo in a test.
pub fn sq(name: &str) -> Square {
    checkers::BOARD_8
        .square_named(name)
        .unwrap_or_else(|| panic!("`{name}` is not a dark square"))
}

/// The built-in ruleset `id`, parsed once for the whole test binary.
///
/// With the usual face: a turned board (Italian, Spanish, Portuguese) is held
/// by the engine as its mirror image, and the rules are the same in a mirror,
/// so the diagrams, FENs and move texts of the tests of rules name the same
/// squares in every variant. The faces themselves are tested with the
/// rulesets as they are (`rules::turned_board`).
pub fn builtin(id: &str) -> &'static Ruleset {
    static ALL: OnceLock<Vec<Ruleset>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Ruleset::builtins();
        for r in &mut all {
            r.notation.geometry = r.geometry().plain();
        }
        all
    })
    .iter()
    .find(|r| r.id == id)
    .unwrap_or_else(|| panic!("no built-in variant {id}"))
}

/// The ids of the built-in variants whose ruleset has a setting, in the built-in order:
/// `builtins_where(|r| r.king_moves == KingMoves::AnyDistance)` are the flying kings. Never
/// empty, so that a loop over them always tests something.
#[track_caller]
pub fn builtins_where(setting: impl Fn(&Ruleset) -> bool) -> Vec<&'static str> {
    let ids: Vec<&'static str> = Ruleset::builtin_ids()
        .filter(|id| setting(builtin(id)))
        .collect();
    assert!(!ids.is_empty(), "no built-in variant has the setting");
    ids
}

/// Proptest settings: `default` cases unless `PROPTEST_CASES` says otherwise.
pub fn proptest_config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Runs `checkers ARGS` as a Hub engine: sends `input`, keeps standard input open
/// until the engine answers a `go` with `done` (the end of input would stop the
/// search, at a moment that depends on the machine's load), then sends `quit`.
/// Returns standard output and standard error.
pub fn hub_until_done(args: &[&str], input: &str) -> (String, String) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start checkers");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(input.as_bytes())
        .expect("write to the engine");
    let mut stderr = child.stderr.take().expect("stderr");
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut out = String::new();
    let mut stdin = Some(stdin);
    // Read to the end: what comes after `done`, up to `quit`, is kept too.
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("engine output");
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("done ") {
            if let Some(mut stdin) = stdin.take() {
                let _ = stdin.write_all(b"quit\n");
            }
        }
    }
    drop(stdin);
    let status = child.wait().expect("the engine exits");
    assert!(status.success(), "{status:?}\n{out}");
    (out, err.join().expect("stderr reader"))
}
