//! The raw TOML mirror of a ruleset file and its validation into a [`Ruleset`].
//!
//! Every key is a serde field with `deny_unknown_fields`, so a misspelt key is an
//! error, never a silent default. Every key but `id` may be left out: it is then
//! the value of the ruleset named by `extends`, or the documented default
//! ([`defaults`]), so that a file written for an older model still loads when
//! settings are added. Settings with a fixed list of values are read as
//! `Spanned` strings and matched here, so that an unknown value is quoted, the
//! allowed values are listed and the line is named. Errors from the TOML parser and
//! from serde are rewritten for a person editing the file by [`super::diagnose`].

use super::diagnose::{closest, or_list, shape_error, suggest_id, syntax_error};
use super::{
    CaptureChoice, CapturesRemoved, Criterion, DrawCondition, KingCapturesFrom, KingLands,
    KingMoves, NoProgressRule, Notation, PromotionMidCapture, ResetEvent, Ruleset,
};
use crate::bitboard::{Corner, Face, Geometry};
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
    extends: Option<Spanned<String>>,
    id: Spanned<String>,
    name: Option<Spanned<String>>,
    description: Option<String>,
    #[serde(default)]
    board: RawBoard,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    notation: RawNotation,
    #[serde(default)]
    draw: RawDraw,
    #[serde(default)]
    pdn: RawPdn,
}

/// The board: both keys may be left out (8×8, three rows of men each).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    size: Option<Spanned<i64>>,
    men_rows: Option<Spanned<i64>>,
    turned: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    first_move: Option<Spanned<String>>,
    men_capture_backwards: Option<Spanned<bool>>,
    king_moves: Option<Spanned<String>>,
    king_captures_from: Option<Spanned<String>>,
    king_lands: Option<Spanned<String>>,
    capture_choice: Option<Spanned<String>>,
    capture_precedence: Option<Spanned<Vec<Spanned<String>>>>,
    men_take_kings: Option<bool>,
    captures_removed: Option<Spanned<String>>,
    promotion_mid_capture: Option<Spanned<String>>,
    touch_move: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawNotation {
    squares: Option<Spanned<String>>,
    capture_separator: Option<Spanned<String>>,
    first_square: Option<Spanned<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDraw {
    repetition: Option<Spanned<u32>>,
    no_progress: Option<Vec<Spanned<RawNoProgress>>>,
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

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPdn {
    game_type: Option<u32>,
    variant: Option<Spanned<String>>,
    #[serde(default)]
    aliases: Vec<String>,
}

/// What a file that extends no ruleset starts from: the rules of the world
/// federation (FMJD) on 8×8, as `brazilian` plays them, with threefold
/// repetition and no counted draws, squares numbered and captures written
/// with `x` (README, "Writing a ruleset").
pub(crate) fn defaults() -> Ruleset {
    Ruleset {
        id: String::new(),
        name: String::new(),
        description: String::new(),
        men_rows: 3,
        first_move: Color::White,
        men_capture_backwards: true,
        king_moves: KingMoves::AnyDistance,
        king_captures_from: KingCapturesFrom::AnyDistance,
        king_lands: KingLands::AnyEmptyBeyond,
        capture_choice: CaptureChoice::MostPieces,
        capture_precedence: Vec::new(),
        men_take_kings: true,
        captures_removed: CapturesRemoved::AtEnd,
        promotion_mid_capture: PromotionMidCapture::ContinueAsMan,
        touch_move: false,
        notation: Notation {
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            geometry: crate::bitboard::BOARD_8,
        },
        repetition: 3,
        no_progress: Vec::new(),
        pdn_game_type: None,
        pdn_variant: String::new(),
        pdn_aliases: Vec::new(),
    }
}

/// The ruleset `extends` names (a built-in variant), or the defaults.
fn base_of(extends: &Option<Spanned<String>>) -> Result<Ruleset, (Range<usize>, String)> {
    let Some(e) = extends else {
        return Ok(defaults());
    };
    let wanted = e.get_ref();
    // Parsed from its text, not taken from the parsed built-ins, which are
    // themselves being parsed when a built-in file extends another.
    match super::BUILT_IN.iter().find(|(id, _)| id == wanted) {
        Some((id, text)) => Ok(parse(text, &format!("rulesets/{id}.toml"))
            .expect("built-in rulesets are validated by the test suite")),
        None => {
            let ids: Vec<String> = super::BUILT_IN
                .iter()
                .map(|(id, _)| format!("\"{id}\""))
                .collect();
            let near = closest(wanted, super::BUILT_IN.iter().map(|(id, _)| *id))
                .map(|n| format!("did you mean \"{n}\"? "))
                .unwrap_or_default();
            Err((
                e.span(),
                format!(
                    "extends = \"{wanted}\" is not a built-in variant; {near}use {}",
                    or_list(&ids)
                ),
            ))
        }
    }
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
    let base = base_of(&raw.extends).map_err(|(s, m)| err(s, m))?;
    // Left out, the name is the id: the base's name would pass a changed game
    // off as the base.
    let name = text_or(
        &raw.name,
        id,
        "name is empty; give the variant a display name, e.g. name = \"Pool checkers\"",
    )
    .map_err(|(s, m)| err(s, m))?;
    let pdn_variant = text_or(
        &raw.pdn.variant,
        &name,
        "pdn.variant is empty; it is written as the [Variant \"…\"] tag of every game, e.g. variant = \"Pool\"",
    )
    .map_err(|(s, m)| err(s, m))?;

    let (geometry, men_rows) = board(&raw.board, &base).map_err(|(s, m)| err(s, m))?;
    let rules = &raw.rules;
    let first_move = choice_or(
        "rules.first_move",
        &rules.first_move,
        &[("white", Color::White), ("black", Color::Black)],
        base.first_move,
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_moves = choice_or(
        "rules.king_moves",
        &rules.king_moves,
        &[
            ("one-square", KingMoves::OneSquare),
            ("any-distance", KingMoves::AnyDistance),
        ],
        base.king_moves,
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_captures_from = choice_or(
        "rules.king_captures_from",
        &rules.king_captures_from,
        &[
            ("adjacent", KingCapturesFrom::Adjacent),
            ("any-distance", KingCapturesFrom::AnyDistance),
        ],
        base.king_captures_from,
    )
    .map_err(|(s, m)| err(s, m))?;
    let king_lands = choice_or(
        "rules.king_lands",
        &rules.king_lands,
        &[
            ("directly-behind", KingLands::DirectlyBehind),
            ("any-empty-beyond", KingLands::AnyEmptyBeyond),
        ],
        base.king_lands,
    )
    .map_err(|(s, m)| err(s, m))?;
    let capture_choice = choice_or(
        "rules.capture_choice",
        &rules.capture_choice,
        &[
            ("any", CaptureChoice::Any),
            ("most-pieces", CaptureChoice::MostPieces),
        ],
        base.capture_choice,
    )
    .map_err(|(s, m)| err(s, m))?;
    let captures_removed = choice_or(
        "rules.captures_removed",
        &rules.captures_removed,
        &[
            ("at-end", CapturesRemoved::AtEnd),
            ("at-once", CapturesRemoved::AtOnce),
        ],
        base.captures_removed,
    )
    .map_err(|(s, m)| err(s, m))?;
    let (capture_choice, capture_precedence) =
        precedence(rules, capture_choice, &base).map_err(|(s, m)| err(s, m))?;
    let promotion_mid_capture = choice_or(
        "rules.promotion_mid_capture",
        &rules.promotion_mid_capture,
        &[
            ("crowned-move-ends", PromotionMidCapture::CrownedMoveEnds),
            ("continue-as-man", PromotionMidCapture::ContinueAsMan),
            ("continue-as-king", PromotionMidCapture::ContinueAsKing),
        ],
        base.promotion_mid_capture,
    )
    .map_err(|(s, m)| err(s, m))?;
    let squares = choice_or(
        "notation.squares",
        &raw.notation.squares,
        &[
            ("numeric", SquareNotation::Numeric),
            ("algebraic", SquareNotation::Algebraic),
        ],
        base.notation.squares,
    )
    .map_err(|(s, m)| err(s, m))?;
    let first = choice_or(
        "notation.first_square",
        &raw.notation.first_square,
        &[
            ("top-left", Corner::TopLeft),
            ("top-right", Corner::TopRight),
            ("bottom-left", Corner::BottomLeft),
            ("bottom-right", Corner::BottomRight),
        ],
        base.geometry().face.first,
    )
    .map_err(|(s, m)| err(s, m))?;
    let turned = raw.board.turned.unwrap_or(base.geometry().face.turned);
    let geometry = geometry.with_face(Face { turned, first });

    let men_capture_backwards = rules
        .men_capture_backwards
        .as_ref()
        .map_or(base.men_capture_backwards, |b| *b.get_ref());
    if promotion_mid_capture == PromotionMidCapture::ContinueAsMan && !men_capture_backwards {
        // The line of whichever of the two the file gives.
        let span = rules
            .promotion_mid_capture
            .as_ref()
            .map(Spanned::span)
            .or(rules.men_capture_backwards.as_ref().map(Spanned::span))
            .unwrap_or(0..0);
        return Err(err(
            span,
            "promotion_mid_capture = \"continue-as-man\" needs men_capture_backwards = true: \
             a man on the last row can only go on capturing backwards; \
             use \"crowned-move-ends\" or set men_capture_backwards = true"
                .to_string(),
        ));
    }

    let capture_separator = match &raw.notation.capture_separator {
        None => base.notation.capture_separator,
        Some(separator) => match separator.get_ref().as_str() {
            "x" => 'x',
            ":" => ':',
            "-" => '-',
            other => {
                return Err(err(
                    separator.span(),
                    format!(
                    "notation.capture_separator = \"{other}\" is not supported; use \"x\", \":\" or \"-\""
                ),
                ))
            }
        },
    };

    let repetition = raw
        .draw
        .repetition
        .as_ref()
        .map_or(base.repetition, |r| *r.get_ref());
    if repetition < 2 {
        return Err(err(
            raw.draw.repetition.as_ref().map_or(0..0, Spanned::span),
            format!(
                "draw.repetition = {repetition}: a position must occur at least twice to repeat; \
                 use 3 for threefold repetition"
            ),
        ));
    }

    // A file's own list replaces the base's whole.
    let mut no_progress = match &raw.draw.no_progress {
        Some(_) => Vec::new(),
        None => base.no_progress.clone(),
    };
    for rule in raw.draw.no_progress.iter().flatten() {
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
        name,
        description: raw.description.unwrap_or_default(),
        men_rows,
        first_move,
        men_capture_backwards,
        king_moves,
        king_captures_from,
        king_lands,
        capture_choice,
        capture_precedence,
        men_take_kings: rules.men_take_kings.unwrap_or(base.men_take_kings),
        captures_removed,
        promotion_mid_capture,
        touch_move: rules.touch_move.unwrap_or(base.touch_move),
        notation: Notation {
            squares,
            capture_separator,
            geometry,
        },
        repetition,
        no_progress,
        // Not the base's: a ruleset that changes its base is another game,
        // whose records must not claim the base's number.
        pdn_game_type: raw.pdn.game_type,
        pdn_variant,
        pdn_aliases: raw.pdn.aliases,
    };
    Ok(ruleset)
}

/// The board's size and the rows of men each side starts with, checked; left
/// out, the base's (its rows only on its own board, else all but the middle two).
fn board(raw: &RawBoard, base: &Ruleset) -> Result<(Geometry, u8), (Range<usize>, String)> {
    let size = match &raw.size {
        None => base.geometry().size,
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
        None if size == base.geometry().size => base.men_rows,
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

/// The capture choice and the criteria after it: `capture_precedence` where
/// the file gives it (its first criterion, if "most-pieces", is the capture
/// choice, which `capture_choice` may then only repeat), else the base's list
/// after the file's or the base's choice.
fn precedence(
    rules: &RawRules,
    chosen: CaptureChoice,
    base: &Ruleset,
) -> Result<(CaptureChoice, Vec<Criterion>), (Range<usize>, String)> {
    let Some(list) = &rules.capture_precedence else {
        return Ok((chosen, base.capture_precedence.clone()));
    };
    let mut criteria = Vec::new();
    for item in list.get_ref() {
        let c = choice("rules.capture_precedence", item, &Criterion::NAMES)?;
        if criteria.contains(&c) {
            return Err((
                item.span(),
                format!(
                    "rules.capture_precedence lists \"{}\" twice; remove one",
                    item.get_ref()
                ),
            ));
        }
        criteria.push(c);
    }
    let most = criteria.first() == Some(&Criterion::MostPieces);
    let listed = if most {
        CaptureChoice::MostPieces
    } else {
        CaptureChoice::Any
    };
    if let Some(given) = &rules.capture_choice {
        if chosen != listed {
            return Err((
                given.span(),
                format!(
                    "rules.capture_choice = \"{}\" contradicts rules.capture_precedence, whose \
                     first criterion {} \"most-pieces\"; leave capture_choice out, since the \
                     list says it",
                    given.get_ref(),
                    if most { "is" } else { "is not" }
                ),
            ));
        }
    }
    if most {
        criteria.remove(0);
    }
    Ok((listed, criteria))
}

/// A text the file gives, refused as `blank` where it is only spaces, else `default`.
fn text_or(
    value: &Option<Spanned<String>>,
    default: &str,
    blank: &str,
) -> Result<String, (Range<usize>, String)> {
    match value {
        None => Ok(default.to_string()),
        Some(v) if v.get_ref().trim().is_empty() => Err((v.span(), blank.to_string())),
        Some(v) => Ok(v.get_ref().clone()),
    }
}

/// [`choice`] where the key is given, else `default`.
fn choice_or<T: Copy>(
    key: &str,
    value: &Option<Spanned<String>>,
    options: &[(&str, T)],
    default: T,
) -> Result<T, (Range<usize>, String)> {
    match value {
        Some(v) => choice(key, v, options),
        None => Ok(default),
    }
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
