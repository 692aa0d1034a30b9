//! The raw TOML mirror of a ruleset file and its validation.
//!
//! Every key is a serde field with `deny_unknown_fields`, so a misspelt key is an
//! error, never a silent default. Values whose meaning depends on other values are
//! kept `Spanned` so that a contradiction can name the line to fix.

use super::{
    CaptureChoice, DrawCondition, KingCapturesFrom, KingLands, KingMoves, NoProgressRule, Notation,
    PromotionMidCapture, ResetEvent, Ruleset,
};
use crate::square::{Color, SquareNotation};
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
    /// What is wrong and what to do.
    pub message: String,
}

impl RulesetError {
    pub(crate) fn io(origin: &str, err: &std::io::Error) -> RulesetError {
        RulesetError {
            origin: origin.to_string(),
            location: None,
            message: format!("cannot read the ruleset file: {err}"),
        }
    }

    fn at(origin: &str, text: &str, span: Option<Range<usize>>, message: String) -> RulesetError {
        RulesetError {
            origin: origin.to_string(),
            location: span.map(|s| line_col(text, s.start)),
            message,
        }
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.origin, self.message),
            None => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}

impl std::error::Error for RulesetError {}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    id: Spanned<String>,
    name: String,
    description: String,
    rules: Spanned<RawRules>,
    notation: RawNotation,
    draw: RawDraw,
    pdn: RawPdn,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    first_move: RawColor,
    men_capture_backwards: Spanned<bool>,
    king_moves: RawKingMoves,
    king_captures_from: RawKingCapturesFrom,
    king_lands: RawKingLands,
    capture_choice: RawCaptureChoice,
    promotion_mid_capture: Spanned<RawPromotion>,
    touch_move: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNotation {
    squares: RawSquares,
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
    reset_on: Vec<RawReset>,
    #[serde(default)]
    when: RawCondition,
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
    variant: String,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawColor {
    White,
    Black,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawKingMoves {
    OneSquare,
    AnyDistance,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawKingCapturesFrom {
    Adjacent,
    AnyDistance,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawKingLands {
    DirectlyBehind,
    AnyEmptyBeyond,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawCaptureChoice {
    Any,
    MostPieces,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawPromotion {
    CrownedMoveEnds,
    ContinueAsMan,
    ContinueAsKing,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawSquares {
    Numeric,
    Algebraic,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawReset {
    Capture,
    ManMove,
    Promotion,
}

pub(super) fn parse(text: &str, origin: &str) -> Result<Ruleset, RulesetError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        RulesetError::at(
            origin,
            text,
            e.span(),
            e.message().trim_end().replace('\n', "; "),
        )
    })?;
    let err =
        |span: Range<usize>, message: String| RulesetError::at(origin, text, Some(span), message);

    let id = raw.id.get_ref();
    if id.is_empty()
        || !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        return Err(err(
            raw.id.span(),
            format!(
                "id `{id}` must be lowercase letters, digits, `-` or `_`, as typed after --variant"
            ),
        ));
    }

    let rules = raw.rules.get_ref();
    if *rules.promotion_mid_capture.get_ref() == RawPromotion::ContinueAsMan
        && !*rules.men_capture_backwards.get_ref()
    {
        return Err(err(
            rules.promotion_mid_capture.span(),
            "promotion_mid_capture = \"continue-as-man\" needs men_capture_backwards = true: \
             a man on the last row can only go on capturing backwards; \
             use \"crowned-move-ends\" or allow backward captures"
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
                format!("capture_separator `{other}` is not supported; use \"x\" or \":\""),
            ))
        }
    };

    let repetition = *raw.draw.repetition.get_ref();
    if repetition < 2 {
        return Err(err(
            raw.draw.repetition.span(),
            format!("repetition = {repetition}: a position must occur at least twice to repeat; use 3 for threefold repetition"),
        ));
    }

    let mut no_progress = Vec::new();
    for rule in &raw.draw.no_progress {
        let span = rule.span();
        let rule = rule.get_ref();
        let moves = *rule.moves.get_ref();
        if moves == 0 {
            return Err(err(
                rule.moves.span(),
                format!("no_progress rule `{}`: moves must be at least 1", rule.name),
            ));
        }
        let when = DrawCondition {
            lone_king_against_kings: rule.when.lone_king_against_kings,
            max_total_pieces: rule.when.max_total_pieces,
            min_total_pieces: rule.when.min_total_pieces,
            both_have_kings: rule.when.both_have_kings,
        };
        if rule.reset_on.is_empty() && when == DrawCondition::default() {
            return Err(err(
                span,
                format!(
                    "no_progress rule `{}` never resets: list events in reset_on \
                     (\"capture\", \"man-move\", \"promotion\") or give a `when` condition",
                    rule.name
                ),
            ));
        }
        if let (Some(lo), Some(hi)) = (when.min_total_pieces, when.max_total_pieces) {
            if lo > hi {
                return Err(err(
                    span,
                    format!(
                        "no_progress rule `{}`: min_total_pieces {lo} is above max_total_pieces {hi}, so it can never apply",
                        rule.name
                    ),
                ));
            }
        }
        no_progress.push(NoProgressRule {
            name: rule.name.clone(),
            moves,
            reset_on: rule
                .reset_on
                .iter()
                .map(|r| match r {
                    RawReset::Capture => ResetEvent::Capture,
                    RawReset::ManMove => ResetEvent::ManMove,
                    RawReset::Promotion => ResetEvent::Promotion,
                })
                .collect(),
            when,
        });
    }

    Ok(Ruleset {
        id: id.clone(),
        name: raw.name,
        description: raw.description,
        first_move: match rules.first_move {
            RawColor::White => Color::White,
            RawColor::Black => Color::Black,
        },
        men_capture_backwards: *rules.men_capture_backwards.get_ref(),
        king_moves: match rules.king_moves {
            RawKingMoves::OneSquare => KingMoves::OneSquare,
            RawKingMoves::AnyDistance => KingMoves::AnyDistance,
        },
        king_captures_from: match rules.king_captures_from {
            RawKingCapturesFrom::Adjacent => KingCapturesFrom::Adjacent,
            RawKingCapturesFrom::AnyDistance => KingCapturesFrom::AnyDistance,
        },
        king_lands: match rules.king_lands {
            RawKingLands::DirectlyBehind => KingLands::DirectlyBehind,
            RawKingLands::AnyEmptyBeyond => KingLands::AnyEmptyBeyond,
        },
        capture_choice: match rules.capture_choice {
            RawCaptureChoice::Any => CaptureChoice::Any,
            RawCaptureChoice::MostPieces => CaptureChoice::MostPieces,
        },
        promotion_mid_capture: match rules.promotion_mid_capture.get_ref() {
            RawPromotion::CrownedMoveEnds => PromotionMidCapture::CrownedMoveEnds,
            RawPromotion::ContinueAsMan => PromotionMidCapture::ContinueAsMan,
            RawPromotion::ContinueAsKing => PromotionMidCapture::ContinueAsKing,
        },
        touch_move: rules.touch_move,
        notation: Notation {
            squares: match raw.notation.squares {
                RawSquares::Numeric => SquareNotation::Numeric,
                RawSquares::Algebraic => SquareNotation::Algebraic,
            },
            capture_separator,
        },
        repetition,
        no_progress,
        pdn_game_type: raw.pdn.game_type,
        pdn_variant: raw.pdn.variant,
    })
}
