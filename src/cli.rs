//! Command-line parsing and the engine subcommands.

use checkers::{fen, notation, Move, Position, Ruleset, SquareNotation};
use clap::{Args, Parser, Subcommand};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Exit code for bad input: an unknown variant, a bad FEN, a bad flag.
const BAD_INPUT: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "checkers",
    version,
    about = "Checkers and draughts in the terminal: english, dammen64, brazilian, russian and german rules",
    long_about = None,
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in variants: id, name, description
    Variants,
    /// Print the legal moves of a position
    Moves(MovesArgs),
    /// Count the leaf nodes of the move tree (the move generator's test and benchmark)
    Perft(PerftArgs),
}

/// Which rules to play: a built-in variant or a ruleset file.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct RulesArgs {
    /// Built-in variant: english, dammen64, brazilian, russian or german
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// A ruleset TOML file of your own (see README, "Writing a ruleset")
    #[arg(long, value_name = "FILE")]
    ruleset: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct MovesArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as a PDN FEN, e.g. W:W21-32:B1-12; without it, FENs are read from
    /// standard input, one per line, and answered one line each
    #[arg(long)]
    fen: Option<String>,
    /// Print JSON: an array of {"path": [..], "captures": [..]} with PDN square numbers
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as a PDN FEN (default: the variant's start position)
    #[arg(long)]
    fen: Option<String>,
    /// Plies to search, 0 to 30
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=30))]
    depth: u32,
    /// Split the count by first move
    #[arg(long)]
    divide: bool,
    /// Print JSON: {"depth": N, "nodes": X, "ms": T}
    #[arg(long)]
    json: bool,
}

/// An error for the user: one line, exit code 2.
struct Fail(String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return 0;
            }
            // clap's message says what is wrong and which flag; its usage block is noise
            // here, and scripts expect one line.
            let text = e.to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            eprintln!("{} (see checkers --help)", message.join(" "));
            return BAD_INPUT;
        }
    };
    let result = match cli.command {
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            Ok(())
        }
        Some(Command::Variants) => variants(),
        Some(Command::Moves(a)) => moves(&a),
        Some(Command::Perft(a)) => perft(&a),
    };
    match result {
        Ok(()) => 0,
        Err(Fail(msg)) => {
            eprintln!("error: {msg}");
            BAD_INPUT
        }
    }
}

fn load_rules(a: &RulesArgs) -> Result<Ruleset, Fail> {
    if let Some(path) = &a.ruleset {
        return Ok(Ruleset::from_file(path)?);
    }
    let id = a.variant.as_deref().unwrap_or_default();
    Ruleset::builtin(id).ok_or_else(|| {
        let ids: Vec<&str> = Ruleset::builtin_ids().collect();
        Fail(format!(
            "unknown variant `{id}`; built-in variants are {} (or give --ruleset FILE)",
            ids.join(", ")
        ))
    })
}

fn start_position(rules: &Ruleset, fen_text: Option<&str>) -> Result<Position, Fail> {
    match fen_text {
        Some(f) => Ok(fen::parse(f)?),
        None => Ok(Position::initial(rules.first_move)),
    }
}

fn variants() -> Result<(), Fail> {
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
                SquareNotation::Numeric => (s.pdn(), 0),
                SquareNotation::Algebraic => (s.file(), s.rank()),
            })
            .collect::<Vec<_>>()
    });
    v
}

fn move_json(m: &Move) -> serde_json::Value {
    let mut captures: Vec<u8> = m.captured().iter().map(|s| s.pdn()).collect();
    captures.sort_unstable();
    serde_json::json!({
        "path": m.path().iter().map(|s| s.pdn()).collect::<Vec<_>>(),
        "captures": captures,
    })
}

fn moves_json(moves: &[Move]) -> String {
    serde_json::Value::Array(moves.iter().map(move_json).collect()).to_string()
}

fn moves(a: &MovesArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let Some(f) = &a.fen {
        let pos = fen::parse(f)?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list))?;
        } else {
            for m in &list {
                writeln!(out, "{}", notation::write(m, &rules.notation))?;
            }
        }
        return Ok(out.flush()?);
    }
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| Fail(format!("cannot read standard input: {e}")))?;
        let pos = fen::parse(&line).map_err(|e| Fail(format!("line {}: {e}", i + 1)))?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list))?;
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

fn perft(a: &PerftArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let pos = start_position(&rules, a.fen.as_deref())?;
    let started = Instant::now();
    let (nodes, split) = if a.divide {
        let split = sorted_split(checkers::divide(&pos, &rules, a.depth.max(1)), &rules);
        let total = if a.depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        };
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
                    let mut j = move_json(m);
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
