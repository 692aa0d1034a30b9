#!/usr/bin/env python3
"""Drives `checkers hub` with the pydraughts package's HubEngine class through a
whole game in each of english, russian, brazilian and international (pydraughts'
"standard", 10x10; our engine plays both sides; pydraughts' board referees every
move).

Not part of `cargo test` (it needs `pip install pydraughts`):

    cargo build --release && python3 tests/hub_pydraughts.py

pydraughts' own play() numbers 8x8 squares its own way, so this script uses the
lower-level calls: before each `go` it sends the current position with `pos`,
built in docs/RULES.md numbering (1 = b8 ... 32 = g1), and converts the `done` move
back to pydraughts' move. Exit code 0 when every game finishes with only legal
moves, 1 otherwise, 2 when pydraughts or the binary is missing.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pydraughts_check import COORDS_TO_PDN, pyd_square_to_pdn  # noqa: E402

try:
    from draughts import Board
    from draughts.engine import HubEngine
except ImportError:
    print("pydraughts is not installed (pip install pydraughts)", file=sys.stderr)
    sys.exit(2)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(REPO, "target", "release", "checkers")
START = {
    "english": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "russian": "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "brazilian": "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "international": "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21))),
}
# pydraughts' names, where they differ; on 10x10 its squares are the FMJD numbers, as ours.
PYDRAUGHTS = {"international": "standard"}
SQUARES = {"international": 50}


def to_pdn(item):
    """A pydraughts FEN square (number, or algebraic for russian/brazilian) -> our PDN."""
    if item[0].isalpha():
        return COORDS_TO_PDN[("abcdefgh".index(item[0]), int(item[1:]) - 1)]
    return int(item)


def hub_pos(board, variant):
    """`W` or `B` then a character for each square in number order (w, b, W, B, e)."""
    cells = ["e"] * SQUARES.get(variant, 32)
    parts = board.fen.split(":")
    side = parts[0].strip().upper()
    for part in parts[1:]:
        color, items = part[0].upper(), part[1:]
        for item in filter(None, items.split(",")):
            king = item.startswith("K")
            n = int(item[1:] if king else item) if variant in SQUARES else to_pdn(item[1:] if king else item)
            cells[n - 1] = (color if king else color.lower())
    return side + "".join(cells)


def find(board, variant, hub_move):
    nums = [int(x) for x in hub_move.replace("x", "-").split("-")]
    frm, to, caps = nums[0], nums[1], sorted(nums[2:])
    number = (lambda s: s) if variant in SQUARES else (lambda s: pyd_square_to_pdn(variant, s))
    for m in board.legal_moves():
        path = [number(s) for s in m.steps_move]
        got = sorted(number(c) for c in m.captures)
        if path[0] == frm and path[-1] == to and (not caps or got == caps):
            return m
    return None


def game(variant, movetime=0.05, max_plies=300):
    engine = HubEngine([BINARY, "hub"])
    engine.setoption("variant", variant)
    engine.init()
    board = Board(variant=PYDRAUGHTS.get(variant, variant), fen=START[variant])
    plies = 0
    while not board.is_over() and plies < max_plies:
        best, _ = engine.go(hub_pos(board, variant), movetime=movetime)
        m = find(board, variant, best)
        if m is None:
            engine.quit()
            return f"illegal or unknown move {best!r} in {board.fen}"
        board.push(m)
        plies += 1
    engine.quit()
    return f"finished after {plies} plies: {'over' if board.is_over() else 'ply limit'}, winner {board.winner()}"


def main():
    if not os.path.exists(BINARY):
        print(f"{BINARY} is missing: run cargo build --release", file=sys.stderr)
        return 2
    ok = True
    for variant in ("english", "russian", "brazilian", "international"):
        result = game(variant)
        print(f"{variant}: {result}", flush=True)
        ok &= result.startswith("finished")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
