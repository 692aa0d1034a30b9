//! When the pieces a capture takes leave the board: at the end of the move
//! (every built-in variant), or each as it is jumped (`captures_removed =
//! "at-once"`, as in Thai draughts), which frees its square for the rest of
//! the move.

use super::*;
use checkers::rules::CapturesRemoved;

/// A white king on d4 between black men on c5 and e3.
pub(super) const BETWEEN: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . b . . . . .
    . . . W . . . .
    . . . . b . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn captures_removed_at_end_keeps_a_taken_piece_in_the_way() {
    let r = rules(RUSSIAN);
    assert_eq!(r.captures_removed, CapturesRemoved::AtEnd);
    let pos = board(Color::White, BETWEEN);
    assert_eq!(
        sorted(legal_moves(&pos, &r).iter().map(show_ends)),
        [
            "d4xa7 takes c5",
            "d4xb6 takes c5",
            "d4xf2 takes e3",
            "d4xg1 takes e3"
        ]
    );
}

/// Taken at once, c5 no longer stands between the king and e3: it turns back
/// over c5 and its own start square and takes e3 too, and the other way round.
#[test]
fn captures_removed_at_once_lets_a_king_pass_back_over_a_taken_piece() {
    let text = "extends = \"russian\"\nid = \"test\"\nrules.captures_removed = \"at-once\"\n";
    let r = Ruleset::from_toml(text, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.captures_removed, CapturesRemoved::AtOnce);
    let pos = board(Color::White, BETWEEN);
    assert_eq!(
        sorted(legal_moves(&pos, &r).iter().map(show_ends)),
        [
            "d4xa7 takes c5 e3",
            "d4xb6 takes c5 e3",
            "d4xf2 takes c5 e3",
            "d4xg1 takes c5 e3"
        ]
    );
    // The position after it is the same as if they had left at the end.
    let m = legal_moves(&pos, &r)[0];
    let after = pos.after(&m);
    assert!(after.pieces(Color::Black).is_empty());
}
