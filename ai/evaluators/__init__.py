"""Per-game knowledge for the search: how far a playout runs and how a position
that is not finished is valued.  Exact tactics at the root are not the evaluator's:
the game's profile gives them (``Profile.tactics``, ``ai/hooks.py``).

An evaluator module has ``DEPTH`` (plies of a random playout before the
position is valued; ``None``: to the end), ``value(state) -> list[float]``
(per seat, in [0, 1], for a position that is not over) and
``PRIORS`` (whether the root moves are expanded and biased by their one-ply value).
It may have ``win_share(players)``: how much of a finished playout's reward is
the win, the rest being the score margin (``search.WIN_SHARE`` otherwise).
A game's evaluator is named in its profile (``ai/profiles/<game>.py``); a level may ask for
another evaluator of the same game by its module's name (``levels.EVALUATORS``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from types import ModuleType

from engines.core import State


def evaluator_for(state: State, name: str | None = None) -> ModuleType:
    """The game's evaluator, or the one called ``name`` (e.g. ``"tactori_ready"``)."""
    if name is not None:
        return importlib.import_module(f"{__name__}.{name}")
    from ..profiles import profile

    return profile(state.game.name).evaluator


def score_margins(scores: Sequence[float], scale: float) -> list[float]:
    """Each seat's score minus the best other seat's, squashed into (0, 1)."""
    out = []
    for i, s in enumerate(scores):
        best_other = max(x for j, x in enumerate(scores) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(s - best_other) / scale)))
    return out
