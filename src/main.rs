//! The `checkers` binary: the command line over the engine.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
