//! The `checkers` binary: the command line and the terminal game over the engine.

mod cli;
mod config;
mod files;
mod games;
mod hub;
/// The fuzz tests' mutator, shared with the integration tests.
#[cfg(test)]
#[path = "../tests/integration/common/mutate.rs"]
mod mutate;
mod tui;

fn main() {
    std::process::exit(cli::run());
}
