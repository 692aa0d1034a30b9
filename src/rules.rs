//! Rulesets: a variant as a list of named settings, read from a TOML file.
//!
//! A [`Ruleset`] is built once, at the edge, from a file the user may have
//! written by hand; after [`Ruleset::from_toml`] accepts it, nothing checks it
//! again. Move generation reads only these settings and never a variant's name,
//! so a new variant is a new file.

mod diagnose;
mod file;

use crate::bitboard::Geometry;
use crate::square::{Color, SquareNotation};
use std::fmt;
use std::path::Path;

pub use file::RulesetError;

/// How far a king moves when it does not capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingMoves {
    /// One square in any diagonal direction.
    OneSquare,
    /// Any number of empty squares along a diagonal ("flying king").
    AnyDistance,
}

/// How far from the piece it takes a king may start its jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingCapturesFrom {
    /// The piece taken must be on the next square.
    Adjacent,
    /// Any number of empty squares may lie between the king and the piece.
    AnyDistance,
}

/// Where a king lands after jumping a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLands {
    /// On the square directly behind the piece taken.
    DirectlyBehind,
    /// On any empty square beyond it; where one of those squares allows a further
    /// capture, only such squares may be chosen.
    AnyEmptyBeyond,
}

/// Which capture a player may choose when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureChoice {
    /// Any capture sequence.
    Any,
    /// Only a sequence that takes the most pieces (every piece counts as one).
    MostPieces,
}

/// A criterion of which capture must be played, after the others before it in
/// the ruleset's list (`capture_precedence`): among the captures left, only
/// those that score best on it stay legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
pub enum Criterion {
    /// The most pieces taken (every piece counts as one).
    MostPieces = 1,
    /// A capture by a king comes before a capture by a man.
    WithKing = 2,
    /// The most kings taken.
    MostKings = 3,
    /// A king taken earliest in the sequence.
    KingFirst = 4,
}

impl Criterion {
    /// The ruleset file's name of each criterion.
    pub const NAMES: [(&'static str, Criterion); 4] = [
        ("most-pieces", Criterion::MostPieces),
        ("with-king", Criterion::WithKing),
        ("most-kings", Criterion::MostKings),
        ("king-first", Criterion::KingFirst),
    ];

    /// Its code in [`GenFlags::precedence`]: its discriminant, never 0, which
    /// ends the list.
    const fn code(self) -> u16 {
        self as u16
    }

    /// The criterion of a code.
    pub(crate) fn of_code(code: u16) -> Option<Criterion> {
        Criterion::NAMES
            .iter()
            .map(|&(_, c)| c)
            .find(|c| c.code() == code)
    }
}

/// When the pieces a capture takes leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturesRemoved {
    /// All together when the move ends: until then they block.
    AtEnd,
    /// Each as it is jumped, so its square is free for the rest of the move.
    AtOnce,
}

/// What happens when a man reaches the last row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionMidCapture {
    /// It is crowned and the move ends there.
    CrownedMoveEnds,
    /// It stays a man and goes on capturing; it is crowned only if the move ends on the last row.
    ContinueAsMan,
    /// It is crowned at once and goes on capturing as a king.
    ContinueAsKing,
}

/// An event that resets a no-progress counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResetEvent {
    /// A piece was captured.
    Capture,
    /// A man moved.
    ManMove,
    /// A man was crowned.
    Promotion,
}

/// A material condition under which a no-progress counter runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DrawCondition {
    /// One side has a single piece, a king, and the other at least this many kings.
    pub lone_king_against_kings: Option<u32>,
    /// Both sides together have at most this many pieces.
    pub max_total_pieces: Option<u32>,
    /// Both sides together have at least this many pieces.
    pub min_total_pieces: Option<u32>,
    /// Both sides have at least one king.
    pub both_have_kings: bool,
}

/// A draw by lack of progress: after `moves` moves by each side without a reset event
/// (while the condition holds), the game is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoProgressRule {
    /// What players call the rule, shown when it ends a game.
    pub name: String,
    /// Moves by each side.
    pub moves: u32,
    /// Events that set the counter back to zero.
    pub reset_on: Vec<ResetEvent>,
    /// Material condition; the counter is zero while it does not hold.
    pub when: DrawCondition,
}

impl NoProgressRule {
    /// The counter's limit in plies (half-moves).
    pub fn plies(&self) -> u32 {
        self.moves * 2
    }
}

/// How moves and positions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notation {
    /// Squares as numbers or algebraic names.
    pub squares: SquareNotation,
    /// The character between the squares of a capture: `x`, `:` or `-` (Thai).
    pub capture_separator: char,
    /// The board, whose numbering the numbers are.
    pub geometry: Geometry,
}

impl Notation {
    /// `sq` as this notation writes it.
    pub fn square(&self, sq: crate::square::Square) -> String {
        self.squares.write(&self.geometry, sq)
    }
}

/// A validated variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// Short identifier used on the command line, e.g. `russian`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Rows of men each side starts with.
    pub(crate) men_rows: u8,
    /// The side that makes the first move.
    pub first_move: Color,
    /// Whether men may capture backwards.
    pub men_capture_backwards: bool,
    /// How far kings move.
    pub king_moves: KingMoves,
    /// How far from its victim a king may capture.
    pub king_captures_from: KingCapturesFrom,
    /// Where a king lands after a capture.
    pub king_lands: KingLands,
    /// Which capture may be chosen: any, or the most pieces first.
    pub capture_choice: CaptureChoice,
    /// The criteria that decide among the captures left after `capture_choice`,
    /// in order (`capture_precedence` in the file, after "most-pieces").
    pub capture_precedence: Vec<Criterion>,
    /// Whether men may take kings.
    pub men_take_kings: bool,
    /// When the pieces a capture takes leave the board.
    pub captures_removed: CapturesRemoved,
    /// A man reaching the last row mid-capture.
    pub promotion_mid_capture: PromotionMidCapture,
    /// Whether a touched (selected) piece must be moved.
    pub touch_move: bool,
    /// How moves are written.
    pub notation: Notation,
    /// Same position with the same side to move this many times is a draw.
    pub repetition: u32,
    /// The no-progress draw rules.
    pub no_progress: Vec<NoProgressRule>,
    /// PDN `GameType` number, where the variant has one.
    pub pdn_game_type: Option<u32>,
    /// PDN `Variant` tag value.
    pub pdn_variant: String,
    /// Other `Variant` tag values that name this game in records written by
    /// other programs (`American/English`), read but never written.
    pub pdn_aliases: Vec<String>,
}

/// The ids of the built-in variants: the one place their names are written.
///
/// Code that needs a particular variant (a test of one of its rules, the default) names it
/// through these; code that needs every variant asks [`Ruleset::builtin_ids`].
pub mod builtin {
    /// English draughts / American checkers.
    pub const ENGLISH: &str = "english";
    /// Dammen 64, Dutch draughts on 8×8.
    pub const DAMMEN64: &str = "dammen64";
    /// Brazilian draughts: the international rules on 8×8.
    pub const BRAZILIAN: &str = "brazilian";
    /// Russian shashki.
    pub const RUSSIAN: &str = "russian";
    /// German Dame.
    pub const GERMAN: &str = "german";
    /// International draughts, the FMJD game on 10×10.
    pub const INTERNATIONAL: &str = "international";
    /// Canadian draughts: the international rules on 12×12.
    pub const CANADIAN: &str = "canadian";
    /// Italian draughts, dama italiana.
    pub const ITALIAN: &str = "italian";
    /// Czech draughts, česká dáma.
    pub const CZECH: &str = "czech";
    /// Spanish draughts, damas.
    pub const SPANISH: &str = "spanish";
    /// Portuguese draughts, damas clássicas.
    pub const PORTUGUESE: &str = "portuguese";
    /// American pool checkers.
    pub const POOL: &str = "pool";
    /// Thai draughts, mak-hos.
    pub const THAI: &str = "thai";
    /// The variant played when none is chosen.
    pub const DEFAULT: &str = ENGLISH;
}

/// The built-in variants' files, compiled into the binary.
const BUILT_IN: [(&str, &str); 13] = [
    (builtin::ENGLISH, include_str!("../rulesets/english.toml")),
    (builtin::DAMMEN64, include_str!("../rulesets/dammen64.toml")),
    (
        builtin::BRAZILIAN,
        include_str!("../rulesets/brazilian.toml"),
    ),
    (builtin::RUSSIAN, include_str!("../rulesets/russian.toml")),
    (builtin::GERMAN, include_str!("../rulesets/german.toml")),
    (
        builtin::INTERNATIONAL,
        include_str!("../rulesets/international.toml"),
    ),
    (builtin::CANADIAN, include_str!("../rulesets/canadian.toml")),
    (builtin::ITALIAN, include_str!("../rulesets/italian.toml")),
    (builtin::CZECH, include_str!("../rulesets/czech.toml")),
    (builtin::SPANISH, include_str!("../rulesets/spanish.toml")),
    (
        builtin::PORTUGUESE,
        include_str!("../rulesets/portuguese.toml"),
    ),
    (builtin::POOL, include_str!("../rulesets/pool.toml")),
    (builtin::THAI, include_str!("../rulesets/thai.toml")),
];

impl Ruleset {
    /// The largest ruleset file read: the built-in ones are under 4 KiB.
    pub const MAX_FILE_BYTES: u64 = 1 << 20;

    /// Parses and validates a ruleset; `origin` names the file in error messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<Ruleset, RulesetError> {
        file::parse(text, origin)
    }

    /// Reads a ruleset file from disk: a regular file of at most [`Ruleset::MAX_FILE_BYTES`].
    pub fn from_file(path: &Path) -> Result<Ruleset, RulesetError> {
        let origin = path.display().to_string();
        let text = crate::read_text(path, Ruleset::MAX_FILE_BYTES)
            .map_err(|e| RulesetError::io(&origin, &e))?;
        Ruleset::from_toml(&text, &origin)
    }

    /// A built-in variant by id (see [`builtin`]).
    pub fn builtin(id: &str) -> Option<Ruleset> {
        Ruleset::parsed_builtins()
            .iter()
            .find(|r| r.id == id)
            .cloned()
    }

    /// Every built-in variant, in the order of docs/RULES.md.
    pub fn builtins() -> Vec<Ruleset> {
        Ruleset::parsed_builtins().to_vec()
    }

    /// The built-in files, parsed once per process: a reader of many games asks for a
    /// ruleset per game.
    fn parsed_builtins() -> &'static [Ruleset] {
        static PARSED: std::sync::OnceLock<Vec<Ruleset>> = std::sync::OnceLock::new();
        PARSED.get_or_init(|| {
            BUILT_IN
                .iter()
                .map(|(name, text)| {
                    Ruleset::from_toml(text, &format!("rulesets/{name}.toml"))
                        .expect("built-in rulesets are validated by the test suite")
                })
                .collect()
        })
    }

    /// Ids of the built-in variants.
    pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(id, _)| *id)
    }

    /// The board the rules are played on (held by the notation, whose numbers
    /// are the board's).
    pub fn geometry(&self) -> &Geometry {
        &self.notation.geometry
    }

    /// Rows of men each side starts with.
    pub fn men_rows(&self) -> u8 {
        self.men_rows
    }

    /// The settings move generation depends on, packed for dispatch.
    pub(crate) fn gen_flags(&self) -> GenFlags {
        GenFlags {
            size: self.geometry().size,
            men_back: self.men_capture_backwards,
            king_long_move: self.king_moves == KingMoves::AnyDistance,
            king_long_capture: self.king_captures_from == KingCapturesFrom::AnyDistance,
            land_any: self.king_lands == KingLands::AnyEmptyBeyond,
            most: self.capture_choice == CaptureChoice::MostPieces,
            men_take_kings: self.men_take_kings,
            removed_at_once: self.captures_removed == CapturesRemoved::AtOnce,
            precedence: self
                .capture_precedence
                .iter()
                .rev()
                .fold(0, |packed, c| packed << 3 | c.code()),
            promo: match self.promotion_mid_capture {
                PromotionMidCapture::CrownedMoveEnds => 0,
                PromotionMidCapture::ContinueAsMan => 1,
                PromotionMidCapture::ContinueAsKing => 2,
            },
        }
    }
}

/// The board and the settings that shape move generation.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct GenFlags {
    /// Squares along the board's side.
    pub size: u8,
    pub men_back: bool,
    pub king_long_move: bool,
    pub king_long_capture: bool,
    pub land_any: bool,
    pub most: bool,
    pub promo: u8,
    pub men_take_kings: bool,
    /// Pieces taken leave the board as they are jumped.
    pub removed_at_once: bool,
    /// The criteria after the most-pieces rule, three bits each from the
    /// lowest, the first 0 ending the list ([`Criterion::of_code`]).
    pub precedence: u16,
}

impl fmt::Debug for GenFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("GenFlags");
        d.field("size", &self.size)
            .field("men_back", &self.men_back)
            .field("king_long_move", &self.king_long_move)
            .field("king_long_capture", &self.king_long_capture)
            .field("land_any", &self.land_any)
            .field("most", &self.most)
            .field("promo", &self.promo);
        // The later settings only where they are not the default: the endgame
        // tables' cache names hash this text, and the files of the rulesets
        // before them keep their names.
        if !self.men_take_kings {
            d.field("men_take_kings", &self.men_take_kings);
        }
        if self.precedence != 0 {
            d.field("precedence", &self.precedence);
        }
        if self.removed_at_once {
            d.field("removed_at_once", &self.removed_at_once);
        }
        d.finish()
    }
}

impl GenFlags {
    /// International draughts' settings on 10×10: men take backwards, kings fly
    /// and land anywhere beyond, the most pieces must be taken, a man passing
    /// the back row in a capture goes on as a man.
    pub(crate) const INTERNATIONAL: GenFlags = GenFlags {
        size: 10,
        men_back: true,
        king_long_move: true,
        king_long_capture: true,
        land_any: true,
        most: true,
        promo: 1,
        men_take_kings: true,
        precedence: 0,
        removed_at_once: false,
    };
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}
