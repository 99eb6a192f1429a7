"""Budgets per game and level, counted in search iterations and units of tactical
work (not time), so the same call gives the same move on any machine, however
loaded.  Tuned so that easy answers in well under 0.3 s and hard in under 3 s
of CPU (median) on the project's 2-core machine; the figures are in ai/README.md."""
from __future__ import annotations

from dataclasses import dataclass

from engines import game_names

from .profiles import profile
from .search import EXPLORE

LEVELS = ("easy", "medium", "hard")
# Seconds of the searching thread's CPU time (time.thread_time, not the wall clock): a safety
# net only, far above what the budgets take (ai/README.md), and blind to other processes'
# load, so a busy machine never cuts a search short.
CPU_CAP = {"easy": 9.0, "medium": 9.0, "hard": 9.0}


@dataclass(frozen=True)
class Budget:
    iterations: int
    greedy: bool     # final move: most visited (True) or drawn among the nearly best (ai._choose)
    blocks: bool     # FEM: never leave the opponent a win in one when a move avoids it (above easy;
                     # a win in one is taken exactly at every level, ai._choose)
    explore: float = EXPLORE   # the search's UCB weight (search.run)
    contempt: float = 0.0      # taken off a shared draw's reward for the searching seat (search.terminal_reward)
    forcing: bool = False      # FEM: play a win in two the opponent cannot parry, and avoid allowing
                               # one (tactics.first_forcing, tactics.allows_forcing; hard only)
    evaluator: str | None = None   # another evaluator of the game (evaluators.evaluator_for; None: the game's)
    tactics: int = 0           # FEM: units of turns.Work each tactic may use (the wins, the blocks, hard's
                               # two-move look), so that every part of a move is bounded by a count
    rave: float = 0.0          # RAVE's weight in playouts (search.run; 0: none)
    endgame: int = 0           # positions an exact endgame solve may value (evaluator.solve; 0: none)


# Every game's figures, with their reasons, are in its profile (ai/profiles/<game>.py); these
# tables gather them by game, seats and level for budget() (and for tests that cut the budgets).
BUDGETS: dict[str, dict[str, int]] = {game: dict(profile(game).budgets) for game in game_names()}
PLAYERS_FACTOR = {(game, n): f for game in game_names() for n, f in profile(game).players_factor.items()}
LEVEL_FACTOR = {(game, *key): f for game in game_names() for key, f in profile(game).level_factor.items()}
EXPLORATION = {(game, *key): w for game in game_names() for key, w in profile(game).exploration.items()}
CONTEMPT = {(game, *key): c for game in game_names() for key, c in profile(game).contempt.items()}
EVALUATORS = {(game, *key): name for game in game_names() for key, name in profile(game).evaluators.items()}
RAVE = {(game, *key): w for game in game_names() for key, w in profile(game).rave.items()}
ENDGAME = {(game, *key): n for game in game_names() for key, n in profile(game).endgame.items()}


# FEM's tactics, in units of turns.Work (one action or bridge set looked at): the win in one and
# the blocks need a few thousand per move checked; hard's two-move look far more.
TACTICS_WORK = {"easy": 200_000, "medium": 200_000, "hard": 400_000}


def budget(game: str, level: str, players: int = 2) -> Budget:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    iterations = max(1, round(BUDGETS[game][level] * PLAYERS_FACTOR.get((game, players), 1.0)
                              * LEVEL_FACTOR.get((game, players, level), 1.0)))
    # Easy does not look for the opponent's loop (blocks are for the levels above easy): with
    # every level blocking, FEM's medium beat easy in only 10 of 20 matches, the search adding little
    # to the exact tactics; without easy's blocks 20 of 20, and easy still beat random 40-0-0.
    return Budget(iterations, greedy=level != "easy", blocks=level != "easy",
                  explore=EXPLORATION.get((game, players, level), EXPLORE),
                  contempt=CONTEMPT.get((game, players, level), 0.0), forcing=level == "hard",
                  evaluator=EVALUATORS.get((game, players, level)), tactics=TACTICS_WORK[level],
                  rave=RAVE.get((game, players, level), 0.0), endgame=ENDGAME.get((game, players, level), 0))
