//! Tuning the evaluation by self-play. Not part of the normal suite: run with
//!
//!     cargo test --release --test integration tune:: -- --ignored --nocapture
//!
//! For each weight in turn it plays a match (fixed depth, varied openings, both
//! colours) between the current weights and the weight moved up and down by a
//! step, and keeps a change that scores at least 55% over 200 games (about 1.4
//! standard errors; `TUNE_GAMES` changes the count). One pass over the weights per
//! variant family (short kings: english; flying kings: russian). docs/STRENGTH.md
//! records the result.

use checkers::ai::eval::{default_weights, Weights};
use checkers::ai::{Level, Rng};
use checkers::lab::arena::{opening, play_game, Player};
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use checkers::Ruleset;

fn score(rules: &Ruleset, a: Weights, b: Weights, games: usize, rng: &mut Rng) -> f64 {
    let level = Level {
        depth: Some(4),
        movetime: None,
        ..Level::get(6).unwrap()
    };
    let pa = Player {
        weights: Some(a),
        ..Player::new(level)
    };
    let pb = Player {
        weights: Some(b),
        ..Player::new(level)
    };
    let mut points = 0.0;
    let mut line = Vec::new();
    for g in 0..games {
        if g % 2 == 0 {
            line = opening(rules, 3 + (g / 2) % 3, rng);
        }
        let (w, bl, a_white) = if g % 2 == 0 {
            (&pa, &pb, true)
        } else {
            (&pb, &pa, false)
        };
        let game = play_game(rules, &line, w, bl, rng);
        points += match game.outcome().and_then(|o| o.winner) {
            Some(checkers::Color::White) if a_white => 1.0,
            Some(checkers::Color::Black) if !a_white => 1.0,
            None => 0.5,
            _ => 0.0,
        };
    }
    points / games as f64
}

type Knob = (&'static str, fn(&mut Weights) -> &mut i32, i32);

#[test]
#[ignore]
fn tune_by_self_play() {
    let knobs: [Knob; 6] = [
        ("king", |w| &mut w.king, 30),
        ("back_rank", |w| &mut w.back_rank, 4),
        ("center", |w| &mut w.center, 3),
        ("runaway", |w| &mut w.runaway, 15),
        ("mobility", |w| &mut w.mobility, 2),
        ("long_diagonal", |w| &mut w.long_diagonal, 10),
    ];
    for variant in [ENGLISH, RUSSIAN] {
        let rules = Ruleset::builtin(variant).unwrap();
        let mut best = default_weights(&rules);
        let mut rng = Rng::new(11);
        for (name, knob, step) in knobs {
            for dir in [1, -1] {
                let mut trial = best;
                *knob(&mut trial) += dir * step;
                let games = std::env::var("TUNE_GAMES")
                    .ok()
                    .and_then(|g| g.parse().ok())
                    .unwrap_or(200);
                let s = score(&rules, trial, best, games, &mut rng);
                println!("{variant} {name} {:+} -> {:.1}%", dir * step, s * 100.0);
                if s >= 0.55 {
                    best = trial;
                    break;
                }
            }
        }
        println!("{variant} tuned: {best:?}");
    }
}
