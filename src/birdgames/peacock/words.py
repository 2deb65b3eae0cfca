"""Words for Peacock: display names, actions and events as sentences, a view as text.

Everything here reads the viewer's View, never the State, so it tells no more than the
viewer may see: another player's hand and face-down pick stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.core import HistoryMismatchError, ScoreLine, UnknownIdError, settle_breakdown
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
    ISLAND_TYPES,
    SPECIES,
    SPECIES_BY_ID,
    STARTING_ISLANDS,
    Effect,
    Need,
    Season,
    Species,
    Trigger,
)
from birdgames.peacock.events import (
    BirdLifted,
    BirdMoved,
    BirdPlaced,
    BirdsPassed,
    BirdsRemoved,
    BirdsSetAside,
    Event,
    FlockScore,
    GameEnded,
    HandDealt,
    HandPassed,
    IslandPlaced,
    IslandTucked,
    MigrationEnded,
    PhaseStarted,
    PickCommitted,
    PickRevealed,
    SeasonChanged,
    SeasonScored,
)
from birdgames.peacock.scoring import rating
from birdgames.peacock.state import Flock, Phase, Slot
from birdgames.peacock.view import GroupView, SeatView, View
from birdgames.phrases import a, count


def _names() -> dict[str, str]:
    names = {s.id: s.id.replace("_", " ").title() for s in SPECIES}
    names.update({t.id: f"{t.id.capitalize()} island" for t in ISLAND_TYPES})
    names.update({s.id: f"Starting island {s.dots}" for s in STARTING_ISLANDS})
    return names


CARD_NAMES: Final[Mapping[str, str]] = MappingProxyType(_names())
"""The display name of every catalog card (species, island types, starting islands), by id."""

_SOURCES: Final[Mapping[Source, str]] = MappingProxyType(
    {
        Source.DRAFTED: "drafted",
        Source.ASIDE: "set aside",
        Source.RECEIVED: "received",
        Source.TABLEAU: "in a flock",
    }
)
_PHASES: Final[Mapping[Phase, str]] = MappingProxyType(
    {
        Phase.DRAFT: "the draft",
        Phase.MIGRATION: "migration",
        Phase.ADDITIONAL: "additional migration",
        Phase.OVER: "the end",
    }
)


def card_name(card: str) -> str:
    """Returns the display name of a catalog card (`"grove"`: `"Grove island"`)."""
    return CARD_NAMES.get(card, card.replace("_", " ").title())


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


def _season(season: Season) -> str:
    return season.value


def _group(view: View, player: int, group: int) -> str:
    """Returns `group 2 (Grove island)` of that player's tableau, as the view shows it."""
    groups = view.seats[player].groups if 0 <= player < len(view.seats) else ()
    if 0 <= group < len(groups):
        return f"group {group} ({card_name(groups[group].island)})"
    return f"group {group}"


def _slot(view: View, player: int, group: int, slot: Slot) -> str:
    return f"the {slot.value} slot of {_group(view, player, group)}"


def describe_action(view: View, action: Action) -> str:
    """Returns the action as the reader of `view` would say it, naming birds and groups."""
    who = f"p{action.player}"
    match action:
        case DraftCard():
            return f"{who} drafts {card_name(action.card)}"
        case PlaceIsland():
            return f"{who} places {card_name(action.island)} as a new group"
        case TuckIsland():
            return (
                f"{who} tucks {card_name(action.island)} under "
                f"{_group(view, action.player, action.group)} on its {_season(action.half)} half"
            )
        case PlaceBird():
            where = _slot(view, action.player, action.group, action.slot)
            if action.source is Source.TABLEAU and action.from_slot is not None:
                start = (
                    _slot(view, action.player, action.from_group, action.from_slot)
                    if action.from_group is not None
                    else "its flock"
                )
                return f"{who} moves {a(card_name(action.bird))} from {start} to {where}"
            return f"{who} places {a(_SOURCES[action.source])} {card_name(action.bird)} on {where}"
        case LiftBird():
            start = _slot(view, action.player, action.group, action.slot)
            return f"{who} lifts {a(card_name(action.bird))} from {start} and sets it aside"
        case EndMigration():
            return f"{who} ends their migration"
        case _:
            assert_never(action)


def describe_event(view: View, event: Event) -> str:
    """Returns one event (as `visible_events` gave it to this viewer) as a sentence."""
    match event:
        case HandDealt():
            if event.birds is None or event.islands is None:
                return f"p{event.player} is dealt {count(event.count, 'card')}"
            return f"p{event.player} is dealt {_cards((*event.birds, *event.islands))}"
        case PickCommitted():
            picked = card_name(event.card) if event.card is not None else "a card"
            return f"p{event.player} picks {picked} face down"
        case PickRevealed():
            return f"p{event.player} reveals {card_name(event.card)}"
        case HandPassed():
            if event.birds is None or event.islands is None:
                cards = count(event.count, "card")
            else:
                cards = _cards((*event.birds, *event.islands))
            return f"p{event.player} passes {cards} to p{event.to}"
        case PhaseStarted():
            return f"season {event.round} ({_season(event.season)}): {_PHASES[event.phase]} begins"
        case IslandPlaced():
            return f"p{event.player} places {card_name(event.island)} as group {event.group}"
        case IslandTucked():
            return (
                f"p{event.player} tucks {card_name(event.island)} under "
                f"{_group(view, event.player, event.group)} on its {_season(event.half)} half"
            )
        case BirdPlaced():
            return (
                f"p{event.player} places {a(_SOURCES[event.source])} {card_name(event.bird)} "
                f"on {_slot(view, event.player, event.group, event.slot)}"
            )
        case BirdMoved():
            return (
                f"p{event.player} moves {a(card_name(event.bird))} from "
                f"{_slot(view, event.player, event.from_group, event.from_slot)} to "
                f"{_slot(view, event.player, event.group, event.slot)}"
            )
        case BirdLifted():
            return (
                f"p{event.player} lifts {a(card_name(event.bird))} from "
                f"{_slot(view, event.player, event.group, event.slot)} and sets it aside"
            )
        case MigrationEnded():
            return f"p{event.player} ends their migration"
        case BirdsPassed():
            return f"p{event.player} passes unplaced {_cards(event.birds)} to p{event.to}"
        case BirdsRemoved():
            return f"p{event.player}'s unplaced {_cards(event.birds)} are removed from the game"
        case BirdsSetAside():
            return (
                f"p{event.player} sets aside {_birds(event.count, event.bird)} from "
                f"{_slot(view, event.player, event.group, event.slot)}: {event.reason}"
            )
        case SeasonScored():
            parts = "; ".join(
                f"{_birds(f.size, f.species)} x ({f.feathers}{f.bonus:+d}) = {f.points}"
                for f in event.flocks
            )
            return (
                f"p{event.player} scores {event.points} in season {event.round} "
                f"({parts or 'no birds'}), total {event.total}"
            )
        case SeasonChanged():
            return f"the season turns {_season(event.season)}; season {event.round} begins"
        case GameEnded():
            totals = ", ".join(
                f"p{i} {t} ({r})"
                for i, (t, r) in enumerate(zip(event.totals, event.ratings, strict=True))
            )
            won = ", ".join(f"p{w}" for w in event.winners)
            return f"the game is over: {totals}; won by {won}"
        case _:
            assert_never(event)


def _flock(flock: Flock | None) -> str:
    if flock is None:
        return "empty"
    return _birds(flock.size, flock.species)


def _birds(number: int, species: str) -> str:
    """Returns `"1 Owl"` or `"3 Vultures"`."""
    return count(number, card_name(species))


def _group_line(index: int, group: GroupView) -> str:
    tucks = "".join(f", {card_name(t.island)} tucked ({t.half.value})" for t in group.tucks)
    return (
        f"    group {index} ({card_name(group.island)}{tucks}): offers {group.plant} plant, "
        f"{group.fish} fish, {group.meat} meat; left {_flock(group.left)}, "
        f"right {_flock(group.right)}"
    )


def _moves_left(moves: int) -> str:
    return f"{count(moves, 'move')} left"


def _seat_lines(view: View, index: int, seat: SeatView) -> list[str]:
    state = "done" if seat.done else ("picked" if seat.committed else "")
    head = f"  p{index}: {count(seat.total, 'point')}, {count(seat.hand_size, 'card')} in hand"
    if view.phase is Phase.MIGRATION:
        head += f", {_moves_left(seat.moves_left)}"
    lines = [f"{head}{f', {state}' if state else ''}"]
    if seat.hand_birds is not None and seat.hand_islands is not None:
        lines.append(f"    hand: {_cards((*seat.hand_birds, *seat.hand_islands))}")
    if seat.pick is not None:
        lines.append(f"    face-down pick: {card_name(seat.pick)}")
    for label, cards in (
        ("drafted", (*seat.drafted_birds, *seat.drafted_islands)),
        ("set aside", seat.aside),
        ("received", seat.received),
    ):
        if cards:
            lines.append(f"    {label}: {_cards(cards)}")
    lines.extend(_group_line(i, g) for i, g in enumerate(seat.groups))
    return lines


def render(view: View) -> str:
    """Returns the table as the viewer sees it: season, every tableau, own hand, scores."""
    who = "a spectator" if view.player is None else f"p{view.player}"
    lines = [
        f"Peacock, seen by {who}: season {view.round} ({_season(view.season)}), "
        f"{_PHASES[view.phase]}; {count(view.bird_deck_size, 'bird')} and "
        f"{count(view.island_deck_size, 'island')} in the decks"
    ]
    for i, seat in enumerate(view.seats):
        lines.extend(_seat_lines(view, i, seat))
    if view.is_terminal:
        rated = ", ".join(f"p{i} {s} ({rating(s)})" for i, s in enumerate(view.scores))
        lines.append(f"game over, scores: {rated}")
    else:
        scores = ", ".join(f"p{i} {s}" for i, s in enumerate(view.scores))
        lines.append(f"scores: {scores}")
        lines.append(f"to act: {', '.join(f'p{p}' for p in view.to_act)}")
    return "\n".join(lines)


def _bonus_text(species: Species) -> str:
    if species.trigger is Trigger.SEASON:
        assert species.season is not None
        when = f"in {species.season.value} seasons"
    elif species.trigger is Trigger.FULL_FLOCK:
        when = "when the flock is full"
    elif species.trigger is Trigger.BUDDY:
        assert species.buddy is not None
        when = (
            f"when its group holds at least {count(species.buddy_count, card_name(species.buddy))} "
            "(both slots count)"
        )
    else:
        assert species.resource is not None
        when = f"when its group offers {species.resource.value}"
    if species.effect is Effect.FLOCK_SIZE:
        return f"{when}, its flock may hold {species.value} more bird"
    sign = "+" if species.value >= 0 else "-"
    return f"{when}, each bird scores {sign}{count(abs(species.value), 'feather')}"


def _species_text(species: Species) -> str:
    need = {
        Need.SINGLE: "one",
        Need.EITHER: "one",
        Need.DOUBLE: "two",
    }[species.need]
    food = " or ".join(r.value for r in species.res)
    return (
        f"{card_name(species.id)}: needs {need} {food} on its group's active half "
        f"(resources are never used up). Scores {count(species.feathers, 'feather')} per bird "
        f"each season; a flock holds up to {count(species.flock, 'bird')}. Bonus: "
        f"{_bonus_text(species)}. {species.copies} cards in the deck (K2.5)."
    )


def _rules() -> dict[str, str]:
    texts = {s.id: _species_text(s) for s in SPECIES}
    for t in ISLAND_TYPES:
        texts[t.id] = (
            f"{card_name(t.id)}: {t.blue.value} on its blue half, {t.orange.value} on its "
            f"orange half. Placed as a new group it offers the half of the season's colour; "
            f"tucked under a group on one half, it adds that half's resource in seasons of "
            f"that colour (K2.3). {t.copies} cards ({t.copies_2p} with 2 players)."
        )
    for s in STARTING_ISLANDS:
        blue = " and ".join(r.value for r in s.blue)
        orange = " and ".join(r.value for r in s.orange)
        texts[s.id] = (
            f"{card_name(s.id)}: every player starts with it (group {s.dots - 1}); {blue} "
            f"on its blue half, {orange} on its orange half (K1)."
        )
    return texts


RULES_TEXT: Final[Mapping[str, str]] = MappingProxyType(_rules())
"""What every catalog card does, in words, by id."""


def rules_text(card: str) -> str:
    """Returns what a species, island type or starting island does and how it scores."""
    text = RULES_TEXT.get(card)
    if text is None:
        raise UnknownIdError(f"{card!r} is no Peacock card; known ids: {', '.join(RULES_TEXT)}")
    return text


def _bonus_reason(species: Species) -> str:
    """Returns why a species' feathers bonus was active: "full flock", "with 1 Puffin"."""
    if species.trigger is Trigger.SEASON:
        assert species.season is not None
        return f"in {species.season.value}"
    if species.trigger is Trigger.FULL_FLOCK:
        return "full flock"
    if species.trigger is Trigger.BUDDY:
        assert species.buddy is not None
        return f"with {count(species.buddy_count, card_name(species.buddy))}"
    assert species.resource is not None
    return f"with {species.resource.value}"


def _flock_line(view: View, event: SeasonScored, flock: FlockScore) -> ScoreLine:
    birds = _birds(flock.size, flock.species)
    if flock.bonus:
        reason = _bonus_reason(SPECIES_BY_ID[flock.species])
        each = f"({flock.feathers} feathers {flock.bonus:+d} bonus, {reason})"
    else:
        each = count(flock.feathers, "feather")
    where = _slot(view, event.player, flock.group, flock.slot)
    return ScoreLine(
        event.player,
        flock.points,
        f"season {event.round} ({event.season.value}): {birds} on {where}, {flock.size} x {each}",
        "K2.5",
    )


def score_breakdown(view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
    """Returns each seat's points by season, and by flock for the seasons whose
    `SeasonScored` events `history` holds; each seat's lines sum to its score (K2.5, K3)."""
    told: dict[tuple[int, int], SeasonScored] = {}
    for event in history:
        if isinstance(event, SeasonScored):
            told[event.player, event.round] = event
    for seat, round_ in told:
        if not 0 <= seat < len(view.seats) or round_ > len(view.seats[seat].season_scores):
            raise HistoryMismatchError(
                f"the history scores p{seat} in season {round_} but the view shows no score "
                f"for that season"
            )
    lines: list[ScoreLine] = []
    for seat, side in enumerate(view.seats):
        for index, points in enumerate(side.season_scores):
            scored = told.get((seat, index + 1))
            if scored is None:
                lines.append(ScoreLine(seat, points, f"season {index + 1}'s flocks", "K2.5"))
                continue
            flocks = [_flock_line(view, scored, f) for f in scored.flocks]
            if scored.points != points or sum(f.points for f in flocks) != points:
                raise HistoryMismatchError(
                    f"the history scores p{seat} {scored.points} in season {index + 1} but "
                    f"the view shows {points}"
                )
            lines.extend(line for line in flocks if line.points)
    return settle_breakdown(view.scores, lines, "points scored", "K2.5")


class PeacockWords:
    """Peacock's words as one object (a `birdgames.Words`), for generic code."""

    def card_name(self, card: str) -> str:
        """Returns the display name of a catalog card."""
        return card_name(card)

    def describe_action(self, view: View, action: Action) -> str:
        """Returns the action as a sentence naming its birds and groups."""
        return describe_action(view, action)

    def describe_event(self, view: View, event: Event) -> str:
        """Returns the event as a sentence for the reader of `view`."""
        return describe_event(view, event)

    def render(self, view: View) -> str:
        """Returns the table as text."""
        return render(view)

    def score_breakdown(self, view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
        """Returns each seat's points by season and flock."""
        return score_breakdown(view, history)

    def rules_text(self, card: str) -> str:
        """Returns what a card does and how it scores."""
        return rules_text(card)


WORDS: Final = PeacockWords()
