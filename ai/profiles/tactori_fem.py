"""The computer player's Tactori FEM (5x5, two players, the first closed loop wins)."""

from ..evaluators import fem
from . import Profile
from ._tactori import fem_tactics, whole_turns

PROFILE = Profile(
    evaluator=fem,
    # turns with several bridges, as in Tactori; the first closed loop wins (R7), so the root and the
    # review check every turn that closes one, exactly (ai/profiles/_tactori/fem_tactics.py)
    turns=whole_turns,
    tactics=fem_tactics,
    budgets={"easy": 60, "medium": 250, "hard": 1000},
    review_share=0.5,
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.239, 1.0)},
)
