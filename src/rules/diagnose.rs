//! What is wrong with a ruleset file that is not a ruleset, said for the person editing it.
//!
//! Errors from the TOML parser and from serde are rewritten: the line and column are found
//! from the error's span, the key is named with its section (`rules.touch_move`), and the
//! message says what to write instead, quoting the built-in English ruleset as an example.

use super::file::{one_line, RulesetError};
use crate::text::floor_boundary;
use std::ops::Range;

/// The built-in English ruleset, the example that missing-key messages quote.
const EXAMPLE: &str = include_str!("../../rulesets/english.toml");

/// `a`, `a or b`, `a, b or c`.
pub(super) fn or_list(items: &[String]) -> String {
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
pub(super) fn closest<'a>(
    given: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
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
pub(super) fn suggest_id(id: &str) -> String {
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
pub(super) fn syntax_error(origin: &str, text: &str, e: &toml::de::Error) -> RulesetError {
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
pub(super) fn shape_error(origin: &str, text: &str, e: &toml::de::Error) -> RulesetError {
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
    fn ids_are_suggested() {
        assert_eq!(suggest_id("My Variant"), "my-variant");
        assert_eq!(suggest_id("!!"), "");
    }
}
