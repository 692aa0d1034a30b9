//! Another engine as an opponent in `checkers match --opponent "hub:COMMAND"`:
//! a child process spoken to in the Hub protocol, as a GUI speaks it. Squares
//! are the board's numbers (1 to 32 on 8×8, 1 to 50 on 10×10), as in `checkers hub`.

use crate::hub::{args, get, hub_move};
use checkers::ai::Rng;
use checkers::lab::arena::{Clock, Contestant, Turn};
use checkers::{legal_moves, Color, Game, Geometry, Move, Position, Ruleset, Square};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an engine has to answer `hub` with `wait`: only starting a
/// process, but on a machine busy with other work that can take seconds.
const HANDSHAKE: Duration = Duration::from_secs(30);
/// How long an engine has to answer `init` with `ready`: engines load or build
/// endgame databases then (`checkers hub` solves its tables, seconds on an
/// idle core and several times that on a busy one), so only a hang runs out.
const INIT: Duration = Duration::from_secs(300);
/// How long an engine has to exit after `quit` before it is killed.
const QUIT: Duration = Duration::from_secs(2);

/// The time an engine has to answer `go think`: ten times its move time plus
/// five seconds, so that only an engine that hangs loses on time.
pub(super) fn answer_time(movetime: Duration) -> Duration {
    movetime * 10 + Duration::from_secs(5)
}

/// Splits a command line as a shell would, without expanding anything: words
/// separated by blanks, `'…'` and `"…"` quote, a backslash escapes the next character
/// (outside single quotes).
pub(super) fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in `{text}`")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c) => word.push(c),
                            None => return Err(format!("unclosed \" in `{text}`")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in `{text}`")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("`{text}` ends with a lone backslash")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the opponent's command is empty: give --opponent \"hub:COMMAND\"".into());
    }
    Ok(words)
}

/// `pos` as the Hub protocol writes it: `W` or `B` for the side to move, then
/// the squares of the board `geo` in number order as `w`, `b` (men), `W`, `B`
/// (kings) or `e` (empty).
pub(super) fn hub_pos(pos: &Position, geo: &Geometry) -> String {
    let mut s = String::with_capacity(1 + geo.squares() as usize);
    s.push(match pos.side_to_move() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for sq in geo.all() {
        s.push(match pos.piece_at(sq) {
            None => 'e',
            Some(p) => match (p.color(), p.is_king()) {
                (Color::White, false) => 'w',
                (Color::White, true) => 'W',
                (Color::Black, false) => 'b',
                (Color::Black, true) => 'B',
            },
        });
    }
    s
}

/// A move as a Hub engine writes it: `32-28`, or `from x to x captured…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct HubMove {
    /// The PDN numbers in the order written: from, to, then any captured squares.
    pub squares: Vec<u8>,
    /// Written with `x`.
    pub capture: bool,
}

/// Reads a Hub move of the board `geo`; says what is wrong with one that is not.
pub(super) fn parse_move(text: &str, geo: &Geometry) -> Result<HubMove, String> {
    let bad = || format!("`{text}` is not a move in Hub form (`32-28` or `23x14x18`)");
    let capture = text.contains('x');
    if capture && text.contains('-') {
        return Err(bad());
    }
    let parts: Vec<&str> = text.split(if capture { 'x' } else { '-' }).collect();
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(bad());
    }
    let mut squares = Vec::with_capacity(parts.len());
    for p in parts {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match p.parse::<u8>() {
            Ok(n) if geo.square(n).is_some() => squares.push(n),
            _ => {
                return Err(format!(
                    "`{text}`: {p} is not a square (they are 1 to {})",
                    geo.squares()
                ))
            }
        }
    }
    Ok(HubMove { squares, capture })
}

/// The legal move of `pos` a Hub move names: by its start, its end and the set
/// of squares it captures (in any order; none given fits any capture between
/// the two squares). A whole path (`from x via x … x to`) is understood too.
pub(super) fn resolve(pos: &Position, rules: &Ruleset, hm: &HubMove) -> Result<Move, String> {
    let sq = |n: u8| {
        rules
            .geometry()
            .square(n)
            .expect("parse_move checks squares")
    };
    let text = || {
        let sep = if hm.capture { "x" } else { "-" };
        let words: Vec<String> = hm.squares.iter().map(u8::to_string).collect();
        words.join(sep)
    };
    let legal = legal_moves(pos, rules);
    let (from, to) = (sq(hm.squares[0]), sq(hm.squares[1]));
    let captured: Vec<Square> = hm.squares[2..].iter().map(|&n| sq(n)).collect();
    let mut fits: Vec<Move> = legal
        .iter()
        .filter(|m| m.from() == from && m.to() == to)
        .filter(|m| {
            captured.is_empty()
                || (m.capture_count() as usize == captured.len()
                    && captured.iter().all(|&c| m.captured().contains(c)))
        })
        .copied()
        .collect();
    if fits.is_empty() && hm.squares.len() > 2 {
        let path: Vec<Square> = hm.squares.iter().map(|&n| sq(n)).collect();
        fits = legal.iter().filter(|m| m.path() == path).copied().collect();
    }
    match fits.len() {
        1 => Ok(fits[0]),
        0 => Err(format!("`{}` is not a legal move here", text())),
        n => Err(format!(
            "`{}` is ambiguous here: {n} legal moves fit it; name the captured squares",
            text()
        )),
    }
}

/// An engine in a child process, spoken to in the Hub protocol.
#[derive(Debug)]
pub(super) struct HubEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The last line the engine wrote to standard error, for a crash report.
    last_error: Arc<Mutex<String>>,
    /// From its `id`: name and version, made [`checkers::printable`] as they are
    /// read, since they are only ever shown (in the results table, the PDN file's
    /// player tags and every forfeit's reason).
    pub name: String,
    movetime: Duration,
    /// Whether it failed (a crash, a hang, a bad answer): it is not asked again.
    pub broken: bool,
}

impl HubEngine {
    /// Starts `argv` and goes through the handshake: `hub` … `wait`, the variant
    /// if the engine has a variant parameter, `init` … `ready`.
    pub fn start(
        argv: &[String],
        rules: &Ruleset,
        movetime: Duration,
    ) -> Result<HubEngine, String> {
        let shown = argv.join(" ");
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own, so that Ctrl-C in the terminal reaches
        // the match, which then lets the game under way finish, and not the
        // engine, which would die in the middle of it and forfeit.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start the opponent `{shown}`: {e}"))?;
        let stdout = child.stdout.take().expect("piped");
        let mut stderr = child.stderr.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let last_error = Arc::new(Mutex::new(String::new()));
        let keep = last_error.clone();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = stderr.read_to_end(&mut buf);
            let text = String::from_utf8_lossy(&buf);
            if let Some(l) = text.lines().rev().map(str::trim).find(|l| !l.is_empty()) {
                *keep.lock().unwrap_or_else(|e| e.into_inner()) = l.chars().take(200).collect();
            }
        });
        let program = std::path::Path::new(&argv[0])
            .file_name()
            .map_or(argv[0].clone(), |n| n.to_string_lossy().to_string());
        let program = checkers::printable(&program).into_owned();
        let mut engine = HubEngine {
            stdin: child.stdin.take(),
            child,
            lines,
            last_error,
            name: program,
            movetime,
            broken: false,
        };
        let fail = |e: String| format!("the opponent `{shown}` {e}");
        engine.send("hub").map_err(fail)?;
        let since = Instant::now();
        let mut variants: Option<Vec<String>> = None;
        loop {
            let line = engine.recv(since, HANDSHAKE, "answer `hub` with `wait`");
            let line = line.map_err(fail)?;
            let (cmd, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            let a = args(rest);
            match cmd {
                "wait" => break,
                "id" => {
                    if let Some(n) = get(&a, "name").filter(|n| !n.is_empty()) {
                        let name = match get(&a, "version").filter(|v| !v.is_empty()) {
                            Some(v) => format!("{n} {v}"),
                            None => n.to_string(),
                        };
                        engine.name = checkers::printable(&name).into_owned();
                    }
                }
                "param" if get(&a, "name") == Some("variant") => {
                    let values = get(&a, "values").unwrap_or("");
                    variants = Some(values.split_whitespace().map(str::to_string).collect());
                }
                _ => {}
            }
        }
        if let Some(values) = variants {
            if !values.is_empty() && !values.contains(&rules.id) {
                return Err(format!(
                    "the opponent `{shown}` does not play `{}`: its variants are {}",
                    rules.id,
                    values.join(", ")
                ));
            }
            engine
                .send(&format!("set-param name=variant value={}", rules.id))
                .map_err(fail)?;
        }
        engine.send("init").map_err(fail)?;
        let since = Instant::now();
        while engine
            .recv(since, INIT, "answer `init` with `ready`")
            .map_err(fail)?
            != "ready"
        {}
        Ok(engine)
    }

    /// Tells the engine a new game starts (it may forget what it learnt).
    pub fn new_game(&mut self) {
        if self.send("new-game").is_err() {
            self.broken = true;
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err("has closed its input".into());
        };
        match writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.gone(&format!("read `{line}`"))),
        }
    }

    /// The next line, within `allowed` of `since`; what went wrong otherwise
    /// (`doing` says what it was asked).
    fn recv(&mut self, since: Instant, allowed: Duration, doing: &str) -> Result<String, String> {
        let left = (since + allowed).saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line.trim().to_string()),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "took longer than {:.1} s to {doing}",
                allowed.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.gone(doing)),
        }
    }

    /// Why the engine no longer answers: its exit status and last error line.
    fn gone(&mut self, doing: &str) -> String {
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let said = self
            .last_error
            .lock()
            .map(|s| s.clone())
            .unwrap_or_default();
        let said = if said.is_empty() {
            String::new()
        } else {
            format!("; it said: {said}")
        };
        match status {
            Some(s) => format!("stopped ({s}) when asked to {doing}{said}"),
            None => format!("closed its output when asked to {doing}{said}"),
        }
    }

    fn think(&mut self, game: &Game, clock: Option<Clock>) -> Result<Move, String> {
        let geo = game.rules().geometry();
        let moves: Vec<String> = game.moves().map(|m| hub_move(m, geo)).collect();
        let mut pos = format!("pos pos={}", hub_pos(game.start(), geo));
        if !moves.is_empty() {
            pos.push_str(&format!(" moves=\"{}\"", moves.join(" ")));
        }
        self.send(&pos)?;
        let wait = match clock {
            Some(c) => {
                self.send(&format!(
                    "level time={:.3} inc={:.3}",
                    c.left.as_secs_f64(),
                    c.increment.as_secs_f64()
                ))?;
                // Past its clock it has lost on time anyway; a little more to
                // read its answer by.
                c.left + Duration::from_secs(5)
            }
            None => {
                self.send(&format!(
                    "level move-time={:.3}",
                    self.movetime.as_secs_f64()
                ))?;
                answer_time(self.movetime)
            }
        };
        self.send("go think")?;
        let since = Instant::now();
        loop {
            let line = self.recv(since, wait, "answer `go think` with `done`")?;
            let (cmd, rest) = line.split_once(' ').unwrap_or((&line, ""));
            if cmd != "done" {
                continue;
            }
            let Some(text) = get(&args(rest), "move").map(str::to_string) else {
                return Err("answered `done` without a move".into());
            };
            let bad = |e: String| format!("played a bad move: {e}");
            let hm = parse_move(&text, game.rules().geometry()).map_err(bad)?;
            return resolve(game.position(), game.rules(), &hm).map_err(bad);
        }
    }

    /// Ends the engine: `quit`, and a kill if it has not exited soon after (or
    /// at once if it is broken).
    fn shut(&mut self) {
        if !self.broken {
            let _ = self.send("quit");
        }
        self.stdin = None;
        if !self.broken {
            let until = Instant::now() + QUIT;
            while Instant::now() < until {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for HubEngine {
    fn drop(&mut self) {
        self.shut();
    }
}

impl Contestant for HubEngine {
    fn turn(&mut self, game: &Game, clock: Option<Clock>, _rng: &mut Rng) -> Turn {
        if self.broken {
            return Turn::Forfeit(format!("{} is not running", self.name));
        }
        match self.think(game, clock) {
            Ok(m) => Turn::Play(m),
            Err(why) => {
                // Whatever it does next is not to be trusted: a new game gets a new process.
                self.broken = true;
                Turn::Forfeit(format!("{} {why}", self.name))
            }
        }
    }
}

#[cfg(test)]
mod tests;
