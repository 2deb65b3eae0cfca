"""The web server checks every request through the engine and the codec, and a link opens
only what it was made for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import birdgames
from birdgames import codec, rookery, sim
from tests.web.support import load_server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(load_server().create_app(tmp_path / "web.sqlite3")) as test_client:
        yield test_client


def _table(client: TestClient, mode: str = "seats", name: str = "rookery") -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": name, "players": 2, "seed": 7, "mode": mode})
    assert answer.status_code == 201, answer.text
    links: dict[str, Any] = answer.json()
    return links


def _table_settings(client: TestClient, settings: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/api/tables", json=settings)
    assert answer.status_code == 201, answer.text
    links: dict[str, Any] = answer.json()
    return links


def _token(link: str) -> str:
    return link.rsplit("/", 1)[-1]


def _match(client: TestClient, links: dict[str, Any]) -> Any:
    return client.app.state.server.tables[links["table"]].match  # type: ignore[attr-defined]


def test_a_wrong_token_sees_nothing(client: TestClient) -> None:
    """Every route answers 404 'no such game' to a token no table has, and the WebSocket
    closes."""
    _table(client)
    for method, path in [
        ("GET", "/api/play/nope"),
        ("GET", "/api/play/nope/state"),
        ("POST", "/api/play/nope/action"),
        ("POST", "/api/play/nope/undo"),
        ("POST", "/api/play/nope/save"),
        ("GET", "/api/play/nope/saves"),
        ("GET", "/api/play/nope/record"),
        ("GET", "/api/play/nope/replay"),
        ("POST", "/api/play/nope/name"),
        ("POST", "/api/play/nope/load"),
    ]:
        answer = client.request(method, path)
        assert (answer.status_code, answer.json()) == (404, {"error": "no such game"})
    with client.websocket_connect("/api/play/nope/updates") as socket:
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_a_seat_link_shows_its_own_seat_only(client: TestClient) -> None:
    """A seat's link gives that seat's view whatever seat it asks for; the host link of a
    seats table shows the spectator's view and refuses to show a seat."""
    links = _table(client)
    seat1 = client.get(f"/api/play/{_token(links['seats'][1])}/state?seat=0").json()
    assert seat1["seat"] == 1 and seat1["view"]["player"] == 1
    host = _token(links["host"])
    assert client.get(f"/api/play/{host}/state").json()["view"]["player"] is None
    assert client.get(f"/api/play/{host}/state?seat=0").status_code == 403


def test_an_illegal_action_gets_409_with_the_engines_reason(client: TestClient) -> None:
    """A well-formed action out of turn is refused with the reason `check` gives, and the
    game does not change."""
    links = _table(client)
    match = _match(client, links)
    seat = match.to_act()[0]
    waiting = 1 - seat
    document = json.loads(codec.dumps(match.legal_actions(seat)[0]))
    document["player"] = waiting
    action = codec.loads(rookery.Action, json.dumps(document))
    reason = birdgames.get_game("rookery").check(match.state, action)
    assert reason
    answer = client.post(
        f"/api/play/{_token(links['seats'][waiting])}/action", content=json.dumps(document)
    )
    assert (answer.status_code, answer.json()) == (409, {"error": reason})
    assert _match(client, links) is match


def test_malformed_foreign_and_other_seats_actions_are_refused(client: TestClient) -> None:
    """Bad JSON and bad documents get 400 with the codec's message, another game's action
    422, an action for another seat 403, and none of them changes the game."""
    links = _table(client)
    match = _match(client, links)
    seat = match.to_act()[0]
    url = f"/api/play/{_token(links['seats'][seat])}/action"
    answer = client.post(url, content=b"{not json")
    assert answer.status_code == 400 and answer.json()["error"]
    answer = client.post(url, content=b'{"format": 1, "kind": "rookery.end_turn", "player": "0"}')
    assert answer.status_code == 400 and "$.player" in answer.json()["error"]
    peacock = birdgames.get_game("peacock")
    state = peacock.new_game(peacock.default_config(2), 1)
    foreign = peacock.legal_actions(state, 0)[0]
    assert client.post(url, content=codec.dumps(foreign)).status_code == 422
    other = 1 - seat
    wrong_seat = json.loads(codec.dumps(match.legal_actions(seat)[0]))
    wrong_seat["player"] = other
    answer = client.post(url, content=json.dumps(wrong_seat))
    assert (answer.status_code, answer.json()) == (403, {"error": f"this link plays p{seat} only"})
    assert _match(client, links).steps == 0


def test_oversized_requests_get_413_before_they_are_read(client: TestClient) -> None:
    """A post past the cap is refused, whether its length is declared or streamed."""
    links = _table(client)
    url = f"/api/play/{_token(links['seats'][0])}/action"
    big = b" " * (load_server().MAX_POST_BYTES + 1)
    assert client.post(url, content=big).status_code == 413

    def chunks() -> Iterator[bytes]:
        yield from [b" " * 4096] * 8

    assert client.post(url, content=chunks()).status_code == 413
    assert client.post("/api/tables", content=big).status_code == 413


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"game": "chess", "players": 2}, "game must be one of"),
        ({"game": "rookery", "players": 9}, "players"),
        ({"game": "rookery", "players": True}, "players must be an integer"),
        ({"game": "rookery", "players": 2, "seed": "1"}, "seed must be an integer"),
        ({"game": "rookery", "players": 2, "mode": "lan"}, "mode must be"),
        ({"game": "rookery", "config": {"kind": "rookery.config"}}, "$"),
    ],
)
def test_bad_table_settings_get_400(
    client: TestClient, settings: dict[str, Any], message: str
) -> None:
    """A new table's settings are checked by the server and the engine, with the reason."""
    answer = client.post("/api/tables", json=settings)
    assert answer.status_code == 400
    assert message in answer.json()["error"]


def test_hotseat_undo_save_and_load(client: TestClient) -> None:
    """Hotseat undo takes back a step; a table's save lists, downloads and loads back where
    the game was, by the host's link; an uploaded save resumes too; a seats table refuses
    undo, a seat link every save route, and a tampered save is refused."""
    links = _table(client, "hotseat", "peacock")
    host = _token(links["host"])
    match = _match(client, links)
    for _ in range(3):
        seat = match.to_act()[0]
        action = match.legal_actions(seat)[0]
        assert client.post(f"/api/play/{host}/action", content=codec.dumps(action)).is_success
        match = _match(client, links)
    assert client.post(f"/api/play/{host}/undo").json()["steps"] == 2
    saved = client.post(f"/api/play/{host}/save").json()
    assert saved["steps"] == 2
    assert client.get(f"/api/play/{host}/saves").json() == [saved]
    loaded = client.post(f"/api/play/{host}/load?mode=hotseat&save={saved['save']}").json()
    assert client.get(f"/api/play/{_token(loaded['host'])}/state").json()["steps"] == 2
    download = client.get(f"/api/play/{host}/saves/{saved['save']}")
    assert "attachment" in download.headers["content-disposition"]
    text = download.text
    uploaded = client.post("/api/load?mode=seats", content=text)
    assert uploaded.status_code == 201 and len(uploaded.json()["seats"]) == 2
    record = codec.loads(sim.LiveRecord, text)
    tampered = json.loads(text)
    tampered["actions"] = tampered["actions"] + tampered["actions"][:1]
    answer = client.post("/api/load", content=json.dumps(tampered))
    assert answer.status_code == 400 and answer.json()["error"]
    assert client.post(f"/api/play/{host}/load?save=../secret").status_code == 404
    assert client.get(f"/api/play/{host}/saves/nope").status_code == 404
    seats = _table(client)
    assert client.post(f"/api/play/{_token(seats['host'])}/undo").status_code == 403
    seat0 = _token(seats["seats"][0])
    for method, path in [
        ("POST", "save"),
        ("GET", "saves"),
        ("GET", f"saves/{saved['save']}"),
        ("POST", f"load?save={saved['save']}"),
    ]:
        assert client.request(method, f"/api/play/{seat0}/{path}").status_code == 403
    # Another table's host link does not open this table's saves.
    other = _token(seats["host"])
    assert client.get(f"/api/play/{other}/saves").json() == []
    assert client.get(f"/api/play/{other}/saves/{saved['save']}").status_code == 404
    assert len(record.actions) == 2


def test_the_seed_is_drawn_unless_the_host_sets_it_and_shown_only_at_the_end(
    client: TestClient,
) -> None:
    """A table without a seed gets 256 random bits; the record (seed included) and the
    replay open to every link once the game is over, not before."""
    links = _table_settings(client, {"game": "rookery", "players": 2, "mode": "seats"})
    match = _match(client, links)
    assert match.seed.bit_length() > 200
    seat0 = _token(links["seats"][0])
    for path in ("record", "replay"):
        answer = client.get(f"/api/play/{seat0}/{path}")
        assert answer.status_code == 403 and "once the game is over" in answer.json()["error"]
    chosen = _table_settings(client, {"game": "rookery", "players": 2, "seed": 7})
    assert _match(client, chosen).seed == 7
    table = client.app.state.server.tables[links["table"]]  # type: ignore[attr-defined]
    while not table.match.is_terminal:
        seat = table.match.to_act()[0]
        token = _token(links["seats"][seat])
        action = table.match.legal_actions(seat)[0]
        assert client.post(f"/api/play/{token}/action", content=codec.dumps(action)).is_success
    shown = codec.loads(sim.Record, client.get(f"/api/play/{seat0}/record").content)
    assert shown == table.match.record()
    last = client.get(f"/api/play/{seat0}/replay?seat=1&step=3").json()
    assert (last["seat"], last["steps"], last["legal"]) == (1, 3, [])
    assert last["view"] == json.loads(codec.dumps(table.match.rewind(3).view(1)))


def test_players_name_their_seats(client: TestClient) -> None:
    """A seat link names its own seat, trimmed to printable text of at most 24 characters;
    everyone at the table sees it."""
    links = _table(client)
    seat1 = _token(links["seats"][1])
    answer = client.post(f"/api/play/{seat1}/name", json={"name": " <b>Ada</b>\x00\n" + "x" * 40})
    assert answer.json()["player_names"] == [None, "<b>Ada</b> " + "x" * 13]
    seat0 = client.get(f"/api/play/{_token(links['seats'][0])}/state").json()
    assert seat0["player_names"][1].startswith("<b>Ada</b>")
    assert client.post(f"/api/play/{seat1}/name", json={"name": 5}).status_code == 400
    host = _token(links["host"])
    assert client.post(f"/api/play/{host}/name", json={"name": "x", "seat": 0}).status_code == 403


def test_the_pages_and_the_client_modules_are_served(client: TestClient) -> None:
    """The home page, a play page and the client's modules are plain static files."""
    assert "app.js" in client.get("/").text
    assert "app.js" in client.get("/play/anything").text
    for name in ("app.js", "boards.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_the_game_list_gives_each_config_field_its_schema(client: TestClient) -> None:
    """The lobby's option form is made from each game's default configs and the JSON Schema
    of every config field, with its description."""
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert set(games) == set(birdgames.games())
    for name, game in games.items():
        for config in game["configs"].values():
            assert set(config) <= set(game["options"]), name
    perch = games["perch_bop"]["options"]
    assert perch["optional_nests"]["type"] == "boolean"
    assert "pond_emonium" in perch["expansions"]["description"]
    season = games["peacock"]["options"]["starting_season"]["anyOf"]
    assert {"enum": ["blue", "orange"]} in season
