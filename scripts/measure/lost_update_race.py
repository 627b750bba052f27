"""Races two Gomoku moves based on revisions R and R+1 against a running qipan, N times, and counts
how often both were accepted and how often the board and the action log disagree afterwards.

    python3 scripts/measure/lost_update_race.py --port 8080 --races 100
"""
import argparse
import threading

from http_client import request


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--races", type=int, default=100)
    args = parser.parse_args()
    both = disagree = 0
    for _ in range(args.races):
        _, game, _ = request(args.port, "POST", "/api/gomoku/games", {"mode": "pvp"})
        gid, out, barrier = game["id"], {}, threading.Barrier(2)

        def play(key, body):
            barrier.wait()
            out[key] = request(args.port, "POST", f"/api/gomoku/games/{gid}/move", body)[0]

        threads = [
            threading.Thread(target=play, args=("a", {"revision": 0, "x": 7, "y": 7})),
            threading.Thread(target=play, args=("b", {"revision": 1, "x": 8, "y": 8})),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        both += out["a"] == 200 and out["b"] == 200
        _, saved, _ = request(args.port, "GET", f"/api/games/{gid}")
        _, actions, _ = request(args.port, "GET", f"/api/games/{gid}/actions")
        disagree += len(saved["state"]["moves"]) != len(actions)
    print(f"races={args.races} both_accepted={both} board_and_log_disagree={disagree}")


if __name__ == "__main__":
    main()
