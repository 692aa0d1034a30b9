//! Ruleset files: the five built-in variants against docs/RULES.md, a sixth variant that is
//! only a file, and one bad file per kind of mistake, each refused with a message that
//! names the file, the line and what to write instead.

use checkers::rules::{
    CaptureChoice, CapturesRemoved, Criterion, DrawCondition, KingCapturesFrom, KingLands,
    KingMoves, PromotionMidCapture, ResetEvent,
};
use checkers::{
    fen, legal_moves, perft, Color, Corner, Face, Piece, Ruleset, RulesetError, SquareNotation,
};
use std::path::{Path, PathBuf};

mod bad_files;
mod builtins;
mod defaults;
mod pool;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// One column of docs/RULES.md's table "The five variants at a glance".
struct Expected {
    id: &'static str,
    /// Squares along a side, and rows of men each side starts with.
    board: (u8, u8),
    first_move: Color,
    men_capture_backwards: bool,
    king_moves: KingMoves,
    king_captures_from: KingCapturesFrom,
    king_lands: KingLands,
    capture_choice: CaptureChoice,
    promotion_mid_capture: PromotionMidCapture,
    touch_move: bool,
    squares: SquareNotation,
    capture_separator: char,
    /// (moves, reset events, condition) of each no-progress rule, in file order.
    no_progress: Vec<(u32, Vec<ResetEvent>, DrawCondition)>,
    game_type: Option<u32>,
    variant: &'static str,
    /// The settings added to the first model, at their defaults in the first
    /// variants.
    later: Later,
}

/// The settings of the grown rules model (docs/RULES.md, "The variants at a glance").
#[derive(Debug, PartialEq)]
struct Later {
    men_take_kings: bool,
    /// The criteria after the capture choice.
    precedence: Vec<Criterion>,
    removed: CapturesRemoved,
    face: Face,
}

impl Default for Later {
    fn default() -> Later {
        Later {
            men_take_kings: true,
            precedence: Vec::new(),
            removed: CapturesRemoved::AtEnd,
            face: Face::default(),
        }
    }
}

fn assert_matches(r: &Ruleset, e: &Expected) {
    let id = e.id;
    assert_eq!(r.id, id);
    assert_eq!(
        (r.geometry().size, r.men_rows()),
        e.board,
        "{id}: board.size, board.men_rows"
    );
    assert_eq!(r.first_move, e.first_move, "{id}: first_move");
    assert_eq!(
        r.men_capture_backwards, e.men_capture_backwards,
        "{id}: men_capture_backwards"
    );
    assert_eq!(r.king_moves, e.king_moves, "{id}: king_moves");
    assert_eq!(
        r.king_captures_from, e.king_captures_from,
        "{id}: king_captures_from"
    );
    assert_eq!(r.king_lands, e.king_lands, "{id}: king_lands");
    assert_eq!(r.capture_choice, e.capture_choice, "{id}: capture_choice");
    assert_eq!(
        r.promotion_mid_capture, e.promotion_mid_capture,
        "{id}: promotion_mid_capture"
    );
    assert_eq!(r.touch_move, e.touch_move, "{id}: touch_move");
    assert_eq!(r.notation.squares, e.squares, "{id}: notation.squares");
    assert_eq!(
        r.notation.capture_separator, e.capture_separator,
        "{id}: notation.capture_separator"
    );
    assert_eq!(r.repetition, 3, "{id}: threefold repetition");
    let draws: Vec<(u32, Vec<ResetEvent>, DrawCondition)> = r
        .no_progress
        .iter()
        .map(|d| (d.moves, d.reset_on.clone(), d.when))
        .collect();
    assert_eq!(draws, e.no_progress, "{id}: no-progress rules");
    for d in &r.no_progress {
        assert!(!d.name.is_empty(), "{id}: every draw rule has a name");
        assert_eq!(d.plies(), d.moves * 2);
    }
    assert_eq!(r.pdn_game_type, e.game_type, "{id}: pdn.game_type");
    assert_eq!(r.pdn_variant, e.variant, "{id}: pdn.variant");
    assert!(!r.name.is_empty() && !r.description.is_empty());
    let later = Later {
        men_take_kings: r.men_take_kings,
        precedence: r.capture_precedence.clone(),
        removed: r.captures_removed,
        face: r.geometry().face,
    };
    assert_eq!(later, e.later, "{id}: the later settings");
}
