"""The computer player's Tactori (9x9, two to four players)."""

from ..evaluators import tactori
from . import Profile
from ._tactori import whole_turns

PROFILE = Profile(
    evaluator=tactori,
    # turns with several bridges, which legal_moves() does not list (ai/profiles/_tactori/whole_turns.py)
    turns=whole_turns,
    budgets={"easy": 60, "medium": 240, "hard": 900},
    # Four seats search more (as Atacama's, profiles/atacama.py: Tactori 4p easy against random
    # went 23-7-0 of 30 at the two-player budgets); three a little less.
    players_factor={3: 0.8, 4: 1.5},
    # Two-player Tactori's hard searches three times its budget: at 900 iterations it drew level
    # with medium (5-4-3 in 12 matches) while thinking 0.6 s; at 2700 the same 12 matches went
    # 7-4-1, thinking 1.8 s (median, machine shared).  Three players gained nothing from it (5-2-5
    # in the same 12), so they keep the plain budget.
    # Four-player Tactori's hard searches twice its budget, with the corner-reading evaluator below
    # (the two together: 2700 iterations, see evaluators).
    # Since the search's cap counts CPU time (levels.CPU_CAP), these budgets are really searched on a
    # busy machine too; before, the wall-clock cap had cut hard's Tactori searches to 752-2,384 of
    # 2,700 iterations there.  In full, 2,700 took up to 8 s of CPU with whole turns (ai/README.md),
    # so two players search twice the budget (1,800) and four 1.5 times (2,025), within the limits.
    level_factor={(2, "hard"): 2.0, (4, "hard"): 1.5},
    # Multi-player Tactori's hard explores less (UCB weight 0.35 instead of 0.7), following its best
    # lines deeper: against medium, three players went from 5-4-3 to 8-2-2 and four from 6-2-4 to
    # 7-2-3 on the same 12 matches, at the same think time.  Two players stayed at 7-4-1 and FEM's
    # hard did worse with it (0-1-4 in the first 5), so they keep the default.
    exploration={(3, "hard"): 0.35, (4, "hard"): 0.35},
    # Two-player Tactori's hard plays for the win: a shared draw is worth 0.2 less to it than to its
    # opponent.  Against medium, over the same 20 seeds, it went 13-4-3 instead of 10-8-2 (the draws
    # were equal polygon scores), thinking as long (1.7 s median with the machine busy).
    contempt={(2, "hard"): 0.2},
    # Four-player Tactori's hard values open boxes and the own towers on their corners
    # (evaluators/tactori_ready.py) and searches twice as long (level_factor).  Against medium,
    # bench seeds 0-39: the plain evaluator went 11-4-5 on 0-19 and 3-1-9 on 20-32; the corners
    # 22-8-10 over all 40; the corners with twice the budget 43-6-11 over seeds 0-59 (thinking 2.4 s
    # median with the machine busy).  Twice the budget alone had not helped (6-2-3 on 11), nor
    # did the corners with contempt for draws, with the default exploration or with corners
    # worth twice as much.
    evaluators={(4, "hard"): "tactori_ready"},
    review_share=0.25,
    # Four-player Tactori: a twentieth (hard's 2,025 iterations a move, about 100 a ply here): a quarter
    # took 161 s for 120 plies, a tenth 72 s, a twentieth 37 s, with the same label as a tenth in 108 of
    # the 120 plies and accuracies within a point (ai/README.md, "Reviews").
    review_share_by_players={4: 0.05},
    # the review's calibration at two players (ai/review.py, "CALIBRATION": how it was fitted)
    calibration={2: (-0.125, 1.0)},
)
