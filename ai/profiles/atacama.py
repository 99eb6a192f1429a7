"""The computer player's Atacama."""

from ..evaluators import atacama
from . import Profile

PROFILE = Profile(
    evaluator=atacama,
    budgets={"easy": 150, "medium": 500, "hard": 2000},
    # Four seats: two easy seats against two random ones often tied or lost at the two-player
    # budgets (Atacama 4p 23-0-7, Tactori 4p 23-7-0 of 30), with think times far below the
    # limits (easy 0.02-0.03 s median), so four-player games search more.
    players_factor={4: 2.5},
    # Two-player Atacama's hard: 5,000 iterations with RAVE (below), about the CPU time its 2,000 took
    # before Atacama's playouts left the engine (evaluators/atacama.py finish: four times cheaper, and
    # RAVE's bookkeeping takes half of that back).
    level_factor={(2, "hard"): 2.5},
    # Four-player Atacama's hard plays for the win: a shared draw is worth 0.2 less to it than to
    # its opponents.  Against medium, seated one of each on every axis (ai/duel.py PAIRED), bench
    # seeds 0-43 went 26-8-10 with contempt and 23-11-10 without; seeds 44-131 then 54-11-23 with
    # it (80-19-33 of 132, 61 %).  Contempt 0.3 did worse (25-5-14 on 0-43).
    contempt={(4, "hard"): 0.2},
    # Two-player Atacama's hard: RAVE (search.run; a field taken later by anybody is worth about what
    # it is worth now, since a tower scores for whoever scores its line) and the endgame solved exactly
    # once 20 fields or fewer are free (evaluators/atacama_end.py), at most 200,000 positions.  Plain
    # UCT at equal CPU time had been level with hard (18-2-20 of 40); figures in ai/README.md.
    rave={(2, "hard"): 500.0},
    endgame={(2, "hard"): 200_000},
    review_share=0.5,
    # In four-player Atacama seats 0 and 2 both score the columns and seats 1 and 3 the rows
    # (atacama.md T7): duels seat the players in neighbouring pairs (ai/duel.py).
    paired=(4,),
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.233, 1.0)},
)
