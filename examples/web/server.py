"""The reference web frontend: a small game server for every birdgames engine.

python examples/web/server.py [--host 127.0.0.1] [--port 8000] [--db web-data/birdgames.sqlite3]

The server holds each game as a `sim.Match` and sends each client only its seat's view, its
legal actions and its visible events, all as JSON with their words; actions come back as JSON
documents and the engine checks them. A table is played either in hotseat mode (one device,
one link, undo allowed) or one seat per browser (a secret link per seat, the seat's view pushed
over a WebSocket after every step), where any seat may be a bot. Every table, step and save is
written to a database (SQLite by default, see store.py) before the step is acknowledged, so a
restarted server carries on. A table's seed and its saves are secrets until the game ends:
they tell every hidden card.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import random
import secrets
import sys
import unicodedata
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import uvicorn
import web_bots
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from store import SaveRow, SQLiteStore, Store, StoreError, TableRow, settings_document

import birdgames
from birdgames import AnyGame, AnyWords, UnknownIdError, codec, schema, sim
from birdgames.perch_bop import drawing

STATIC: Final = Path(__file__).resolve().parent / "static"
DEFAULT_DB: Final = Path("web-data") / "birdgames.sqlite3"
# A posted action or a new table's settings is a few hundred bytes; anything far larger is
# refused before it is read to the end.
MAX_POST_BYTES: Final = 16 * 1024
# An uploaded save is a LiveRecord: the codec refuses more than this anyway.
MAX_UPLOAD_BYTES: Final = codec.MAX_DOCUMENT_BYTES
MAX_TABLES: Final = 10_000
MAX_SAVES_PER_TABLE: Final = 100
MAX_NAME_LENGTH: Final = 24
# How many of its latest events a seat's payload carries.
LOG_LENGTH: Final = 60
# A fresh table's seed: as many bits as the engines take, so no search over seeds finds it.
SEED_BITS: Final = 256
TOKEN_BYTES: Final = 18
SETTINGS_FORMAT: Final = 1
# The WebSocket close code for a link whose table does not exist (any more).
GONE: Final = 4404

Mode = Literal["hotseat", "seats"]
Payload = dict[str, Any]
log = logging.getLogger("birdgames.web")


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


def _rules(words: AnyWords, names: Mapping[str, str]) -> dict[str, str]:
    """Returns the rules text of every catalog id among `names` (other strings have none)."""
    rules: dict[str, str] = {}
    for name in names:
        try:
            rules[name] = words.rules_text(name)
        except UnknownIdError:
            continue
    return rules


def _geometry(game: AnyGame, view: Any) -> Payload | None:
    """Returns where to draw the board's Locations and meeting points (Perch only)."""
    if game.name != "perch_bop":
        return None
    board = drawing.board_geometry(view)

    def points(found: Sequence[drawing.Point]) -> list[Payload]:
        return [{"x": point.x, "y": point.y} for point in found]

    return {
        "hex_radius": board.hex_radius,
        "cells": points(board.cells),
        "intersections": points(board.intersections),
        "ponds": points(board.ponds),
        "width": board.width,
        "height": board.height,
    }


def seat_payload(
    game: AnyGame,
    state: Any,
    seat: int | None,
    log: Sequence[str],
    steps: int,
    history: Sequence[Any] = (),
) -> Payload:
    """Returns everything `seat` (None: a spectator) is sent about `state`, as JSON values.

    It is built from the seat's view, its legal actions and the events it was told
    (`history`, oldest first, as `visible_events` gave them), with the game's words for each,
    and from nothing else: two states that differ only in what the seat cannot see give the
    same payload.
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
        "breakdown": [
            {"seat": line.seat, "points": line.points, "source": line.source, "rule": line.rule}
            for line in words.score_breakdown(view, tuple(history))
        ],
        "rules": _rules(words, names),
        "geometry": _geometry(game, view),
    }


def _config_fields(game: AnyGame) -> Payload:
    """Returns the JSON Schema of each field of the game's config: the lobby's option form."""
    document = schema.json_schema(game, "config")
    root = str(document["$ref"]).rsplit("/", 1)[-1]
    definitions: Any = document["$defs"]
    fields: Payload = definitions[root]["properties"]
    return fields


def clean_name(name: object) -> str | None:
    """Returns a player's chosen name as shown to everyone: printable, trimmed, short."""
    if not isinstance(name, str):
        raise HTTPException(400, "name must be a string")
    printable = "".join(
        " " if unicodedata.category(char).startswith(("C", "Z")) else char for char in name
    )
    cleaned = " ".join(printable.split())[:MAX_NAME_LENGTH]
    return cleaned or None


class Entropy:
    """The server's source of secrets: table ids, links and seeds (the OS's by default)."""

    def __init__(self, source: random.Random | None = None) -> None:
        self.source = source if source is not None else secrets.SystemRandom()

    def token(self) -> str:
        raw = self.source.getrandbits(TOKEN_BYTES * 8).to_bytes(TOKEN_BYTES, "big")
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def id(self) -> str:
        return f"{self.source.getrandbits(64):016x}"

    def seed(self) -> int:
        return self.source.getrandbits(SEED_BITS)


class Bot:
    """A bot seat: which policy and, for ISMCTS, its playouts per decision."""

    def __init__(self, kind: str, budget: int | None) -> None:
        self.kind = kind
        self.budget = budget

    def document(self) -> Payload:
        return {"kind": self.kind, "budget": self.budget}

    @classmethod
    def parse(cls, value: object) -> Bot | None:
        if value is None:
            return None
        kind = value.get("kind") if isinstance(value, dict) else value
        if kind not in web_bots.KINDS:
            raise HTTPException(400, "a bot is one of " + ", ".join(web_bots.KINDS))
        budget = value.get("budget") if isinstance(value, dict) else None
        if kind != "ismcts":
            return cls(str(kind), None)
        if budget is None:
            budget = web_bots.DEFAULT_BUDGET
        if type(budget) is not int or not 1 <= budget <= web_bots.MAX_BUDGET:
            raise HTTPException(400, f"an ISMCTS budget is 1 to {web_bots.MAX_BUDGET} playouts")
        return cls("ismcts", budget)


class Table:
    """One game: its match, links, players' names and bots, each seat's event log and the
    clients listening."""

    def __init__(
        self,
        game: AnyGame,
        match: sim.Match[Any, Any, Any, Any, Any],
        mode: Mode,
        *,
        entropy: Entropy | None = None,
        bots: Sequence[Bot | None] = (),
        seed_chosen: bool = False,
    ):
        entropy = entropy or Entropy()
        self.id = entropy.id()
        self.game = game
        self.words: AnyWords = birdgames.get_words(game.name)
        self.match = match
        self.mode: Mode = mode
        self.players = match.view(None).players
        self.host = entropy.token()
        self.seat_tokens = (
            tuple(entropy.token() for _ in range(self.players)) if mode == "seats" else ()
        )
        self.bots: tuple[Bot | None, ...] = tuple(bots) or (None,) * self.players
        self.player_names: list[str | None] = [None] * self.players
        # Whether the host typed the seed (then they know every card; the table is theirs).
        self.seed_chosen = seed_chosen
        self.logs: list[list[str]] = [[] for _ in range(self.players)]
        self.spectator_log: list[str] = []
        # The events each seat (None: the spectator) was told, one tuple per step, for the
        # score breakdown; an undo drops the last.
        self.told: dict[int | None, list[tuple[Any, ...]]] = {
            seat: [] for seat in [*range(self.players), None]
        }
        self.listeners: set[asyncio.Event] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self._cache: dict[int | None, Payload] = {}

    def settings(self) -> TableRow:
        """Returns what the store keeps of the table besides its actions."""
        document = {
            "format": SETTINGS_FORMAT,
            "game": self.game.name,
            "config": _document(self.match.config),
            "seed": hex(self.match.seed),
            "mode": self.mode,
            "host": self.host,
            "seats": list(self.seat_tokens),
            "bots": [None if bot is None else bot.document() for bot in self.bots],
            "names": self.player_names,
            "seed_chosen": self.seed_chosen,
        }
        return TableRow(self.id, settings_document(document))

    @classmethod
    def restore(cls, row: TableRow, actions: Sequence[str]) -> Table:
        """Returns the stored table, its actions replayed through the engine."""
        settings = json.loads(row.settings)
        if settings.get("format") != SETTINGS_FORMAT:
            raise StoreError(f"table {row.id} is stored in an unknown format")
        game = birdgames.get_game(settings["game"])
        config = codec.loads(game.config_type, json.dumps(settings["config"]))
        match = sim.Match.start(game, config, int(settings["seed"], 16))
        table = cls(game, match, settings["mode"], seed_chosen=settings["seed_chosen"])
        table.id = row.id
        table.host = settings["host"]
        table.seat_tokens = tuple(settings["seats"])
        table.bots = tuple(Bot.parse(bot) for bot in settings["bots"])
        table.player_names = list(settings["names"])
        for action in actions:
            table.commit(*table.match.play(codec.loads_action(action)))
        return table

    def payload(self, seat: int | None) -> Payload:
        """Returns what `seat` is sent now (cached until the next change)."""
        cached = self._cache.get(seat)
        if cached is None:
            log = self.spectator_log if seat is None else self.logs[seat]
            cached = seat_payload(
                self.game, self.match.state, seat, log, self.match.steps, self.history(seat)
            )
            cached.update(self.public())
            self._cache[seat] = cached
        return cached

    def history(self, seat: int | None) -> tuple[Any, ...]:
        """Returns every event `seat` (None: the spectator) was told so far, oldest first."""
        return tuple(event for step in self.told[seat] for event in step)

    def public(self) -> Payload:
        """Returns what everyone at the table may know about it besides the game."""
        return {
            "mode": self.mode,
            "player_names": list(self.player_names),
            "bots": [
                None if bot is None else web_bots.describe(bot.kind, bot.budget)
                for bot in self.bots
            ],
        }

    def commit(self, match: sim.Match[Any, Any, Any, Any, Any], events: tuple[Any, ...]) -> None:
        """Takes the step to `match` and tells each seat what it may know of `events`."""
        self.match = match
        for seat in range(self.players):
            after = match.view(seat)
            shown = self.game.visible_events(events, seat)
            self.told[seat].append(shown)
            for event in shown:
                self.logs[seat].append(self.words.describe_event(after, event))
        spectator = match.view(None)
        shown = self.game.visible_events(events, None)
        self.told[None].append(shown)
        for event in shown:
            self.spectator_log.append(self.words.describe_event(spectator, event))
        self.changed()

    def undo(self) -> None:
        """Takes back the last step; every seat is told so instead of what it no longer saw."""
        self.match = self.match.undo()
        for steps in self.told.values():
            if steps:
                steps.pop()
        line = f"step {self.match.steps + 1} was undone"
        for seat_log in [*self.logs, self.spectator_log]:
            seat_log.append(line)
        self.changed()

    def changed(self) -> None:
        self._cache.clear()
        for listener in self.listeners:
            listener.set()

    def links(self) -> Payload:
        """Returns the table's links: the host's and, one per human seat, the seats' secret
        ones (None for a bot)."""
        return {
            "table": self.id,
            "game": self.game.name,
            "mode": self.mode,
            "players": self.players,
            "host": f"/play/{self.host}",
            "seats": [
                None if self.bots[seat] is not None else f"/play/{token}"
                for seat, token in enumerate(self.seat_tokens)
            ],
        }

    def bot_to_act(self) -> int | None:
        return next((seat for seat in self.match.to_act() if self.bots[seat] is not None), None)


class Access:
    """What a token opens: a table, and the seat it plays (None for the host)."""

    def __init__(self, table: Table, seat: int | None):
        self.table = table
        self.seat = seat


class Server:
    """Every table, found by its tokens; the store behind them; the bots' process pool."""

    def __init__(self, store: Store, entropy: Entropy, bot_workers: int):
        self.store = store
        self.entropy = entropy
        self.bot_workers = bot_workers
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, Access] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def load(self) -> None:
        """Reads every stored table back; a table that does not replay stops the server."""
        for row, actions in self.store.tables():
            try:
                table = Table.restore(row, actions)
            except (
                birdgames.BirdgamesError,
                HTTPException,  # a stored bot the server no longer knows
                KeyError,
                TypeError,
                ValueError,
            ) as error:
                raise StoreError(
                    f"table {row.id} in the database does not replay: {error}"
                ) from None
            self._register(table)

    def add(self, table: Table) -> Table:
        if len(self.tables) >= MAX_TABLES:
            raise HTTPException(503, "the server holds as many games as it can")
        self.store.add_table(
            table.settings(), [codec.dumps(action) for action in table.match.actions]
        )
        self._register(table)
        return table

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        self.tokens[table.host] = Access(table, None)
        for seat, token in enumerate(table.seat_tokens):
            if table.bots[seat] is None:
                self.tokens[token] = Access(table, seat)

    def access(self, token: str) -> Access:
        found = self.tokens.get(token)
        if found is None:
            # A wrong token learns nothing, not even whether a table exists.
            raise HTTPException(404, "no such game")
        return found

    def play(self, table: Table, action: Any) -> None:
        """Plays `action` (the engine checks it), stores the step, then tells the table."""
        match, events = table.match.play(action)
        self.store.append_step(table.id, table.match.steps, codec.dumps(action))
        table.commit(match, events)
        self.wake_bots(table)

    def undo(self, table: Table) -> None:
        self.store.truncate(table.id, table.match.steps - 1)
        table.undo()

    def wake_bots(self, table: Table) -> None:
        """Starts the table's bots thinking if one of them is to act."""
        if table.bot_task is None and table.bot_to_act() is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (seat := table.bot_to_act()) is not None:
                bot = table.bots[seat]
                assert bot is not None
                steps = table.match.steps
                chosen = await loop.run_in_executor(
                    self.pool(),
                    web_bots.choose,
                    codec.dumps(table.match.save()),
                    seat,
                    bot.kind,
                    bot.budget,
                    self.entropy.source.getrandbits(64),
                )
                if self.tables.get(table.id) is not table or table.match.steps != steps:
                    continue  # a player moved meanwhile: the bot thinks again
                self.play_bot(table, codec.loads_action(chosen))
        except Exception:
            log.exception("the bots of table %s stopped", table.id)
        finally:
            table.bot_task = None

    def play_bot(self, table: Table, action: Any) -> None:
        match, events = table.match.play(action)
        self.store.append_step(table.id, table.match.steps, codec.dumps(action))
        table.commit(match, events)

    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # Spawned workers: forking a process that runs threads (the event loop's) can
            # deadlock.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.bot_workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self.store.close()


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


def _seat_query(request: Request, access: Access, name: str = "seat") -> int | None:
    """Returns the seat whose payload a request asks for, if its token opens it."""
    asked = request.query_params.get(name)
    table = access.table
    if access.seat is not None:
        return access.seat
    if asked is None or asked == "":
        return None
    if table.mode != "hotseat":
        raise _error(403, "the host link shows the table as a spectator")
    if not asked.isdigit() or int(asked) >= table.players:
        raise _error(400, f"{name} must be a number from 0 to {table.players - 1}")
    return int(asked)


def _mode(request: Request) -> Mode:
    mode = request.query_params.get("mode", "hotseat")
    if mode == "hotseat":
        return "hotseat"
    if mode == "seats":
        return "seats"
    raise _error(400, "mode must be hotseat or seats")


def _host_only(access: Access, what: str) -> Table:
    if access.seat is not None:
        raise _error(403, f"only the host link {what}: a save holds every secret of the game")
    return access.table


def _finished(table: Table, what: str) -> sim.Record:
    if not table.match.is_terminal:
        raise _error(403, f"{what} once the game is over: it tells every hidden card")
    return table.match.record()


def replay_payload(table: Table, seat: int | None, step: int) -> Payload:
    """Returns what `seat` saw after `step` steps of the finished game, from its record."""
    game, match = table.game, table.match
    state = game.new_game(match.config, match.seed)
    told: list[str] = []
    history: list[Any] = []
    for action in match.actions[:step]:
        state, events = game.step(state, action)
        after = game.view(state, seat)
        shown = game.visible_events(events, seat)
        history.extend(shown)
        told.extend(table.words.describe_event(after, e) for e in shown)
    payload = seat_payload(game, state, seat, told, step, history)
    payload.update(table.public())
    payload["legal"] = []
    payload["replay"] = {"step": step, "steps": match.steps}
    return payload


def create_app(
    store: Store | Path | str = DEFAULT_DB,
    *,
    entropy: random.Random | None = None,
    bot_workers: int = 2,
) -> Starlette:
    """Returns the ASGI app, keeping its games in `store` (a database file or a Store).

    `entropy` replaces the OS's randomness for links and seeds (tests only); `bot_workers`
    is the size of the process pool the bots think in.
    """
    if not isinstance(store, SQLiteStore | Path | str):
        opened: Store = store
    elif isinstance(store, SQLiteStore):
        opened = store
    else:
        if str(store) != ":memory:":
            Path(store).parent.mkdir(parents=True, exist_ok=True)
        opened = SQLiteStore(store)
    server = Server(opened, Entropy(entropy), bot_workers)
    server.load()

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
                {
                    "name": name,
                    "player_counts": list(game.player_counts),
                    "configs": configs,
                    "options": _config_fields(game),
                }
            )
        return JSONResponse({"games": listing, "bots": list(web_bots.KINDS)})

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
        chosen = settings.get("seed") is not None
        seed = _int_field(settings, "seed") if chosen else server.entropy.seed()
        try:
            if settings.get("config") is not None:
                config = codec.loads(game.config_type, json.dumps(settings["config"]))
            else:
                config = game.default_config(_int_field(settings, "players", 0))
            match = sim.Match.start(game, config, seed)
        except birdgames.BirdgamesError as error:
            raise _error(400, str(error)) from None
        players = match.view(None).players
        asked = settings.get("bots") or []
        if not isinstance(asked, list) or len(asked) > players:
            raise _error(400, f"bots must be a list of at most {players} seats")
        bots = [Bot.parse(bot) for bot in asked] + [None] * (players - len(asked))
        if any(bots) and mode != "seats":
            raise _error(400, "bots take seats of one-seat-per-browser tables only")
        if all(bots):
            raise _error(400, "at least one seat is a player's")
        table = Table(game, match, mode, entropy=server.entropy, bots=bots, seed_chosen=chosen)
        server.add(table)
        server.wake_bots(table)
        return JSONResponse(table.links(), status_code=201)

    async def info(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        return JSONResponse(
            {
                "game": table.game.name,
                "players": table.players,
                "seat": access.seat,
                "steps": table.match.steps,
                "is_terminal": table.match.is_terminal,
                **table.public(),
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
            server.play(table, action)
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
        server.undo(table)
        return JSONResponse(table.payload(None))

    async def name(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        settings = await _read_json_object(request)
        seat = access.seat
        if seat is None:
            if table.mode != "hotseat":
                raise _error(403, "each player names their own seat from its link")
            seat = _int_field(settings, "seat")
            if not 0 <= seat < table.players:
                raise _error(400, f"seat must be a number from 0 to {table.players - 1}")
        table.player_names[seat] = clean_name(settings.get("name"))
        server.store.update_settings(table.settings())
        table.changed()
        return JSONResponse(table.public())

    async def save(request: Request) -> Response:
        table = _host_only(server.access(request.path_params["token"]), "saves")
        if len(server.store.saves(table.id)) >= MAX_SAVES_PER_TABLE:
            raise _error(409, f"a table keeps at most {MAX_SAVES_PER_TABLE} saves")
        row = SaveRow(
            server.entropy.id(), table.id, table.match.steps, codec.dumps(table.match.save())
        )
        server.store.add_save(row)
        return JSONResponse({"save": row.id, "steps": row.steps})

    async def list_saves(request: Request) -> Response:
        table = _host_only(server.access(request.path_params["token"]), "lists saves")
        return JSONResponse(
            [{"save": row.id, "steps": row.steps} for row in server.store.saves(table.id)]
        )

    def _save_of(table: Table, save_id: str | None) -> SaveRow:
        found = [row for row in server.store.saves(table.id) if row.id == save_id]
        if not found:
            raise _error(404, "this table has no such save")
        return found[0]

    async def download(request: Request) -> Response:
        table = _host_only(server.access(request.path_params["token"]), "downloads saves")
        row = _save_of(table, request.path_params["save"])
        return Response(
            row.record,
            media_type="application/json",
            headers={
                "content-disposition": f'attachment; filename="{table.game.name}-{row.id}.json"'
            },
        )

    def _resume(text: bytes | str, mode: Mode) -> Table:
        try:
            saved = codec.loads(sim.LiveRecord, text)
            registered = birdgames.games()
            if saved.game not in registered:
                raise _error(400, f"no engine named {saved.game[:60]!r}")
            game = registered[saved.game]
            match = sim.Match.resume(game, saved)
        except birdgames.BirdgamesError as error:
            raise _error(400, str(error)) from None
        # A resumed game's seed is known to whoever holds the save.
        return server.add(Table(game, match, mode, entropy=server.entropy, seed_chosen=True))

    async def load_save(request: Request) -> Response:
        table = _host_only(server.access(request.path_params["token"]), "loads saves")
        row = _save_of(table, request.query_params.get("save"))
        return JSONResponse(_resume(row.record, _mode(request)).links(), status_code=201)

    async def upload(request: Request) -> Response:
        mode = _mode(request)
        text = await _read_body(request, MAX_UPLOAD_BYTES)
        return JSONResponse(_resume(text, mode).links(), status_code=201)

    async def record(request: Request) -> Response:
        table = server.access(request.path_params["token"]).table
        finished = _finished(table, "the record is shown")
        return Response(
            codec.dumps(finished),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{table.game.name}.json"'},
        )

    async def replay(request: Request) -> Response:
        access = server.access(request.path_params["token"])
        table = access.table
        _finished(table, "the replay is shown")
        asked = request.query_params.get("seat", "")
        if asked != "" and (not asked.isdigit() or int(asked) >= table.players):
            raise _error(400, f"seat must be a number from 0 to {table.players - 1} or empty")
        step = request.query_params.get("step", str(table.match.steps))
        if not step.isdigit() or int(step) > table.match.steps:
            raise _error(400, f"step must be a number from 0 to {table.match.steps}")
        seat = None if asked == "" else int(asked)
        return JSONResponse(replay_payload(table, seat, int(step)))

    async def updates(websocket: WebSocket) -> None:
        access = server.tokens.get(websocket.path_params["token"])
        await websocket.accept()
        if access is None:
            # Accepted first, so the page reads the code and stops reconnecting.
            await websocket.close(code=GONE, reason="this game no longer exists")
            return
        table, seat = access.table, access.seat
        changed = asyncio.Event()
        table.listeners.add(changed)
        receiver = asyncio.ensure_future(websocket.receive())
        waiter: asyncio.Future[Any] | None = None
        try:
            # A page that (re)connects gets the whole payload now: it carries the step number,
            # so the page resyncs from wherever it was.
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
        except (WebSocketDisconnect, RuntimeError):
            # The page left while a push was on its way (the ASGI server reports a send after
            # the close as a RuntimeError).
            pass
        finally:
            table.listeners.discard(changed)
            receiver.cancel()
            if waiter is not None:
                waiter.cancel()

    async def refuse(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": error.detail}, status_code=error.status_code)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in list(server.tables.values()):
            server.wake_bots(table)
        try:
            yield
        finally:
            server.close()

    routes = [
        Route("/", page),
        Route("/play/{token}", page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/load", upload, methods=["POST"]),
        Route("/api/play/{token}", info),
        Route("/api/play/{token}/state", state),
        Route("/api/play/{token}/action", act, methods=["POST"]),
        Route("/api/play/{token}/undo", undo, methods=["POST"]),
        Route("/api/play/{token}/name", name, methods=["POST"]),
        Route("/api/play/{token}/save", save, methods=["POST"]),
        Route("/api/play/{token}/saves", list_saves),
        Route("/api/play/{token}/saves/{save}", download),
        Route("/api/play/{token}/load", load_save, methods=["POST"]),
        Route("/api/play/{token}/record", record),
        Route("/api/play/{token}/replay", replay),
        WebSocketRoute("/api/play/{token}/updates", updates),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: refuse}, lifespan=lifespan)
    app.state.server = server
    return app


def main(argv: Sequence[str] | None = None) -> int:
    """Starts the server and prints its address; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db", type=Path, default=DEFAULT_DB, help=f"SQLite database (default {DEFAULT_DB})"
    )
    parser.add_argument("--bot-workers", type=int, default=2, help="bot processes (default 2)")
    args = parser.parse_args(argv)
    try:
        app = create_app(args.db, bot_workers=args.bot_workers)
    except StoreError as error:
        print(f"birdgames web: cannot start: {error}", file=sys.stderr)
        return 2
    tables = len(app.state.server.tables)
    print(f"birdgames web: open http://{args.host}:{args.port}/ ({tables} tables from {args.db})")
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
