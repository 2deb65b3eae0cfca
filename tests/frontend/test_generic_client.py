"""A generic frontend: plays and draws every game through the common view shape and words.

It imports nothing game-specific: each engine comes from its name alone, through the typed
`get_game`/`get_words`, and everything else goes through `Game`, `ViewLike` and `Words`.
`mypy --strict` checks this module (the project's mypy run covers tests/) with zero casts.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path
from typing import Final, TypeVar, assert_type

import attrs

from birdgames import ActionLike, Game, ViewLike, Words, codec, get_game, get_words
from birdgames.rng import Rng, below

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A", bound=ActionLike)
V = TypeVar("V", bound=ViewLike)
E = TypeVar("E")

SAVE_EVERY: Final = 25  # steps between two save-and-load round trips of the live state


@attrs.frozen
class Screen:
    """What the client showed one seat on one turn: the table, the menu, what happened."""

    seat: int
    table: str
    menu: tuple[str, ...]
    happened: tuple[str, ...]


@attrs.frozen
class Finished:
    """A finished game as the client saw it."""

    screens: tuple[Screen, ...]
    final_table: str
    scores: tuple[int, ...]
    phase: str


def play(game: Game[C, S, A, V, E], words: Words[V, A, E], players: int, seed: int) -> Finished:
    """Plays a game to its end choosing at random, drawing each seat's screen as it goes."""
    state = game.new_game(game.default_config(players), seed)
    rng = Rng.from_seed(seed)
    screens: list[Screen] = []
    happened: list[list[str]] = [[] for _ in range(players)]
    steps = 0
    while True:
        table = game.view(state, None)
        assert_type(table.scores, tuple[int, ...])
        if table.is_terminal:
            break
        seat = table.to_act[0]  # in a simultaneous phase any seat to act may go first
        view = game.view(state, seat)
        assert view.player == seat and len(view.seats) == view.players == players
        # Every seat view has its score and hand size (SeatLike), whatever the game.
        assert [s.score for s in view.seats] == list(view.scores)
        assert all(type(s.hand_size) is int and s.hand_size >= 0 for s in view.seats)
        legal = game.legal_actions(state, seat)
        menu = tuple(f"{i + 1}. {words.describe_action(view, a)}" for i, a in enumerate(legal))
        screens.append(Screen(seat, words.render(view), menu, tuple(happened[seat])))
        happened[seat].clear()
        index, rng = below(rng, len(legal))
        chosen: A = legal[index]
        state, events = game.step(state, chosen)
        for other in range(players):
            after = game.view(state, other)
            seen = game.visible_events(events, other)
            happened[other] += [words.describe_event(after, e) for e in seen]
        steps += 1
        if steps % SAVE_EVERY == 0:
            state = codec.loads(game.state_type, codec.dumps(state))
            loaded = codec.loads_action(codec.dumps(chosen))
            assert isinstance(loaded, game.action_types) and loaded == chosen
    final = game.view(state, None)
    return Finished(tuple(screens), words.render(final), final.scores, final.phase.name)


def _check(finished: Finished, players: int) -> None:
    assert finished.phase == "OVER"
    assert len(finished.scores) == players
    assert "over" in finished.final_table
    assert all(screen.menu for screen in finished.screens)
    assert {screen.seat for screen in finished.screens} == set(range(players))
    assert any(screen.happened for screen in finished.screens)


def test_the_client_plays_perch() -> None:
    """Perch plays to its end through the common shape and its words."""
    _check(play(get_game("perch_bop"), get_words("perch_bop"), 3, 1), 3)


def test_the_client_plays_peacock() -> None:
    """Peacock plays to its end through the common shape and its words."""
    _check(play(get_game("peacock"), get_words("peacock"), 4, 1), 4)


def test_the_client_plays_rookery() -> None:
    """Rookery plays to its end through the common shape and its words."""
    _check(play(get_game("rookery"), get_words("rookery"), 2, 1), 2)


def test_the_client_needs_no_cast_and_no_game_import() -> None:
    """This module imports no game package, names neither `cast` nor `Any`, and never
    silences the checker."""
    source = Path(__file__).read_text()
    tree = ast.parse(source)
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert not [m for m in modules if m.startswith("birdgames.") and m != "birdgames.rng"]
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert not names & {"cast", "Any", "AnyGame", "AnyWords"}
    comments = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
                if t.type == tokenize.COMMENT]  # fmt: skip
    assert not [c for c in comments if "type:" in c]
