"""birdgames: typed, pure rules engines for Perch, Peacock and Rookery."""

from birdgames.core import (
    ActionLike,
    AnyGame,
    BirdgamesError,
    CodecError,
    Game,
    IllegalActionError,
    InvalidConfigError,
    games,
    get_game,
)

__version__ = "0.1.0"

__all__ = [
    "ActionLike",
    "AnyGame",
    "BirdgamesError",
    "CodecError",
    "Game",
    "IllegalActionError",
    "InvalidConfigError",
    "__version__",
    "games",
    "get_game",
]
