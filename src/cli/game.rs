//! Starting the terminal game: the start screen, `play` and `--resume`.

use super::{lang, load_config, load_rules, theme, AiArgs, DisplayArgs, Fail, PlayArgs, RulesArgs};
use crate::games::{self, Keeper, Library, TakeError};
use crate::tui;
use checkers::rules::builtin;
use checkers::{fen, Ruleset};
use std::io;

pub(super) fn need_terminal(lang: tui::i18n::Lang) -> Result<(), Fail> {
    use std::io::IsTerminal;
    if io::stdout().is_terminal() && io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(Fail::Runtime(lang.t("cli.need_terminal").to_string()))
    }
}

/// Who the AI played in a saved game: its players were saved as "human" or
/// "checkers level N"; `None` when the tags say neither.
fn players(
    read: &checkers::pdn::PdnGame,
    config: &crate::config::Config,
) -> Option<tui::AiSettings> {
    let level_of = |tag: &str| match read.tag(tag)? {
        "human" => Some(None),
        v => v
            .strip_prefix("checkers level ")
            .and_then(|n| n.parse::<u8>().ok())
            .map(Some),
    };
    let (white, black) = (level_of("White")?, level_of("Black")?);
    let mut ai = no_ai_flags().settings(config);
    ai.white = white.is_some();
    ai.black = black.is_some();
    if let Some(level) = white.or(black) {
        ai.level = level.clamp(1, checkers::ai::MAX_LEVEL);
    }
    Some(ai)
}

fn no_ai_flags() -> AiArgs {
    AiArgs {
        ai: None,
        level: None,
        think_time: None,
        delay: None,
    }
}

/// The unfinished games of the library that no other instance plays now, the
/// most recent first, that can be read back (at most nine), and how many more
/// another terminal plays now. A game without a move is no game to go on with.
fn unfinished_games(config: &crate::config::Config) -> (Vec<tui::Unfinished>, usize) {
    let Ok(lib) = Library::open() else {
        return (Vec::new(), 0);
    };
    let entries = lib.list().unwrap_or_default();
    let going: Vec<_> = entries
        .into_iter()
        .filter(|e| e.result.is_none() && e.unreadable.is_none() && e.moves > 0)
        .collect();
    let open = going.iter().filter(|e| e.open).count();
    let games = going
        .into_iter()
        .filter(|e| !e.open)
        .filter_map(|e| {
            let text = crate::files::read_text(&e.path, crate::files::MAX_PDN_BYTES).ok()?;
            let (read, game, ruleset_text) = games::read_game(&text, None).ok()?;
            (game.outcome().is_none()).then(|| tui::Unfinished {
                id: e.id,
                ai: players(&read, config),
                tags: games::tags_of(&read, &game),
                game,
                ruleset_text,
                when: games::when(e.last_played),
            })
        })
        .take(9)
        .collect();
    (games, open)
}

pub(super) fn start_screen(display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    need_terminal(lang(display, &config))?;
    let variant = config.variant.as_deref().unwrap_or(builtin::DEFAULT);
    let (unfinished, open_elsewhere) = unfinished_games(&config);
    let opts = tui::Options {
        rules: Ruleset::builtin(variant).expect("the config names a built-in variant"),
        start: None,
        theme: theme(display, &config),
        lang: lang(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: true,
        eval: None,
        ai: no_ai_flags().settings(&config),
        board_numbers: config.board_numbers,
        resume: None,
        review: false,
        unfinished,
        open_elsewhere,
        ruleset_text: None,
        kept_at: None,
        notes: Vec::new(),
        tags: None,
        clock: config.clock,
        analyse: None,
    };
    tui::run(opts, Keeper::default()).map_err(Fail::Runtime)
}

/// The rules `play` asks for, with the TOML text of a user's ruleset file so
/// that it can travel with the game.
fn play_rules(
    a: &PlayArgs,
    config: &crate::config::Config,
) -> Result<(Ruleset, Option<String>), Fail> {
    if let Some(path) = &a.rules.ruleset {
        if let Ok(text) = checkers::read_text(path, Ruleset::MAX_FILE_BYTES) {
            let rules = Ruleset::from_toml(&text, &path.display().to_string())?;
            return Ok((rules, Some(text)));
        }
    }
    if a.rules.variant.is_none() && a.rules.ruleset.is_none() {
        let variant = config.variant.as_deref().unwrap_or(builtin::DEFAULT);
        let rules = Ruleset::builtin(variant).expect("the config names a built-in variant");
        return Ok((rules, None));
    }
    // Here only for a built-in variant, or for the error a ruleset file gives.
    let rules = load_rules(&RulesArgs {
        variant: a.rules.variant.clone(),
        ruleset: a.rules.ruleset.clone(),
    })?;
    Ok((rules, None))
}

/// The game numbered `n` (from 1) of a PDN file, replayed and checked, read as
/// `pdn check` reads it (a game saved by this program with its user ruleset is
/// replayed by that ruleset); with the ruleset it carries and what the reader
/// skipped or noticed.
pub(super) fn load_game(
    path: &std::path::Path,
    n: usize,
    assume: &checkers::pdn::Assume,
) -> Result<
    (
        checkers::Game,
        Option<String>,
        Vec<String>,
        checkers::pdn::Tags,
    ),
    Fail,
> {
    let name = path.display().to_string();
    // Never blocks on a FIFO or a terminal, never reads more than a record can be.
    let bytes = checkers::read_file(path, crate::files::MAX_PDN_BYTES)
        .map_err(|e| Fail::Input(crate::files::read_error(path, &e)))?;
    games::open_game(&bytes, n, assume)
        .map(|(read, game, carried, notes)| {
            let tags = games::tags_of(&read, &game);
            (game, carried, notes, tags)
        })
        // The reason may quote the file: printed with its control characters escaped.
        .map_err(|e| {
            let why = e.in_lang(super::localize::current());
            Fail::Input(checkers::printable(&format!("{name}: {why}")).into_owned())
        })
}

pub(super) fn play(a: &PlayArgs, display: &DisplayArgs) -> Result<(), Fail> {
    if let Some(id) = &a.resume {
        return resume(id.as_deref(), display, a.no_touch_move);
    }
    let config = load_config()?;
    let (rules, mut ruleset_text) = play_rules(a, &config)?;
    let start = match &a.fen {
        Some(f) => Some(fen::parse(f, rules.geometry())?),
        None => None,
    };
    // The flags fill in for a game whose tags name none; the config's variant for
    // one written in its notation.
    let assume = checkers::pdn::Assume {
        variant: (a.rules.variant.is_some() || a.rules.ruleset.is_some()).then(|| rules.clone()),
        preferred: config.variant.as_deref().and_then(Ruleset::builtin),
    };
    let (loaded, notes, tags) = match &a.load {
        Some(path) => {
            let (game, carried, notes, tags) = load_game(path, a.game as usize, &assume)?;
            if carried.is_some() {
                ruleset_text = carried;
            }
            let name = path.display().to_string();
            let notes: Vec<String> = notes.iter().map(|n| format!("{name}: {n}")).collect();
            (Some(game), notes, Some(tags))
        }
        None => (None, Vec::new(), None),
    };
    let (loaded, tags) = match a.ballot {
        Some(choice) => {
            let ballot = drawn_ballot(choice, &rules)?;
            let tags = checkers::pdn::Tags {
                ballot: Some(ballot.number),
                date: crate::games::pdn_date(std::time::SystemTime::now()),
                ..Default::default()
            };
            (Some(ballot.game()), Some(tags))
        }
        None => (loaded, tags),
    };
    let eval = match &a.eval {
        Some(path) => Some(std::sync::Arc::new(super::load_eval(path, &rules)?)),
        None => None,
    };
    need_terminal(lang(display, &config))?;
    let opts = tui::Options {
        eval: eval.map(|e| (rules.id.clone(), e)),
        rules,
        start,
        theme: theme(display, &config),
        lang: lang(display, &config),
        no_touch_move: a.no_touch_move || !config.touch_move,
        fixed_bottom: a.bottom.map(checkers::Color::from),
        start_screen: false,
        ai: a.ai.settings(&config),
        board_numbers: config.board_numbers,
        // A record opened from a file is looked at, not filed, until a move is played.
        review: a.load.is_some(),
        unfinished: Vec::new(),
        open_elsewhere: 0,
        resume: loaded,
        ruleset_text,
        kept_at: None,
        notes: notes.clone(),
        tags,
        clock: a.clock.or(config.clock),
        analyse: None,
    };
    // Never the game of another run: a new game gets a file of its own.
    let played = tui::run(opts, Keeper::default()).map_err(Fail::Runtime);
    // What the reader skipped or noticed, once the screen is the shell's again.
    for note in notes {
        eprintln!("{}", checkers::printable(&note));
    }
    played
}

/// The ballot `--ballot` asks for, drawn from the deck for `random`; only
/// English checkers is played from ballots.
fn drawn_ballot(
    choice: super::args::Ballot,
    rules: &Ruleset,
) -> Result<&'static checkers::openings::Ballot, Fail> {
    let lang = super::localize::current();
    if rules.id != checkers::rules::builtin::ENGLISH {
        let variant = lang.variant_name(rules);
        return Err(Fail::Input(
            lang.f("cli.ballot.variant", &[("variant", &variant)]),
        ));
    }
    let drawn = match choice {
        super::args::Ballot::Number(ballot) => Some(ballot),
        super::args::Ballot::Random => checkers::openings::drawn_ballot(tui::fresh_seed()),
    };
    // The deck is built in and never empty (a test counts it).
    drawn.ok_or_else(|| {
        Fail::Input(lang.f("cli.value.ballot", &[("value", &"random"), ("deck", &0)]))
    })
}

/// Asks on the terminal whether to play on in a copy of a game another
/// instance holds.
fn offer_copy(why: &TakeError) -> Result<bool, Fail> {
    let ask = super::localize::current().t("games.play_a_copy");
    Ok(super::ask_yes(io::stderr(), &format!("{why}.\n{ask}"))?)
}

/// `--resume [ID]`: game `id` of the library, or the most recent unfinished
/// game no other instance plays.
pub(super) fn resume(
    id: Option<&str>,
    display: &DisplayArgs,
    no_touch_move: bool,
) -> Result<(), Fail> {
    let config = load_config()?;
    let lib = Library::open().map_err(Fail::Runtime)?;
    let id = match id {
        Some(id) => id.to_string(),
        None => {
            let entries = lib.list().map_err(Fail::Runtime)?;
            let unfinished = entries
                .iter()
                .filter(|e| e.result.is_none() && e.unreadable.is_none());
            let mut free = unfinished.clone().filter(|e| !e.open);
            match free.next().or(unfinished.clone().next()) {
                Some(e) => e.id.clone(),
                None => {
                    let shown = lib.dir.display().to_string();
                    let dir = checkers::printable(&shown);
                    return Err(Fail::Input(
                        lang(display, &config).f("cli.no_unfinished", &[("dir", &dir)]),
                    ));
                }
            }
        }
    };
    // A wrong id is said before anything else, terminal or not.
    let id = lib.resolve(&id).map_err(|e| Fail::Input(e.to_string()))?;
    need_terminal(lang(display, &config))?;
    let (mut keeper, text, kept_at) = match lib.take(&id) {
        Ok((record, text)) => {
            let at = record.path.display().to_string();
            (Keeper::holding(record), text, Some(at))
        }
        Err(e @ TakeError::OpenElsewhere(_)) => {
            if !offer_copy(&e)? {
                return Err(Fail::Runtime(e.to_string()));
            }
            let text = lib.read(&id).map_err(|e| Fail::Runtime(e.to_string()))?;
            (Keeper::default(), text, None)
        }
        Err(TakeError::Unknown(m)) => return Err(Fail::Input(m)),
        Err(TakeError::Io(m)) => return Err(Fail::Runtime(m)),
    };
    let l = lang(display, &config);
    let (read, game, ruleset_text) = games::open_game(text.as_bytes(), 1, &Default::default())
        .map(|(read, game, carried, _)| (read, game, carried))
        .map_err(|e| {
            let why = e.in_lang(l);
            Fail::Input(l.f("games.unreadable", &[("id", &id), ("why", &why)]))
        })?;
    let tags = games::tags_of(&read, &game);
    // Over in its file alone (a resignation, an agreed draw, a loss on time):
    // it opens to be looked at, as a loaded record does, and a move played on
    // it starts a new game rather than change the finished one.
    let ended = !tags.result.is_empty() || game.outcome().is_some_and(|o| o.reason.off_board());
    if ended {
        keeper.let_go();
    }
    let kept_at = kept_at.filter(|_| !ended);
    let opts = tui::Options {
        rules: game.rules().clone(),
        start: None,
        theme: theme(display, &config),
        lang: lang(display, &config),
        // `play --resume --no-touch-move` as the status line's advice says.
        no_touch_move: no_touch_move || !config.touch_move,
        fixed_bottom: None,
        start_screen: false,
        ai: players(&read, &config).unwrap_or_else(|| no_ai_flags().settings(&config)),
        board_numbers: config.board_numbers,
        resume: Some(game),
        review: ended,
        unfinished: Vec::new(),
        open_elsewhere: 0,
        eval: None,
        ruleset_text,
        tags: Some(tags),
        // A copy has no file yet: it is filed at once as a new game.
        kept_at,
        notes: Vec::new(),
        clock: None,
        analyse: None,
    };
    tui::run(opts, keeper).map_err(Fail::Runtime)
}
