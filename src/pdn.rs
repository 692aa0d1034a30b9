//! PDN game records (writing; reading comes with the game-record tools).

use crate::game::Game;
use crate::notation::write_short;
use crate::position::Position;

/// The tags of a PDN game besides those the game itself supplies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `game` as PDN 3.0 text: the seven-tag roster, `GameType` where the variant
/// has one, a `Variant` tag always, `SetUp`/`FEN` for a set-up start, and the
/// moves in the variant's notation (captures by start and end unless that is
/// ambiguous, then by the full path).
pub fn write_game(game: &Game, tags: &Tags) -> String {
    let rules = game.rules();
    let result = game
        .outcome()
        .map(|o| o.pdn_result().to_string())
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
    let start = *game.start();
    if start != Position::initial(rules.first_move) {
        tag("SetUp", "1");
        tag("FEN", &crate::fen::write(&start, rules.notation.squares));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let first = start.side_to_move();
    let second_first = first != rules.first_move;
    for (i, m) in game.moves().enumerate() {
        let pos = game.position_before(i);
        let ply = i + usize::from(second_first);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(write_short(m, pos, rules));
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

/// A game as read from PDN text, before its moves are checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move texts with their 1-based line and column in the file.
    pub moves: Vec<(String, usize, usize)>,
    /// The result token at the end of the movetext, if any.
    pub result: Option<String>,
    /// The line the game starts on.
    pub line: usize,
}

impl PdnGame {
    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// PDN text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for PdnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PdnError {}

const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"];

/// Reads every game of a PDN file, leniently as the standard asks: `x` or `:`,
/// move numbers `12.` and `12...`, comments `{…}` and `;…`, variations `(…)`
/// skipped, NAGs `$n` and `!?` marks ignored, `%` escape lines skipped.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut games = Vec::new();
    let mut game = PdnGame::default();
    let mut started = false;
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let err = |line, column, message: String| PdnError {
        line,
        column,
        message,
    };
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    let mut depth = 0usize; // variation nesting
    while i < chars.len() {
        let c = chars[i];
        if c == '%' && col == 1 {
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            continue;
        }
        if c.is_whitespace() {
            bump!();
            continue;
        }
        let (l0, c0) = (line, col);
        match c {
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    bump!();
                }
                if i == chars.len() {
                    return Err(err(l0, c0, "a comment `{` is never closed".into()));
                }
                bump!();
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    bump!();
                }
            }
            '(' => {
                depth += 1;
                bump!();
            }
            ')' => {
                if depth == 0 {
                    return Err(err(l0, c0, "`)` closes no variation".into()));
                }
                depth -= 1;
                bump!();
            }
            '[' if depth == 0 => {
                if started && (!game.moves.is_empty() || game.result.is_some()) {
                    games.push(std::mem::take(&mut game));
                    started = false;
                }
                if !started {
                    game.line = l0;
                    started = true;
                }
                bump!();
                let mut name = String::new();
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && chars[i] != '"'
                    && chars[i] != ']'
                {
                    name.push(chars[i]);
                    bump!();
                }
                while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
                    bump!();
                }
                if i == chars.len() || chars[i] != '"' {
                    return Err(err(
                        l0,
                        c0,
                        format!("tag `{name}` needs a quoted value, as in [{name} \"...\"]"),
                    ));
                }
                bump!();
                let mut value = String::new();
                while i < chars.len() && chars[i] != '"' && chars[i] != '\n' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        bump!();
                    }
                    value.push(chars[i]);
                    bump!();
                }
                if i == chars.len() || chars[i] != '"' {
                    return Err(err(
                        l0,
                        c0,
                        format!("the value of tag `{name}` is not closed with `\"`"),
                    ));
                }
                bump!();
                while i < chars.len() && chars[i] != ']' && chars[i] != '\n' {
                    bump!();
                }
                if i == chars.len() || chars[i] != ']' {
                    return Err(err(l0, c0, format!("tag `{name}` is not closed with `]`")));
                }
                bump!();
                game.tags.push((name, value));
            }
            _ => {
                let mut token = String::new();
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '(' | ')' | '[' | ';')
                {
                    token.push(chars[i]);
                    bump!();
                }
                if token.is_empty() {
                    // A `[` inside a variation: step over it, or the loop would stall.
                    bump!();
                    continue;
                }
                if depth > 0 {
                    continue;
                }
                if !started {
                    game.line = l0;
                    started = true;
                }
                if RESULTS.contains(&token.as_str()) {
                    game.result = Some(token);
                    games.push(std::mem::take(&mut game));
                    started = false;
                    continue;
                }
                if token.starts_with('$') {
                    continue;
                }
                // "12." "12..." or "12.11-15": drop the move number.
                let body = token.trim_start_matches(|ch: char| ch.is_ascii_digit());
                let body = if body.len() < token.len() && body.starts_with('.') {
                    body.trim_start_matches('.')
                } else {
                    token.as_str()
                };
                let body = body.trim_end_matches(['!', '?', '+', '#']);
                if !body.is_empty() {
                    let offset = token.len()
                        - token
                            .trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.')
                            .len();
                    let offset = if body.len() < token.len() { offset } else { 0 };
                    game.moves.push((body.to_string(), l0, c0 + offset));
                }
            }
        }
    }
    if depth > 0 {
        return Err(err(line, col, "a variation `(` is never closed".into()));
    }
    if started {
        games.push(game);
    }
    Ok(games)
}

/// The built-in ruleset a PDN game names with its `GameType` or `Variant` tag.
pub fn variant_of(game: &PdnGame) -> Option<crate::Ruleset> {
    let builtins = crate::Ruleset::builtins();
    if let Some(v) = game.tag("Variant") {
        let v = v.trim();
        if let Some(r) = builtins
            .iter()
            .find(|r| r.pdn_variant.eq_ignore_ascii_case(v) || r.id.eq_ignore_ascii_case(v))
        {
            return Some(r.clone());
        }
    }
    let number: u32 = game
        .tag("GameType")?
        .split(',')
        .next()?
        .trim()
        .parse()
        .ok()?;
    builtins
        .into_iter()
        .find(|r| r.pdn_game_type == Some(number))
}

/// Why a game's moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based full-move number and the move text.
    pub move_number: usize,
    pub text: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} `{}` (line {}, column {}): {}",
            self.move_number, self.text, self.line, self.column, self.message
        )
    }
}

/// Replays `pdn` under `rules`, checking every move.
pub fn replay(pdn: &PdnGame, rules: &crate::Ruleset) -> Result<Game, ReplayError> {
    let start = match pdn.tag("FEN") {
        Some(f) => crate::fen::parse(f).map_err(|e| ReplayError {
            move_number: 0,
            text: f.to_string(),
            line: pdn.line,
            column: 1,
            message: e.to_string(),
        })?,
        None => Position::initial(rules.first_move),
    };
    let mut game = Game::from_position(rules.clone(), start);
    let second = start.side_to_move() != rules.first_move;
    for (i, (text, line, column)) in pdn.moves.iter().enumerate() {
        if let Err(e) = game.play_text(text) {
            return Err(ReplayError {
                move_number: (i + usize::from(second)) / 2 + 1,
                text: text.clone(),
                line: *line,
                column: *column,
                message: e.to_string(),
            });
        }
    }
    Ok(game)
}

/// Game `n` (counting from 1) of PDN `text`, replayed and checked under the
/// rules its tags name, or `fallback` where they name none. Returns the game as
/// read (for its tags) and as played. Errors are one line, without the file name.
pub fn load_game(
    text: &str,
    n: usize,
    fallback: Option<&crate::Ruleset>,
) -> Result<(PdnGame, Game), String> {
    let games = read_games(text).map_err(|e| e.to_string())?;
    let g = match games.get(n.wrapping_sub(1)) {
        Some(g) => g,
        None if games.is_empty() => return Err("no game in the file".to_string()),
        None => {
            return Err(format!(
                "it holds {} games; there is no game {n}",
                games.len()
            ))
        }
    };
    let rules = variant_of(g).or_else(|| fallback.cloned()).ok_or_else(|| {
        format!("game {n} names no built-in variant in its GameType or Variant tag")
    })?;
    let game = replay(g, &rules).map_err(|e| format!("game {n}, {e}"))?;
    Ok((g.clone(), game))
}
