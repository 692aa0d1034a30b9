//! Which rules a game is replayed under: the game its `Variant` or `GameType` tag
//! names; where the tags name none, `--variant` if given, else the config's variant
//! if written the same way (numbers or algebraic squares), else by its squares and
//! first move:
//!
//! - numbers beyond 50: Canadian; beyond 32, or a first move from White's back row
//!   of the 10×10 board (31-50): international;
//! - other numbers: Italian if the game starts from the start position with a move
//!   from 21-24 (White's front row, and White moves first only there among the
//!   numbered 8×8 games), else English (as CheckerBoard reads a file without
//!   GameType). Spanish, Portuguese, pool and Thai records, whose first moves look
//!   like English ones, need their GameType or `--variant`;
//! - algebraic squares: Russian, unless a move is illegal in Russian and every move
//!   is legal in Czech (men that take forward only, a king's capture first), or the
//!   file has had a Czech game and this one is legal in Czech too: then Czech.
//!   A game legal under both in a file with no Czech game is read as Russian.
//!
//! A game this program does not play is reported by name.

use super::replay::{fen_max_square, replay_record, Refusal, ReplayError, Replayed};
use super::{PdnGame, Warning, WarningKind};
use crate::bitboard::BOARD_8;
use crate::rules::{builtin, Ruleset};
use crate::square::SquareNotation;

/// What to assume where a game's tags name no game.
#[derive(Clone, Debug, Default)]
pub struct Assume {
    /// `--variant` (or a ruleset file): the rules of every game whose tags name no
    /// game. Never used against a tag that names another.
    pub variant: Option<Ruleset>,
    /// The config's variant: the rules of such games when written in its notation.
    pub preferred: Option<Ruleset>,
}

/// A game of a variant this program does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The game's name, for counting: "international draughts on 10×10".
    pub game: String,
    /// The whole sentence: "GameType 20: international draughts on 10×10 is not supported".
    pub message: String,
}

/// What came of checking one game.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Replayed to the end of its record.
    Replayed(Box<Replayed>),
    /// A move or the set-up could not be replayed: the record is corrupt (or not
    /// of the rules it was read under).
    Refused(ReplayError),
    /// A variant this program does not play.
    Unsupported(Unsupported),
}

/// One game, checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game as read (its tags, its reader's warnings).
    pub pdn: PdnGame,
    /// The id of the rules it was replayed under.
    pub rules: Option<String>,
    /// Whether it was replayed, and if not, why.
    pub verdict: Verdict,
}

/// The PDN `GameType` numbers of draughts games (PDN 3.0) that are not played here.
fn game_type_name(n: u32) -> Option<&'static str> {
    Some(match n {
        20 => "international draughts on 10×10",
        21 => "English draughts",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts on 12×12",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        40 => "Frisian draughts on 10×10",
        41 => "Spantsiretti on 10×8",
        _ => return None,
    })
}

fn named_by(r: &Ruleset, variant: &str) -> bool {
    r.pdn_variant.eq_ignore_ascii_case(variant)
        || r.id.eq_ignore_ascii_case(variant)
        || r.pdn_aliases
            .iter()
            .any(|a| a.eq_ignore_ascii_case(variant))
}

/// The built-in ruleset a game's `Variant` or `GameType` tag names, if any.
pub fn variant_of(game: &PdnGame) -> Option<Ruleset> {
    let builtins = Ruleset::builtins();
    if let Some(v) = game.tag("Variant") {
        if let Some(r) = builtins.iter().find(|r| named_by(r, v.trim())) {
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

/// Why a game is replayed under the rules it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Basis {
    /// Its tags, `--variant` or the config.
    Named,
    /// Nothing names it, and it is written in algebraic squares.
    Algebraic,
    /// Nothing names it, and it is written in numbers.
    Numeric,
    /// Nothing names it, and its numbers or first move are of the 10×10 board.
    TenByTen,
    /// Nothing names it, and its numbers are of the 12×12 board (over 50).
    TwelveByTwelve,
    /// Nothing names it, its numbers are of the 8×8 board and White moves first,
    /// from 21-24.
    Italian,
}

/// Decides each game's rules and replays it; holds the rulesets, so a file of
/// many games parses none per game. Games of one file inform each other: after
/// a 10×10 game, a game in numbers that names no game is taken to be one too.
#[derive(Clone, Debug)]
pub struct Checker {
    builtins: Vec<Ruleset>,
    assume: Assume,
    /// This file has had a 10×10 game, a Czech one.
    ten_by_ten: bool,
    czech_file: bool,
    /// How this file's games write their moves: algebraic squares or numbers.
    algebraic_file: Option<bool>,
}

impl Checker {
    /// A checker with `assume` for games whose tags name no game; call
    /// [`Checker::next_file`] before the games of another file.
    pub fn new(assume: Assume) -> Checker {
        Checker {
            builtins: Ruleset::builtins(),
            assume,
            ten_by_ten: false,
            czech_file: false,
            algebraic_file: None,
        }
    }

    /// The next games come from another file.
    pub fn next_file(&mut self) {
        self.ten_by_ten = false;
        self.czech_file = false;
        self.algebraic_file = None;
    }

    fn builtin(&self, id: &str) -> &Ruleset {
        self.builtins
            .iter()
            .find(|r| r.id == id)
            .expect("a built-in id names a built-in ruleset")
    }

    fn decide(&self, game: &PdnGame) -> (Result<(&Ruleset, Basis), Unsupported>, Option<Warning>) {
        let fallback = self.assume.variant.as_ref();
        let variant = game.tag("Variant").map(str::trim).filter(|v| !v.is_empty());
        if let Some(v) = variant {
            let own = fallback.filter(|r| named_by(r, v));
            if let Some(r) = own.or_else(|| self.builtins.iter().find(|r| named_by(r, v))) {
                return (Ok((r, Basis::Named)), None);
            }
        }
        let mut warning = None;
        if let Some(t) = game.find_tag("GameType") {
            let first = t.value.split(',').next().unwrap_or("").trim();
            match first.parse::<u32>() {
                Ok(n) => {
                    let own = fallback.filter(|r| r.pdn_game_type == Some(n));
                    let found =
                        own.or_else(|| self.builtins.iter().find(|r| r.pdn_game_type == Some(n)));
                    return (
                        found
                            .map(|r| (r, Basis::Named))
                            .ok_or_else(|| by_game_type(n)),
                        None,
                    );
                }
                Err(_) => {
                    warning = Some(Warning {
                        line: t.line,
                        column: t.column,
                        kind: WarningKind::BadGameType,
                        message: format!(
                            "GameType \"{}\" does not start with a number: ignored",
                            t.value
                        ),
                    });
                }
            }
        }
        if let Some(v) = variant {
            let u = Unsupported {
                game: format!("Variant \"{v}\""),
                message: format!(
                    "Variant \"{v}\" is not a variant this program plays (give GameType for one it does)"
                ),
            };
            return (Err(u), warning);
        }
        (self.untagged(game), warning)
    }

    /// A game whose tags name no game.
    fn untagged(&self, game: &PdnGame) -> Result<(&Ruleset, Basis), Unsupported> {
        let setups = game
            .find_tag("FEN")
            .map(|t| t.value.as_str())
            .into_iter()
            .chain(
                game.moves
                    .iter()
                    .filter_map(|(m, _, _)| m.strip_prefix('/')),
            );
        let fen_squares = setups.clone().map(fen_max_square).max().unwrap_or(0);
        let move_squares = game
            .moves
            .iter()
            .filter(|(m, _, _)| !m.starts_with('/'))
            .flat_map(|(m, _, _)| m.split(['-', 'x', ':']))
            .filter_map(|part| part.parse::<u32>().ok().filter(|_| part.len() <= 2))
            .max()
            .unwrap_or(0);
        // Numbers past 8×8's (32) or 10×10's (50) tell the board: a variant
        // named for the file of that board, else its built-in game.
        let most = fen_squares.max(move_squares);
        for (past, size, id, basis) in [
            (50, 12, builtin::CANADIAN, Basis::TwelveByTwelve),
            (32, 10, builtin::INTERNATIONAL, Basis::TenByTen),
        ] {
            if most > past {
                let named = self.assume.variant.as_ref();
                if let Some(r) = named.filter(|r| r.geometry().size == size) {
                    return Ok((r, Basis::Named));
                }
                return Ok((self.builtin(id), basis));
            }
        }
        if let Some(r) = &self.assume.variant {
            return Ok((r, Basis::Named));
        }
        // A game with no moves to tell (a forfeit, `- -`) is written as the
        // file's other games are.
        let algebraic = written_in(game).or(self.algebraic_file).unwrap_or(false);
        let notation = if algebraic {
            SquareNotation::Algebraic
        } else {
            SquareNotation::Numeric
        };
        if let Some(r) = self
            .assume
            .preferred
            .as_ref()
            .filter(|r| r.notation.squares == notation)
        {
            return Ok((r, Basis::Named));
        }
        if algebraic {
            return Ok((self.builtin(builtin::RUSSIAN), Basis::Algebraic));
        }
        if self.ten_by_ten {
            return Ok((self.builtin(builtin::INTERNATIONAL), Basis::TenByTen));
        }
        // English games start with Black's move, from squares 9-12. A record
        // from the start position whose first move is from 21-24 is White's, as
        // in Italian; one from 29 to 32, White's own back row on 8×8, is a
        // 10×10 opening (32-28).
        let first = setups.clone().next().is_none().then(|| {
            let (m, _, _) = game.moves.first()?;
            BOARD_8.parse_square(m.split(['-', 'x', ':']).next()?)
        });
        match first.flatten().and_then(|s| BOARD_8.number(s)) {
            Some(21..=24) => Ok((self.builtin(builtin::ITALIAN), Basis::Italian)),
            Some(29..=32) => Ok((self.builtin(builtin::INTERNATIONAL), Basis::TenByTen)),
            _ => Ok((self.builtin(builtin::ENGLISH), Basis::Numeric)),
        }
    }

    /// Decides `game`'s rules and replays it. Games of one file must come in
    /// order, after [`Checker::next_file`].
    pub fn check(&mut self, mut game: PdnGame) -> Checked {
        let (rules, warning) = self.decide(&game);
        let (id, verdict) = match rules {
            Err(u) => (None, Verdict::Unsupported(u)),
            Ok((r, basis)) => {
                let replay = replay_record(&game, r);
                let (id, v) = self.judge(&game, r.id.clone(), basis, replay);
                (Some(id), v)
            }
        };
        game.warnings.extend(warning);
        if let (Some(id), Verdict::Replayed(_)) = (&id, &verdict) {
            self.czech_file |= id == builtin::CZECH;
        }
        if let (Some(id), Verdict::Replayed(_)) = (&id, &verdict) {
            self.ten_by_ten |= self
                .builtins
                .iter()
                .any(|r| &r.id == id && r.geometry().size == 10);
        }
        if let Some(a) = written_in(&game) {
            self.algebraic_file = Some(a);
        }
        Checked {
            pdn: game,
            rules: id,
            verdict,
        }
    }
}

impl Checker {
    /// What the replay of a game that names no game says of it, with what the
    /// file has shown so far, and the rules it was replayed under: a game in
    /// algebraic squares that Russian rules refuse, and that Czech rules replay,
    /// is a Czech record, and so is one legal both ways in a file with a Czech
    /// record (a game legal in Russian alone says the file is not Czech after all).
    fn judge(
        &mut self,
        game: &PdnGame,
        id: String,
        basis: Basis,
        replay: Result<Replayed, ReplayError>,
    ) -> (String, Verdict) {
        let czech = || {
            let r = self.builtin(builtin::CZECH);
            replay_record(game, r).ok()
        };
        match (basis, replay) {
            (Basis::Algebraic, Err(e)) if e.kind == Refusal::Illegal => match czech() {
                Some(r) => (builtin::CZECH.to_string(), Verdict::Replayed(Box::new(r))),
                None => (id, Verdict::Refused(e)),
            },
            (Basis::Algebraic, Ok(r)) if self.czech_file => match czech() {
                Some(c) => (builtin::CZECH.to_string(), Verdict::Replayed(Box::new(c))),
                None => {
                    self.czech_file = false;
                    (id, Verdict::Replayed(Box::new(r)))
                }
            },
            (_, Ok(r)) => (id, Verdict::Replayed(Box::new(r))),
            (_, Err(e)) => (id, Verdict::Refused(e)),
        }
    }
}

/// Whether `game` writes its squares in algebraic names (`c3`) rather than numbers,
/// from its first move, else its set-up; `None` when it has neither.
fn written_in(game: &PdnGame) -> Option<bool> {
    let letters = |s: &str| s.bytes().any(|b| (b'a'..=b'h').contains(&b));
    let first = game
        .moves
        .iter()
        .map(|(m, _, _)| m.as_str())
        .find(|m| *m != "-" && !m.starts_with('/'));
    if let Some(m) = first {
        return Some(letters(m));
    }
    let fen = game.tag("FEN")?;
    let lists = fen.split(':').skip(1).map(|l| l.get(1..).unwrap_or(""));
    Some(lists.clone().any(letters))
}

fn by_game_type(n: u32) -> Unsupported {
    match game_type_name(n) {
        Some(name) => Unsupported {
            game: name.to_string(),
            message: format!("GameType {n}: {name} is not supported"),
        },
        None => Unsupported {
            game: format!("GameType {n}"),
            message: format!("GameType {n} is not a draughts game this program knows"),
        },
    }
}
