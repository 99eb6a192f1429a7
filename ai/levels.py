"""Budgets per game and level, counted in search iterations (not wall time), so
the same call gives the same move on any machine.  Tuned so that easy answers
in well under 0.3 s and hard in under 3 s (median) on the project's 2-core
machine; the figures are in ai/README.md."""
from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "medium", "hard")
TIME_CAP = {"easy": 2.0, "medium": 5.0, "hard": 8.0}   # seconds; a safety net only


@dataclass(frozen=True)
class Budget:
    iterations: int
    greedy: bool     # final move: most visited (True) or drawn in proportion to visits squared
    tactics: bool    # FEM: never miss a win in one, never allow one (checked exactly)


BUDGETS: dict[str, dict[str, int]] = {
    "architekton": {"easy": 150, "medium": 800, "hard": 3000},
    "atacama": {"easy": 200, "medium": 1000, "hard": 4000},
    "tactori": {"easy": 100, "medium": 450, "hard": 1800},
    "tactori-fem": {"easy": 100, "medium": 500, "hard": 2000},
}


def budget(game: str, level: str) -> Budget:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    return Budget(BUDGETS[game][level], greedy=level != "easy", tactics=level != "easy")
