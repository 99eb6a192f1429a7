"""A ladder: one ranked list; a player challenges someone a few places above him.

- A newcomer joins at the bottom (:func:`joined`).
- A player may challenge anyone from one to ``reach`` places above him (:func:`challengeable`).
- When the lower player wins, he takes the loser's place and everyone from the loser down to
  just above the winner moves down one; when the higher player wins (or it is a draw), nothing
  moves (:func:`after_result`).  The list stays a permutation: nobody is lost or doubled.
- A player who leaves is taken out and those below move up one (:func:`left`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import PlayerId

DEFAULT_REACH = 3


def joined(order: Sequence[PlayerId], player: PlayerId) -> list[PlayerId]:
    return list(order) if player in order else [*order, player]


def left(order: Sequence[PlayerId], player: PlayerId) -> list[PlayerId]:
    return [p for p in order if p != player]


def challengeable(order: Sequence[PlayerId], challenger: PlayerId, reach: int = DEFAULT_REACH) -> list[PlayerId]:
    """Whom ``challenger`` may challenge: the ``reach`` players right above him, nearest first."""
    place = list(order).index(challenger)
    return [order[i] for i in range(place - 1, max(place - reach, 0) - 1, -1)]


def after_result(order: Sequence[PlayerId], winner: PlayerId | None, loser: PlayerId | None) -> list[PlayerId]:
    """The ladder after a match: the winner below the loser takes his place (see the module);
    ``winner`` None is a draw, which moves nobody."""
    order = list(order)
    if winner is None or loser is None or winner not in order or loser not in order:
        return order
    w, lo = order.index(winner), order.index(loser)
    if w < lo:
        return order
    order.pop(w)
    order.insert(lo, winner)
    return order
