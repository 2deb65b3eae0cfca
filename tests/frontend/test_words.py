"""Each game's words: display names, sentences that name cards, nothing the viewer cannot see."""

from __future__ import annotations

import re
from typing import Any, Final

import attrs
import pytest

from birdgames import AnyGame, games, get_game, get_words
from birdgames.peacock import words as peacock_words
from birdgames.peacock.cards import ISLAND_TYPES, SPECIES, STARTING_ISLANDS
from birdgames.perch_bop import View as PerchView
from birdgames.perch_bop import words as perch_words
from birdgames.perch_bop.cards import CREATURES, OBJECTIVES, POND_TILES, TILES
from birdgames.rng import Rng, below
from birdgames.rookery import words as rookery_words
from birdgames.rookery.cards import CATALOG
from tests.conformance.adapters import adapter_for

SEEDS: Final = 2
CHECK_EVERY: Final = 5  # steps between two perturbation checks (every step is described)
PERTURBATIONS: Final = 2

# A uid shown anywhere but right after a card's name in brackets: "Coot (#14)".
BARE_ID: Final = re.compile(r"(?<!\()#\d+")
NAMED_ID: Final = re.compile(r"(\w[\w' -]*) \(#(\d+)\)")
UNNAMED: Final = ("face-down predator", "no longer in play")


def _catalogs() -> list[tuple[str, set[str]]]:
    return [
        ("rookery", set(CATALOG)),
        ("peacock", {s.id for s in SPECIES} | {t.id for t in ISLAND_TYPES}
         | {s.id for s in STARTING_ISLANDS}),
        ("perch_bop", {t.id for t in TILES} | {c.id for c in CREATURES}
         | {p.id for p in POND_TILES} | {o.id for o in OBJECTIVES}),
    ]  # fmt: skip


@pytest.mark.parametrize(("name", "ids"), _catalogs())
def test_every_catalog_card_has_a_display_name(name: str, ids: set[str]) -> None:
    """Each card id of the catalog has its own display name, which is not the bare id."""
    words = get_words(name)
    names = {card: words.card_name(card) for card in ids}
    assert all(shown and shown != card for card, shown in names.items())
    assert "_" not in "".join(names.values())


def test_display_names_read_as_printed() -> None:
    """Names follow the cards: title case, Perch tiles by their printed names."""
    assert rookery_words.card_name("harvest_moon") == "Harvest Moon"
    assert peacock_words.card_name("grove") == "Grove island"
    assert peacock_words.card_name("start_2") == "Starting island 2"
    assert perch_words.card_name("great_ash") == "The Great Ash Tree"
    assert perch_words.card_name("frog_pond") == "Frog Pond"


def _play_checking(game: AnyGame, players: int, seed: int, config: Any = None) -> int:
    """Plays a random game describing every step for every seat; returns how many perturbed
    states differed from the state they came from (the secrets really changed)."""
    words = get_words(game.name)
    state = game.new_game(config or game.default_config(players), seed)
    rng = Rng.from_seed(seed)
    steps = changed = 0
    while not game.is_terminal(state):
        player = game.to_act(state)[0]
        view = game.view(state, player)
        legal = game.legal_actions(state, player)
        for action in legal:
            _check_names(view, words.describe_action(view, action))
        index, rng = below(rng, len(legal))
        action = legal[index]
        if steps % CHECK_EVERY == 0:
            changed += _check_perturbed(game, state, action, seed + steps)
        state, events = game.step(state, action)
        for seat in (None, *range(players)):
            seen = game.view(state, seat)
            for event in game.visible_events(events, seat):
                assert words.describe_event(seen, event)
        steps += 1
    for seat in (None, *range(players)):
        assert "over" in words.render(game.view(state, seat))
    return changed


def _check_names(view: Any, text: str) -> None:
    assert not BARE_ID.search(text), text
    assert not any(phrase in text for phrase in UNNAMED), text
    for name, _uid in NAMED_ID.findall(text):
        assert not name.endswith(("card", "predator")), text


def _said(game: AnyGame, state: Any, seat: int, action: Any, events: Any) -> tuple[str, ...]:
    """Returns everything the words tell `seat` in `state`: the picture, every legal action,
    `action` (any seat's) and `events` (what the seat was shown of the step into `state`)."""
    words = get_words(game.name)
    view = game.view(state, seat)
    said = [words.render(view)]
    said += [words.describe_action(view, a) for a in game.legal_actions(state, seat)]
    said.append(words.describe_action(view, action))
    said += [words.describe_event(view, e) for e in game.visible_events(events, seat)]
    return tuple(said)


def _check_perturbed(game: AnyGame, state: Any, action: Any, seed: int) -> int:
    """Before and after `action`, a state perturbed in what a seat cannot see gets the same
    words for that seat (the step itself may draw differently: that is the hidden part).

    Returns how many perturbed states differed from the original one.
    """
    perturb = adapter_for(game.name).perturb_hidden
    after, events = game.step(state, action)
    changed = 0
    for seat in range(len(game.scores(state))):
        for current in (state, after):
            told = _said(game, current, seat, action, events)
            for k in range(PERTURBATIONS):
                other = perturb(current, seat, seed * 31 + k)
                changed += other != current
                assert _said(game, other, seat, action, events) == told, (game.name, seat)
    return changed


@pytest.mark.parametrize("name", list(games()))
def test_words_name_cards_and_tell_no_secret(name: str) -> None:
    """Over random games every action names its cards (no bare #id), and no sentence or
    picture for a seat changes when what that seat cannot see changes."""
    game = get_game(name)
    for players in game.player_counts:
        for seed in range(SEEDS):
            assert _play_checking(game, players, seed) > 0


@pytest.mark.parametrize(
    ("label", "config_for"), [pytest.param(*v, id=v[0]) for v in adapter_for("perch_bop").variants]
)
def test_perch_words_cover_the_expansions(label: str, config_for: Any) -> None:
    """With each expansion subset and the promos the words keep both promises."""
    game = get_game("perch_bop")
    assert _play_checking(game, 3, 1, config_for(3)) > 0, label


@attrs.frozen
class _NewEvent:
    """An event of an expansion the words do not know yet."""

    kind = "perch_bop.new_event"
    player: int
    tile: str

    def __str__(self) -> str:
        return f"p{self.player} wakes a newt on {self.tile}"


def test_perch_words_fall_back_on_unknown_events_and_fields() -> None:
    """A newer Perch event or view field still reads, ids replaced by display names."""
    game = get_game("perch_bop")
    view = game.view(game.new_game(game.default_config(2), 0), 0)
    text = perch_words.describe_event(view, _NewEvent(1, "great_ash"))  # type: ignore[arg-type]
    assert text == "p1 wakes a newt on the Great Ash Tree"

    @attrs.frozen
    class NewerView(PerchView):
        frogs: tuple[int, ...] = (2, 1)

    fields = {f.name: getattr(view, f.name) for f in attrs.fields(PerchView)}
    newer = NewerView(**fields)
    assert "frogs: (2, 1)" in perch_words.render(newer)
    assert perch_words.render(view) in perch_words.render(newer).replace("\n  frogs: (2, 1)", "")
