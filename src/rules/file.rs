//! The raw TOML mirror of a ruleset file and its validation into a [`Ruleset`].
//!
//! Every key is a serde field with `deny_unknown_fields`, so a misspelt key is an
//! error, never a silent default. Settings with a fixed list of values are read as
//! `Spanned` strings and matched here, so that an unknown value is quoted, the
//! allowed values are listed and the line is named. Errors from the TOML parser and
//! from serde are rewritten for a person editing the file by [`super::diagnose`].

use super::diagnose::{closest, or_list, shape_error, suggest_id, syntax_error};
use super::{
    CaptureChoice, DrawCondition, KingCapturesFrom, KingLands, KingMoves, NoProgressRule, Notation,
    PromotionMidCapture, ResetEvent, Ruleset,
};
use crate::bitboard::Geometry;
use crate::square::{Color, SquareNotation};
use crate::text::line_col;
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// A ruleset file that could not be read or accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesetError {
    /// The file (or other origin) the text came from.
    pub origin: String,
    /// 1-based line and column, where known.
    pub location: Option<(usize, usize)>,
    /// What is wrong and what to do, on one line.
    pub message: String,
    /// Set when the file could not be read at all (no such file, not UTF-8
    /// text), for a front end that words that in its own language.
    pub unreadable: Option<std::io::ErrorKind>,
}

impl RulesetError {
    pub(crate) fn io(origin: &str, err: &std::io::Error) -> RulesetError {
        use std::io::ErrorKind;
        let message = match err.kind() {
            ErrorKind::NotFound => {
                "cannot read the ruleset file: there is no such file; check the path".to_string()
            }
            ErrorKind::InvalidData => {
                "cannot read the ruleset file: it is not UTF-8 text; save it as UTF-8".to_string()
            }
            _ => format!("cannot read the ruleset file: {err}"),
        };
        RulesetError {
            origin: origin.to_string(),
            location: None,
            message,
            unreadable: Some(err.kind()),
        }
    }

    pub(super) fn at(
        origin: &str,
        text: &str,
        span: Option<Range<usize>>,
        message: String,
    ) -> RulesetError {
        RulesetError {
            origin: origin.to_string(),
            location: Some(span.map_or((1, 1), |s| line_col(text, s.start))),
            message: one_line(&message),
            unreadable: None,
        }
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The origin is a file name, and the message may quote the file.
        match self.location {
            Some((line, col)) => crate::text::write_printable(
                f,
                format_args!("{}:{line}:{col}: {}", self.origin, self.message),
            ),
            None => {
                crate::text::write_printable(f, format_args!("{}: {}", self.origin, self.message))
            }
        }
    }
}

impl std::error::Error for RulesetError {}

/// A message of several lines as one, its lines joined by `; `.
pub(super) fn one_line(message: &str) -> String {
    let parts: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    parts.join("; ")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    id: Spanned<String>,
    name: Spanned<String>,
    description: String,
    #[serde(default)]
    board: RawBoard,
    rules: RawRules,
    notation: RawNotation,
    draw: RawDraw,
    pdn: RawPdn,
}

/// The board: both keys may be left out (8×8, three rows of men each).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    size: Option<Spanned<i64>>,
    men_rows: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    first_move: Spanned<String>,
    men_capture_backwards: bool,
    king_moves: Spanned<String>,
    king_captures_from: Spanned<String>,
    king_lands: Spanned<String>,
    capture_choice: Spanned<String>,
    promotion_mid_capture: Spanned<String>,
    touch_move: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNotation {
    squares: Spanned<String>,
    capture_separator: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDraw {
    repetition: Spanned<u32>,
    #[serde(default)]
    no_progress: Vec<Spanned<RawNoProgress>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNoProgress {
    name: String,
    moves: Spanned<u32>,
    reset_on: Vec<Spanned<String>>,
    #[serde(default)]
    when: Option<Spanned<RawCondition>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    lone_king_against_kings: Option<u32>,
    max_total_pieces: Option<u32>,
    min_total_pieces: Option<u32>,
    #[serde(default)]
    both_have_kings: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPdn {
    game_type: Option<u32>,
    variant: Spanned<String>,
    #[serde(default)]
    aliases: Vec<String>,
}
pub(super) fn parse(text: &str, origin: &str) -> Result<Ruleset, RulesetError> {
    // Syntax first, so that a broken file is reported as broken TOML, not as a
    // missing key.
    if let Err(e) = toml::from_str::<toml::Table>(text) {
        return Err(syntax_error(origin, text, &e));
    }
    let raw: RawFile = toml::from_str(text).map_err(|e| shape_error(origin, text, &e))?;
    let err =
        |span: Range<usize>, message: String| RulesetError::at(origin, text, Some(span), message);

    let id = raw.id.get_ref();
    if id.is_empty()
        || !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        let hint = suggest_id(id);
        return Err(err(
            raw.id.span(),
            format!(
                "id = \"{id}\" must be lowercase letters, digits, `-` or `_` (it is typed after --variant){}",
                if hint.is_empty() {
                    String::new()
                } else {
                    format!(", e.g. id = \"{hint}\"")
                }
            ),
        ));
    }
    if raw.name.get_ref().trim().is_empty() {
        return Err(err(
            raw.name.span(),
            "name is empty; give the variant a display name, e.g. name = \"Pool checkers\""
                .to_string(),
        ));
    }
    if raw.pdn.variant.get_ref().trim().is_empty() {
        return Err(err(
            raw.pdn.variant.span(),
            "pdn.variant is empty; it is written as the [Variant \"…\"] tag of every game, e.g. variant = \"Pool\""
                .to_string(),
        ));
    }

    let (geometry, men_rows) = board(&raw.board).map_err(|(s, m)| err(s, m))?;
    let rules = &raw.rules;
    let first_move = choice(
        "rules.first_move",
        &rules.first_move,
        &[("white", Color::White), ("black", Color::Black)],
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_moves = choice(
        "rules.king_moves",
        &rules.king_moves,
        &[
            ("one-square", KingMoves::OneSquare),
            ("any-distance", KingMoves::AnyDistance),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_captures_from = choice(
        "rules.king_captures_from",
        &rules.king_captures_from,
        &[
            ("adjacent", KingCapturesFrom::Adjacent),
            ("any-distance", KingCapturesFrom::AnyDistance),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_lands = choice(
        "rules.king_lands",
        &rules.king_lands,
        &[
            ("directly-behind", KingLands::DirectlyBehind),
            ("any-empty-beyond", KingLands::AnyEmptyBeyond),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;
    let capture_choice = choice(
        "rules.capture_choice",
        &rules.capture_choice,
        &[
            ("any", CaptureChoice::Any),
            ("most-pieces", CaptureChoice::MostPieces),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;
    let promotion_mid_capture = choice(
        "rules.promotion_mid_capture",
        &rules.promotion_mid_capture,
        &[
            ("crowned-move-ends", PromotionMidCapture::CrownedMoveEnds),
            ("continue-as-man", PromotionMidCapture::ContinueAsMan),
            ("continue-as-king", PromotionMidCapture::ContinueAsKing),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;
    let squares = choice(
        "notation.squares",
        &raw.notation.squares,
        &[
            ("numeric", SquareNotation::Numeric),
            ("algebraic", SquareNotation::Algebraic),
        ],
    )
    .map_err(|(s, m)| err(s, m))?;

    if promotion_mid_capture == PromotionMidCapture::ContinueAsMan && !rules.men_capture_backwards {
        return Err(err(
            rules.promotion_mid_capture.span(),
            "promotion_mid_capture = \"continue-as-man\" needs men_capture_backwards = true: \
             a man on the last row can only go on capturing backwards; \
             use \"crowned-move-ends\" or set men_capture_backwards = true"
                .to_string(),
        ));
    }

    let separator = raw.notation.capture_separator.get_ref();
    let capture_separator = match separator.as_str() {
        "x" => 'x',
        ":" => ':',
        other => {
            return Err(err(
                raw.notation.capture_separator.span(),
                format!(
                    "notation.capture_separator = \"{other}\" is not supported; use \"x\" or \":\""
                ),
            ))
        }
    };

    let repetition = *raw.draw.repetition.get_ref();
    if repetition < 2 {
        return Err(err(
            raw.draw.repetition.span(),
            format!(
                "draw.repetition = {repetition}: a position must occur at least twice to repeat; \
                 use 3 for threefold repetition"
            ),
        ));
    }

    let mut no_progress = Vec::new();
    for rule in &raw.draw.no_progress {
        let span = rule.span();
        let rule = rule.get_ref();
        let name = &rule.name;
        let moves = *rule.moves.get_ref();
        if moves == 0 {
            return Err(err(
                rule.moves.span(),
                format!(
                    "no_progress rule \"{name}\": moves = 0 would end every game at once; \
                     give the number of moves by each side, at least 1 (e.g. moves = 40)"
                ),
            ));
        }
        let mut reset_on = Vec::new();
        for event in &rule.reset_on {
            let e = choice(
                "draw.no_progress.reset_on",
                event,
                &[
                    ("capture", ResetEvent::Capture),
                    ("man-move", ResetEvent::ManMove),
                    ("promotion", ResetEvent::Promotion),
                ],
            )
            .map_err(|(s, m)| err(s, m))?;
            if reset_on.contains(&e) {
                return Err(err(
                    event.span(),
                    format!(
                        "no_progress rule \"{name}\": reset event \"{}\" is listed twice; remove one",
                        event.get_ref()
                    ),
                ));
            }
            reset_on.push(e);
        }
        let (when, when_span) = match &rule.when {
            Some(w) => {
                let c = w.get_ref();
                (
                    DrawCondition {
                        lone_king_against_kings: c.lone_king_against_kings,
                        max_total_pieces: c.max_total_pieces,
                        min_total_pieces: c.min_total_pieces,
                        both_have_kings: c.both_have_kings,
                    },
                    w.span(),
                )
            }
            None => (DrawCondition::default(), span.clone()),
        };
        if reset_on.is_empty() && when == DrawCondition::default() {
            return Err(err(
                span,
                format!(
                    "no_progress rule \"{name}\" never resets and always applies, so it would end \
                     every game: list events in reset_on (\"capture\", \"man-move\", \"promotion\") \
                     or give a `when` condition such as when = {{ lone_king_against_kings = 3 }}"
                ),
            ));
        }
        if let (Some(lo), Some(hi)) = (when.min_total_pieces, when.max_total_pieces) {
            if lo > hi {
                return Err(err(
                    when_span,
                    format!(
                        "no_progress rule \"{name}\": min_total_pieces = {lo} is above \
                         max_total_pieces = {hi}, so the rule can never apply; \
                         swap them or remove one"
                    ),
                ));
            }
        }
        // The pieces on the board at the start; a piece-count condition beyond it never applies.
        let most = 2 * men_rows as u32 * geometry.size as u32 / 2;
        if let Some(lo) = when.min_total_pieces {
            if lo > most {
                return Err(err(
                    when_span,
                    format!(
                        "no_progress rule \"{name}\": min_total_pieces = {lo} is more than the \
                         {most} pieces of a game, so the rule can never apply"
                    ),
                ));
            }
        }
        if when.lone_king_against_kings == Some(0) {
            return Err(err(
                when_span,
                format!(
                    "no_progress rule \"{name}\": lone_king_against_kings = 0; give the number \
                     of kings against the lone king, at least 1 (e.g. 3)"
                ),
            ));
        }
        no_progress.push(NoProgressRule {
            name: name.clone(),
            moves,
            reset_on,
            when,
        });
    }

    let ruleset = Ruleset {
        id: id.clone(),
        name: raw.name.into_inner(),
        description: raw.description,
        men_rows,
        first_move,
        men_capture_backwards: rules.men_capture_backwards,
        king_moves,
        king_captures_from,
        king_lands,
        capture_choice,
        promotion_mid_capture,
        touch_move: rules.touch_move,
        notation: Notation {
            squares,
            capture_separator,
            geometry,
        },
        repetition,
        no_progress,
        pdn_game_type: raw.pdn.game_type,
        pdn_variant: raw.pdn.variant.into_inner(),
        pdn_aliases: raw.pdn.aliases,
    };
    Ok(ruleset)
}

/// The board's size and the rows of men each side starts with, checked.
fn board(raw: &RawBoard) -> Result<(Geometry, u8), (Range<usize>, String)> {
    let size = match &raw.size {
        None => 8,
        Some(s) => match *s.get_ref() {
            n @ (8 | 10 | 12) => n as u8,
            n => {
                return Err((
                    s.span(),
                    format!(
                    "board.size = {n} is not a board this program plays; use 8 (8×8), 10 (10×10) or 12 (12×12)"
                ),
                ))
            }
        },
    };
    let most = size / 2 - 1;
    let men_rows = match &raw.men_rows {
        None => most,
        Some(r) => match *r.get_ref() {
            n if (1..=most as i64).contains(&n) => n as u8,
            n => {
                return Err((
                    r.span(),
                    format!(
                        "board.men_rows = {n}: each side's men fill 1 to {most} rows of a \
                         {size}×{size} board, leaving two rows between them; use {most} for the usual start"
                    ),
                ))
            }
        },
    };
    Ok((Geometry::new(size), men_rows))
}

/// One of a fixed list of values, or an error naming the key and the allowed values.
fn choice<T: Copy>(
    key: &str,
    value: &Spanned<String>,
    options: &[(&str, T)],
) -> Result<T, (Range<usize>, String)> {
    let given = value.get_ref();
    if let Some((_, v)) = options.iter().find(|(name, _)| *name == given) {
        return Ok(*v);
    }
    let names: Vec<String> = options.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    let near = closest(given, options.iter().map(|(n, _)| *n))
        .map(|n| format!("did you mean \"{n}\"? "))
        .unwrap_or_default();
    Err((
        value.span(),
        format!(
            "{key} = \"{given}\" is not a known value; {near}use {}",
            or_list(&names)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_survives_offsets_inside_a_character() {
        let text = "name = \"Dame à la française\"\n";
        let inside = text.find('à').unwrap() + 1;
        assert_eq!(line_col(text, inside), (1, 14));
    }
}
