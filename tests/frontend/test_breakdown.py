"""Each game's score breakdown: every seat's points by source, each line citing a rule of
the game's rules page; a seat's lines sum to its score, mid-game and at the end, from any
seat and the spectator; nothing hidden shows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from birdgames import (
    HistoryMismatchError,
    ScoreLine,
    get_game,
    get_words,
)
from birdgames.peacock import GAME as PEACOCK
from birdgames.perch_bop import GAME as PERCH
from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    GOLDEN_EGG_BONUS,
    MOON_VALUES,
    SUN_VALUES,
)
from birdgames.rng import Rng, below
from tests.conformance.adapters import EngineAdapter, adapter_for
from tests.profile import PROFILE

RULES: Final = Path(__file__).resolve().parents[2] / "docs" / "rules"
CHECK_EVERY: Final = 9  # steps between two checks; the end is always checked
# The sources of the lines that stand for points no given event explains.
FALLBACKS: Final = (
    "points scored",
    "'s flocks",
    "Prizes won at checkpoints",
    "Birdfeeders taken:",
)
# Lines only the end of a game may show: the objectives (hidden until then).
HIDDEN_UNTIL_THE_END: Final = {"perch_bop": ("§7", "P6")}


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for name in ("perch_bop", "peacock", "rookery"):
        for players in get_game(name).player_counts:
            cases.append((name, "default", players))
    cases += [("perch_bop", "promos", players) for players in get_game("perch_bop").player_counts]
    return cases


def _config(adapter: EngineAdapter, label: str, players: int) -> Any:
    if label == "default":
        return adapter.config(players)
    return dict(adapter.variants)[label](players)


def _sums(lines: Sequence[ScoreLine], players: int) -> list[int]:
    totals = [0] * players
    for line in lines:
        totals[line.seat] += line.points
    return totals


def _check_lines(name: str, lines: Sequence[ScoreLine], view: Any) -> None:
    page = (RULES / f"{name}.md").read_text(encoding="utf-8")
    assert _sums(lines, view.players) == list(view.scores), lines
    assert [line.seat for line in lines] == sorted(line.seat for line in lines)
    for line in lines:
        assert line.points >= 0 and line.source, line
        assert line.rule in page, f"{line.rule} is not cited in docs/rules/{name}.md"
    if not view.is_terminal:
        hidden = HIDDEN_UNTIL_THE_END.get(name, ())
        assert not [line for line in lines if line.rule in hidden], lines


class Table:
    """A random game with the events each viewer (None: the spectator) was told."""

    def __init__(self, name: str, config: Any, seed: int) -> None:
        self.name = name
        self.game = get_game(name)
        self.words = get_words(name)
        self.perturb: Callable[[Any, int, int], Any] = adapter_for(name).perturb_hidden
        self.state = self.game.new_game(config, seed)
        self.viewers: tuple[int | None, ...] = (None, *range(len(self.game.scores(self.state))))
        self.told: dict[int | None, list[Any]] = {viewer: [] for viewer in self.viewers}
        self.seed = seed

    def play(self) -> int:
        """Plays to the end, checking the breakdowns now and then; returns the checks made."""
        rng = Rng.from_seed(self.seed)
        steps = checks = 0
        while not self.game.is_terminal(self.state):
            if steps % CHECK_EVERY == 0:
                checks += self.check()
            player = self.game.to_act(self.state)[0]
            legal = self.game.legal_actions(self.state, player)
            index, rng = below(rng, len(legal))
            self.state, events = self.game.step(self.state, legal[index])
            for viewer in self.viewers:
                self.told[viewer].extend(self.game.visible_events(events, viewer))
            steps += 1
        return checks + self.check()

    def check(self) -> int:
        for viewer in self.viewers:
            view = self.game.view(self.state, viewer)
            told = self.told[viewer]
            full = self.words.score_breakdown(view, told)
            _check_lines(self.name, full, view)
            _check_lines(self.name, self.words.score_breakdown(view), view)
            # The whole history explains every point.
            unexplained = [line for line in full if line.source.startswith(FALLBACKS)]
            unexplained += [line for line in full if FALLBACKS[1] in line.source]
            assert not unexplained, unexplained
            # A shortened history still sums: the rest is one line per seat.
            _check_lines(self.name, self.words.score_breakdown(view, told[len(told) // 2 :]), view)
            # What a viewer cannot see changes nothing of its breakdown (the spectator's
            # included: it sees less than any seat).
            for seat in self.viewers[1:]:
                if viewer is not None and seat != viewer:
                    continue
                assert seat is not None
                other = self.perturb(self.state, seat, self.seed + len(told))
                hidden = self.words.score_breakdown(self.game.view(other, viewer), told)
                assert hidden == full, (viewer, seat)
        return 1


@pytest.mark.parametrize(("name", "label", "players"), _cases())
def test_lines_sum_to_the_scores_in_random_games(name: str, label: str, players: int) -> None:
    """In random games, at every ninth step and at the end, each viewer's breakdown (with its
    whole visible history, half of it and none) sums to each seat's score, cites rules of the
    game's page, explains every point when the whole history is given, shows no objective
    before the end, and is the same for a state changed in what the viewer cannot see."""
    adapter = adapter_for(name)
    config = _config(adapter, label, players)
    examples = max(1, adapter.seeds[PROFILE] // 3)

    @settings(max_examples=examples)
    @given(seed=st.integers(0, 2**32))
    def run(seed: int) -> None:
        assert Table(name, config, seed).play() > 1

    run()


def test_perch_lines_name_each_award() -> None:
    """A finished Perch game with every expansion and promo has Location lines by round,
    lines under the Sun or Moon, Pond and Birdfeeder lines and end-game lines, each from its
    rule."""
    adapter = adapter_for("perch_bop")
    table = Table("perch_bop", _config(adapter, "promos", 4), 7)
    table.play()
    lines = table.words.score_breakdown(table.game.view(table.state, None), table.told[None])
    rules = {line.rule for line in lines}
    assert {"§4.1", "P3", "P4", "P5"} <= rules
    assert rules & {"§4.3", "§4.4"}
    assert any(", round 5" in line.source for line in lines)
    # Without the history, the Birdfeeders the view shows taken still have their own lines.
    view = PERCH.view(table.state, None)
    assert view.birdfeeders is not None
    bare = table.words.score_breakdown(view)
    feeders = [line for line in bare if line.rule == "P3"]
    assert feeders and all(line.source.startswith("Birdfeeders taken: ") for line in feeders)
    taken = view.birdfeeders.taken
    assert sum(line.points for line in feeders) == BIRDFEEDER_POINTS * sum(taken)
    sky = [line for line in lines if line.rule == "P4"]
    assert all(" under the Sun" in line.source or " under the Moon" in line.source for line in sky)
    # The Sun's and Moon's values replace the printed ones; the Golden Egg adds 1 to them.
    for line in sky:
        values = set(SUN_VALUES if " under the Sun" in line.source else MOON_VALUES)
        egg = " with the Golden Egg" in line.source
        assert line.points in ({v + GOLDEN_EGG_BONUS for v in values} if egg else values), line


def test_peacock_lines_name_each_flock_of_each_season() -> None:
    """Peacock's lines, with the history, are flocks of seasons 1 to 3 with their feathers;
    without it, one line per season from the view's season scores."""
    table = Table("peacock", get_game("peacock").default_config(3), 3)
    table.play()
    view = PEACOCK.view(table.state, 1)
    lines = table.words.score_breakdown(view, table.told[1])
    assert {line.source.split(" ")[1] for line in lines} == {"1", "2", "3"}
    assert all(line.rule == "K2.5" and " x " in line.source for line in lines)
    assert any(" bonus, " in line.source for line in lines)
    bare = table.words.score_breakdown(view)
    assert [line.points for line in bare if line.seat == 1] == list(view.seats[1].season_scores)


def test_rookery_lines_say_how_each_prize_was_won() -> None:
    """Each Rookery Prize is its own line naming the checkpoint and the zones it was led by."""
    table = Table("rookery", get_game("rookery").default_config(2), 1)
    table.play()
    view = table.game.view(table.state, None)
    lines = table.words.score_breakdown(view, table.told[None])
    assert len(lines) == sum(view.scores)
    for line in lines:
        assert line.points == 1
        assert line.rule == ("R7.5" if "(sudden death)" in line.source else "R7.4")
    assert all(line.source.startswith("Prize at checkpoint ") for line in lines)
    assert all(" zone" in line.source for line in lines)


@pytest.mark.parametrize("name", ["perch_bop", "peacock", "rookery"])
def test_a_history_of_another_game_is_refused(name: str) -> None:
    """Events scoring more than a view shows cannot lead to it: HistoryMismatchError."""
    game = get_game(name)
    config = game.default_config(min(game.player_counts))
    finished = Table(name, config, 2)
    finished.play()
    start = game.view(game.new_game(config, 2), None)
    with pytest.raises(HistoryMismatchError, match="history"):
        get_words(name).score_breakdown(start, finished.told[None])
