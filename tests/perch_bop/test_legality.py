"""check is the single source of legality; legal_actions and apply agree with it."""

import random

import attrs
import pytest

from birdgames import IllegalActionError
from birdgames.perch_bop import GAME, ChooseSlot, KeepObjective, Place, State
from birdgames.perch_bop.actions import ACTION_CLASSES
from tests.perch_bop import scenarios as sc


def _states(players: int, seed: int, every: int = 3) -> list[State]:
    rng = random.Random(seed)
    state = GAME.new_game(GAME.default_config(players), seed)
    states = [state]
    k = 0
    while not GAME.is_terminal(state):
        p = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, p)))
        k += 1
        if k % every == 0:
            states.append(state)
    return states


def _candidates(state: State, player: int) -> list[object]:
    """Plausible actions of every kind for this state, legal or not."""
    n = state.config.players
    tiles = [loc.tile for loc in state.locations]
    out: list[object] = [KeepObjective(player, o) for o in ("wise", "emu", "nope")]
    for cls in ACTION_CLASSES:
        fields = [f.name for f in attrs.fields(cls)]
        if fields == ["player"]:
            out.append(cls(player))
    for c in range(state.config.colours):
        for tile in tiles[:3]:
            out.append(Place(player, c, tile, True))
            out.append(Place(player, c, tile, False))
    out += [ChooseSlot(player, s) for s in (0, 4, 11)]
    out += [ChooseSlot(player, 1.0), Place(player, 0, "nowhere", False)]  # type: ignore[arg-type]
    return out + [Place(q, 0, tiles[0], False) for q in (-1, n)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_agrees_with_legal_actions_both_ways(players: int) -> None:
    """Every listed action passes check; every unlisted candidate gets a reason."""
    for state in _states(players, players, every=5):
        for p in range(players):
            legal = GAME.legal_actions(state, p)
            assert len(set(legal)) == len(legal)
            for action in legal:
                assert GAME.check(state, action) is None, action
            for candidate in _candidates(state, p):
                if candidate in legal:
                    continue
                reason = GAME.check(state, candidate)  # type: ignore[arg-type]
                assert isinstance(reason, str) and reason, candidate
                with pytest.raises(IllegalActionError):
                    GAME.apply(state, candidate)  # type: ignore[arg-type]


def test_foreign_object_gets_a_reason() -> None:
    """An object that is no Perch action is refused with a reason, not a crash."""
    state = sc.fresh(3)
    reason = GAME.check(state, "place")  # type: ignore[arg-type]
    assert reason is not None and "not a Perch action" in reason


def test_wrong_player_reason_names_who_is_to_act() -> None:
    """Acting out of turn is refused naming the player awaited."""
    state = sc.perch_turn(sc.hands(sc.board(sc.fresh(3), {}), {0: {0: 1}}), 0)
    reason = GAME.check(state, Place(1, 0, "great_ash", True))
    assert reason is not None and "p0" in reason


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_within_max_actions(players: int) -> None:
    """Random games end, within max_actions, with winners."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(GAME.default_config(players), seed)
        count = 0
        while not GAME.is_terminal(state):
            p = rng.choice(GAME.to_act(state))
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, p)))
            count += 1
        assert count <= GAME.max_actions(state.config)
        assert GAME.winners(state)
