"""Load on the reference web server: concurrent games of random clients on localhost.

    python benchmarks/web_load.py [--games 50] [--actions 80] [--seconds 120]

Starts examples/web/server.py in its own process, then plays `--games` games at once (the
three engines in turn, at their smallest table, one seat per client): each client reads its
seat's state, posts a random legal action, now and then posts an illegal or malformed one
(which must be refused with a 4xx), and listens to its seat's WebSocket pushes. Each game
stops at its end or after `--actions` actions. Any other answer, a 5xx or a lost connection is
an error. Prints requests per second and latency percentiles; exits 1 on any error.
A measuring script, not a test: it never fails on a figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

SERVER = Path(__file__).resolve().parents[1] / "examples" / "web" / "server.py"
GAMES = ("perch_bop", "peacock", "rookery")


class Tally:
    """Latencies of every request, pushes received and errors seen."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.pushes = 0
        self.actions = 0
        self.refused = 0
        self.errors: list[str] = []


async def _request(
    client: httpx2.AsyncClient, tally: Tally, method: str, url: str, **kwargs: Any
) -> httpx2.Response:
    start = time.perf_counter()
    response = await client.request(method, url, **kwargs)
    tally.latencies.append(time.perf_counter() - start)
    return response


async def _listen(base: str, token: str, tally: Tally, stop: asyncio.Event) -> None:
    async with connect(base.replace("http", "ws") + f"/api/play/{token}/updates") as socket_:
        while not stop.is_set():
            try:
                json.loads(await asyncio.wait_for(socket_.recv(), 0.5))
                tally.pushes += 1
            except TimeoutError:
                continue


async def _game(
    client: httpx2.AsyncClient, base: str, index: int, actions: int, tally: Tally
) -> None:
    name = GAMES[index % len(GAMES)]
    rng = random.Random(index)
    settings = {"game": name, "players": 2, "seed": index, "mode": "seats"}
    created = await _request(client, tally, "POST", "/api/tables", json=settings)
    if created.status_code != 201:
        tally.errors.append(f"create {name}: {created.status_code} {created.text[:100]}")
        return
    tokens = [link.rsplit("/", 1)[-1] for link in created.json()["seats"]]
    stop = asyncio.Event()
    listeners = [asyncio.create_task(_listen(base, token, tally, stop)) for token in tokens]
    try:
        state: dict[str, Any] | None = None
        for _ in range(actions):
            if state is None or not state["legal"]:
                state = (
                    await _request(client, tally, "GET", f"/api/play/{tokens[0]}/state")
                ).json()
            if state["is_terminal"]:
                break
            seat = state["to_act"][0]
            if state["seat"] != seat:
                answer = await _request(client, tally, "GET", f"/api/play/{tokens[seat]}/state")
                state = answer.json()
            url = f"/api/play/{tokens[seat]}/action"
            if rng.random() < 0.1:  # a hostile or stale client: must be refused, never crash
                junk = rng.choice(
                    [
                        b"{",
                        b'{"format":1,"kind":"nope"}',
                        json.dumps({**state["legal"][0]["action"], "player": 1 - seat}).encode(),
                    ]
                )
                answer = await _request(client, tally, "POST", url, content=junk)
                if not 400 <= answer.status_code < 500:
                    tally.errors.append(f"junk got {answer.status_code}")
                tally.refused += 1
            choice = rng.choice(state["legal"])["action"]
            answer = await _request(client, tally, "POST", url, content=json.dumps(choice))
            if answer.status_code != 200:
                tally.errors.append(f"{name} action: {answer.status_code} {answer.text[:100]}")
                return
            tally.actions += 1
            state = answer.json()
    finally:
        stop.set()
        for listener in listeners:
            try:
                await listener
            except Exception as error:
                tally.errors.append(f"websocket: {type(error).__name__}: {error}")


async def _run(base: str, games: int, actions: int, seconds: float) -> Tally:
    tally = Tally()
    limits = httpx2.Limits(max_connections=games * 2)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        tasks = [_game(client, base, index, actions, tally) for index in range(games)]
        await asyncio.wait_for(asyncio.gather(*tasks), seconds)
    return tally


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _cpu_seconds(pid: int) -> float | None:
    """Returns the CPU time a process has used so far (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once")
    parser.add_argument("--actions", type=int, default=80, help="actions per game at most")
    parser.add_argument("--seconds", type=float, default=120, help="time limit")
    args = parser.parse_args(argv)
    port = _free_port()
    with tempfile.TemporaryDirectory() as saves:
        server = subprocess.Popen(
            [sys.executable, str(SERVER), "--port", str(port), "--saves", saves],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            print(server.stdout.readline().strip())
            base = f"http://127.0.0.1:{port}"
            for _ in range(100):
                try:
                    httpx2.get(base + "/api/games")
                    break
                except httpx2.TransportError:
                    time.sleep(0.1)
            start = time.perf_counter()
            tally = asyncio.run(_run(base, args.games, args.actions, args.seconds))
            elapsed = time.perf_counter() - start
            busy = _cpu_seconds(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    latencies = sorted(tally.latencies)

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    print(
        f"{args.games} games at once: {len(latencies)} requests in {elapsed:.1f} s = "
        f"{len(latencies) / elapsed:.0f} requests/s; {tally.actions} actions played, "
        f"{tally.refused} hostile posts refused, {tally.pushes} WebSocket pushes"
    )
    print(
        f"latency p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    if busy is not None:
        print(
            f"server process: {busy:.1f} CPU seconds, "
            f"{busy / len(latencies) * 1000:.2f} ms of CPU per request"
        )
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print("  " + error)
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
