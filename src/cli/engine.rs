//! The engine's commands for scripts: `variants`, `moves`, `perft` and `analyze`.

use super::{load_eval, load_rules, AnalyzeArgs, Fail, MovesArgs, PerftArgs};
use checkers::{fen, notation, Geometry, Move, Position, Ruleset, SquareNotation};
use std::io::{self, BufRead, Write};
use std::time::Instant;

fn start_position(rules: &Ruleset, fen_text: Option<&str>) -> Result<Position, Fail> {
    match fen_text {
        Some(f) => Ok(fen::parse(f, rules.geometry())?),
        None => Ok(Position::start(rules)),
    }
}

pub(super) fn variants() -> Result<(), Fail> {
    let mut out = io::stdout().lock();
    for r in Ruleset::builtins() {
        writeln!(out, "{}\t{}\t{}", r.id, r.name, r.description)?;
    }
    Ok(())
}

/// Moves in a stable, readable order: by the squares of the path in the variant's notation.
fn sorted(moves: &[Move], rules: &Ruleset) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort_by_key(|m| {
        m.path()
            .iter()
            .map(|s| match rules.notation.squares {
                SquareNotation::Numeric => (rules.geometry().number(*s).unwrap_or(0), 0),
                SquareNotation::Algebraic => rules.geometry().seen(*s),
            })
            .collect::<Vec<_>>()
    });
    v
}

/// A move as JSON, its squares as numbers of the board `geo`.
fn move_json(m: &Move, geo: &Geometry) -> serde_json::Value {
    let n = |s: checkers::Square| geo.number(s).unwrap_or(0);
    let mut captures: Vec<u8> = m.captured().iter().map(n).collect();
    captures.sort_unstable();
    serde_json::json!({
        "path": m.path().into_iter().map(n).collect::<Vec<_>>(),
        "captures": captures,
    })
}

fn moves_json(moves: &[Move], geo: &Geometry) -> String {
    serde_json::Value::Array(moves.iter().map(|m| move_json(m, geo)).collect()).to_string()
}

pub(super) fn moves(a: &MovesArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let Some(f) = &a.fen {
        let pos = fen::parse(f, rules.geometry())?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list, rules.geometry()))?;
        } else {
            for m in &list {
                writeln!(out, "{}", notation::write(m, &rules.notation))?;
            }
        }
        return Ok(out.flush()?);
    }
    let l = super::localize::current();
    if io::IsTerminal::is_terminal(&io::stdin()) {
        // Typed at a terminal, no FEN on the line: say what is awaited.
        eprintln!("{}", l.t("cli.moves.stdin"));
    }
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let n = i + 1;
        let at = |why: &dyn std::fmt::Display| l.f("cli.stdin_line", &[("n", &n), ("why", why)]);
        let line = line.map_err(|e| {
            let why = l.f("cli.cannot_read_it", &[("error", &e)]);
            Fail::Input(at(&why))
        })?;
        let pos =
            fen::parse(&line, rules.geometry()).map_err(|e| Fail::Input(at(&l.fen_error(&e))))?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list, rules.geometry()))?;
        } else {
            let texts: Vec<String> = list
                .iter()
                .map(|m| notation::write(m, &rules.notation))
                .collect();
            writeln!(out, "{}", texts.join(" "))?;
        }
        // A tool may wait for each answer before sending the next FEN.
        out.flush()?;
    }
    Ok(())
}

pub(super) fn perft(a: &PerftArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let pos = start_position(&rules, a.fen.as_deref())?;
    let started = Instant::now();
    let (nodes, split) = if a.divide && a.depth > 0 {
        let split = sorted_split(checkers::divide(&pos, &rules, a.depth), &rules);
        let total = split.iter().map(|(_, n)| n).sum();
        (total, split)
    } else {
        (checkers::perft(&pos, &rules, a.depth), Vec::new())
    };
    let elapsed = started.elapsed();
    let ms = elapsed.as_millis() as u64;
    let mut out = io::stdout().lock();
    if a.json {
        let mut obj = serde_json::json!({"depth": a.depth, "nodes": nodes, "ms": ms});
        if a.divide {
            obj["divide"] = split
                .iter()
                .map(|(m, n)| {
                    let mut j = move_json(m, rules.geometry());
                    j["move"] = notation::write(m, &rules.notation).into();
                    j["nodes"] = (*n).into();
                    j
                })
                .collect();
        }
        writeln!(out, "{obj}")?;
    } else {
        for (m, n) in &split {
            writeln!(out, "{} {n}", notation::write(m, &rules.notation))?;
        }
        let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
        writeln!(
            out,
            "perft {} = {nodes} ({ms} ms, {rate:.1} M leaves/s)",
            a.depth
        )?;
    }
    Ok(())
}

fn sorted_split(split: Vec<(Move, u64)>, rules: &Ruleset) -> Vec<(Move, u64)> {
    let order = sorted(&split.iter().map(|(m, _)| *m).collect::<Vec<_>>(), rules);
    order
        .into_iter()
        .map(|m| *split.iter().find(|(s, _)| *s == m).expect("same moves"))
        .collect()
}

/// A score in men, or a forced win or loss in plies.
fn score_json(score: i32) -> (serde_json::Value, Option<i32>) {
    use checkers::ai::{MATE, MATE_BOUND};
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        (
            serde_json::json!(if score > 0 { 999.0 } else { -999.0 }),
            Some(if score > 0 { plies } else { -plies }),
        )
    } else {
        (serde_json::json!((score as f64) / 100.0), None)
    }
}

fn score_text(score: i32) -> String {
    match score_json(score) {
        (_, Some(plies)) if plies > 0 => format!("win in {plies} plies"),
        (_, Some(plies)) => format!("loss in {} plies", -plies),
        _ => format!("{:+.2}", score as f64 / 100.0),
    }
}

pub(super) fn analyze(a: &AnalyzeArgs) -> Result<(), Fail> {
    use checkers::ai::{Engine, Limits};
    let rules = load_rules(&a.rules)?;
    let pos = start_position(&rules, a.fen.as_deref())?;
    if checkers::legal_moves(&pos, &rules).is_empty() {
        let l = super::localize::current();
        let side = l.side(pos.side_to_move());
        return Err(Fail::Input(
            l.f("cli.nothing_to_analyse", &[("side", &side)]),
        ));
    }
    let limits = Limits {
        depth: a.depth,
        movetime: a.movetime.map(std::time::Duration::from_millis),
        ..Limits::default()
    };
    let mut engine = Engine::new(&rules, a.hash as usize);
    engine.set_threads(a.threads.unwrap_or(1) as usize);
    if let Some(path) = &a.eval {
        engine.eval = load_eval(path, &rules)?;
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut out = io::stdout().lock();
    let mut failed: Option<io::Error> = None;
    let write = |m: &Move| notation::write(m, &rules.notation);
    super::tables::prepare(&mut engine, &pos, &mut |_| {});
    let result = engine.search(&pos, &Default::default(), limits, &stop, &mut |info| {
        let pv: Vec<String> = info.pv.iter().map(write).collect();
        let line = if a.json {
            let (score, mate) = score_json(info.score);
            let mut obj = serde_json::json!({
                "depth": info.depth,
                "score": score,
                "nodes": info.nodes,
                "nps": info.nps(),
                "ms": info.elapsed.as_millis() as u64,
                "pv": pv,
            });
            if let Some(m) = mate {
                obj["mate"] = m.into();
            }
            obj.to_string()
        } else {
            format!(
                "depth {:>2}  score {:>7}  nodes {:>10}  nps {:>9}  pv {}",
                info.depth,
                score_text(info.score),
                info.nodes,
                info.nps(),
                pv.join(" ")
            )
        };
        if failed.is_none() {
            if let Err(e) = writeln!(out, "{line}") {
                failed = Some(e);
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    let best = result
        .best
        .expect("a position with legal moves has a best move");
    let info = &result.info;
    if a.json {
        let (score, mate) = score_json(info.score);
        let mut obj = serde_json::json!({
            "best": move_json(&best, rules.geometry()),
            "notation": write(&best),
            "score": score,
            "depth": info.depth,
            "nodes": info.nodes,
            "nps": info.nps(),
            "ms": info.elapsed.as_millis() as u64,
            "pv": info.pv.iter().map(write).collect::<Vec<_>>(),
        });
        if let Some(m) = mate {
            obj["mate"] = m.into();
        }
        writeln!(out, "{obj}")?;
    } else {
        writeln!(
            out,
            "best {}  score {}  depth {}",
            write(&best),
            score_text(info.score),
            info.depth
        )?;
    }
    Ok(())
}
