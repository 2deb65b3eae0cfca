"""The Rookery starter catalog and the two provisional decks, as typed data (R3, R6, R8-R10).

A card's ability is an `Effect` member plus parameters; only the rules modules interpret it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs


class Habitat(enum.Enum):
    """A zone's habitat, a bird's native habitat, a habitat card's habitat."""

    FOREST = "forest"
    SHORE = "shore"
    MEADOW = "meadow"
    WETLAND = "wetland"


class Season(enum.Enum):
    """The four seasons of the wheel, in order (rules: "R7 Seasons, checkpoints, Prizes,
    winning").
    """

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


class Trait(enum.Enum):
    """A bird's printed traits (R3.1)."""

    TERRITORIAL = "territorial"
    KEYSTONE = "keystone"
    MIGRATORY = "migratory"
    UNIQUE = "unique"
    UNCONTESTABLE = "uncontestable"


class CardType(enum.Enum):
    """The five card types."""

    BIRD = "bird"
    PREDATOR = "predator"
    EVENT = "event"
    SEASON = "season"
    HABITAT = "habitat"


class EventKind(enum.Enum):
    """The two kinds of event card (R8.1)."""

    WEATHER = "weather"
    HUMAN = "human"


class Effect(enum.Enum):
    """The fixed ability vocabulary (R9)."""

    COST_MOD = "cost_mod"
    STAT_MOD = "stat_mod"
    HUNT_MOD = "hunt_mod"
    CLAIM_MOD = "claim_mod"
    DRAW = "draw"
    DISCARD = "discard"
    SEARCH = "search"
    SONG_GAIN = "song_gain"
    DAMAGE = "damage"
    HEAL = "heal"
    MOVE = "move"
    SEASON_SHIFT = "season_shift"
    UNTAP = "untap"
    READY = "ready"


class Condition(enum.Enum):
    """When an ability of a card in play works (R9)."""

    ALWAYS = "always"
    AT_HOME = "at_home"
    IN_FLOCK = "in_flock"


class Trigger(enum.Enum):
    """When an ability applies (R9)."""

    STATIC = "static"
    ON_ENTER = "on_enter"
    ON_TAP = "on_tap"
    ON_HUNT = "on_hunt"
    ON_DEFEAT = "on_defeat"
    ON_PLAY = "on_play"


class Stat(enum.Enum):
    """A printed number a `stat_mod` raises."""

    EVASION = "evasion"
    HP = "hp"
    SONG = "song"
    THREAT = "threat"
    STEALTH = "stealth"


class Scope(enum.Enum):
    """Whom a `stat_mod` raises: the card itself or every friendly bird in its zone."""

    SELF = "self"
    ZONE = "zone"


class Mode(enum.Enum):
    """The variant of a `hunt_mod`, `claim_mod` or `discard` ability."""

    IGNORE_FLOCK = "ignore_flock"  # predator: its hunts ignore the flock bonus
    IGNORE_EXPOSED = "ignore_exposed"  # bird: it is never Exposed
    HUNT_TWICE = "hunt_twice"  # predator: hunts twice a turn
    HABITAT_THREAT = "habitat_threat"  # predator: +amount threat in a zone of `habitat`
    COUNT_AS = "count_as"  # bird: counts as `amount` birds for control
    CLAIM_ALONE = "claim_alone"  # bird: makes a claim by itself
    OPPONENT_CHOOSES = "opponent_chooses"  # the opponent discards a card of their choice
    FOR_EFFECT = "for_effect"  # you discard a named card to get the card's other effects


STATIC_EFFECTS: Final = frozenset(
    {Effect.COST_MOD, Effect.STAT_MOD, Effect.HUNT_MOD, Effect.CLAIM_MOD}
)
TARGETED_EFFECTS: Final = frozenset(
    {Effect.DAMAGE, Effect.HEAL, Effect.MOVE, Effect.UNTAP, Effect.READY}
)


@attrs.frozen
class Ability:
    """One ability: an effect, when it applies, its condition and its parameters."""

    effect: Effect
    trigger: Trigger
    condition: Condition = Condition.ALWAYS
    amount: int = 0
    stat: Stat | None = None
    scope: Scope = Scope.SELF
    card_type: CardType | None = None
    habitat: Habitat | None = None
    mode: Mode | None = None


@attrs.frozen
class BirdCard:
    """A bird: cost, song / evasion / hp, native habitat, traits, abilities (rules: "R3 Birds")."""

    id: str
    """The card's catalog id."""
    cost: int
    """The Song it costs to play."""
    song: int
    """The Song it adds when tapped."""
    evasion: int
    """What a hunt's threat must beat."""
    hp: int
    """Damage it takes to be defeated."""
    habitat: Habitat
    """Its native habitat."""
    traits: frozenset[Trait] = frozenset()
    """Its printed traits."""
    abilities: tuple[Ability, ...] = ()
    """Its abilities (rules: "R9 Abilities")."""


@attrs.frozen
class PredatorCard:
    """A predator: cost, threat / stealth / hp, abilities (rules: "R6 Predators, hunting,
    mobbing").
    """

    id: str
    """The card's catalog id."""
    cost: int
    """The Song it costs to play."""
    threat: int
    """Its hunting strength against a bird's evasion."""
    stealth: int
    """What a mob's summed evasion must beat."""
    hp: int
    """Damage it takes to be defeated."""
    abilities: tuple[Ability, ...] = ()
    """Its abilities (rules: "R9 Abilities")."""


@attrs.frozen
class EventCard:
    """A Weather or Human event (rules: "R8 Events")."""

    id: str
    """The card's catalog id."""
    cost: int
    """The Song it costs to play."""
    event_kind: EventKind
    """Weather or Human."""
    abilities: tuple[Ability, ...]
    """What it does when played (rules: "R9 Abilities")."""
    instant: bool = False
    """A label without rules effect (rules: "R8 Events")."""


@attrs.frozen
class SeasonCard:
    """A Season card: the season it starts and that season's duration (rules: "R7 Seasons,
    checkpoints, Prizes, winning").
    """

    id: str
    """The card's catalog id."""
    cost: int
    """The Song it costs to play."""
    season: Season
    """The season it starts."""
    duration: int
    """The turns that season lasts."""


@attrs.frozen
class HabitatCard:
    """A habitat card for a zone's flip pile (rules: "R5 Habitat cards")."""

    id: str
    """The card's catalog id."""
    habitat: Habitat
    """The habitat it turns a zone to."""


Card: TypeAlias = BirdCard | PredatorCard | EventCard | SeasonCard | HabitatCard

F, S, M, W = Habitat.FOREST, Habitat.SHORE, Habitat.MEADOW, Habitat.WETLAND
TER, KEY, MIG, UNI, UNC = (
    Trait.TERRITORIAL,
    Trait.KEYSTONE,
    Trait.MIGRATORY,
    Trait.UNIQUE,
    Trait.UNCONTESTABLE,
)
ST, ENTER, TAP, HUNT, DEFEAT, PLAY = (
    Trigger.STATIC,
    Trigger.ON_ENTER,
    Trigger.ON_TAP,
    Trigger.ON_HUNT,
    Trigger.ON_DEFEAT,
    Trigger.ON_PLAY,
)
HOME, FLOCK = Condition.AT_HOME, Condition.IN_FLOCK

_BIRDS: Final[tuple[BirdCard, ...]] = (
    # Forest
    BirdCard("robin", 1, 1, 2, 2, F, abilities=(
        Ability(Effect.STAT_MOD, ST, HOME, 1, stat=Stat.SONG),)),
    BirdCard("wren", 1, 1, 3, 1, F, frozenset({TER})),
    BirdCard("jay", 2, 1, 3, 3, F, frozenset({TER}), abilities=(
        Ability(Effect.DISCARD, ENTER, HOME, mode=Mode.OPPONENT_CHOOSES),)),
    BirdCard("woodpecker", 3, 2, 2, 4, F, frozenset({KEY}), abilities=(
        Ability(Effect.SONG_GAIN, TAP, HOME, 1),)),
    BirdCard("nuthatch", 2, 1, 4, 2, F, frozenset({MIG}), abilities=(
        Ability(Effect.DRAW, ENTER, amount=1),)),
    BirdCard("capercaillie", 4, 2, 3, 5, F, frozenset({UNI, UNC}), abilities=(
        Ability(Effect.CLAIM_MOD, ST, HOME, 2, mode=Mode.COUNT_AS),)),
    # Shore
    BirdCard("sandpiper", 1, 1, 3, 1, S, frozenset({MIG})),
    BirdCard("tern", 2, 1, 4, 2, S, frozenset({MIG}), abilities=(
        Ability(Effect.SONG_GAIN, ENTER, amount=1),)),
    BirdCard("gull", 2, 2, 2, 3, S, frozenset({TER}), abilities=(
        Ability(Effect.STAT_MOD, ST, FLOCK, 1, stat=Stat.EVASION, scope=Scope.ZONE),)),
    BirdCard("oystercatcher", 3, 2, 3, 3, S, frozenset({KEY}), abilities=(
        Ability(Effect.HEAL, TAP, HOME, 2),)),
    BirdCard("cormorant", 3, 2, 2, 4, S, abilities=(
        Ability(Effect.DRAW, DEFEAT, amount=1),)),
    BirdCard("puffin", 2, 1, 3, 2, S, abilities=(
        Ability(Effect.COST_MOD, ST, HOME, 1, card_type=CardType.BIRD, habitat=S),)),
    # Meadow
    BirdCard("lark", 1, 1, 2, 2, M, abilities=(
        Ability(Effect.STAT_MOD, ST, HOME, 1, stat=Stat.SONG),)),
    BirdCard("lapwing", 2, 1, 3, 2, M, frozenset({TER}), abilities=(
        Ability(Effect.DAMAGE, ENTER, HOME, 1),)),
    BirdCard("starling", 1, 1, 2, 1, M, frozenset({MIG}), abilities=(
        Ability(Effect.STAT_MOD, ST, FLOCK, 1, stat=Stat.EVASION),)),
    BirdCard("quail", 2, 2, 2, 3, M, abilities=(
        Ability(Effect.UNTAP, TAP, HOME),)),
    BirdCard("bustard", 4, 2, 3, 5, M, frozenset({UNI, UNC}), abilities=(
        Ability(Effect.STAT_MOD, ST, HOME, 1, stat=Stat.HP, scope=Scope.ZONE),)),
    BirdCard("skylark", 3, 2, 3, 3, M, frozenset({KEY}), abilities=(
        Ability(Effect.SEARCH, ENTER, HOME, card_type=CardType.EVENT),)),
    # Wetland
    BirdCard("heron", 3, 2, 4, 3, W, frozenset({UNI, UNC}), abilities=(
        Ability(Effect.STAT_MOD, ST, HOME, 2, stat=Stat.EVASION),)),
    BirdCard("rail", 1, 1, 3, 1, W, abilities=(
        Ability(Effect.CLAIM_MOD, ST, HOME, mode=Mode.CLAIM_ALONE),)),
    BirdCard("moorhen", 1, 1, 2, 2, W, frozenset({TER})),
    BirdCard("coot", 2, 1, 3, 2, W, frozenset({TER}), abilities=(
        Ability(Effect.DRAW, TAP, FLOCK, 1),)),
    BirdCard("bittern", 2, 1, 4, 2, W, frozenset({MIG}), abilities=(
        Ability(Effect.HUNT_MOD, ST, HOME, mode=Mode.IGNORE_EXPOSED),)),
    BirdCard("crane", 4, 3, 3, 4, W, frozenset({KEY}), abilities=(
        Ability(Effect.COST_MOD, ST, amount=1, card_type=CardType.EVENT),)),
)  # fmt: skip

_PREDATORS: Final[tuple[PredatorCard, ...]] = (
    PredatorCard("fox", 3, 3, 4, 4),
    PredatorCard("sparrowhawk", 3, 4, 3, 3, (
        Ability(Effect.HUNT_MOD, ST, mode=Mode.IGNORE_FLOCK),)),
    PredatorCard("harrier", 4, 3, 5, 4, (Ability(Effect.HUNT_MOD, ST, mode=Mode.HUNT_TWICE),)),
    PredatorCard("otter", 3, 3, 4, 4, (
        Ability(Effect.HUNT_MOD, ST, amount=2, habitat=W, mode=Mode.HABITAT_THREAT),)),
    PredatorCard("stoat", 2, 2, 3, 2, (Ability(Effect.DRAW, HUNT, amount=1),)),
    PredatorCard("owl", 4, 4, 5, 4, (Ability(Effect.STAT_MOD, ST, amount=2, stat=Stat.STEALTH),)),
    PredatorCard("weasel", 2, 3, 2, 2, (
        Ability(Effect.DISCARD, HUNT, mode=Mode.OPPONENT_CHOOSES),)),
    PredatorCard("goshawk", 5, 4, 4, 4, (Ability(Effect.SONG_GAIN, ENTER, amount=2),)),
)  # fmt: skip

WEA, HUM = EventKind.WEATHER, EventKind.HUMAN
_EVENTS: Final[tuple[EventCard, ...]] = (
    EventCard("gale", 2, WEA, (Ability(Effect.MOVE, PLAY),)),
    EventCard("downpour", 2, WEA, (Ability(Effect.DAMAGE, PLAY, amount=2),)),
    EventCard("warm_spell", 1, WEA, (Ability(Effect.SEASON_SHIFT, PLAY, amount=2),)),
    EventCard("cold_snap", 1, WEA, (Ability(Effect.SEASON_SHIFT, PLAY, amount=-2),)),
    EventCard("thaw", 1, WEA, (Ability(Effect.UNTAP, PLAY),), instant=True),
    EventCard("tailwind", 1, WEA, (Ability(Effect.READY, PLAY),)),
    EventCard("birdwatchers", 2, HUM, (Ability(Effect.DRAW, PLAY, amount=2),)),
    EventCard("field_guide", 1, HUM, (Ability(Effect.SEARCH, PLAY, card_type=CardType.BIRD),),
              instant=True),
    EventCard("feeder", 2, HUM, (Ability(Effect.SONG_GAIN, PLAY, amount=1),
                                 Ability(Effect.DRAW, PLAY, amount=1))),
    EventCard("rescue_centre", 1, HUM, (Ability(Effect.HEAL, PLAY, amount=2),)),
    EventCard("litter", 2, HUM, (Ability(Effect.DISCARD, PLAY, mode=Mode.OPPONENT_CHOOSES),)),
    EventCard("swap_meet", 1, HUM, (Ability(Effect.DISCARD, PLAY, mode=Mode.FOR_EFFECT),
                                    Ability(Effect.DRAW, PLAY, amount=2))),
)  # fmt: skip

_SEASONS: Final[tuple[SeasonCard, ...]] = (
    SeasonCard("early_spring", 2, Season.SPRING, 3),
    SeasonCard("heatwave", 3, Season.SUMMER, 5),
    SeasonCard("harvest_moon", 2, Season.AUTUMN, 4),
    SeasonCard("long_winter", 2, Season.WINTER, 6),
)

_HABITATS: Final[tuple[HabitatCard, ...]] = tuple(
    HabitatCard(f"{habitat.value}_habitat", habitat) for habitat in Habitat
)

CATALOG: Final[Mapping[str, Card]] = MappingProxyType(
    {
        card.id: card
        for group in (_BIRDS, _PREDATORS, _EVENTS, _SEASONS, _HABITATS)
        for card in group
    }
)


def _type_of(card: Card) -> CardType:
    match card:
        case BirdCard():
            return CardType.BIRD
        case PredatorCard():
            return CardType.PREDATOR
        case EventCard():
            return CardType.EVENT
        case SeasonCard():
            return CardType.SEASON
        case HabitatCard():
            return CardType.HABITAT


CARD_TYPE: Final[Mapping[str, CardType]] = MappingProxyType(
    {card_id: _type_of(card) for card_id, card in CATALOG.items()}
)
BIRDS: Final[Mapping[str, BirdCard]] = MappingProxyType({c.id: c for c in _BIRDS})
PREDATORS: Final[Mapping[str, PredatorCard]] = MappingProxyType({c.id: c for c in _PREDATORS})
EVENTS: Final[Mapping[str, EventCard]] = MappingProxyType({c.id: c for c in _EVENTS})
SEASON_CARDS: Final[Mapping[str, SeasonCard]] = MappingProxyType({c.id: c for c in _SEASONS})
HABITAT_CARDS: Final[Mapping[str, HabitatCard]] = MappingProxyType({c.id: c for c in _HABITATS})


def _abilities(card: Card) -> tuple[Ability, ...]:
    match card:
        case BirdCard() | PredatorCard() | EventCard():
            return card.abilities
        case SeasonCard() | HabitatCard():
            return ()


ABILITIES: Final[Mapping[str, tuple[Ability, ...]]] = MappingProxyType(
    {card_id: _abilities(card) for card_id, card in CATALOG.items()}
)
# Static abilities only: the hot-path queries (stats, costs, claims) skip cards without any.
STATIC: Final[Mapping[str, tuple[Ability, ...]]] = MappingProxyType(
    {card_id: tuple(a for a in abilities if a.trigger is Trigger.STATIC)
     for card_id, abilities in ABILITIES.items()}
)  # fmt: skip


def _expand(counts: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    return tuple(card for card, copies in counts for _ in range(copies))


# The default decks (R10): A leans Forest and Meadow, B Shore and Wetland (plans: DECK_PLANS).
# Seat balance (R10, uniformly random play): the first player wins more checkpoints, the
# second moves last before each one unless a Season card changes the order, so the decks carry
# one Season card between them (with four the first player won 55%). Flips cost the first
# player more birds than the second, so each deck also carries two cards of each of the
# opponent's habitats besides its own six.
# Deck A carries a second Robin, not the Skylark: with the Skylark, deck A won 54-57% of
# games between two checkpoint-racing bots (benchmarks/rookery_balance.py --policy heuristic).
DECK_A: Final[tuple[str, ...]] = _expand((
    ("robin", 2), ("wren", 1), ("jay", 1), ("woodpecker", 2), ("nuthatch", 1),
    ("capercaillie", 1), ("lark", 2), ("lapwing", 2), ("starling", 1),
    ("fox", 1), ("sparrowhawk", 1), ("harrier", 1), ("stoat", 1),
    ("gale", 1), ("downpour", 1), ("warm_spell", 1),
    ("forest_habitat", 3), ("meadow_habitat", 3), ("shore_habitat", 2), ("wetland_habitat", 2),
))  # fmt: skip
DECK_B: Final[tuple[str, ...]] = _expand((
    ("sandpiper", 1), ("tern", 1), ("gull", 1), ("oystercatcher", 1), ("cormorant", 1),
    ("puffin", 1), ("heron", 1), ("rail", 1), ("moorhen", 1), ("coot", 1), ("bittern", 1),
    ("crane", 1), ("quail", 1),
    ("otter", 1), ("owl", 1), ("weasel", 1), ("goshawk", 1),
    ("feeder", 1), ("litter", 1), ("long_winter", 1),
    ("shore_habitat", 3), ("wetland_habitat", 3), ("forest_habitat", 2), ("meadow_habitat", 2),
))  # fmt: skip

DECK_PLANS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "A": (
            "Forest and Meadow. Cheap birds build flocks early and the Uncontestable "
            "Capercaillie holds its home zone when outnumbered; six Forest and Meadow habitat "
            "cards turn contested zones home, sweeping out the opposing birds, and two Shore "
            "and two Wetland cards turn an opposing home zone to the other of the opponent's "
            "habitats, sweeping out half their birds; the Sparrowhawk and the Harrier break "
            "flocks, Gale and Downpour pick off a lone bird, and Warm Spell puts off a "
            "checkpoint the opponent would win."
        ),
        "B": (
            "Shore and Wetland. Migratory birds shift between zones to win close counts; "
            "Keystone birds and the Rail claim alone, the Uncontestable Heron holds a Wetland; "
            "six Shore and Wetland habitat cards turn zones home, and two Forest and two "
            "Meadow cards turn an opposing home zone to the other of the opponent's habitats; "
            "the Owl and the Goshawk guard zones, Litter and the Weasel thin the opposing "
            "hand, and Long Winter takes a checkpoint at once while ahead."
        ),
    }
)
"""What each default deck is built to do, by deck name (shown in the rules' card list)."""

DAWN_CHORUS: Final[Mapping[Season, int]] = MappingProxyType(
    {Season.SPRING: 2, Season.SUMMER: 4, Season.AUTUMN: 2, Season.WINTER: 1}
)
SEASON_ORDER: Final[tuple[Season, ...]] = (
    Season.SPRING,
    Season.SUMMER,
    Season.AUTUMN,
    Season.WINTER,
)
