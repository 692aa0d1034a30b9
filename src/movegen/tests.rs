//! The generator against itself (`threatened` against the full generator) and on 10×10.

use super::*;
use crate::ai::Rng;

/// `threatened` must agree with the full generator run for the other side,
/// in every built-in variant, over positions of random games (men, kings,
/// flying kings, men capturing backwards or not).
#[test]
fn threatened_agrees_with_the_other_sides_captures() {
    struct Check(Ruleset);
    impl Run for Check {
        type Out = usize;
        fn run<G: Kernel>(self) -> usize {
            let mut rng = Rng::new(7);
            let mut checked = 0;
            for _ in 0..300 {
                let mut pos = Position::initial(self.0.first_move);
                for _ in 0..150 {
                    let other = pos.with_side_to_move(pos.side_to_move().opposite());
                    let mut list = MoveList::new();
                    let expected = generate_captures::<G>(&other, &mut list);
                    assert_eq!(
                        threatened::<G>(&pos),
                        expected,
                        "{}",
                        crate::fen::write(&pos, self.0.geometry(), self.0.notation.squares)
                    );
                    checked += 1;
                    let mut moves = MoveList::new();
                    generate::<G>(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    pos = pos.after(&m);
                }
            }
            checked
        }
    }
    for rules in Ruleset::builtins() {
        let flags = rules.gen_flags();
        assert!(dispatch(flags, Check(rules)) > 10_000);
    }
}

/// The 10×10 board: 50 squares, five a rank, and every step of the layout a
/// diagonal step that stays on the board or leaves it.
#[test]
fn the_ten_by_ten_board_has_fifty_squares_and_uniform_steps() {
    let g = crate::bitboard::BOARD_10;
    assert_eq!(g.squares(), 50);
    for r in 0..10u8 {
        assert_eq!(g.ranks[r as usize].count_ones(), 5, "rank {}", r + 1);
    }
    for rank in 0..10u8 {
        for file in (rank % 2..10).step_by(2) {
            let from = 1u64 << crate::bitboard::bit_of(file, rank);
            for (r, (df, dr)) in
                crate::bitboard::DIRS
                    .into_iter()
                    .zip([(-1i8, 1i8), (1, 1), (1, -1), (-1, -1)])
            {
                let (f, rk) = (file as i8 + df, rank as i8 + dr);
                let expect = if (0..10).contains(&f) && (0..10).contains(&rk) {
                    1u64 << crate::bitboard::bit_of(f as u8, rk as u8)
                } else {
                    0
                };
                assert_eq!(
                    crate::bitboard::Word::step(from, r) & g.valid as u64,
                    expect,
                    "{file},{rank} by {r}"
                );
            }
        }
    }
    assert_eq!(
        Position::start(&Ruleset::builtin(crate::rules::builtin::INTERNATIONAL).expect("built in"))
            .pieces(Color::White)
            .count(),
        20
    );
}

/// Squares are numbered 1 to 50 on 10×10 as on 8×8: from the top left as
/// White sees the board, rank by rank; White's men start on 31–50.
#[test]
fn the_ten_by_ten_board_numbers_its_squares_one_to_fifty() {
    let g = crate::bitboard::BOARD_10;
    let name = |n: u8| g.square(n).map(|s| s.algebraic());
    assert_eq!(name(1).as_deref(), Some("b10"));
    assert_eq!(name(5).as_deref(), Some("j10"));
    assert_eq!(name(6).as_deref(), Some("a9"));
    assert_eq!(name(46).as_deref(), Some("a1"));
    assert_eq!(name(50).as_deref(), Some("i1"));
    assert_eq!(g.square(0), None);
    assert_eq!(g.square(51), None);
    for n in 1..=50 {
        assert_eq!(g.number(g.square(n).unwrap()), Some(n));
    }
    let white =
        Position::start(&Ruleset::builtin(crate::rules::builtin::INTERNATIONAL).expect("built in"))
            .pieces(Color::White);
    let mut numbers: Vec<u8> = white.iter().map(|s| g.number(s).unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, (31..=50).collect::<Vec<u8>>());
    // On 8×8 the numbering is the one the rest of the program uses.
    let e = crate::bitboard::BOARD_8;
    for sq in crate::BOARD_8.all() {
        assert_eq!(e.number(sq), Some(crate::BOARD_8.number(sq).unwrap()));
        assert_eq!(e.square(crate::BOARD_8.number(sq).unwrap()), Some(sq));
    }
    assert_eq!(e.square(33), None);
    assert_eq!(e.square_at(8, 0), None);
}

/// What a kernel says of each position of some random games: the moves in
/// order, their count, whether the other side threatens a capture.
type Seen = Vec<(Position, Vec<Move>, u64, bool)>;

/// Random games from `start` with the kernel `run` is given (the same games
/// for every kernel that generates the same moves), and what it says of each
/// position; `replay` instead asks the kernel of the positions of another.
struct Walk {
    start: Position,
    replay: Option<Seen>,
}

impl Run for Walk {
    type Out = Seen;
    fn run<G: Kernel>(self) -> Seen {
        let says = |pos: &Position| {
            let mut list = MoveList::new();
            generate::<G>(pos, &mut list);
            (
                *pos,
                list.as_slice().to_vec(),
                count::<G>(pos),
                threatened::<G>(pos),
            )
        };
        if let Some(seen) = self.replay {
            return seen.iter().map(|(pos, ..)| says(pos)).collect();
        }
        let mut rng = Rng::new(3);
        let mut seen = Vec::new();
        for _ in 0..12 {
            let mut pos = self.start;
            for _ in 0..160 {
                let s = says(&pos);
                let moves = s.1.clone();
                seen.push(s);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        seen
    }
}

/// The general kernel, which reads the settings at run time, generates what
/// the compiled kernels do, move for move and in the same order: every
/// combination of settings on 8×8 (where each is compiled) and the
/// international ones on 10×10 and 12×12.
#[test]
fn the_general_kernel_agrees_with_every_compiled_one() {
    let mut all = Vec::new();
    for men_back in [false, true] {
        for king_long_move in [false, true] {
            for king_long_capture in [false, true] {
                for land_any in [false, true] {
                    for most in [false, true] {
                        for promo in 0..3 {
                            all.push(on_8(
                                men_back,
                                king_long_move,
                                king_long_capture,
                                land_any,
                                most,
                                promo,
                            ));
                        }
                    }
                }
            }
        }
    }
    for size in [10, 12] {
        all.push(GenFlags {
            size,
            ..GenFlags::INTERNATIONAL
        });
    }
    for f in all {
        let geo = crate::bitboard::Geometry::new(f.size);
        let rows = f.size / 2 - 1;
        let start = Position::from_parts(
            geo.home(Color::White, rows),
            geo.home(Color::Black, rows),
            0,
            Color::White,
        );
        let compiled = dispatch(
            f,
            Walk {
                start,
                replay: None,
            },
        );
        let replay = Walk {
            start,
            replay: Some(compiled.clone()),
        };
        let general = with_settings(f, || match f.size {
            8 => replay.run::<Any<u64, 8>>(),
            10 => replay.run::<Any<u64, 10>>(),
            _ => replay.run::<Any<u128, 12>>(),
        });
        assert!(compiled.len() > 500, "{f:?}");
        for (c, g) in compiled.iter().zip(&general) {
            assert_eq!(c, g, "{f:?}");
        }
    }
}

/// The search and the table solver compile a kernel for each built-in 8×8
/// ruleset ([`dispatch_builtin`]); a built-in whose settings were changed
/// would still play, in the general kernel, but slower.
#[test]
fn every_built_in_8x8_ruleset_has_a_compiled_kernel() {
    for rules in Ruleset::builtins() {
        let f = rules.gen_flags();
        assert!(f.size != 8 || BUILTIN_8.contains(&f), "{}: {f:?}", rules.id);
    }
    // No kernel is compiled that no built-in uses.
    for f in BUILTIN_8 {
        assert!(
            Ruleset::builtins().iter().any(|r| r.gen_flags() == f),
            "{f:?}"
        );
    }
}
