"""Every route of the web server, called by every seat link and by a visitor without one,
tells them nothing of what they cannot see at the table.

The routes are read from the app's own router, so a route added later is audited without
touching this file (one with a path parameter the audit has no values for fails it). At points
across whole games of each engine, two servers hold the table: one as played, the other with
what the audited seat cannot see changed (the conformance suite's `perturb_hidden`) and a
different seed. The seat (or the visitor) then calls every route with every parameter a
client could send, follows every link it is given, and must get byte-identical answers from
both. Besides, no table it can open may replay the audited table's deal: that would be a
save, or a seed it could type in again.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import json
import random
import re
import tempfile
from collections.abc import Coroutine, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import urlencode

import attrs
import pytest
from starlette.routing import Mount, Route, WebSocketRoute

import birdgames
from birdgames import codec
from tests.conformance.adapters import adapter_for
from tests.profile import PROFILE
from tests.web.support import SERVER_FILE, load_server

T = TypeVar("T")
GAMES_PER_ENGINE: Final = {"quick": 1, "ci": 1, "dev": 4, "soak": 10}[PROFILE]
# Audited steps of each game besides its first and last: every this many steps (the quick
# profile, the check command's other Pythons, half as often).
STRIDE: Final = 40 if PROFILE == "quick" else 20
# Routes that show the finished game's record (its seed, hence every card), as the rules of
# the site allow once the game is over; before that they too must refuse alike.
PUBLIC_AFTER_THE_END: Final = frozenset({"/api/play/{token}/record", "/api/play/{token}/replay"})
# What a link in an answer looks like, and a save's name in the older file-based API.
LINK: Final = re.compile(r"/play/([A-Za-z0-9_\-]{8,})")
SAVE_ID: Final = re.compile(r"\b([0-9a-f]{16})(?:\.json)?\b")
WRONG: Final = "not-a-link-0000000000"


def _query_names(module: Any) -> tuple[str, ...]:
    """Every query parameter the server reads, from its source: what a client could send."""
    source = inspect.getsource(module)
    return tuple(sorted(set(re.findall(r"query_params(?:\.get\(|\[)\s*\"(\w+)\"", source))))


class World:
    """One server holding the audited table, as played or with its hidden part changed."""

    def __init__(self, module: Any, folder: Path, entropy_seed: int) -> None:
        self.module = module
        parameters = inspect.signature(module.create_app).parameters
        if "entropy" in parameters:
            # Both worlds draw the same links and seeds for the tables made while auditing.
            app = module.create_app(":memory:", entropy=random.Random(entropy_seed))
        else:
            app = module.create_app(folder)
        self.app = app
        self.client = Caller(app)
        self.server = app.state.server

    def install(self, driven: Any, match: Any) -> Any:
        """Puts a copy of the driven table holding `match` on this server."""
        table = self.module.Table(driven.game, match, driven.mode)
        for field in ("id", "host", "seat_tokens", "bots", "player_names", "seed_chosen"):
            if hasattr(driven, field):
                setattr(table, field, copy.copy(getattr(driven, field)))
        table.logs = copy.deepcopy(driven.logs)
        table.spectator_log = list(driven.spectator_log)
        if hasattr(driven, "told"):
            table.told = copy.deepcopy(driven.told)
        self.server.add(table)
        return table

    def close(self) -> None:
        close = getattr(self.server, "close", None)
        if close is not None:
            close()

    def tables(self) -> list[Any]:
        return list(self.server.tables.values())

    def normalize(self, text: str) -> str:
        """Names each table's id and links by their order, so the two worlds' compare even
        when a server draws them afresh."""
        for index, table in enumerate(self.tables()):
            names = {table.id: f"<table {index}>", table.host: f"<host {index}>"}
            for seat, token in enumerate(table.seat_tokens):
                names[token] = f"<seat {index}.{seat}>"
            for secret, name in names.items():
                text = text.replace(secret, name)
        return text


class Audit:
    """The calls one link (or none) can make, and what it can learn to make more."""

    def __init__(self, module: Any, world: World, token: str | None, players: int) -> None:
        self.module = module
        self.world = world
        self.players = players
        self.tokens = [WRONG] if token is None else [token, WRONG]
        # The links it starts with; those it learns (tables it made, loaded) are read only.
        self.own = list(self.tokens)
        self.saves: list[str] = ["0000000000000000"]
        self.query_names = _query_names(module)
        self.bodies: list[bytes] = [b"", b"{}", b"[", b'{"name": "Ada"}']
        self.answers: list[str] = []

    def learn(self, text: str) -> None:
        for token in LINK.findall(text):
            if token not in self.tokens:
                self.tokens.append(token)
        for save in SAVE_ID.findall(text):
            if save not in self.saves:
                self.saves.append(save)

    def record(self, label: str, status: int, text: str) -> None:
        self.learn(text)
        self.answers.append(self.world.normalize(f"{label} -> {status} {text}"))

    def queries(self, method: str, token: str | None, follow_up: bool) -> Iterator[dict[str, str]]:
        """The query strings to try: none, each parameter alone with each value a client
        could put there, and for a POST each with each mode. A wrong link gets none (it is
        refused before anything is read); a follow-up reads each seat's view."""
        yield {}
        if token == WRONG:
            return
        modes = ("hotseat", "seats")
        for name in self.query_names:
            if follow_up and name != "seat":
                continue
            if name == "seat":
                values = [*map(str, range(self.players)), "", "x"]
            elif name == "step":
                values = ["0", "1", "999999", "x"]
            elif name == "mode":
                values = list(modes)
            else:
                values = [*self.saves, *(f"{save}.json" for save in self.saves)]
            for value in values:
                yield {name: value}
                if name != "mode" and method == "POST":
                    for mode in modes:
                        yield {name: value, "mode": mode}

    def path_values(self, route: str, name: str, follow_up: bool) -> list[str]:
        if name == "token":
            return self.tokens if follow_up else self.own
        if name == "save":
            return self.saves
        raise AssertionError(f"the audit has no values for {{{name}}} in {route}")

    def paths(self, route: Any, follow_up: bool) -> Iterator[tuple[str, str | None]]:
        """Yields the route's paths with each value of its parameters, and the link used."""
        paths: list[tuple[str, str | None]] = [(route.path, None)]
        for name in route.param_convertors:
            paths = [
                (path.replace(f"{{{name}}}", value), value if name == "token" else token)
                for path, token in paths
                for value in self.path_values(route.path, name, follow_up)
            ]
        yield from paths

    async def sweep(
        self, app: Any, seat: int | None, follow_up: bool, skip: frozenset[str]
    ) -> None:
        """Calls every route; `follow_up` calls only those that change nothing, on every link
        learnt so far."""
        client = self.world.client
        state = await self._own_state(client, seat)
        if state is not None:
            for legal in state.get("legal", []):
                for other in range(self.players):
                    if other != seat:
                        wrong = dict(legal["action"], player=other)
                        self.bodies.append(json.dumps(wrong).encode())
        for route in app.routes:
            if isinstance(route, Mount):
                if not follow_up:
                    static: Any = route.app
                    for file in sorted(Path(static.directory).iterdir()):
                        path = f"{route.path}/{file.name}"
                        self.record(path, *await client.request("GET", path))
                continue
            if route.path in skip:
                continue
            if isinstance(route, WebSocketRoute):
                for path, _ in self.paths(route, follow_up):
                    self.record(f"WS {path}", *await client.websocket(path))
                continue
            assert isinstance(route, Route), f"the audit does not know {route!r}"
            methods = sorted((route.methods or {"GET"}) - {"HEAD"})
            for method in methods:
                if follow_up and method != "GET":
                    continue
                for path, token in list(self.paths(route, follow_up)):
                    for query in self.queries(method, token, follow_up):
                        answer = await client.request(method, path, query)
                        self.record(f"{method} {path} {query}", *answer)
                    if method == "POST" and token != WRONG:
                        for body in [*self.bodies, *self._create_bodies()]:
                            answer = await client.request(method, path, body=body)
                            self.record(f"{method} {path} {body[:200]!r}", *answer)

    async def _own_state(self, client: Caller, seat: int | None) -> Any:
        if seat is None:
            return None
        status, text = await client.request("GET", f"/api/play/{self.tokens[0]}/state")
        return json.loads(text) if status == 200 else None

    def _create_bodies(self) -> list[bytes]:
        table = self.world.tables()[0]
        return [
            json.dumps({"game": table.game.name, "players": self.players, "mode": mode}).encode()
            for mode in ("hotseat", "seats")
        ]


class Caller:
    """Calls the ASGI app directly in one event loop: a test client's thread hop per request
    would cost the audit most of its time."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def _scope(self, kind: str, path: str, query: Mapping[str, str]) -> dict[str, Any]:
        return {
            "type": kind,
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "scheme": "http" if kind == "http" else "ws",
            "path": path,
            "raw_path": path.encode(),
            "query_string": urlencode(query).encode(),
            "root_path": "",
            "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
            "subprotocols": [],
        }

    async def request(
        self, method: str, path: str, query: Mapping[str, str] | None = None, body: bytes = b""
    ) -> tuple[int, str]:
        """Returns the status and body of one HTTP request."""
        scope = self._scope("http", path, query or {})
        scope["method"] = method
        scope["headers"].append((b"content-length", str(len(body)).encode()))
        messages = [{"type": "http.request", "body": body, "more_body": False}]
        status, answer = [0], bytearray()

        async def receive() -> dict[str, Any]:
            return messages.pop() if messages else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            elif message["type"] == "http.response.body":
                answer.extend(message.get("body", b""))

        await asyncio.wait_for(self.app(scope, receive, send), 30)
        return status[0], answer.decode()

    async def websocket(self, path: str) -> tuple[int, str]:
        """Connects, takes the first message (or the close) and leaves."""
        scope = self._scope("websocket", path, {})
        incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        incoming.put_nowait({"type": "websocket.connect"})
        outcome: list[tuple[int, str]] = []

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "websocket.send" and not outcome:
                outcome.append((101, message.get("text") or repr(message.get("bytes"))))
                incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
            elif message["type"] == "websocket.close" and not outcome:
                outcome.append((message.get("code", 1000), "closed"))

        await asyncio.wait_for(self.app(scope, incoming.get, send), 30)
        return outcome[0] if outcome else (0, "no answer")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coroutine)


def _audit_point(
    module: Any, name: str, driven: Any, seat: int | None, perturb_for: int, salt: int
) -> None:
    """Both worlds answer `seat`'s (None: a visitor's) every call alike, and nothing it can
    open replays the table's deal."""
    perturb = adapter_for(name).perturb_hidden
    terminal = driven.match.is_terminal
    hidden = perturb(driven.match.state, perturb_for, salt)
    rng = random.Random(salt)
    other_seed = rng.getrandbits(64) | 1 << 80
    matches = [driven.match, attrs.evolve(driven.match, seed=other_seed, state=hidden)]
    with tempfile.TemporaryDirectory() as folder:
        worlds = [World(module, Path(folder) / str(k), salt) for k in range(2)]
        try:
            audits = []
            for world, match in zip(worlds, matches, strict=True):
                audited = world.install(driven, match)
                # The host saves the table before the audited link calls anything.
                status, text = run(world.client.request("POST", f"/api/play/{audited.host}/save"))
                assert status in (200, 201), text
                token = None if seat is None else audited.seat_tokens[seat]
                audit = Audit(module, world, token, audited.players)
                skip = PUBLIC_AFTER_THE_END if terminal else frozenset()
                run(audit.sweep(world.app, seat, follow_up=False, skip=skip))
                run(audit.sweep(world.app, seat, follow_up=True, skip=skip))
                audits.append(audit)
            first, second = (audit.answers for audit in audits)
            assert len(first) == len(second), (name, seat)
            for one, other in zip(first, second, strict=True):
                assert one == other, (
                    f"{name}, {_who(seat)} tells apart: {one[:300]} | {other[:300]}"
                )
            # No table the link can open deals the audited table's cards.
            world = worlds[0]
            audited = world.tables()[0]
            reachable = {
                world.server.tokens[token].table.id
                for token in audits[0].tokens
                if token in world.server.tokens
            }
            for table in world.tables()[1:]:
                same_deal = (table.match.config, table.match.seed) == (
                    audited.match.config,
                    audited.match.seed,
                )
                assert not (same_deal and table.id in reachable), (
                    f"{name}: {_who(seat)} opens a table dealt as the audited one "
                    f"(step {driven.match.steps})"
                )
        finally:
            for world in worlds:
                world.close()


def _who(seat: int | None) -> str:
    return "a visitor without a link" if seat is None else f"p{seat}'s link"


@pytest.mark.parametrize("name", list(birdgames.games()))
def test_no_route_tells_a_link_what_its_seat_cannot_see(name: str, tmp_path: Path) -> None:
    """Whole games of each engine in seats mode, audited at their first, last and every
    STRIDE-th step for every seat's link and for no link."""
    module = load_server()
    game = birdgames.get_game(name)
    players = min(game.player_counts)
    audited_points = 0
    for number in range(GAMES_PER_ENGINE):
        rng = random.Random(f"{name}{number}")
        driver = World(module, tmp_path / f"driver{number}", rng.getrandbits(32))
        try:
            settings = {"game": name, "players": players, "mode": "seats"}
            status, text = run(
                driver.client.request("POST", "/api/tables", body=json.dumps(settings).encode())
            )
            assert status == 201, text
            driven = driver.tables()[0]
            while True:
                steps = driven.match.steps
                if steps % STRIDE == 0 or driven.match.is_terminal:
                    for seat in [*range(players), None]:
                        perturb_for = (steps // STRIDE) % players if seat is None else seat
                        _audit_point(module, name, driven, seat, perturb_for, rng.getrandbits(32))
                    audited_points += 1
                if driven.match.is_terminal:
                    break
                actor = driven.match.to_act()[0]
                action = rng.choice(driven.match.legal_actions(actor))
                path = f"/api/play/{driven.seat_tokens[actor]}/action"
                status, text = run(
                    driver.client.request("POST", path, body=codec.dumps(action).encode())
                )
                assert status == 200, text
        finally:
            driver.close()
    assert audited_points >= 2 * GAMES_PER_ENGINE, SERVER_FILE
