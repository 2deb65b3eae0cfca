"""The `rule` mark: what a test proves, by rule or DECISION id (docs/rules/*.md).

    @rule("rookery", "R6.4", "RD14")
    def test_a_hit_deals_the_modified_threat() -> None: ...

or, for every test of a module, `pytestmark = rule("peacock", "K2.5")`. scripts/rules_map.py
reads these marks (without running anything) to build the rules coverage map, and
`pytest -m rule` runs the tests that carry one.
"""

import pytest


def rule(game: str, *ids: str) -> pytest.MarkDecorator:
    """Marks a test (or, as `pytestmark`, a module) as proving `ids` of `game`'s rules."""
    return pytest.mark.rule(game, *ids)
