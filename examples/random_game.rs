//! Plays a game of random legal moves and prints it as PDN.
//!
//! ```sh
//! cargo run --example random_game -- dammen64 42
//! ```
//!
//! A random game can run for ever in a variant without a no-progress rule, so
//! it stops after 300 plies and the record says `*` (unfinished).

use checkers::pdn::{write_game, Tags};
use checkers::{Game, Ruleset};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let variant = args
        .next()
        .unwrap_or_else(|| checkers::rules::builtin::DEFAULT.to_string());
    let Ok(seed) = args
        .next()
        .unwrap_or_else(|| "1".to_string())
        .parse::<u64>()
    else {
        eprintln!("error: the seed must be a whole number");
        return ExitCode::from(2);
    };
    let Some(rules) = Ruleset::builtin(&variant) else {
        let known: Vec<&str> = Ruleset::builtin_ids().collect();
        eprintln!(
            "error: unknown variant `{variant}`: use one of {}",
            known.join(", ")
        );
        return ExitCode::from(2);
    };
    // xorshift64*: enough randomness to pick moves, and reproducible from the seed.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    };
    let mut game = Game::new(rules);
    while game.outcome().is_none() && game.moves().len() < 300 {
        let moves = game.legal_moves();
        let m = moves.as_slice()[next(moves.len())];
        game.play(&m).expect("a legal move is accepted");
    }
    let tags = Tags {
        event: "Random game".to_string(),
        white: "random".to_string(),
        black: "random".to_string(),
        ..Tags::default()
    };
    // A reader that stopped early (`| head`) is not an error.
    let _ = std::io::stdout().write_all(write_game(&game, &tags).as_bytes());
    ExitCode::SUCCESS
}
