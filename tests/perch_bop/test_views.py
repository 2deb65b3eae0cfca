"""Views and visible events (P2): objectives stay secret, the bag has no visible order."""

import pytest

from birdgames import InvalidConfigError, codec
from birdgames.perch_bop import GAME, KeepObjective, View
from birdgames.perch_bop.events import ObjectiveKept
from tests.perch_bop import scenarios as sc
from tests.perch_bop.adapter import perturb_hidden
from tests.rules import rule

pytestmark = rule("perch_bop", "P2")


def test_view_shows_own_objectives_only() -> None:
    """A player sees their own dealt pair, nobody else's."""
    state = sc.setup_only(3)
    for p in range(3):
        view = GAME.view(state, p)
        assert view.dealt == state.seats[p].dealt and view.objective is None
        text = codec.dumps(view)
        for q in range(3):
            if q != p:
                for obj in state.seats[q].dealt:
                    if obj not in state.seats[p].dealt:
                        assert f'"{obj}"' not in text
    spectator = GAME.view(state, None)
    assert spectator.dealt == () and spectator.revealed == ()


def test_kept_objective_redacted_in_others_events() -> None:
    """The keep event names the objective to its owner only."""
    state = sc.setup_only(3)
    choice = state.seats[1].dealt[0]
    _, events = GAME.step(state, KeepObjective(1, choice))
    assert ObjectiveKept(1, choice) in GAME.visible_events(events, 1)
    assert ObjectiveKept(1, None) in GAME.visible_events(events, 0)
    assert ObjectiveKept(1, None) in GAME.visible_events(events, None)


def test_objectives_revealed_at_the_end() -> None:
    """Once the game is over every kept objective is shown."""
    state = sc.fresh(3)
    import random

    rng = random.Random(3)
    while not GAME.is_terminal(state):
        p = GAME.to_act(state)[0]
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, p)))
    assert GAME.view(state, None).revealed == tuple(s.objective for s in state.seats)


def test_perturbing_hidden_parts_keeps_the_view() -> None:
    """Another deal of the others' objectives and another rng leave p0's view unchanged."""
    state = sc.fresh(4)
    other = perturb_hidden(state, 0, 99)
    assert other != state
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert GAME.legal_actions(other, 0) == GAME.legal_actions(state, 0)


def test_view_round_trips_and_bad_viewers_refused() -> None:
    """A view is a codec document; a seat out of range raises InvalidConfigError."""
    state = sc.fresh(2)
    view = GAME.view(state, 1)
    assert codec.loads(View, codec.dumps(view)) == view
    with pytest.raises(InvalidConfigError):
        GAME.view(state, 2)


def test_event_lines_name_player_tile_and_place() -> None:
    """Event log lines are single lines naming who and where."""
    state = sc.fresh(3)
    state, events = GAME.step(state, GAME.legal_actions(state, GAME.to_act(state)[0])[0])
    lines = [str(e) for e in events]
    assert lines and all("\n" not in line for line in lines)
    assert any(line.startswith("p") and " on " in line for line in lines)


@rule("perch_bop", "§1.4", "§3")
@pytest.mark.parametrize(
    ("round_", "houses", "zaps"),
    [(1, False, False), (3, False, False), (4, True, False), (5, True, True)],
)
def test_tokens_show_only_once_in_play(round_: int, houses: bool, zaps: bool) -> None:
    """§1.4, §3: birdhouses appear from round 4 and lightning tokens in round 5, not before."""
    state = sc.perch_turn(sc.fresh(3), 0, round_)
    for viewer in (0, 2, None):
        shown = GAME.view(state, viewer)
        assert shown.birdhouses == (houses,) * 3 and shown.zaps == (zaps,) * 3
