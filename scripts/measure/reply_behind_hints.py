"""How long a level-1 Xiangqi engine reply waits while HINTS hints are asked for at once, from
one client address or from CLIENTS addresses (127.0.0.2, .3, ...: all loopback).

    python3 scripts/measure/reply_behind_hints.py --port 8080 --hints 40 --clients 1
"""
import argparse
import collections
import threading
import time

from http_client import request


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--hints", type=int, default=40)
    parser.add_argument("--clients", type=int, default=1)
    args = parser.parse_args()
    _, game, _ = request(args.port, "POST", "/api/xiangqi/games", {"mode": "pvp"})
    statuses = []

    def hint(n):
        source = "127.0.0.1" if args.clients == 1 else f"127.0.0.{2 + n % args.clients}"
        statuses.append(request(args.port, "POST", f"/api/xiangqi/games/{game['id']}/hint", {}, source)[0])

    threads = [threading.Thread(target=hint, args=(n,)) for n in range(args.hints)]
    for t in threads:
        t.start()
    time.sleep(0.3)
    body = {"mode": "engine", "engine_side": "red", "level": 1}
    _, engine_game, _ = request(args.port, "POST", "/api/xiangqi/games", body)
    start = time.perf_counter()
    status, _, _ = request(args.port, "POST", f"/api/xiangqi/games/{engine_game['id']}/engine", {"revision": 0})
    waited = (time.perf_counter() - start) * 1000
    for t in threads:
        t.join()
    print(f"level-1 reply: {status} after {waited:.0f} ms; hint answers: {dict(collections.Counter(statuses))}")


if __name__ == "__main__":
    main()
