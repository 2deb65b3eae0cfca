"""The common view shape and event names (docs/contract.md "One shape"), over every engine."""

from __future__ import annotations

import enum
from typing import Any, Final, assert_type

import pytest

from birdgames import (
    AnyGame,
    ViewLike,
    Words,
    codec,
    games,
    get_game,
    get_words,
    peacock,
    perch_bop,
    rookery,
)
from birdgames.peacock import PeacockGame
from birdgames.perch_bop import PerchGame
from birdgames.rng import Rng, below
from birdgames.rookery import RookeryGame

GAMES_PER_COUNT: Final = 2

# Event names every engine shares: the end, and what each engine must not call otherwise.
RETIRED_SUFFIXES: Final = ("Began", "Over")


def _check_shape(game: AnyGame, state: Any, view: ViewLike, seat: int | None) -> None:
    players = len(game.scores(state))
    assert view.player == seat
    assert view.players == players
    assert len(view.seats) == players
    assert view.to_act == game.to_act(state)
    assert isinstance(view.phase, enum.Enum)
    assert type(view.phase).__name__ == "Phase"
    assert view.scores == game.scores(state)
    assert view.is_terminal == game.is_terminal(state)
    assert (view.phase.name == "OVER") == view.is_terminal
    if view.decision is not None:
        assert view.to_act, "a pending decision needs someone to answer it"


# Whether random games of each engine meet a pending decision: Perch's objectives and turns,
# Rookery's ambushes and targets; Peacock never waits on one player's answer.
HAS_DECISIONS: Final = {"perch_bop": True, "peacock": False, "rookery": True}


@pytest.mark.parametrize("name", list(games()))
def test_every_view_has_the_common_part(name: str) -> None:
    """Each seat's and the spectator's view carries the common part, agreeing with the game."""
    game = get_game(name)
    decisions = 0
    for players in game.player_counts:
        for seed in range(GAMES_PER_COUNT):
            state = game.new_game(game.default_config(players), seed)
            rng = Rng.from_seed(seed)
            step = 0
            while True:
                for seat in (None, *range(players)):
                    if step % 3 == 0 or game.is_terminal(state):
                        view = game.view(state, seat)
                        _check_shape(game, state, view, seat)
                        decisions += view.decision is not None
                if game.is_terminal(state):
                    break
                player = game.to_act(state)[0]
                legal = game.legal_actions(state, player)
                index, rng = below(rng, len(legal))
                state = game.apply(state, legal[index])
                step += 1
    assert (decisions > 0) == HAS_DECISIONS[name]


@pytest.mark.parametrize("name", list(games()))
def test_the_common_part_survives_the_codec(name: str) -> None:
    """The common fields are fields of the View document, not computed on the side."""
    game = get_game(name)
    players = game.player_counts[0]
    state = game.new_game(game.default_config(players), 3)
    view = game.view(state, 0)
    text = codec.dumps(view)
    for field in ("player", "players", "seats", "to_act", "phase", "scores", "is_terminal"):
        assert f'"{field}"' in text
    assert codec.loads(game.view_type, text) == view


@pytest.mark.parametrize("name", list(games()))
def test_every_game_ends_with_game_ended(name: str) -> None:
    """The last step reports one `GameEnded` whose winners are the game's winners."""
    game = get_game(name)
    players = game.player_counts[0]
    state = game.new_game(game.default_config(players), 11)
    rng = Rng.from_seed(11)
    events: tuple[Any, ...] = ()
    while not game.is_terminal(state):
        player = game.to_act(state)[0]
        legal = game.legal_actions(state, player)
        index, rng = below(rng, len(legal))
        state, events = game.step(state, legal[index])
    ended = [e for e in events if type(e).__name__ == "GameEnded"]
    assert len(ended) == 1
    assert ended[0].winners == game.winners(state)


@pytest.mark.parametrize("name", list(games()))
def test_event_names_follow_the_common_vocabulary(name: str) -> None:
    """Event classes say `...Started`/`...Ended`, never `...Began`/`...Over`."""
    game = get_game(name)
    names = {cls.__name__ for cls in game.event_types}
    assert "GameEnded" in names
    assert not [n for n in names if n.endswith(RETIRED_SUFFIXES)]


@pytest.mark.parametrize("name", list(games()))
def test_game_knows_its_document_types(name: str) -> None:
    """config_type, state_type, view_type, action_types and event_types load documents."""
    game = get_game(name)
    players = game.player_counts[0]
    config = game.default_config(players)
    state = game.new_game(config, 5)
    assert codec.loads(game.config_type, codec.dumps(config)) == config
    assert codec.loads(game.state_type, codec.dumps(state)) == state
    view = game.view(state, None)
    assert codec.loads(game.view_type, codec.dumps(view)) == view
    action = game.legal_actions(state, game.to_act(state)[0])[0]
    loaded = codec.loads_action(codec.dumps(action))
    assert isinstance(loaded, game.action_types)
    assert loaded == action
    assert all(cls.kind.startswith(f"{name}.") for cls in game.event_types)
    assert all(cls.kind.startswith(f"{name}.") for cls in game.action_types)


def test_get_game_is_typed_by_name() -> None:
    """mypy checks these `assert_type`s; at run time they are the registered engines."""
    perch_game = assert_type(get_game("perch_bop"), PerchGame)
    peacock_game = assert_type(get_game("peacock"), PeacockGame)
    rookery_game = assert_type(get_game("rookery"), RookeryGame)
    assert (perch_game.name, peacock_game.name, rookery_game.name) == (
        "perch_bop",
        "peacock",
        "rookery",
    )
    shaped: tuple[ViewLike, ...] = (
        perch_game.view(perch_game.new_game(perch_game.default_config(2), 0), 0),
        peacock_game.view(peacock_game.new_game(peacock_game.default_config(2), 0), 0),
        rookery_game.view(rookery_game.new_game(rookery_game.default_config(2), 0), 0),
    )
    assert all(view.players == 2 for view in shaped)
    assert_type(get_words("perch_bop"), Words[perch_bop.View, perch_bop.Action, perch_bop.Event])
    assert_type(get_words("peacock"), Words[peacock.View, peacock.Action, peacock.Event])
    assert_type(get_words("rookery"), Words[rookery.View, rookery.Action, rookery.Event])
    assert get_words("rookery") is rookery.WORDS
