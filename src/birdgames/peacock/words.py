"""Words for Peacock: display names, actions and events as sentences, a view as text.

Everything here reads the viewer's View, never the State, so it tells no more than the
viewer may see: another player's hand and face-down pick stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, assert_never

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
from birdgames.peacock.cards import ISLAND_TYPES, SPECIES, STARTING_ISLANDS, Season
from birdgames.peacock.events import (
    BirdLifted,
    BirdMoved,
    BirdPlaced,
    BirdsPassed,
    BirdsRemoved,
    BirdsSetAside,
    Event,
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
                return f"{who} moves a {card_name(action.bird)} from {start} to {where}"
            return f"{who} places a {_SOURCES[action.source]} {card_name(action.bird)} on {where}"
        case LiftBird():
            start = _slot(view, action.player, action.group, action.slot)
            return f"{who} lifts a {card_name(action.bird)} from {start} and sets it aside"
        case EndMigration():
            return f"{who} ends their migration"
        case _:
            assert_never(action)


def describe_event(view: View, event: Event) -> str:
    """Returns one event (as `visible_events` gave it to this viewer) as a sentence."""
    match event:
        case HandDealt():
            if event.birds is None or event.islands is None:
                return f"p{event.player} is dealt {event.count} cards"
            return f"p{event.player} is dealt {_cards((*event.birds, *event.islands))}"
        case PickCommitted():
            picked = card_name(event.card) if event.card is not None else "a card"
            return f"p{event.player} picks {picked} face down"
        case PickRevealed():
            return f"p{event.player} reveals {card_name(event.card)}"
        case HandPassed():
            if event.birds is None or event.islands is None:
                cards = f"{event.count} cards"
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
                f"p{event.player} places a {_SOURCES[event.source]} {card_name(event.bird)} "
                f"on {_slot(view, event.player, event.group, event.slot)}"
            )
        case BirdMoved():
            return (
                f"p{event.player} moves a {card_name(event.bird)} from "
                f"{_slot(view, event.player, event.from_group, event.from_slot)} to "
                f"{_slot(view, event.player, event.group, event.slot)}"
            )
        case BirdLifted():
            return (
                f"p{event.player} lifts a {card_name(event.bird)} from "
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
                f"p{event.player} sets aside {event.count} {card_name(event.bird)} from "
                f"{_slot(view, event.player, event.group, event.slot)}: {event.reason}"
            )
        case SeasonScored():
            parts = "; ".join(
                f"{f.size} {card_name(f.species)} x ({f.feathers}{f.bonus:+d}) = {f.points}"
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
    return f"{flock.size} {card_name(flock.species)}"


def _group_line(index: int, group: GroupView) -> str:
    tucks = "".join(f", {card_name(t.island)} tucked ({t.half.value})" for t in group.tucks)
    return (
        f"    group {index} ({card_name(group.island)}{tucks}): offers {group.plant} plant, "
        f"{group.fish} fish, {group.meat} meat; left {_flock(group.left)}, "
        f"right {_flock(group.right)}"
    )


def _moves_left(count: int) -> str:
    return "1 move left" if count == 1 else f"{count} moves left"


def _seat_lines(view: View, index: int, seat: SeatView) -> list[str]:
    state = "done" if seat.done else ("picked" if seat.committed else "")
    head = f"  p{index}: {seat.total} points, {seat.hand_size} cards in hand"
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
        f"{_PHASES[view.phase]}; {view.bird_deck_size} birds and {view.island_deck_size} "
        f"islands in the decks"
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


WORDS: Final = PeacockWords()
