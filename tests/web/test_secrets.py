"""Every JSON payload the server sends a seat is the same when what the seat cannot see
changes: its view, legal actions, words and the events it is told, over HTTP and WebSocket."""

from __future__ import annotations

import json
import random
from typing import Any, Final

import pytest
from starlette.testclient import TestClient

import birdgames
from tests.conformance.adapters import adapter_for
from tests.web.support import load_server

PERTURBATIONS: Final = 2


def _expected(server: Any, table: Any, state: Any, seat: int) -> dict[str, Any]:
    payload: dict[str, Any] = server.seat_payload(
        table.game, state, seat, table.logs[seat], table.match.steps, table.history(seat)
    )
    payload.update(table.public())
    return payload


@pytest.mark.parametrize("name", list(birdgames.games()))
def test_no_payload_a_seat_receives_depends_on_what_it_cannot_see(name: str, tmp_path: Any) -> None:
    """Over one random game per engine, each payload a seat gets (its state, its action's
    answer, each WebSocket push) equals the one built from a state perturbed in what it cannot
    see, and each seat's new log lines equal those a perturbed state's step tells it."""
    server = load_server()
    game = birdgames.get_game(name)
    perturb = adapter_for(name).perturb_hidden
    players = min(game.player_counts)
    rng = random.Random(name)
    client = TestClient(server.create_app(tmp_path / "web.sqlite3"))
    links = client.post(
        "/api/tables", json={"game": name, "players": players, "seed": 5, "mode": "seats"}
    ).json()
    tokens = [link.split("/")[-1] for link in links["seats"]]
    table = client.app.state.server.tables[links["table"]]  # type: ignore[attr-defined]
    compared = {"payloads": 0, "steps": 0}

    def check(payload: dict[str, Any], seat: int) -> None:
        assert payload == _expected(server, table, table.match.state, seat)
        text = json.dumps(payload)
        assert all(token not in text for token in [*tokens, table.host])
        for k in range(PERTURBATIONS):
            other = perturb(table.match.state, seat, rng.randrange(2**32) + k)
            assert payload == _expected(server, table, other, seat), (name, seat, k)
        compared["payloads"] += 1

    sockets = [client.websocket_connect(f"/api/play/{token}/updates") for token in tokens]
    opened = [socket.__enter__() for socket in sockets]
    try:
        for seat, socket in enumerate(opened):
            check(socket.receive_json(), seat)
        while not table.match.is_terminal:
            for seat, token in enumerate(tokens):
                check(client.get(f"/api/play/{token}/state").json(), seat)
            before = table.match.state
            seat = table.match.to_act()[0]
            action = rng.choice(table.match.legal_actions(seat))
            logs_before = [len(log) for log in table.logs]
            answer = client.post(
                f"/api/play/{tokens[seat]}/action", content=birdgames.codec.dumps(action)
            )
            assert answer.status_code == 200, answer.text
            check(answer.json(), seat)
            for other, socket in enumerate(opened):
                check(socket.receive_json(), other)
            # The lines each seat was told of the step are its visible events in words, and
            # they read the same off a view of the new state perturbed in what it cannot see.
            after, events = game.step(before, action)
            words = birdgames.get_words(name)
            for other in range(players):
                told = table.logs[other][logs_before[other] :]
                shown = game.visible_events(events, other)
                assert len(told) == len(shown)
                hidden = game.view(perturb(after, other, rng.randrange(2**32)), other)
                assert told == [words.describe_event(hidden, event) for event in shown]
                compared["steps"] += 1
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    assert compared["payloads"] > 100 and compared["steps"] > 50, compared


def _seat_view(client: TestClient, token: str, seat: int) -> Any:
    answer = client.get(f"/api/play/{token}/state?seat={seat}")
    return answer.json().get("view") if answer.status_code == 200 else None


@pytest.mark.parametrize("name", list(birdgames.games()))
def test_tables_made_alike_deal_different_hidden_cards(name: str, tmp_path: Any) -> None:
    """Two tables created with the same settings and no seed, as the lobby sends them, deal
    differently: the seed is drawn by the server, not a default anyone can type in again."""
    game = birdgames.get_game(name)
    players = min(game.player_counts)
    with TestClient(load_server().create_app(tmp_path / "web.sqlite3")) as client:
        settings = {"game": name, "players": players, "mode": "seats"}
        first, second = (client.post("/api/tables", json=settings).json() for _ in range(2))
        # What p0 cannot see of its own table, read through a new hotseat table made with
        # the same settings: it must not be p1's hand at p0's table.
        remade = client.post("/api/tables", json={**settings, "mode": "hotseat"}).json()
        seat1 = first["seats"][1].rsplit("/", 1)[-1]
        host = remade["host"].rsplit("/", 1)[-1]
        assert _seat_view(client, seat1, 1) != _seat_view(client, host, 1)
        tables = client.app.state.server.tables  # type: ignore[attr-defined]
        assert tables[first["table"]].match.seed != tables[second["table"]].match.seed


def test_nobody_but_the_host_lists_or_loads_a_tables_saves(tmp_path: Any) -> None:
    """After the host saves a seats table, neither a visitor without a link nor p0's link
    can list the save or load it into a hotseat table that shows p1's hand."""
    with TestClient(load_server().create_app(tmp_path / "web.sqlite3")) as client:
        links = client.post(
            "/api/tables", json={"game": "rookery", "players": 2, "mode": "seats"}
        ).json()
        host = links["host"].rsplit("/", 1)[-1]
        seat0 = links["seats"][0].rsplit("/", 1)[-1]
        assert client.post(f"/api/play/{host}/save").status_code in (200, 201)
        p1 = client.get(f"/api/play/{links['seats'][1].rsplit('/', 1)[-1]}/state").json()
        found: list[str] = []
        for path in ("/api/saves", f"/api/play/{seat0}/saves"):
            answer = client.get(path)
            if answer.status_code == 200:
                found += [
                    str(item.get("save") if isinstance(item, dict) else item)
                    for item in answer.json()
                ]
        loaded = []
        for file in found:
            for path in (
                f"/api/load?mode=hotseat&file={file}",
                f"/api/play/{seat0}/load?mode=hotseat&save={file}",
            ):
                answer = client.post(path)
                if answer.status_code == 201:
                    loaded.append(answer.json()["host"].rsplit("/", 1)[-1])
        assert (found, loaded) == ([], [])
        assert client.get(f"/api/play/{seat0}/saves").status_code == 403
        assert all(_seat_view(client, token, 1) != p1["view"] for token in loaded)
