"""How much of `go movetime T` a UCI Xiangqi engine uses: the time from `go` to `bestmove` after
the first 20 shipped openings.

    python3 scripts/measure/movetime_use.py target/release/qipan 100
"""
import os
import statistics
import subprocess
import sys
import time

OPENINGS = os.path.join(os.path.dirname(__file__), "..", "..", "crates", "arena", "openings", "xiangqi.txt")


def main():
    binary, movetime = sys.argv[1], int(sys.argv[2])
    with open(OPENINGS, encoding="utf-8") as f:
        openings = [line.split("#")[0].split() for line in f if line.split("#")[0].strip()][:20]
    engine = subprocess.Popen([binary, "ucci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix):
        while not (line := engine.stdout.readline()).startswith(prefix):
            if not line:
                raise SystemExit("the engine stopped")
        return line

    send("uci")
    until("uciok")
    times = []
    for moves in openings:
        send("position startpos moves " + " ".join(moves))
        send("isready")
        until("readyok")
        start = time.perf_counter()
        send(f"go movetime {movetime}")
        until("bestmove")
        times.append((time.perf_counter() - start) * 1000)
    send("quit")
    print(f"movetime {movetime}: median {statistics.median(times):.0f} ms, min {min(times):.0f}, max {max(times):.0f}")


if __name__ == "__main__":
    main()
