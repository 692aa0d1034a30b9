//! Writes a weights file whose network says `FACTOR` times as much: its output
//! weights multiplied, everything else as it was.
//!
//! ```sh
//! cargo run --release --example scale_network -- weights/english.ckev en.ns80.ckev 0.8
//! ```
//!
//! The fit chooses the network's weights to predict self-play, not to steer a
//! search; how loud it should speak beside the patterns and the hand-written
//! terms is a question for a match (docs/STRENGTH.md).

use checkers::ai::evalfile::EvalFile;
use checkers::ai::network::Shape;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, factor] = &args[..] else {
        eprintln!("usage: scale_network IN OUT FACTOR");
        return ExitCode::from(2);
    };
    match scale(Path::new(input), Path::new(output), factor) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn scale(input: &Path, output: &Path, factor: &str) -> Result<(), String> {
    let factor: f32 = match factor.parse() {
        Ok(f) if f > 0.0 && f32::is_finite(f) => f,
        _ => {
            return Err(format!(
                "the factor must be a number above 0, not `{factor}`"
            ))
        }
    };
    let mut file = EvalFile::read(input).map_err(|e| e.to_string())?;
    let board = file.board();
    let params = file
        .network
        .as_mut()
        .ok_or_else(|| format!("{} has no network", input.display()))?;
    let shape = Shape::with_params(&board, params.len())
        .ok_or_else(|| format!("{}: a network of no known size", input.display()))?;
    // The output weights are the last of the parameters, one per hidden unit.
    let first = params.len() - shape.hidden();
    for w in &mut params[first..] {
        *w *= factor;
    }
    write_new(output, &file.to_bytes()).map_err(|e| format!("{}: {e}", output.display()))
}

/// Writes `bytes` to `path` whole or not at all, never over a file that is
/// there: written beside it, synced, then linked into place (a link, unlike a
/// rename, refuses to replace).
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{}.tmp", std::process::id()));
    let tmp = Path::new(&name);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::hard_link(tmp, path));
    let _ = std::fs::remove_file(tmp);
    written
}
