"""The registry games join: module paths, imported on first use, shared by every floor."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Final

import pytest

from birdgames import InvalidConfigError, core, games, get_game, get_words
from birdgames.registry import BUNDLED

ROOT: Final = Path(__file__).resolve().parents[2]


def _run(script: str) -> subprocess.CompletedProcess[str]:
    """Runs `script` in a fresh interpreter, so what it registers or imports stays there."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_importing_birdgames_registers_the_bundled_games_without_importing_them() -> None:
    """`import birdgames` knows every bundled game by name; a game's modules load on first use."""
    done = _run(
        """
        import sys
        import birdgames
        from birdgames import core
        from birdgames.registry import BUNDLED

        def games_loaded():
            parts = (m.split(".") for m in sys.modules)
            return sorted({p[1] for p in parts if len(p) > 1 and p[0] == "birdgames"
                           and p[1] in BUNDLED})

        assert dict(core.registered_modules()) == BUNDLED
        assert games_loaded() == [], games_loaded()
        birdgames.get_game("rookery")
        print(games_loaded())
        """
    )
    assert done.returncode == 0, done.stderr
    # Asking for one engine lists them all (games() maps every name to its GAME).
    assert done.stdout.strip() == "['peacock', 'perch_bop', 'rookery']"


def test_a_game_registered_by_module_paths_joins_games_and_is_refused_where_it_has_no_part() -> (
    None
):
    """The toy game, registered with an engine and no encoding or bot support, is listed
    last; the encodings and the bots name the games that have theirs."""
    done = _run(
        """
        from birdgames import InvalidConfigError, bots, core, encoding, games, get_game
        from tests.toy.game import GAME

        modules = core.GameModules(engine="tests.toy.game", words="tests.toy.game")
        core.register_game("toy", modules)
        core.register_game("toy", modules)  # the same again: nothing changes
        assert list(games()) == ["perch_bop", "peacock", "rookery", "toy"]
        assert get_game("toy") is GAME
        for ask in (lambda: encoding.get_encoding("toy"), lambda: bots.support_for(GAME)):
            try:
                ask()
            except InvalidConfigError as error:
                print(error)
        try:
            core.register_game("toy", core.GameModules(engine="elsewhere", words="elsewhere"))
        except InvalidConfigError as error:
            print(error)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "unknown game 'toy'; games with an encoding: perch_bop, peacock, rookery",
        "bots cannot play toy yet; they play peacock, perch_bop, rookery",
        "the game 'toy' is already registered from tests.toy.game",
    ]


def test_each_bundled_game_is_registered_by_where_its_parts_live() -> None:
    """The engine, words, encoding and bot support of each bundled game are its package's."""
    assert list(games()) == list(BUNDLED)
    for name, modules in BUNDLED.items():
        package = f"birdgames.{name}"
        assert modules == core.GameModules(
            f"{package}.game",
            f"{package}.words",
            f"{package}.encoding",
            f"{package}.bots",
            modules.simultaneous_commit,
        )
        assert core.game_modules(name) is modules
        assert core.registered_game(name) is get_game(name)
        assert core.registered_words(name) is get_words(name)


def test_an_unknown_name_is_refused_by_every_lookup() -> None:
    """game_modules, registered_game and registered_words name the registered games."""
    for lookup in (core.game_modules, core.registered_game, core.registered_words):
        with pytest.raises(InvalidConfigError) as caught:
            lookup("chess")
        assert str(caught.value) == (
            "unknown game 'chess'; registered games: peacock, perch_bop, rookery"
        )


def test_only_peacock_declares_one_commit_simultaneous_turns_its_draft() -> None:
    """Peacock's draft picks are one commit each, resolved together; its migrations are not."""
    declared = {name: m.simultaneous_commit for name, m in BUNDLED.items()}
    commit = declared.pop("peacock")
    assert commit is not None and set(declared.values()) == {None}
    game = get_game("peacock")
    state = game.new_game(game.default_config(3), 1)
    assert commit(state) and game.to_act(state) == (0, 1, 2)
    while commit(state):
        player = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, player)[0])
    assert game.to_act(state) == (0, 1, 2)  # migrating: many steps each, not one commit
