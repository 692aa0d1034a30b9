//! Counts the positions a variant reaches in N plies, with the time it took.
//!
//! ```sh
//! cargo run --release --example perft -- russian 9
//! ```

use checkers::{perft, Position, Ruleset};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let variant = args
        .next()
        .unwrap_or_else(|| checkers::rules::builtin::DEFAULT.to_string());
    let depth = match args.next().map(|d| d.parse::<u32>()) {
        None => 8,
        Some(Ok(d)) if d <= 20 => d,
        Some(_) => {
            eprintln!("error: the depth must be a number from 0 to 20");
            return ExitCode::from(2);
        }
    };
    let Some(rules) = Ruleset::builtin(&variant) else {
        let known: Vec<&str> = Ruleset::builtin_ids().collect();
        eprintln!(
            "error: unknown variant `{variant}`: use one of {}",
            known.join(", ")
        );
        return ExitCode::from(2);
    };
    let start = Position::start(&rules);
    for d in 1..=depth {
        let t = Instant::now();
        let nodes = perft(&start, &rules, d);
        let secs = t.elapsed().as_secs_f64();
        let line = format!("{variant} perft {d:2} = {nodes:>14}  ({secs:.3} s)");
        // A reader that stopped early (`| head`) is not an error.
        if writeln!(std::io::stdout(), "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
