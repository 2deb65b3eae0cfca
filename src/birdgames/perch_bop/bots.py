"""What the bots need to play Perch: its determinizer, its evaluation and search tuning."""

from __future__ import annotations

from typing import Final

from birdgames.bots.support import BotSupport
from birdgames.perch_bop.config import Config
from birdgames.perch_bop.evaluate import evaluate
from birdgames.perch_bop.events import Event
from birdgames.perch_bop.sample import sample_state
from birdgames.perch_bop.state import State
from birdgames.perch_bop.view import View

# Perch offers dozens of placements a turn whose values differ by a point or two. With the
# evaluation that reads the expansions and the creatures' homes, 200 iterations at the
# general defaults (exploration 0.7, no prior) played about as well as one step of lookahead
# by the same evaluation (96 games, 1 seat against 3 such greedy seats: mean rank 2.45 to
# their 2.52); a lower constant, the one-step values as a prior of 5 visits and lines valued
# at the state reached made it 2.27 to their 2.58 on the same seeds, and against greedy seats
# by the baseline evaluation raised its wins from 48.3% to 58.3% of the same 120 games.
# That search gained little from more iterations (its share of results against three greedy
# seats, 48 games: 0.60 at 100, 0.58 at 400): a node's dozens of actions were tried in random
# order before any was chosen twice, so lines rarely went past the root's actions. With each
# node's actions starting from 3 visits of one-step lookahead it deepens along plausible
# moves: 0.61 at 100, 0.71 at 400 and 0.78 at 1,600 on the same seeds, at about 3 times the
# cost an iteration.
BOT_SUPPORT: Final[BotSupport[Config, State, View, Event]] = BotSupport(
    sample_state,
    evaluate,
    10.0,
    exploration=0.3,
    prior_visits=5,
    node_prior_visits=3,
    value_reached=True,
)
