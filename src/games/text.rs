//! A saved game's text: PDN, with the ruleset of a game played under a user's
//! ruleset file carried inside it as `%checkers-ruleset` escape lines (PDN
//! readers skip lines that start with `%`), so the game replays even after
//! that file changed or went away.

use checkers::pdn::{self, PdnGame, Tags};
use checkers::{Game, OutcomeReason, Ruleset};

const RULESET_LINE: &str = "%checkers-ruleset";

/// `game` as the library keeps it; `ruleset` is the TOML text of a user's
/// ruleset (`None` for a built-in variant).
pub fn write_game(game: &Game, tags: &Tags, ruleset: Option<&str>) -> String {
    write_game_with(game, tags, ruleset, &pdn::WriteOptions::default())
}

/// [`write_game`], with the moves written as `options` say.
pub fn write_game_with(
    game: &Game,
    tags: &Tags,
    ruleset: Option<&str>,
    options: &pdn::WriteOptions,
) -> String {
    let mut out = String::new();
    if let Some(toml) = ruleset {
        for line in toml.lines() {
            out.push_str(RULESET_LINE);
            if !line.is_empty() {
                out.push(' ');
                out.push_str(line);
            }
            out.push('\n');
        }
    }
    out.push_str(&pdn::write_game_with(game, tags, options));
    out
}

/// The ruleset text carried in `text`, if any.
fn carried_ruleset(text: &str) -> Option<String> {
    let mut toml = String::new();
    let mut found = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix(RULESET_LINE) {
            found = true;
            toml.push_str(rest.strip_prefix(' ').unwrap_or(rest));
            toml.push('\n');
        } else if found && !line.starts_with('%') {
            break; // the carried ruleset is a block at the top
        }
    }
    found.then_some(toml)
}

/// Game 1 of `text`, replayed under the ruleset it carries, else under the
/// built-in variant its tags name, else under `fallback`. Returns the game as
/// read (for its tags), as played, and the carried ruleset's text.
pub fn read_game(
    text: &str,
    fallback: Option<&Ruleset>,
) -> Result<(PdnGame, Game, Option<String>), String> {
    let assume = pdn::Assume {
        variant: fallback.cloned(),
        preferred: None,
    };
    open_game(text.as_bytes(), 1, &assume)
        .map(|(read, game, carried, _)| (read, game, carried))
        .map_err(|e| e.to_string())
}

/// Why a game file cannot be opened: its PDN, or the ruleset it carries.
#[derive(Debug)]
pub enum OpenError {
    Pdn(pdn::OpenError),
    Ruleset(checkers::RulesetError),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Pdn(e) => write!(f, "{e}"),
            OpenError::Ruleset(e) => write!(f, "{e}"),
        }
    }
}

impl OpenError {
    /// The reason in the player's language (a ruleset's reason is the
    /// library's English: see docs/CLI.md, "Languages").
    pub fn in_lang(&self, lang: crate::tui::i18n::Lang) -> String {
        match self {
            OpenError::Pdn(e) => lang.open_error(e),
            OpenError::Ruleset(e) => lang.ruleset_error(e),
        }
    }
}

/// Game `n` of a PDN file's bytes, read as leniently as `pdn check` reads it,
/// with the ruleset text the first game carries and what the reader skipped
/// or noticed; a game carrying its ruleset is replayed by that ruleset.
pub fn open_game(
    bytes: &[u8],
    n: usize,
    assume: &pdn::Assume,
) -> Result<(PdnGame, Game, Option<String>, Vec<String>), OpenError> {
    // Only this program's own files carry a ruleset, and it writes them as UTF-8.
    let carried = std::str::from_utf8(bytes)
        .ok()
        .filter(|_| n == 1)
        .and_then(|text| Some((text, carried_ruleset(text)?)));
    let Some((text, toml)) = carried else {
        let loaded = pdn::open_game(bytes, n, assume).map_err(OpenError::Pdn)?;
        let game = ended_as_recorded(&loaded.pdn, loaded.game);
        return Ok((loaded.pdn, game, None, loaded.notes));
    };
    let rules =
        Ruleset::from_toml(&toml, "the ruleset saved with the game").map_err(OpenError::Ruleset)?;
    let pdn_error = OpenError::Pdn;
    let games = pdn::read_games(text).map_err(|e| pdn_error(pdn::OpenError::Unreadable(e)))?;
    let read = games
        .into_iter()
        .next()
        .ok_or(pdn_error(pdn::OpenError::NoSuchGame { count: 0, n: 1 }))?;
    let game = pdn::replay(&read, &rules).map_err(|error| {
        pdn_error(pdn::OpenError::Refused {
            n: 1,
            error: Box::new(error),
        })
    })?;
    let game = ended_as_recorded(&read, game);
    Ok((read, game, Some(toml), Vec::new()))
}

/// `game` ended as its record says where its moves do not show it (a loss on
/// time, a resignation, an agreed draw), so that it opens as it was left:
/// the reason on the panel, the flagged clock at zero.
fn ended_as_recorded(read: &PdnGame, mut game: Game) -> Game {
    if let Some(o) = pdn::recorded_ending(read, &game) {
        match (o.reason, o.winner) {
            (OutcomeReason::Time, Some(w)) => game.flag_fall(w.opposite()),
            (OutcomeReason::Resignation, Some(w)) => game.resign(w.opposite()),
            _ => game.agree_draw(),
        }
    }
    game
}

/// What the list of games shows of one, read without replaying its moves.
pub(super) struct Summary {
    pub variant: String,
    pub white: String,
    pub black: String,
    pub moves: usize,
    pub result: Option<String>,
}

pub(super) fn summary(text: &str) -> Result<Summary, String> {
    let games = pdn::read_games(text).map_err(|e| e.to_string())?;
    // The lenient reader skips what it cannot read: a file of nothing but that
    // holds no game.
    let g = games
        .iter()
        .find(|g| !g.tags.is_empty() || !g.moves.is_empty() || g.result.is_some())
        .ok_or_else(|| "no game in the file".to_string())?;
    let variant = match carried_ruleset(text) {
        Some(toml) => Ruleset::from_toml(&toml, "the ruleset saved with the game")
            .map(|r| r.id)
            .map_err(|e| e.to_string())?,
        None => pdn::variant_of(g)
            .map(|r| r.id)
            .or_else(|| g.tag("Variant").map(str::to_string))
            .unwrap_or_else(|| "?".to_string()),
    };
    let tag = |name: &str| g.tag(name).unwrap_or("?").to_string();
    let result = g
        .result
        .clone()
        .or_else(|| g.tag("Result").map(str::to_string))
        .filter(|r| r != "*");
    Ok(Summary {
        variant,
        white: tag("White"),
        black: tag("Black"),
        moves: g.moves.len(),
        result,
    })
}
