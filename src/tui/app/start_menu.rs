//! The start screen: a variant, an opponent and the AI's strength, or the
//! unfinished game of an earlier run.

use super::{numeric, Action, App, Options, StartMenu, OPPONENTS};
use checkers::Ruleset;
use std::time::Duration;

#[cfg(test)]
mod tests;

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
            unfinished: opts.unfinished.clone(),
        }
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
            Action::Resume => {
                if let Some(game) = menu.unfinished.take() {
                    let (_, white, black) = OPPONENTS[menu.opponent];
                    self.ai.white = white;
                    self.ai.black = black;
                    self.ai.level = menu.level;
                    self.start_menu = None;
                    self.show_numbers = numeric(game.rules());
                    self.game = game;
                    self.place_cursor();
                    self.info(self.lang.t("status.resumed").to_string());
                }
            }
            Action::Activate => {
                let rules = menu.variants[menu.selected].clone();
                let (_, white, black) = OPPONENTS[menu.opponent];
                self.ai.white = white;
                self.ai.black = black;
                self.ai.level = menu.level;
                self.ai.think_time = menu.think_time;
                self.start_menu = None;
                self.new_game(Some(rules));
            }
            Action::Quit | Action::Cancel => self.quit = true,
            _ => {}
        }
    }
}
