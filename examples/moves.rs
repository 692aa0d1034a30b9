//! Lists the legal moves of a position given as a FEN, in the variant's notation.
//!
//! ```sh
//! cargo run --example moves -- russian "W:Wc3:Bd4,d6,f6"
//! ```

use checkers::{fen, legal_moves, notation, Ruleset};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, fen_text] = args.as_slice() else {
        eprintln!("usage: moves VARIANT FEN");
        return ExitCode::from(2);
    };
    let Some(rules) = Ruleset::builtin(variant) else {
        let known: Vec<&str> = Ruleset::builtin_ids().collect();
        eprintln!(
            "error: unknown variant `{variant}`: use one of {}",
            known.join(", ")
        );
        return ExitCode::from(2);
    };
    let pos = match fen::parse(fen_text, rules.geometry()) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    for m in legal_moves(&pos, &rules).iter() {
        let taken = m.capture_count();
        let text = notation::write(m, &rules.notation);
        let line = if taken > 0 {
            writeln!(out, "{text}  (takes {taken})")
        } else {
            writeln!(out, "{text}")
        };
        // A reader that stopped early (`| head`) is not an error.
        if line.is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
