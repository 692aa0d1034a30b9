//! The lab: what makes the engine's knowledge, apart from what plays with it.
//!
//! Self-play ([`selfplay`]), games between engines ([`arena`]) and the test that
//! decides a match ([`sprt`]), fitting the
//! evaluation ([`train`] for the pattern weights, [`network`] for the network)
//! and solving the endgame tables ([`tables`]). The engine ([`crate::ai`]) never
//! uses this module; it sits behind the `lab` cargo feature (on by default, and
//! needed by the `checkers` binary), so `default-features = false` builds an
//! engine that plays and analyses without a trainer in it.

pub mod arena;
pub mod book;
mod fit;
pub mod network;
pub mod selfplay;
pub mod sprt;
pub mod tables;
pub mod train;

pub use fit::Epoch;
