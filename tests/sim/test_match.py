"""Live games: a Match saves, resumes, undoes by replay and exports its Record."""

from __future__ import annotations

from typing import Any, Final

import attrs
import pytest

from birdgames import CodecError, IllegalActionError, InvalidConfigError, codec, sim
from birdgames.peacock import GAME as PEACOCK
from birdgames.rng import Rng, below
from birdgames.rookery import GAME as ROOKERY
from birdgames.rookery import Config as RookeryConfig

SEED: Final = 12


def _random_steps(match: Any, steps: int, seed: int) -> Any:
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if match.is_terminal:
            break
        legal = match.legal_actions(match.to_act()[0])
        index, rng = below(rng, len(legal))
        match = match.play(legal[index])[0]
    return match


def _finished(seed: int) -> sim.Match[Any, Any, Any, Any, Any]:
    match = sim.Match.start(ROOKERY, ROOKERY.default_config(2), seed)
    finished = _random_steps(match, ROOKERY.max_actions(match.config), seed)
    assert finished.is_terminal
    return finished  # type: ignore[no-any-return]


def test_a_match_starts_where_new_game_does() -> None:
    """A new match holds no action and the state new_game deals from its seed."""
    config = PEACOCK.default_config(3)
    match = sim.Match.start(PEACOCK, config, SEED)
    assert match.steps == 0 and match.actions == ()
    assert match.state == PEACOCK.new_game(config, SEED)
    assert match.view(None) == PEACOCK.view(match.state, None)


def test_play_appends_the_action_and_steps_the_state() -> None:
    """Each play adds the action to the history and gives the step's events."""
    match = sim.Match.start(ROOKERY, ROOKERY.default_config(2), SEED)
    action = match.legal_actions(match.to_act()[0])[0]
    after, events = match.play(action)
    assert after.actions == (action,)
    assert (after.state, events) == ROOKERY.step(match.state, action)
    assert match.actions == ()  # the old match is untouched


def test_an_illegal_action_leaves_the_match_as_it_was() -> None:
    """An action the rules refuse raises and adds nothing."""
    match = sim.Match.start(ROOKERY, ROOKERY.default_config(2), SEED)
    waiting = 1 - match.to_act()[0]
    wrong = match.legal_actions(match.to_act()[0])[0]
    with pytest.raises(IllegalActionError):
        match.play(attrs.evolve(wrong, player=waiting))
    assert match.actions == () and match.state == ROOKERY.new_game(match.config, SEED)


def test_save_and_resume_give_the_same_match() -> None:
    """A match saved mid-game and loaded again holds the same actions and state."""
    match = _random_steps(sim.Match.start(PEACOCK, PEACOCK.default_config(3), SEED), 40, 1)
    assert match.steps == 40 and not match.is_terminal
    text = codec.dumps(match.save())
    resumed = sim.Match.resume(PEACOCK, codec.loads(sim.LiveRecord, text))
    assert resumed == match
    assert codec.dumps(resumed.save()) == text


def test_undo_rebuilds_the_earlier_state_by_replay() -> None:
    """Undo and rewind give exactly the match as it stood after that many steps."""
    start = sim.Match.start(PEACOCK, PEACOCK.default_config(2), SEED)
    history = [start]
    rng = Rng.from_seed(3)
    for _ in range(30):
        match = history[-1]
        legal = match.legal_actions(match.to_act()[0])
        index, rng = below(rng, len(legal))
        history.append(match.play(legal[index])[0])
    last = history[-1]
    assert last.undo() == history[29]
    assert last.undo(30) == start
    assert all(last.rewind(k) == history[k] for k in (0, 7, 18, 30))


def test_undo_then_the_same_action_deals_the_same_cards() -> None:
    """Going back over a draw and playing on repeats it: the seed fixes the deck."""
    match = _random_steps(sim.Match.start(ROOKERY, ROOKERY.default_config(2), SEED), 25, 2)
    again = match.undo(5)
    for action in match.actions[-5:]:
        again = again.play(action)[0]
    assert again == match


@pytest.mark.parametrize("steps", [-1, 41])
def test_rewind_outside_the_history_is_refused(steps: int) -> None:
    """Only steps 0 to the current one can be rewound to."""
    match = _random_steps(sim.Match.start(PEACOCK, PEACOCK.default_config(2), SEED), 40, 4)
    with pytest.raises(InvalidConfigError, match="40 steps"):
        match.rewind(steps)


def test_a_finished_match_exports_its_record() -> None:
    """At the end, record() is the Record sim.verify accepts, with the game's result."""
    match = _finished(5)
    record = match.record()
    sim.verify(record)
    assert (record.scores, record.winners) == (
        ROOKERY.scores(match.state),
        ROOKERY.winners(match.state),
    )
    assert sim.Match.resume(ROOKERY, record) == match


def test_a_game_in_progress_has_no_record_yet() -> None:
    """record() before the end says to save instead."""
    match = sim.Match.start(ROOKERY, ROOKERY.default_config(2), SEED)
    with pytest.raises(InvalidConfigError, match="not over"):
        match.record()


def test_resume_refuses_a_save_of_another_game() -> None:
    """A Peacock save does not resume as Rookery."""
    saved = sim.Match.start(PEACOCK, PEACOCK.default_config(2), SEED).save()
    with pytest.raises(CodecError, match="peacock"):
        sim.Match.resume(ROOKERY, saved)


def test_resume_refuses_an_illegal_or_late_action() -> None:
    """A save whose actions the rules refuse, or that go on after the end, is refused."""
    match = _random_steps(sim.Match.start(ROOKERY, ROOKERY.default_config(2), SEED), 10, 6)
    saved = match.save()
    swapped = sim.LiveRecord(saved.game, saved.config, saved.seed, saved.actions[::-1])
    with pytest.raises(CodecError, match="is illegal"):
        sim.Match.resume(ROOKERY, swapped)
    done = _finished(7).save()
    late = sim.LiveRecord(done.game, done.config, done.seed, (*done.actions, done.actions[-1]))
    with pytest.raises(CodecError, match="after the end"):
        sim.Match.resume(ROOKERY, late)


def test_resume_refuses_a_foreign_config() -> None:
    """A save naming Rookery but holding another game's config is refused."""
    saved = sim.Match.start(PEACOCK, PEACOCK.default_config(2), SEED).save()
    foreign = sim.LiveRecord("rookery", saved.config, saved.seed, ())
    with pytest.raises(CodecError, match="not a rookery config"):
        sim.Match.resume(ROOKERY, foreign)
    assert isinstance(
        sim.Match.resume(ROOKERY, sim.LiveRecord("rookery", RookeryConfig(), 1, ())).config,
        RookeryConfig,
    )
