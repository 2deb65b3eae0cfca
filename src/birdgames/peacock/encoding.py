"""Peacock as integers: a fixed action space, legal masks and flat observations.

Actions are numbered by their fields (docs/research.md gives the layout). A bird moved
within the tableau is named by the flock it leaves (its species is that flock's), so its
block drops the species and stays small.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Hashable, Sequence
from typing import Final, get_args

import attrs

from birdgames import codec
from birdgames.core import IllegalActionError, PlayerId
from birdgames.encoding import (
    Block,
    EncodingBoundError,
    Features,
    Field,
    Layout,
    LegalDecoder,
    add_counts,
    count_events,
    event_count_size,
    fields_end_to_end,
    positions,
    summary_values,
)
from birdgames.peacock import events
from birdgames.peacock.actions import (
    Action,
    DraftCard,
    EndMigration,
    LiftBird,
    PlaceBird,
    PlaceIsland,
    Source,
    TuckIsland,
)
from birdgames.peacock.cards import (
    DEAL_BIRDS,
    DEAL_ISLANDS,
    ISLAND_TYPES,
    SEASONS_PER_GAME,
    SPECIES,
    STARTING_ISLANDS,
    Season,
)
from birdgames.peacock.entities import entities, entity_layout, entity_writer
from birdgames.peacock.game import GAME
from birdgames.peacock.rules import to_act
from birdgames.peacock.setup import max_groups
from birdgames.peacock.state import (
    MOVES_PER_MIGRATION,
    SLOTS,
    Config,
    Flock,
    Phase,
    State,
    direction,
)
from birdgames.peacock.view import GroupView, SeatView, View, seat_view
from birdgames.rng import Rng, shuffle

BIRDS: Final = tuple(s.id for s in SPECIES)
ISLANDS: Final = tuple(i.id for i in ISLAND_TYPES)
STARTS: Final = tuple(s.id for s in STARTING_ISLANDS)
SEASONS: Final = (Season.BLUE, Season.ORANGE)
PHASES: Final = (Phase.DRAFT, Phase.MIGRATION, Phase.ADDITIONAL, Phase.OVER)
# Sources of a bird that is not yet on the tableau (TABLEAU moves have their own block).
LOOSE_SOURCES: Final = (Source.DRAFTED, Source.ASIDE, Source.RECEIVED)
PICKS_PER_GAME: Final = sum(DEAL_BIRDS) + sum(DEAL_ISLANDS)  # one card per draft round


@functools.lru_cache(maxsize=16)
def _layout(players: int) -> Layout:
    groups = tuple(range(max_groups(players)))
    return Layout(
        (
            Block("draft_card", (("card", BIRDS + ISLANDS),)),
            Block("place_island", (("island", ISLANDS),)),
            Block("tuck_island", (("island", ISLANDS), ("group", groups), ("half", SEASONS))),
            Block(
                "place_bird",
                (("bird", BIRDS), ("source", LOOSE_SOURCES), ("group", groups), ("slot", SLOTS)),
            ),
            Block(
                "move_bird",
                (
                    ("from_group", groups),
                    ("from_slot", SLOTS),
                    ("group", groups),
                    ("slot", SLOTS),
                ),
            ),
            Block("lift_bird", (("from_group", groups), ("from_slot", SLOTS))),
            Block("end_migration", ()),
        )
    )


def layout(config: Config) -> Layout:
    """Returns the action layout of `config`."""
    return _layout(config.players)


def num_actions(config: Config) -> int:
    """Returns the size of the action space of `config`."""
    return _layout(config.players).size


def encode(state: State, action: Action) -> int:
    """Returns the integer of `action` (only `state.config` matters)."""
    fields: tuple[Hashable, ...]
    space = _layout(state.config.players)
    match action:
        case DraftCard():
            return space.index(action, "draft_card", (action.card,))
        case PlaceIsland():
            return space.index(action, "place_island", (action.island,))
        case TuckIsland():
            return space.index(action, "tuck_island", (action.island, action.group, action.half))
        case PlaceBird() if action.source is Source.TABLEAU:
            fields = (action.from_group, action.from_slot, action.group, action.slot)
            return space.index(action, "move_bird", fields)
        case PlaceBird():
            fields = (action.bird, action.source, action.group, action.slot)
            return space.index(action, "place_bird", fields)
        case LiftBird():
            return space.index(action, "lift_bird", (action.group, action.slot))
        case EndMigration():
            return space.index(action, "end_migration", ())
        case _:
            raise IllegalActionError(action, "this is not a Peacock action")


_DECODER: Final = LegalDecoder[State, Action](
    GAME.legal_actions, encode, lambda state: _layout(state.config.players).size
)


def legal_index(state: State, player: PlayerId) -> dict[int, Action]:
    """Returns `player`'s legal actions by their indices (the mask's True entries), each
    index remembered per action object (`Layout.indices`)."""
    return _layout(state.config.players).indices(
        GAME.legal_actions(state, player), functools.partial(encode, state)
    )


def decode(state: State, player: PlayerId, index: int) -> Action:
    """Returns `player`'s legal action numbered `index`; otherwise IllegalActionError."""
    return _DECODER.decode(state, player, index)


def legal_mask(state: State, player: PlayerId) -> tuple[bool, ...]:
    """Returns one flag per action index, True where it is legal for `player` now."""
    return _DECODER.legal_mask(state, player)


# --- observations ---------------------------------------------------------------------

_CARDS: Final = BIRDS + ISLANDS
_GROUP_SIZE: Final = (
    len(ISLANDS) + len(STARTS) + len(ISLANDS) * 2 + 2 * (len(BIRDS) + 1) + 3
)  # island, tucks by (type, half), two flocks (species, size), plant/fish/meat
_SEAT_HEAD: Final = 3 + len(BIRDS) + len(ISLANDS) + len(_CARDS)
_SEAT_POOL: Final = 3 * len(BIRDS) + len(ISLANDS) + 2 + SEASONS_PER_GAME + 1
_HEADER: Final = 1 + 2 + 1 + len(PHASES) + 2 + len(BIRDS) + len(ISLANDS) + len(_CARDS)


def _seat_size(players: int) -> int:
    return _SEAT_HEAD + _SEAT_POOL + max_groups(players) * _GROUP_SIZE


def observation_size(config: Config) -> int:
    """Returns the length of every observation of a game with `config`."""
    return _size(config.players)


def _size(players: int) -> int:
    return 2 * players + _HEADER + players * _seat_size(players)


def _flock(out: Features, flock: Flock | None) -> None:
    out.one_hot(None if flock is None else BIRDS.index(flock.species), len(BIRDS))
    out.number(0 if flock is None else flock.size, 10)


_TUCKS: Final = tuple((i, s) for i in ISLANDS for s in SEASONS)


def _group(out: Features, group: GroupView) -> None:
    island = group.island
    out.one_hot(ISLANDS.index(island) if island in ISLANDS else None, len(ISLANDS))
    out.one_hot(STARTS.index(island) if island in STARTS else None, len(STARTS))
    out.counts(((t.island, t.half) for t in group.tucks), _TUCKS)
    _flock(out, group.left)
    _flock(out, group.right)
    out.number(group.plant, 10)
    out.number(group.fish, 10)
    out.number(group.meat, 10)


def _seat_head(out: Features, seat: SeatView) -> None:
    out.number(seat.hand_size, 10)
    out.flag(seat.hand_birds is not None)  # the viewer's own seat: hand and pick shown
    out.flag(seat.committed)
    out.counts(seat.hand_birds or (), BIRDS)
    out.counts(seat.hand_islands or (), ISLANDS)
    out.one_hot(None if seat.pick is None else _CARDS.index(seat.pick), len(_CARDS))
    out.counts(seat.drafted_birds, BIRDS)
    out.counts(seat.drafted_islands, ISLANDS)
    out.counts(seat.aside, BIRDS)
    out.counts(seat.received, BIRDS)
    out.flag(seat.done)
    out.number(seat.moves_left, MOVES_PER_MIGRATION)
    out.padded([s / 100 for s in seat.season_scores], SEASONS_PER_GAME)
    out.number(seat.total, 100)


def _seat(out: Features, seat: tuple[int, SeatView]) -> None:
    groups, shown = seat
    # The head and the groups change apart: a step moves one bird or drafts one card.
    out.part(shown, _seat_head)
    out.rows(shown.groups, groups, _GROUP_SIZE, _group, shared=True)


def _viewer(out: Features, viewer: tuple[int, PlayerId | None]) -> None:
    players, player = viewer
    out.one_hot(player, players)


def _to_act(out: Features, turn: tuple[int, tuple[int, ...]]) -> None:
    players, to_act = turn
    out.padded([1.0 if p in to_act else 0.0 for p in range(players)], players)


def _round(out: Features, round_: tuple[int, Season, int, Phase]) -> None:
    number, season, direction, phase = round_
    out.number(number, 10)
    out.one_hot(SEASONS.index(season), 2)
    out.number(direction)
    out.one_hot(PHASES.index(phase), len(PHASES))


def _supply(
    out: Features, supply: tuple[int, int, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> None:
    birds, islands, boxed_birds, boxed_islands, gone = supply
    out.number(birds, 100)
    out.number(islands, 100)
    out.counts(boxed_birds, BIRDS)
    out.counts(boxed_islands, ISLANDS)
    out.counts(gone, _CARDS)


def observe(view: View) -> tuple[float, ...]:
    """Returns the view as a fixed-length list of numbers (layout in docs/research.md)."""
    out = Features()
    fill_observation(out, view)
    return out.done(_size(view.players))


def fill_observation(out: Features, view: View) -> None:
    """Appends the view's numbers to `out`, marking each block (each block a `part`)."""
    players = view.players
    out.mark("seat", "one-hot of the viewer (zeros for the spectator)")
    out.part((players, view.player), _viewer)
    out.mark("to_act", "per seat: to act")
    out.part((players, view.to_act), _to_act)
    out.mark(
        "round",
        "round / 10; season one-hot (blue, orange); passing direction (+1 or -1); phase "
        "one-hot (draft, migration, additional migration, over)",
    )
    out.part((view.round, view.season, view.direction, view.phase), _round)
    out.mark(
        "supply",
        "bird deck / 100, island deck / 100; boxed birds per species; boxed islands per "
        "type; cards gone per card (species, then island types)",
    )
    out.part(
        (
            view.bird_deck_size,
            view.island_deck_size,
            view.boxed_birds,
            view.boxed_islands,
            view.gone,
        ),
        _supply,
    )
    groups = max_groups(players)
    out.mark(
        "seats",
        "per seat: hand size / 10; the viewer flag; pick committed; the viewer's hand (birds "
        "per species, islands per type) and pick one-hot; drafted birds, drafted islands, "
        f"set-aside and received birds (counts); done; moves left / {MOVES_PER_MIGRATION}; "
        "season scores / 100; total / 100; "
        f"then {groups} group slots (island type one-hot, starting island one-hot, tucks per "
        "(type, half), left and right flocks: species one-hot and size / 10; plant, fish, "
        "meat / 10)",
    )
    for seat in view.seats:
        out.part((groups, seat), _seat)


# --- observations straight from the state ---------------------------------------------

_BIRD_AT: Final = positions(BIRDS)
_ISLAND_AT: Final = positions(ISLANDS)
_START_AT: Final = positions(STARTS)
_CARD_AT: Final = positions(_CARDS)
_TUCK_AT: Final = positions(_TUCKS)
_PHASE_AT: Final = positions(PHASES)


class StateWriter:
    """Writes one seat's observations straight from States, each over the last one: the
    same numbers as `observe(view(state, seat))` without building the view. Each seat's
    part is the view's own (cached) seat view, so it shows what the view shows and no more;
    a seat's numbers are rewritten only when its seat view is a new one, and of those a
    group's only when its (cached) group view is."""

    __slots__ = (
        "_groups",
        "_rows",
        "_seat_size",
        "_shown",
        "_zeros",
        "buffer",
        "players",
        "seat",
    )

    def __init__(self, players: int, seat: PlayerId) -> None:
        self.players = players
        self.seat = seat
        self._groups = max_groups(players)
        self._seat_size = _seat_size(players)
        self.buffer: array[float] = array("f", bytes(4 * _size(players)))
        self._shown: list[SeatView | None] = [None] * players
        self._rows: list[tuple[GroupView, ...] | None] = [None] * players
        self._zeros = array("f", bytes(4 * max(self._seat_size, 2 * players + _HEADER)))

    def write(self, state: State) -> array[float]:
        """Writes the seat's observation of `state` over the last one; returns the buffer."""
        out, players = self.buffer, self.players
        header = 2 * players + _HEADER
        out[0:header] = self._zeros[0:header]
        out[self.seat] = 1.0
        for player in to_act(state):
            out[players + player] = 1.0
        at = 2 * players
        out[at] = state.round / 10
        season = state.season
        out[at + 1 + (0 if season is Season.BLUE else 1)] = 1.0
        out[at + 3] = float(direction(season))
        out[at + 4 + _PHASE_AT[state.phase]] = 1.0
        at += 4 + len(PHASES)
        out[at] = len(state.bird_deck) / 100
        out[at + 1] = len(state.island_deck) / 100
        at += 2
        add_counts(out, at, _BIRD_AT, state.boxed_birds)
        at += len(BIRDS)
        add_counts(out, at, _ISLAND_AT, state.boxed_islands)
        at += len(ISLANDS)
        add_counts(out, at, _CARD_AT, state.gone)
        blue = season is Season.BLUE
        migration = state.phase is Phase.MIGRATION
        for index, seat in enumerate(state.seats):
            shown = seat_view(seat, index == self.seat, blue, migration)
            if shown is not self._shown[index]:
                self._shown[index] = None  # until written whole
                self._write_seat(header + index * self._seat_size, index, shown)
                self._shown[index] = shown
        return out

    def _write_seat(self, at: int, index: int, seat: SeatView) -> None:
        out = self.buffer
        head = _SEAT_HEAD + _SEAT_POOL
        out[at : at + head] = self._zeros[0:head]
        out[at] = seat.hand_size / 10
        out[at + 1] = 1.0 if seat.hand_birds is not None else 0.0
        out[at + 2] = 1.0 if seat.committed else 0.0
        at += 3
        add_counts(out, at, _BIRD_AT, seat.hand_birds or ())
        at += len(BIRDS)
        add_counts(out, at, _ISLAND_AT, seat.hand_islands or ())
        at += len(ISLANDS)
        if seat.pick is not None:
            out[at + _CARD_AT[seat.pick]] = 1.0
        at += len(_CARDS)
        add_counts(out, at, _BIRD_AT, seat.drafted_birds)
        at += len(BIRDS)
        add_counts(out, at, _ISLAND_AT, seat.drafted_islands)
        at += len(ISLANDS)
        add_counts(out, at, _BIRD_AT, seat.aside)
        at += len(BIRDS)
        add_counts(out, at, _BIRD_AT, seat.received)
        at += len(BIRDS)
        out[at] = 1.0 if seat.done else 0.0
        out[at + 1] = seat.moves_left / MOVES_PER_MIGRATION
        at += 2
        if len(seat.season_scores) > SEASONS_PER_GAME or len(seat.groups) > self._groups:
            raise EncodingBoundError("a seat holds more than its rows")
        for k, score in enumerate(seat.season_scores):
            out[at + k] = score / 100
        at += SEASONS_PER_GAME
        out[at] = seat.total / 100
        at += 1
        # A step changes one group at most: the others are the same (cached) group views.
        before = self._rows[index]
        self._rows[index] = None  # until written whole
        if before is None:  # rows of unknown content: clear them all
            out[at : at + self._groups * _GROUP_SIZE] = self._zeros[0 : self._groups * _GROUP_SIZE]
            before = ()
        for k, group in enumerate(seat.groups):
            if k >= len(before) or before[k] is not group:
                self._write_group(at + k * _GROUP_SIZE, group)
        gone = at + len(seat.groups) * _GROUP_SIZE
        out[gone : at + len(before) * _GROUP_SIZE] = self._zeros[
            0 : max(0, len(before) - len(seat.groups)) * _GROUP_SIZE
        ]
        self._rows[index] = seat.groups

    def _write_group(self, at: int, group: GroupView) -> None:
        out = self.buffer
        out[at : at + _GROUP_SIZE] = self._zeros[0:_GROUP_SIZE]
        island = group.island
        if island in _ISLAND_AT:
            out[at + _ISLAND_AT[island]] = 1.0
        at += len(ISLANDS)
        if island in _START_AT:
            out[at + _START_AT[island]] = 1.0
        at += len(STARTS)
        for tuck in group.tucks:
            out[at + _TUCK_AT[(tuck.island, tuck.half)]] += 1.0
        at += len(_TUCKS)
        for flock in (group.left, group.right):
            if flock is not None:
                out[at + _BIRD_AT[flock.species]] = 1.0
                out[at + len(BIRDS)] = flock.size / 10
            at += len(BIRDS) + 1
        out[at] = group.plant / 10
        out[at + 1] = group.fish / 10
        out[at + 2] = group.meat / 10


def state_writer(config: Config, seat: PlayerId) -> StateWriter:
    """Returns a writer of `seat`'s observations straight from States of `config`."""
    return StateWriter(config.players, seat)


def observation_string(view: View) -> str:
    """Returns the view as text: its JSON document (everything the seat sees, nothing else)."""
    return codec.dumps(view)


# --- information-state summary --------------------------------------------------------

EVENT_KINDS: Final[tuple[type, ...]] = get_args(events.Event)


def summary_fields(config: Config) -> tuple[Field, ...]:
    """Returns the blocks of `summarize`'s numbers, in order."""
    players = config.players
    return fields_end_to_end(
        (
            (
                "events_seen",
                event_count_size(EVENT_KINDS, players),
                f"per event kind ({len(EVENT_KINDS)}, in the Event union's order) and per seat "
                "it names, then one for no seat: events seen / 100",
            ),
            (
                "last_hand_passed",
                players * len(_CARDS),
                "per receiving seat, per card (species, then island types): the cards of the "
                "last hand the viewer passed to that seat / 10",
            ),
        )
    )


def summary_size(config: Config) -> int:
    """Returns the length of every summary of a game with `config`."""
    return sum(f.size for f in summary_fields(config))


def summarize(view: View, seen: Sequence[object], start: Sequence[float] = ()) -> tuple[float, ...]:
    """Returns a fixed-size summary of `seen`, the events the viewer has seen since the deal;
    with `start`, the summary of the events the viewer saw before `seen`, the summary of
    them all (a summary can be kept up to date event by event)."""
    players, cards = view.players, len(_CARDS)
    passed = event_count_size(EVENT_KINDS, players)
    values = summary_values(start, passed + players * cards)
    count_events(values, seen, EVENT_KINDS, players)
    for event in seen:
        if type(event) is not events.HandPassed or event.player != view.player:
            continue
        if event.birds is None or event.islands is None:
            continue
        row = passed + event.to * cards
        values[row : row + cards] = [0.0] * cards
        for card in (*event.birds, *event.islands):
            values[row + _CARDS.index(card)] += 0.1
    return tuple(values)


# --- chance -------------------------------------------------------------------------


def unseen(state: State) -> tuple[object, ...]:
    """Returns what no seat knows: the order of the bird and island decks."""
    return (state.bird_deck, state.island_deck)


def shuffle_unseen(state: State, seed: int) -> State:
    """Returns `state` with both decks reshuffled and a new rng, from `seed`: no seat knows
    their order, so this decides what the next step draws without changing what any seat
    may know (the research adapters' chance nodes)."""
    birds, rng = shuffle(Rng.from_seed(seed), state.bird_deck)
    islands, rng = shuffle(rng, state.island_deck)
    return attrs.evolve(state, rng=rng, bird_deck=birds, island_deck=islands)


class PeacockEncoding:
    """Peacock's integer research API as one object (see birdgames.encoding.Encoding)."""

    num_actions = staticmethod(num_actions)
    encode = staticmethod(encode)
    decode = staticmethod(decode)
    legal_mask = staticmethod(legal_mask)
    legal_index = staticmethod(legal_index)
    observation_size = staticmethod(observation_size)
    observe = staticmethod(observe)
    fill_observation = staticmethod(fill_observation)
    observation_string = staticmethod(observation_string)
    state_writer = staticmethod(state_writer)
    summary_size = staticmethod(summary_size)
    summarize = staticmethod(summarize)
    unseen = staticmethod(unseen)
    shuffle_unseen = staticmethod(shuffle_unseen)
    entity_layout = staticmethod(entity_layout)
    entities = staticmethod(entities)
    entity_writer = staticmethod(entity_writer)


ENCODING: Final = PeacockEncoding()
