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
    greedy: bool  # final move: most visited (True) or drawn among the nearly best (ai._choose)
    blocks: bool  # FEM: never leave the opponent a win in one when a move avoids it (above easy;
    # a win in one is taken exactly at every level, ai._choose)
    explore: float = EXPLORE  # the search's UCB weight (search.run)
    contempt: float = 0.0  # taken off a shared draw's reward for the searching seat (search.terminal_reward)
    forcing: bool = False  # FEM: play a win in two the opponent cannot parry, and avoid allowing
    # one (the profile's tactics: first_forcing, allows_forcing; hard only)
    evaluator: str | None = None  # another evaluator of the game (evaluators.evaluator_for; None: the game's)
    tactics: int = 0  # FEM: units of work.Work each of the profile's tactics may use (the wins, the
    # blocks, hard's two-move look), so that every part of a move is bounded by a count
    rave: float = 0.0  # RAVE's weight in playouts (search.run; 0: none)
    endgame: int = 0  # positions an exact endgame solve may value (evaluator.solve; 0: none)


# Every game's figures, with their reasons, are in its profile (ai/profiles/<game>.py), read by
# budget() for the game asked about (so a game registered later, a plug-in, has its levels too).
# BUDGETS gathers the iterations by game and level of the games registered at import, for tests
# that cut the budgets (a game it does not hold is searched with its profile's).
BUDGETS: dict[str, dict[str, int]] = {game: dict(profile(game).budgets) for game in game_names()}

# The profile's tactics (FEM's), in units of work.Work (one action or bridge set looked at): the win
# in one and the blocks need a few thousand per move checked; hard's two-move look far more.
TACTICS_WORK = {"easy": 200_000, "medium": 200_000, "hard": 400_000}


def budget(game: str, level: str, players: int = 2) -> Budget:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    p, key = profile(game), (players, level)
    iterations = max(
        1,
        round(BUDGETS.get(game, p.budgets)[level] * p.players_factor.get(players, 1.0) * p.level_factor.get(key, 1.0)),
    )
    # Easy does not look for the opponent's loop (blocks are for the levels above easy): with
    # every level blocking, FEM's medium beat easy in only 10 of 20 matches, the search adding little
    # to the exact tactics; without easy's blocks 20 of 20, and easy still beat random 40-0-0.
    return Budget(
        iterations,
        greedy=level != "easy",
        blocks=level != "easy",
        explore=p.exploration.get(key, EXPLORE),
        contempt=p.contempt.get(key, 0.0),
        forcing=level == "hard",
        evaluator=p.evaluators.get(key),
        tactics=TACTICS_WORK[level],
        rave=p.rave.get(key, 0.0),
        endgame=p.endgame.get(key, 0),
    )
