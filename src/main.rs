//! The `checkers` binary: the command line and the terminal game over the engine.

mod cli;
mod config;
mod files;
mod games;
mod hub;
mod tui;

fn main() {
    std::process::exit(cli::run());
}
