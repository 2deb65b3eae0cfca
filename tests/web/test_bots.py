"""Bot seats: the host makes seats bots when creating a table; they think in worker processes
and their moves go through the engine like a player's."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import birdgames
from birdgames import codec, sim
from tests.web.support import load_server

WAIT_SECONDS = 120.0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = load_server().create_app(tmp_path / "web.sqlite3", bot_workers=1)
    with TestClient(app) as test_client:
        yield test_client


def _wait_for_human(client: TestClient, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        payload: dict[str, Any] = client.get(f"/api/play/{token}/state").json()
        if payload["is_terminal"] or payload["legal"]:
            return payload
        assert time.monotonic() < deadline, f"the bots did not move: {payload['to_act']}"
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("name", "bots"),
    [
        ("rookery", [None, {"kind": "greedy"}]),
        ("peacock", [None, {"kind": "random"}]),
        ("perch_bop", [{"kind": "ismcts", "budget": 4}, None]),
    ],
)
def test_a_game_with_bot_seats_plays_to_the_end(
    client: TestClient, name: str, bots: list[Any]
) -> None:
    """One human seat plays its first legal action each turn; the bots answer by themselves
    and the finished record replays in the engine."""
    players = len(bots)
    created = client.post(
        "/api/tables", json={"game": name, "players": players, "mode": "seats", "bots": bots}
    )
    assert created.status_code == 201, created.text
    links = created.json()
    human = next(seat for seat, bot in enumerate(bots) if bot is None)
    assert [link is None for link in links["seats"]] == [bot is not None for bot in bots]
    token = links["seats"][human].rsplit("/", 1)[-1]
    payload = _wait_for_human(client, token)
    assert payload["bots"][1 - human].endswith("bot") or "ISMCTS" in payload["bots"][1 - human]
    while not payload["is_terminal"]:
        action = payload["legal"][0]["action"]
        answer = client.post(f"/api/play/{token}/action", json=action)
        assert answer.status_code in (200, 409), answer.text  # 409: a bot moved first
        payload = _wait_for_human(client, token)
    record = codec.loads(sim.Record, client.get(f"/api/play/{token}/record").content)
    sim.verify(record, birdgames.get_game(name))


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([{"kind": "genius"}], "a bot is one of"),
        ([None, {"kind": "ismcts", "budget": 0}], "ISMCTS budget"),
        ([{"kind": "random"}, {"kind": "random"}], "at least one seat"),
        ([None, None, None, None, None, None], "at most 2 seats"),
    ],
)
def test_bad_bot_settings_are_refused(client: TestClient, bots: list[Any], message: str) -> None:
    """Unknown bots, budgets out of range, a table of bots only or too many seats: 400."""
    answer = client.post(
        "/api/tables", json={"game": "rookery", "players": 2, "mode": "seats", "bots": bots}
    )
    assert answer.status_code == 400 and message in answer.json()["error"]
    hotseat = client.post(
        "/api/tables", json={"game": "rookery", "players": 2, "bots": [None, "random"]}
    )
    assert "one-seat-per-browser" in hotseat.json()["error"]


def test_a_bot_to_act_when_the_server_starts_moves(tmp_path: Path) -> None:
    """A stored table whose bot is to act (as after a restart mid-think) goes on by itself."""
    module = load_server()
    db = tmp_path / "web.sqlite3"
    stored = module.create_app(db)
    game = birdgames.get_game("rookery")
    match = sim.Match.start(game, game.default_config(2), 3)
    assert match.to_act() == (0,)
    table = module.Table(game, match, "seats", bots=[module.Bot("random", None), None])
    stored.state.server.add(table)
    stored.state.server.close()
    with TestClient(module.create_app(db, bot_workers=1)) as client:
        payload = _wait_for_human(client, table.seat_tokens[1])
        assert payload["steps"] >= 1 and payload["legal"]
