//! `checkers hub`: the Hub protocol on standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Sends `input`, closes standard input, and returns (stdout lines, stderr).
fn session(input: &str) -> (Vec<String>, String) {
    session_bytes(input.as_bytes())
}

/// `checkers hub` with its three streams piped.
fn spawn_hub() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_checkers"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// [`session`] for input that need not be text.
fn session_bytes(input: &[u8]) -> (Vec<String>, String) {
    let mut child = spawn_hub();
    child.stdin.take().unwrap().write_all(input).unwrap();
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
        && l.contains(
            "values=\"english dammen64 brazilian russian german international canadian italian czech spanish portuguese pool thai\""
        )));
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
    let (out, err) = crate::common::hub_until_done(&["hub"], input);
    let lines: Vec<String> = out.lines().map(String::from).collect();
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

const START: &str = "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("error ")).collect()
}

#[test]
fn level_numbers_out_of_range_are_refused_with_their_range_never_a_panic() {
    // 1e20 s does not fit a Duration: it used to abort the hub, then it was clamped
    // silently; each `level` number is now checked against its range, and a refused
    // line leaves the limits as they were (the first search runs until `stop`).
    let input = format!(
        "level move-time=1e20\npos pos={START}\ngo think\nstop\n\
         level time=1e300\nlevel time=60 inc=1e300\nlevel time=60 moves=0\n\
         level depth=1e30\nlevel nodes=1e40\nlevel depth=0\n\
         set-param name=hash value=99999999999999999999\nhub\nlevel move-time=-1\n\
         level move-time=nan\nlevel time=inf\nset-param name=hash value=lots\n\
         set-param name=hash value=1\nlevel depth=2\nlevel depth=2 inc=-5\ngo think\nping\n"
    );
    let (lines, err) = session(&input);
    assert_eq!(err, "");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("param name=hash value=4096 ")),
        "a table larger than the engine keeps is its largest: {lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("done move=")).count(),
        2,
        "{lines:?}"
    );
    let errors = errors(&lines);
    let expected = [
        ("move-time=1e20", "from 0 to 31536000"),
        ("time=1e300", "from 0 to 31536000"),
        ("inc=1e300", "from 0 to 31536000"),
        ("moves=0", "from 1 to 10000"),
        ("depth=1e30", "from 1 to 100"),
        ("nodes=1e40", "from 1 to "),
        ("depth=0", "from 1 to 100"),
        ("move-time=-1", "from 0 to"),
        ("move-time=nan", "from 0 to"),
        ("time=inf", "from 0 to"),
        ("hash=lots", "of 1 or more"),
        ("inc=-5", "from 0 to"),
    ];
    assert_eq!(errors.len(), expected.len(), "{lines:?}");
    for (e, (key, range)) in errors.iter().zip(expected) {
        assert!(
            e.starts_with("error message=\"") && e.contains(key) && e.contains(range),
            "{e} should name {key} and its range {range}"
        );
    }
}

#[test]
fn a_pos_that_cannot_be_read_is_refused_and_never_searched() {
    let input = "pos pos=Wbbb\ngo think\npos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n\
         pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq\nlevel depth=2\ngo think\nping\n";
    let (lines, _) = session(input);
    let errors = errors(&lines);
    assert_eq!(errors.len(), 5, "{lines:?}");
    assert!(errors[0].contains("pos has 4 characters"), "{}", errors[0]);
    assert!(errors[1].contains("no position to search"), "{}", errors[1]);
    assert!(errors[2].contains("side to move"), "{}", errors[2]);
    assert!(
        errors[3].contains("square 32 of pos is `q`"),
        "{}",
        errors[3]
    );
    assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
    // A good pos afterwards is searched.
    let input = format!("pos pos=Wbbb\npos pos={START}\nlevel depth=2\ngo think\nping\n");
    let (lines, _) = session(&input);
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}

#[test]
fn an_illegal_move_in_moves_refuses_the_whole_position() {
    // 11-10 is not a move: before, the list was cut there and the position after
    // 22-18 searched as if the GUI had sent it.
    let input = "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-10 12-16\"\n\
                 level depth=2\ngo think\nping\n";
    let (lines, _) = session(input);
    let errors = errors(&lines);
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(
        errors[0].contains("move 2 of moves, 11-10, is not a legal move"),
        "{}",
        errors[0]
    );
    assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("pong"));
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let mut input = b"hub\n".to_vec();
    input.extend_from_slice(b"pos pos=\xff\xfe\n");
    input.extend_from_slice(format!("pos pos={START}\nlevel depth=2\ngo think\nping\n").as_bytes());
    let (lines, _) = session_bytes(&input);
    let errors = errors(&lines);
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].contains("not UTF-8"), "{}", errors[0]);
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "pong"), "{lines:?}");
}

#[test]
fn error_lines_hold_no_control_character_from_the_input() {
    let input =
        "set-param name=variant value=\x1b]0;owned\x07\x1b[2J\npos pos=\x1b[31m\u{9b}\nping\n";
    let (lines, _) = session(input);
    let errors = errors(&lines);
    assert_eq!(errors.len(), 2, "{lines:?}");
    for l in &lines {
        assert!(!l.chars().any(char::is_control), "{l:?}");
    }
    assert!(errors[0].contains("\\u{1b}]0;owned\\u{7}"), "{}", errors[0]);
}

/// A `pos` refused because its line cannot be read (not UTF-8, or over 1 MiB)
/// forgets the position before it, as any refused `pos` does: `go` must not
/// answer with a move for White after the GUI sent a position with Black to move.
#[test]
fn a_pos_line_that_cannot_be_read_clears_the_position_before_it() {
    let long = format!("pos pos=B{}\n", "e".repeat(1 << 20));
    for refused in [b"pos pos=B\xff\xfe\n".to_vec(), long.into_bytes()] {
        let mut input = b"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n".to_vec();
        input.extend_from_slice(&refused);
        input.extend_from_slice(b"level depth=2\ngo think\nping\n");
        let (lines, _) = session_bytes(&input);
        let errors = errors(&lines);
        assert_eq!(errors.len(), 2, "{lines:?}");
        assert!(errors[1].contains("no position"), "{}", errors[1]);
        assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("pong"));
    }
}

/// A whole game of international draughts through the hub, driven as a Hub GUI
/// made for 10×10 engines drives one: no variant set (the 50-square `pos` says
/// the board), `init`, then before each move the start position and the moves
/// so far, `level`, `go think`, and the `done` move read back in Hub form
/// (`32-28`, or start `x` end and the captured squares). The library referees
/// every move; the game runs to its end by the rules.
#[test]
fn a_whole_10x10_game_is_played_through_the_hub_as_a_gui_drives_it() {
    use checkers::rules::builtin::INTERNATIONAL;
    use checkers::{Game, Position, Ruleset};
    let rules = Ruleset::builtin(INTERNATIONAL).unwrap();
    let geo = *rules.geometry();
    let mut child = spawn_hub();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut say = |line: &str| writeln!(to, "{line}").unwrap();
    let mut until = |word: &str| -> String {
        loop {
            let line = from.next().expect("the hub answers").unwrap();
            assert!(!line.starts_with("error"), "{line}");
            if line.split_whitespace().next() == Some(word) {
                return line;
            }
        }
    };
    say("hub");
    until("wait");
    say("init");
    until("ready");
    // The start as a Hub GUI writes it: the side to move, then squares 1-50.
    let start = Position::start(&rules);
    let mut pos_text = String::from("W");
    for sq in geo.all() {
        pos_text.push(match start.piece_at(sq) {
            Some(p) if p.color() == checkers::Color::White => 'w',
            Some(_) => 'b',
            None => 'e',
        });
    }
    assert_eq!(pos_text.len(), 51);
    let mut game = Game::from_position(rules.clone(), start);
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() {
        assert!(moves.len() < 600, "the draw rules end a game long before");
        say(&format!("pos pos={pos_text} moves=\"{}\"", moves.join(" ")));
        say("level depth=2");
        say("go think");
        let done = until("done");
        let text = done
            .split_whitespace()
            .find_map(|w| w.strip_prefix("move="))
            .unwrap_or_else(|| panic!("{done}"))
            .to_string();
        let numbers: Vec<u8> = text
            .split(['-', 'x'])
            .map(|n| n.parse().unwrap_or_else(|_| panic!("{text}")))
            .collect();
        let square = |n: u8| geo.square(n).unwrap_or_else(|| panic!("{text}: {n}"));
        let legal = game.legal_moves();
        let played = legal
            .iter()
            .find(|m| {
                m.from() == square(numbers[0])
                    && m.to() == square(numbers[1])
                    && m.capture_count() as usize == numbers.len() - 2
                    && numbers[2..]
                        .iter()
                        .all(|&n| m.captured().contains(square(n)))
                    && text.contains('x') == m.is_capture()
            })
            .copied()
            .unwrap_or_else(|| panic!("`{text}` is no legal move after {moves:?}"));
        game.play(&played).unwrap();
        moves.push(text);
    }
    say("quit");
    assert!(child.wait().unwrap().success());
    assert!(moves.len() > 20, "{moves:?}");
}

#[test]
fn the_threads_parameter_is_offered_set_and_checked() {
    // Set before the engine is made and again after it: every search answers,
    // the one without a limit when it is stopped.
    let (lines, err) = session(
        "hub\nset-param name=threads value=2\ninit\nlevel move-time=0.05\ngo think\nping\n\
         level infinite\ngo analyze\nstop\nlevel move-time=0.05\n\
         set-param name=threads value=1000\nhub\nset-param name=threads value=none\n\
         set-param name=threads value=0\nset-param name=threads value=1.5\n\
         set-param name=hash value=2.5\ngo think\nping\n",
    );
    assert_eq!(err, "");
    assert!(
        lines
            .iter()
            .any(|l| l == "param name=threads value=1 type=int min=1 max=64"),
        "offered, one by default: {lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "param name=threads value=64 type=int min=1 max=64"),
        "more than the most is the most: {lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("done move=")).count(),
        3,
        "{lines:?}"
    );
    let errors = errors(&lines);
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(
        errors[..3].iter().all(|e| e.contains("threads")),
        "{errors:?}"
    );
    assert!(errors[3].contains("hash=2.5"), "{errors:?}");
    // Counts: a fraction is refused, not cut down. More is taken as the most,
    // so the range is told as open, not as a word's largest.
    assert!(
        errors
            .iter()
            .all(|e| e.ends_with("is not a whole number of 1 or more\"")),
        "{errors:?}"
    );
}

/// A live hub session: lines to it, and its answers as they come.
struct Live {
    child: std::process::Child,
    to: std::process::ChildStdin,
    from: std::sync::mpsc::Receiver<String>,
}

impl Live {
    fn start() -> Live {
        let mut child = spawn_hub();
        let to = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, from) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live { child, to, from }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.to, "{line}").unwrap();
    }

    /// The lines up to the first that `stop_at` accepts, which ends the list;
    /// a hub that is silent for `secs` seconds fails the test.
    fn until(&mut self, secs: u64, stop_at: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .from
                .recv_timeout(std::time::Duration::from_secs(secs))
                .unwrap_or_else(|_| panic!("no answer in {secs} s after {lines:?}"));
            let end = stop_at(&line);
            lines.push(line);
            if end {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.say("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The search time an `info` line reports, in seconds.
fn info_time(line: &str) -> Option<f64> {
    line.strip_prefix("info ")?
        .split_whitespace()
        .find_map(|w| w.strip_prefix("time="))?
        .parse()
        .ok()
}

/// `go ponder` searches on past its level's time, since the clock does not run
/// for it; `ponder-hit` puts it under the level, and it answers with no `stop`.
#[test]
fn a_ponder_search_waits_for_ponder_hit_then_answers_under_its_level() {
    let mut hub = Live::start();
    hub.say("hub");
    hub.say("init");
    hub.until(60, |l| l == "ready");
    hub.say(&format!("pos pos={START}"));
    hub.say("level move-time=0.05");
    hub.say("go ponder");
    // Its own clock says when the level's time is spent twice over.
    let lines = hub.until(60, |l| info_time(l).is_some_and(|t| t >= 0.1));
    assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
    hub.say("ponder-hit");
    let lines = hub.until(30, |l| l.starts_with("done"));
    assert!(lines.last().unwrap().starts_with("done move="), "{lines:?}");
    hub.quit();
}

/// `go analyze` searches under the `level`, as in Scan: it ignored every level
/// but `infinite` and ran until `stop`. Before any `level`, it runs until `stop`.
#[test]
fn go_analyze_ends_at_the_levels_depth_without_a_stop() {
    let mut hub = Live::start();
    hub.say(&format!("pos pos={START}"));
    hub.say("level depth=4");
    hub.say("go analyze");
    let lines = hub.until(30, |l| l.starts_with("done"));
    let depths: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(depths.len(), 4, "{lines:?}");
    assert!(depths[3].starts_with("info depth=4 "), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("done move="), "{lines:?}");
    hub.quit();
}

/// A tab parts the words as a space does: `pos<TAB>pos=…` was an unknown
/// command, ignored, and the search ran from the position before it. A bare
/// `pos` is the start position, as in Scan, even after a refused one.
#[test]
fn a_tab_parts_the_words_and_a_bare_pos_is_the_start_position() {
    // Russian, White to move after 22-18 11-15: only 18x11x15 is legal.
    let input = "set-param name=variant value=russian\n\
                 pos\tpos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\tmoves=\"22-18 11-15\"\n\
                 level\tdepth=2\ngo\tthink\nping\n";
    let (lines, _) = session(input);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
    assert!(done.starts_with("done move=18x11x15"), "{lines:?}");
    // In english Black moves first: from the start every move is a man's
    // step from squares 9-12 to 13-16.
    let (lines, _) = session("pos pos=Xbbb\npos\nlevel depth=2\ngo think\nping\n");
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
    let from: u8 = done["done move=".len()..]
        .split('-')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((9..=12).contains(&from), "{done}");
}

/// `nodes` is a count: read as a number it took `1.5` and `1e3`, and a count
/// past the range it tells rounded into it.
#[test]
fn level_nodes_takes_whole_numbers_in_its_range_only() {
    let input = format!(
        "pos pos={START}\nlevel nodes=18000000000000000001\nlevel nodes=1.5\n\
         level nodes=1e3\nlevel nodes=-1\nlevel nodes=18000000000000000000\n\
         level nodes=5000\ngo think\nping\n"
    );
    let (lines, _) = session(&input);
    let errors = errors(&lines);
    let refused = ["18000000000000000001", "1.5", "1e3", "-1"];
    assert_eq!(errors.len(), refused.len(), "{lines:?}");
    for (e, value) in errors.iter().zip(refused) {
        assert_eq!(
            **e,
            format!(
                "error message=\"nodes={value} is not a whole number from 1 to 18000000000000000000\""
            )
        );
    }
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}

/// `depth` and `moves` are counts too: `depth=4.5` was searched as 4.
#[test]
fn level_depth_and_moves_take_whole_numbers_only() {
    let input = format!(
        "pos pos={START}\nlevel depth=4.5\nlevel time=10 moves=2.5\nlevel depth=2\ngo think\nping\n"
    );
    let (lines, _) = session(&input);
    let errors = errors(&lines);
    assert_eq!(
        errors,
        [
            "error message=\"depth=4.5 is not a whole number from 1 to 100\"",
            "error message=\"moves=2.5 is not a whole number from 1 to 10000\"",
        ],
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}

/// A time below 10 ms is kept: it was taken as 10 ms, which overran a clock of
/// 1 ms. With no time at all the search answers after its first depth.
#[test]
fn a_move_time_of_zero_answers_after_the_first_depth() {
    let input = format!("pos pos={START}\nlevel move-time=0\ngo think\nping\n");
    let (out, _) = crate::common::hub_until_done(&["hub"], &input);
    let infos: Vec<&str> = out.lines().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 1, "{out}");
    assert!(infos[0].starts_with("info depth=1 "), "{out}");
    assert!(out.contains("done move="), "{out}");
}
