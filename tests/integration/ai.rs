//! The AI: deterministic at a fixed depth, finds known shots, never plays an illegal move.

use crate::common::builtins_where;
use checkers::ai::eval::Evaluator;
use checkers::ai::{search, Engine, Level, Limits, Past, Rng, SearchResult};
use checkers::lab::arena::{opening, play_game, Player};
use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, GERMAN, RUSSIAN};
use checkers::rules::KingMoves;
use checkers::{fen, legal_moves, notation, Game, Position, Ruleset};
use std::sync::atomic::AtomicBool;

/// Node counts at a fixed depth are the search's contract: a commit that changes
/// them must mean to change the search (and update these numbers). These are with
/// the hand-written evaluation; the built-in weights have their own below.
#[test]
fn fixed_depth_search_is_deterministic_best_move_and_node_count() {
    let cases = [
        (ENGLISH, None, 9, "11-15", 96_168),
        (DAMMEN64, None, 9, "9-14", 76_814),
        (BRAZILIAN, None, 9, "c3-b4", 64_815),
        (RUSSIAN, None, 9, "c3-b4", 51_248),
        (GERMAN, None, 9, "11-15", 122_762),
        (
            RUSSIAN,
            Some("W:Wa1,c3,e3,g3,b2,d2,f2,h2,c1,e1,g1,f4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"),
            8,
            "f4-e5",
            20_146,
        ),
    ];
    for (variant, f, depth, best, nodes) in cases {
        let rules = Ruleset::builtin(variant).unwrap();
        let pos = f.map_or(Position::initial(rules.first_move), |f| {
            fen::parse(f, &checkers::BOARD_8).unwrap()
        });
        for _ in 0..2 {
            let r = search_hand(&pos, &rules, depth);
            assert_eq!(
                notation::write(&r.best.unwrap(), &rules.notation),
                best,
                "{variant} best move"
            );
            assert_eq!(r.info.nodes, nodes, "{variant} node count at depth {depth}");
            assert_eq!(r.info.depth, depth);
        }
    }
}

/// The variants whose built-in weights have a network.
const NETWORKS: &[&str] = &[ENGLISH, DAMMEN64, BRAZILIAN, RUSSIAN];

/// The built-in weights' verdict on fixed positions, and the search's node counts
/// with them: these change only when the weights are trained again (update them then).
#[test]
fn the_built_in_weights_evaluate_and_search_as_pinned() {
    let positions = [
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "B:W18,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
        "W:W17,21,22,25,26,K30:B3,6,7,10,K19",
    ];
    let pinned: [(&str, [i32; 3], &str, u64); 5] = [
        (ENGLISH, [-2, 3, 79], "11-15", 16_389),
        (DAMMEN64, [4, -89, 68], "11-15", 45_485),
        (BRAZILIAN, [10, 34, 73], "c3-b4", 42_490),
        (RUSSIAN, [13, -42, 130], "c3-b4", 43_393),
        (GERMAN, [5, -25, 75], "12-16", 42_020),
    ];
    for (variant, evals, best, nodes) in pinned {
        let rules = Ruleset::builtin(variant).unwrap();
        let eval = Evaluator::new(&rules);
        assert!(eval.is_learned(), "{variant} has built-in weights");
        // A network is built in where it measured stronger (docs/TRAINING.md).
        assert_eq!(
            eval.network().is_some(),
            NETWORKS.contains(&variant),
            "{variant}: a built-in network"
        );
        let got: Vec<i32> = positions
            .iter()
            .map(|f| eval.evaluate(&fen::parse(f, &checkers::BOARD_8).unwrap()))
            .collect();
        assert_eq!(got, evals, "{variant}: the built-in weights' evaluations");
        let r = search_to(&Position::initial(rules.first_move), &rules, 9);
        assert_eq!(
            (
                notation::write(&r.best.unwrap(), &rules.notation).as_str(),
                r.info.nodes
            ),
            (best, nodes),
            "{variant}: best move and node count at depth 9"
        );
    }
}

/// International draughts' built-in weights (10×10, no network): the same
/// contract as the 8×8 variants' above.
#[test]
fn the_built_in_international_weights_are_pinned() {
    let rules = Ruleset::builtin(checkers::rules::builtin::INTERNATIONAL).unwrap();
    let eval = Evaluator::new(&rules);
    assert!(eval.is_learned() && eval.network().is_none());
    let got: Vec<i32> = [
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        "B:W27,28,31,32,33,34,37,38,39,42,43,44,46,48,49:B3,6,7,8,9,12,13,14,16,17,18,19,21,23",
        "W:W28,K37,41:B7,12,K44",
    ]
    .iter()
    .map(|f| eval.evaluate(&fen::parse(f, rules.geometry()).unwrap()))
    .collect();
    assert_eq!(got, [7, -227, 17], "the built-in weights' evaluations");
    let r = search_to(&Position::start(&rules), &rules, 7);
    assert_eq!(
        (
            notation::write(&r.best.unwrap(), &rules.notation).as_str(),
            r.info.nodes
        ),
        ("34-30", 20_541),
        "best move and node count at depth 7"
    );
}

/// A shot: from `start`, White's `first` move forces the only reply, after
/// which White's best continuation is checked by `payoff` (against the rules,
/// not the AI); then the AI, searching `depth` plies, must play `first` and
/// score the gain of at least 0.8 men.
fn assert_shot(variant: &str, start: &str, first: &str, depth: u32, payoff: impl Fn(&mut Game)) {
    // On the usual face: the shots are drawn and written for it.
    let rules = crate::common::builtin(variant).clone();
    let mut game = Game::from_position(
        rules.clone(),
        fen::parse(start, &checkers::BOARD_8).unwrap(),
    );
    let shot = game.play_text(first).unwrap();
    let replies = game.legal_moves();
    assert_eq!(replies.len(), 1, "{variant}: the reply is forced");
    game.play(&replies[0]).unwrap();
    payoff(&mut game);
    let pos = fen::parse(start, &checkers::BOARD_8).unwrap();
    // The search finds the shot: with the hand-written evaluation, which knows
    // material and little else, only the shot wins.
    let r = search_hand(&pos, &rules, depth);
    assert_eq!(r.best, Some(shot), "{variant}: the AI finds {first}");
    assert!(
        r.info.score >= 80,
        "{variant}: and sees it wins: {}",
        r.info.score
    );
    // The learned evaluation may prefer another line, but it must see White
    // clearly ahead too: more than half a man. What it gains is its own to
    // value, learned from self-play (a king for a man in the breakthrough:
    // 0.79 of a man at depth 8 under italian's weights, 2.4 under english's).
    let r = search_to(&pos, &rules, depth);
    assert!(
        r.info.score > 50,
        "{variant}: the built-in evaluation sees White ahead: {}",
        r.info.score
    );
}

/// White gives a man on c3 so that Black's forced capture lands on d2, and the
/// man on e1 then takes two: d2 and d4 (e1xc3xe5). Every step of the line is
/// checked against the rules, then the AI must find the first move at depth 4.
#[test]
fn every_variant_finds_the_two_for_one_shot() {
    for variant in Ruleset::builtin_ids() {
        assert_shot(variant, "W:Wb2,d2,e1,h2:Bb4,d4,g7,h8", "d2-c3", 4, |game| {
            let two = game
                .play_text("e1xc3xe5")
                .or_else(|_| game.play_text("e1:c3:e5"));
            assert_eq!(two.unwrap().capture_count(), 2, "{variant}: e1 takes two");
        });
    }
}

/// Where kings fly: White gives the man on c3 so that Black's forced capture
/// lands on c3, and the king on a1 then sweeps the long diagonal, taking c3 and
/// f6 in one move.
#[test]
fn flying_king_variants_find_the_long_diagonal_sweep() {
    for variant in builtins_where(|r| r.king_moves == KingMoves::AnyDistance) {
        assert_shot(variant, "W:WKa1,c3,h2:Be5,f6,a7,c7", "c3-d4", 4, |game| {
            let a1 = checkers::BOARD_8.square_named("a1").unwrap();
            let sweep = game.legal_moves();
            assert!(
                sweep
                    .iter()
                    .all(|m| m.from() == a1 && m.capture_count() == 2),
                "{variant}: the king must take two: {sweep:?}"
            );
        });
    }
}

/// A breakthrough to a king: White plays g5-h6 (16-12), Black must take the man
/// on e5 (11x18), and the way is open: h6 jumps g7 to crown on f8 (12x3).
#[test]
fn short_king_variants_find_the_breakthrough_to_a_king() {
    for variant in builtins_where(|r| r.king_moves == KingMoves::OneSquare) {
        // Depth 8: Black's man on d4 then runs for its own crown, and only a
        // search that sees the new king catch it knows the shot wins.
        assert_shot(variant, "W:W15,16,19:B7,8,11", "16-12", 8, |game| {
            assert!(
                game.play_text("12x3").unwrap().promotes(),
                "{variant}: crowned"
            );
        });
    }
}

/// Without tables, so the search alone must see the blockade. The built-in
/// english network scores one man against three with a spread wider than the
/// static cut's margin, so this also holds forward pruning out of four-piece
/// endings (`PRUNE_ABOVE`): with it there the mate was found only at depth 15.
#[test]
fn a_lost_position_is_scored_as_lost_and_a_won_one_as_won() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    // White's last man is blocked and Black can take it: a loss in a few plies.
    let pos = fen::parse("W:W31:B1,2,22", &checkers::BOARD_8).unwrap();
    let r = search_to(&pos, &rules, 12);
    assert!(
        r.info.score <= -checkers::ai::MATE_BOUND,
        "{}",
        r.info.score
    );
    let pos = pos.with_side_to_move(checkers::Color::Black);
    let r = search_to(&pos, &rules, 12);
    assert!(r.info.score >= checkers::ai::MATE_BOUND, "{}", r.info.score);
}

/// Hundreds of quick games per variant: every move the AI chooses must be legal
/// (`Game::play` refuses an illegal one), and every game must end.
#[test]
fn self_play_games_never_contain_an_illegal_move() {
    for variant in Ruleset::builtin_ids() {
        let rules = Ruleset::builtin(variant).unwrap();
        let mut rng = Rng::new(7);
        let weak = Player::new(Level::get(1).unwrap());
        let less_weak = Player::new(Level::get(2).unwrap());
        for g in 0..200 {
            let line = opening(&rules, 2 + g % 4, &mut rng);
            let (w, b) = if g % 2 == 0 {
                (&weak, &less_weak)
            } else {
                (&less_weak, &weak)
            };
            let game = play_game(&rules, &line, w, b, &mut rng);
            assert!(game.outcome().is_some(), "{variant} game {g} ended");
            // Replay from the start: each move legal in its position.
            let mut replay = Game::from_position(rules.clone(), *game.start());
            for m in game.moves() {
                assert!(legal_moves(replay.position(), &rules).contains(m));
                replay.play(m).unwrap();
            }
        }
    }
}

/// Searches `pos` to `depth` with a fresh engine and no game before it.
fn search_to(pos: &Position, rules: &Ruleset, depth: u32) -> SearchResult {
    search(
        pos,
        rules,
        Limits {
            depth: Some(depth),
            ..Default::default()
        },
    )
}

/// Searches `pos` to `depth` with a fresh engine and the hand-written evaluation.
fn search_hand(pos: &Position, rules: &Ruleset, depth: u32) -> SearchResult {
    // 8 MB: the table these node counts were pinned with (asked for as 16
    // while the table halved a power of two).
    let mut engine = Engine::new(rules, 8);
    engine.eval = Evaluator::hand(rules);
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    engine.search(pos, &Past::default(), limits, &stop, &mut |_| {})
}

/// Searches `pos` to `depth` with the game's `past` and the given contempt.
fn search_with(pos: &Position, rules: &Ruleset, past: &Past, depth: u32, contempt: i32) -> i32 {
    let mut engine = Engine::new(rules, 4);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        contempt,
        ..Default::default()
    };
    engine
        .search(pos, past, limits, &stop, &mut |_| {})
        .info
        .score
}

/// Three kings against a lone king off the main road: a win on material, but
/// with the rule's counter one ply from its limit, every move draws.
#[test]
fn the_search_sees_a_no_progress_draw_coming() {
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let pos = fen::parse("W:WKc1,Ke1,Kg1:BKh4", &checkers::BOARD_8).unwrap();
    assert!(legal_moves(&pos, &rules).iter().all(|m| !m.is_capture()));
    let fresh = search_with(&pos, &rules, &Past::default(), 6, 0);
    assert!(
        fresh >= 300,
        "three kings against one scores as a win: {fresh}"
    );
    let game_rules: Vec<&str> = rules.no_progress.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        game_rules,
        [
            "15-move kings rule",
            "three kings against one",
            "30-move endgame rule",
            "60-move endgame rule"
        ]
    );
    let late = Past {
        hashes: Vec::new(),
        counters: vec![0, 29],
    };
    assert_eq!(search_with(&pos, &rules, &late, 6, 0), 0);
}

/// `Past::of` hands the search the game's counters and its repeatable positions.
#[test]
fn the_past_of_a_game_holds_its_counters_and_hashes() {
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let mut game = Game::from_position(
        rules,
        fen::parse("W:WKc1,Ke1,Kg1:BKh4", &checkers::BOARD_8).unwrap(),
    );
    for m in ["c1-b2", "h4-e7", "b2-c1"] {
        game.play_text(m).unwrap();
    }
    let past = Past::of(&game);
    assert_eq!(past.counters, vec![3, 3, 3, 0]);
    assert_eq!(past.hashes.len(), 3);
    assert_eq!(past.hashes[0], game.start().hash());
}

/// A past in which every child of `pos` already occurred with the same side to
/// move, each two plies before the next.
fn past_holding_every_child(pos: &Position, rules: &Ruleset) -> Past {
    let mut hashes = Vec::new();
    for m in legal_moves(pos, rules).iter() {
        hashes.push(pos.after(m).hash());
        hashes.push(0);
    }
    hashes.pop();
    Past {
        hashes,
        counters: Vec::new(),
    }
}

/// A draw by repetition costs the root side the contempt, so that a level
/// playing with contempt looks for more than a repetition.
#[test]
fn contempt_makes_a_repetition_worth_less_than_zero() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let pos = fen::parse("W:WK29:BK4", &checkers::BOARD_8).unwrap();
    // Every child of the root already occurred, two plies apart each.
    let past = past_holding_every_child(&pos, &rules);
    assert_eq!(search_with(&pos, &rules, &past, 4, 0), 0);
    assert_eq!(search_with(&pos, &rules, &past, 4, 25), -25);
}

/// A man move cannot be undone, so no position before it can come back: the
/// search looks for repetitions only as far back as the last man move or
/// capture, even when the past it is handed holds older positions.
#[test]
fn a_man_move_ends_the_positions_that_can_repeat() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    // White has only man moves; each child is listed as if it had occurred.
    // Five pieces, so that the endgame tables, which know no past, do not
    // answer for the children.
    let pos = fen::parse("W:W21,22,23:BK4,K3", &checkers::BOARD_8).unwrap();
    let past = past_holding_every_child(&pos, &rules);
    let score = search_with(&pos, &rules, &past, 4, 25);
    assert_ne!(score, -25, "a man move's child is never a repetition");
    assert_eq!(score, search_with(&pos, &rules, &Past::default(), 4, 25));
}

/// The clock cuts the last iteration short, but what it proved is kept: a move
/// that beat the previous best in a finished re-search is played, so a better
/// move found in the last moments is not thrown away. The node limit stands in
/// for the clock, so the test is exact.
#[test]
fn an_unfinished_iteration_keeps_a_new_best_move() {
    let mut kept = Vec::new();
    for rules in Ruleset::builtins() {
        let pos = Position::initial(rules.first_move);
        let with_nodes = |nodes: u64| {
            search(
                &pos,
                &rules,
                Limits {
                    nodes: Some(nodes),
                    ..Default::default()
                },
            )
        };
        // Each depth at which the best move changes, and a node limit inside the
        // deeper iteration at which the new move is already chosen, while the
        // last finished depth is still the shallower one.
        for d in 4..8 {
            let (before, after) = (search_to(&pos, &rules, d), search_to(&pos, &rules, d + 1));
            if before.best == after.best {
                continue;
            }
            let (from, to) = (before.info.nodes + 1, after.info.nodes);
            let step = ((to - from) / 50).max(1) as usize;
            if (from..to)
                .step_by(step)
                .map(with_nodes)
                .any(|r| r.best == after.best && r.info.depth == d)
            {
                kept.push((rules.id.clone(), d + 1));
            }
        }
    }
    assert!(!kept.is_empty(), "no cut iteration kept its new best move");
}

/// The static cut-off (a quiet, unthreatened node off the principal variation
/// that is far above beta near the horizon) and ProbCut (a node whose search four
/// plies shallower clears beta by a margin) were each measured stronger in
/// english because they buy depth: switching either off must make the same depth
/// cost more nodes there. The shot tests above run with both on, so they do
/// not hide those shots.
#[test]
fn the_static_cut_off_and_probcut_buy_depth_in_english() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let pos = Position::initial(rules.first_move);
    let nodes = |static_cut: bool, probcut: bool| {
        let mut engine = Engine::new(&rules, 16);
        engine.options.static_cut = static_cut;
        engine.options.probcut = probcut;
        // As they were measured: before counter-moves, which change what a
        // node costs (docs/STRENGTH.md, counter-moves).
        engine.options.counter_moves = false;
        let limits = Limits {
            depth: Some(16),
            ..Default::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let r = engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {});
        r.info.nodes
    };
    let both = nodes(true, true);
    for (without, off) in [
        ("the static cut-off", nodes(false, true)),
        ("probcut", nodes(true, false)),
    ] {
        assert!(
            both < off,
            "{both} nodes with both, {off} without {without}"
        );
    }
}

/// Aspiration windows (each iteration searched first in a narrow window around
/// the last score, and again wider on the side it fails) were measured
/// stronger in english, russian and brazilian because they cut more of the tree: the same
/// depth must cost fewer nodes with them there.
#[test]
fn aspiration_windows_buy_depth_where_they_were_measured_stronger() {
    for (variant, depth) in [(ENGLISH, 16), (RUSSIAN, 14), (BRAZILIAN, 14)] {
        let rules = Ruleset::builtin(variant).unwrap();
        let pos = Position::initial(rules.first_move);
        let run = |aspiration: bool| {
            let mut engine = Engine::new(&rules, 16);
            engine.options.aspiration = aspiration;
            let limits = Limits {
                depth: Some(depth),
                ..Default::default()
            };
            let stop = std::sync::atomic::AtomicBool::new(false);
            engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {})
        };
        let (with, without) = (run(true), run(false));
        assert!(
            with.info.nodes < without.info.nodes,
            "{variant}: {} nodes with aspiration windows, {} without",
            with.info.nodes,
            without.info.nodes
        );
    }
}

/// Weights that pass every check but hold extreme values still give evaluations
/// strictly inside the scores kept for forced wins: the search reports no mate
/// that is not there (issue 33: "win in 1 plies" at depth 2).
#[test]
fn extreme_weights_never_make_an_evaluation_look_like_a_forced_win() {
    use checkers::ai::eval::{default_weights, Weights, MAX_EVAL};
    use checkers::ai::MATE_BOUND;
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let extreme = Weights {
        man: 30_000,
        king: 30_000,
        ..default_weights(&rules)
    };
    let eval = Evaluator::with_weights(&rules, extreme);
    // Two men against one, either side to move: far beyond the mate bound before.
    for text in ["W:W21,22:B5", "B:W21,22:B5", "B:W5:B21,22"] {
        let pos = fen::parse(text, &checkers::BOARD_8).unwrap();
        let score = eval.evaluate(&pos);
        assert!(
            score.abs() <= MAX_EVAL && MAX_EVAL < MATE_BOUND,
            "{text}: {score}"
        );
        let mut engine = Engine::new(&rules, 4);
        engine.eval = eval.clone();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {});
        assert!(r.info.score.abs() < MATE_BOUND, "{text}: {}", r.info.score);
    }
}

#[test]
fn a_search_to_a_depth_is_the_same_on_any_number_of_threads() {
    // Helpers would make the result depend on how the threads ran: a search
    // bounded by depth (or nodes) stays on one thread, node for node.
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let pos = Position::initial(rules.first_move);
    let stop = AtomicBool::new(false);
    let mut counts = Vec::new();
    for threads in [1, 4] {
        let mut engine = Engine::new(&rules, 16);
        engine.set_threads(threads);
        let limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        let r = engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {});
        counts.push((r.best, r.info.nodes, r.info.score));
    }
    assert_eq!(counts[0], counts[1]);
}

#[test]
fn a_timed_search_on_several_threads_plays_a_legal_move_and_its_helpers_stop() {
    for variant in [ENGLISH, RUSSIAN] {
        let rules = Ruleset::builtin(variant).unwrap();
        let pos = Position::initial(rules.first_move);
        let mut engine = Engine::new(&rules, 16);
        engine.set_threads(3);
        assert_eq!(engine.threads(), 3.min(cores()));
        let stop = AtomicBool::new(false);
        let limits = Limits {
            movetime: Some(std::time::Duration::from_millis(50)),
            ..Limits::default()
        };
        // Twice, so the second search starts from a table the helpers wrote to.
        for _ in 0..2 {
            let r = engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {});
            let best = r.best.expect("a move");
            assert!(legal_moves(&pos, &rules).contains(&best), "{variant}");
            assert!(r.info.depth >= 1, "{variant}");
        }
    }
    // Zero threads is one; more than the most is the most.
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let mut engine = Engine::new(&rules, 1);
    engine.set_threads(0);
    assert_eq!(engine.threads(), 1);
    engine.set_threads(usize::MAX);
    assert_eq!(engine.threads(), checkers::ai::MAX_THREADS.min(cores()));
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// 64 threads on a machine of fewer cores took turns on them, and a search of
/// 50 ms took half a second: a search runs on no more threads than cores, and
/// one asked for 64 still stops when told to.
#[test]
fn a_search_asked_for_more_threads_than_cores_runs_on_the_cores_and_stops() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let pos = Position::initial(rules.first_move);
    let mut engine = Engine::new(&rules, 16);
    engine.set_threads(64);
    assert_eq!(engine.threads(), 64.min(cores()));
    let stop = AtomicBool::new(false);
    // Unbounded: only the stop, set once depth 6 is reported, ends it.
    let r = engine.search(&pos, &Past::default(), Limits::default(), &stop, &mut |i| {
        if i.depth >= 6 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    assert!(r.info.depth >= 6, "{}", r.info.depth);
    assert!(legal_moves(&pos, &rules).contains(&r.best.expect("a move")));
}
