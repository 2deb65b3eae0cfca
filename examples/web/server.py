"""The reference web frontend: a small game server for every birdgames engine.

python examples/web/server.py [--host 127.0.0.1] [--port 8000] [--saves DIR]

The server holds each game as a `sim.Match` in memory and sends each client only its seat's
view, its legal actions and its visible events, all as JSON with their words; actions come
back as JSON documents and the engine checks them. A table is played either in hotseat mode
(one device, one link, undo allowed) or one seat per browser (a secret link per seat, the
seat's view pushed over a WebSocket after every step). Saves go to files on disk, because a
save holds every secret of the game (its seed fixes every shuffle).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Literal

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

import birdgames
from birdgames import AnyGame, AnyWords, codec, sim

STATIC: Final = Path(__file__).resolve().parent / "static"
# A posted action or a new table's settings is a few hundred bytes; anything far larger is
# refused before it is read to the end.
MAX_POST_BYTES: Final = 16 * 1024
# An uploaded save is a LiveRecord: the codec refuses more than this anyway.
MAX_UPLOAD_BYTES: Final = codec.MAX_DOCUMENT_BYTES
MAX_TABLES: Final = 10_000
# How many of its latest events a seat's payload carries.
LOG_LENGTH: Final = 60
SAVE_NAME: Final = re.compile(r"^[0-9a-f]{16}\.json$")

Mode = Literal["hotseat", "seats"]
Payload = dict[str, Any]


def _document(value: object) -> Any:
    """Returns the codec's JSON document of `value` as plain JSON values."""
    return json.loads(codec.dumps(value))


def _names(words: AnyWords, document: Any, into: dict[str, str]) -> None:
    """Collects the display name of every id string in a view document."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key != "kind":
                _names(words, value, into)
    elif isinstance(document, list):
        for value in document:
            _names(words, value, into)
    elif isinstance(document, str) and document not in into:
        into[document] = words.card_name(document)


def seat_payload(
    game: AnyGame, state: Any, seat: int | None, log: Sequence[str], steps: int
) -> Payload:
    """Returns everything `seat` (None: a spectator) is sent about `state`, as JSON values.

    It is built from the seat's view, its legal actions and the events it was told, with the
    game's words for each, and from nothing else: two states that differ only in what the
    seat cannot see give the same payload.
    """
    words: AnyWords = birdgames.get_words(game.name)
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat) if seat is not None else ()
    document = _document(view)
    names: dict[str, str] = {}
    _names(words, document, names)
    return {
        "game": game.name,
        "seat": seat,
        "steps": steps,
        "players": view.players,
        "to_act": list(view.to_act),
        "scores": list(view.scores),
        "is_terminal": view.is_terminal,
        # The winners are public once the game is over.
        "winners": list(game.winners(state)) if view.is_terminal else [],
        "view": document,
        "names": names,
        "text": words.render(view),
        "legal": [
            {"text": words.describe_action(view, action), "action": _document(action)}
            for action in legal
        ],
        "log": list(log[-LOG_LENGTH:]),
    }


class Table:
    """One game in memory: its match, each seat's event log and the clients listening."""

    def __init__(self, game: AnyGame, match: sim.Match[Any, Any, Any, Any, Any], mode: Mode):
        self.id = secrets.token_hex(8)
        self.game = game
        self.words: AnyWords = birdgames.get_words(game.name)
        self.match = match
        self.mode: Mode = mode
        self.players = match.view(None).players
        self.host = secrets.token_urlsafe(18)
        self.seat_tokens = (
            tuple(secrets.token_urlsafe(18) for _ in range(self.players)) if mode == "seats" else ()
        )
        self.logs: list[list[str]] = [[] for _ in range(self.players)]
        self.spectator_log: list[str] = []
        self.listeners: set[asyncio.Event] = set()
        self._cache: dict[int | None, Payload] = {}

    def payload(self, seat: int | None) -> Payload:
        """Returns what `seat` is sent now (cached until the next step)."""
        cached = self._cache.get(seat)
        if cached is None:
            log = self.spectator_log if seat is None else self.logs[seat]
            cached = seat_payload(self.game, self.match.state, seat, log, self.match.steps)
            cached["mode"] = self.mode
            self._cache[seat] = cached
        return cached

    def play(self, action: Any) -> None:
        """Plays `action` (the engine checks it) and tells each seat what it may know."""
        self.match, events = self.match.play(action)
        for seat in range(self.players):
            after = self.match.view(seat)
            for event in self.game.visible_events(events, seat):
                self.logs[seat].append(self.words.describe_event(after, event))
        spectator = self.match.view(None)
        for event in self.game.visible_events(events, None):
            self.spectator_log.append(self.words.describe_event(spectator, event))
        self._changed()

    def undo(self) -> None:
        """Takes back the last step; every seat is told so instead of what it no longer saw."""
        self.match = self.match.undo()
        line = f"step {self.match.steps + 1} was undone"
        for log in [*self.logs, self.spectator_log]:
            log.append(line)
        self._changed()

    def _changed(self) -> None:
        self._cache.clear()
        for listener in self.listeners:
            listener.set()

    def links(self) -> Payload:
        """Returns the table's links: the host's and, one per seat, the seats' secret ones."""
        return {
            "table": self.id,
            "game": self.game.name,
            "mode": self.mode,
            "players": self.players,
            "host": f"/play/{self.host}",
            "seats": [f"/play/{token}" for token in self.seat_tokens],
        }


class Access:
    """What a token opens: a table, and the seat it plays (None for the host)."""

    def __init__(self, table: Table, seat: int | None):
        self.table = table
        self.seat = seat


class Server:
    """Every table in memory, found by its tokens; saves in `saves`."""

    def __init__(self, saves: Path):
        self.saves = saves
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, Access] = {}

    def add(self, table: Table) -> Table:
        if len(self.tables) >= MAX_TABLES:
            raise HTTPException(503, "the server holds as many games as it can")
        self.tables[table.id] = table
        self.tokens[table.host] = Access(table, None)
        for seat, token in enumerate(table.seat_tokens):
            self.tokens[token] = Access(table, seat)
        return table

    def access(self, token: str) -> Access:
        found = self.tokens.get(token)
        if found is None:
            # A wrong token learns nothing, not even whether a table exists.
            raise HTTPException(404, "no such game")
        return found


def _error(status: int, message: str) -> HTTPException:
    return HTTPException(status, message)


async def _read_body(request: Request, limit: int) -> bytes:
    """Returns the request's body, refusing one over `limit` bytes before reading it all."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise _error(413, f"the request is over {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _error(413, f"the request is over {limit} bytes")
    return bytes(body)


async def _read_json_object(request: Request) -> dict[str, Any]:
    body = await _read_body(request, MAX_POST_BYTES)
    try:
        value = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise _error(400, f"the body is not JSON: {str(error)[:80]}") from None
    if not isinstance(value, dict):
        raise _error(400, "the body must be a JSON object")
    return value


def _int_field(settings: dict[str, Any], key: str, default: int | None = None) -> int:
    value = settings.get(key, default)
    if type(value) is not int:
        raise _error(400, f"{key} must be an integer")
    return value


def _seat_query(request: Request, access: Access) -> int | None:
    """Returns the seat whose payload a request asks for, if its token opens it."""
    asked = request.query_params.get("seat")
    table = access.table
    if access.seat is not None:
        return access.seat
    if asked is None or asked == "":
        return None
    if table.mode != "hotseat":
        raise _error(403, "the host link shows the table as a spectator")
    if not asked.isdigit() or int(asked) >= table.players:
        raise _error(400, f"seat must be a number from 0 to {table.players - 1}")
    return int(asked)


def create_app(saves: Path) -> Starlette:
    """Returns the ASGI app, keeping its games in memory and its save files in `saves`."""
    server = Server(saves)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> Response:
        listing = []
        for name, game in sorted(birdgames.games().items()):
            configs = {
                str(players): _document(game.default_config(players))
                for players in game.player_counts
            }
            listing.append(
                {"name": name, "player_counts": list(game.player_counts), "configs": configs}
            )
        return JSONResponse(listing)

    async def create(request: Request) -> Response:
        settings = await _read_json_object(request)
        name = settings.get("game")
        registered = birdgames.games()
        if not isinstance(name, str) or name not in registered:
            raise _error(400, "game must be one of " + ", ".join(sorted(registered)))
        game = registered[name]
        mode = settings.get("mode", "hotseat")
        if mode not in ("hotseat", "seats"):
            raise _error(400, "mode must be hotseat or seats")
        seed = _int_field(settings, "seed", 1)
        try:
            if settings.get("config") is not None:
                config = codec.loads(game.config_type, json.dumps(settings["config"]))
            else:
                config = game.default_config(_int_field(settings, "players", 0))
            match = sim.Match.start(game, config, seed)
        except birdgames.BirdgamesError as error:
            raise _error(400, str(error)) from None
        table = server.add(Table(game, match, mode))
        return JSONResponse(table.links(), status_code=201)

    async def info(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        return JSONResponse(
            {
                "game": table.game.name,
                "mode": table.mode,
                "players": table.players,
                "seat": access.seat,
            }
        )

    async def state(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        return JSONResponse(access.table.payload(_seat_query(request, access)))

    async def act(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        body = await _read_body(request, MAX_POST_BYTES)
        try:
            action = codec.loads_action(body)
        except birdgames.CodecError as error:
            raise _error(400, str(error)) from None
        if not isinstance(action, table.game.action_types):
            raise _error(422, f"that is not an action of {table.game.name}")
        player = action.player
        if access.seat is not None and player != access.seat:
            # Checked before the engine: another seat's refusal reason could tell its secrets.
            raise _error(403, f"this link plays p{access.seat} only")
        if access.seat is None and table.mode != "hotseat":
            raise _error(403, "the host link only watches; play from a seat's link")
        try:
            table.play(action)
        except birdgames.IllegalActionError as error:
            raise _error(409, error.reason) from None
        return JSONResponse(table.payload(player))

    async def undo(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        if table.mode != "hotseat" or access.seat is not None:
            raise _error(403, "undo is for hotseat games, where everyone at the table agrees")
        if table.match.steps == 0:
            raise _error(409, "nothing to undo")
        table.undo()
        return JSONResponse(table.payload(None))

    async def save(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        if access.seat is not None:
            raise _error(403, "only the host link saves: a save holds every secret")
        table = access.table
        server.saves.mkdir(parents=True, exist_ok=True)
        path = server.saves / f"{table.id}.json"
        path.write_text(codec.dumps(table.match.save()))
        return JSONResponse({"file": path.name, "steps": table.match.steps})

    async def list_saves(request: Request) -> Response:
        files = sorted(server.saves.glob("*.json")) if server.saves.is_dir() else []
        return JSONResponse([path.name for path in files if SAVE_NAME.match(path.name)])

    async def load(request: Request) -> Response:
        mode = request.query_params.get("mode", "hotseat")
        if mode not in ("hotseat", "seats"):
            raise _error(400, "mode must be hotseat or seats")
        file = request.query_params.get("file")
        if file is not None:
            if not SAVE_NAME.match(file) or not (server.saves / file).is_file():
                raise _error(404, "no such save")
            text = (server.saves / file).read_bytes()[: MAX_UPLOAD_BYTES + 1]
        else:
            text = await _read_body(request, MAX_UPLOAD_BYTES)
        try:
            saved = codec.loads(sim.LiveRecord, text)
            registered = birdgames.games()
            if saved.game not in registered:
                raise _error(400, f"no engine named {saved.game[:60]!r}")
            game = registered[saved.game]
            match = sim.Match.resume(game, saved)
        except birdgames.BirdgamesError as error:
            raise _error(400, str(error)) from None
        table = server.add(Table(game, match, "hotseat" if mode == "hotseat" else "seats"))
        return JSONResponse(table.links(), status_code=201)

    async def updates(websocket: WebSocket) -> None:
        access = server.tokens.get(websocket.path_params["token"])
        if access is None:
            await websocket.close(code=4404)
            return
        table, seat = access.table, access.seat
        await websocket.accept()
        changed = asyncio.Event()
        table.listeners.add(changed)
        receiver = asyncio.ensure_future(websocket.receive())
        waiter: asyncio.Future[Any] | None = None
        try:
            await websocket.send_json(table.payload(seat))
            while True:
                waiter = asyncio.ensure_future(changed.wait())
                done, _ = await asyncio.wait(
                    {receiver, waiter}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    if receiver.result()["type"] == "websocket.disconnect":
                        break
                    receiver = asyncio.ensure_future(websocket.receive())
                if waiter in done:
                    changed.clear()
                    await websocket.send_json(table.payload(seat))
                else:
                    waiter.cancel()
        finally:
            table.listeners.discard(changed)
            receiver.cancel()
            if waiter is not None:
                waiter.cancel()

    async def refuse(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": error.detail}, status_code=error.status_code)

    routes = [
        Route("/", page),
        Route("/play/{token}", page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/saves", list_saves),
        Route("/api/load", load, methods=["POST"]),
        Route("/api/play/{token}", info),
        Route("/api/play/{token}/state", state),
        Route("/api/play/{token}/action", act, methods=["POST"]),
        Route("/api/play/{token}/undo", undo, methods=["POST"]),
        Route("/api/play/{token}/save", save, methods=["POST"]),
        WebSocketRoute("/api/play/{token}/updates", updates),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: refuse})
    app.state.server = server
    return app


def main(argv: Sequence[str] | None = None) -> int:
    """Starts the server and prints its address; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--saves", type=Path, default=Path("web-saves"), help="save folder")
    args = parser.parse_args(argv)
    app = create_app(args.saves)
    print(f"birdgames web: open http://{args.host}:{args.port}/ (saves in {args.saves})")
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
