"""What the bots need to play Rookery: its determinizer and its evaluation."""

from __future__ import annotations

from typing import Final

from birdgames.bots.support import BotSupport
from birdgames.rookery.config import Config
from birdgames.rookery.evaluate import evaluate
from birdgames.rookery.events import Event
from birdgames.rookery.sample import sample_state
from birdgames.rookery.state import State
from birdgames.rookery.view import View

BOT_SUPPORT: Final[BotSupport[Config, State, View, Event]] = BotSupport(
    sample_state, evaluate, 20.0
)
