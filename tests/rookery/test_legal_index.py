"""Rookery's listing by index reads the commonest actions on cards in play from tables by
place: it must give `encode`'s index for every legal action, wherever the card sits."""

from __future__ import annotations

import random

from birdgames.rookery import GAME, encoding
from birdgames.rookery.actions import Hunt, Mob, MoveBird, TapBird

GAMES = 12


def test_legal_index_gives_encode_s_index_for_every_action_and_place() -> None:
    config = GAME.default_config(2)
    places: set[tuple[str, int]] = set()
    for seed in range(GAMES):
        chooser = random.Random(seed)
        state = GAME.new_game(config, seed)
        while not GAME.is_terminal(state):
            for seat in GAME.to_act(state):
                legal = GAME.legal_actions(state, seat)
                indexed = encoding.legal_index(state, seat)
                assert indexed == {encoding.encode(state, action): action for action in legal}
                for index, action in indexed.items():
                    if type(action) in (TapBird, MoveBird, Hunt, Mob):
                        places.add((type(action).__name__, index))
            seat = chooser.choice(GAME.to_act(state))
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state, seat)))
    # The games reach every table, at more than one place each.
    kinds = {name for name, _ in places}
    assert kinds == {"TapBird", "MoveBird", "Hunt", "Mob"}
    for kind in kinds:
        assert len({index for name, index in places if name == kind}) > 1, kind
