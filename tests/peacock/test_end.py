"""The end of the game (K3): totals, tie-break, shared wins."""

from birdgames.peacock import GAME, EndMigration, GameOver, Phase
from birdgames.peacock.state import State
from tests.peacock.scenarios import BLUE, flock, group, position, seat, starting
from tests.rules import rule

pytestmark = rule("peacock", "K3")


def _finish(state: State) -> tuple[State, tuple[object, ...]]:
    events: tuple[object, ...] = ()
    while not GAME.is_terminal(state):
        state, events = GAME.step(state, EndMigration(GAME.to_act(state)[0]))
    return state, events


def test_game_ends_after_season_three_with_totals() -> None:
    """After season 3's scoring the game is over and totals are the three seasons."""
    vultures = group("start_2", flock("vulture", 3))
    state = position((seat(starting(start_2=vultures), scores=(10, 20)), seat(scores=(5, 5))),
                     BLUE, rnd=3)  # fmt: skip
    assert GAME.winners(state) == ()
    state, events = _finish(state)
    assert state.phase is Phase.OVER and GAME.to_act(state) == ()
    assert GAME.scores(state) == (42, 10)
    assert GAME.winners(state) == (0,)
    assert events[-1] == GameOver((42, 10), ("Fair", "Fair"), (0,))


def test_tie_goes_to_the_most_distinct_species() -> None:
    """Equal totals: the player with more distinct species on the tableau wins."""
    two_species = starting(start_1=group("start_1", flock("crow"), flock("hummingbird")))
    one_species = starting(start_1=group("start_1", flock("crow", 2)))
    # crow 2 + hummingbird 2 = 4 against two crows 2 x 2 = 4.
    state = position((seat(one_species, scores=(0, 0)), seat(two_species, scores=(0, 0))),
                     BLUE, rnd=3)  # fmt: skip
    state, _ = _finish(state)
    assert GAME.scores(state) == (4, 4)
    assert GAME.winners(state) == (1,)


@rule("peacock", "KD8")
def test_full_tie_is_a_shared_win() -> None:
    """DECISION: equal totals and equal variety share the win."""
    state = position((seat(scores=(3, 3)), seat(scores=(2, 4))), BLUE, rnd=3)
    state, _ = _finish(state)
    assert GAME.winners(state) == (0, 1)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.check(state, EndMigration(0)) == "the game is over"
