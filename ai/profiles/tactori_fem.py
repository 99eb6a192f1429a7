"""The computer player's Tactori FEM (5x5, two players, the first closed loop wins)."""

from ..evaluators import fem
from . import Profile

PROFILE = Profile(
    evaluator=fem,
    budgets={"easy": 60, "medium": 250, "hard": 1000},
    review_share=0.5,
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.283, 1.0)},
)
