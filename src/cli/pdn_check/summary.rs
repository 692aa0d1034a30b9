//! The counts `pdn check` prints: games read, replayed to the end, refused and
//! why, not played here and which game, warnings by kind; as text or JSON.

use checkers::pdn::{Checked, Encoding, Verdict};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Counts by name, printed largest first.
#[derive(Default)]
struct Counts(BTreeMap<String, usize>);

impl Counts {
    fn add(&mut self, key: &str) {
        *self.0.entry(key.to_string()).or_default() += 1;
    }

    fn total(&self) -> usize {
        self.0.values().sum()
    }

    fn sorted(&self) -> Vec<(&str, usize)> {
        let mut v: Vec<(&str, usize)> = self.0.iter().map(|(k, n)| (k.as_str(), *n)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v
    }

    /// `english 1890, russian 1122`
    fn list(&self) -> String {
        self.sorted()
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn json(&self) -> Value {
        Value::Object(
            self.sorted()
                .into_iter()
                .map(|(k, n)| (k.to_string(), json!(n)))
                .collect(),
        )
    }
}

/// `White - Black` from the tags.
pub(super) fn players(c: &Checked) -> String {
    format!(
        "{} - {}",
        c.pdn.tag("White").unwrap_or("?"),
        c.pdn.tag("Black").unwrap_or("?")
    )
}

/// One game as JSON: where it is, who played, what came of it, and its warnings.
fn game_json(name: &str, c: &Checked) -> Value {
    let mut game = json!({
        "file": name,
        "game": c.pdn.number,
        "line": c.pdn.line,
        "players": players(c),
        "variant": c.rules,
    });
    let mut warnings: Vec<String> = c.pdn.warnings.iter().map(|w| w.to_string()).collect();
    match &c.verdict {
        Verdict::Replayed(r) => {
            warnings.extend(r.warnings.iter().map(|w| w.to_string()));
            game["status"] = json!(if r.unknown_from.is_some() {
                "moves not recorded"
            } else {
                "replayed"
            });
            game["moves"] = json!(r.game.moves().len());
            game["result"] = json!(r.result);
            game["notes"] = json!(r.remarks());
        }
        Verdict::Refused(e) => {
            game["status"] = json!("refused");
            game["reason"] = json!(e.kind.describe());
            game["move"] = json!(e.move_number);
            game["text"] = json!(e.text);
            game["at"] = json!({"line": e.line, "column": e.column});
            game["error"] = json!(e.message);
        }
        Verdict::Unsupported(u) => {
            game["status"] = json!("unsupported");
            game["game_type"] = json!(u.game);
            game["error"] = json!(u.message);
        }
    }
    game["warnings"] = json!(warnings);
    game
}

/// Everything counted over the files.
pub(super) struct Tally {
    files: Vec<String>,
    games: usize,
    replayed: Counts,
    played_past: Counts,
    not_recorded: usize,
    refused: Counts,
    unsupported: Counts,
    warnings: Counts,
    /// Each refused game: `file:line:column: game N (...): what`.
    refusals: Vec<(String, Value)>,
    unreadable: Vec<(String, String)>,
    encodings: Vec<(String, Vec<Encoding>)>,
    /// Every game as JSON, for `--json --verbose`.
    each: Option<Vec<Value>>,
    /// Whether the summary is printed as JSON.
    json: bool,
}

impl Tally {
    pub(super) fn new(json: bool, keep_each: bool) -> Tally {
        Tally {
            files: Vec::new(),
            games: 0,
            replayed: Counts::default(),
            played_past: Counts::default(),
            not_recorded: 0,
            refused: Counts::default(),
            unsupported: Counts::default(),
            warnings: Counts::default(),
            refusals: Vec::new(),
            unreadable: Vec::new(),
            encodings: Vec::new(),
            each: keep_each.then(Vec::new),
            json,
        }
    }

    fn file(&mut self, name: &str) {
        if self.files.last().map(String::as_str) != Some(name) {
            self.files.push(name.to_string());
        }
    }

    pub(super) fn unreadable(&mut self, name: &str, why: String) {
        self.file(name);
        self.unreadable.push((name.to_string(), why));
    }

    /// Whether `name` could not be read.
    pub(super) fn failed(&self, name: &str) -> bool {
        self.unreadable.iter().any(|(n, _)| n == name)
    }

    pub(super) fn encoding(&mut self, name: &str, used: &[Encoding]) {
        self.encodings.push((name.to_string(), used.to_vec()));
    }

    pub(super) fn add(&mut self, name: &str, c: &Checked) {
        self.file(name);
        self.games += 1;
        match &c.verdict {
            Verdict::Replayed(r) => {
                for w in &r.warnings {
                    self.warnings.add(w.kind.describe());
                }
                if r.unknown_from.is_some() {
                    self.not_recorded += 1;
                } else {
                    self.replayed.add(c.rules.as_deref().unwrap_or("?"));
                }
                if let Some((_, why)) = &r.played_past {
                    self.played_past.add(why);
                }
            }
            Verdict::Refused(e) => {
                self.refused.add(e.kind.describe());
                let line = format!(
                    "{name}:{}:{}: game {} ({}, {}), {}: {}",
                    e.line,
                    e.column,
                    c.pdn.number,
                    players(c),
                    c.rules.as_deref().unwrap_or("?"),
                    e.subject(),
                    e.message
                );
                // JSON only for a reader of JSON: most games need none.
                let json = self.json.then(|| game_json(name, c));
                self.refusals.push((line, json.unwrap_or(Value::Null)));
            }
            Verdict::Unsupported(u) => self.unsupported.add(&u.game),
        }
        for w in &c.pdn.warnings {
            self.warnings.add(w.kind.describe());
        }
        if let Some(each) = &mut self.each {
            each.push(game_json(name, c));
        }
    }

    /// Games that could not be replayed.
    fn bad(&self) -> usize {
        self.refused.total() + self.unsupported.total()
    }

    /// The summary as text lines.
    pub(super) fn lines(&self) -> Vec<String> {
        let row = |label: &str, n: usize, detail: String| {
            let line = format!("{label:<24}{n:>6}");
            if detail.is_empty() {
                line
            } else {
                format!("{line}   {detail}")
            }
        };
        let mut out = vec![
            row("files", self.files.len(), String::new()),
            row("games", self.games, String::new()),
            row(
                "replayed to the end",
                self.replayed.total(),
                self.replayed.list(),
            ),
        ];
        if self.played_past.total() > 0 {
            out.push(row(
                "  played on past a draw",
                self.played_past.total(),
                self.played_past.list(),
            ));
        }
        out.push(row("moves not recorded", self.not_recorded, "(`-`)".into()));
        out.push(row("refused", self.refused.total(), self.refused.list()));
        out.push(row(
            "unsupported",
            self.unsupported.total(),
            self.unsupported.list(),
        ));
        out.push(row("warnings", self.warnings.total(), self.warnings.list()));
        for (name, used) in &self.encodings {
            let names: Vec<&str> = used.iter().map(|e| e.name()).collect();
            out.push(format!(
                "not UTF-8: {name} (read as {})",
                names.join(" and ")
            ));
        }
        for (_, why) in &self.unreadable {
            out.push(format!("unreadable: {why}"));
        }
        if !self.refusals.is_empty() {
            out.push("refused games:".to_string());
            out.extend(self.refusals.iter().map(|(line, _)| format!("  {line}")));
        }
        out
    }

    /// The summary as one JSON object.
    pub(super) fn json(&self) -> Value {
        let mut v = json!({
            "files": self.files.len(),
            "games": self.games,
            "replayed": self.replayed.total(),
            "replayed_by_variant": self.replayed.json(),
            "played_past_a_draw": self.played_past.json(),
            "moves_not_recorded": self.not_recorded,
            "refused": self.refused.total(),
            "refused_by_reason": self.refused.json(),
            "unsupported": self.unsupported.total(),
            "unsupported_by_game": self.unsupported.json(),
            "warnings": self.warnings.total(),
            "warnings_by_kind": self.warnings.json(),
            "not_utf8": self.encodings.iter().map(|(f, used)| json!({
                "file": f,
                "read_as": used.iter().map(|e| e.name()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "unreadable": self.unreadable.iter().map(|(f, why)| json!({"file": f, "error": why})).collect::<Vec<_>>(),
            "refused_games": self.refusals.iter().map(|(_, g)| g.clone()).collect::<Vec<_>>(),
        });
        if let Some(each) = &self.each {
            v["each_game"] = json!(each);
        }
        v
    }

    /// The one line for standard error when not every game could be replayed or
    /// a file could not be read; `None` when all is well.
    pub(super) fn problem(&self, several: bool) -> Option<String> {
        let bad = self.bad();
        if !several {
            if let Some((_, why)) = self.unreadable.first() {
                return Some(why.clone());
            }
            let name = self.files.first()?;
            return (bad > 0).then(|| format!("{name}: {bad} of {} games have errors", self.games));
        }
        let unreadable = self.unreadable.len();
        match (bad, unreadable) {
            (0, 0) => None,
            (b, 0) => Some(format!("{b} of {} games have errors", self.games)),
            (0, u) => Some(format!(
                "{u} of {} files could not be read",
                self.files.len()
            )),
            (b, u) => Some(format!(
                "{b} of {} games have errors, and {u} of {} files could not be read",
                self.games,
                self.files.len()
            )),
        }
    }
}
