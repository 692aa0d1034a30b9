//! `checkers hub`: the Hub protocol (Scan's text protocol, spoken by pydraughts
//! and lidraughts bots) on standard input and output, so other programs can use
//! the AI. Squares are the PDN numbers of docs/RULES.md (1 = b8 … 32 = g1) in
//! every variant. Only protocol lines go to standard output, nothing to standard error.

use checkers::ai::eval::Evaluator;
use checkers::ai::evalfile::EvalFile;
use checkers::ai::{Engine, Info, Limits, Past, MATE, MATE_BOUND};
use checkers::{legal_moves, Game, Move, Position, Ruleset, Square};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

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

/// `pos=W` + 32 characters (`w`, `b`, `W`, `B`, `e`), squares 1 to 32.
fn parse_pos(text: &str) -> Option<Position> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return None;
    }
    let side = match chars[0] {
        'W' | 'w' => 'W',
        'B' | 'b' => 'B',
        _ => return None,
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
            _ => return None,
        }
    }
    checkers::fen::parse(&format!("{side}:W{}:B{}", white.join(","), black.join(","))).ok()
}

/// A move in Hub form: `32-28`, or `from x to x captured…` with the captured
/// squares in increasing order.
pub(crate) fn hub_move(m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from().pdn(), m.to().pdn());
    }
    let mut caps: Vec<u8> = m.captured().iter().map(|s| s.pdn()).collect();
    caps.sort_unstable();
    let mut parts = vec![m.from().pdn(), m.to().pdn()];
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
    let sq = |n: u8| Square::from_pdn(n);
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

fn say(out: &Mutex<io::Stdout>, line: &str) {
    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

struct Search {
    stop: Arc<AtomicBool>,
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
    let file = EvalFile::read(path).map_err(|e| e.to_string())?;
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

/// Runs the Hub loop until `quit` or the end of input; returns the exit code.
/// With `eval` (from [`load_eval`]), the hub plays only that variant, with that evaluation.
pub fn run(eval: Option<(Ruleset, Evaluator)>) -> i32 {
    let out = Arc::new(Mutex::new(io::stdout()));
    let (mut rules, eval) = match eval {
        Some((rules, eval)) => (rules, Some(eval)),
        None => (
            Ruleset::builtin(checkers::rules::builtin::DEFAULT).expect("built-in"),
            None,
        ),
    };
    let new_engine = |rules: &Ruleset, hash_mb: usize| {
        let mut engine = Engine::new(rules, hash_mb);
        if let Some(e) = &eval {
            engine.eval = e.clone();
        }
        Arc::new(Mutex::new(engine))
    };
    let variants = match &eval {
        Some(_) => rules.id.clone(),
        None => Ruleset::builtin_ids().collect::<Vec<_>>().join(" "),
    };
    let mut hash_mb = 64usize;
    let mut engine = new_engine(&rules, hash_mb);
    let mut pos = Position::initial(rules.first_move);
    let mut past = Past::default();
    let mut limits = Limits {
        movetime: Some(Duration::from_secs(1)),
        ..Default::default()
    };
    let mut search: Option<Search> = None;
    let stop_search = |search: &mut Option<Search>| {
        if let Some(s) = search.take() {
            s.stop.store(true, Ordering::Relaxed);
            let _ = s.handle.join();
        }
    };
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let a = args(rest);
        match cmd {
            "hub" => {
                say(
                    &out,
                    &format!(
                        "id name=checkers version={} author=\"the checkers team\"",
                        env!("CARGO_PKG_VERSION")
                    ),
                );
                say(
                    &out,
                    &format!(
                        "param name=variant value={} type=enum values=\"{variants}\"",
                        rules.id,
                    ),
                );
                say(
                    &out,
                    &format!("param name=hash value={hash_mb} type=int min=1 max=4096"),
                );
                say(&out, "wait");
            }
            "set-param" => match (get(&a, "name"), get(&a, "value")) {
                // With a weights file, only its variant: the others are not offered.
                (Some("variant"), Some(v)) if variants.split(' ').any(|id| id == v) => {
                    if let Some(r) = Ruleset::builtin(v) {
                        stop_search(&mut search);
                        rules = r;
                        engine = new_engine(&rules, hash_mb);
                        pos = Position::initial(rules.first_move);
                        past = Past::default();
                    }
                }
                (Some("hash"), Some(v)) => {
                    if let Ok(mb) = v.parse::<usize>() {
                        stop_search(&mut search);
                        hash_mb = mb.clamp(1, 4096);
                        engine = new_engine(&rules, hash_mb);
                    }
                }
                _ => {}
            },
            "init" => say(&out, "ready"),
            "ping" => say(&out, "pong"),
            "new-game" => {
                stop_search(&mut search);
                engine.lock().unwrap_or_else(|e| e.into_inner()).clear();
            }
            "pos" => {
                stop_search(&mut search);
                let start = get(&a, "pos")
                    .and_then(parse_pos)
                    .unwrap_or(Position::initial(rules.first_move));
                pos = start;
                // The game record gives the search the repetitions and draw
                // counters; a position the rules call over keeps only its hashes.
                let mut game = Game::from_position(rules.clone(), start);
                let mut hashes = Vec::new();
                for text in get(&a, "moves").unwrap_or("").split_whitespace() {
                    let Some(m) = find_move(&pos, &rules, text) else {
                        break;
                    };
                    hashes.push(pos.hash());
                    pos = pos.after(&m);
                    let _ = game.play(&m);
                }
                past = if *game.position() == pos {
                    Past::of(&game)
                } else {
                    Past {
                        hashes,
                        counters: Vec::new(),
                    }
                };
            }
            "level" => {
                let secs = |k: &str| {
                    get(&a, k)
                        .and_then(|v| v.parse::<f64>().ok())
                        .filter(|v| v.is_finite() && *v >= 0.0)
                };
                if a.iter().any(|(k, _)| k == "infinite") {
                    limits = Limits::default();
                } else if let Some(d) = get(&a, "depth").and_then(|v| v.parse::<u32>().ok()) {
                    limits = Limits {
                        depth: Some(d.clamp(1, 100)),
                        ..Default::default()
                    };
                } else if let Some(t) = secs("move-time") {
                    limits = Limits {
                        movetime: Some(Duration::from_secs_f64(t.max(0.01))),
                        ..Default::default()
                    };
                } else if let Some(t) = secs("time") {
                    let inc = secs("inc").unwrap_or(0.0);
                    let moves = get(&a, "moves")
                        .and_then(|v| v.parse::<f64>().ok())
                        .unwrap_or(30.0)
                        .max(1.0);
                    let per = (t / moves + inc * 0.8).min(t * 0.5 + inc).max(0.01);
                    limits = Limits {
                        movetime: Some(Duration::from_secs_f64(per)),
                        ..Default::default()
                    };
                } else if let Some(n) = get(&a, "nodes").and_then(|v| v.parse::<u64>().ok()) {
                    limits = Limits {
                        nodes: Some(n),
                        ..Default::default()
                    };
                }
            }
            "go" => {
                stop_search(&mut search);
                let analyze = rest
                    .split_whitespace()
                    .any(|w| w == "analyze" || w == "ponder");
                let limits = if analyze { Limits::default() } else { limits };
                let stop = Arc::new(AtomicBool::new(false));
                let (flag, out, engine, start, past) =
                    (stop.clone(), out.clone(), engine.clone(), pos, past.clone());
                let handle = std::thread::spawn(move || {
                    let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                    let mut report = |i: &Info| {
                        let pv: Vec<String> = i.pv.iter().map(hub_move).collect();
                        say(
                            &out,
                            &format!(
                                "info depth={} score={} nodes={} time={:.3} nps={} pv=\"{}\"",
                                i.depth,
                                score_text(i.score),
                                i.nodes,
                                i.elapsed.as_secs_f64(),
                                i.nps(),
                                pv.join(" ")
                            ),
                        );
                    };
                    let r = engine.search(&start, &past, limits, &flag, &mut report);
                    match r.best {
                        Some(m) => {
                            let ponder = r
                                .info
                                .pv
                                .get(1)
                                .map(|p| format!(" ponder={}", hub_move(p)))
                                .unwrap_or_default();
                            say(&out, &format!("done move={}{ponder}", hub_move(&m)));
                        }
                        None => say(&out, "done"),
                    }
                });
                search = Some(Search { stop, handle });
            }
            "stop" => stop_search(&mut search),
            "quit" => break,
            _ => {} // The protocol asks engines to ignore what they do not know.
        }
    }
    stop_search(&mut search);
    0
}
