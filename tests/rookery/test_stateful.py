"""Hypothesis stateful test: random play keeps Rookery's invariants at every step."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from birdgames import IllegalActionError
from birdgames.rookery import GAME, Action, Config, EndTurn, State
from birdgames.rookery.invariants import invariant_violation
from birdgames.rookery.state import ZONE_CAPACITY


class RookeryMachine(RuleBasedStateMachine):
    """Plays random legal actions and tries out-of-turn ones."""

    state: State

    @initialize(first=st.sampled_from([0, 1, None]), seed=st.integers(0, 2**64))
    def start(self, first: int | None, seed: int) -> None:
        self.state = GAME.new_game(Config(first_player=first), seed)
        self.steps = 0

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if GAME.is_terminal(self.state):
            return
        (player,) = GAME.to_act(self.state)
        action: Action = data.draw(st.sampled_from(GAME.legal_actions(self.state, player)))
        self.state = GAME.apply(self.state, action)
        self.steps += 1

    @rule(player=st.integers(0, 1))
    def refuse_out_of_turn(self, player: int) -> None:
        if player in GAME.to_act(self.state):
            return
        before = self.state
        reason = GAME.check(before, EndTurn(player))
        assert reason
        try:
            GAME.apply(before, EndTurn(player))
        except IllegalActionError as error:
            assert error.reason == reason
        else:
            raise AssertionError("an out-of-turn action was applied")
        assert self.state == before

    @invariant()
    def cards_conserved_and_counters_in_range(self) -> None:
        assert invariant_violation(self.state) is None

    @invariant()
    def one_player_decides_until_the_end(self) -> None:
        acting = GAME.to_act(self.state)
        assert len(acting) == (0 if GAME.is_terminal(self.state) else 1)
        assert all(GAME.legal_actions(self.state, p) for p in acting)
        assert self.steps <= GAME.max_actions(self.state.config)

    @invariant()
    def prizes_and_zones_stay_in_bounds(self) -> None:
        assert all(0 <= score <= 3 for score in GAME.scores(self.state))
        assert all(len(zone.birds) <= ZONE_CAPACITY for zone in self.state.zones)

    @invariant()
    def opponents_never_see_face_down_cards(self) -> None:
        for seat in (0, 1):
            for zone in GAME.view(self.state, seat).zones:
                for pred in zone.predators:
                    assert (pred.card is None) == (not pred.face_up and pred.owner != seat)


# The loaded profile (ci, dev, soak) sets the examples; long runs reach the game's end.
RookeryMachine.TestCase.settings = settings(stateful_step_count=200)
TestRookeryMachine = RookeryMachine.TestCase
