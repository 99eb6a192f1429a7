"""Exact tactics for games where the first to do something wins (FEM R7: the
first closed loop): one ply deep at every level, two moves deep for hard.
Only a turn that lays or relocates a bridge can close a loop (a tower that
carries a bridge cannot move, R2/R7), so only those replies are tried."""
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


# ---------------------------------------------------------------- two moves deep (hard)
# A threat is a win in one that the player would have if it were his turn again; a
# forcing move makes threats the opponent cannot all parry with one turn.  These
# checks play out every reply, so only the hard level makes them, and only for a
# bounded number of moves: the same call still does the same work
# on any machine.
THREATS_TRIED = 32     # our threats played out looking for a win in two (once per move)
THREATS_FEARED = 12    # the opponent's, after each of our candidate moves


def _passed(state: State) -> State:
    """The position with the other player to move (a null move: FEM has two seats)."""
    after = state.copy()
    after.to_move = 1 - after.to_move
    return after


def threatens(state: State, move: str) -> bool:
    """After ``move`` (which does not end the match), would its player win in one if he moved again?"""
    after = state.copy()
    play(after, move)
    return after.current_player() is not None and bool(winning_moves(_passed(after)))


def forces_win(state: State, move: str) -> bool:
    """After ``move``, does every reply of the opponent leave its player a win in one?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None:
        return False
    for reply in after.legal_moves():
        then = after.copy()
        play(then, reply)
        if then.current_player() is None or not winning_moves(then):
            return False
    return True


def first_forcing(state: State, candidates: list[str], limit: int = THREATS_TRIED) -> str | None:
    """The first move among ``candidates`` that wins in two whatever the opponent does; of
    those that threaten, only the first ``limit`` are played out."""
    checked = 0
    for move in candidates:
        if checked >= limit:
            break
        if threatens(state, move):
            checked += 1
            if forces_win(state, move):
                return move
    return None


def allows_forcing(state: State, move: str, limit: int = THREATS_FEARED) -> bool:
    """After ``move``, has the opponent a move that wins in two whatever we reply?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None:
        return False
    return first_forcing(after, after.legal_moves(), limit) is not None
