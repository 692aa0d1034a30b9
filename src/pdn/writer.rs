//! Writing games as PDN 3.0.

use crate::game::{Game, OutcomeReason};
use crate::notation::write_short;
use crate::position::Position;

/// The tags of a PDN game besides those the game itself supplies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// The `Event` tag; empty is written as `?`.
    pub event: String,
    /// The `Site` tag; empty is written as `?`.
    pub site: String,
    /// The `Date` tag, PDN's `YYYY.MM.DD` (written as given); empty is written as
    /// `????.??.??`.
    pub date: String,
    /// The `Round` tag; empty is written as `?`.
    pub round: String,
    /// The name of the player of White; empty is written as `?`.
    pub white: String,
    /// The name of the player of Black; empty is written as `?`.
    pub black: String,
    /// The `TimeControl` tag, as [`crate::clock::TimeControl::pdn`] writes it;
    /// empty is not written.
    pub time_control: String,
    /// The result a record gives that its game does not show itself (a
    /// resignation or a loss on time, written as `1-0`): `1-0`, `0-1` or
    /// `1/2-1/2`, written when the game has no outcome of its own; empty: `*`.
    pub result: String,
    /// The number of the three-move ballot the game was drawn to start from
    /// (English checkers), written as a `Ballot` tag.
    pub ballot: Option<u32>,
    /// The time each move left its player, by ply: written after the move as a
    /// clock comment, `{[%clk 0:04:57]}`, where there is one.
    pub clocks: Vec<Option<std::time::Duration>>,
    /// What is said of each move, by ply: a move-strength mark and a comment.
    pub notes: Vec<Note>,
}

/// What a record says of one move besides the move itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// A PDN move-strength mark written onto the move: `!`, `?`, `!!`, `??`,
    /// `!?` or `?!`; empty for none.
    pub mark: &'static str,
    /// A comment written after the move (without its braces, which it must not
    /// hold); empty for none.
    pub comment: String,
}

/// Choices in how a game is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// The capture separator for a variant that writes captures with `:` (Russian):
    /// `x` as lidraughts writes it and pydraughts reads it. `None`: the ruleset's own.
    pub capture_separator: Option<char>,
}

/// A tag's value as a PDN 3.0 string: `"` and `\` escaped with a backslash, and no
/// control character, which a name from outside (another engine's `id`, a file)
/// may hold: each is written as [`crate::printable`] shows it, `\u{1b}`, whose
/// backslash is then escaped like any other, so the value can neither break its
/// tag line nor drive the terminal it is shown on.
fn quote(s: &str) -> String {
    crate::text::printable(s)
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// The number PDN writes before move `i` (from 0) of a game whose first
/// position has `start` to move: `12.` before the first player's move, `12...`
/// before the second player's.
pub fn move_number(start: crate::Color, rules: &crate::Ruleset, i: usize) -> String {
    let ply = i + usize::from(start != rules.first_move);
    if ply.is_multiple_of(2) {
        format!("{}.", ply / 2 + 1)
    } else {
        format!("{}...", ply / 2 + 1)
    }
}

/// `game` as PDN 3.0 text: the seven-tag roster, `GameType` where the variant
/// has one, a `Variant` tag always, `SetUp`/`FEN` for a set-up start, and the
/// moves in the variant's notation (captures by start and end unless that is
/// ambiguous, then by the full path).
pub fn write_game(game: &Game, tags: &Tags) -> String {
    write_game_with(game, tags, &WriteOptions::default())
}

/// PGN's `Termination` for a game that ended off the board, which its moves
/// cannot show: "time forfeit" for a flag fall, "normal" for a resignation
/// (a decisive result) or an agreed draw (a drawn one), as lichess writes
/// them; read back by [`super::recorded_ending`].
fn termination(reason: &OutcomeReason) -> Option<&'static str> {
    match reason {
        OutcomeReason::Time => Some("time forfeit"),
        OutcomeReason::Resignation | OutcomeReason::Agreement => Some("normal"),
        _ => None,
    }
}

/// [`write_game`] with the choices of `options`.
pub fn write_game_with(game: &Game, tags: &Tags, options: &WriteOptions) -> String {
    let mut rules = game.rules().clone();
    if let Some(sep) = options.capture_separator {
        if rules.notation.capture_separator == ':' {
            rules.notation.capture_separator = sep;
        }
    }
    let result = game
        .outcome()
        .map(|o| o.pdn_result().to_string())
        .or_else(|| (!tags.result.is_empty()).then(|| tags.result.clone()))
        .unwrap_or_else(|| "*".to_string());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
    };
    let or = |s: &str, d: &str| {
        if s.is_empty() {
            d.to_string()
        } else {
            s.to_string()
        }
    };
    tag("Event", &or(&tags.event, "?"));
    tag("Site", &or(&tags.site, "?"));
    tag("Date", &or(&tags.date, "????.??.??"));
    tag("Round", &or(&tags.round, "?"));
    tag("White", &or(&tags.white, "?"));
    tag("Black", &or(&tags.black, "?"));
    tag("Result", &result);
    if let Some(t) = rules.pdn_game_type {
        tag("GameType", &t.to_string());
    }
    tag("Variant", &rules.pdn_variant);
    if let Some(t) = game.outcome().and_then(|o| termination(&o.reason)) {
        tag("Termination", t);
    }
    if !tags.time_control.is_empty() {
        tag("TimeControl", &tags.time_control);
    }
    if let Some(n) = tags.ballot {
        tag("Ballot", &n.to_string());
    }
    let start = *game.start();
    if start != Position::start(&rules) {
        tag("SetUp", "1");
        tag(
            "FEN",
            &crate::fen::write(&start, rules.geometry(), rules.notation.squares),
        );
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    for (i, m) in game.moves().enumerate() {
        let pos = game.position_before(i);
        // The second player's moves are numbered only where the game starts.
        let number = move_number(start.side_to_move(), &rules, i);
        if i == 0 || !number.ends_with("...") {
            words.push(number);
        }
        let note = tags.notes.get(i);
        words.push(write_short(m, pos, &rules) + note.map_or("", |n| n.mark));
        let mut said: Vec<String> = Vec::new();
        if let Some(Some(left)) = tags.clocks.get(i) {
            said.push(crate::clock::clk(*left));
        }
        if let Some(n) = note.filter(|n| !n.comment.is_empty()) {
            said.push(n.comment.replace(['{', '}'], ""));
        }
        if !said.is_empty() {
            words.push(format!("{{{}}}", said.join(" ")));
        }
    }
    words.push(result);
    // Lines of at most 80 characters, as PDN export format asks.
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
