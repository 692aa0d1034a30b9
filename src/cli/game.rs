//! Starting the terminal game: the start screen, `play` and `--resume`.

use super::{load_config, load_rules, theme, AiArgs, DisplayArgs, Fail, PlayArgs, RulesArgs};
use crate::tui;
use checkers::rules::builtin;
use checkers::{fen, Ruleset};
use std::io;

fn need_terminal() -> Result<(), Fail> {
    use std::io::IsTerminal;
    if io::stdout().is_terminal() && io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(Fail::Runtime(
            "the game needs a terminal; for scripts use `checkers moves` or `checkers perft`"
                .to_string(),
        ))
    }
}

/// The unfinished game saved by an earlier run, if one can be read back.
fn unfinished_game() -> Option<checkers::Game> {
    use checkers::pdn;
    let text = std::fs::read_to_string(tui::autosave::current_file()?).ok()?;
    pdn::load_game(&text, 1, None).ok().map(|(_, game)| game)
}

pub(super) fn start_screen(display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    need_terminal()?;
    let variant = config.variant.as_deref().unwrap_or(builtin::DEFAULT);
    let opts = tui::Options {
        rules: Ruleset::builtin(variant).expect("the config names a built-in variant"),
        start: None,
        theme: theme(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: true,
        eval: None,
        ai: AiArgs {
            ai: None,
            level: None,
            think_time: None,
        }
        .settings(&config),
        board_numbers: config.board_numbers,
        resume: None,
        review: false,
        unfinished: unfinished_game(),
    };
    tui::run(opts).map_err(Fail::Runtime)
}

/// The game numbered `n` (from 1) of a PDN file, replayed and checked, read as
/// `pdn check` reads it; with what the reader skipped or noticed.
fn load_game(
    path: &std::path::Path,
    n: usize,
    assume: &checkers::pdn::Assume,
) -> Result<(checkers::Game, Vec<String>), Fail> {
    let name = path.display().to_string();
    let file =
        std::fs::File::open(path).map_err(|e| Fail::Input(format!("cannot read {name}: {e}")))?;
    checkers::pdn::open_game(file, n, assume)
        .map(|loaded| (loaded.game, loaded.notes))
        // The reason may quote the file: printed with its control characters escaped.
        .map_err(|e| Fail::Input(checkers::printable(&format!("{name}: {e}")).into_owned()))
}

pub(super) fn play(a: &PlayArgs, display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    let rules = if a.rules.variant.is_none() && a.rules.ruleset.is_none() {
        let variant = config.variant.as_deref().unwrap_or(builtin::DEFAULT);
        Ruleset::builtin(variant).expect("the config names a built-in variant")
    } else {
        load_rules(&RulesArgs {
            variant: a.rules.variant.clone(),
            ruleset: a.rules.ruleset.clone(),
        })?
    };
    let start = match &a.fen {
        Some(f) => Some(fen::parse(f)?),
        None => None,
    };
    // The flags fill in for a game whose tags name none; the config's variant for
    // one written in its notation.
    let assume = checkers::pdn::Assume {
        variant: (a.rules.variant.is_some() || a.rules.ruleset.is_some()).then(|| rules.clone()),
        preferred: config.variant.as_deref().and_then(Ruleset::builtin),
    };
    let (loaded, notes) = match &a.load {
        Some(path) => {
            let (game, notes) = load_game(path, a.game as usize, &assume)?;
            let name = path.display().to_string();
            let notes: Vec<String> = notes.iter().map(|n| format!("{name}: {n}")).collect();
            (Some(game), notes)
        }
        None => (None, Vec::new()),
    };
    let eval = match &a.eval {
        Some(path) => Some(std::sync::Arc::new(super::load_eval(path, &rules)?)),
        None => None,
    };
    need_terminal()?;
    let opts = tui::Options {
        eval: eval.map(|e| (rules.id.clone(), e)),
        rules,
        start,
        theme: theme(display, &config),
        no_touch_move: a.no_touch_move || !config.touch_move,
        fixed_bottom: a.bottom.map(checkers::Color::from),
        start_screen: false,
        ai: a.ai.settings(&config),
        board_numbers: config.board_numbers,
        review: loaded.is_some(),
        unfinished: None,
        resume: loaded,
    };
    let played = tui::run(opts).map_err(Fail::Runtime);
    // What the reader skipped or noticed, once the screen is the shell's again.
    for note in notes {
        eprintln!("{}", checkers::printable(&note));
    }
    played
}

pub(super) fn resume(display: &DisplayArgs) -> Result<(), Fail> {
    use checkers::pdn;
    let config = load_config()?;
    let path = tui::autosave::current_file().ok_or_else(|| {
        Fail::Runtime("cannot tell where games are saved: set HOME or XDG_DATA_HOME".into())
    })?;
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(Fail::Input(format!(
                "there is no unfinished game to resume ({} does not exist)",
                path.display()
            )))
        }
        Err(e) => return Err(Fail::Input(format!("cannot read {}: {e}", path.display()))),
    };
    let name = path.display().to_string();
    let (first, game) = pdn::load_game(&text, 1, None)
        .map_err(|e| Fail::Input(checkers::printable(&format!("{name}: {e}")).into_owned()))?;
    let rules = game.rules().clone();
    // The players were saved as "human" or "checkers level N".
    let level_of = |tag: &str| {
        first
            .tag(tag)
            .and_then(|v| v.strip_prefix("checkers level "))
            .and_then(|n| n.parse::<u8>().ok())
    };
    let (white, black) = (level_of("White"), level_of("Black"));
    let mut ai = AiArgs {
        ai: None,
        level: None,
        think_time: None,
    }
    .settings(&config);
    ai.white = white.is_some();
    ai.black = black.is_some();
    if let Some(level) = white.or(black) {
        ai.level = level.clamp(1, checkers::ai::MAX_LEVEL);
    }
    need_terminal()?;
    let opts = tui::Options {
        rules,
        start: None,
        theme: theme(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: false,
        ai,
        board_numbers: config.board_numbers,
        resume: Some(game),
        review: false,
        unfinished: None,
        eval: None,
    };
    tui::run(opts).map_err(Fail::Runtime)
}
