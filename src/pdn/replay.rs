//! Replaying a game as read: every move checked against the rules, as a record
//! and not as a referee. A draw the rules would declare (a repetition, a
//! no-progress count) is noted and the record read on; the result is kept as
//! written, and one that contradicts the final position is a warning.

use super::written::{self, Written};
use super::{PdnGame, Tag, Warning, WarningKind};
use crate::bitboard::Geometry;
use crate::game::{Game, Outcome, OutcomeReason};
use crate::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::{Color, Square};

/// Why a game could not be replayed, as a kind for counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Refusal {
    /// Text where a move belongs that is no move (`11-99`, `c9-d4`).
    NotAMove,
    /// A move the rules do not allow in the position reached.
    Illegal,
    /// Move text that fits several legal moves.
    Ambiguous,
    /// A set-up position (`FEN` tag or `/FEN "…"/`) that cannot be read.
    BadSetup,
}

impl Refusal {
    /// The kind, as a heading for a count.
    pub fn describe(self) -> &'static str {
        match self {
            Refusal::NotAMove => "not a move",
            Refusal::Illegal => "illegal move",
            Refusal::Ambiguous => "ambiguous move",
            Refusal::BadSetup => "unreadable set-up position",
        }
    }
}

/// Why a game's moves could not be replayed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based full-move number (0 for the set-up position) and the text there.
    pub move_number: usize,
    /// The move or set-up text refused, as written.
    pub text: String,
    /// The 1-based line of that text.
    pub line: usize,
    /// Its 1-based column, in characters.
    pub column: usize,
    /// What is wrong, as an English sentence.
    pub message: String,
    /// The kind of refusal, for counting.
    pub kind: Refusal,
    /// The rule an illegal move breaks, where the text named one move.
    pub illegal: Option<crate::Illegal>,
    /// What is wrong with a set-up position that cannot be read.
    pub setup: Option<crate::FenProblem>,
    /// Squares along a side of the board the game was read on, and how it was
    /// set and numbered: its squares' numbers and names are
    /// `Geometry::new(board).with_face(face)`'s.
    pub board: u8,
    /// See `board`.
    pub face: crate::Face,
}

impl ReplayError {
    /// What was refused: "move 62 `32-28`" or "the set-up `W::.`".
    pub fn subject(&self) -> String {
        if self.kind == Refusal::BadSetup {
            format!("the set-up `{}`", self.text)
        } else {
            format!("move {} `{}`", self.move_number, self.text)
        }
    }
}

impl std::fmt::Display for ReplayError {
    /// One line; the move or set-up it quotes from the file is shown with its
    /// control characters escaped.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::text::write_printable(
            f,
            format_args!(
                "{} (line {}, column {}): {}",
                self.subject(),
                self.line,
                self.column,
                self.message
            ),
        )
    }
}

impl std::error::Error for ReplayError {}

/// A game replayed from its record.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game as played (from the last set-up position, if the record has one
    /// among its moves).
    pub game: Game,
    /// What was taken as meant, or contradicts the record.
    pub warnings: Vec<Warning>,
    /// The result as written: the one after the moves, else the `Result` tag's,
    /// else `*`.
    pub result: String,
    /// The first draw the rules declare, when the record goes on past it: the move
    /// number and the rule.
    pub played_past: Option<(usize, String)>,
    /// The move from which the record does not know the moves (`-`).
    pub unknown_from: Option<usize>,
    /// Moves at which the record sets up a position (`/FEN "…"/`).
    pub setups: Vec<usize>,
}

impl Replayed {
    /// What a reader of the game should know besides its warnings, one line each.
    pub fn remarks(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some((n, why)) = &self.played_past {
            out.push(format!(
                "note: the game went on past a draw by {why} at move {n}"
            ));
        }
        if let Some(n) = self.unknown_from {
            out.push(format!(
                "note: the record does not give the moves from move {n} (`-`)"
            ));
        }
        for n in &self.setups {
            out.push(format!("note: the record sets up a new position at move {n}; the game is replayed from there"));
        }
        out
    }
}

/// Replays `pdn` under `rules`; the game as played.
pub fn replay(pdn: &PdnGame, rules: &Ruleset) -> Result<Game, ReplayError> {
    replay_record(pdn, rules).map(|r| r.game)
}

/// The largest square number in a FEN's piece lists (to tell a 10×10 game).
pub(super) fn fen_max_square(fen: &str) -> u32 {
    fen.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u32>().ok())
        .max()
        .unwrap_or(0)
}

/// `fen` with every man standing on its own crowning row written as a king, and
/// those squares; problem books print such men, the rules have none.
fn crown_men(fen: &str, geo: &Geometry) -> (String, Vec<(Color, Square)>) {
    let mut crowned = Vec::new();
    let text = fen.trim().trim_matches('"').trim_end_matches('.');
    let mut parts: Vec<String> = Vec::new();
    for (i, part) in text.split(':').enumerate() {
        let color = match part.trim().chars().next() {
            Some('W' | 'w') if i > 0 => Color::White,
            Some('B' | 'b') if i > 0 => Color::Black,
            _ => {
                parts.push(part.to_string());
                continue;
            }
        };
        let list = part.trim()[1..].trim();
        let mut items = Vec::new();
        for item in list.split(',').filter(|s| !s.trim().is_empty()) {
            let item = item.trim();
            if item.starts_with(['K', 'k']) {
                items.push(item.to_string());
                continue;
            }
            let squares: Option<Vec<Square>> = match item.split_once('-') {
                Some((a, b)) => match (a.trim().parse::<u8>(), b.trim().parse::<u8>()) {
                    (Ok(a), Ok(b)) if a <= b => (a..=b).map(|n| geo.square(n)).collect(),
                    _ => None,
                },
                None => geo.parse_square(item).map(|s| vec![s]),
            };
            match squares {
                Some(sqs) if sqs.iter().any(|s| on_crowning_row(geo, color, *s)) => {
                    for s in sqs {
                        let king = on_crowning_row(geo, color, s);
                        if king {
                            crowned.push((color, s));
                        }
                        items.push(format!(
                            "{}{}",
                            if king { "K" } else { "" },
                            geo.number(s).unwrap_or(0)
                        ));
                    }
                }
                _ => items.push(item.to_string()),
            }
        }
        parts.push(format!("{}{}", color.letter(), items.join(",")));
    }
    if crowned.is_empty() {
        (fen.to_string(), crowned)
    } else {
        (parts.join(":"), crowned)
    }
}

fn on_crowning_row(geo: &Geometry, color: Color, s: Square) -> bool {
    geo.promotion_row(color) & s.mask() != 0
}

/// Reads a set-up position; men on their crowning row are crowned, and an
/// unknown side to move (`?`) is the rules' first mover, each with a warning.
fn setup(
    fen: &str,
    line: usize,
    column: usize,
    rules: &Ruleset,
    warnings: &mut Vec<Warning>,
) -> Result<Position, ReplayError> {
    let (first, geo) = (rules.first_move, rules.geometry());
    let mut warn = |kind, message| {
        warnings.push(Warning {
            line,
            column,
            kind,
            message,
        })
    };
    let trimmed = fen.trim().trim_matches('"').trim_start();
    let sided = match trimmed.strip_prefix('?') {
        Some(rest) => {
            warn(
                WarningKind::UnknownSide,
                format!("the set-up does not say who is to move (`?`): read as {first}, who moves first"),
            );
            format!("{}{rest}", first.letter())
        }
        None => trimmed.to_string(),
    };
    let (fixed, crowned) = crown_men(&sided, geo);
    let pos = crate::fen::parse(&fixed, geo).map_err(|e| ReplayError {
        move_number: 0,
        text: crate::quoted(fen).into_owned(),
        line,
        column,
        message: e.message,
        kind: Refusal::BadSetup,
        illegal: None,
        setup: Some(e.problem),
        board: geo.size,
        face: geo.face,
    })?;
    for (color, s) in crowned {
        warn(
            WarningKind::CrownedMan,
            format!(
                "the set-up has a {color} man on {} ({}), its crowning row: read as a king",
                geo.number(s).unwrap_or(0),
                geo.name(s)
            ),
        );
    }
    Ok(pos)
}

/// The record's `Result` tag, where it says something.
fn result_tag(pdn: &PdnGame) -> Option<&Tag> {
    pdn.find_tag("Result")
        .filter(|t| !t.value.trim().is_empty() && t.value.trim() != "?")
}

/// The result as written: at the end of the moves, else in the tag, else `*`.
fn written_result(pdn: &PdnGame) -> String {
    pdn.result
        .clone()
        .or_else(|| result_tag(pdn).map(|t| t.value.trim().to_string()))
        .unwrap_or_else(|| "*".to_string())
}

/// Whose score a result puts first. A file without GameType puts the first
/// mover's first, as CheckerBoard writes English games ("1-0": Black won);
/// PDN puts White's first.
fn first_score(pdn: &PdnGame, rules: &Ruleset) -> Color {
    if pdn.tag("GameType").is_none() {
        rules.first_move
    } else {
        Color::White
    }
}

/// The record's result in PDN's own form (`1-0` for White, `0-1`, `1/2-1/2`),
/// whoever's score it puts first; `None` for `*` or a result it does not know.
pub fn recorded_result(pdn: &PdnGame, rules: &Ruleset) -> Option<&'static str> {
    Some(match recorded_winner(pdn, rules)? {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    })
}

/// How a record ended where its moves do not show it, as its `Termination`
/// tag says (PGN's values, any case): "time forfeit" with a decisive result is
/// a loss on time; "normal" with a decisive result is a resignation, with a
/// drawn one an agreed draw. `None` where `game` ends on the board, or the
/// record says nothing of how it ended: its result alone then stands.
pub fn recorded_ending(pdn: &PdnGame, game: &Game) -> Option<Outcome> {
    if game.outcome().is_some() {
        return None;
    }
    let how = pdn.tag("Termination")?.trim().to_ascii_lowercase();
    let winner = recorded_winner(pdn, game.rules())?;
    let reason = match (how.as_str(), winner) {
        // A flag falls on the player to move: a record that says otherwise
        // is not believed, and its result alone stands.
        ("time forfeit", Some(w)) if w != game.position().side_to_move() => OutcomeReason::Time,
        ("normal", Some(_)) => OutcomeReason::Resignation,
        ("normal", None) => OutcomeReason::Agreement,
        _ => return None,
    };
    Some(Outcome { winner, reason })
}

/// What the record's result says, whoever's score it puts first: as
/// [`meaning`] gives it.
fn recorded_winner(pdn: &PdnGame, rules: &Ruleset) -> Option<Option<Color>> {
    meaning(&written_result(pdn), first_score(pdn, rules))
}

/// What a written result says: `Some(Some(winner))`, `Some(None)` for a draw,
/// `None` for `*` and the like. `first` is the side whose score comes first.
fn meaning(result: &str, first: Color) -> Option<Option<Color>> {
    match result {
        "1-0" | "2-0" | "1:0" | "2:0" => Some(Some(first)),
        "0-1" | "0-2" | "0:1" | "0:2" => Some(Some(first.opposite())),
        "1/2-1/2" | "1/2:1/2" | "1-1" | "1:1" | "½-½" => Some(None),
        _ => None,
    }
}

fn says(m: Option<Color>) -> String {
    match m {
        Some(c) => format!("{c} wins"),
        None => "a draw".to_string(),
    }
}

/// Whether the record `rest` can be replayed after `first` is played in `game`
/// (up to a set-up or a move it does not know); text that fits several moves
/// again is tried each way, `depth` times deep.
fn continues(
    game: &Game,
    first: &Move,
    rest: &[(String, usize, usize)],
    rules: &Ruleset,
    depth: u32,
) -> bool {
    let mut g = game.clone();
    if g.play_on(first).is_err() {
        return false;
    }
    for (k, (text, _, _)) in rest.iter().enumerate() {
        if text.starts_with('/') {
            return true;
        }
        let Ok(w) = written::parse(text, rules.geometry()) else {
            return false;
        };
        if w == Written::Unknown {
            return true;
        }
        match written::resolve(&w, text, g.position(), rules) {
            Ok(m) => {
                if g.play_on(&m).is_err() {
                    return false;
                }
            }
            Err(u) if u.kind == Refusal::Ambiguous && depth > 0 => {
                return u
                    .candidates
                    .iter()
                    .any(|c| continues(&g, c, &rest[k + 1..], rules, depth - 1))
            }
            Err(_) => return false,
        }
    }
    true
}

/// Replays `pdn` under `rules`, reading the record on past draws the rules declare.
pub fn replay_record(pdn: &PdnGame, rules: &Ruleset) -> Result<Replayed, ReplayError> {
    let mut warnings = Vec::new();
    let start = match pdn.find_tag("FEN").filter(|t| !t.value.trim().is_empty()) {
        Some(t) => setup(&t.value, t.line, t.column, rules, &mut warnings)?,
        None => Position::start(rules),
    };
    // Move numbers count from the first mover of the rules, as the record does.
    let offset = usize::from(start.side_to_move() != rules.first_move);
    let mut game = Game::from_position(rules.clone(), start);
    let mut before = 0; // plies played before the last set-up
    let mut draw: Option<(usize, usize, String)> = None; // ply, move number, why
    let mut unknown_from = None;
    let mut setups = Vec::new();
    for (i, (text, line, column)) in pdn.moves.iter().enumerate() {
        let ply = before + game.moves().len();
        let number = (ply + offset) / 2 + 1;
        let fail = |kind, message| ReplayError {
            move_number: number,
            // Quoted short: a move of a broken file may run for pages.
            text: crate::quoted(text).into_owned(),
            line: *line,
            column: *column,
            message,
            kind,
            illegal: None,
            setup: None,
            board: rules.geometry().size,
            face: rules.geometry().face,
        };
        if let Some(inner) = text.strip_prefix('/') {
            let fen = inner
                .trim_end_matches('/')
                .trim()
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .trim();
            let fen = fen.trim_matches('"').trim();
            let pos = match fen.split(':').map(str::trim).collect::<Vec<_>>()[..] {
                // `/FEN "B::"/`: a null move, the other side to move.
                [side, "", ""]
                    if side.eq_ignore_ascii_case("w") || side.eq_ignore_ascii_case("b") =>
                {
                    let side = if side.eq_ignore_ascii_case("w") {
                        Color::White
                    } else {
                        Color::Black
                    };
                    game.position().with_side_to_move(side)
                }
                _ => setup(fen, *line, *column, rules, &mut warnings).map_err(|e| ReplayError {
                    setup: e.setup,
                    ..fail(Refusal::BadSetup, e.message)
                })?,
            };
            if ply > 0 {
                setups.push(number);
            }
            before = ply;
            game = Game::from_position(rules.clone(), pos);
            continue;
        }
        let w = written::parse(text, rules.geometry()).map_err(|m| fail(Refusal::NotAMove, m))?;
        if w == Written::Unknown {
            unknown_from = Some(number);
            break;
        }
        let m = match written::resolve(&w, text, game.position(), rules) {
            Ok(m) => m,
            Err(u) if u.kind == Refusal::Ambiguous => {
                // Text that fits several moves: the one the rest of the record follows.
                let rest = &pdn.moves[i + 1..];
                let fits: Vec<Move> = u
                    .candidates
                    .iter()
                    .copied()
                    .filter(|c| continues(&game, c, rest, rules, 2))
                    .collect();
                let [m] = fits[..] else {
                    return Err(fail(u.kind, u.message));
                };
                warnings.push(Warning {
                    line: *line,
                    column: *column,
                    kind: WarningKind::Ambiguous,
                    message: format!(
                        "{}; read as {}, the one the moves after it follow",
                        u.message,
                        crate::notation::write(&m, &rules.notation)
                    ),
                });
                m
            }
            Err(u) => {
                return Err(ReplayError {
                    illegal: u.why,
                    ..fail(u.kind, u.message)
                })
            }
        };
        game.play_on(&m)
            .map_err(|e| fail(Refusal::Illegal, e.to_string()))?;
        if draw.is_none() {
            let why = if game.repetitions() >= rules.repetition {
                Some("repetition".to_string())
            } else {
                game.counters()
                    .into_iter()
                    .find(|(rule, count)| *count >= rule.plies())
                    .map(|(rule, _)| rule.name.clone())
            };
            draw = why.map(|w| (ply + 1, number, w));
        }
    }
    let plies = before + game.moves().len();
    let played_past = draw
        .filter(|(at, _, _)| *at < plies)
        .map(|(_, n, why)| (n, why));

    // The result as written, and whether it fits the record.
    let tag = result_tag(pdn);
    let result = written_result(pdn);
    let first = first_score(pdn, rules);
    let (line, column) = pdn
        .result_at
        .or(tag.map(|t| (t.line, t.column)))
        .unwrap_or((pdn.line, 1));
    let mut warn = |message: String| {
        warnings.push(Warning {
            line,
            column,
            kind: WarningKind::Result,
            message,
        })
    };
    if let (Some(moves), Some(tag)) = (&pdn.result, tag) {
        let (a, b) = (meaning(moves, first), meaning(tag.value.trim(), first));
        if a.is_some() && b.is_some() && a != b {
            warn(format!(
                "the moves end with {moves} but the Result tag says {}",
                tag.value.trim()
            ));
        }
    }
    let pos = game.position();
    let side = pos.side_to_move();
    let lost = if pos.pieces(side).is_empty() {
        Some("has no pieces left")
    } else if legal_moves(pos, rules).is_empty() {
        Some("has no legal move")
    } else {
        None
    };
    if let (Some(how), None) = (lost, unknown_from) {
        let winner = Some(side.opposite());
        if let Some(m) = meaning(&result, first).filter(|m| *m != winner) {
            warn(format!(
                "the result {result} says {}, but in the final position {side} {how}: {}",
                says(m),
                says(winner)
            ));
        }
    }
    Ok(Replayed {
        game,
        warnings,
        result,
        played_past,
        unknown_from,
        setups,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused move quoted from a file never drives the terminal (issue 33).
    #[test]
    fn a_refusal_quotes_the_file_with_its_control_characters_escaped() {
        let rules = Ruleset::builtin("english").unwrap();
        let game = &crate::pdn::read_games("1. 11-15 \u{1b}[2J23-19 *\n").unwrap()[0];
        let shown = match replay_record(game, &rules) {
            Err(e) => e.to_string(),
            Ok(r) => r.warnings.iter().map(|w| w.message.clone()).collect(),
        };
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        let e = ReplayError {
            move_number: 1,
            text: "\u{1b}]0;x\u{7}".into(),
            line: 1,
            column: 1,
            message: "`\u{1b}]0;x\u{7}` is not a move".into(),
            kind: Refusal::NotAMove,
            illegal: None,
            setup: None,
            board: 8,
            face: crate::Face::default(),
        };
        let shown = e.to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.contains("\\u{1b}"), "{shown}");
    }

    #[test]
    fn men_on_their_crowning_row_are_crowned() {
        let (fen, crowned) = crown_men("W:W3,22:B29,K30,10.", &crate::BOARD_8);
        assert_eq!(fen, "W:WK3,22:BK29,K30,10");
        assert_eq!(crowned.len(), 2);
        assert_eq!(
            crown_men("B:W1-3,21:B9", &crate::BOARD_8).0,
            "B:WK1,K2,K3,21:B9"
        );
        let same = "W:W21-32:B1-12";
        assert_eq!(
            crown_men(same, &crate::BOARD_8),
            (same.to_string(), Vec::new())
        );
    }

    #[test]
    fn results_mean_what_the_convention_says() {
        assert_eq!(meaning("1-0", Color::White), Some(Some(Color::White)));
        assert_eq!(meaning("0:1", Color::White), Some(Some(Color::Black)));
        assert_eq!(meaning("1-0", Color::Black), Some(Some(Color::Black)));
        assert_eq!(meaning("1/2:1/2", Color::White), Some(None));
        assert_eq!(meaning("*", Color::White), None);
        assert_eq!(fen_max_square("W:W31-50:B1-20"), 50);
    }
}
