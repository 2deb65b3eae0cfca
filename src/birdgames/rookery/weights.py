"""Rookery's fitted evaluation weights, one per `evaluate.FEATURE_NAMES` entry.

Written by scripts/fit_evaluation.py --games 300 --seed 2 --tune 2
--tune-games 120 --write: the log-odds of winning each feature adds, fitted
to the outcomes of self-played games, then tuned by self-play.
"""

from typing import Final

WEIGHTS: Final = (
    0.8335,  # prizes
    -0.1223,  # leader
    0.29205000000000003,  # leader_near_checkpoint
    0.098,  # leader_at_own_checkpoint
    0.6809,  # zones
    -0.11435,  # claims
    0.26480000000000004,  # birds
    0.0889,  # birds_at_home
    0.1167,  # birds_washed_away
    0.4717,  # predators_face_up
    0.3617,  # predators_face_down
    0.49335000000000007,  # cards_in_hand
    0.014799999999999994,  # cards_in_deck
    -0.054,  # song
)
