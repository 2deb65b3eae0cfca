"""Words for Perch: display names, actions and events as sentences, a view as text.

Everything here reads the viewer's View, never the State, so it tells no more than the
viewer may see: another player's objective stays unnamed until the end. Events, actions and
view fields this module does not know yet (from a newer expansion) still get a sentence: their
own text with tile, Pond and creature ids replaced by display names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from birdgames.core import ScoreLine, UnknownIdError, settle_breakdown
from birdgames.perch_bop.actions import (
    Action,
    ActivateCreature,
    AddBird,
    BuildBirdhouse,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    ChooseSlot,
    Decline,
    EndTurn,
    FeedBirds,
    KeepObjective,
    MoveCreature,
    MoveGoldenEgg,
    MoveYeti,
    OrderTie,
    Place,
    PlaceScarecrow,
    ReturnBird,
    SkipEffect,
    SwapBirds,
    UseEffect,
    Zap,
    ZapNest,
    colour_name,
)
from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    CREATURE_POINTS,
    CREATURES,
    OBJECTIVE,
    POINTS_IN_THE_SKY,
    POND_CREATURES,
    POND_EMONIUM,
    POND_TILES,
    PROMO_NAMES,
    SEEDS_THE_DAY,
    TILES,
    Ability,
    Category,
    Objective,
    Tile,
)
from birdgames.perch_bop.events import (
    GOLDEN_EGG_ADDS,
    SKY_COVERS,
    BagEmptied,
    BirdfeederLost,
    BirdfeederTaken,
    BirdhouseBuilt,
    BirdMoved,
    BirdPlaced,
    BirdRemoved,
    BirdsDrawn,
    BirdsFed,
    BirdsSwapped,
    BirdsToBag,
    ControlChanged,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    Event,
    FinalScored,
    FountainFilled,
    FountainSwapped,
    GameEnded,
    GoldenEggMoved,
    LocationScored,
    NestRemoved,
    ObjectiveKept,
    PhaseStarted,
    PondScored,
    PromosControlled,
    SkyMoved,
    StandeePlaced,
    TieOrdered,
    TileEffect,
    TileRemoved,
    TurnEnded,
    TurnOrderSet,
    YetiMoved,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.state import Await, Location, Phase, Where
from birdgames.perch_bop.view import View
from birdgames.phrases import count


def _title(card_id: str) -> str:
    return " ".join(word.capitalize() for word in card_id.split("_"))


EXPANSION_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        SEEDS_THE_DAY: "Seeds the Day",
        POINTS_IN_THE_SKY: "Points in the Sky",
        POND_EMONIUM: "Pond-emonium",
    }
)
"""The display name of each expansion, by id."""


def _names() -> dict[str, str]:
    names = {o.id: _title(o.id) for o in OBJECTIVE.values()}
    names.update(EXPANSION_NAMES)
    names.update({t.id: t.name for t in TILES})
    names.update({p.id: p.name for p in POND_TILES})
    names.update({c.id: c.name for c in (*CREATURES, *POND_CREATURES)})
    names.update(PROMO_NAMES)
    return names


CARD_NAMES: Final[Mapping[str, str]] = MappingProxyType(_names())
"""The display name of every catalog card (tiles, Ponds, creatures, objectives), by id."""

# Ids that `_fallback` replaces inside an unknown object's own text: places and creatures,
# longest first so `owl_barn` wins over `owl`. Objective ids are everyday words; they stay.
_PLACE_IDS: Final = tuple(
    sorted(
        {t.id for t in TILES}
        | {p.id for p in POND_TILES}
        | {c.id for c in (*CREATURES, *POND_CREATURES)},
        key=lambda i: (-len(i), i),
    )
)
_CREATURE_IDS: Final = frozenset(c.id for c in (*CREATURES, *POND_CREATURES))
_PLACE_PATTERN: Final = re.compile(r"\b(" + "|".join(map(re.escape, _PLACE_IDS)) + r")\b")

_PHASES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "objectives": "choosing objectives",
        "migration": "Migration",
        "recruit": "Recruit",
        "perch": "Perch",
        "upkeep": "Upkeep",
        "over": "the end",
    }
)


def card_name(card: str) -> str:
    """Returns the display name of a catalog card (`"great_ash"`: `"The Great Ash Tree"`)."""
    return CARD_NAMES.get(card, _title(card))


def _place(card: str) -> str:
    """Returns a tile's name inside a sentence: `the Great Ash Tree`, `a Beehive`."""
    name = card_name(card)
    for article in ("The ", "A "):
        if name.startswith(article):
            return article.lower() + name[len(article) :]
    return name


def _colour(view: View, colour: int) -> str:
    """Returns `red (p0)`, or `blue (the dummy)` for a colour no seat plays."""
    owner = f"p{colour}" if 0 <= colour < view.players else "the dummy"
    return f"{colour_name(colour)} ({owner})"


def _who(player: int | None) -> str:
    return "nobody" if player is None else f"p{player}"


def _phase(phase: Phase | str) -> str:
    value = phase.value if isinstance(phase, Phase) else phase
    return _PHASES.get(value, value)


def _objective(card: str) -> str:
    return f"the {card_name(card)} objective"


def _fallback(thing: object) -> str:
    """Returns the object's own text with place and creature ids as display names."""
    return _PLACE_PATTERN.sub(lambda m: _place(m.group(1)), str(thing))


def _intersection(view: View, index: int) -> str:
    cells = geometry_for(view.players).intersections
    if not 0 <= index < len(cells):
        return f"intersection {index}"
    tiles = [view.locations[c].tile for c in cells[index] if c < len(view.locations)]
    return f"the meeting point of {', '.join(_place(t) for t in tiles)}"


def describe_action(view: View, action: Action) -> str:
    """Returns the action as the reader of `view` would say it, naming birds and places."""
    who = f"p{action.player}"
    match action:
        case KeepObjective():
            if view.player == action.player:
                return f"{who} keeps {_objective(action.objective)}"
            return f"{who} keeps an objective"
        case AddBird():
            return f"{who} adds one more {colour_name(action.player)} bird to the bag"
        case Decline():
            return f"{who} declines"
        case ReturnBird():
            return f"{who} returns a {_colour(view, action.colour)} bird to the bag"
        case SwapBirds():
            return (
                f"{who} swaps a {_colour(view, action.colour)} bird from their hand for "
                f"p{action.target}'s {_colour(view, action.target_colour)} bird"
            )
        case Place():
            nest = ", taking a nest" if action.nest else ""
            return (
                f"{who} places a {_colour(view, action.colour)} bird on "
                f"{_place(action.location)}{nest}"
            )
        case BuildBirdhouse():
            return (
                f"{who} builds a birdhouse on the {_colour(view, action.colour)} stack on "
                f"{_place(action.location)}"
            )
        case FeedBirds():
            return (
                f"{who} spends a Bread: a {_colour(view, action.colour)} bird flies from "
                f"{_place(action.location)} onto {_place(action.pond)}"
            )
        case Zap():
            return (
                f"{who} zaps a {_colour(view, action.colour)} bird on "
                f"{_place(action.location)} into the fountain"
            )
        case ZapNest():
            return f"{who} zaps away a free nest on {_place(action.location)}"
        case EndTurn():
            return f"{who} ends the turn"
        case ChooseSlot():
            arriving = view.arrivals[0] if view.arrivals else None
            bird = f"the {_colour(view, arriving.colour)} bird" if arriving else "the bird"
            return f"{who} puts {bird} in fountain slot {action.slot}"
        case PlaceScarecrow():
            return f"{who} puts the Scarecrow on {_intersection(view, action.intersection)}"
        case ActivateCreature():
            return f"{who} activates the {card_name(action.creature)}"
        case MoveCreature():
            creature = view.activation.creature if view.activation is not None else None
            name = f"the {card_name(creature)}" if creature else "the creature"
            return f"{who} moves {name} to {_place(action.location)}"
        case UseEffect():
            return f"{who} uses the {_activated(view)}'s effect"
        case SkipEffect():
            return f"{who} skips the {_activated(view)}'s effect"
        case ChooseBird():
            return (
                f"{who} chooses a {_colour(view, action.colour)} bird on {_place(action.location)}"
            )
        case ChooseDestination():
            where = (
                _place(action.location)
                if action.location is not None
                else "the fountain, off the board"
            )
            return f"{who} sends the bird to {where}"
        case ChooseFountainBird():
            slot = action.slot
            held = view.fountain[slot] if 0 <= slot < len(view.fountain) else None
            bird = f"the {_colour(view, held)} bird" if held is not None else "the bird"
            return f"{who} takes {bird} in fountain slot {slot}"
        case MoveGoldenEgg():
            return f"{who} moves the Golden Egg to {_place(action.location)}"
        case OrderTie():
            ranking = " before ".join(_colour(view, c) for c in action.order)
            return f"{who} has the Eagle of Justice rank {_place(action.place)}: {ranking}"
        case MoveYeti():
            return f"{who} moves the Yeti to {_place(action.location)}"
        case _:
            return _fallback(action)


def _activated(view: View) -> str:
    if view.activation is None:
        return "creature"
    return card_name(view.activation.creature)


def describe_event(view: View, event: Event) -> str:
    """Returns one event (as `visible_events` gave it to this viewer) as a sentence."""
    match event:
        case ObjectiveKept():
            if event.objective:
                return f"p{event.player} keeps {_objective(event.objective)}"
            return f"p{event.player} keeps an objective"
        case PhaseStarted():
            return f"round {event.round}: {_phase(event.phase)} begins"
        case BirdsToBag():
            who = "the dummy" if event.player is None else f"p{event.player}"
            return (
                f"{who} puts {count(event.count, _colour(view, event.colour) + ' bird')} into "
                f"the bag "
                f"({_fallback(event.cause).replace('_', ' ')})"
            )
        case BirdsDrawn():
            names = ", ".join(colour_name(c) for c in event.colours) or "nothing"
            return f"p{event.player} draws {names} from the {event.source}"
        case BirdsSwapped():
            return (
                f"p{event.player} gives a {colour_name(event.colour)} bird to p{event.target} "
                f"for a {colour_name(event.target_colour)} one (Full Bird Feeder)"
            )
        case BirdPlaced():
            nest = ", taking a nest" if event.nest else ""
            return (
                f"p{event.player} places a {_colour(view, event.colour)} bird on "
                f"{_place(event.tile)}{nest}"
            )
        case BirdhouseBuilt():
            return (
                f"p{event.player} builds a birdhouse on the {_colour(view, event.colour)} "
                f"stack on {_place(event.tile)}"
            )
        case TurnEnded():
            return f"p{event.player} ends the turn"
        case BirdRemoved():
            cause = "a zap" if event.cause == "zap" else _fallback(event.cause)
            if event.cause in _CREATURE_IDS:
                cause = f"the {card_name(event.cause)}"
            by = f"{cause} (p{event.player})" if event.player is not None else cause
            return (
                f"{by} sends a {_colour(view, event.colour)} bird from {_place(event.tile)} "
                f"to the {event.destination}"
            )
        case NestRemoved():
            return f"p{event.player} zaps away a free nest on {_place(event.tile)}"
        case FountainFilled():
            if event.slot is None:
                return (
                    f"the fountain is full: a {_colour(view, event.colour)} bird goes to the plaza"
                )
            return (
                f"p{event.player} puts a {_colour(view, event.colour)} bird in fountain slot "
                f"{event.slot} (worth {event.value})"
            )
        case LocationScored():
            where = f"place {event.place}" if event.place else "a cancelled tie"
            return (
                f"{card_name(event.tile)}: {_colour(view, event.colour)}, strength "
                f"{event.strength}, takes {where} and scores {event.points}"
            )
        case TurnOrderSet():
            seats = ", ".join(f"p{p}" for p in event.order)
            return f"the turn order for round {event.round}: {seats}"
        case TileEffect():
            return f"{card_name(event.tile)} ({_who(event.player)}): {_fallback(event.effect)}"
        case TileRemoved():
            return f"{card_name(event.tile)} is removed from the game"
        case ControlChanged():
            return (
                f"the {card_name(event.creature)} ({_place(event.tile)}) is controlled by "
                f"{_who(event.controller)}"
            )
        case StandeePlaced():
            return (
                f"{_who(event.player)} puts the {card_name(event.creature)} on "
                f"{_fallback(event.place)}"
            )
        case BagEmptied():
            return f"{event.count} {_colour(view, event.colour)} birds go from the bag to the plaza"
        case FinalScored():
            return (
                f"p{event.player} final score: {_objective(event.objective)} "
                f"+{event.objective_points}, largest flock +{event.largest_flock}, creatures "
                f"+{event.creatures}, fountain +{event.fountain}, plaza +{event.plaza} = "
                f"{event.total}"
            )
        case GameEnded():
            won = ", ".join(f"p{p}" for p in event.winners)
            scores = ", ".join(f"p{i} {s}" for i, s in enumerate(event.scores))
            return f"the game is over: won by {won} ({scores})"
        case CreatureActivated():
            return (
                f"p{event.player} activates the {card_name(event.creature)} on "
                f"{_fallback(event.place)}"
            )
        case CreatureMoved():
            route = " -> ".join(_fallback(p) for p in (event.start, *event.path))
            return f"p{event.player} moves the {card_name(event.creature)}: {route}"
        case EffectSkipped():
            if event.declined:
                return f"p{event.player} skips the {card_name(event.creature)}'s effect"
            return f"the {card_name(event.creature)} finds no bird to act on"
        case BirdMoved():
            return (
                f"the {_fallback(event.cause)} (p{event.player}) {event.how} a "
                f"{_colour(view, event.colour)} bird from {_place(event.source)} to "
                f"{_place(event.target)}"
            )
        case FountainSwapped():
            return (
                f"the Squirrel (p{event.player}) swaps a {_colour(view, event.colour)} bird on "
                f"{_place(event.tile)} with the {_colour(view, event.fountain_colour)} bird in "
                f"fountain slot {event.slot}"
            )
        case BirdfeederTaken():
            return (
                f"p{event.player}'s {colour_name(event.colour)} bird takes the Birdfeeder on "
                f"{_place(event.tile)}: p{event.player} scores {event.points}"
            )
        case BirdfeederLost():
            why = (
                "a dummy bird was placed there, nobody scores"
                if event.cause == "dummy"
                else "its Location is removed"
            )
            return f"the Birdfeeder on {_place(event.tile)} leaves the game: {why}"
        case SkyMoved():
            return f"the {event.body.capitalize()} moves clockwise to {_place(event.tile)}"
        case PondScored():
            where = f"place {event.place}" if event.place else "a cancelled tie"
            birds = "bird" if event.count == 1 else "birds"
            return (
                f"{card_name(event.pond)}: {_colour(view, event.colour)}, {event.count} {birds} "
                f"on and beside it, takes {where} and scores {event.points}"
            )
        case BirdsFed():
            return (
                f"p{event.player} spends a Bread ({event.bread_left} left): a "
                f"{_colour(view, event.colour)} bird flies from {_place(event.source)} onto "
                f"{_place(event.pond)}"
            )
        case PromosControlled():
            return f"round {event.round}: p{event.player}, in last place, holds the promos"
        case GoldenEggMoved():
            return f"p{event.player} moves the Golden Egg to {_place(event.tile)}"
        case TieOrdered():
            ranking = " before ".join(_colour(view, c) for c in event.order)
            return f"p{event.player}'s Eagle of Justice ranks {_place(event.place)}: {ranking}"
        case YetiMoved():
            mover = "the Yeti goes" if event.player is None else f"p{event.player} moves the Yeti"
            return f"{mover} from {_place(event.start)} to {_place(event.tile)}"
        case _:
            return _fallback(event)


# --- render ---------------------------------------------------------------------------------

# View fields `render` shows in its own way; any other field is listed at the end as it is.
_SHOWN_FIELDS: Final = frozenset(
    {
        "kind",
        "player",
        "players",
        "expansions",
        "round",
        "phase",
        "awaiting",
        "to_act",
        "turn_order",
        "placed",
        "bonus_used",
        "pending",
        "locations",
        "supply",
        "bag",
        "hands",
        "scores",
        "reached",
        "birdhouses",
        "zaps",
        "fountain",
        "plaza",
        "arrivals",
        "creatures",
        "activation",
        "objectives_kept",
        "dealt",
        "objective",
        "revealed",
        "final",
        "birdfeeders",
        "sky",
        "ponds",
        "promos",
        "promo_state",
        "seats",
        "is_terminal",
        "decision",
    }
)


def _counts(view: View, counts: tuple[int, ...]) -> str:
    parts = [f"{n} {colour_name(c)}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) or "none"


def _location_line(view: View, index: int, location: Location) -> str:
    if location.removed:
        return f"  {index}. {card_name(location.tile)}: removed from the game"
    stacks = []
    for colour, stack in enumerate(location.birds):
        if not stack:
            continue
        marks = "".join(
            (
                " on a nest" if location.nested[colour] else "",
                " with a birdhouse" if location.housed[colour] else "",
            )
        )
        stacks.append(f"{stack} {colour_name(colour)}{marks}")
    extras = []
    if location.free_nests:
        extras.append(count(location.free_nests, "free nest"))
    feeders = view.birdfeeders.on if view.birdfeeders is not None else ()
    if index < len(feeders) and feeders[index]:
        extras.append("a Birdfeeder")
    if view.sky is not None:
        extras.extend(
            body
            for body, cell in (("the Sun", view.sky.sun), ("the Moon", view.sky.moon))
            if cell == index
        )
    for creature in view.creatures:
        spot = creature.position
        if spot is not None and spot.where is Where.CELL and spot.index == index:
            extras.append(f"the {card_name(creature.id)} ({_who(creature.controller)})")
    birds = "; ".join(stacks) or "no birds"
    more = f" [{', '.join(extras)}]" if extras else ""
    return f"  {index}. {card_name(location.tile)}: {birds}{more}"


def _seat_line(view: View, seat: int) -> str:
    part = view.seats[seat] if seat < len(view.seats) else None
    if part is None:
        return f"  p{seat}"
    tokens = [t for t, held in (("a birdhouse", part.birdhouse), ("a zap", part.zap)) if held]
    if view.ponds is not None and seat < len(view.ponds.bread):
        tokens.append(f"{view.ponds.bread[seat]} Bread")
    objective = (
        _objective(part.objective)
        if part.objective is not None
        else ("an objective kept" if part.objective_kept else "no objective yet")
    )
    held = f", holds {', '.join(tokens)}" if tokens else ""
    return (
        f"  p{seat} ({colour_name(seat)}): {count(part.score, 'point')}, hand "
        f"{_counts(view, part.hand)}"
        f"{held}; {objective}"
    )


def _decision(view: View) -> str | None:
    decision = view.decision
    if decision is None or not view.to_act:
        return None
    seats = ", ".join(f"p{p}" for p in view.to_act)
    if decision.awaiting is None:
        bird = (
            f"the {_colour(view, decision.arrival.colour)} bird"
            if decision.arrival is not None
            else "the bird"
        )
        return f"waiting for {seats} to put {bird} heading for the fountain in a slot"
    asks = {
        Await.OBJECTIVE: "keep one of the two objectives",
        Await.EARLY_BIRD: "add one more bird to the bag (The Early Bird) or decline",
        Await.ROOKERY: "add one more bird to the bag (The Rookery) or decline",
        Await.BIRDBATH: "return one of the drawn birds to the bag (The Happy Birdbath)",
        Await.FEEDER: "swap a bird with another hand (Full Bird Feeder) or decline",
        Await.SCARECROW: "put the Scarecrow on an intersection",
        Await.CREATURE: f"go on with the {_activated(view)}",
        Await.GOLDEN_EGG: "move the Golden Egg to another Location (Golden Goose)",
        Await.EAGLE: "order one tie with the Eagle of Justice, or decline",
    }.get(decision.awaiting, decision.awaiting.value.replace("_", " "))
    return f"waiting for {seats} to {asks}"


def _promo_lines(view: View) -> list[str]:
    state = view.promo_state
    if state is None:
        return []
    names = ", ".join(card_name(p) for p in sorted(view.promos))
    holder = "nobody yet" if state.controller is None else f"p{state.controller}"
    lines = [f"  promos ({names}) held by {holder} this round"]
    cells = view.locations
    if state.egg is not None and 0 <= state.egg < len(cells):
        lines.append(f"  the Golden Egg lies on {_place(cells[state.egg].tile)}")
    if state.yeti is not None and 0 <= state.yeti < len(cells):
        moved = " (moved this round)" if state.yeti_used else ""
        lines.append(f"  the Yeti stands on {_place(cells[state.yeti].tile)}{moved}")
    if state.ruling is not None:
        ranking = " before ".join(_colour(view, c) for c in state.ruling.order)
        lines.append(f"  the Eagle of Justice's order: {ranking}")
    return lines


def render(view: View) -> str:
    """Returns the table as the viewer sees it: board, fountain, hands, scores."""
    who = "a spectator" if view.player is None else f"p{view.player}"
    expansions = ", ".join(sorted(_title(e) for e in view.expansions)) or "base game"
    lines = [
        f"Perch ({expansions}), seen by {who}: round {view.round}, {_phase(view.phase)}; "
        f"turn order {', '.join(f'p{p}' for p in view.turn_order)}"
    ]
    lines.extend(_location_line(view, i, loc) for i, loc in enumerate(view.locations))
    for creature in view.creatures:
        spot = creature.position
        if spot is not None and spot.where is not Where.CELL:
            ponds = view.ponds.ponds if view.ponds is not None else ()
            if spot.where is Where.INTERSECTION:
                where = _intersection(view, spot.index)
            elif spot.where is Where.POND and 0 <= spot.index < len(ponds):
                where = _place(ponds[spot.index].tile)
            else:
                where = f"{spot.where.value} {spot.index}"
            lines.append(
                f"  the {card_name(creature.id)} ({_who(creature.controller)}) stands at {where}"
            )
    if view.ponds is not None:
        for pond in view.ponds.ponds:
            lines.append(
                f"  {card_name(pond.tile)} at {_intersection(view, pond.intersection)}: "
                f"{_counts(view, pond.birds)}"
            )
    lines.extend(_promo_lines(view))
    fountain = ", ".join(
        f"{slot}: {'empty' if c is None else colour_name(c)}"
        for slot, c in enumerate(view.fountain)
    )
    lines.append(f"  fountain {fountain}")
    lines.append(f"  plaza: {_counts(view, view.plaza)}; bag: {_counts(view, view.bag)}")
    lines.append(f"  supply: {_counts(view, view.supply)}")
    lines.extend(_seat_line(view, seat) for seat in range(view.players))
    if view.dealt and view.objective is None:
        lines.append(f"  your objectives to choose from: {', '.join(map(_objective, view.dealt))}")
    for field in attrs.fields(type(view)):
        if field.name in _SHOWN_FIELDS:
            continue
        value = getattr(view, field.name)
        if value not in (None, (), frozenset(), 0, False):
            lines.append(f"  {field.name.replace('_', ' ')}: {_fallback(value)}")
    scores = ", ".join(f"p{i} {s}" for i, s in enumerate(view.scores))
    lines.append(f"game over, scores: {scores}" if view.is_terminal else f"scores: {scores}")
    decision = _decision(view)
    if decision is not None:
        lines.append(decision)
    elif view.to_act:
        lines.append(f"to act: {', '.join(f'p{p}' for p in view.to_act)}")
    return "\n".join(lines)


_ORDINALS: Final = ("cancelled by a tie", "1st", "2nd", "3rd", "4th", "5th")


def _ordinal(place: int) -> str:
    return _ORDINALS[place] if 0 <= place < len(_ORDINALS) else f"place {place}"


def _values(values: tuple[int, int, int]) -> str:
    return f"1st {values[0]}, 2nd {values[1]}, 3rd {values[2]}"


_ABILITY_TEXT: Final[Mapping[Ability, str]] = MappingProxyType(
    {
        Ability.NONE: "",
        Ability.CREATURE_HOME: (
            "During Upkeep its controller takes control of its creature for the next round"
        ),
        Ability.FULL_BIRD_FEEDER: (
            "Recruit, after the draws: its controller may swap a bird from their hand with "
            "one from another player's hand"
        ),
        Ability.HAPPY_BIRDBATH: (
            "Recruit, first: its controller draws 3 birds, then returns 1 to the bag"
        ),
        Ability.EARLY_BIRD: "Migration: its controller may put 1 extra bird into the bag",
        Ability.ROOKERY: (
            "Migration: each player with strength 2 here may add a bird; then one of the "
            "controller's birds here goes to the fountain"
        ),
        Ability.STONE_STATUE: (
            "During scoring: 1st scores 1 plus half the total strength here, rounded down"
        ),
        Ability.POWER_LINES: (
            "During Upkeep: one of the controller's birds here goes to the fountain"
        ),
        Ability.HANGING_NEST: (
            "During Upkeep: at strength {threshold} or more here, every bird not on a nest "
            "or in a birdhouse falls to the plaza"
        ),
        Ability.OVERSTUFFED: (
            "During Upkeep: at strength {threshold} or more here, every bird goes to the plaza "
            "and the tile leaves the game"
        ),
        Ability.HIGH_PERCH: (
            "Before turn order is set: its controller takes the last seat in the next round"
        ),
    }
)

_CREATURE_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "hawk": "flies to any other Location in play and sends 1 bird there to the fountain",
        "owl": (
            "walks 1-4 steps clockwise along the edge and sends 1 bird from a tile it passed "
            "over or landed on to the fountain"
        ),
        "fox": (
            "takes exactly 2 steps and sends 1 bird from the tile it passed through, then 1 "
            "from its landing tile, to the fountain"
        ),
        "dog": (
            "takes 1 step and pushes 1 bird there to a neighbouring tile, or off the board "
            "into the fountain from an edge tile"
        ),
        "cat": (
            "steps to the strongest neighbouring tile, sends 1 bird there to the fountain, "
            "then moves 1 more bird there to a neighbouring tile"
        ),
        "cuckoo": "takes 1 step and swaps a bird there with a bird on any other tile",
        "bee": (
            "flies to a tile neither its own nor a neighbour and pulls there 1 bird from any "
            "other tile, of a colour already stacked there"
        ),
        "squirrel": (
            "steps onto the Park Bench or a tile next to it and swaps a bird there with a "
            "bird in the fountain"
        ),
        "scarecrow": (
            "stands on a meeting point of three tiles and sends 1 bird from each of two of "
            "them to the fountain"
        ),
        "frog": "stays on its Pond and pulls 1 bird from a Location beside the Pond onto it",
        "perch": (
            "stays on its Pond and moves 1 bird from the Pond (never a colour's last there) "
            "to a Location beside it"
        ),
    }
)

_OBJECTIVE_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "wise": "control 3 tiles on a diagonal line, one in each of 3 neighbouring columns",
        "chirp": "in one 3-tile column, have at least 2 of your birds on each of its 3 tiles",
        "toucan": "control at least 2 corners",
        "lord": "have at least 1 bird on every corner still in play",
        "impeckable": "control at least 1 tile with a nest (free or taken)",
        "illeagle": "control a tile where another colour's stack sits on a nest",
        "ostrich": "control at least 2 tree tiles",
        "eggs": "control at least 1 tree tile",
        "jack": "control at least 2 creatures",
        "birden": "control at least 1 creature",
        "wing": "control no creature",
        "unpheasant": "be alone in 2nd place at 2 or more tiles",
        "quack": "be alone in 3rd place at 2 or more tiles",
        "comedihen": "be alone in 4th place at 3 or more tiles",
        "crowbar": "control a tile holding the most birds (one of several tied counts)",
        "stork": "have at least 1 bird on every tile",
        "tweet": "have at least 2 birds on each of 5 or more tiles",
        "hidden": "some tile holds no bird at all",
        "egrets": "have no bird on 3 or more tiles",
        "myself": "control a tile where every bird is yours",
        "robin": "control at least 2 tiles with nests",
        "emu": "control at least 1 special tile",
        "early_riser": "take at least 3 Birdfeeders",
        "full_crop": "take more Birdfeeders than every other player",
        "fasting": "take no Birdfeeder",
        "sunbather": "control the Location under the Sun",
        "night_owl": "control the Location under the Moon",
        "eclipse": "have at least 2 birds on both the Sun's and the Moon's Locations",
        "pond_hopper": "have at least 1 bird on every Pond",
        "deep_end": "have at least 3 birds on one Pond",
        "lily_pad_lord": "be alone in 1st place at a Pond by the Pond count",
    }
)

_PROMO_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "golden_goose": (
            "Golden Goose (promo): before Migration its holder (the player last in score) "
            "moves the Golden Egg to another Location; in Upkeep every place awarded there "
            "scores 1 more (P8.3)."
        ),
        "eagle_of_justice": (
            "Eagle of Justice (promo): as Upkeep begins its holder may put one tied group of "
            "colours at a Location or Pond in an order that ranks them for that Upkeep (P8.4)."
        ),
        "yeti": (
            "Yeti (promo): once a round its holder may move it to a neighbouring Location; no "
            "effect moves a bird off its Location to another Location or a Pond (P8.5)."
        ),
    }
)

_EXPANSION_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "seeds_the_day": (
            "Seeds the Day (expansion): a Birdfeeder on every Location; the first bird placed "
            "there from a hand scores its colour's owner 3 points at once (P3)."
        ),
        "points_in_the_sky": (
            "Points in the Sky (expansion): the Sun (6/3/1) and the Moon (1/3/5) replace the "
            "values of the Locations they cover and walk clockwise after each round (P4)."
        ),
        "pond_emonium": (
            "Pond-emonium (expansion): Ponds on meeting points of three Locations, scored by "
            "the birds on them plus the strength beside them; Bread feeds birds onto them (P5)."
        ),
    }
)

_CATEGORY: Final[Mapping[Category, str]] = MappingProxyType(
    {Category.TREE: "tree", Category.CREATURE: "creature", Category.SPECIAL: "special"}
)


def _tile_text(tile: Tile) -> str:
    nests = f"; starts with {count(tile.nests, 'nest')}" if tile.nests else ""
    ability = _ABILITY_TEXT[tile.ability].format(threshold=tile.threshold)
    if tile.ability is Ability.CREATURE_HOME and tile.creature is not None:
        ability = (
            f"Home of the {card_name(tile.creature)}: during Upkeep the colour alone in 1st "
            f"place here controls it for the next round"
        )
    if tile.edge_only:
        ability += ". Set up on the edge of the board"
    return (
        f"{tile.name}: a {_CATEGORY[tile.category]} Location scoring {_values(tile.values)} "
        f"each Upkeep by strength (birds + nest + birdhouse; ties cancel){nests} (§4.1)."
        f"{f' {ability}.' if ability else ''}"
    )


def _objective_text(objective: Objective) -> str:
    low, high = objective.players
    players = f"{low}-{high} players" if low != high else f"{low} players"
    rule = "P6" if objective.expansion is not None else "§7"
    return (
        f"{card_name(objective.id)} objective ({count(objective.points, 'point')} at the "
        f"end, {players}): {_OBJECTIVE_TEXT[objective.id]} ({rule})."
    )


def _rules() -> dict[str, str]:
    texts = {t.id: _tile_text(t) for t in TILES}
    for p in POND_TILES:
        creature = f"; brings the {card_name(p.creature)}" if p.creature is not None else ""
        texts[p.id] = (
            f"{p.name}: a Pond on a meeting point of three Locations, scoring "
            f"{_values(p.values)} each Upkeep among the colours with a bird on it, each "
            f"counting its birds there plus its strength on the Locations beside it{creature} "
            f"(P5)."
        )
    for c in (*CREATURES, *POND_CREATURES):
        home = f"home: {_place(c.home)}" if c.home is not None else "comes with its Pond"
        texts[c.id] = (
            f"{c.name} (creature, {home}): once a round its controller may activate it as "
            f"the turn's bonus action; it {_CREATURE_TEXT[c.id]}. Worth 3 points at the end "
            f"to its controller (§6, §4.4)."
        )
    texts.update({o.id: _objective_text(o) for o in OBJECTIVE.values()})
    texts.update(_PROMO_TEXT)
    texts.update(_EXPANSION_TEXT)
    return texts


RULES_TEXT: Final[Mapping[str, str]] = MappingProxyType(_rules())
"""What every tile, Pond, creature, objective, promo and expansion does, in words, by id."""


def rules_text(card: str) -> str:
    """Returns what a tile, Pond, creature, objective, promo or expansion does and scores."""
    text = RULES_TEXT.get(card)
    if text is None:
        raise UnknownIdError(f"{card!r} is no Perch tile, Pond, creature, objective or promo")
    return text


# How a TileEffect says which body covers a Location being scored (P4), and the Golden Egg.
_SKY_EFFECTS: Final = tuple(
    (SKY_COVERS.format(body=body), f"the {body}") for body in ("Sun", "Moon")
)


def _history_lines(view: View, history: Sequence[Event]) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    round_ = 1
    covered: dict[str, str] = {}
    egg: set[str] = set()
    for event in history:
        match event:
            case PhaseStarted():
                round_ = event.round
                covered.clear()
                egg.clear()
            case TileEffect():
                for prefix, name in _SKY_EFFECTS:
                    if event.effect.startswith(prefix):
                        covered[event.tile] = name
                if event.effect == GOLDEN_EGG_ADDS:
                    egg.add(event.tile)
            case LocationScored() if event.player is not None and event.points:
                body = covered.get(event.tile)
                under = f" under {body}" if body is not None else ""
                golden = " with the Golden Egg" if event.tile in egg else ""
                lines.append(
                    ScoreLine(
                        event.player,
                        event.points,
                        f"{card_name(event.tile)}{under}{golden}: {_ordinal(event.place)} "
                        f"place with strength {event.strength}, round {round_}",
                        "P4" if body is not None else ("P8.3" if golden else "§4.1"),
                    )
                )
            case PondScored() if event.player is not None and event.points:
                lines.append(
                    ScoreLine(
                        event.player,
                        event.points,
                        f"{card_name(event.pond)} (Pond): {_ordinal(event.place)} place with "
                        f"{count(event.count, 'bird')} on and beside it, round {round_}",
                        "P5",
                    )
                )
            case BirdfeederTaken():
                lines.append(
                    ScoreLine(
                        event.player,
                        event.points,
                        f"Birdfeeder taken at {_place(event.tile)}, round {round_}",
                        "P3",
                    )
                )
            case _:
                pass
    return lines


def _final_lines(view: View) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    for seat, final in enumerate(view.final):
        if final.objective_points:
            objective = OBJECTIVE.get(final.objective)
            rule = "P6" if objective is not None and objective.expansion is not None else "§7"
            lines.append(
                ScoreLine(
                    seat,
                    final.objective_points,
                    f"objective {card_name(final.objective)} met",
                    rule,
                )
            )
        for points, source, rule in (
            (final.largest_flock, "Largest Flock (the strongest single stack)", "§4.4"),
            (final.creatures, f"creatures controlled ({CREATURE_POINTS} each)", "§4.4"),
            (final.fountain, "birds in the fountain (each slot's value)", "§4.3"),
            (final.plaza, "birds in the plaza (1 each)", "§4.3"),
        ):
            if points:
                lines.append(ScoreLine(seat, points, source, rule))
    return lines


def _feeder_lines(view: View, lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    """Returns a line per seat for the Birdfeeders the view shows it took (P3) that `lines`
    do not name."""
    if view.birdfeeders is None:
        return []
    found: list[ScoreLine] = []
    for seat, taken in enumerate(view.birdfeeders.taken):
        told = sum(line.points for line in lines if line.seat == seat and line.rule == "P3")
        missing = taken * BIRDFEEDER_POINTS - told
        if missing > 0:
            found.append(
                ScoreLine(
                    seat,
                    missing,
                    f"Birdfeeders taken: {missing // BIRDFEEDER_POINTS}, "
                    f"{BIRDFEEDER_POINTS} points each",
                    "P3",
                )
            )
    return found


def score_breakdown(view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
    """Returns each seat's points by source: each Location, Pond and Birdfeeder award that
    `history` holds (by round, under the Sun or Moon), the other Birdfeeders the view shows
    taken, then the end-game points of `View.final`; the Upkeep points no given event
    explains are one line per seat."""
    lines = _history_lines(view, history)
    lines += _feeder_lines(view, lines)
    lines += _final_lines(view)
    return settle_breakdown(
        view.scores, lines, "points scored in the rounds' Upkeep (Locations, Ponds)", "§4.1"
    )


class PerchWords:
    """Perch's words as one object (a `birdgames.Words`), for generic code."""

    def card_name(self, card: str) -> str:
        """Returns the display name of a catalog card."""
        return card_name(card)

    def describe_action(self, view: View, action: Action) -> str:
        """Returns the action as a sentence naming its birds and places."""
        return describe_action(view, action)

    def describe_event(self, view: View, event: Event) -> str:
        """Returns the event as a sentence for the reader of `view`."""
        return describe_event(view, event)

    def render(self, view: View) -> str:
        """Returns the table as text."""
        return render(view)

    def score_breakdown(self, view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
        """Returns each seat's points by source."""
        return score_breakdown(view, history)

    def rules_text(self, card: str) -> str:
        """Returns what a tile, Pond, creature, objective or promo does and scores."""
        return rules_text(card)


WORDS: Final = PerchWords()
