"""Rookery's fitted evaluation weights, one per `evaluate.FEATURE_NAMES` entry.

Written by scripts/fit_evaluation.py --games 200 --seed 1 --write: the
log-odds of winning each feature adds, fitted to the outcomes of self-played games.
"""

from typing import Final

WEIGHTS: Final = (
    0.9309,  # prizes
    -0.0153,  # leader
    0.4458,  # leader_near_checkpoint
    -0.0038,  # leader_at_own_checkpoint
    0.3881,  # zones
    0.1329,  # claims
    0.0335,  # birds
    0.239,  # birds_at_home
    0.0043,  # birds_washed_away
    0.4384,  # predators_face_up
    0.4719,  # predators_face_down
    0.1591,  # cards_in_hand
    0.0386,  # cards_in_deck
    -0.0305,  # song
)
