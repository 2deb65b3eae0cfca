"""What the bots need to play Perch: its determinizer and its evaluation."""

from __future__ import annotations

from typing import Final

from birdgames.bots.support import BotSupport
from birdgames.perch_bop.config import Config
from birdgames.perch_bop.evaluate import evaluate
from birdgames.perch_bop.events import Event
from birdgames.perch_bop.sample import sample_state
from birdgames.perch_bop.state import State
from birdgames.perch_bop.view import View

BOT_SUPPORT: Final[BotSupport[Config, State, View, Event]] = BotSupport(
    sample_state, evaluate, 10.0
)
