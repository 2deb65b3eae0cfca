"""Games survive the server: every table, link, step and save is in its SQLite database
before a step is acknowledged, and a database that is not the server's is refused whole."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from birdgames import codec, get_game, sim
from tests.web.support import SERVER_FILE, free_port, load_server


def call(base: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
    """Returns the status and JSON answer of one request."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body))
    request = urllib.request.Request(
        base + path, method=method, data=data.encode() if isinstance(data, str) else data
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@contextmanager
def server_process(
    db: Path, port: int | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Runs examples/web/server.py as its own process on `db`; yields its address.

    The server leads a process group of its own, so `kill_server` and the end of the block
    reach the worker processes its bot seats think in, which a killed server leaves behind.
    """
    port = port or free_port()
    process = subprocess.Popen(
        [sys.executable, str(SERVER_FILE), "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            try:
                if call(base, "GET", "/api/games")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the server did not start in 30 s"
            time.sleep(0.1)
        yield base, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(20)
        _kill_group(process)


def kill_server(process: subprocess.Popen[bytes]) -> None:
    """Kills the server as a crash would (SIGKILL), and the bot workers it started."""
    _kill_group(process)
    process.wait(20)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # every process of the group has ended
        os.killpg(process.pid, signal.SIGKILL)


def _token(link: str) -> str:
    return link.rsplit("/", 1)[-1]


def test_a_killed_server_comes_back_with_every_table_link_step_and_save(tmp_path: Path) -> None:
    """SIGKILL mid-game, right after a step is acknowledged: on restart each table answers
    its links at the same step with the same payloads, its saves are listed, and the game
    plays on to its end."""
    db = tmp_path / "web.sqlite3"
    game = get_game("rookery")
    with server_process(db) as (base, process):
        settings = {"game": "rookery", "players": 2, "mode": "seats"}
        status, seats = call(base, "POST", "/api/tables", settings)
        assert status == 201
        status, hotseat = call(base, "POST", "/api/tables", {"game": "peacock", "players": 2})
        assert status == 201
        tokens = [_token(link) for link in seats["seats"]]
        for step in range(12):
            payload = call(base, "GET", f"/api/play/{tokens[0]}/state")[1]
            seat = payload["to_act"][0]
            mine = call(base, "GET", f"/api/play/{tokens[seat]}/state")[1]
            action = mine["legal"][step % len(mine["legal"])]["action"]
            status, answer = call(base, "POST", f"/api/play/{tokens[seat]}/action", action)
            assert (status, answer["steps"]) == (200, step + 1)
            if step == 5:
                host = _token(seats["host"])
                assert call(base, "POST", f"/api/play/{host}/save")[0] == 200
        hotseat_host = _token(hotseat["host"])
        first = call(base, "GET", f"/api/play/{hotseat_host}/state?seat=0")[1]
        action = first["legal"][0]["action"]
        assert call(base, "POST", f"/api/play/{hotseat_host}/action", action)[0] == 200
        before = {
            token: call(base, "GET", f"/api/play/{token}/state")[1]
            for token in [*tokens, _token(seats["host"]), hotseat_host]
        }
        saves = call(base, "GET", f"/api/play/{_token(seats['host'])}/saves")[1]
        kill_server(process)
    with server_process(db) as (base, _):
        for token, payload in before.items():
            assert call(base, "GET", f"/api/play/{token}/state")[1] == payload
        assert call(base, "GET", f"/api/play/{_token(seats['host'])}/saves")[1] == saves
        assert saves[0]["steps"] == 6
        steps = before[tokens[0]]["steps"]
        while True:
            payload = call(base, "GET", f"/api/play/{tokens[0]}/state")[1]
            if payload["is_terminal"]:
                break
            seat = payload["to_act"][0]
            mine = call(base, "GET", f"/api/play/{tokens[seat]}/state")[1]
            status, answer = call(
                base, "POST", f"/api/play/{tokens[seat]}/action", mine["legal"][0]["action"]
            )
            assert (status, answer["steps"]) == (200, steps + 1)
            steps += 1
        status, record = call(base, "GET", f"/api/play/{tokens[1]}/record")
        assert status == 200
        replayed = sim.replay(game, codec.loads(sim.Record, json.dumps(record)))
        assert game.is_terminal(replayed)


def _refusal(db: Path) -> str:
    module = load_server()
    with pytest.raises(module.StoreError) as refused:
        module.create_app(db)
    return str(refused.value)


def test_a_corrupt_or_foreign_database_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not SQLite, another program's SQLite database, a newer server's and a
    table that no longer replays are each refused before anything is served; the files are
    left as they were."""
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database, just some text " * 100)
    assert "is not a usable birdgames web database" in _refusal(garbage)
    assert garbage.read_bytes().startswith(b"this is not a database")

    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as other:
        other.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    assert "a SQLite database of another program" in _refusal(foreign)

    newer = tmp_path / "newer.sqlite3"
    store = load_server().SQLiteStore(newer)
    store.close()
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 99")
    assert "written by a newer server" in _refusal(newer)

    broken = tmp_path / "broken.sqlite3"
    module = load_server()
    app = module.create_app(broken)
    rookery = get_game("rookery")
    links = module.Table(rookery, sim.Match.start(rookery, rookery.default_config(2), 1), "seats")
    app.state.server.add(links)
    app.state.server.close()
    with sqlite3.connect(broken) as db:
        db.execute(
            "INSERT INTO steps VALUES (?, 0, ?)",
            (links.id, '{"format": 1, "kind": "rookery.end_turn", "player": 1}'),
        )
    assert f"table {links.id} in the database does not replay" in _refusal(broken)

    # The command line says so and stops with exit code 2.
    assert module.main(["--db", str(foreign), "--port", str(free_port())]) == 2
    assert "cannot start" in capsys.readouterr().err
    assert os.path.getsize(foreign) > 0
