//! Perft: counting the leaves of the move tree, the move generator's contract.
//!
//! A move is counted once as docs/RULES.md defines it (one-move-per-capture-set):
//! capture sequences with the same start, end and captured set are one move. That
//! is the convention of the published figures kept in `tests/data/perft.txt`.

use crate::movegen::{count, dispatch, generate, Kernel, Run};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Ruleset;

/// The number of leaves `depth` plies below `pos`; the last ply is counted from
/// the length of the move list ("bulk counting"), quiet moves by population count.
pub fn perft(pos: &Position, rules: &Ruleset, depth: u32) -> u64 {
    struct P<'a>(&'a Position, u32);
    impl Run for P<'_> {
        type Out = u64;
        fn run<G: Kernel>(self) -> u64 {
            bulk::<G>(self.0, self.1)
        }
    }
    dispatch(rules.gen_flags(), P(pos, depth))
}

/// Like [`perft`], but plays every leaf move instead of counting the last list.
pub fn perft_visit(pos: &Position, rules: &Ruleset, depth: u32) -> u64 {
    struct P<'a>(&'a Position, u32);
    impl Run for P<'_> {
        type Out = u64;
        fn run<G: Kernel>(self) -> u64 {
            visit::<G>(self.0, self.1)
        }
    }
    dispatch(rules.gen_flags(), P(pos, depth))
}

/// The perft count below each legal move of `pos` (`depth` counts the move itself).
pub fn divide(pos: &Position, rules: &Ruleset, depth: u32) -> Vec<(Move, u64)> {
    let list = crate::movegen::legal_moves(pos, rules);
    list.iter()
        .map(|m| {
            let n = if depth <= 1 {
                1
            } else {
                perft(&pos.after(m), rules, depth - 1)
            };
            (*m, n)
        })
        .collect()
}

fn bulk<G: Kernel>(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count::<G>(pos),
        _ => {
            let mut list = MoveList::new();
            generate::<G>(pos, &mut list);
            list.iter()
                .map(|m| bulk::<G>(&pos.after_in::<G::W>(m), depth - 1))
                .sum()
        }
    }
}

fn visit<G: Kernel>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate::<G>(pos, &mut list);
    list.iter()
        .map(|m| visit::<G>(&pos.after_in::<G::W>(m), depth - 1))
        .sum()
}
