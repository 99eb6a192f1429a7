"""Per-game knowledge of the computer player, one module per game beside the shared search.

``ai/profiles/<game>.py`` (the game's name with ``-`` as ``_``: ``tactori_fem.py``) exposes one
:class:`Profile` as ``PROFILE``: the game's evaluator (``ai/evaluators/``), its search budgets by
level and number of seats, the levels' special settings, the review's share of the budget and how
duels seat it, and the search hooks the game needs, if any (``ai/hooks.py``: Tactori's whole turns,
FEM's exact tactics, in ``ai/profiles/_tactori/``).  ``levels.py``, ``search.py``, ``review.py``,
``duel.py`` and the root's choice (``ai/__init__.py``) read them through :func:`profile`; the
reasons for every figure are with the figure, in the game's module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from ..hooks import Tactics, WholeTurns

Key = tuple[int, str]  # (players, level)


@dataclass(frozen=True)
class Profile:
    evaluator: ModuleType  # the game's evaluator module (ai/evaluators/__init__.py says what it has)
    budgets: dict[str, int]  # search iterations by level, at two players
    # turns beyond legal_moves() the search adds (Tactori's several bridges); none: legal_moves() alone
    turns: WholeTurns | None = None
    # exact tactics the root and the review check (FEM's win in one and two); none: the search alone
    tactics: Tactics | None = None
    players_factor: dict[int, float] = field(default_factory=dict)  # the budget times this, by seats
    level_factor: dict[Key, float] = field(default_factory=dict)  # ... and times this, by seats and level
    exploration: dict[Key, float] = field(default_factory=dict)  # the search's UCB weight (search.EXPLORE)
    contempt: dict[Key, float] = field(default_factory=dict)  # off a shared draw's reward (levels.Budget)
    evaluators: dict[Key, str] = field(default_factory=dict)  # another evaluator of the game, by name
    rave: dict[Key, float] = field(default_factory=dict)  # RAVE's weight in playouts
    endgame: dict[Key, int] = field(default_factory=dict)  # positions an exact endgame solve may value
    review_share: float = 0.5  # the review's budget per ply, a share of the level's iterations
    review_share_by_players: dict[int, float] = field(default_factory=dict)
    paired: tuple[int, ...] = ()  # seat counts at which duels seat each player in neighbouring pairs
    # the review's calibration by seats, (a, b) of sigmoid(a + b * logit(v)) (ai/review.py); none: as searched
    calibration: dict[int, tuple[float, float]] = field(default_factory=dict)

    def share(self, players: int) -> float:
        """The review's budget per ply at this many seats, a share of the level's iterations."""
        return self.review_share_by_players.get(players, self.review_share)


def module_name(game: str) -> str:
    """``ai/profiles/<game>.py``, or the ``profile`` module in the home of a game that has one."""
    from engines import get_game

    return get_game(game).part("profile")


def profile(game: str) -> Profile:
    """The computer player's profile of ``game`` (``ai/profiles/<game>.py``; ``<home>.profile``)."""
    found: Profile = importlib.import_module(module_name(game)).PROFILE
    return found
