//! The raw TOML mirror of a ruleset file and its validation.
//!
//! Every key is a serde field with `deny_unknown_fields`, so a misspelt key is an
//! error, never a silent default. Settings with a fixed list of values are read as
//! `Spanned` strings and matched here, so that an unknown value is quoted, the
//! allowed values are listed and the line is named. Errors from the TOML parser and
//! from serde are rewritten for a person editing the file: the key is named with its
//! section (`rules.touch_move`), and the message says what to write instead.

use super::{
    CaptureChoice, DrawCondition, KingCapturesFrom, KingLands, KingMoves, NoProgressRule, Notation,
    PromotionMidCapture, ResetEvent, Ruleset,
};
use crate::square::{Color, SquareNotation};
use crate::text::{floor_boundary, line_col};
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
        }
    }

    fn at(origin: &str, text: &str, span: Option<Range<usize>>, message: String) -> RulesetError {
        RulesetError {
            origin: origin.to_string(),
            location: Some(span.map_or((1, 1), |s| line_col(text, s.start))),
            message: one_line(&message),
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

fn one_line(message: &str) -> String {
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
    rules: RawRules,
    notation: RawNotation,
    draw: RawDraw,
    pdn: RawPdn,
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
}

/// The built-in English ruleset, the example that missing-key messages quote.
const EXAMPLE: &str = include_str!("../../rulesets/english.toml");

/// The pieces on the board at the start; a piece-count condition beyond it never applies.
const MAX_PIECES: u32 = 24;

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
        if let Some(lo) = when.min_total_pieces {
            if lo > MAX_PIECES {
                return Err(err(
                    when_span,
                    format!(
                        "no_progress rule \"{name}\": min_total_pieces = {lo} is more than the \
                         {MAX_PIECES} pieces of a game, so the rule can never apply"
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

    Ok(Ruleset {
        id: id.clone(),
        name: raw.name.into_inner(),
        description: raw.description,
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
        },
        repetition,
        no_progress,
        pdn_game_type: raw.pdn.game_type,
        pdn_variant: raw.pdn.variant.into_inner(),
    })
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

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    list(items, "or")
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    list(items, "and")
}

fn list(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

/// The candidate nearest to `given` (ignoring case, `-` and `_`), if it is near enough
/// to be a likely typo.
fn closest<'a>(given: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let norm = |s: &str| -> Vec<char> {
        s.chars()
            .map(|c| match c {
                '_' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect()
    };
    let g = norm(given);
    candidates
        .map(|c| {
            let n = norm(c);
            // A key cut short (`min_total` for `min_total_pieces`) is a near miss too.
            let cut_short = g.len() >= 3 && n.starts_with(&g);
            let d = if cut_short { 1 } else { edit_distance(&g, &n) };
            (d, c)
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 4) && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// A valid id made from an invalid one, for the error message ("" if none can be made).
fn suggest_id(id: &str) -> String {
    let mut out = String::new();
    for c in id.trim().chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The TOML parser refused the text.
fn syntax_error(origin: &str, text: &str, e: &toml::de::Error) -> RulesetError {
    let message = one_line(e.message());
    let hint = if message.starts_with("duplicate key") {
        "each key may appear only once in a section; remove one of them"
    } else {
        "check the quotes, brackets and `key = value` form of this line"
    };
    let quoted = e
        .span()
        .map(|s| line_text(text, s.start).trim().to_string())
        .filter(|l| !l.is_empty())
        .map(|l| format!(" at `{}`", shorten(&l)))
        .unwrap_or_default();
    RulesetError::at(
        origin,
        text,
        e.span(),
        format!("invalid TOML{quoted}: {message}; {hint}"),
    )
}

/// The text is TOML but not a ruleset: an unknown or missing key, or a value of the wrong type.
fn shape_error(origin: &str, text: &str, e: &toml::de::Error) -> RulesetError {
    let message = one_line(e.message());
    let span = e.span();
    let offset = span.as_ref().map_or(0, |s| floor_boundary(text, s.start));
    let section = section_at(text, offset);
    let ticked = backticked(&message);

    let rewritten = if let Some(rest) = message.strip_prefix("missing field ") {
        let key = ticked.first().cloned().unwrap_or_else(|| rest.to_string());
        let table = match &span {
            Some(s) => table_at(text, s),
            // With no span, toml names the table in its display text ("in `rules`").
            None => display_keys(e).unwrap_or_default(),
        };
        missing(&table, &key)
    } else if message.starts_with("unknown field") {
        let key = ticked.first().cloned().unwrap_or_default();
        let allowed = &ticked[1.min(ticked.len())..];
        let header = line_text(text, offset).trim_start().starts_with('[');
        unknown(&section, &key, allowed, header)
    } else if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
    {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let header = line_text(text, offset).trim_start().starts_with('[');
        let key = match (key_before(text, offset), &span) {
            (Some(k), _) => join_key(&section, &k),
            (None, Some(s)) if header => table_at(text, s),
            _ => "this value".to_string(),
        };
        let too_big = found.starts_with("integer `") && !found.contains('-');
        if expected == "a sequence" && (header || key.ends_with("no_progress")) {
            format!(
                "{key} must be a list of tables: write each entry as a [[{key}]] section, \
                 with double brackets"
            )
        } else if too_big && expected == "u32" {
            format!(
                "{key} must be a whole number no larger than {}, not {}",
                u32::MAX,
                describe_found(found)
            )
        } else {
            format!(
                "{key} must be {}, not {}",
                describe_expected(expected),
                describe_found(found)
            )
        }
    } else {
        match key_before(text, offset) {
            Some(k) => format!("{}: {message}", join_key(&section, &k)),
            None => message,
        }
    };
    RulesetError::at(origin, text, span, rewritten)
}

fn missing(section: &str, key: &str) -> String {
    let example = example_value(section, key);
    let place = if section.is_empty() {
        "at the top of the file".to_string()
    } else {
        format!("in [{section}]")
    };
    match example {
        Some(toml::Value::Table(t)) => {
            let keys: Vec<&str> = t.keys().map(String::as_str).collect();
            let keys: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
            format!(
                "missing section [{}] with keys {}; add it (see rulesets/english.toml)",
                join_key(section, key),
                and_list(&keys)
            )
        }
        Some(toml::Value::Array(_)) => format!(
            "missing key `{key}` {place}; add at least one [[{}]] table (see rulesets/english.toml)",
            join_key(section, key)
        ),
        Some(v) => format!("missing key `{key}` {place}; add a line such as `{key} = {v}`"),
        None => format!("missing key `{key}` {place}; add it (see rulesets/english.toml)"),
    }
}

fn unknown(section: &str, key: &str, allowed: &[String], header: bool) -> String {
    let near = closest(key, allowed.iter().map(String::as_str));
    if header {
        let near = near
            .map(|n| format!("did you mean [{}]? ", join_key(section, n)))
            .unwrap_or_default();
        // `[display]`: a whole section the format does not have.
        let sections: Vec<String> = allowed
            .iter()
            .filter_map(|k| match example_value(section, k) {
                Some(toml::Value::Table(_)) => Some(format!("[{}]", join_key(section, k))),
                Some(toml::Value::Array(_)) => Some(format!("[[{}]]", join_key(section, k))),
                _ => None,
            })
            .collect();
        let list = if sections.is_empty() {
            String::new()
        } else {
            format!("; the sections are {}", and_list(&sections))
        };
        return format!(
            "unknown section [{}]; {near}remove it or fix its name{list}",
            join_key(section, key)
        );
    }
    let place = if section.is_empty() {
        "at the top of the file".to_string()
    } else {
        format!("in [{section}]")
    };
    let near = match near {
        Some(n) => format!("did you mean `{n}`? "),
        // A key of another section, written in the wrong one.
        None => home_of(key)
            .filter(|home| home != section)
            .map(|home| format!("`{key}` belongs in [{home}]; "))
            .unwrap_or_default(),
    };
    let list: Vec<String> = allowed.iter().map(|k| format!("`{k}`")).collect();
    format!(
        "unknown key `{key}` {place}; {near}the keys allowed here are {}",
        list.join(", ")
    )
}

fn describe_expected(expected: &str) -> String {
    match expected {
        "a boolean" => "true or false, without quotes".to_string(),
        "u32" => "a whole number, 0 or more, without quotes".to_string(),
        "a string" => "a string in double quotes".to_string(),
        "a sequence" => "a list in square brackets, e.g. [\"capture\"]".to_string(),
        e if e.starts_with("struct ") => "a table of keys".to_string(),
        "" => "another value".to_string(),
        e => e.to_string(),
    }
}

fn describe_found(found: &str) -> String {
    let unticked = found.replace('`', "");
    if let Some(s) = unticked.strip_prefix("string ") {
        format!("the string {s}")
    } else if let Some(n) = unticked
        .strip_prefix("integer ")
        .or_else(|| unticked.strip_prefix("floating point "))
    {
        format!("the number {n}")
    } else if let Some(b) = unticked.strip_prefix("boolean ") {
        b.to_string()
    } else if unticked == "sequence" {
        "a list".to_string()
    } else if unticked == "map" {
        "a table".to_string()
    } else {
        unticked
    }
}

/// Names in backticks, in order: "unknown field `a`, expected `b` or `c`" gives a, b, c.
fn backticked(message: &str) -> Vec<String> {
    message
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The `in `a.b`` line toml adds to its display text when it has no span.
fn display_keys(e: &toml::de::Error) -> Option<String> {
    let text = e.to_string();
    let line = text.lines().rev().find(|l| l.starts_with("in `"))?;
    Some(
        line.trim_start_matches("in `")
            .trim_end_matches('`')
            .to_string(),
    )
}

fn join_key(section: &str, key: &str) -> String {
    if section.is_empty() {
        key.to_string()
    } else {
        format!("{section}.{key}")
    }
}

/// The line of `text` that holds `offset`.
fn line_text(text: &str, offset: usize) -> &str {
    let offset = floor_boundary(text, offset);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    &text[start..end]
}

fn shorten(line: &str) -> String {
    const MAX: usize = 60;
    if line.chars().count() <= MAX {
        line.to_string()
    } else {
        let cut: String = line.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

/// The dotted name of the table whose span toml gives for a missing key: the document
/// (an empty span at the start), a `[header]` table, or an inline table `{ … }`.
fn table_at(text: &str, span: &Range<usize>) -> String {
    let start = floor_boundary(text, span.start);
    if span.is_empty() && start == 0 {
        return String::new();
    }
    let rest = &text[start..];
    if rest.starts_with('[') {
        let name = rest.trim_start_matches('[');
        let name = name.split(']').next().unwrap_or("");
        return name.chars().filter(|c| !c.is_whitespace()).collect();
    }
    if rest.starts_with('{') {
        return section_at(text, start + 1);
    }
    section_at(text, start)
}

/// The dotted name of the table that holds `offset`: the last `[header]` above it, plus
/// any inline tables (`when = { … }`) opened on its line. On a header line, the part of
/// the header before `offset` (the parent of the table being named).
fn section_at(text: &str, offset: usize) -> String {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let prefix = &before[line_start..];
    if prefix.trim_start().starts_with('[') {
        return prefix
            .trim_start()
            .trim_start_matches('[')
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .trim_end_matches('.')
            .to_string();
    }
    let mut path: String = before[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| {
            let inner = l.trim_start_matches('[');
            let inner = inner.split(']').next().unwrap_or("");
            inner.chars().filter(|c| !c.is_whitespace()).collect()
        })
        .unwrap_or_default();
    let mut open = Vec::new();
    for (i, c) in prefix.char_indices() {
        match c {
            '{' => open.push(key_before(prefix, i)),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    for key in open.into_iter().flatten() {
        path = join_key(&path, &key);
    }
    path
}

/// The key of the `key = value` whose value starts at (or contains) `offset`, on its line.
fn key_before(text: &str, offset: usize) -> Option<String> {
    let offset = floor_boundary(text, offset);
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let prefix = &text[line_start..offset];
    let eq = prefix.rfind('=')?;
    let key: String = prefix[..eq]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-' || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!key.is_empty()).then_some(key)
}

/// The section of the built-in English ruleset that has `key`, if one has.
fn home_of(key: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(EXAMPLE).ok()?;
    table.iter().find_map(|(name, value)| match value {
        toml::Value::Table(t) if t.contains_key(key) => Some(name.clone()),
        _ => None,
    })
}

/// The value the built-in English ruleset gives `section.key`, to show as an example.
fn example_value(section: &str, key: &str) -> Option<toml::Value> {
    let mut table: toml::Table = toml::from_str(EXAMPLE).ok()?;
    for part in section.split('.').filter(|p| !p.is_empty()) {
        table = match table.remove(part)? {
            toml::Value::Table(t) => t,
            toml::Value::Array(a) => match a.into_iter().next()? {
                toml::Value::Table(t) => t,
                _ => return None,
            },
            _ => return None,
        };
    }
    table.remove(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_finds_typos_only() {
        let keys = ["king_moves", "king_lands", "touch_move"];
        assert_eq!(closest("king_move", keys.into_iter()), Some("king_moves"));
        assert_eq!(closest("touch-move", keys.into_iter()), Some("touch_move"));
        assert_eq!(closest("colour", keys.into_iter()), None);
    }

    #[test]
    fn sections_and_keys_are_found_from_offsets() {
        let text = "id = 1\n[rules]\nking_moves = 3\n[[draw.no_progress]]\nwhen = { a = 1 }\n";
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(section_at(text, at("1\n")), "");
        assert_eq!(section_at(text, at("3")), "rules");
        assert_eq!(key_before(text, at("3")).as_deref(), Some("king_moves"));
        assert_eq!(section_at(text, at("a =")), "draw.no_progress.when");
        assert_eq!(section_at(text, at("no_progress")), "draw");
    }

    #[test]
    fn line_col_survives_offsets_inside_a_character() {
        let text = "name = \"Dame à la française\"\n";
        let inside = text.find('à').unwrap() + 1;
        assert_eq!(line_col(text, inside), (1, 14));
    }

    #[test]
    fn ids_are_suggested() {
        assert_eq!(suggest_id("My Variant"), "my-variant");
        assert_eq!(suggest_id("!!"), "");
    }
}
