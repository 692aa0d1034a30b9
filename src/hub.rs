//! `checkers hub`: the Hub protocol (Scan's text protocol, spoken by pydraughts
//! and lidraughts bots) on standard input and output, so other programs can use
//! the AI. Squares are the board's numbers of docs/RULES.md (1 = b8 … 32 = g1 on
//! 8×8, 1 … 50 on 10×10, as Scan numbers them) in every variant. Only protocol
//! lines go to standard output, nothing to standard error.

use checkers::ai::eval::Evaluator;
use checkers::ai::evalfile::EvalFile;
use checkers::ai::{Limits, MATE, MATE_BOUND};
use checkers::{legal_moves, Geometry, Move, Position, Ruleset, Square};
use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

mod session;
use session::Session;

/// `key=value` pairs of a command line; values may be quoted.
pub(crate) fn args(rest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = rest.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        if key.is_empty() {
            return out;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key, value));
    }
}

pub(crate) fn get<'a>(args: &'a [(String, String)], key: &str) -> Option<&'a str> {
    args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// `pos=W` + a character (`w`, `b`, `W`, `B`, `e`) for each square of the board
/// `geo` in number order (32 on 8×8, 50 on 10×10); the error says what is wrong with it.
fn parse_pos(text: &str, geo: &Geometry) -> Result<Position, String> {
    let chars: Vec<char> = text.chars().collect();
    let squares = geo.squares() as usize;
    if chars.len() != squares + 1 {
        return Err(format!(
            "pos has {} characters: it needs the side to move (W or B) and {squares} squares",
            chars.len()
        ));
    }
    let side = match chars[0] {
        'W' | 'w' => 'W',
        'B' | 'b' => 'B',
        _ => return Err("pos must start with the side to move, W or B".into()),
    };
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, &c) in chars[1..].iter().enumerate() {
        let n = i + 1;
        match c {
            'w' => white.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'b' => black.push(n.to_string()),
            'B' => black.push(format!("K{n}")),
            'e' | '.' => {}
            _ => {
                return Err(format!(
                    "square {n} of pos is `{c}`: use w, b, W, B (kings) or e (empty)"
                ))
            }
        }
    }
    checkers::fen::parse(
        &format!("{side}:W{}:B{}", white.join(","), black.join(",")),
        geo,
    )
    .map_err(|e| format!("pos is not a position: {e}"))
}

/// A move on the board `geo` in Hub form: `32-28`, or `from x to x captured…`
/// with the captured squares in increasing order.
pub(crate) fn hub_move(m: &Move, geo: &Geometry) -> String {
    let n = |s: Square| geo.number(s).unwrap_or(0);
    if !m.is_capture() {
        return format!("{}-{}", n(m.from()), n(m.to()));
    }
    let mut caps: Vec<u8> = m.captured().iter().map(n).collect();
    caps.sort_unstable();
    let mut parts = vec![n(m.from()), n(m.to())];
    parts.extend(caps);
    parts
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

/// The legal move of `pos` a Hub move names (captured squares in any order).
fn find_move(pos: &Position, rules: &Ruleset, text: &str) -> Option<Move> {
    let nums: Vec<u8> = text
        .split(['-', 'x'])
        .map(|s| s.trim().parse().ok())
        .collect::<Option<Vec<u8>>>()?;
    let sq = |n: u8| rules.geometry().square(n);
    let (from, to) = (sq(*nums.first()?)?, sq(*nums.get(1)?)?);
    let caps: Option<Vec<Square>> = nums[2..].iter().map(|&n| sq(n)).collect();
    let caps = caps?;
    let candidates: Vec<Move> = legal_moves(pos, rules)
        .iter()
        .filter(|m| m.from() == from && m.to() == to)
        .filter(|m| {
            caps.is_empty()
                || (m.capture_count() as usize == caps.len()
                    && caps.iter().all(|c| m.captured().contains(*c)))
        })
        .copied()
        .collect();
    candidates.first().copied()
}

/// The score in men; forced results as pydraughts reads them (±(100 − plies/100)).
fn score_text(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let v = 100.0 - plies as f64 / 100.0;
        format!("{:.2}", if score > 0 { v } else { -v })
    } else {
        format!("{:.2}", score as f64 / 100.0)
    }
}

/// Where protocol lines go: standard output, or a buffer in the tests.
pub(crate) type Out = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Out, line: &str) {
    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

/// The protocol's `error` message: one line, with nothing from the input that could
/// end the line or drive a terminal, and no `"` that would end the quoted value.
fn say_error(out: &Out, message: &str) {
    let text = checkers::printable(message).replace('"', "'");
    say(out, &format!("error message=\"{text}\""));
}

struct Search {
    stop: Arc<AtomicBool>,
    /// Set from `go ponder` to `ponder-hit`.
    ponder: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The weights file of `checkers hub --eval FILE`: the built-in variant it was
/// trained for, and its evaluation. One line saying what is wrong otherwise.
pub fn load_eval(path: Option<&Path>) -> Result<Option<(Ruleset, Evaluator)>, String> {
    let Some(path) = path else {
        return Ok(None);
    };
    let origin = path.display().to_string();
    // The file names its variant.
    let lang = crate::cli::language();
    let file = EvalFile::read_worded(path, &|e| crate::files::io_reason(&lang, e))
        .map_err(|e| lang.eval_error(&e))?;
    let rules = Ruleset::builtin(&file.variant).ok_or_else(|| {
        format!(
            "{origin}: the weights are for `{}`, which is not a built-in variant; the hub plays {}",
            file.variant,
            Ruleset::builtin_ids().collect::<Vec<_>>().join(", ")
        )
    })?;
    file.check(&rules).map_err(|e| format!("{origin}: {e}"))?;
    let eval = Evaluator::learned(&rules, &file);
    Ok(Some((rules, eval)))
}

/// The longest line read: a `pos` with a few thousand moves is far shorter.
const MAX_LINE: u64 = 1 << 20;

/// The longest time a `level` can ask for, in seconds (a year): more is refused,
/// since a `Duration` cannot hold every `f64` and nobody waits that long.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A line refused before it could be read: why, and its command word where the
/// line starts with one that can be read, so that a refused `pos` is refused as
/// a whole whatever made it unreadable.
struct Unreadable {
    why: String,
    command: Option<String>,
}

/// The command word a line starts with, if those bytes are text.
fn command_word(bytes: &[u8]) -> Option<String> {
    let end = bytes
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    std::str::from_utf8(&bytes[..end]).ok().map(str::to_string)
}

/// The next line of input without its line ending, `Some(Err)` for a line that is
/// not UTF-8 text or is too long (the session goes on), `None` at the end (or
/// when the input fails).
fn next_line(input: &mut impl BufRead) -> Option<Result<String, Unreadable>> {
    let mut bytes = Vec::new();
    match input.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes) {
        Ok(_) if bytes.is_empty() => return None,
        Ok(_) => {}
        // Input that cannot be read any more ends the session, like its end.
        Err(_) => return None,
    }
    if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
        // Skip the rest of the line, so that it is not read as lines of its own.
        loop {
            let buf = match input.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(buf) => buf,
            };
            let (used, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            input.consume(used);
            if end {
                break;
            }
        }
        return Some(Err(Unreadable {
            why: format!("a line is longer than {MAX_LINE} bytes"),
            command: command_word(&bytes),
        }));
    }
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    Some(String::from_utf8(bytes).map_err(|e| Unreadable {
        why: format!(
            "the line is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        ),
        command: command_word(e.as_bytes()),
    }))
}

/// A number of a `level` or `set-param` line: finite and within `min..=max`;
/// the error says which key, what it got and the range.
fn number(key: &str, value: &str, min: f64, max: f64) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("{key}={value} is not a number from {min} to {max}")),
    }
}

/// A count of a `set-param` line (threads, megabytes of table): a whole
/// number of 1 or more; one past what the engine uses is the caller's to cap.
fn count(key: &str, value: &str) -> Result<usize, String> {
    let v = value.trim();
    match v.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        // More digits than a word holds is still a count, and more than the
        // most is taken as the most.
        _ if v.bytes().all(|b| b.is_ascii_digit()) && !v.trim_start_matches('0').is_empty() => {
            Ok(usize::MAX)
        }
        _ => Err(format!("{key}={value} is not a whole number of 1 or more")),
    }
}

/// The keys of a `level` line, the range of each and whether it is a count
/// (plies, moves: `depth=4.5` was searched as 4): the one place they are
/// checked (`nodes`, a count past what an `f64` holds exactly, apart in
/// [`MAX_NODES`]). Times are in seconds, up to a year, which a `Duration`
/// holds and nobody waits for.
const LEVEL_KEYS: [(&str, f64, f64, bool); 5] = [
    ("depth", 1.0, 100.0, true),
    ("move-time", 0.0, MAX_SECONDS, false),
    ("time", 0.0, MAX_SECONDS, false),
    ("inc", 0.0, MAX_SECONDS, false),
    ("moves", 1.0, 10_000.0, true),
];

/// The most `nodes` a `level` takes: the range the hub has always told, below
/// `u64::MAX`.
const MAX_NODES: u64 = 18_000_000_000_000_000_000;

/// The `nodes` of a `level` line: a whole number from 1 to [`MAX_NODES`],
/// read as an integer, since a count read as `f64` took `1.5`, `1e3` and
/// counts past the range rounded into it.
fn nodes(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_NODES).contains(&n) => Ok(n),
        _ => Err(format!(
            "nodes={value} is not a whole number from 1 to {MAX_NODES}"
        )),
    }
}

/// The limits a `level` line asks for; every number it holds is checked against
/// its range in [`LEVEL_KEYS`] first, so that a value out of range is refused
/// whether or not the limit it belongs to is used.
fn level(a: &[(String, String)]) -> Result<Limits, String> {
    let mut values = [None; LEVEL_KEYS.len()];
    for ((key, min, max, count), value) in LEVEL_KEYS.iter().zip(values.iter_mut()) {
        *value = get(a, key)
            .map(|v| match number(key, v, *min, *max) {
                Ok(n) if *count && n.fract() != 0.0 => Err(format!(
                    "{key}={v} is not a whole number from {min} to {max}"
                )),
                n => n,
            })
            .transpose()?;
    }
    let [depth, move_time, time, inc, moves] = values;
    let nodes = get(a, "nodes").map(nodes).transpose()?;
    if a.iter().any(|(k, _)| k == "infinite") {
        return Ok(Limits::default());
    }
    if let Some(d) = depth {
        return Ok(Limits {
            depth: Some(d as u32),
            ..Default::default()
        });
    }
    if let Some(t) = move_time {
        return Ok(Limits {
            // Taken as given, however small: a floor of 10 ms overran a
            // clock of 1 ms. The search checks its deadline every 1,024
            // nodes, well under a millisecond, and answers after depth 1.
            movetime: Some(Duration::from_secs_f64(t)),
            ..Default::default()
        });
    }
    if let Some(t) = time {
        let (per, most) = checkers::clock::budget(
            Duration::from_secs_f64(t),
            Duration::from_secs_f64(inc.unwrap_or(0.0)),
            moves.map(|m| m as u32),
        );
        return Ok(Limits {
            target: Some(per),
            movetime: Some(most),
            ..Default::default()
        });
    }
    if let Some(n) = nodes {
        return Ok(Limits {
            nodes: Some(n),
            ..Default::default()
        });
    }
    Err("level needs depth=, move-time=, time= (with inc= and moves=), nodes= or infinite".into())
}

/// Runs the Hub loop on standard input and output until `quit` or the end of
/// input; returns the exit code. With `eval` (from [`load_eval`]), the hub plays
/// only that variant, with that evaluation.
pub fn run(eval: Option<(Ruleset, Evaluator)>) -> i32 {
    serve(
        eval,
        &mut io::stdin().lock(),
        Arc::new(Mutex::new(io::stdout())),
    )
}

/// The Hub loop over any input and output (the tests feed it lines).
pub(crate) fn serve(eval: Option<(Ruleset, Evaluator)>, input: &mut impl BufRead, out: Out) -> i32 {
    let mut session = Session::new(eval, out);
    while let Some(line) = next_line(input) {
        match line {
            Ok(line) => {
                if !session.handle(&line) {
                    break;
                }
            }
            // A line that cannot be read is refused; the session goes on.
            Err(e) => {
                if e.command.as_deref() == Some("pos") {
                    session.refuse_pos();
                }
                say_error(&session.out, &e.why);
            }
        }
    }
    session.stop_search();
    0
}
