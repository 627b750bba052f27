"""Gomoku moves per second on one game (100 moves a game, one connection) while N idle
WebSocket watchers follow N other games. Needs the `websockets` package (pip install websockets).

    python3 scripts/measure/moves_with_watchers.py --port 8080 --watchers 500 --moves 2000
"""
import argparse
import asyncio
import http.client
import json
import time

import websockets

from http_client import request


async def measure(port, watchers, moves):
    sockets = []
    for _ in range(watchers):
        _, game, _ = request(port, "POST", "/api/gomoku/games", {"mode": "pvp", "size": 19})
        socket = await websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game['id']}/events", max_queue=None)
        await socket.recv()
        sockets.append(socket)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    spent, done = 0.0, 0
    while done < moves:
        _, game, _ = request(port, "POST", "/api/gomoku/games", {"mode": "pvp", "size": 19})
        revision = game["revision"]
        start = time.perf_counter()
        for i in range(100):
            # Stones in rows two apart, alternating: no five ever forms.
            x, y = i % 19, (i // 19) * 2 + (i % 2)
            body = json.dumps({"revision": revision, "x": x, "y": y})
            conn.request("POST", f"/api/gomoku/games/{game['id']}/move", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            answer = json.loads(response.read())
            assert response.status == 200, answer
            revision = answer["revision"]
        spent += time.perf_counter() - start
        done += 100
    for socket in sockets:
        await socket.close()
    return done / spent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--moves", type=int, default=2000)
    args = parser.parse_args()
    rate = asyncio.run(measure(args.port, args.watchers, args.moves))
    print(f"watchers={args.watchers} moves={args.moves} moves_per_s={rate:.0f}")


if __name__ == "__main__":
    main()
