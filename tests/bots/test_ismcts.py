"""ISMCTSPolicy: legal, reproducible from its rng, and playing both games through every kind
of turn (simultaneous picks and migrations, the other player's pending decisions)."""

from __future__ import annotations

from typing import Any

import pytest

from birdgames import get_game, sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.bots.ismcts import (
    _iterate_with_replies,
    _Node,
    _played_out,
    _replied,
    _rewards,
    _Search,
    _seed_children,
    _to_the_end,
)
from birdgames.bots.support import advantages, squash, support_for
from birdgames.peacock.state import Phase
from birdgames.rng import Rng
from tests.bots.positions import reach


@pytest.mark.parametrize(
    ("name", "players", "steps"),
    [
        ("peacock", 3, 0),
        ("peacock", 4, 38),
        ("peacock", 4, 52),
        ("rookery", 2, 3),
        ("rookery", 2, 40),
    ],
)
def test_the_choice_is_legal_and_the_same_for_the_same_rng(
    name: str, players: int, steps: int
) -> None:
    """The same view, history and rng give the same legal action and the same new rng; a
    different rng may search differently but still answers legally."""
    game = get_game(name)
    seen = reach(game, players, 7, steps)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    assert len(legal) > 1
    policy = ISMCTSPolicy(game, iterations=40)
    first = policy.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first[0] in legal
    assert first == policy.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first[1] != Rng.from_seed(2)
    other, _ = policy.choose(view, legal, seen.history, Rng.from_seed(3))
    assert other in legal


@pytest.mark.parametrize(("players", "steps"), [(3, 0), (4, 38), (4, 52)])
def test_the_prior_alone_takes_the_greedy_choice(players: int, steps: int) -> None:
    """With no iterations the one-step prior decides: on the same determinization ISMCTS
    takes the action the one-sample greedy bot takes."""
    game = get_game("peacock")
    seen = reach(game, players, 7, steps)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    searcher = ISMCTSPolicy(game, iterations=0, prior_visits=1)
    greedy = GreedyPolicy(game, samples=1)
    rng = Rng.from_seed(5)
    assert (
        searcher.choose(view, legal, seen.history, rng)[0]
        == (greedy.choose(view, legal, seen.history, rng)[0])
    )


@pytest.mark.parametrize("value_reached", [False, True])
def test_rookery_searches_with_a_prior_either_way_of_valuing_lines(value_reached: bool) -> None:
    """The game-independent search settings play Rookery too: legal and reproducible."""
    game = get_game("rookery")
    seen = reach(game, 2, 7, 40)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    policy = ISMCTSPolicy(game, iterations=30, prior_visits=3, value_reached=value_reached)
    first = policy.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first[0] in legal
    assert first == policy.choose(view, legal, seen.history, Rng.from_seed(2))


def test_a_lone_legal_action_is_taken_without_search() -> None:
    """With one legal action the rng comes back untouched."""
    game = get_game("rookery")
    seen = reach(game, 2, 7, 3)
    legal = game.legal_actions(seen.state, seen.player)[:1]
    rng = Rng.from_seed(4)
    assert ISMCTSPolicy(game).choose(game.view(seen.state, seen.player), legal, (), rng) == (
        legal[0],
        rng,
    )


def test_a_whole_rookery_game_against_random() -> None:
    """ISMCTS plays a whole Rookery game legally, its own ambush windows and the discards the
    opponent makes it choose included."""
    game = get_game("rookery")
    policies: list[sim.Policy[Any, Any, Any]] = [
        ISMCTSPolicy(game, iterations=15),
        sim.RandomPolicy(),
    ]
    record = sim.play(game, game.default_config(2), 15, policies)
    sim.verify(record)
    kinds = {type(action).__name__ for action in record.actions if action.player == 0}
    assert {"Ambush", "DiscardCard"} <= kinds


def test_peacock_drafts_and_migrations_at_three_players() -> None:
    """ISMCTS seats take simultaneous draft picks and migration steps legally."""
    game = get_game("peacock")
    policies: list[sim.Policy[Any, Any, Any]] = [
        ISMCTSPolicy(game, iterations=10),
        sim.RandomPolicy(),
        ISMCTSPolicy(game, iterations=10),
    ]
    # Placed birds move freely within a migration (K2.3), so closing one takes more steps.
    steps = list(sim.iter_play(game, game.default_config(3), 2, policies, max_actions=300))
    kinds = {type(step.action).__name__ for step in steps if step.action.player in (0, 2)}
    assert {"DraftCard", "EndMigration"} <= kinds


def _own_best(game: Any, state: Any, player: int) -> Any:
    """The first of `player`'s actions whose result the game's evaluation likes best for them."""
    evaluate = support_for(game).evaluate
    legal = game.legal_actions(state, player)
    values = [evaluate(game.view(game.apply(state, a), player), player) for a in legal]
    return legal[values.index(max(values))]


def test_with_replies_the_others_answer_with_their_best_move_until_the_seat_acts() -> None:
    """After the seat's draft pick the other two seats pick what their own one-step value
    likes best, and the line stops where the seat picks again."""
    game = get_game("peacock")
    seen = reach(game, 3, 7, 0)
    me = seen.player
    mine = game.legal_actions(seen.state, me)[0]
    state = game.apply(seen.state, mine)
    expected = state
    for player in game.to_act(state):
        expected = game.apply(expected, _own_best(game, expected, player))
    replied = _replied(game, support_for(game), state, me)
    assert replied == expected
    assert me in game.to_act(replied)
    assert [seat.pick for seat in replied.seats] == [None] * 3  # revealed and passed


def test_with_replies_a_line_stops_after_one_reply_per_other_seat() -> None:
    """Once the seat has ended its migration the others move once each, not to the end of
    theirs."""
    game = get_game("peacock")
    seen = reach(game, 3, 7, 0)
    state = seen.state
    while state.phase.name != "MIGRATION":
        state = game.apply(state, game.legal_actions(state, game.to_act(state)[0])[0])
    me = 0
    while me in game.to_act(state):
        ends = [a for a in game.legal_actions(state, me) if type(a).__name__ == "EndMigration"]
        state = game.apply(state, ends[0] if ends else game.legal_actions(state, me)[0])
    replied = _replied(game, support_for(game), state, me)
    steps = sum(a != b for a, b in zip(state.seats, replied.seats, strict=True))
    assert steps == 2
    assert me not in game.to_act(replied)


@pytest.mark.parametrize(("name", "players", "steps"), [("peacock", 3, 20), ("rookery", 2, 40)])
def test_searching_with_replies_is_legal_and_reproducible(
    name: str, players: int, steps: int
) -> None:
    """The reply mode plays any game: a legal choice, the same for the same rng."""
    game = get_game(name)
    seen = reach(game, players, 7, steps)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    policy = ISMCTSPolicy(game, iterations=25, replies=True)
    first = policy.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first[0] in legal
    assert first == policy.choose(view, legal, seen.history, Rng.from_seed(2))


def _one_step_reward(game: Any, state: Any, mover: int, action: Any) -> float:
    support = support_for(game)
    after = game.view(game.apply(state, action), mover)
    values = [support.evaluate(after, q) for q in range(len(game.scores(state)))]
    return squash(advantages(values)[mover], support.scale)


def test_with_node_priors_a_node_first_reached_starts_from_one_step_lookahead() -> None:
    """The line stops at the first node it reaches below the root: that node gets a child per
    action of its mover, each with the prior's visits worth its one-step value, and the root
    action above it is valued at the node's state."""
    game: Any = get_game("perch_bop")
    seen = reach(game, 4, 7, 12)
    me, state = seen.player, seen.state
    legal = game.legal_actions(state, me)
    support = support_for(game)
    root = _Node(me)
    _seed_children(game, support, root, state, me, legal, 1)
    assert [child.visits for child in root.children.values()] == [1] * len(legal)
    policy = ISMCTSPolicy(game, iterations=1)
    search = _Search(exploration=0.3, value_reached=True, replies=False, node_prior=2)
    policy._iterate(game, support, search, root, state, me, legal, Rng.from_seed(4))
    chosen = [(action, child) for action, child in root.children.items() if child.visits == 2]
    assert len(chosen) == 1
    action, child = chosen[0]
    after = game.apply(state, action)
    mover = game.to_act(after)[0]
    replies = game.legal_actions(after, mover)
    assert len(replies) > 1
    assert list(child.children) == list(replies)
    for reply, grandchild in child.children.items():
        assert (grandchild.player, grandchild.visits, grandchild.available) == (mover, 2, 2)
        assert grandchild.reward == pytest.approx(2 * _one_step_reward(game, after, mover, reply))
    values = [support.evaluate(game.view(after, q), q) for q in range(4)]
    first = _one_step_reward(game, state, me, action)
    assert child.reward == pytest.approx(first + squash(advantages(values)[me], support.scale))


def test_with_replies_and_node_priors_a_node_first_reached_starts_from_lookahead() -> None:
    """In the reply mode too, a line stops at the first node it reaches below the root (the
    seat to act again once the others replied): that node gets a child per action of the
    seat, each with the prior's visits worth its one-step value, and the root action above it
    is valued at the node's state."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 10)  # a draft: after any pick and the replies, the seat picks again
    me, state = seen.player, seen.state
    legal = game.legal_actions(state, me)
    support = support_for(game)
    root = _Node(me)
    _seed_children(game, support, root, state, me, legal, 1)
    search = _Search(exploration=0.1, value_reached=True, replies=True, node_prior=2)
    _iterate_with_replies(game, support, search, root, state, me, legal, Rng.from_seed(4))
    chosen = [(action, child) for action, child in root.children.items() if child.visits == 2]
    assert len(chosen) == 1
    action, child = chosen[0]
    after = _replied(game, support, game.apply(state, action), me)
    mine = game.legal_actions(after, me)
    assert len(mine) > 1
    assert list(child.children) == list(mine)
    for pick, grandchild in child.children.items():
        assert (grandchild.player, grandchild.visits, grandchild.available) == (me, 2, 2)
        assert grandchild.reward == pytest.approx(2 * _one_step_reward(game, after, me, pick))
    first = _one_step_reward(game, state, me, action)
    assert child.reward == pytest.approx(first + _rewards(game, support, after)[me])


def test_with_node_priors_the_search_is_legal_and_reproducible() -> None:
    """Node priors play any game: a legal choice, the same for the same rng."""
    game = get_game("rookery")
    seen = reach(game, 2, 7, 40)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    policy = ISMCTSPolicy(game, iterations=20, node_prior_visits=2)
    first = policy.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first[0] in legal
    assert first == policy.choose(view, legal, seen.history, Rng.from_seed(2))


def _counting(game: Any) -> tuple[list[int], Any]:
    """Returns a call counter and the game's evaluation that counts into it."""
    calls = [0]
    evaluate = support_for(game).evaluate

    def counted(view: Any, player: int) -> float:
        calls[0] += 1
        return evaluate(view, player)

    return calls, counted


def _next_own_decision(game: Any, seen: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
    """Returns the state after `action` and the seat's history then, the seat to act again."""
    state, events = game.step(seen.state, action)
    assert seen.player in game.to_act(state)
    return state, seen.history + tuple(game.visible_events(events, seen.player))


def test_a_reused_tree_searches_only_what_the_budget_has_left() -> None:
    """In a migration the seat acts again after its own step: with `reuse_tree` the next
    decision starts from the subtree searched below the step taken and searches only the
    iterations its visits leave (at least a quarter), so it evaluates less than a fresh
    search of the same budget, and still answers legally."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 24)  # a migration: the seat places a bird, then lifts another
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    calls, counted = _counting(game)
    reusing = ISMCTSPolicy(
        game, iterations=60, replies=True, reuse_tree=True, evaluate=counted, search_all=True
    )
    action, rng = reusing.choose(view, legal, seen.history, Rng.from_seed(2))
    assert (
        action
        == ISMCTSPolicy(
            game, iterations=60, replies=True, evaluate=counted, search_all=True
        ).choose(view, legal, seen.history, Rng.from_seed(2))[0]
    )
    state, history = _next_own_decision(game, seen, action)
    view, legal = game.view(state, seen.player), game.legal_actions(state, seen.player)
    calls[0] = 0
    fresh = ISMCTSPolicy(game, iterations=60, replies=True, evaluate=counted, search_all=True)
    fresh.choose(view, legal, history, rng)
    searched_fresh = calls[0]
    calls[0] = 0
    again, _ = reusing.choose(view, legal, history, rng)
    assert again in legal
    assert 0 < calls[0] < searched_fresh


def test_a_tree_is_reused_only_for_the_decision_that_follows() -> None:
    """The same position asked again, or a position of another game, is searched afresh:
    the answer is a fresh bot's."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 24)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    reusing = ISMCTSPolicy(game, iterations=30, replies=True, reuse_tree=True, search_all=True)
    fresh = ISMCTSPolicy(game, iterations=30, replies=True, reuse_tree=False, search_all=True)
    first = reusing.choose(view, legal, seen.history, Rng.from_seed(2))
    assert first == reusing.choose(view, legal, seen.history, Rng.from_seed(2))
    other = reach(game, 3, 9, 30)
    assert other.player == seen.player
    assert len(other.history) > len(seen.history)
    args = (
        game.view(other.state, other.player),
        game.legal_actions(other.state, other.player),
        other.history,
        Rng.from_seed(5),
    )
    reusing.choose(view, legal, seen.history, Rng.from_seed(2))
    assert reusing.choose(*args) == fresh.choose(*args)


def test_reusing_trees_a_game_plays_the_same_from_the_same_seeds() -> None:
    """A game with reusing bots is reproducible from its seed through a season and into the
    next one's draft: a season's picks share one search, which its migration forgets."""
    game = get_game("peacock")
    config = game.default_config(3)
    records = [
        sim.play(
            game,
            config,
            11,
            [ISMCTSPolicy(game, iterations=8, reuse_tree=True)] * 3,
            max_actions=100,
        )
        for _ in range(2)
    ]
    assert records[0] == records[1]
    kinds = [action.kind for action in records[0].actions]
    picks = [step for step, kind in enumerate(kinds) if kind == "peacock.draft_card"]
    assert kinds.index("peacock.end_migration") < picks[-1]


def test_a_peacock_migration_step_is_taken_by_one_step_of_lookahead() -> None:
    """Peacock searches its draft picks only: a migration step is the greedy bot's choice
    (the same action and rng, the same evaluations), unless `search_all`."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 24)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    calls, counted = _counting(game)
    greedy = GreedyPolicy(game, evaluate=counted).choose(
        view, legal, seen.history, Rng.from_seed(2)
    )
    greedy_calls, calls[0] = calls[0], 0
    bot = ISMCTSPolicy(game, iterations=40, evaluate=counted)
    assert bot.choose(view, legal, seen.history, Rng.from_seed(2)) == greedy
    assert calls[0] == greedy_calls
    calls[0] = 0
    searching = ISMCTSPolicy(game, iterations=40, evaluate=counted, search_all=True)
    assert searching.choose(view, legal, seen.history, Rng.from_seed(2))[0] in legal
    assert calls[0] > 2 * greedy_calls


def test_a_peacock_draft_pick_is_searched() -> None:
    """A draft pick is searched: more evaluations than one step of lookahead."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 3)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    calls, counted = _counting(game)
    GreedyPolicy(game, evaluate=counted).choose(view, legal, seen.history, Rng.from_seed(2))
    greedy_calls, calls[0] = calls[0], 0
    ISMCTSPolicy(game, iterations=40, evaluate=counted).choose(
        view, legal, seen.history, Rng.from_seed(2)
    )
    assert calls[0] > 2 * greedy_calls


def test_a_decision_not_searched_forgets_the_kept_tree() -> None:
    """A tree kept at a draft pick was searched below a position a migration step has left
    behind: the step, taken without search, forgets it, so no later decision reuses it."""
    game: Any = get_game("peacock")
    bot = ISMCTSPolicy(game, iterations=20, reuse_tree=True)
    pick = reach(game, 3, 7, 6)
    bot.choose(
        game.view(pick.state, pick.player),
        game.legal_actions(pick.state, pick.player),
        pick.history,
        Rng.from_seed(2),
    )
    assert pick.player in bot._kept.trees
    step = reach(game, 3, 7, 24)
    assert step.player == pick.player
    assert step.history[: len(pick.history)] == pick.history
    bot.choose(
        game.view(step.state, step.player),
        game.legal_actions(step.state, step.player),
        step.history,
        Rng.from_seed(2),
    )
    assert pick.player not in bot._kept.trees


def test_a_playout_drafts_to_the_end_of_the_season_by_one_step_of_lookahead() -> None:
    """Played out, a Peacock line goes on until the season's draft ends, every seat picking
    what its own one-step value likes best; a playout that may not go on leaves the state."""
    game: Any = get_game("peacock")
    support = support_for(game)
    assert support.playout is not None
    seen = reach(game, 3, 7, 4)
    expected = seen.state
    while expected.phase is Phase.DRAFT:
        expected = game.apply(expected, _own_best(game, expected, game.to_act(expected)[0]))
    played = _played_out(game, support, seen.state, support.playout)
    assert played == expected
    assert played.phase is Phase.MIGRATION
    assert _played_out(game, support, seen.state, lambda state: False) == seen.state


def test_a_playout_the_game_does_not_bound_goes_on_to_the_end() -> None:
    """A game that names no playout (Rookery) plays a line out to the game's end."""
    game: Any = get_game("rookery")
    support = support_for(game)
    assert support.playout is None
    seen = reach(game, 2, 7, 40)
    assert game.is_terminal(_played_out(game, support, seen.state, _to_the_end))


@pytest.mark.parametrize("replies", [True, False])
def test_with_playout_lines_are_valued_once_the_draft_is_over(replies: bool) -> None:
    """At a season's first pick a search of 20 iterations values no line beyond the draft;
    with `playout` it values every line once the draft is over (three seats each)."""
    game: Any = get_game("peacock")
    seen = reach(game, 3, 7, 0)
    view = game.view(seen.state, seen.player)
    legal = game.legal_actions(seen.state, seen.player)
    evaluate = support_for(game).evaluate
    phases: list[Phase] = []

    def recording(view: Any, player: int) -> float:
        phases.append(view.phase)
        return evaluate(view, player)

    for playout, least in ((False, 0), (True, 3 * 20)):
        phases.clear()
        bot = ISMCTSPolicy(
            game, iterations=20, replies=replies, playout=playout, evaluate=recording
        )
        assert bot.choose(view, legal, seen.history, Rng.from_seed(2))[0] in legal
        after_the_draft = phases.count(Phase.MIGRATION)
        assert after_the_draft >= least if playout else after_the_draft == 0
