#!/usr/bin/env python3
"""Cross-check qipan-xiangqi against Fairy-Stockfish (PyPI package pyffish) as a referee.

Random legal playouts (biased towards take-backs and checks so that repetitions and perpetual
checks happen) come from the example `crosscheck_feed` of crates/xiangqi. For every position the
script compares, with pyffish:

* the sorted list of legal moves (pyffish writes ranks 1-10, ICCS 0-9: converted here);
* whether the side to move is in check;
* the verdict: mate/stalemate (pyffish game_result with no legal moves), repetition and
  perpetual check (pyffish is_optional_game_end: Fairy-Stockfish's xiangqi ends the game at the
  third occurrence and makes the perpetual checker lose), the no-capture limit (Fairy-Stockfish
  uses 50 moves per side, so the feed runs our rules with 100 plies), and dead material (pyffish
  has_insufficient_material for both sides; Fairy-Stockfish reports it but plays on, so only the
  flag is compared).

Usage: pip install pyffish; scripts/xiangqi-crosscheck.py [--games 1000] [--plies 160] [--seed 1]
       [--feed path/to/built/crosscheck_feed]
Prints the number of positions and of disagreements (with examples) and exits 1 on any.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import pyffish as sf

VARIANT = "xiangqi"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def to_ffish(move):
    """ICCS (ranks 0-9) to pyffish (ranks 1-10)."""
    a, r1, b, r2 = MOVE.match(move).groups()
    return f"{a}{int(r1) + 1}{b}{int(r2) + 1}"


def to_iccs(move):
    """pyffish (ranks 1-10) to ICCS (ranks 0-9)."""
    a, r1, b, r2 = MOVE.match(move).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def winner(value, side):
    """A pyffish value seen by the side to move -> 'red', 'black' or 'draw'."""
    other = "black" if side == "red" else "red"
    return "draw" if value == 0 else (side if value > 0 else other)


def referee(base, moves, fen):
    """pyffish's view of a position: legal moves, check, verdict, dead material.

    `fen` is the position itself; `base` the position after the last capture and `moves` the
    moves from there to `fen` (all that a repetition or the move limit can depend on).
    """
    ff_moves = [to_ffish(m) for m in moves]
    side = "red" if fen.split()[1] == "w" else "black"
    legal = sorted(to_iccs(m) for m in sf.legal_moves(VARIANT, fen, []))
    check = sf.gives_check(VARIANT, fen, [])
    verdict = None
    if not legal:
        verdict = winner(sf.game_result(VARIANT, fen, []), side)
    else:
        ended, value = sf.is_optional_game_end(VARIANT, base, ff_moves)
        if ended:
            verdict = winner(value, side)
    insufficient = all(sf.has_insufficient_material(VARIANT, fen, []))
    return legal, check, verdict, insufficient


def ours_verdict(text):
    """Our verdict string ('1-0 checkmate') -> 'red', 'black', 'draw' or None."""
    if text is None:
        return None
    return {"1-0": "red", "0-1": "black", "1/2-1/2": "draw"}[text.split()[0]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--plies", type=int, default=160)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--feed", help="a built crosscheck_feed binary (default: cargo run it)")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    feed_args = [str(args.games), str(args.plies), str(args.seed), "100"]
    command = [args.feed] if args.feed else [
        "cargo", "run", "--quiet", "--release", "-p", "qipan-xiangqi", "--example",
        "crosscheck_feed", "--"]
    feed = subprocess.run(
        command + feed_args, cwd=root, check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    positions = 0
    disagreements = {"legal moves": [], "check": [], "verdict": [], "dead material": []}
    verdicts = {}
    for line in feed:
        row = json.loads(line)
        positions += 1
        legal, check, verdict, insufficient = referee(row["base"], row["moves"], row["fen"])
        ours = ours_verdict(row["verdict"])
        if row["verdict"]:
            reason = row["verdict"].split()[1]
            verdicts[reason] = verdicts.get(reason, 0) + 1
        # Dead material ends the game for us only; Fairy-Stockfish plays on.
        if ours is not None and row["verdict"].endswith("insufficient_material") and verdict is None:
            ours = None
        found = {
            "legal moves": legal != row["legal"],
            "check": check != row["check"],
            "verdict": verdict != ours,
            "dead material": insufficient != row["insufficient"],
        }
        for kind, differs in found.items():
            if differs:
                disagreements[kind].append(
                    {"fen": row["fen"], "moves": row["moves"], "ours": row[{"legal moves": "legal", "check": "check", "verdict": "verdict", "dead material": "insufficient"}[kind]],
                     "pyffish": {"legal moves": legal, "check": check, "verdict": verdict, "dead material": insufficient}[kind]})
    total = sum(len(v) for v in disagreements.values())
    print(f"positions compared: {positions}")
    print(f"game ends seen by qipan: {verdicts}")
    for kind, rows in disagreements.items():
        print(f"disagreements on {kind}: {len(rows)}")
        for row in rows[:3]:
            print("  ", json.dumps(row, ensure_ascii=False)[:600])
    print(f"total disagreements: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
