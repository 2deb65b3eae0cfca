"""Rookery as integers: a fixed action space, legal masks and flat observations.

Actions are numbered by their fields (docs/research.md gives the layout). A card in play
is named by where it sits, not by its id: its id grows with every card played, while its
seat on the field (zone, then place among that zone's birds or predators) has a small
fixed range. So `encode` reads the state as well as the config.
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
from birdgames.rng import Rng, shuffle
from birdgames.rookery import events
from birdgames.rookery.actions import (
    Action,
    Ambush,
    ChooseTarget,
    DiscardCard,
    DraftHabitat,
    EndTurn,
    Hunt,
    Mob,
    MoveBird,
    NestBird,
    PassAmbush,
    PlayEvent,
    PlayHabitat,
    PlayPredator,
    PlaySeason,
    TapBird,
)
from birdgames.rookery.cards import (
    BIRDS,
    CARD_TYPE,
    CATALOG,
    HABITAT_CARDS,
    PREDATORS,
    CardType,
    Effect,
    Habitat,
    Season,
)
from birdgames.rookery.entities import BIRD_ROWS, entities, entity_layout, entity_writer
from birdgames.rookery.game import GAME
from birdgames.rookery.rules import discards_for_effect, targeted_ability, to_act
from birdgames.rookery.scoring import controllers
from birdgames.rookery.setup import DECK_BOUNDS, MAX_COPIES
from birdgames.rookery.state import (
    ZONE_CAPACITY,
    ZONES,
    AmbushWindow,
    Bird,
    Config,
    DiscardChoice,
    Pending,
    Phase,
    Seat,
    State,
    TargetChoice,
    TurnState,
    Zone,
    ZoneState,
)
from birdgames.rookery.view import PredatorView, SeatView, View, ZoneView

HABITATS: Final = tuple(Habitat)
SEASONS: Final = tuple(Season)
PHASES: Final = tuple(Phase)
CARD_IDS: Final = tuple(CATALOG)
BIRD_IDS: Final = tuple(BIRDS)
PREDATOR_IDS: Final = tuple(PREDATORS)


def _most_predators_in_a_zone() -> int:
    """Returns the most predators a zone can hold under any legal config.

    Predators have no limit in a zone (R2) and none is Unique, so one zone can hold every
    predator card of both decks: each deck holds at most `MAX_COPIES` of each predator
    (R10), and no more cards than the largest deck a config may allow.
    """
    per_deck = min(len(PREDATORS) * MAX_COPIES, DECK_BOUNDS[1])
    return 2 * per_deck


# Observations show this many predators per zone: as many as any legal game can put there.
SHOWN_PREDATORS: Final = _most_predators_in_a_zone()


def _deck_cards(config: Config, kind: CardType) -> tuple[str, ...]:
    cards = set(config.decks[0]) | set(config.decks[1])
    return tuple(card for card in CARD_IDS if card in cards and CARD_TYPE[card] is kind)


@functools.lru_cache(maxsize=16)
def max_predators(config: Config) -> int:
    """Returns the most predators one zone can hold: every predator card of both decks."""
    return max(1, sum(1 for deck in config.decks for card in deck if card in PREDATORS))


@functools.lru_cache(maxsize=16)
def _layout(config: Config) -> Layout:
    birds_in_play = tuple(range(BIRD_ROWS))
    predators_in_play = tuple(range(len(ZONES) * max_predators(config)))
    in_play = tuple(range(len(birds_in_play) + len(predators_in_play)))
    hand_cards = tuple(c for deck in config.decks for c in deck)
    cards = tuple(card for card in CARD_IDS if card in set(hand_cards))
    blocks = [
        Block("draft_habitat", (("zone", ZONES), ("habitat", HABITATS))),
        Block("tap_bird", (("bird", birds_in_play),)),
        Block("nest_bird", (("card", _deck_cards(config, CardType.BIRD)), ("zone", ZONES))),
        Block("move_bird", (("bird", birds_in_play), ("zone", ZONES))),
        Block(
            "play_predator",
            (
                ("card", _deck_cards(config, CardType.PREDATOR)),
                ("zone", ZONES),
                ("face_up", (False, True)),
            ),
        ),
        Block("hunt", (("predator", predators_in_play), ("target", range(ZONE_CAPACITY)))),
        Block("mob", (("predator", predators_in_play),)),
    ]
    for event in _deck_cards(config, CardType.EVENT):
        ability = targeted_ability(event)
        moves = ability is not None and ability.effect is Effect.MOVE
        # R8: a MOVE sends a bird to a zone; other targeted effects name a card in play only.
        targets = (None,) if ability is None else birds_in_play if moves else in_play
        fields: list[tuple[str, tuple[Hashable, ...]]] = [
            ("target", targets),
            ("zone", ZONES if moves else (None,)),
            ("discard", (None, *cards) if discards_for_effect(event) else (None,)),
        ]
        blocks.append(Block(f"play_event:{event}", fields))
    blocks += [
        Block("play_season", (("card", _deck_cards(config, CardType.SEASON)),)),
        Block("play_habitat", (("card", _deck_cards(config, CardType.HABITAT)), ("zone", ZONES))),
        Block("end_turn", ()),
        Block("ambush", (("predator", predators_in_play),)),
        Block("pass_ambush", (("predator", predators_in_play),)),
        Block("discard_card", (("card", cards),)),
        Block("choose_target", (("target", in_play),)),
        Block("choose_target_move", (("bird", birds_in_play), ("zone", ZONES))),
    ]
    return Layout(blocks)


def layout(config: Config) -> Layout:
    """Returns the action layout of `config`."""
    return _layout(config)


def num_actions(config: Config) -> int:
    """Returns the size of the action space of `config`."""
    return _layout(config).size


def _seats(state: State) -> dict[int, tuple[int, int]]:
    """Returns each card in play's id -> (place among all in play, place in its zone)."""
    predators = max_predators(state.config)
    found: dict[int, tuple[int, int]] = {}
    for zi, zone in enumerate(state.zones):
        for i, bird in enumerate(zone.birds):
            found[bird.uid] = (zi * ZONE_CAPACITY + i, i)
        for j, predator in enumerate(zone.predators):
            found[predator.uid] = (BIRD_ROWS + zi * predators + j, j)
    return found


def _bird(seats: dict[int, tuple[int, int]], uid: object) -> int | None:
    seat = seats.get(uid) if type(uid) is int else None
    return seat[0] if seat is not None and seat[0] < BIRD_ROWS else None


def _predator(seats: dict[int, tuple[int, int]], uid: object) -> int | None:
    seat = seats.get(uid) if type(uid) is int else None
    return seat[0] - BIRD_ROWS if seat is not None and seat[0] >= BIRD_ROWS else None


def _any(seats: dict[int, tuple[int, int]], uid: object) -> int | None:
    if uid is None:
        return None
    seat = seats.get(uid) if type(uid) is int else None
    return -1 if seat is None else seat[0]  # -1: in no domain, so refused


def encode(state: State, action: Action) -> int:
    """Returns the integer of `action` in `state` (cards in play by their place)."""
    return _encode(state, action, None)


# The actions that name a card in play: their index depends on where it sits.
_ON_FIELD: Final = frozenset(
    (TapBird, MoveBird, Hunt, Mob, PlayEvent, Ambush, PassAmbush, ChooseTarget)
)


@attrs.frozen
class _FieldIndices:
    """The indices of the commonest actions on cards in play, by place, read from the
    layout once per config: listing them by index is then a lookup per action."""

    tap: tuple[int, ...]
    """TapBird's index by the bird's place."""
    move: tuple[dict[Zone, int], ...]
    """MoveBird's index by the bird's place, then by the zone it moves to."""
    hunt: tuple[tuple[int, ...], ...]
    """Hunt's index by the predator's place, then by its target's place in the zone."""
    mob: tuple[int, ...]
    """Mob's index by the predator's place."""


@functools.lru_cache(maxsize=16)
def _field_indices(config: Config) -> _FieldIndices:
    space = _layout(config)
    birds = range(BIRD_ROWS)
    predators = range(len(ZONES) * max_predators(config))
    return _FieldIndices(
        tap=tuple(space.index(bird, "tap_bird", (bird,)) for bird in birds),
        move=tuple(
            {zone: space.index(bird, "move_bird", (bird, zone)) for zone in ZONES} for bird in birds
        ),
        hunt=tuple(
            tuple(space.index(q, "hunt", (q, target)) for target in range(ZONE_CAPACITY))
            for q in predators
        ),
        mob=tuple(space.index(q, "mob", (q,)) for q in predators),
    )


def legal_index(state: State, player: PlayerId) -> dict[int, Action]:
    """Returns `player`'s legal actions by their indices (the mask's True entries): the
    places of the cards in play found once, the other actions' indices remembered."""
    # Measured (callgrind, per step of random 2-player games, this listing's own call of
    # `legal_actions` included): 93k instructions with every on-field action through
    # `_encode`, 72-76k with the commonest read from `_FieldIndices`.
    config = state.config
    seats: dict[int, tuple[int, int]] | None = None
    field = _field_indices(config)
    found: dict[int, Action] = {}
    plain: list[Action] = []
    for action in GAME.legal_actions(state, player):
        if type(action) not in _ON_FIELD:
            plain.append(action)
            continue
        if seats is None:
            seats = _seats(state)
        # Legal actions name cards in play, each of the kind its action's domain holds; a
        # predator's place follows every bird's.
        if type(action) is TapBird:
            found[field.tap[seats[action.bird][0]]] = action
        elif type(action) is MoveBird:
            found[field.move[seats[action.bird][0]][action.zone]] = action
        elif type(action) is Hunt:
            hunts = field.hunt[seats[action.predator][0] - BIRD_ROWS]
            found[hunts[seats[action.target][1]]] = action
        elif type(action) is Mob:
            found[field.mob[seats[action.predator][0] - BIRD_ROWS]] = action
        else:
            found[_encode(state, action, seats)] = action
    found.update(_layout(config).indices(plain, functools.partial(encode, state)))
    return found


def _field(state: State, seats: dict[int, tuple[int, int]] | None) -> dict[int, tuple[int, int]]:
    return _seats(state) if seats is None else seats


def _encode(state: State, action: Action, seats: dict[int, tuple[int, int]] | None) -> int:
    fields: tuple[Hashable, ...]
    space = _layout(state.config)
    match action:
        case DraftHabitat():
            return space.index(action, "draft_habitat", (action.zone, action.habitat))
        case TapBird():
            return space.index(action, "tap_bird", (_bird(_field(state, seats), action.bird),))
        case NestBird():
            return space.index(action, "nest_bird", (action.card, action.zone))
        case MoveBird():
            bird = _bird(_field(state, seats), action.bird)
            return space.index(action, "move_bird", (bird, action.zone))
        case PlayPredator():
            fields = (action.card, action.zone, action.face_up)
            return space.index(action, "play_predator", fields)
        case Hunt():
            seats = _field(state, seats)
            hit = seats.get(action.target) if type(action.target) is int else None
            in_zone = None if hit is None else hit[1]
            return space.index(action, "hunt", (_predator(seats, action.predator), in_zone))
        case Mob():
            return space.index(action, "mob", (_predator(_field(state, seats), action.predator),))
        case PlayEvent():
            seats = _field(state, seats)
            target = _bird(seats, action.target) if action.zone else _any(seats, action.target)
            fields = (target, action.zone, action.discard)
            block = f"play_event:{action.card}" if type(action.card) is str else ""
            return space.index(action, block, fields)
        case PlaySeason():
            return space.index(action, "play_season", (action.card,))
        case PlayHabitat():
            return space.index(action, "play_habitat", (action.card, action.zone))
        case EndTurn():
            return space.index(action, "end_turn", ())
        case Ambush():
            return space.index(
                action, "ambush", (_predator(_field(state, seats), action.predator),)
            )
        case PassAmbush():
            predator = _predator(_field(state, seats), action.predator)
            return space.index(action, "pass_ambush", (predator,))
        case DiscardCard():
            return space.index(action, "discard_card", (action.card,))
        case ChooseTarget() if action.zone is not None:
            bird = _bird(_field(state, seats), action.target)
            return space.index(action, "choose_target_move", (bird, action.zone))
        case ChooseTarget():
            return space.index(
                action, "choose_target", (_any(_field(state, seats), action.target),)
            )
        case _:
            raise IllegalActionError(action, "this is not a Rookery action")


_DECODER: Final = LegalDecoder[State, Action](
    GAME.legal_actions, encode, lambda state: _layout(state.config).size
)


def decode(state: State, player: PlayerId, index: int) -> Action:
    """Returns `player`'s legal action numbered `index`; otherwise IllegalActionError."""
    return _DECODER.decode(state, player, index)


def legal_mask(state: State, player: PlayerId) -> tuple[bool, ...]:
    """Returns one flag per action index, True where it is legal for `player` now."""
    return _DECODER.legal_mask(state, player)


# --- observations ---------------------------------------------------------------------

_BIRD_SIZE: Final = 1 + len(BIRD_IDS) + 2 + 6  # present, card, owner, six flags/counters
_PREDATOR_SIZE: Final = 1 + 2 + len(PREDATOR_IDS) + 4  # present, owner, card if shown, 4 more
_ZONE_SIZE: Final = (
    len(HABITATS) + 2 + ZONE_CAPACITY * _BIRD_SIZE + SHOWN_PREDATORS * _PREDATOR_SIZE
) + 2 * len(HABITAT_CARDS)
_PLAYER_SIZE: Final = 2 + len(CARD_IDS) + 2
SIZE: Final = (
    2
    + len(PHASES)
    + 2
    + 2
    + 2
    + 1  # seat, phase, first, active, to act, turn number
    + len(CARD_IDS)  # own hand
    + 2 * _PLAYER_SIZE
    + 3 * _ZONE_SIZE
    + len(SEASONS)
    + 4  # season wheel
    + 1
    + 1
    + 3
    + 1
    + 1  # the turn's counters
    + 3
    + 2
    + 1  # first pending decision: kind, player; how many wait
    + 2  # winners
)


def observation_size(config: Config) -> int:
    """Returns the length of every observation (the same for every config)."""
    return SIZE


def _bird_row(out: Features, bird: Bird) -> None:
    out.flag(True)
    out.one_hot(BIRD_IDS.index(bird.card), len(BIRD_IDS))
    out.one_hot(bird.owner, 2)
    out.flag(bird.nested)
    out.flag(bird.tapped)
    out.number(bird.damage, 5)
    out.flag(bird.has_tapped)
    out.flag(bird.moved)
    out.flag(bird.untapped)


def _predator_row(out: Features, predator: PredatorView) -> None:
    out.flag(True)
    out.one_hot(predator.owner, 2)
    card = predator.card  # None when face down and not the viewer's
    out.one_hot(None if card is None else PREDATOR_IDS.index(card), len(PREDATOR_IDS))
    out.flag(predator.face_up)
    out.number(predator.damage, 5)
    out.number(predator.hunts, 3)
    out.flag(predator.readied)


def observe(view: View) -> tuple[float, ...]:
    """Returns the view as a fixed-length list of numbers (layout in docs/research.md)."""
    out = Features()
    fill_observation(out, view)
    return out.done(SIZE)


def _turn(
    out: Features, turn: tuple[PlayerId | None, Phase, PlayerId, PlayerId, tuple[int, ...], int]
) -> None:
    player, phase, first, active, to_act, number = turn
    out.one_hot(player, 2)
    out.one_hot(PHASES.index(phase), len(PHASES))
    out.one_hot(first, 2)
    out.one_hot(active, 2)
    out.padded([1.0 if p in to_act else 0.0 for p in range(2)], 2)
    out.number(number, 50)


def _hand(out: Features, hand: tuple[str, ...]) -> None:
    out.counts(hand, CARD_IDS)


def _player(out: Features, player: SeatView) -> None:
    out.number(player.hand_size, 10)
    out.number(player.deck_size, 30)
    out.counts(player.discard, CARD_IDS)
    out.number(player.song, 10)
    out.number(player.prizes, 5)


_PILES: Final = tuple((owner, card) for owner in range(2) for card in HABITAT_CARDS)


def _zone(out: Features, zone: ZoneView) -> None:
    out.one_hot(None if zone.habitat is None else HABITATS.index(zone.habitat), len(HABITATS))
    out.one_hot(zone.controller, 2)
    out.rows(zone.birds, ZONE_CAPACITY, _BIRD_SIZE, _bird_row, shared=True)
    out.rows(zone.predators, SHOWN_PREDATORS, _PREDATOR_SIZE, _predator_row, shared=True)
    out.counts(((pile.owner, pile.card) for pile in zone.pile), _PILES)


def _season(out: Features, season: tuple[Season, int, int, int, int]) -> None:
    wheel, turns_left, turns_played, checkpoints, sudden_death = season
    out.one_hot(SEASONS.index(wheel), len(SEASONS))
    out.number(turns_left, 8)
    out.number(turns_played, 8)
    out.number(checkpoints, 4)
    out.number(sudden_death, 4)


def _this_turn(out: Features, turn: TurnState) -> None:
    out.number(turn.habitats_played, 5)
    out.flag(turn.season_played)
    out.padded([1.0 if m else 0.0 for m in turn.mobbed], 3)
    out.flag(turn.hold_countdown)
    out.number(turn.actions, 60)


_PENDING_KINDS: Final = (AmbushWindow, DiscardChoice, TargetChoice)


def _pending(out: Features, pending: tuple[tuple[Pending, ...], tuple[PlayerId, ...]]) -> None:
    waiting, winners = pending
    front = waiting[0] if waiting else None
    out.one_hot(None if front is None else _PENDING_KINDS.index(type(front)), len(_PENDING_KINDS))
    out.one_hot(None if front is None else front.player, 2)
    out.number(len(waiting), 5)
    out.padded([1.0 if p in winners else 0.0 for p in range(2)], 2)


def fill_observation(out: Features, view: View) -> None:
    """Appends the view's numbers to `out`, marking each block (each block a `part`)."""
    out.mark(
        "turn",
        "seat one-hot; phase one-hot (draft, play, over); first player one-hot; active "
        "player one-hot; to act per seat; turn number / 50",
    )
    out.part(
        (view.player, view.phase, view.first_player, view.active, view.to_act, view.turn_number),
        _turn,
    )
    out.mark("hand", "the viewer's hand: count per card id")
    out.part(view.hand, _hand)
    out.mark(
        "players",
        "per player: hand size / 10, deck size / 30, discard pile counts per card id, "
        "Song / 10, prizes / 5",
    )
    for player in view.seats:
        out.part(player, _player)
    out.mark(
        "zones",
        f"per zone: habitat one-hot, controller one-hot, {ZONE_CAPACITY} bird slots (present, "
        "card one-hot, owner one-hot, nested, tapped, damage / 5, tapped this turn, moved, "
        f"untapped), {SHOWN_PREDATORS} predator slots (present, owner one-hot, card one-hot "
        "when the viewer may see it, face up, damage / 5, hunts / 3, readied), flip pile "
        "counts per (owner, habitat card)",
    )
    for zone in view.zones:
        out.part(zone, _zone)
    out.mark(
        "season",
        "season one-hot; turns left / 8; turns played / 8; checkpoints / 4; sudden death / 4",
    )
    out.part(
        (view.season, view.turns_left, view.turns_played, view.checkpoints, view.sudden_death),
        _season,
    )
    out.mark(
        "this_turn",
        "habitats played / 5, Season card played, mobbed per zone, countdown held, actions / 60",
    )
    out.part(view.turn, _this_turn)
    out.mark(
        "pending",
        "first pending decision: kind one-hot (ambush, discard, target), its player one-hot; "
        "pending count / 5; winners per seat",
    )
    out.part((view.pending, view.winners), _pending)


# --- observations straight from the state ---------------------------------------------

_CARD_AT: Final = positions(CARD_IDS)
_BIRD_AT: Final = positions(BIRD_IDS)
_PREDATOR_AT: Final = positions(PREDATOR_IDS)
_PHASE_AT: Final = positions(PHASES)
_HABITAT_AT: Final = positions(HABITATS)
_SEASON_AT: Final = positions(SEASONS)
_PILE_AT: Final = positions(_PILES)
_PENDING_AT: Final = positions(_PENDING_KINDS)
# Where each block of `fill_observation` starts (the writer's tests compare every number).
_HAND_AT: Final = 2 + len(PHASES) + 2 + 2 + 2 + 1
_PLAYERS_AT: Final = _HAND_AT + len(CARD_IDS)
_ZONES_AT: Final = _PLAYERS_AT + 2 * _PLAYER_SIZE
_SEASON_BLOCK_AT: Final = _ZONES_AT + 3 * _ZONE_SIZE
_THIS_TURN_AT: Final = _SEASON_BLOCK_AT + len(SEASONS) + 4
_PENDING_BLOCK_AT: Final = _THIS_TURN_AT + 7
_ZEROS: Final = array("f", bytes(4 * SIZE))


class StateWriter:
    """Writes one seat's observations straight from States, each over the last one: the
    same numbers as `observe(view(state, seat))` without building the view, a zone or a
    player's side rewritten only when the state holds a new one. Like the view, it shows a
    face-down predator's card to its owner only (R6.3)."""

    __slots__ = ("_hand", "_held", "_sides", "_zones", "buffer", "seat")

    def __init__(self, seat: PlayerId) -> None:
        self.seat = seat
        self.buffer: array[float] = array("f", bytes(4 * SIZE))
        self._hand: tuple[str, ...] | None = None
        self._sides: list[object] = [None, None]
        self._zones: list[object] = [None, None, None]
        self._held: list[int | None] = [None, None, None]

    def write(self, state: State) -> array[float]:
        """Writes the seat's observation of `state` over the last one; returns the buffer."""
        out, seat = self.buffer, self.seat
        out[0:_HAND_AT] = _ZEROS[0:_HAND_AT]
        out[seat] = 1.0
        out[2 + _PHASE_AT[state.phase]] = 1.0
        at = 2 + len(PHASES)
        out[at + state.first_player] = 1.0
        out[at + 2 + state.active] = 1.0
        for player in to_act(state):
            out[at + 4 + player] = 1.0
        out[at + 6] = state.turn_number / 50
        sides = state.seats
        hand = sides[seat].hand
        if hand is not self._hand:
            self._hand = None  # until written whole
            out[_HAND_AT:_PLAYERS_AT] = _ZEROS[0 : len(CARD_IDS)]
            add_counts(out, _HAND_AT, _CARD_AT, hand)
            self._hand = hand
        for index in (0, 1):
            side = sides[index]
            if side is not self._sides[index]:
                self._sides[index] = None  # until written whole
                self._write_side(_PLAYERS_AT + index * _PLAYER_SIZE, side)
                self._sides[index] = side
        held = controllers(state.zones)
        for index in (0, 1, 2):
            zone = state.zones[index]
            if zone is not self._zones[index] or held[index] != self._held[index]:
                self._zones[index] = None  # until written whole
                self._write_zone(_ZONES_AT + index * _ZONE_SIZE, zone, held[index])
                self._zones[index] = zone
                self._held[index] = held[index]
        self._write_rest(state)
        return out

    def _write_side(self, at: int, side: Seat) -> None:
        out = self.buffer
        out[at] = len(side.hand) / 10
        out[at + 1] = len(side.deck) / 30
        out[at + 2 : at + 2 + len(CARD_IDS)] = _ZEROS[0 : len(CARD_IDS)]
        add_counts(out, at + 2, _CARD_AT, side.discard)
        out[at + 2 + len(CARD_IDS)] = side.song / 10
        out[at + 3 + len(CARD_IDS)] = side.prizes / 5

    def _write_zone(self, at: int, zone: ZoneState, controller: int | None) -> None:
        out = self.buffer
        out[at : at + _ZONE_SIZE] = _ZEROS[0:_ZONE_SIZE]
        if zone.habitat is not None:
            out[at + _HABITAT_AT[zone.habitat]] = 1.0
        at += len(HABITATS)
        if controller is not None:
            out[at + controller] = 1.0
        at += 2
        if len(zone.birds) > ZONE_CAPACITY or len(zone.predators) > SHOWN_PREDATORS:
            raise EncodingBoundError("a zone holds more cards than its rows")
        for k, bird in enumerate(zone.birds):
            row = at + k * _BIRD_SIZE
            out[row] = 1.0
            out[row + 1 + _BIRD_AT[bird.card]] = 1.0
            row += 1 + len(BIRD_IDS)
            out[row + bird.owner] = 1.0
            out[row + 2] = 1.0 if bird.nested else 0.0
            out[row + 3] = 1.0 if bird.tapped else 0.0
            out[row + 4] = bird.damage / 5
            out[row + 5] = 1.0 if bird.has_tapped else 0.0
            out[row + 6] = 1.0 if bird.moved else 0.0
            out[row + 7] = 1.0 if bird.untapped else 0.0
        at += ZONE_CAPACITY * _BIRD_SIZE
        for k, predator in enumerate(zone.predators):
            row = at + k * _PREDATOR_SIZE
            out[row] = 1.0
            out[row + 1 + predator.owner] = 1.0
            if predator.face_up or predator.owner == self.seat:  # R6.3
                out[row + 3 + _PREDATOR_AT[predator.card]] = 1.0
            row += 3 + len(PREDATOR_IDS)
            out[row] = 1.0 if predator.face_up else 0.0
            out[row + 1] = predator.damage / 5
            out[row + 2] = predator.hunts / 3
            out[row + 3] = 1.0 if predator.readied else 0.0
        at += SHOWN_PREDATORS * _PREDATOR_SIZE
        add_counts(out, at, _PILE_AT, [(pile.owner, pile.card) for pile in zone.pile])

    def _write_rest(self, state: State) -> None:
        out = self.buffer
        out[_SEASON_BLOCK_AT:SIZE] = _ZEROS[_SEASON_BLOCK_AT:SIZE]
        wheel = state.wheel
        out[_SEASON_BLOCK_AT + _SEASON_AT[wheel.season]] = 1.0
        at = _SEASON_BLOCK_AT + len(SEASONS)
        out[at] = wheel.turns_left / 8
        out[at + 1] = wheel.turns_played / 8
        out[at + 2] = wheel.checkpoints / 4
        out[at + 3] = wheel.sudden_death / 4
        turn = state.turn
        out[_THIS_TURN_AT] = turn.habitats_played / 5
        out[_THIS_TURN_AT + 1] = 1.0 if turn.season_played else 0.0
        for k, mobbed in enumerate(turn.mobbed):
            out[_THIS_TURN_AT + 2 + k] = 1.0 if mobbed else 0.0
        out[_THIS_TURN_AT + 5] = 1.0 if turn.hold_countdown else 0.0
        out[_THIS_TURN_AT + 6] = turn.actions / 60
        pending = state.pending
        if pending:
            out[_PENDING_BLOCK_AT + _PENDING_AT[type(pending[0])]] = 1.0
            out[_PENDING_BLOCK_AT + 3 + pending[0].player] = 1.0
        out[_PENDING_BLOCK_AT + 5] = len(pending) / 5
        if state.phase is Phase.OVER:
            for player in state.winners:
                out[_PENDING_BLOCK_AT + 6 + player] = 1.0


def state_writer(config: Config, seat: PlayerId) -> StateWriter:
    """Returns a writer of `seat`'s observations straight from States of `config`."""
    return StateWriter(seat)


def observation_string(view: View) -> str:
    """Returns the view as text: its JSON document (everything the seat sees, nothing else)."""
    return codec.dumps(view)


# --- information-state summary --------------------------------------------------------

EVENT_KINDS: Final[tuple[type, ...]] = get_args(events.Event)
CARD_TYPES: Final = tuple(CardType)


def summary_fields(config: Config) -> tuple[Field, ...]:
    """Returns the blocks of `summarize`'s numbers, in order."""
    return fields_end_to_end(
        (
            (
                "events_seen",
                event_count_size(EVENT_KINDS, 2),
                f"per event kind ({len(EVENT_KINDS)}, in the Event union's order) and per seat "
                "it names, then one for no seat: events seen / 100",
            ),
            (
                "searches",
                2 * len(CARD_TYPES),
                "per seat, per card type searched for (bird, predator, event, season, "
                "habitat): searches / 5",
            ),
            (
                "cards_found",
                2 * len(CARD_IDS),
                "per seat, per card id: cards its searches found that the viewer was shown / 5",
            ),
            ("cards_drawn", len(CARD_IDS), "per card id: cards the viewer drew / 5"),
        )
    )


def summary_size(config: Config) -> int:
    """Returns the length of every summary of a game with `config`."""
    return sum(f.size for f in summary_fields(config))


def summarize(view: View, seen: Sequence[object], start: Sequence[float] = ()) -> tuple[float, ...]:
    """Returns a fixed-size summary of `seen`, the events the viewer has seen since the deal;
    with `start`, the summary of the events the viewer saw before `seen`, the summary of
    them all (a summary can be kept up to date event by event)."""
    types, cards = len(CARD_TYPES), len(CARD_IDS)
    searches = event_count_size(EVENT_KINDS, 2)
    found = searches + 2 * types
    drawn = found + 2 * cards
    values = summary_values(start, drawn + cards)
    count_events(values, seen, EVENT_KINDS, 2)
    for event in seen:
        if type(event) is events.CardSearched:
            values[searches + event.player * types + CARD_TYPES.index(event.card_type)] += 0.2
            if event.card in CARD_IDS:
                values[found + event.player * cards + CARD_IDS.index(event.card)] += 0.2
        elif (
            type(event) is events.CardDrawn
            and event.player == view.player
            and event.card in CARD_IDS
        ):
            values[drawn + CARD_IDS.index(event.card)] += 0.2
    return tuple(values)


# --- chance -------------------------------------------------------------------------


def unseen(state: State) -> tuple[object, ...]:
    """Returns what no seat knows: the order of each player's deck."""
    return tuple(player.deck for player in state.seats)


def shuffle_unseen(state: State, seed: int) -> State:
    """Returns `state` with each deck reshuffled and a new rng, from `seed`: no seat knows a
    deck's order, so this decides what the next step draws or finds without changing what
    any seat may know (the research adapters' chance nodes)."""
    rng = Rng.from_seed(seed)
    seats = []
    for player in state.seats:
        deck, rng = shuffle(rng, player.deck)
        seats.append(attrs.evolve(player, deck=deck))
    return attrs.evolve(state, rng=rng, seats=(seats[0], seats[1]))


class RookeryEncoding:
    """Rookery's integer research API as one object (see birdgames.encoding.Encoding)."""

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


ENCODING: Final = RookeryEncoding()
