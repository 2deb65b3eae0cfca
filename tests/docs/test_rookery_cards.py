"""Rookery's card list in the rules page is what the catalog says, text included."""

from birdgames.rookery import card_text
from birdgames.rookery.cards import CATALOG
from scripts.rookery_cards import BEGIN, END, PAGE, card_list, page_with_card_list


def test_the_rules_page_shows_the_catalog_as_the_script_writes_it() -> None:
    """The section between the markers is `card_list()`: run scripts/rookery_cards.py."""
    page = PAGE.read_text()
    assert page.count(BEGIN) == 1 and page.count(END) == 1
    assert page_with_card_list(page) == page


def test_every_card_is_listed_once_with_its_text() -> None:
    """One row per catalog card, holding its generated rules text."""
    rows = [line for line in card_list().splitlines() if line.startswith("| ")][2:]
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == list(CATALOG)
    for row, card in zip(rows, CATALOG, strict=True):
        assert f"| {card_text(card) or '-'} |" in row


def test_a_changed_card_changes_the_page() -> None:
    """A stale page is caught: the comparison fails once a row differs."""
    page = PAGE.read_text()
    stale = page.replace("| robin | Robin | bird | 1 |", "| robin | Robin | bird | 2 |")
    assert stale != page
    assert page_with_card_list(stale) == page
