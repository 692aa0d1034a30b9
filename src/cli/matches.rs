//! `checkers match`: AI against AI, with a results table and an Elo difference.

use super::{load_rules, Fail, MatchArgs};
use std::io::{self, Write};
use std::time::Instant;

/// Elo difference for a score fraction, and the 95% margin from the games' spread.
fn elo(score: f64, per_game: &[f64]) -> (f64, f64) {
    let n = per_game.len() as f64;
    let to_elo = |p: f64| {
        let p = p.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let mean = score;
    let var = per_game.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n.max(1.0);
    let half = 1.96 * (var / n.max(1.0)).sqrt();
    let diff = to_elo(mean);
    let margin = (to_elo(mean + half) - to_elo(mean - half)) / 2.0;
    (diff, margin)
}

pub(super) fn run_match(a: &MatchArgs) -> Result<(), Fail> {
    use checkers::ai::arena::{opening, play_game, Player};
    use checkers::ai::{Level, Rng};
    use std::io::IsTerminal;
    let rules = load_rules(&a.rules)?;
    let movetime = a.movetime.map(std::time::Duration::from_millis);
    let first = Player {
        movetime,
        ..Player::new(Level::get(a.white_level).expect("checked range"))
    };
    let second = Player {
        movetime,
        ..Player::new(Level::get(a.black_level).expect("checked range"))
    };
    if let Some(path) = &a.pdn {
        // Fail before hours of play, not after.
        crate::files::write_atomically(path, "")
            .map_err(|e| Fail::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    let mut rng = Rng::new(a.seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut per_game = Vec::new();
    let mut pdn = String::new();
    let mut line = Vec::new();
    let progress = io::stderr().is_terminal();
    let started = Instant::now();
    for g in 0..a.games {
        if g % 2 == 0 {
            let plies = 2 + rng.below(3) as usize;
            line = opening(&rules, plies, &mut rng);
        }
        let first_is_white = g % 2 == 0;
        let (white, black) = if first_is_white {
            (&first, &second)
        } else {
            (&second, &first)
        };
        let game = play_game(&rules, &line, white, black, &mut rng);
        let first_color = if first_is_white {
            checkers::Color::White
        } else {
            checkers::Color::Black
        };
        let s = match game.outcome().and_then(|o| o.winner) {
            Some(c) if c == first_color => {
                wins += 1;
                1.0
            }
            Some(_) => {
                losses += 1;
                0.0
            }
            None => {
                draws += 1;
                0.5
            }
        };
        per_game.push(s);
        if let Some(path) = &a.pdn {
            let name = |p: &Player| format!("checkers level {}", p.level.level);
            let tags = checkers::pdn::Tags {
                event: format!(
                    "checkers match, level {} v level {}",
                    a.white_level, a.black_level
                ),
                site: "checkers".to_string(),
                round: (g + 1).to_string(),
                white: name(white),
                black: name(black),
                ..Default::default()
            };
            pdn.push_str(&checkers::pdn::write_game(&game, &tags));
            // After every game, so that a match stopped early keeps what it played.
            crate::files::write_atomically(path, &pdn)
                .map_err(|e| Fail::Input(format!("cannot write {}: {e}", path.display())))?;
        }
        let done = g as usize + 1;
        if !progress {
            // A log or a script gets one plain line per game instead of a bar.
            eprintln!(
                "game {done}/{}: {}  +{wins} ={draws} -{losses}  {:.0}s",
                a.games,
                game.outcome().map_or("*", |o| o.pdn_result()),
                started.elapsed().as_secs_f64()
            );
        } else {
            let width = 30;
            let filled = done * width / a.games as usize;
            eprint!(
                "\r[{}{}] {done}/{} games  +{wins} ={draws} -{losses}  {:.0}s ",
                "#".repeat(filled),
                " ".repeat(width - filled),
                a.games,
                started.elapsed().as_secs_f64()
            );
        }
    }
    if progress {
        eprintln!();
    }
    let n = per_game.len() as f64;
    let score = per_game.iter().sum::<f64>() / n;
    let (diff, margin) = elo(score, &per_game);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>7} {:>14}",
        "match", "games", "wins", "draws", "losses", "score", "elo"
    )?;
    writeln!(
        out,
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>+6.0} ± {:<5.0}",
        format!("level {} v level {}", a.white_level, a.black_level),
        a.games,
        wins,
        draws,
        losses,
        score * 100.0,
        diff,
        margin
    )?;
    writeln!(
        out,
        "(wins, draws and losses for level {}; both colours; {})",
        a.white_level, rules.name
    )?;
    Ok(())
}
