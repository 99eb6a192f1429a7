"""The computer player's Architekton."""

from ..evaluators import architekton
from . import Profile

PROFILE = Profile(
    evaluator=architekton,
    budgets={"easy": 120, "medium": 500, "hard": 2000},
    # The review searches each ply with hard's whole budget: at half of it, the mover's chance before
    # a best move and after it differed by a median 5.8 points over 5 matches of hard against hard,
    # at the whole 4.1 (a turn's ends, where the opponent's replies are averaged and new tiles come,
    # move most), for about 1.1 s of CPU a placement, 40 s a match (ai/README.md, "Reviews").
    review_share=1.0,
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.684, 1.0)},
)
