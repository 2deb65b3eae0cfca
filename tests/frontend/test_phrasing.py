"""The words' English: articles before vowels, singular counts, plurals."""

from __future__ import annotations

from birdgames.peacock import GAME as PEACOCK
from birdgames.peacock import words as peacock_words
from birdgames.peacock.actions import LiftBird, PlaceBird, Source
from birdgames.peacock.state import Slot
from birdgames.perch_bop import GAME as PERCH
from birdgames.perch_bop import words as perch_words
from birdgames.perch_bop.config import Config as PerchConfig
from birdgames.phrases import a, count, plural
from birdgames.rookery import GAME as ROOKERY
from birdgames.rookery import words as rookery_words


def test_the_article_follows_the_first_sound() -> None:
    """A noun starting with a vowel takes "an", any other "a"."""
    assert a("Owl") == "an Owl"
    assert a("event") == "an event"
    assert a("Vulture") == "a Vulture"
    assert a("drafted") == "a drafted"


def test_counts_are_singular_for_one_and_plural_otherwise() -> None:
    """One thing is singular; none and many take the plural, regular or given."""
    assert count(1, "free nest") == "1 free nest"
    assert count(2, "free nest") == "2 free nests"
    assert count(0, "card") == "0 cards"
    assert count(3, "Ostrich") == "3 Ostriches"
    assert count(2, "Puffin") == "2 Puffins"
    assert count(2, "foot", "feet") == "2 feet"
    assert plural("Prize") == "Prizes"
    assert plural("Hummingbird") == "Hummingbirds"
    assert plural("berry") == "berries"
    assert plural("day") == "days"


def test_peacock_says_an_owl() -> None:
    """Moving or lifting an Owl reads "an Owl", and a set of one bird is singular."""
    view = PEACOCK.view(PEACOCK.new_game(PEACOCK.default_config(2), 1), 0)
    moved = PlaceBird(0, "owl", Source.TABLEAU, 1, Slot.LEFT, 0, Slot.RIGHT)
    assert " moves an Owl from " in peacock_words.describe_action(view, moved)
    lifted = LiftBird(0, "owl", 0, Slot.LEFT)
    assert " lifts an Owl from " in peacock_words.describe_action(view, lifted)
    placed = PlaceBird(0, "eagle", Source.ASIDE, 0, Slot.LEFT)
    assert " places a set aside Eagle on " in peacock_words.describe_action(view, placed)
    said = peacock_words.render(view)
    assert "a Owl" not in said and " 1 cards" not in said and "0 points" in said


def test_perch_says_one_free_nest() -> None:
    """A tree with its one nest is drawn with "1 free nest", the Stone Statue with 2 nests."""
    config = PerchConfig(players=3, tiles=(
        "mighty_oak", "great_ash", "stone_statue", "park_bench", "beehive",
        "owl_barn", "fox_den", "peeling_birch",
    ))  # fmt: skip
    said = perch_words.render(PERCH.view(PERCH.new_game(config, 1), None))
    assert "[1 free nest]" in said and "1 free nests" not in said
    assert "2 free nests" in said


def test_rookery_counts_its_turns_and_prizes() -> None:
    """Rookery's table says "0 Prizes" and "4 turns left", and never "1 Prizes"."""
    said = rookery_words.render(ROOKERY.view(ROOKERY.new_game(ROOKERY.default_config(2), 1), 0))
    assert "0 Prizes" in said and "4 turns left" in said
    assert "1 Prizes" not in said and "1 cards" not in said
