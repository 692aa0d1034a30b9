//! The integration tests, one test binary: a module per area, so that a change to the
//! library links one executable instead of a dozen.
//!
//! Tests run as threads of one process, so none of them may change what the others see:
//! no `std::env::set_var`, no change of the current directory, and every temporary file
//! named after its test.

mod common;

mod ai;
mod endgame;
mod fuzz;
mod pdn;
mod perft;
mod properties;
mod provenance;
mod reference;
mod rules;
mod rulesets;
mod tune;

// These run the `checkers` binary, which needs the `app` feature; the rest test the
// library alone and also run with `--no-default-features`.
#[cfg(feature = "app")]
mod cli;
#[cfg(feature = "app")]
mod cli_lang;
#[cfg(feature = "app")]
mod games;
#[cfg(feature = "app")]
mod hub;
#[cfg(feature = "app")]
mod match_hub;
#[cfg(feature = "app")]
mod outside_text;
#[cfg(feature = "app")]
mod tui_e2e;
#[cfg(feature = "app")]
mod tui_signals;
