#!/usr/bin/env python3
"""Cross-check our move generator against an independent one: the `pydraughts` package.

    pip install pydraughts          # import name: draughts
    python3 tests/pydraughts_check.py [--positions 3000] [--variants english,russian,brazilian]

Not part of `cargo test` (it needs pip and Python). For each variant it builds a
set of positions, half from random games played from the start position with our
own move lists, half random placements biased towards captures (many pieces,
kings, lattices that invite long chains), asks our binary for the legal moves
(`checkers moves --variant V --json`, one FEN per line on standard input, one
JSON array per line back) and compares them with pydraughts' legal moves. A move
is identified as docs/RULES.md does: start square, end square, set of captured
squares.

pydraughts traps this script handles:
  * an unknown variant name silently becomes 10x10 international draughts: only
    english, russian and brazilian are accepted here (pydraughts has no dammen64 or
    german; its `italian` has other rules), and the start position is checked;
  * for russian and brazilian its numeric squares count from a1 = 1 (a1, c1, e1,
    g1, b2, ...), not PDN's 1 = b8: it is given algebraic FENs and its square
    numbers are converted through algebraic names; for english its numbers are
    standard PDN (1 = b8 ... 32 = g1), the same as ours (checked at start-up);
  * it lists some moves twice: its list is de-duplicated by (start, end, captured set).

Our JSON uses PDN numbers 1 = b8 ... 32 = g1 in every variant.
Exit code: 0 all agree, 1 a disagreement, 2 pydraughts or the binary unavailable.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

VARIANTS = ("english", "russian", "brazilian")
# Side to move first (docs/RULES.md): Black in english, White in russian and
# brazilian.
START_FEN = {
    "english": "B:W21-32:B1-12",
    "russian": "W:W21-32:B1-12",
    "brazilian": "W:W21-32:B1-12",
}
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- squares ------------------------------------------------------------------


def pdn_to_coords(n):
    """Our PDN number (1 = b8, 5 = a7, 29 = a1, 32 = g1) -> (file 0-7, rank 0-7)."""
    row = (n - 1) // 4  # 0 is rank 8
    rank = 7 - row
    file = 2 * ((n - 1) % 4) + (1 if rank % 2 == 1 else 0)
    return file, rank


COORDS_TO_PDN = {pdn_to_coords(n): n for n in range(1, 33)}


def algebraic(n):
    f, r = pdn_to_coords(n)
    return "abcdefgh"[f] + str(r + 1)


def from_a1_numbering(n):
    """pydraughts' russian/brazilian number (a1 = 1, c1 = 2, ..., b2 = 5, ..., h8 = 32) -> our PDN."""
    rank = (n - 1) // 4
    file = 2 * ((n - 1) % 4) + (rank % 2)
    return COORDS_TO_PDN[(file, rank)]


def pyd_square_to_pdn(variant, n):
    return n if variant == "english" else from_a1_numbering(n)


def crowning_row(color):
    """PDN squares where men of `color` are crowned: White on rank 8, Black on rank 1."""
    return set(range(1, 5)) if color == "W" else set(range(29, 33))


# --- positions ----------------------------------------------------------------


class Pos:
    """side: 'W' or 'B'; pieces: {pdn: (color 'W'/'B', king bool)}."""

    def __init__(self, side, pieces):
        self.side = side
        self.pieces = pieces

    def fen(self, notation="numeric"):
        write = str if notation == "numeric" else algebraic
        parts = [self.side]
        for color in "WB":
            items = [
                ("K" if king else "") + write(n)
                for n, (c, king) in sorted(self.pieces.items())
                if c == color
            ]
            parts.append(color + ",".join(items))
        return ":".join(parts)

    def after(self, variant, move):
        """The position after one of our JSON moves ({"path": [...], "captures": [...]})."""
        path, captures = move["path"], move["captures"]
        pieces = dict(self.pieces)
        color, king = pieces.pop(path[0])
        for c in captures:
            del pieces[c]
        crown = crowning_row(color)
        if not king:
            if variant == "russian":  # crowned the moment it reaches the row, goes on as a king
                king = any(sq in crown for sq in path[1:])
            else:  # english: the move ends there; brazilian: only if it ends there
                king = path[-1] in crown
        pieces[path[-1]] = (color, king)
        return Pos("B" if self.side == "W" else "W", pieces)


def parse_fen(text):
    side, white, black = text.split(":")
    pieces = {}
    for color, part in (("W", white), ("B", black)):
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            if "-" in item:
                a, b = map(int, item.split("-"))
                squares = range(a, b + 1)
            else:
                squares = [int(item)]
            for n in squares:
                pieces[n] = (color, king)
    return Pos(side, pieces)


def random_placement(rng):
    """Random men and kings, at most 12 a side, biased towards captures."""
    regime = rng.choice(["crowded", "kings", "open", "lattice"])
    if regime == "lattice":
        attacker = rng.choice("WB")
        victim = "B" if attacker == "W" else "W"
    pieces = {}
    for n in range(1, 33):
        if regime == "lattice":
            _, rank = pdn_to_coords(n)
            victim_rank = (rank % 2 == 1) == (attacker == "W")
            if victim_rank:
                weights = {None: 45, (victim, False): 35, (victim, True): 12, (attacker, False): 4, (attacker, True): 4}
            else:
                weights = {None: 85, (attacker, False): 7, (attacker, True): 5, (victim, False): 2, (victim, True): 1}
        else:
            empty, men, kings = {"crowded": (8, 10, 2), "kings": (10, 5, 5), "open": (24, 2, 4)}[regime]
            weights = {None: empty, ("W", False): men, ("B", False): men, ("W", True): kings, ("B", True): kings}
        choice = rng.choices(list(weights), weights=list(weights.values()))[0]
        if choice is None:
            continue
        color, king = choice
        if sum(1 for c, _ in pieces.values() if c == color) >= 12:
            continue
        if not king and n in crowning_row(color):
            king = True
        pieces[n] = (color, king)
    if not any(c == "W" for c, _ in pieces.values()) or not any(c == "B" for c, _ in pieces.values()):
        return random_placement(rng)
    return Pos(rng.choice("WB"), pieces)


# --- our binary -----------------------------------------------------------------


class Ours:
    """Our `checkers moves --json`, kept running: one FEN in, one JSON line out."""

    def __init__(self, variant, binary):
        if binary:
            cmd = [binary, "moves", "--variant", variant, "--json"]
        else:
            cmd = ["cargo", "run", "--release", "--quiet", "--", "moves", "--variant", variant, "--json"]
        self.proc = subprocess.Popen(
            cmd, cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def moves(self, pos):
        self.proc.stdin.write(pos.fen() + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"our binary stopped answering at {pos.fen()}")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
        self.proc.stdout.close()


def our_keys(moves):
    return {(m["path"][0], m["path"][-1], frozenset(m["captures"])) for m in moves}


# --- pydraughts -----------------------------------------------------------------


def pyd_keys(draughts, variant, pos):
    """pydraughts' legal moves of `pos`, as a set of (start, end, captured set) in our PDN numbers,
    and how many of its moves repeated another."""
    fen = pos.fen("numeric" if variant == "english" else "algebraic")
    board = draughts.Board(variant, fen=fen)
    keys = set()
    repeats = 0
    for m in board.legal_moves():
        steps = [pyd_square_to_pdn(variant, s) for s in m.steps_move]
        captured = frozenset(pyd_square_to_pdn(variant, c) for c in (m.captures or []) if c is not None)
        key = (steps[0], steps[-1], captured)
        repeats += key in keys
        keys.add(key)
    return keys, repeats


def show(key, variant):
    start, end, captured = key
    write = str if variant == "english" else algebraic
    sep = "x" if captured else "-"
    taken = ",".join(write(c) for c in sorted(captured))
    return f"{write(start)}{sep}{write(end)}" + (f" [takes {taken}]" if captured else "")


# --- the check ----------------------------------------------------------------


def positions_for(variant, ours, count, rng):
    """`count` distinct positions: half from random games, half random placements."""
    seen = {}
    start = parse_fen(START_FEN[variant])
    pos, ply = start, 0
    while len(seen) < count // 2:
        seen.setdefault(pos.fen(), ("game", pos))
        moves = ours.moves(pos)
        if not moves or ply >= 120:
            pos, ply = start, 0
            continue
        pos, ply = pos.after(variant, rng.choice(moves)), ply + 1
    while len(seen) < count:
        p = random_placement(rng)
        seen.setdefault(p.fen(), ("placement", p))
    return list(seen.values())


def check_variant(draughts, variant, count, rng, binary, show_max):
    ours = Ours(variant, binary)
    try:
        # The conversions must hold on the start position before anything else.
        start = parse_fen(START_FEN[variant])
        theirs, _ = pyd_keys(draughts, variant, start)
        mine = our_keys(ours.moves(start))
        if theirs != mine or len(mine) != 7:
            sys.exit(f"{variant}: start positions differ, the square conversion is wrong:\n"
                     f"  ours {sorted(map(str, mine))}\n  pydraughts {sorted(map(str, theirs))}")

        t0 = time.time()
        cases = positions_for(variant, ours, count, rng)
        stats = {"positions": 0, "from games": 0, "with a capture": 0, "moves": 0, "repeats": 0}
        bad = []
        for origin, pos in cases:
            mine = our_keys(ours.moves(pos))
            theirs, repeats = pyd_keys(draughts, variant, pos)
            stats["positions"] += 1
            stats["from games"] += origin == "game"
            stats["with a capture"] += any(k[2] for k in mine | theirs)
            stats["moves"] += len(mine)
            stats["repeats"] += repeats
            if mine != theirs:
                bad.append((pos, mine - theirs, theirs - mine))
        stats["seconds"] = round(time.time() - t0, 1)
    finally:
        ours.close()

    print(f"{variant:9} {stats['positions']} positions ({stats['from games']} from random games, "
          f"{stats['positions'] - stats['from games']} random placements), "
          f"{stats['with a capture']} with a capture, {stats['moves']} moves; "
          f"pydraughts repeated {stats['repeats']} moves (de-duplicated); {stats['seconds']} s")
    if bad:
        print(f"  DISAGREE in {len(bad)} positions")
        for pos, only_ours, only_theirs in bad[:show_max]:
            notation = "numeric" if variant == "english" else "algebraic"
            print(f"  {pos.fen()}  ({pos.fen(notation)})")
            for k in sorted(only_ours, key=str):
                print(f"    only ours:       {show(k, variant)}")
            for k in sorted(only_theirs, key=str):
                print(f"    only pydraughts: {show(k, variant)}")
    else:
        print("  agree on every position")
    return len(bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated: english, russian, brazilian")
    ap.add_argument("--positions", type=int, default=3000, help="positions per variant (default 3000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--binary", help="a built `checkers` binary (default: cargo run --release)")
    ap.add_argument("--show", type=int, default=10, help="disagreements to print per variant")
    args = ap.parse_args()

    try:
        import draughts
    except ImportError:
        print("pydraughts is not installed: pip install pydraughts", file=sys.stderr)
        return 2
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        if v not in VARIANTS:
            # pydraughts would quietly play 10x10 international draughts under an unknown name.
            print(f"unsupported variant {v!r}: pydraughts has only {', '.join(VARIANTS)} of ours",
                  file=sys.stderr)
            return 2
        start = draughts.Board(v).fen  # 24 men on 8x8, 40 on 10x10
        if sum(len(list(filter(None, part[1:].split(",")))) for part in start.split(":")[1:]) != 24:
            print(f"pydraughts does not treat {v!r} as an 8x8 variant: {start}", file=sys.stderr)
            return 2

    version = getattr(draughts, "__version__", None)
    if version is None:
        try:
            from importlib.metadata import version as dist_version
            version = dist_version("pydraughts")
        except Exception:
            version = "?"
    print(f"pydraughts {version}; {args.positions} positions per variant, seed {args.seed}")
    rng = random.Random(args.seed)
    failures = {}
    for v in variants:
        try:
            failures[v] = check_variant(draughts, v, args.positions, rng, args.binary, args.show)
        except (OSError, RuntimeError) as e:
            print(f"cannot run our binary: {e}", file=sys.stderr)
            return 2
    agree = [v for v, n in failures.items() if n == 0]
    print(f"SUMMARY: {len(agree)} of {len(variants)} variants agree with pydraughts on every position"
          + "".join(f"; {v}: {n} positions disagree" for v, n in failures.items() if n))
    return 0 if len(agree) == len(variants) else 1


if __name__ == "__main__":
    sys.exit(main())
