//! The integration tests, one test binary: a module per area, so that a change to the
//! library links one executable instead of a dozen.
//!
//! Tests run as threads of one process, so none of them may change what the others see:
//! no `std::env::set_var`, no change of the current directory, and every temporary file
//! named after its test.

mod common;

mod ai;
mod cli;
mod fuzz;
mod hub;
mod pdn;
mod perft;
mod properties;
mod reference;
mod rules;
mod rulesets;
mod tui_e2e;
mod tune;
