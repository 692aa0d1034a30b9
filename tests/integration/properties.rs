//! Properties every position and every legal move must have, on random positions
//! biased towards captures (see `common/arb.rs`), in every variant, each on its own
//! board.

use crate::common::{arb, builtin as rules, proptest_config as config};
use checkers::rules::builtin::{GERMAN, RUSSIAN};
use checkers::rules::{CaptureChoice, PromotionMidCapture};
use checkers::{
    fen, legal_moves, notation, Color, MoveError, Piece, Position, Ruleset, SquareNotation,
};
use proptest::prelude::*;
use proptest::sample::Index;

fn show(pos: &Position, rules: &Ruleset) -> String {
    fen::write(pos, rules.geometry(), SquareNotation::Numeric)
}

/// A variant, a random position on its board, and a few moves of a random game from it.
fn case() -> impl Strategy<Value = (&'static str, Position, Vec<Index>)> {
    (
        arb::variant_and_position(),
        prop::collection::vec(any::<Index>(), 0..6),
    )
        .prop_map(|((variant, pos), walk)| (variant, pos, walk))
}

/// Runs `check` on `pos` and on the positions of a short random game from it.
fn along_walk(
    pos: Position,
    variant: &str,
    walk: &[Index],
    mut check: impl FnMut(&Position, &Ruleset) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let rules = rules(variant);
    let mut pos = pos;
    check(&pos, rules)?;
    for pick in walk {
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        pos = pos.after(&moves[pick.index(moves.len())]);
        check(&pos, rules)?;
    }
    Ok(())
}

/// Make, then unmake, every legal move; check what must hold in between.
fn make_unmake(pos: &Position, rules: &Ruleset) -> Result<(), TestCaseError> {
    let us = pos.side_to_move();
    let them = us.opposite();
    for m in legal_moves(pos, rules).iter() {
        let ctx = || format!("{} {} move {m:?}", rules.id, show(pos, rules));
        let mut p = *pos;
        let undo = p.make(m);
        prop_assert_eq!(
            p.hash(),
            p.compute_hash(),
            "incremental hash after make: {}",
            ctx()
        );
        prop_assert_eq!(p, pos.after(m), "after() differs from make(): {}", ctx());
        prop_assert_eq!(p.side_to_move(), them, "{}", ctx());
        prop_assert_eq!(
            p.pieces(them).count() + m.capture_count(),
            pos.pieces(them).count(),
            "the side not moving loses exactly the pieces taken: {}",
            ctx()
        );
        prop_assert_eq!(p.pieces(us).count(), pos.pieces(us).count(), "{}", ctx());
        for sq in m.captured().iter() {
            prop_assert!(
                pos.pieces(them).contains(sq),
                "{} takes {sq:?}, not an enemy piece",
                ctx()
            );
            // Where pieces leave as they are jumped (Thai), a king may end its
            // capture on a square it emptied earlier in it.
            if sq != m.to() {
                prop_assert_eq!(p.piece_at(sq), None, "{}: {:?} still there", ctx(), sq);
            }
        }
        // The moving piece stands on its end square, even when that is its start square.
        let was_king = pos.kings(us).contains(m.from());
        let expected = if was_king || m.promotes() {
            Piece::King(us)
        } else {
            Piece::Man(us)
        };
        prop_assert_eq!(p.piece_at(m.to()), Some(expected), "{}", ctx());
        if m.from() != m.to() {
            prop_assert_eq!(p.piece_at(m.from()), None, "{}", ctx());
        }
        prop_assert!(
            !(was_king && m.promotes()),
            "a king cannot be crowned: {}",
            ctx()
        );
        p.unmake(m, undo);
        prop_assert_eq!(p, *pos, "unmake restores the position: {}", ctx());
        prop_assert_eq!(p.hash(), pos.hash(), "unmake restores the hash: {}", ctx());
    }
    Ok(())
}

/// Captures are compulsory: a list holds captures only, or quiet moves only.
fn captures_compulsory(pos: &Position, rules: &Ruleset) -> Result<(), TestCaseError> {
    let moves = legal_moves(pos, rules);
    if moves.iter().any(|m| m.is_capture()) {
        prop_assert!(
            moves.iter().all(|m| m.is_capture()),
            "{} {}: a quiet move offered beside a capture: {:?}",
            rules.id,
            show(pos, rules),
            moves
        );
        if rules.capture_choice == CaptureChoice::MostPieces {
            let most = moves.iter().map(|m| m.capture_count()).max().unwrap();
            prop_assert!(
                moves.iter().all(|m| m.capture_count() == most),
                "{} {}: must take the most pieces: {:?}",
                rules.id,
                show(pos, rules),
                moves
            );
        }
    }
    for m in moves.iter() {
        let path = m.path();
        prop_assert_eq!(path[0], m.from());
        prop_assert_eq!(*path.last().unwrap(), m.to());
        if m.is_capture() {
            prop_assert_eq!(path.len() as u32, m.capture_count() + 1, "{:?}", m);
        } else {
            prop_assert_eq!(path.len(), 2);
        }
    }
    Ok(())
}

/// The variant with its own face (turned, numbered from its corner): names and
/// numbers are what a round trip tests.
fn own_face(rules: &Ruleset) -> Ruleset {
    Ruleset::builtin(&rules.id).unwrap_or_else(|| rules.clone())
}

fn fen_round_trip(pos: &Position, rules: &Ruleset) -> Result<(), TestCaseError> {
    let rules = &own_face(rules);
    let geo = rules.geometry();
    for n in [SquareNotation::Numeric, SquareNotation::Algebraic] {
        let text = fen::write(pos, geo, n);
        let back = fen::parse(&text, geo)
            .map_err(|e| TestCaseError::fail(format!("{} `{text}`: {e}", rules.id)))?;
        prop_assert_eq!(back, *pos, "{}", text);
        prop_assert_eq!(back.hash(), pos.hash(), "{}", text);
        prop_assert_eq!(fen::write(&back, geo, n), text);
    }
    Ok(())
}

/// Every legal move written out reads back as the same move, in full and short form.
fn notation_round_trip(pos: &Position, rules: &Ruleset) -> Result<(), TestCaseError> {
    let rules = &own_face(rules);
    let moves = legal_moves(pos, rules);
    for m in moves.iter() {
        let ctx = || format!("{} {}", rules.id, show(pos, rules));
        let full = notation::write(m, &rules.notation);
        let back = notation::parse_move(&full, pos, rules)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", ctx())))?;
        prop_assert_eq!(back, *m, "`{}` read back as another move: {}", full, ctx());
        // The other square notation reads too.
        let other = match rules.notation.squares {
            SquareNotation::Numeric => SquareNotation::Algebraic,
            SquareNotation::Algebraic => SquareNotation::Numeric,
        };
        let mut alt = rules.notation;
        alt.squares = other;
        let text = notation::write(m, &alt);
        let back = notation::parse_move(&text, pos, rules)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", ctx())))?;
        prop_assert_eq!(back, *m, "`{}` read back as another move: {}", text, ctx());

        let short = notation::write_short(m, pos, rules);
        let resolved = notation::MoveText::parse(&short, rules.geometry())
            .map_err(MoveError::from)
            .and_then(|t| t.resolve(pos, rules).map_err(MoveError::from))
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", ctx())))?;
        prop_assert_eq!(
            resolved,
            *m,
            "short `{}` resolves to another move: {}",
            short,
            ctx()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn make_unmake_restores_position_and_hash((variant, pos, walk) in case()) {
        along_walk(pos, variant, &walk, make_unmake)?;
    }

    #[test]
    fn no_quiet_move_beside_a_capture((variant, pos, walk) in case()) {
        along_walk(pos, variant, &walk, captures_compulsory)?;
    }

    #[test]
    fn fen_round_trips((variant, pos, walk) in case()) {
        along_walk(pos, variant, &walk, fen_round_trip)?;
    }

    #[test]
    fn move_text_round_trips((variant, pos, walk) in case()) {
        along_walk(pos, variant, &walk, notation_round_trip)?;
    }

    /// With the other side to move, the hash differs only by the side key (on every board).
    #[test]
    fn hash_of_side_swap((_, pos) in arb::variant_and_position()) {
        let other = pos.with_side_to_move(pos.side_to_move().opposite());
        prop_assert_ne!(other.hash(), pos.hash());
        prop_assert_eq!(other.hash(), other.compute_hash());
    }
}

/// Loops round four pieces on 8×8: a king's and a man's, for either side.
const LOOPS_8: [(&str, Color); 4] = [
    ("W:WKc3:Bd4,d6,b6,b4", Color::White),
    ("B:BKf6:We5,e3,g3,g5", Color::Black),
    ("W:Wc3:Bd4,d6,b6,b4", Color::White),
    ("B:Bf6:We5,e3,g3,g5", Color::Black),
];

/// The same on 10×10, against the edges: the men's loops pass the crowning row
/// (h10 for White, c1 for Black) on the way and end where they began, still men.
const LOOPS_10: [(&str, Color); 4] = [
    ("W:WKh6:Bi7,i9,g9,g7", Color::White),
    ("B:BKc5:Wb4,b2,d2,d4", Color::Black),
    ("W:Wh6:Bi7,i9,g9,g7", Color::White),
    ("B:Bc5:Wb4,b2,d2,d4", Color::Black),
];

/// The same on 12×12, on its top ranks (the bits above the word's low 64): the
/// men's loops pass the crowning row (h12 for White) on the way.
const LOOPS_12: [(&str, Color); 4] = [
    ("W:WKh8:Bi9,i11,g11,g9", Color::White),
    ("B:BKc5:Wb4,b2,d2,d4", Color::Black),
    ("W:Wh8:Bi9,i11,g11,g9", Color::White),
    ("B:Bc5:Wb4,b2,d2,d4", Color::Black),
];

/// Captures that end where they began: the piece stays on the board, the four
/// pieces go, and unmake puts everything back (a king's loop round four pieces,
/// and a man's in the variants where men capture backwards), each variant on its board.
#[test]
fn capture_ending_on_its_start_square_keeps_the_piece() {
    for variant in Ruleset::builtin_ids() {
        let rules = rules(variant);
        let loops = match rules.geometry().size {
            8 => LOOPS_8,
            10 => LOOPS_10,
            12 => LOOPS_12,
            n => panic!("{variant}: no loops for a {n}×{n} board"),
        };
        for (text, side) in loops {
            let pos = fen::parse(text, rules.geometry()).unwrap();
            let man = pos.men(side).count() == 1;
            if man && !rules.men_capture_backwards {
                continue;
            }
            let moves = legal_moves(&pos, rules);
            let looped: Vec<_> = moves
                .iter()
                .filter(|m| m.from() == m.to() && m.capture_count() == 4)
                .collect();
            assert!(!looped.is_empty(), "{variant} {text}: no loop in {moves:?}");
            for m in looped {
                // A man's loop starts and ends off its crowning row: it may be crowned
                // only by passing that row, which crowns nobody under continue-as-man.
                if man && rules.promotion_mid_capture == PromotionMidCapture::ContinueAsMan {
                    assert!(!m.promotes(), "{variant} {text}: crowned {m:?}");
                }
                let mut p = pos;
                let undo = p.make(m);
                assert_eq!(p.pieces(side).count(), 1, "{variant} {text} {m:?}");
                assert!(p.pieces(side).contains(m.from()), "{variant} {text} {m:?}");
                assert!(
                    p.pieces(side.opposite()).is_empty(),
                    "{variant} {text} {m:?}"
                );
                assert_eq!(p.hash(), p.compute_hash());
                p.unmake(m, undo);
                assert_eq!(p, pos);
            }
        }
    }
}

/// A one-piece capture that shares its start and end squares with a longer capture
/// (a flying king's direct capture, and a loop round three more pieces to the same
/// square): its full path has just two squares, and it must still read back as itself.
#[test]
fn two_square_capture_reads_back_beside_a_longer_one_with_the_same_ends() {
    let pos = fen::parse("B:Wg7,b6,d6,b4:BKc3", &checkers::BOARD_8).unwrap();
    for variant in [RUSSIAN, GERMAN] {
        let rules = rules(variant);
        let moves = legal_moves(&pos, rules);
        assert_eq!(moves.len(), 2, "{variant}: {moves:?}");
        for m in moves.iter() {
            let full = notation::write(m, &rules.notation);
            assert_eq!(
                notation::parse_move(&full, &pos, rules),
                Ok(*m),
                "{variant}: `{full}`"
            );
            let short = notation::write_short(m, &pos, rules);
            assert_eq!(
                notation::parse_move(&short, &pos, rules),
                Ok(*m),
                "{variant}: short `{short}`"
            );
        }
    }
}
