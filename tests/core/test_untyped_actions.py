"""Hand-built actions with fields of any type are refused, never crash, never corrupt.

Untyped callers (a server decoding a client's move by hand, another language, an attacker)
can put anything in an action's fields. `check` answers with a short reason, `step` and
`apply` raise IllegalActionError, and the state given stays as it was.
"""

import copy
import importlib
import random
from typing import Any, Final

import attrs
import pytest

from birdgames import AnyGame, IllegalActionError, InvalidConfigError, games, get_game
from birdgames.peacock import Season, Slot
from birdgames.peacock.actions import Source, TuckIsland
from birdgames.perch_bop.actions import Place
from birdgames.rookery import Zone
from birdgames.rookery.actions import DraftHabitat, NestBird
from birdgames.rookery.cards import Habitat

REASON_LIMIT: Final = 400  # a refusal says what is wrong in a sentence, never a whole value
HUGE_TEXT: Final = "x" * 10_000_000
HUGE_INT: Final = 10**5000  # beyond the digits str() converts by default

BAD_VALUES: Final[tuple[object, ...]] = (
    "3",
    1.0,
    float("nan"),
    None,
    (1,),
    [1],
    {"a": 1},
    True,
    False,
    -1,
    2**64,
    HUGE_INT,
    HUGE_TEXT,
    "\ud800",
    object(),
    Zone.MIDDLE,
    Habitat.FOREST,
    Season.BLUE,
    Slot.LEFT,
    Source.ASIDE,
    DraftHabitat(0, Zone.LEFT, Habitat.FOREST),
    Place(0, 0, "great_ash", True),
)


def _action_classes(name: str) -> tuple[type, ...]:
    classes: tuple[type, ...] = importlib.import_module(f"birdgames.{name}.actions").ACTION_CLASSES
    return classes


def _states(game: AnyGame, count: int = 3) -> list[Any]:
    """The set-up state and a few states along a seeded random game."""
    players = min(game.player_counts)
    state = game.new_game(game.default_config(players), 5)
    rng = random.Random(5)
    states = [state]
    for step in range(120):
        if game.is_terminal(state):
            break
        player = rng.choice(game.to_act(state))
        state = game.apply(state, rng.choice(game.legal_actions(state, player)))
        if step % (120 // count) == 0:
            states.append(state)
    return states


def _well_typed_fields(game: AnyGame, state: Any, cls: type) -> dict[str, object]:
    """Fields of a listed action of `cls` if one is legal now, else plain defaults."""
    for player in game.to_act(state):
        for action in game.legal_actions(state, player):
            if type(action) is cls:
                return {f.alias: getattr(action, f.name) for f in attrs.fields(cls)}
    return {f.alias: 0 for f in attrs.fields(cls)}


def expect_refused(game: AnyGame, state: Any, action: object) -> None:
    """check gives a short reason; apply and step raise a printable IllegalActionError."""
    before = copy.deepcopy(state)
    reason = game.check(state, action)
    assert isinstance(reason, str) and reason.strip(), f"check accepts {type(action).__name__}"
    assert len(reason) < REASON_LIMIT, f"a reason of {len(reason)} characters"
    for method in (game.apply, game.step):
        with pytest.raises(IllegalActionError) as caught:
            method(state, action)
        assert caught.value.action is action
        assert len(str(caught.value)) < 2 * REASON_LIMIT
    assert state == before


@pytest.mark.parametrize(
    ("name", "action"),
    [
        ("rookery", DraftHabitat(0, "middle", "forest")),  # type: ignore[arg-type]
        ("rookery", NestBird(0, "heron", "middle")),  # type: ignore[arg-type]
        ("rookery", NestBird(0, HUGE_TEXT, Zone.LEFT)),
        ("peacock", TuckIsland(0, "isle", 0, "blue")),  # type: ignore[arg-type]
        ("perch_bop", Place(0, 1.0, "great_ash", True)),  # type: ignore[arg-type]
        ("perch_bop", Place(0, HUGE_INT, "great_ash", True)),
    ],
    ids=["draft-strings", "nest-zone-string", "nest-huge-card", "tuck-half", "place-float", "huge"],
)
def test_reported_actions_are_refused(name: str, action: object) -> None:
    """The actions that crashed apply with AttributeError or TypeError are refused."""
    game = get_game(name)
    expect_refused(game, game.new_game(game.default_config(2), 1), action)


@pytest.mark.parametrize("name", sorted(games()))
def test_every_field_of_every_action_refuses_every_wrong_type(name: str) -> None:
    """Each field given each wrong value, on states along a game, is refused cleanly."""
    game = get_game(name)
    tried = 0
    for state in _states(game):
        for cls in _action_classes(name):
            good = _well_typed_fields(game, state, cls)
            for field in attrs.fields(cls):
                for value in BAD_VALUES:
                    if type(value) is type(good[field.alias]) and field.name != "player":
                        continue  # well typed: may be legal
                    if field.name == "player" and type(value) is int and 0 <= value < 2:
                        continue
                    action = cls(**{**good, field.alias: value})
                    expect_refused(game, state, action)
                    tried += 1
    assert tried > 500


@pytest.mark.parametrize("name", sorted(games()))
def test_a_subclass_of_an_action_is_refused(name: str) -> None:
    """Only the game's own classes are actions: a subclass could change its fields' meaning."""
    game = get_game(name)
    state = game.new_game(game.default_config(2), 1)
    player = game.to_act(state)[0]
    legal = game.legal_actions(state, player)[0]
    sub = attrs.make_class("Sneaky", {}, bases=(type(legal),))
    sneaky = sub(*(getattr(legal, f.name) for f in attrs.fields(type(legal))))
    assert game.check(state, legal) is None
    expect_refused(game, state, sneaky)


@pytest.mark.parametrize("name", sorted(games()))
@pytest.mark.parametrize(
    "player",
    [True, False, 1.0, "0", None, -1, 5, 2**70, HUGE_TEXT],
    ids=["True", "False", "float", "str", "None", "negative", "off-table", "huge", "huge-str"],
)
def test_legal_actions_refuses_what_is_no_seat(name: str, player: Any) -> None:
    """legal_actions raises InvalidConfigError for a bool, a non-int or an int off the table."""
    game = get_game(name)
    state = game.new_game(game.default_config(2), 1)
    with pytest.raises(InvalidConfigError) as caught:
        game.legal_actions(state, player)
    assert len(str(caught.value)) < REASON_LIMIT


def test_legal_actions_of_a_seat_not_to_act_is_empty() -> None:
    """A real seat with no decision now has no legal action (no error)."""
    game = get_game("rookery")
    state = game.new_game(game.default_config(2), 1)
    waiting = [p for p in (0, 1) if p not in game.to_act(state)]
    assert waiting and all(game.legal_actions(state, p) == () for p in waiting)


class Unprintable:
    """An object whose str() and repr() fail."""

    def __str__(self) -> str:
        raise RuntimeError("no text")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_illegal_action_error_survives_an_unprintable_action() -> None:
    """The message is built without trusting the action's own str or repr."""
    error = IllegalActionError(Unprintable(), "not an action")
    assert "not an action" in str(error)
    assert "Unprintable" in str(error)


def test_illegal_action_error_cuts_long_values() -> None:
    """A huge field is shown cut, never copied whole into the message."""
    error = IllegalActionError(NestBird(0, HUGE_TEXT, Zone.LEFT), "no such card")
    assert len(str(error)) < REASON_LIMIT
    assert "NestBird" in str(error) or "nests" in str(error)
    huge = IllegalActionError(Place(0, HUGE_INT, "great_ash", True), "no such colour")
    assert len(str(huge)) < REASON_LIMIT


def test_illegal_action_error_shows_a_well_typed_action_as_its_log_line() -> None:
    """A sound action is named by its own str, as players read it."""
    action = DraftHabitat(0, Zone.LEFT, Habitat.FOREST)
    assert str(action) in str(IllegalActionError(action, "the draft is over"))
