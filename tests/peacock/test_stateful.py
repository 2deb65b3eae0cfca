"""Hypothesis stateful test: random play keeps every card in exactly one place."""

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from birdgames import IllegalActionError
from birdgames.peacock import GAME, Action, Config, EndMigration, State
from birdgames.peacock.invariants import bird_places, invariant_violation, island_places
from birdgames.peacock.setup import full_birds, full_islands

ALL_BIRDS = Counter(full_birds())
ALL_ISLANDS = Counter(full_islands())


class PeacockMachine(RuleBasedStateMachine):
    """Plays random legal actions and random foreign ones."""

    state: State

    @initialize(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64))
    def start(self, players: int, seed: int) -> None:
        self.state = GAME.new_game(Config(players), seed)
        self.steps = 0

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if GAME.is_terminal(self.state):
            return
        player = data.draw(st.sampled_from(GAME.to_act(self.state)))
        legal = GAME.legal_actions(self.state, player)
        action: Action = data.draw(st.sampled_from(legal))
        self.state = GAME.apply(self.state, action)
        self.steps += 1

    @rule(player=st.integers(0, 3))
    def refuse_out_of_turn(self, player: int) -> None:
        if player < len(self.state.seats) and player in GAME.to_act(self.state):
            return
        action = EndMigration(player)
        before = self.state
        reason = GAME.check(before, action)
        assert reason
        try:
            GAME.apply(before, action)
        except IllegalActionError as error:
            assert error.reason == reason
        else:
            raise AssertionError("an out-of-turn action was applied")
        assert self.state == before

    @invariant()
    def cards_are_each_in_one_place(self) -> None:
        assert bird_places(self.state) == ALL_BIRDS
        assert island_places(self.state) == ALL_ISLANDS

    @invariant()
    def state_is_sound(self) -> None:
        assert invariant_violation(self.state) is None

    @invariant()
    def someone_can_act_until_the_end(self) -> None:
        acting = GAME.to_act(self.state)
        assert bool(acting) != GAME.is_terminal(self.state)
        assert all(GAME.legal_actions(self.state, p) for p in acting)
        assert self.steps <= GAME.max_actions(self.state.config)

    @invariant()
    def scores_never_negative(self) -> None:
        assert all(score >= 0 for score in GAME.scores(self.state))


# The loaded profile (ci, dev, soak) sets the examples; long runs reach the game's end.
PeacockMachine.TestCase.settings = settings(stateful_step_count=250)
TestPeacockMachine = PeacockMachine.TestCase
