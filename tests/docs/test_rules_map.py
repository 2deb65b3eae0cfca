"""The rules coverage map: every rule and DECISION has a test, every cited id exists, and the
committed coverage pages are what scripts/rules_map.py writes."""

import shutil
from functools import cache
from pathlib import Path

import pytest

from scripts.rules_map import (
    GAMES,
    ROOT,
    WAITING,
    GameMap,
    GameRules,
    build,
    page_citations,
    page_path,
    parse_rules,
    render,
)

pytestmark = pytest.mark.tooling


@cache
def _checkout_maps() -> dict[str, GameMap]:
    """The checkout's map, built once per process."""
    return build()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_has_a_test_and_every_cited_id_exists(game: str) -> None:
    """The map's problems: an untested rule, a duplicate, or an id no page declares."""
    problems = _checkout_maps()[game].problems
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_coverage_page_is_what_the_script_writes(game: str) -> None:
    """Run `python scripts/rules_map.py` after changing a rule, a citation or a test's mark."""
    assert page_path(game).read_text() == render(_checkout_maps()[game])


def test_every_game_declares_rules_and_decisions() -> None:
    """The parser finds each page's rules and numbered DECISIONs, none twice."""
    for game in GAMES.values():
        rules, duplicates = parse_rules(game)
        assert not duplicates
        assert sum(rule.decision for rule in rules.values()) >= 8
        assert sum(not rule.decision for rule in rules.values()) >= 8


def _copy(tmp_path: Path) -> Path:
    """The parts of the checkout the map reads, to break on purpose."""
    skip = shutil.ignore_patterns("__pycache__", "replays", "*.json")
    for game in GAMES.values():
        for part in (*{str(Path(page).parent) for page in game.pages}, game.code, game.tests):
            if not (tmp_path / part).exists():
                shutil.copytree(ROOT / part, tmp_path / part, ignore=skip)
    return tmp_path


def test_deleting_a_rules_only_test_fails_the_check(tmp_path: Path) -> None:
    """KD8 (a shared win) is proved by one test: without it, the map says so."""
    root = _copy(tmp_path)
    tests = build(root)["peacock"].tests["KD8"]
    assert len({site.label for site in tests}) == 1
    path = root / tests[0].path
    source = path.read_text()
    path.write_text(source.replace('"KD8"', '"K3"'))
    problems = build(root)["peacock"].problems
    assert any("DECISION KD8 has no test" in problem for problem in problems)


def test_citing_an_unknown_id_fails_the_check(tmp_path: Path) -> None:
    """A code comment, a test docstring or a mark naming an id no page declares is caught."""
    root = _copy(tmp_path)
    rules = root / "src/birdgames/rookery/rules.py"
    rules.write_text(rules.read_text() + "\n# R6.9: no such rule\n")
    test = root / "tests/rookery/test_hunting.py"
    test.write_text(test.read_text().replace('"R6.4"', '"R6.4", "RD99"', 1))
    problems = build(root)["rookery"].problems
    assert any("rules.py" in p and "cites R6.9" in p for p in problems)
    assert any("marks RD99" in p for p in problems)
    assert any("test_hunting.py" in p and "cites RD99" in p for p in problems)


def test_nothing_waits_for_a_test() -> None:
    """Every rule has its test: the list of rules allowed to wait is empty."""
    assert all(not waiting for waiting in WAITING.values())


def test_the_parser_reads_headings_bold_ids_and_numbered_decisions(tmp_path: Path) -> None:
    """Ids are declared by a heading's start, a bold id or a numbered DECISION; a second
    declaration is reported; `R6.4` in prose or code cites, `XR6.4` and `R6.45x` do not."""
    page = tmp_path / "docs" / "rules" / "toy.md"
    page.parent.mkdir(parents=True)
    page.write_text(
        "# Toy\n\n## R1 Setup\n\n- **R1.1** Two players. **DECISION RD1**: seat 0 starts,\n"
        "  always.\n- **R1.2** Cites R1.1 and XR6.4 and `R9` in code.\n- **R1.1** again\n"
    )
    game = GameRules("toy", "Toy", ("docs/rules/toy.md",), "src", "tests", r"RD\d+|R\d+(?:\.\d+)*")
    rules, problems = parse_rules(game, tmp_path)
    assert list(rules) == ["R1", "R1.1", "RD1", "R1.2"]
    assert rules["RD1"].decision and not rules["R1.1"].decision
    assert rules["RD1"].text == "seat 0 starts, always."
    assert rules["R1.2"].text == "Cites R1.1 and XR6.4 and `R9` in code."
    assert problems == ["docs/rules/toy.md:8: R1.1 is declared twice"]
    assert [cited for cited, _, _ in page_citations(game, tmp_path)] == [
        "R1", "R1.1", "RD1", "R1.2", "R1.1", "R1.1",
    ]  # fmt: skip
