"""Hypothesis state machine: every bird of every colour is always in exactly one place, every
Bread and every Birdfeeder accounted for, under any expansions and promos."""

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from birdgames import codec
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.cards import BIRDS_PER_COLOUR, BREAD_FOR_PLAYERS, EXPANSIONS, PROMOS
from birdgames.perch_bop.invariants import invariant_violation


class PerchMachine(RuleBasedStateMachine):
    """Plays random legal moves and checks conservation after each."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None

    @initialize(
        players=st.sampled_from([2, 3, 4, 5]),
        seed=st.integers(0, 2**32),
        expansions=st.frozensets(st.sampled_from(sorted(EXPANSIONS))),
        promos=st.frozensets(st.sampled_from(sorted(PROMOS))),
    )
    def start(
        self, players: int, seed: int, expansions: frozenset[str], promos: frozenset[str]
    ) -> None:
        config = Config(players=players, expansions=expansions, promos=promos)
        self.state = GAME.new_game(config, seed)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.state is not None
        for _ in range(10):
            if GAME.is_terminal(self.state):
                return
            player = data.draw(st.sampled_from(GAME.to_act(self.state)))
            action = data.draw(st.sampled_from(GAME.legal_actions(self.state, player)))
            self.state = GAME.apply(self.state, action)

    @invariant()
    def birds_conserved(self) -> None:
        if self.state is None:
            return
        state = self.state
        for c in range(state.config.colours):
            places = (
                state.supply[c],
                state.bag[c],
                sum(s.hand[c] for s in state.seats),
                sum(loc.birds[c] for loc in state.locations),
                sum(p.birds[c] for p in state.ponds.ponds) if state.ponds is not None else 0,
                sum(1 for f in state.fountain if f == c),
                state.plaza[c],
                sum(1 for a in state.arrivals if a.colour == c),
            )
            assert sum(places) == BIRDS_PER_COLOUR, (c, places)
            assert min(places) >= 0
        assert invariant_violation(state) is None

    @invariant()
    def bread_conserved(self) -> None:
        """P5: every player's Bread is held or spent, as dealt; the dummy has none."""
        if self.state is None or self.state.ponds is None:
            return
        ponds, n = self.state.ponds, self.state.config.players
        assert len(ponds.bread) == len(ponds.spent) == n
        for held, spent in zip(ponds.bread, ponds.spent, strict=True):
            assert held >= 0 and spent >= 0 and held + spent == BREAD_FOR_PLAYERS[n]

    @invariant()
    def birdfeeders_conserved(self) -> None:
        """P3: on the board + taken + discarded + removed = one per Location set out."""
        if self.state is None or self.state.feeders is None:
            return
        feeders = self.state.feeders
        on_board = sum(
            on and not loc.removed for on, loc in zip(feeders.on, self.state.locations, strict=True)
        )
        total = on_board + sum(feeders.taken) + feeders.discarded + feeders.removed
        assert total == len(self.state.locations)

    @invariant()
    def scores_never_negative(self) -> None:
        if self.state is not None:
            assert all(s >= 0 for s in GAME.scores(self.state))

    @invariant()
    def codec_round_trip(self) -> None:
        if self.state is not None:
            assert codec.loads(State, codec.dumps(self.state)) == self.state


TestPerchMachine = PerchMachine.TestCase


def test_codec_refuses_a_state_that_loses_a_bird() -> None:
    """A loaded State whose birds do not add up to 28 per colour is refused."""
    import attrs
    import pytest

    from birdgames import CodecError

    state = GAME.new_game(GAME.default_config(3), 1)
    broken = attrs.evolve(state, supply=(27, 28, 28))
    with pytest.raises(CodecError, match="birds"):
        codec.loads(State, codec.dumps(broken))
