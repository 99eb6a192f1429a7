"""What a game's profile may give the shared search beyond its evaluator: the search hooks.

The search (``search.py``), the root's choice (``ai/__init__.py``) and the review (``review.py``)
know no game: where a game needs more than ``legal_moves()`` and its evaluator, they ask its
profile (``ai/profiles/<game>.py``) for a hook and, where it has none, go without.  A hook is any
object with these functions (a module will do); Tactori's and FEM's are in
``ai/profiles/_tactori/``.

- :class:`WholeTurns`: turns that ``legal_moves()`` does not list because there are too many
  (Tactori: a turn may lay any number of bridges).  The search adds the closing ones and the
  longer ones where a node has earned visits, and playouts draw longer turns too.
- :class:`Tactics`: exact checks for a game where the first to reach something wins (FEM: the
  first closed loop): the root takes a win in one, never leaves one to the opponent when a move
  avoids it and, for hard, looks for a win in two.

Every hook counts its work in a :class:`~ai.work.Work` the caller gives it, never in time.
"""

from __future__ import annotations

import random
from typing import Protocol

from engines.core import State

from .work import Work


class WholeTurns(Protocol):
    """Turns beyond ``legal_moves()``: the closing ones, the longer ones, and random longer ones."""

    def closing_turns(
        self, state: State, limit: int | None = None, work: Work | None = None, single: bool = True
    ) -> list[str]:
        """The mover's turns that complete something that scores or wins (Tactori: close a polygon),
        canonical and sorted, at most ``limit``, within ``work``; ``single=False`` leaves out those
        ``legal_moves()`` lists."""
        ...

    def extensions(self, state: State, move: str) -> list[str]:
        """The legal turns one step longer than ``move`` (none if it cannot take more)."""
        ...

    def extend(self, state: State, move: str, rng: random.Random) -> str:
        """A random playout's turn: ``move`` or, drawn with ``rng``, a longer one."""
        ...


class Tactics(Protocol):
    """Exact tactics, each within the ``work`` it is given (a check out of work finds nothing)."""

    def winning_moves(self, state: State, work: Work | None = None) -> list[str]:
        """Every turn that wins at once for the player to move, sorted."""
        ...

    def allows_win(self, state: State, move: str, work: Work | None = None) -> bool:
        """After ``move``, can the opponent win at once?"""
        ...

    def safe_longer(self, state: State, candidates: list[str], work: Work) -> str | None:
        """When every candidate leaves the opponent a win: a longer turn that does not, if any."""
        ...

    def first_forcing(
        self, state: State, candidates: list[str], limit: int = ..., work: Work | None = None
    ) -> str | None:
        """The first of ``candidates`` that wins in two whatever the opponent does (at most
        ``limit`` threats played out)."""
        ...

    def allows_forcing(self, state: State, move: str, limit: int = ..., work: Work | None = None) -> bool:
        """After ``move``, has the opponent a move that wins in two whatever the reply?"""
        ...
