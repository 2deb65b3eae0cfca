"""birdgames: typed, pure rules engines for Perch, Peacock and Rookery."""

from birdgames.core import (
    ActionLike,
    AnyGame,
    AnyWords,
    BirdgamesError,
    CodecError,
    ConfigLike,
    Game,
    HistoryMismatchError,
    IllegalActionError,
    InvalidConfigError,
    RegisteredGame,
    ScoreLine,
    SeatLike,
    Tagged,
    UnknownIdError,
    ViewLike,
    Words,
    games,
)
from birdgames.registry import get_game, get_words

__version__ = "0.1.0"

__all__ = [
    "ActionLike",
    "AnyGame",
    "AnyWords",
    "BirdgamesError",
    "CodecError",
    "ConfigLike",
    "Game",
    "HistoryMismatchError",
    "IllegalActionError",
    "InvalidConfigError",
    "RegisteredGame",
    "ScoreLine",
    "SeatLike",
    "Tagged",
    "UnknownIdError",
    "ViewLike",
    "Words",
    "__version__",
    "games",
    "get_game",
    "get_words",
]
