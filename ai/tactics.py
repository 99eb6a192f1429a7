"""Exact one-ply tactics for games where the first to do something wins (FEM R7:
the first closed loop).  Only a turn that lays or relocates a bridge can close
a loop (a tower that carries a bridge cannot move, R2/R7), so only those
replies are tried."""
from __future__ import annotations

from engines.core import State

from .search import play


def _can_close(move: str) -> bool:
    return "=" in move and not move.startswith("x=")


def wins_now(state: State, move: str) -> bool:
    seat = state.current_player()
    after = state.copy()
    play(after, move)
    outcome = after.outcome()
    return outcome is not None and outcome.winners == (seat,)


def winning_moves(state: State) -> list[str]:
    return [m for m in state.legal_moves() if _can_close(m) and wins_now(state, m)]


def allows_win(state: State, move: str) -> bool:
    """After ``move``, can the opponent close a loop at once?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None:
        return False
    return any(_can_close(m) and wins_now(after, m) for m in after.legal_moves())
