#!/usr/bin/env python3
"""Level 10 against the py-draughts package's engine (PyPI `py-draughts`).

Not part of `cargo test`: it needs py-draughts, whose import name `draughts`
clashes with pydraughts', so give it a virtual environment of its own:

    python3 -m venv /tmp/pyd && /tmp/pyd/bin/pip install py-draughts
    cargo build --release
    /tmp/pyd/bin/python tests/vs_pydraughts_engine.py --games 10 --movetime 0.5

Our side plays through `checkers analyze --movetime` (full strength within the
time, as level 10 does); py-draughts' SimpleEngine (its alpha-beta engine for 8x8 boards) gets the same time. Each
opening (two random plies) is played with both colours. py-draughts' board is
the referee; both number the squares 1 = b8 ... 32 = g1.
"""
import argparse, json, random, subprocess, sys

try:
    from draughts import RussianBoard, BrazilianBoard, SimpleEngine, Color
except ImportError:
    print("py-draughts is not installed (pip install py-draughts)", file=sys.stderr)
    sys.exit(2)

BOARDS = {"russian": RussianBoard, "brazilian": BrazilianBoard}


def fen_of(board):
    f = board.fen
    return f[f.index('"') + 1:f.rindex('"')] if '"' in f else f


def our_move(binary, variant, board, movetime):
    out = subprocess.run(
        [binary, "analyze", "--variant", variant, "--fen", fen_of(board),
         "--movetime", str(int(movetime * 1000)), "--json"],
        capture_output=True, text=True, check=True).stdout.strip().splitlines()
    best = json.loads(out[-1])["best"]
    path, captures = best["path"], sorted(best["captures"])
    for m in board.legal_moves:
        sq = [s + 1 for s in m.square_list]
        caps = sorted(c + 1 for c in m.captured_list)
        if sq[0] == path[0] and sq[-1] == path[-1] and caps == captures:
            return m
    raise SystemExit(f"our move {best} is not legal for py-draughts in {fen_of(board)}")


def play(binary, variant, ours_white, opening, movetime, max_plies=300):
    board = BOARDS[variant]()
    engine = SimpleEngine(depth_limit=64, time_limit=movetime)
    for i in opening:
        moves = board.legal_moves
        board.push(moves[i % len(moves)])
    plies = 0
    while not board.game_over and plies < max_plies:
        ours = (board.turn == Color.WHITE) == ours_white
        m = our_move(binary, variant, board, movetime) if ours else engine.get_best_move(board)
        board.push(m)
        plies += 1
    result = board.result if not callable(board.result) else board.result()
    text = str(result)
    if "1-0" in text or "2-0" in text:
        return 1.0 if ours_white else 0.0
    if "0-1" in text or "0-2" in text:
        return 0.0 if ours_white else 1.0
    return 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--movetime", type=float, default=0.5)
    ap.add_argument("--binary", default="target/release/checkers")
    ap.add_argument("--variants", default="russian,brazilian")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for variant in args.variants.split(","):
        points = []
        for g in range(args.games):
            if g % 2 == 0:
                opening = [rng.randrange(7), rng.randrange(7)]
            s = play(args.binary, variant, g % 2 == 0, opening, args.movetime)
            points.append(s)
            print(f"{variant} game {g + 1}: {s}", flush=True)
        total = sum(points)
        print(f"{variant}: {total}/{len(points)} points for checkers ({100 * total / len(points):.0f}%)", flush=True)


if __name__ == "__main__":
    main()
