"""Rookery's entity observation: what its tables read on concrete positions, and that the
check the generic suite makes (the writer against the view's entities at every step) catches
a writer that shows a secret."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
import pytest

from birdgames.encoding import EncodingBoundError
from birdgames.rookery import GAME, State
from birdgames.rookery.entities import (
    CARD_ID,
    FIELD_PREDATORS,
    SEAT_CARDS,
    EntityWriter,
    entities,
    entity_layout,
    entity_writer,
)
from birdgames.rookery.state import AmbushWindow, Config, PileCard, Seat, TurnState, ZoneState
from tests.rookery.scenarios import MID, B, P, R, build, started

# A spectator, then each seat.
VIEWERS = (None, 0, 1)


def _table(values: tuple[int, ...], name: str) -> list[tuple[int, ...]]:
    """Returns the rows of the table called `name` in an entity observation."""
    layout = entity_layout(Config())
    table = layout.table(name)
    start = layout.offset(name)
    return [
        values[start + row * table.width : start + (row + 1) * table.width]
        for row in range(table.rows)
    ]


def _entities(state: State, viewer: int | None) -> tuple[int, ...]:
    return entities(GAME.view(state, viewer))


def _written(state: State, seat: int) -> tuple[int, ...]:
    return tuple(entity_writer(state.config, seat).write(state))


def test_a_seat_reads_its_own_hand_and_only_the_size_of_the_other() -> None:
    """The viewer's hand shows as its cards' ids in order; the other hand only as its size,
    so dealing that hand other cards changes nothing the viewer reads."""
    state = started(seed=3)
    mine, theirs = state.seats
    values = _entities(state, 0)
    hand = [row[0] for row in _table(values, "hand")]
    assert hand == [CARD_ID[card] for card in mine.hand] + [0] * (SEAT_CARDS - len(mine.hand))
    seats = _table(values, "seats")
    assert [row[:3] for row in seats] == [
        (1, len(mine.hand), len(mine.deck)),
        (2, len(theirs.hand), len(theirs.deck)),
    ]
    other_cards = tuple(reversed(theirs.deck[: len(theirs.hand)]))
    assert other_cards != theirs.hand
    swapped = attrs.evolve(
        state, seats=(mine, attrs.evolve(theirs, hand=other_cards, deck=theirs.deck))
    )
    assert _entities(swapped, 0) == values
    assert _written(swapped, 0) == values
    assert _entities(swapped, 1) != _entities(state, 1)


def test_the_other_seat_s_face_down_predator_shows_as_present_without_its_card() -> None:
    """R6.3 a face-down predator shows its zone, owner and counters to everyone, its card to
    its owner only; a face-up one shows its card to all."""
    state = build(
        predators=[P(MID, 1, "weasel", face_up=False, hunts=1), P(R, 0, "fox")],
        hands=(("robin",), ("lark", "wren")),
    )
    rows = {viewer: _table(_entities(state, viewer), "predators") for viewer in VIEWERS}
    # Field order: the middle zone's before the right's.
    assert rows[1][0] == (2, 2, CARD_ID["weasel"], 0, 0, 1, 0)
    assert rows[0][0] == (2, 2, 0, 0, 0, 1, 0)
    assert rows[None][0] == rows[0][0]
    for viewer in VIEWERS:
        assert rows[viewer][1] == (3, 1, CARD_ID["fox"], 1, 0, 0, 0)
        assert rows[viewer][2:] == [(0,) * 7] * (FIELD_PREDATORS - 2)
    for seat in (0, 1):
        assert _written(state, seat) == _entities(state, seat)


def test_a_zone_s_bird_row_reads_the_bird_the_state_holds() -> None:
    """The middle zone's second bird lies in the middle zone's second row, with its card,
    owner, flags and damage; the pile and the habitat read their zone's."""
    state = build(
        birds=[
            B(MID, 0, "robin"),
            B(MID, 1, "gull", nested=False, tapped=True, damage=2),
            B(R, 0, "lark"),
        ],
        piles=((), (PileCard(1, "shore_habitat"),), ()),
    )
    birds = _table(_entities(state, 0), "birds")
    # The middle zone's rows start at 6 (R1.2 six birds a zone); tapped also sets has_tapped.
    assert birds[6] == (2, CARD_ID["robin"], 1, 1, 0, 0, 0, 0, 0)
    assert birds[7] == (2, CARD_ID["gull"], 2, 0, 1, 2, 1, 0, 0)
    assert birds[12] == (3, CARD_ID["lark"], 1, 1, 0, 0, 0, 0, 0)
    assert sum(1 for row in birds if row[0]) == 3
    piles = _table(_entities(state, 1), "piles")
    assert piles[2] == (2, 2, CARD_ID["shore_habitat"])
    zones = _table(_entities(state, 1), "zones")
    assert [row[:2] for row in zones] == [(1, 1), (2, 2), (3, 3)]  # Forest, Shore, Meadow


def test_a_spectator_sees_no_hand_and_marks_no_seat() -> None:
    """A spectator's head names no viewer and its hand table is empty; hand sizes show."""
    state = started(seed=5)
    values = _entities(state, None)
    assert values[0] == 0
    assert all(row == (0,) for row in _table(values, "hand"))
    sizes = [row[1] for row in _table(values, "seats")]
    assert sizes == [len(seat.hand) for seat in state.seats]
    assert _entities(state, 0)[0] == 1 and _entities(state, 1)[0] == 2


def test_a_pending_ambush_names_its_predator_and_bird_by_their_rows() -> None:
    """Cards in play are named by their rows plus one, never by their uids."""
    state = build(
        birds=[B(MID, 0, "robin")],
        predators=[P(R, 0, "fox"), P(MID, 1, "weasel", face_up=False)],
        turn=TurnState(0, False, (False, True, False), False, 3),
    )
    robin, weasel = 1, 3  # uids in build order: the robin, the fox, the weasel
    state = attrs.evolve(state, pending=(AmbushWindow(1, weasel, robin),))
    values = _entities(state, 0)
    # Field order puts the middle zone's weasel first; the robin is the middle's first bird.
    assert _table(values, "pending")[0] == (1, 2, 0, 0, 1, 7)
    assert [row[2] for row in _table(values, "zones")] == [0, 1, 0]
    assert values[13] == 3  # the turn's actions
    assert _written(state, 0) == values


def test_the_layout_is_the_same_for_every_config() -> None:
    """A View does not say its config: every config gets the same tables."""
    state = build(hands=(("robin",), ()))
    assert entity_layout(state.config) == entity_layout(Config())
    assert len(_entities(state, 0)) == entity_layout(Config()).size


class _ShowsFaceDownPredators(EntityWriter):
    """A broken writer: it shows the other seat's face-down predators' cards too."""

    def _write_predators(self, zones: tuple[ZoneState, ZoneState, ZoneState]) -> None:
        super()._write_predators(zones)
        layout = entity_layout(Config())
        at, width = layout.offset("predators"), layout.table("predators").width
        row = 0
        for zone in zones:
            for predator in zone.predators:
                self.buffer[at + row * width + 2] = CARD_ID[predator.card]
                row += 1


class _ShowsTheOtherHand(EntityWriter):
    """A broken writer: it writes the other seat's hand after its own."""

    def _write_sides(self, sides: tuple[Seat, Seat]) -> None:
        super()._write_sides(sides)
        layout = entity_layout(Config())
        own, other = sides[self.seat].hand, sides[1 - self.seat].hand
        cards = [CARD_ID[card] for card in (*own, *other)][:SEAT_CARDS]
        at = layout.offset("hand")
        for k, card in enumerate(cards):
            self.buffer[at + k] = card


def _walk(seed: int) -> Iterator[State]:
    chooser = random.Random(seed)
    state = GAME.new_game(Config(), seed)
    yield state
    while not GAME.is_terminal(state):
        player = chooser.choice(GAME.to_act(state))
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state, player)))
        yield state


def _positions_unlike_the_view(make: Callable[[int], EntityWriter], seat: int, seed: int) -> int:
    writer = make(seat)
    return sum(
        tuple(writer.write(state)) != entities(GAME.view(state, seat)) for state in _walk(seed)
    )


@pytest.mark.parametrize("broken", [_ShowsFaceDownPredators, _ShowsTheOtherHand])
def test_the_comparison_with_the_view_catches_a_writer_that_shows_a_secret(
    broken: Callable[[int], EntityWriter],
) -> None:
    """The check the writer passes (the view's entities at every step, each seat kept for a
    whole game) fails a writer that shows the other seat's face-down predators or hand, in
    the same games the honest writer passes."""
    caught = sum(
        _positions_unlike_the_view(broken, seat, seed) for seed in range(2) for seat in (0, 1)
    )
    assert caught > 0
    honest = sum(
        _positions_unlike_the_view(EntityWriter, seat, seed) for seed in range(2) for seat in (0, 1)
    )
    assert honest == 0


def test_a_writer_refuses_an_overfull_zone_then_writes_the_next_state_exactly() -> None:
    """Seven birds where six fit raise EncodingBoundError from both paths; the writer then
    trusts nothing it half wrote."""
    crowded = build(birds=[B(MID, s % 2, "robin") for s in range(7)])
    fine = build(birds=[B(R, 1, "gull")], hands=(("lark",), ()))
    writer = entity_writer(Config(), 0)
    writer.write(fine)
    with pytest.raises(EncodingBoundError):
        entities(GAME.view(crowded, 0))
    with pytest.raises(EncodingBoundError):
        writer.write(crowded)
    assert tuple(writer.write(fine)) == _entities(fine, 0)
