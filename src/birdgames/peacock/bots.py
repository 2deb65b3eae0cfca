"""What the bots need to play Peacock: its determinizer, its evaluation and search tuning."""

from __future__ import annotations

from typing import Final

from birdgames.bots.support import BotSupport
from birdgames.peacock.config import Config
from birdgames.peacock.evaluate import evaluate
from birdgames.peacock.events import Event
from birdgames.peacock.sample import sample_state
from birdgames.peacock.state import Phase, State
from birdgames.peacock.view import View

# Peacock offers 20-40 migration steps at a time, most worth within a point or two of each
# other: a few hundred iterations neither tell them apart under the usual exploration nor
# survive a random first try of the step after. A low constant and the one-step evaluation as
# a prior make a search that refines the greedy choice, with the seat's own migration steps
# searched first. Once greedy valued unplaced birds in full (93 per player), that search no
# longer beat it (201 games: mean rank 2.00 [1.89, 2.10] to greedy's 2.00): the others' moves
# in its tree got too few visits to be more than random. With them replying by one step of lookahead
# instead, a line shows what a pick leaves them to take; on 30 paired games (seed 7) the
# score against two greedy seats went from 2.2 points behind them to 2.8 ahead.
# A migration is the seat's own planning, which the evaluation already does (it places the
# birds still to place where each adds most): on the same 60 ladder deals a search of the
# draft picks alone, migrations by one step of lookahead, beat greedy 65.0% of the time to a
# search of every decision's 56.7% (paired +8 points [-2, +19]) at a quarter to a third of
# the cost.


def _drafting(view: View) -> bool:
    """Whether the decision is a draft pick, the one ISMCTS searches (K2.2)."""
    return view.phase is Phase.DRAFT


def _in_the_draft(state: State) -> bool:
    """Whether a search's playout goes on: to the end of the season's draft (K2.2), where the
    evaluation plans the migration."""
    return state.phase is Phase.DRAFT


BOT_SUPPORT: Final[BotSupport[Config, State, View, Event]] = BotSupport(
    sample_state,
    evaluate,
    10.0,
    exploration=0.1,
    prior_visits=5,
    value_reached=True,
    replies=True,
    # Until the picks are revealed a seat's own action does not depend on what it cannot see,
    # and its view of the others holds nothing hidden: a second determinization mostly repeats
    # the first, at twice the cost.
    greedy_samples=1,
    worth_searching=_drafting,
    playout=_in_the_draft,
)
