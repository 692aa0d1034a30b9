//! The start screen: a variant, an opponent and the AI's strength, or one of
//! the unfinished games in the library.

use super::{numeric, Action, AiSettings, App, Effect, FileWork, Options, StartMenu, OPPONENTS};
use checkers::clock::TimeControl;
use checkers::Game;
use checkers::Ruleset;
use std::time::Duration;

#[cfg(test)]
mod tests;

/// An unfinished game in the library, for the start screen.
#[derive(Clone, Debug)]
pub struct Unfinished {
    pub id: String,
    pub game: Game,
    /// The user ruleset's text the game carries, if it is not a built-in variant.
    pub ruleset_text: Option<String>,
    /// Who the AI played and at which level, from the record's player tags.
    pub ai: Option<AiSettings>,
    /// The record's tags, written again as the game goes on.
    pub tags: checkers::pdn::Tags,
    /// When it was last played, as the list shows it (`2026-11-26 18:03 UTC`).
    pub when: String,
}

impl StartMenu {
    /// The start screen for `opts`, its choices preset from them.
    pub(super) fn new(opts: &Options) -> StartMenu {
        let variants = Ruleset::builtins();
        let selected = variants
            .iter()
            .position(|r| r.id == opts.rules.id)
            .unwrap_or(0);
        let opponent = OPPONENTS
            .iter()
            .position(|&(_, w, b)| w == opts.ai.white && b == opts.ai.black)
            .unwrap_or(0);
        StartMenu {
            variants,
            selected,
            opponent,
            level: opts.ai.level,
            think_time: opts.ai.think_time,
            clock: opts.clock,
            delay: opts.ai.delay,
            ballot: false,
            unfinished: opts.unfinished.clone(),
            open_elsewhere: opts.open_elsewhere,
        }
    }

    /// Whether the screen shows the think time: an AI plays, at a level that
    /// searches for it.
    pub fn shows_think_time(&self) -> bool {
        let (_, white, black) = OPPONENTS[self.opponent];
        (white || black)
            && checkers::ai::Level::get_or_default(self.level)
                .movetime
                .is_none()
    }

    /// Whether the screen shows the ballot: English is chosen.
    pub fn shows_ballot(&self) -> bool {
        self.variants[self.selected].id == checkers::rules::builtin::ENGLISH
    }
}

/// The control after `now` in the start screen's round: none, then each of
/// [`super::CLOCKS`], then none again (a control of the config's own, not in the
/// list, goes on to the first).
fn next_clock(now: Option<TimeControl>) -> Option<TimeControl> {
    let all: Vec<TimeControl> = super::CLOCKS
        .iter()
        .map(|c| TimeControl::parse(c).expect("the list's controls read"))
        .collect();
    match now {
        None => all.first().copied(),
        Some(c) => match all.iter().position(|&x| x == c) {
            Some(i) => all.get(i + 1).copied(),
            None => all.first().copied(),
        },
    }
}

impl App {
    pub(super) fn update_start(&mut self, action: Action) {
        let Some(menu) = &mut self.start_menu else {
            return;
        };
        let n = menu.variants.len();
        match action {
            Action::Up | Action::ScrollUp => menu.selected = (menu.selected + n - 1) % n,
            Action::Down | Action::ScrollDown => menu.selected = (menu.selected + 1) % n,
            Action::Left => menu.opponent = (menu.opponent + OPPONENTS.len() - 1) % OPPONENTS.len(),
            Action::Right => menu.opponent = (menu.opponent + 1) % OPPONENTS.len(),
            Action::LevelUp => menu.level = (menu.level + 1).min(checkers::ai::MAX_LEVEL),
            Action::LevelDown => menu.level = menu.level.saturating_sub(1).max(1),
            // Each key changes only a setting the screen shows: the think time
            // with an AI whose level plays at it, the ballot on English.
            Action::ThinkLonger | Action::ThinkShorter if !menu.shows_think_time() => {}
            Action::ToggleBallot if !menu.shows_ballot() => {}
            Action::ThinkLonger => {
                menu.think_time =
                    (menu.think_time + Duration::from_secs(1)).min(Duration::from_secs(60))
            }
            Action::ThinkShorter => {
                menu.think_time = menu
                    .think_time
                    .saturating_sub(Duration::from_secs(1))
                    .max(Duration::from_secs(1))
            }
            Action::NextClock => menu.clock = next_clock(menu.clock),
            Action::ToggleBallot => menu.ballot = !menu.ballot,
            Action::NextDelay => {
                let at = super::DELAYS.iter().position(|&d| d > menu.delay);
                menu.delay = super::DELAYS[at.unwrap_or(0)];
            }
            Action::Resume => self.resume_unfinished(0),
            Action::ResumeNth(n) => self.resume_unfinished(n.saturating_sub(1)),
            Action::Activate => {
                let rules = menu.variants[menu.selected].clone();
                let (_, white, black) = OPPONENTS[menu.opponent];
                self.ai.white = white;
                self.ai.black = black;
                self.ai.level = menu.level;
                self.ai.think_time = menu.think_time;
                self.ai.delay = menu.delay;
                self.clock_control = menu.clock;
                let ballot = menu.ballot && rules.id == checkers::rules::builtin::ENGLISH;
                self.start_menu = None;
                self.new_game(Some(rules));
                if ballot {
                    self.start_from_ballot();
                }
            }
            Action::Quit | Action::Cancel => self.quit = true,
            _ => {}
        }
    }

    /// The new game begins with a ballot of the three-move deck, drawn at random.
    fn start_from_ballot(&mut self) {
        let Some(ballot) = checkers::openings::drawn_ballot(self.noise_seed) else {
            return;
        };
        self.game = ballot.game();
        self.tags.ballot = Some(ballot.number);
        self.place_cursor();
        let text = format!("{} {}", ballot.number, ballot.text());
        self.info(self.lang.f("status.ballot", &[("ballot", &text)]));
    }

    /// Goes on with unfinished game `i` of the start screen's list, holding
    /// its file (or, if another terminal holds it, as a copy: see [`App::taken`]).
    fn resume_unfinished(&mut self, i: usize) {
        let Some(menu) = &mut self.start_menu else {
            return;
        };
        if i >= menu.unfinished.len() {
            return;
        }
        let chosen = menu.unfinished.remove(i);
        let (_, white, black) = OPPONENTS[menu.opponent];
        let ai = chosen.ai.unwrap_or(AiSettings {
            white,
            black,
            level: menu.level,
            think_time: menu.think_time,
            delay: menu.delay,
        });
        self.ai = ai;
        self.start_menu = None;
        self.show_numbers = numeric(chosen.game.rules());
        self.game = chosen.game;
        self.tags = chosen.tags;
        self.clocks = super::Clocks::of_record(&self.tags);
        self.paused = false;
        self.ruleset_text = chosen.ruleset_text;
        self.saver.held(&self.game);
        self.effects.push(Effect::File(FileWork::Take {
            id: chosen.id.clone(),
        }));
        self.place_cursor();
        self.info(self.lang.f("status.resumed_game", &[("id", &chosen.id)]));
        if self.game.outcome().is_some() {
            self.overlay = Some(super::Overlay::GameOver);
        }
    }
}
