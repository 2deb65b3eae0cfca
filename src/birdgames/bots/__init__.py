"""Bots: policies for `sim` that play any engine with bot support, from the seat's view only.

`GreedyPolicy` looks one action ahead on the game's evaluation; `ISMCTSPolicy` searches an
information-set tree over determinizations. Both are pure: seeded by the rng `sim` threads.
"""

from birdgames.bots.greedy import GreedyPolicy
from birdgames.bots.ismcts import ISMCTSPolicy
from birdgames.bots.support import AnySupport, BotSupport, register, support_for, supports

__all__ = [
    "AnySupport",
    "BotSupport",
    "GreedyPolicy",
    "ISMCTSPolicy",
    "register",
    "support_for",
    "supports",
]
