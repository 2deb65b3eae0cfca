"""Hypothesis state machine over the built expansions: every Birdfeeder is accounted for
(on the board + taken + discarded + removed = set out) and the Sun and Moon keep apart."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from birdgames import codec
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.cards import BIRDFEEDER_POINTS, POINTS_IN_THE_SKY, SEEDS_THE_DAY
from birdgames.perch_bop.events import BirdfeederLost, BirdfeederTaken
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.invariants import invariant_violation

SUBSETS = (
    frozenset({SEEDS_THE_DAY}),
    frozenset({POINTS_IN_THE_SKY}),
    frozenset({SEEDS_THE_DAY, POINTS_IN_THE_SKY}),
)


class ExpansionMachine(RuleBasedStateMachine):
    """Plays random legal moves, tallying Birdfeeder events against the State."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None
        self.taken: list[int] = []
        self.lost = 0
        self.set_out = 0

    @initialize(
        players=st.sampled_from([2, 3, 4, 5]),
        expansions=st.sampled_from(SUBSETS),
        seed=st.integers(0, 2**32),
    )
    def start(self, players: int, expansions: frozenset[str], seed: int) -> None:
        self.state = GAME.new_game(Config(players=players, expansions=expansions), seed)
        self.taken = [0] * players
        self.set_out = len(self.state.locations) if SEEDS_THE_DAY in expansions else 0

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.state is not None
        for _ in range(15):
            if GAME.is_terminal(self.state):
                return
            player = data.draw(st.sampled_from(GAME.to_act(self.state)))
            action = data.draw(st.sampled_from(GAME.legal_actions(self.state, player)))
            before = self.state.feeders
            self.state, events = GAME.step(self.state, action)
            for event in events:
                if isinstance(event, BirdfeederTaken):
                    self.taken[event.player] += 1
                elif isinstance(event, BirdfeederLost):
                    self.lost += 1
            after = self.state.feeders
            if before is not None and after is not None:
                # a Birdfeeder once gone never comes back
                assert all(was or not now for was, now in zip(before.on, after.on, strict=True))

    @invariant()
    def birdfeeders_accounted(self) -> None:
        state = self.state
        if state is None:
            return
        feeders = state.feeders
        if feeders is None:
            assert self.set_out == 0
            return
        on_board = sum(feeders.on)
        assert on_board + sum(feeders.taken) + feeders.discarded + feeders.removed == self.set_out
        assert list(feeders.taken) == self.taken
        assert feeders.discarded + feeders.removed == self.lost
        assert all(
            not on or not loc.removed for on, loc in zip(feeders.on, state.locations, strict=True)
        )
        assert all(
            s.score >= BIRDFEEDER_POINTS * k
            for s, k in zip(state.seats, feeders.taken, strict=True)
        )

    @invariant()
    def sun_and_moon_apart_on_the_edge(self) -> None:
        state = self.state
        if state is None or state.sky is None:
            return
        ring = geometry_for(state.config.players).edge
        assert state.sky.sun != state.sky.moon
        assert state.sky.sun in ring and state.sky.moon in ring

    @invariant()
    def loads_back(self) -> None:
        if self.state is not None:
            assert invariant_violation(self.state) is None
            assert codec.loads(State, codec.dumps(self.state)) == self.state


ExpansionMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=40)
TestExpansionMachine = ExpansionMachine.TestCase
