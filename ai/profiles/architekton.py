"""The computer player's Architekton."""

from ..evaluators import architekton
from . import Profile

PROFILE = Profile(
    evaluator=architekton,
    budgets={"easy": 120, "medium": 500, "hard": 2000},
    review_share=0.5,
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.372, 1.0)},
)
