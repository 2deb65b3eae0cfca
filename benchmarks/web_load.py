"""Load on the reference web server: tables against bots on localhost, and a restart.

    python benchmarks/web_load.py [--tables 200] [--actions 60] [--bot random] [--seconds 300]
                                  [--reload-tables 1000]

Starts examples/web/server.py in its own process on a fresh database, then plays `--tables`
seats-mode tables at once (the three engines in turn, at their smallest table): one seat is a
client that listens on its WebSocket (one client per table) and posts a random legal action
whenever a push says it is its turn, now and then an illegal or malformed one (which must be
refused with a 4xx); the other seats are bots of kind `--bot`, thinking in the server's process
pool. Each table stops at its end or after `--actions` of the client's actions. Prints the
client's action latency (post to answer), the server's memory, and any error (exit 1).

Then it writes `--reload-tables` tables with their steps into a database and times a server
start on it (process start to first answer), as after a restart. A measuring script, not a
test: it never fails on a figure.
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


async def _table(
    client: httpx2.AsyncClient, base: str, index: int, args: argparse.Namespace, tally: Tally
) -> None:
    """One table: its client seat plays whenever a push says it may; bots take the rest."""
    name = GAMES[index % len(GAMES)]
    rng = random.Random(index)
    settings = {"game": name, "players": 2, "mode": "seats", "bots": [None, args.bot]}
    created = await client.post("/api/tables", json=settings)
    if created.status_code != 201:
        tally.errors.append(f"create {name}: {created.status_code} {created.text[:100]}")
        return
    token = created.json()["seats"][0].rsplit("/", 1)[-1]
    # No keepalive pings: with 200 clients in one process the generator, not the server,
    # would be the one too busy to answer them in time.
    address = base.replace("http", "ws") + f"/api/play/{token}/updates"
    async with connect(address, ping_interval=None, max_size=2**24) as socket_:
        latest: dict[str, Any] = json.loads(await socket_.recv())
        tally.pushes += 1
        pushed = asyncio.Event()

        async def read() -> None:
            # Every push is read as it comes, so the socket never backs up.
            nonlocal latest
            async for message in socket_:
                payload = json.loads(message)
                tally.pushes += 1
                if payload["steps"] >= latest["steps"]:
                    latest = payload
                    pushed.set()

        reader = asyncio.create_task(read())
        try:
            state = latest
            for _ in range(args.actions):
                while not state["is_terminal"] and not state["legal"]:
                    await pushed.wait()
                    pushed.clear()
                    if latest["steps"] >= state["steps"]:
                        state = latest
                if state["is_terminal"]:
                    break
                url = f"/api/play/{token}/action"
                if rng.random() < 0.1:  # a hostile or stale client: refused, never a crash
                    junk = rng.choice(
                        [
                            b"{",
                            b'{"format":1,"kind":"nope"}',
                            json.dumps({**state["legal"][0]["action"], "player": 1}).encode(),
                        ]
                    )
                    answer = await client.post(url, content=junk)
                    if not 400 <= answer.status_code < 500:
                        tally.errors.append(f"junk got {answer.status_code}")
                    tally.refused += 1
                choice = rng.choice(state["legal"])["action"]
                answer = await _request(client, tally, "POST", url, content=json.dumps(choice))
                if answer.status_code == 409:  # a bot moved first in a simultaneous phase
                    state = {**state, "legal": []}
                    continue
                if answer.status_code != 200:
                    tally.errors.append(f"{name} action: {answer.status_code} {answer.text[:99]}")
                    return
                tally.actions += 1
                state = answer.json()
        finally:
            reader.cancel()


async def _run(base: str, args: argparse.Namespace) -> Tally:
    tally = Tally()
    limits = httpx2.Limits(max_connections=args.tables * 2)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        tasks = [_table(client, base, index, args, tally) for index in range(args.tables)]
        results = await asyncio.wait_for(
            asyncio.gather(*tasks, return_exceptions=True), args.seconds
        )
    for result in results:
        if isinstance(result, BaseException):
            tally.errors.append(f"{type(result).__name__}: {result}")
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


def _rss_mib(pid: int) -> float:
    """Returns a process's resident memory in MiB (Linux), 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def _start(db: Path, port: int) -> tuple[subprocess.Popen[str], str, float]:
    """Starts the server; returns it, its address and the seconds to its first answer."""
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    while True:
        try:
            httpx2.get(base + "/api/games")
            return server, base, time.perf_counter() - start
        except httpx2.TransportError:
            if server.poll() is not None or time.perf_counter() - start > 600:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.05)


def _fill(db: Path, tables: int) -> int:
    """Writes `tables` seats tables, each some random steps into its game; returns the steps."""
    sys.path.insert(0, str(SERVER.parent))
    import server as web  # the server's own module: its Table and store write the rows

    from birdgames import get_game, sim

    app = web.create_app(db)
    rng = random.Random(1)
    steps = 0
    for index in range(tables):
        game = get_game(GAMES[index % len(GAMES)])
        match = sim.Match.start(game, game.default_config(2), rng.getrandbits(64))
        for _ in range(rng.randrange(10, 60)):
            if match.is_terminal:
                break
            seat = match.to_act()[0]
            match = match.play(rng.choice(match.legal_actions(seat)))[0]
            steps += 1
        app.state.server.add(web.Table(game, match, "seats"))
    app.state.server.close()
    return steps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--actions", type=int, default=60, help="client actions per table")
    parser.add_argument("--bot", default="random", help="the bot seats' kind")
    parser.add_argument("--seconds", type=float, default=600, help="time limit")
    parser.add_argument("--reload-tables", type=int, default=1000, help="tables to reload")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server, base, _ = _start(Path(folder) / "load.sqlite3", _free_port())
        try:
            start = time.perf_counter()
            tally = asyncio.run(_run(base, args))
            elapsed = time.perf_counter() - start
            busy = _cpu_seconds(server.pid)
            rss = _rss_mib(server.pid)
            workers = [_rss_mib(child) for child in _children(server.pid)]
        finally:
            server.terminate()
            server.wait(30)
        latencies = sorted(tally.latencies)

        def pct(p: float) -> float:
            return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

        print(
            f"{args.tables} tables against {args.bot} bots, {args.tables} WebSocket clients: "
            f"{tally.actions} client actions in {elapsed:.1f} s, {tally.refused} hostile posts "
            f"refused, {tally.pushes} pushes received"
        )
        if latencies:
            print(
                f"action latency p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, "
                f"max {latencies[-1] * 1000:.1f} ms"
            )
        if busy is not None:
            print(f"server process: {busy:.1f} CPU seconds")
        print(
            f"memory: server {rss:.0f} MiB, {len(workers)} bot workers "
            f"{sum(workers):.0f} MiB in all"
        )
        print(f"errors: {len(tally.errors)}")
        for error in tally.errors[:10]:
            print("  " + error)
        if args.reload_tables:
            db = Path(folder) / "reload.sqlite3"
            steps = _fill(db, args.reload_tables)
            size = db.stat().st_size / 2**20
            server, _, seconds = _start(db, _free_port())
            server.terminate()
            server.wait(30)
            print(
                f"restart: {args.reload_tables} tables ({steps} steps, {size:.1f} MiB database) "
                f"reloaded and answering {seconds:.1f} s after the process started"
            )
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
