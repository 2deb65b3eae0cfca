"""Writes Rookery's card list and default decks into docs/rules/rookery.md, from the catalog.

    python scripts/rookery_cards.py [--check]

The page's section between the two markers below is this script's output, never edited by
hand; `--check` exits 1 when the page differs (a test runs the same comparison).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from birdgames.rookery.card_text import card_text
from birdgames.rookery.cards import (
    CARD_TYPE,
    CATALOG,
    DECK_A,
    DECK_B,
    DECK_PLANS,
    BirdCard,
    Card,
    EventCard,
    HabitatCard,
    PredatorCard,
    SeasonCard,
)
from birdgames.rookery.words import card_name

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "rookery.md"
BEGIN = "<!-- card list: written by scripts/rookery_cards.py from the catalog -->"
END = "<!-- end of the card list -->"


def _stats(card: Card) -> str:
    match card:
        case BirdCard():
            return f"song {card.song} / evasion {card.evasion} / hp {card.hp}"
        case PredatorCard():
            return f"threat {card.threat} / stealth {card.stealth} / hp {card.hp}"
        case EventCard():
            return card.event_kind.value + (", Instant" if card.instant else "")
        case SeasonCard():
            return f"{card.season.value}, {card.duration} turns"
        case HabitatCard():
            return card.habitat.value


def _cost(card: Card) -> str:
    # R5 a habitat card's cost counts the habitat cards played this turn: 0, then 1, 2...
    return "0, 1, 2..." if isinstance(card, HabitatCard) else str(card.cost)


def _traits(card: Card) -> str:
    if not isinstance(card, BirdCard):
        return "-"
    home = f"home {card.habitat.value}"
    return ", ".join([home, *sorted(trait.value for trait in card.traits)])


def card_list() -> str:
    """Returns the Markdown of the card list and the decks, markers included."""
    copies = (Counter(DECK_A), Counter(DECK_B))
    lines = [
        BEGIN,
        "",
        "| id | name | type | cost | stats | traits | ability text | A | B |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for card_id, card in CATALOG.items():
        a, b = (str(deck[card_id] or "-") for deck in copies)
        lines.append(
            f"| {card_id} | {card_name(card_id)} | {CARD_TYPE[card_id].value} | {_cost(card)} "
            f"| {_stats(card)} | {_traits(card)} | {card_text(card_id) or '-'} | {a} | {b} |"
        )
    for name, deck in (("A", DECK_A), ("B", DECK_B)):
        counts = Counter(CARD_TYPE[card].value for card in deck)
        mix = ", ".join(f"{counts[kind]} {kind}" for kind in sorted(counts))
        lines += ["", f"**Deck {name}** ({len(deck)} cards: {mix}). {DECK_PLANS[name]}"]
    lines += ["", END]
    return "\n".join(lines)


def page_with_card_list(page: str) -> str:
    """Returns the page with its card list section replaced by `card_list()`."""
    start, end = page.index(BEGIN), page.index(END) + len(END)
    return page[:start] + card_list() + page[end:]


def main(argv: list[str] | None = None) -> int:
    """Writes the section, or with --check reports whether it is current."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    args = parser.parse_args(argv)
    page = PAGE.read_text()
    wanted = page_with_card_list(page)
    if args.check:
        if wanted != page:
            print(f"{PAGE} is stale: run python scripts/rookery_cards.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(wanted)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
