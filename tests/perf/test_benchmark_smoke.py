"""The benchmarks run end to end: smoke runs, no timed assertion."""

from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path
from types import ModuleType

import pytest

import birdgames
from birdgames import sim
from tests.files import load_file, run_script

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.tooling


def _run(script: str, *args: str, folder: str = "benchmarks") -> str:
    """Runs a benchmark script (or one in `folder`); returns what it printed."""
    return run_script(ROOT / folder / script, *args)


def test_the_playout_benchmark_reports_every_engine_and_player_count() -> None:
    """A short run exits 0 and prints a throughput row and a detail block per subject."""
    out = _run("playouts.py", "--seconds", "0.05", "--rounds", "1", "--no-openspiel")
    for name, game in birdgames.games().items():
        for players in game.player_counts:
            assert f"| {name} {players}p |" in out
            assert f"## {name} {players}p:" in out
    assert "loads" in out and "view" in out
    assert "same action class, last/first tenth it is played in:" in out
    assert "without each game's final action" in out


def test_the_load_benchmark_reports_every_engine_and_player_count() -> None:
    """A short run beside the codec's reference copy exits 0 and prints a row per engine and
    player count (and Perch's mid-activation states), with a figure for each codec, and with
    `--parts` a row of the three parts' figures for each."""
    reference = str(ROOT / "tests" / "codec" / "_reference_codec.py")
    out = _run(
        *("codec_loads.py", "--states", "2", "--repeats", "1", "--no-openspiel", "--parts"),
        *("--codec", reference),
    )
    for name, game in birdgames.games().items():
        for players in game.player_counts:
            assert re.search(rf"^\| {name} {players}p( \| [\d.]+ \| -){{2}} \|$", out, re.MULTILINE)
            assert re.search(rf"^\| {name} {players}p( \| [\d.]+){{3}} \|$", out, re.MULTILINE)
    assert "| perch_bop 5p mid-activation |" in out
    assert "| subject | parse | structure | validate |" in out


def _instructions_module() -> ModuleType:
    return load_file("instructions_benchmark", ROOT / "benchmarks" / "instructions.py")


def test_the_instruction_benchmark_counts_an_engine_under_callgrind() -> None:
    """A one-engine run under valgrind exits 0 and reports the actions its two runs differ by
    (two games against one) with a plausible cost: more than a bare loop, less than a
    whole game; `--by-kind` adds a row of shares that make up the whole action."""
    out = _run(
        *("instructions.py", "--game", "rookery", "--games", "1", "--longer", "2"),
        *("--no-openspiel", "--by-kind"),
    )
    row = re.search(r"^\| rookery 2p \| ([\d,]+)k \| ([\d,]+) \|$", out, re.MULTILINE)
    assert row is not None, out
    instructions = int(row.group(1).replace(",", "")) * 1000
    actions = int(row.group(2).replace(",", ""))
    benchmark = _instructions_module()
    assert actions == benchmark.play("rookery", 2, 2) - benchmark.play("rookery", 2, 1)
    assert 10_000 < instructions < 10_000_000
    kinds = len(benchmark.KINDS)
    assert f"| subject | {' | '.join(benchmark.KINDS)} |" in out
    shares = re.search(rf"^\| rookery 2p((?: \| \d+%){{{kinds}}}) \|$", out, re.MULTILINE)
    assert shares is not None, out
    percents = [int(cell) for cell in re.findall(r"(\d+)%", shares.group(1))]
    # Rounded shares of one whole; the pure build runs no compiled rules.
    assert abs(sum(percents) - 100) <= kinds // 2
    assert percents[benchmark.KINDS.index("compiled rules")] == 0
    assert percents[benchmark.KINDS.index("interpreter")] > 10


# A callgrind profile in miniature: names compressed to numbers on first use, a call's cost
# line after its `calls=` line, and positions relative to the last ("+1").
_PROFILE = """\
events: Ir
fl=(1) /build/Objects/dictobject.c
fn=(1) insertdict
10 5
cfl=(2) /build/Objects/obmalloc.c
cfn=(2) _PyObject_Malloc
calls=1 20
11 100
+1 3
fl=(2)
fn=(2)
20 60
* 40
fl=(3) /tmp/birdgames-mypyc-x/c/__native_birdgames___rookery___rules.c
fn=(3) CPyDef_rules___legal_actions
5 7
fn=(1)
12 2
"""


def test_the_instruction_benchmark_counts_each_functions_own_instructions(
    tmp_path: Path,
) -> None:
    """A function's own cost leaves out what its calls cost (counted in the callee) and
    follows compressed names back to the names they stand for."""
    profile = tmp_path / "profile.out"
    profile.write_text(_PROFILE)
    costs = _instructions_module().self_costs(profile)
    assert costs == {
        ("/build/Objects/dictobject.c", "insertdict"): 8,
        ("/build/Objects/obmalloc.c", "_PyObject_Malloc"): 100,
        (
            "/tmp/birdgames-mypyc-x/c/__native_birdgames___rookery___rules.c",
            "CPyDef_rules___legal_actions",
        ): 7,
        ("/tmp/birdgames-mypyc-x/c/__native_birdgames___rookery___rules.c", "insertdict"): 2,
    }


@pytest.mark.parametrize(
    ("file", "function", "kind"),
    [
        (
            "/tmp/birdgames-mypyc-x/c/__native_birdgames___perch_bop___rules.c",
            "CPyDef_f",
            "compiled rules",
        ),
        ("/tmp/birdgames-mypyc-x/c/int_ops.c", "CPyTagged_Add", "mypyc runtime"),
        ("Include/object.h", "CPyLong_AsSsize_tAndOverflow_", "mypyc runtime"),
        ("/build/Python-3.11.7/Python/getargs.c", "vgetargskeywords", "other"),
        ("Objects/tupleobject.c", "tupledealloc", "making and freeing objects"),
        ("Objects/obmalloc.c", "_PyObject_Free", "making and freeing objects"),
        ("Objects/dictobject.c", "unicodekeys_lookup_unicode", "dicts"),
        ("Objects/object.c", "_PyObject_GenericGetAttrWithDict", "attributes, comparisons, hashes"),
        ("Include/object.h", "long_richcompare", "ints"),
        ("Objects/listobject.c", "PyList_Append", "tuples and lists"),
        ("Python/ceval.c", "_PyEval_EvalFrameDefault", "interpreter"),
        ("Objects/unicodeobject.c", "unicode_hash", "other"),
    ],
)
def test_the_instruction_benchmark_tells_kinds_of_work_apart(
    file: str, function: str, kind: str
) -> None:
    """Compiled rules by their generated file, mypyc's runtime by its files and names, then
    CPython's parts by name (what a header's inlined copy still shows) and by file."""
    assert _instructions_module().kind_of(file, function) == kind


def _benchmark_module(name: str) -> ModuleType:
    return load_file(f"{name}_benchmark", ROOT / "benchmarks" / f"{name}.py")


def test_the_ladder_rates_each_rung_with_an_interval() -> None:
    """A two-rung ladder exits 0 and prints a row per rung with its rating and interval."""
    out = _run("ladder.py", "--game", "rookery", "--games", "2", "--rungs", "random,heuristic")
    assert (
        "rookery 2p: 2 games (2 per neighbouring pair, 2 per other pair; 0 from the record)" in out
    )
    assert re.search(r"^\| random \| \+0 \| \[\+0, \+0\] \|", out, re.MULTILINE), out
    assert re.search(r"^\| heuristic \| [+-]\d+ \| \[[+-]\d+, [+-]\d+\] \| .* of 2 \|", out, re.M)


def test_a_ladder_rung_can_set_the_search_options() -> None:
    """`ismctsN:priorK` searches N iterations with K prior visits at each new node, `:reuse`
    keeps its tree from one decision to the next, `:all` searches every decision, `:exploreX`
    sets the UCB constant, `:playout` plays lines out; plain `ismctsN` leaves the game's
    defaults."""
    ladder = _benchmark_module("ladder")
    config = birdgames.get_game("peacock").default_config(3)
    tuned = ladder.make_policy("peacock", "ismcts100:prior3", config)
    assert (tuned.iterations, tuned.node_prior_visits) == (100, 3)
    plain = ladder.make_policy("peacock", "ismcts400", config)
    assert (plain.iterations, plain.node_prior_visits, plain.reuse_tree) == (400, None, None)
    assert not plain.search_all
    assert not plain.playout
    both = ladder.make_policy("peacock", "ismcts200:reuse:prior2:all:explore0.3:playout", config)
    assert (both.iterations, both.node_prior_visits, both.reuse_tree) == (200, 2, True)
    assert (both.search_all, both.exploration, both.playout) == (True, 0.3, True)


def test_the_ladder_times_a_search_on_the_decisions_it_searches() -> None:
    """Peacock's search leaves migrations to one step of lookahead: the ladder times it on
    draft picks, `:all` and the other bots on every decision."""
    ladder = _benchmark_module("ladder")
    game = birdgames.get_game("peacock")
    config = game.default_config(3)
    state = game.new_game(config, 1)
    policy = sim.RandomPolicy()
    rng = sim.policy_rng(1, 0)
    while game.view(state, 0).phase.value == "draft":
        seat = game.to_act(state)[0]
        action, rng = policy.choose(
            game.view(state, seat), game.legal_actions(state, seat), (), rng
        )
        state = game.apply(state, action)
    migration, draft = game.view(state, 0), game.view(game.new_game(config, 1), 0)
    search = ladder.make_policy("peacock", "ismcts100", config)
    assert ladder._searched(search, draft)
    assert not ladder._searched(search, migration)
    for rung in ("ismcts100:all", "greedy"):
        assert ladder._searched(ladder.make_policy("peacock", rung, config), migration)


def test_the_ladder_fit_gives_the_odds_of_a_two_rung_record() -> None:
    """With two rungs the Bradley-Terry rating gap is 400 log10 of the win odds (half a win
    added each way): 9 wins in 10 games rate the winner 400 log10(9.5 / 1.5) above."""
    ladder = _benchmark_module("ladder")
    results = [
        sim.GameResult(i, ("a", "b"), (1, 0) if i < 9 else (0, 1), (), 10) for i in range(10)
    ]
    ratings = ladder.bradley_terry(["b", "a"], results)
    assert ratings[0] == 0.0
    assert abs(ratings[1] - 400 * math.log10(9.5 / 1.5)) < 0.01


def test_the_ladder_gives_each_rungs_mean_rank_over_the_games_two_rungs_met() -> None:
    """A game's figure is the mean rank of the rung's seats in it; a game of other rungs does
    not count."""
    ladder = _benchmark_module("ladder")
    results = [
        sim.GameResult(1, ("a", "b", "a"), (10, 5, 3), (0,), 10),  # a: (1 + 3) / 2, b: 2
        sim.GameResult(2, ("b", "a", "b"), (9, 8, 8), (0,), 10),  # a: 2.5, b: (1 + 2.5) / 2
        sim.GameResult(3, ("a", "c", "a"), (1, 2, 3), (2,), 10),
    ]
    (a, a_low, a_high), (b, b_low, b_high), games = ladder.mean_ranks(results, "a", "b")
    assert games == 2
    assert (a, b) == (2.25, 1.875)
    assert a_low < a < a_high and b_low < b < b_high
    assert abs((a_high - a) - 1.96 * statistics.stdev([2.0, 2.5]) / math.sqrt(2)) < 1e-9


def test_the_ladder_plays_fewer_games_between_rungs_apart() -> None:
    """Three rungs at 2 games a neighbouring pair and 1 for the pair apart play 5 games."""
    out = _run(
        "ladder.py",
        *("--game", "rookery", "--games", "2", "--far-games", "1", "--workers", "1"),
        *("--rungs", "random,greedy,heuristic"),
    )
    assert "rookery 2p: 5 games (2 per neighbouring pair, 1 per other pair; 0 from" in out


def test_a_recorded_ladder_takes_up_where_it_stopped(tmp_path: Path) -> None:
    """A record holding one of a two-game ladder's games: run again, the ladder plays the
    other, reads that one, and prints the table the ladder run in one go prints."""
    args = ("--game", "rookery", "--games", "2", "--workers", "1", "--rungs", "random,greedy")
    whole = _run("ladder.py", *args, "--record", str(tmp_path / "whole.jsonl"))
    lines = (tmp_path / "whole.jsonl").read_text().splitlines()
    assert len(lines) == 2  # one pair of rungs, two games
    (tmp_path / "part.jsonl").write_text(lines[0] + "\n")
    resumed = _run("ladder.py", *args, "--record", str(tmp_path / "part.jsonl"))
    assert "1 from the record" in resumed
    assert len((tmp_path / "part.jsonl").read_text().splitlines()) == 2

    def ratings(out: str) -> list[str]:  # each row but its time per decision
        return [line.rsplit("|", 2)[0] for line in out.splitlines() if line.startswith("| greedy")]

    assert ratings(whole) and ratings(whole) == ratings(resumed)


def test_the_ladder_plays_neighbours_first_and_reports_a_record_part_way(tmp_path: Path) -> None:
    """The pairs of neighbouring rungs play before the pair apart; `--report` prints the
    table of the games a record holds without playing the others."""
    record = tmp_path / "ladder.jsonl"
    args = ("--game", "rookery", "--games", "1", "--workers", "1", "--record", str(record))
    _run("ladder.py", *args, "--rungs", "random,greedy,heuristic")
    pairs = [sorted(set(json.loads(line)["seating"])) for line in record.read_text().splitlines()]
    assert pairs == [["greedy", "random"], ["greedy", "heuristic"], ["heuristic", "random"]]
    record.write_text(record.read_text().splitlines()[0] + "\n")
    out = _run("ladder.py", *args, "--rungs", "random,greedy,heuristic", "--report")
    assert "3 games" not in out
    assert "1 games (1 per neighbouring pair, 1 per other pair; 1 from the record, 2 " in out
    assert ", 2 of seed 1 not played yet)" in out
    assert len(record.read_text().splitlines()) == 1
    assert re.search(r"^\| greedy \| [+-]\d+ \| .* of 1 \|", out, re.MULTILINE), out
    assert re.search(r"^\| heuristic \| [+-]\d+ \| .* of 0 \|", out, re.MULTILINE), out


def test_a_pair_given_more_games_by_another_seed_counts_them(tmp_path: Path) -> None:
    """Two games of random against greedy under seed 1 and two more of that pair alone under
    seed 2 in the same record: the three-rung report counts all four for the pair, and
    ignores a recorded game of a rung not on its list."""
    record = tmp_path / "ladder.jsonl"
    args = ("--game", "rookery", "--games", "2", "--workers", "1", "--record", str(record))
    _run("ladder.py", *args, "--rungs", "random,greedy", "--seed", "1")
    _run("ladder.py", *args, "--rungs", "random,greedy", "--seed", "2")
    _run("ladder.py", *args, "--rungs", "random,heuristic", "--seed", "3")
    assert len(record.read_text().splitlines()) == 6
    out = _run("ladder.py", *args, "--rungs", "random,greedy", "--seed", "1", "--report")
    assert "4 games (2 per neighbouring pair, 2 per other pair; 2 from the record, 2 more " in out
    assert re.search(r"^\| greedy \| [+-]\d+ \| .* of 4 \|", out, re.MULTILINE), out


def test_the_ladder_counts_a_many_player_game_once_against_the_rung_below() -> None:
    """In a four-player game a, b, a, b the four results between a and b seats make one
    game's share (their mean), so two games give two shares, not eight results."""
    ladder = _benchmark_module("ladder")
    seating = ("a", "b", "a", "b")
    results = [
        sim.GameResult(0, seating, (9, 1, 8, 2), (0,), 10),  # a first and second: 1.0
        sim.GameResult(1, seating, (9, 8, 1, 2), (0,), 10),  # a 1st and 4th: 0.5
    ]
    share, low, high, games = ladder.share_against(results, "a", "b")
    assert (share, games) == (0.75, 2)
    assert low < 0.75 < high


def test_a_paired_ladder_plays_each_deal_twice_with_the_seats_swapped(tmp_path: Path) -> None:
    """With --paired the games of a pair of rungs come in twos on one deal, the second with
    every seat's rung swapped; without it every game has a deal of its own."""
    ladder = _benchmark_module("ladder")
    paired = ladder.schedule(["a", "b"], 3, 4, 4, 1, paired=True)
    assert [seating for _, seating in paired] == [("a", "b", "a"), ("b", "a", "b")] * 2
    seeds = [seed for seed, _ in paired]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert len({seed for seed, _ in ladder.schedule(["a", "b"], 3, 4, 4, 1, paired=False)}) == 4
    record = tmp_path / "ladder.jsonl"
    args = ("--game", "rookery", "--games", "2", "--workers", "1", "--record", str(record))
    _run("ladder.py", *args, "--rungs", "random,greedy", "--paired")
    games = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(games) == 2 and games[0]["seed"] == games[1]["seed"]
    assert {tuple(game["seating"]) for game in games} == {
        ("random", "greedy"),
        ("greedy", "random"),
    }


def test_a_deal_played_twice_is_one_unit_of_the_share_against_the_rung_below() -> None:
    """Four deals each played twice: a's share is the mean of the deals' means, and its
    interval is over the four deals, not the eight games."""
    ladder = _benchmark_module("ladder")

    def game(deal: int, seating: tuple[str, str], winner: str) -> sim.GameResult:
        seat = seating.index(winner)
        return sim.GameResult(deal, seating, (9, 1) if seat == 0 else (1, 9), (seat,), 10)

    results = [
        game(deal, seating, winner)
        for deal, winners in enumerate([("a", "a"), ("a", "b"), ("b", "a"), ("a", "a")])
        for seating, winner in zip((("a", "b"), ("b", "a")), winners, strict=True)
    ]
    # a's results by deal: 1.0, 0.5, 0.5 and 1.0.
    share, low, high, games = ladder.share_against(results, "a", "b")
    assert (share, games) == (0.75, 8)
    half = 1.96 * statistics.stdev([1.0, 0.5, 0.5, 1.0]) / math.sqrt(4)
    assert abs(low - (0.75 - half)) < 1e-9 and high == 1.0


def _once_and_twice() -> list[sim.GameResult]:
    """Two-player games between rungs a and b: four deals played once, a winning the first
    and third, then four deals played twice with the seats swapped, a winning both, the
    first, the second and both."""

    def game(deal: int, seating: tuple[str, str], winner: str) -> sim.GameResult:
        seat = seating.index(winner)
        return sim.GameResult(deal, seating, (9, 1) if seat == 0 else (1, 9), (seat,), 10)

    single = [game(10 + i, ("a", "b"), winner) for i, winner in enumerate("abab")]
    paired = [
        game(deal, seating, winner)
        for deal, winners in enumerate([("a", "a"), ("a", "b"), ("b", "a"), ("a", "a")])
        for seating, winner in zip((("a", "b"), ("b", "a")), winners, strict=True)
    ]
    return single + paired


def test_deals_played_once_and_twice_are_weighed_by_their_spread() -> None:
    """A record of deals played once and deals played twice: each kind's mean is weighed by
    the inverse of its variance (four single games 1, 0, 1, 0: mean 0.5, variance of the
    mean 1/12; four paired deals 1, 0.5, 0.5, 1: mean 0.75, variance 1/48)."""
    ladder = _benchmark_module("ladder")
    share, low, high, games = ladder.share_against(_once_and_twice(), "a", "b")
    assert games == 12
    assert abs(share - (12 * 0.5 + 48 * 0.75) / 60) < 1e-9
    half = 1.96 / math.sqrt(60)
    assert abs(low - (share - half)) < 1e-9 and abs(high - (share + half)) < 1e-9


def test_a_deal_played_twice_is_one_unit_of_the_mean_ranks() -> None:
    """Two deals each played twice at three seats: a rung's mean rank on a deal is the mean
    of its two games', and the interval is over the two deals."""
    ladder = _benchmark_module("ladder")
    results = [
        sim.GameResult(0, ("a", "b", "a"), (3, 2, 1), (0,), 10),  # a: (1 + 3) / 2, b: 2
        sim.GameResult(0, ("b", "a", "b"), (3, 2, 1), (0,), 10),  # a: 2, b: (1 + 3) / 2
        sim.GameResult(1, ("a", "b", "a"), (3, 1, 2), (0,), 10),  # a: (1 + 2) / 2, b: 3
        sim.GameResult(1, ("b", "a", "b"), (1, 3, 2), (1,), 10),  # a: 1, b: (3 + 2) / 2
    ]
    (a, a_low, a_high), (b, _, _), games = ladder.mean_ranks(results, "a", "b")
    assert games == 4
    # a by deal: (2 + 2) / 2 = 2.0 and (1.5 + 1) / 2 = 1.25.
    assert (a, b) == (1.625, 2.375)
    half = 1.96 * statistics.stdev([2.0, 1.25]) / math.sqrt(2)
    assert abs(a_high - a - half) < 1e-9 and abs(a - a_low - half) < 1e-9


def test_the_mean_ranks_weigh_deals_played_once_and_twice_by_their_spread() -> None:
    """As the share does: a's ranks on four single games 1, 2, 1, 2 (mean 1.5, variance of
    the mean 1/12) and on four paired deals 1, 1.5, 1.5, 1 (mean 1.25, variance 1/48)."""
    ladder = _benchmark_module("ladder")
    (a, a_low, a_high), (b, b_low, b_high), games = ladder.mean_ranks(_once_and_twice(), "a", "b")
    assert games == 12
    assert abs(a - (12 * 1.5 + 48 * 1.25) / 60) < 1e-9
    assert abs(b - (12 * 1.5 + 48 * 1.75) / 60) < 1e-9
    half = 1.96 / math.sqrt(60)
    assert abs(a_high - a - half) < 1e-9 and abs(a - a_low - half) < 1e-9
    assert abs(b_high - b - half) < 1e-9 and abs(b - b_low - half) < 1e-9


def test_the_rookery_balance_runs_under_the_outside_heuristic() -> None:
    """The balance benchmark plays the outside-style heuristic bot in both seats."""
    out = _run("rookery_balance.py", "--policy", "heuristic", "--games", "2", "--workers", "1")
    assert "rookery balance, heuristic play: 2 games" in out


def test_the_evaluation_fit_reports_a_weight_per_feature() -> None:
    """A small fit exits 0 and names every feature with its weight (nothing written)."""
    from birdgames.rookery.evaluate import FEATURE_NAMES

    out = _run("fit_evaluation.py", "--games", "10", folder="scripts")
    for name in FEATURE_NAMES:
        assert re.search(rf"^  {name} +[+-]\d\.\d{{4}}$", out, re.MULTILINE), name


def test_the_evaluation_screen_plays_each_setting_against_the_evaluation_as_it_is() -> None:
    """A two-game screen of one constant at two factors prints a line with nothing changed,
    then one per setting with the constant's value times each factor."""
    from birdgames.peacock import evaluate

    before = evaluate.TUCK_VALUE
    out = _run(
        "tune_evaluation.py",
        *("--game", "peacock", "--players", "3", "--games", "2", "--workers", "1"),
        *("--names", "TUCK_VALUE", "--factors", "0,4"),
        folder="scripts",
    )
    lines = out.splitlines()
    assert lines[0] == "peacock, 3 players, greedy bots, 2 games a setting, seed 1"
    assert re.match(r"as it is +share +\d+\.\d% \[", lines[1]), lines[1]
    for line, value in zip(lines[2:], (0.0, 4 * before), strict=True):
        figures = r" +share +\d+\.\d% \[.* against as it is +[+-]\d+\.\d% \["
        assert re.match(rf"TUCK_VALUE {value:g}{figures}", line), line


def test_an_evaluation_copy_plays_by_its_own_constants() -> None:
    """A setting's copy of the evaluation changes its value of a position; the copy with no
    setting, and the package's own evaluation, keep theirs."""
    from birdgames import peacock
    from birdgames.peacock import evaluate

    tuning = load_file("tune_evaluation_script", ROOT / "scripts" / "tune_evaluation.py")
    game = peacock.GAME
    view = game.view(game.new_game(game.default_config(3), 5), 0)
    usual = evaluate.evaluate(view, 0)
    changed = tuning.evaluation_module("peacock", (("EMPTY_SLOT_VALUE", 1.0),))
    assert changed.EMPTY_SLOT_VALUE == 1.0
    assert changed.evaluate(view, 0) > usual  # every season to come values its empty slots
    assert tuning.evaluation_module("peacock", ()).evaluate(view, 0) == usual
    assert evaluate.EMPTY_SLOT_VALUE == 0.25
    assert evaluate.evaluate(view, 0) == usual


def test_the_evaluation_screen_seats_search_bots_when_asked() -> None:
    """`--iterations` screens with ISMCTS bots at that budget."""
    out = _run(
        "tune_evaluation.py",
        *("--game", "rookery", "--games", "2", "--workers", "1", "--iterations", "4"),
        *("--names", "CARD_VALUE", "--factors", "3"),
        folder="scripts",
    )
    lines = out.splitlines()
    assert lines[0] == "rookery, 2 players, ISMCTS 4 bots, 2 games a setting, seed 1"
    assert lines[2].startswith("CARD_VALUE 1.2 "), lines[2]
    assert len(lines) == 3
