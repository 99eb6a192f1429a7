"""FEM's exact tactics (R7: the first closed loop wins): one ply deep at every level,
two moves deep for hard.

The ``tactics`` hook of the ``tactori-fem`` profile (``ai.hooks.Tactics``): the root's choice
(``ai/__init__.py``) and the review ask the game's profile for it.

A loop may be closed by a turn with any number of bridges (a place or move, then
bridges), so wins are found by ``whole_turns.closing_turns`` over whole turns, not by
trying the turns of ``legal_moves()`` (at most one bridge).  Every check counts
its work (``ai.work.Work``): the same call does the same work on any machine, and
a check that runs out of work says "no win found".
"""

from __future__ import annotations

from engines.core import State

from ...search import play
from ...work import Work
from .whole_turns import closing_turns, extensions, has_closing, towers_of


def winning_moves(state: State, work: Work | None = None) -> list[str]:
    """Every turn that closes a loop for the player to move, any number of bridges, sorted
    (FEM: a win in one)."""
    return closing_turns(state, work=work)


def allows_win(state: State, move: str, work: Work | None = None) -> bool:
    """After ``move``, can the opponent close a loop at once, with any turn?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None:
        return False
    return has_closing(after, work)


def safe_longer(state: State, candidates: list[str], work: Work) -> str | None:
    """When every candidate leaves the opponent a loop: the first turn one bridge longer than a
    candidate that does not (a second bridge may block what one cannot), within ``work``."""
    for move in candidates:
        if work.out:
            return None
        for longer in extensions(state, move):
            if not allows_win(state, longer, work) and not work.out:
                return longer
    return None


# ---------------------------------------------------------------- two moves deep (hard)
# A threat is a win in one that the player would have if it were his turn again; a
# forcing move makes threats the opponent cannot all parry with one turn.  These
# checks play out every reply, so only the hard level makes them, and only for a
# bounded number of moves and a bounded amount of work (ai.levels.Budget.tactics):
# the same call still does the same work on any machine.  The replies tried are
# the opponent's turns with at most one bridge and every turn that closes a loop.
THREATS_TRIED = 32  # our threats played out looking for a win in two (once per move)
THREATS_FEARED = 12  # the opponent's, after each of our candidate moves


def _passed(state: State) -> State:
    """The position with the other player to move (a null move: FEM has two seats)."""
    after = towers_of(state.copy())
    after.to_move = 1 - after.to_move
    return after


def threatens(state: State, move: str, work: Work | None = None) -> bool:
    """After ``move`` (which does not end the match), would its player win in one if he moved again?"""
    after = state.copy()
    play(after, move)
    return after.current_player() is not None and has_closing(_passed(after), work)


def forces_win(state: State, move: str, work: Work | None = None) -> bool:
    """After ``move``, does every reply of the opponent leave its player a win in one?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None or has_closing(after, work):
        return False
    for reply in after.legal_moves():
        if work is not None and work.out:
            return False
        then = after.copy()
        play(then, reply)
        if then.current_player() is None or not has_closing(then, work):
            return False
    return work is None or not work.out


def first_forcing(
    state: State, candidates: list[str], limit: int = THREATS_TRIED, work: Work | None = None
) -> str | None:
    """The first move among ``candidates`` that wins in two whatever the opponent does; of
    those that threaten, only the first ``limit`` are played out."""
    checked = 0
    for move in candidates:
        if checked >= limit or (work is not None and work.out):
            break
        if threatens(state, move, work):
            checked += 1
            if forces_win(state, move, work):
                return move
    return None


def allows_forcing(state: State, move: str, limit: int = THREATS_FEARED, work: Work | None = None) -> bool:
    """After ``move``, has the opponent a move that wins in two whatever we reply?"""
    after = state.copy()
    play(after, move)
    if after.current_player() is None:
        return False
    return first_forcing(after, after.legal_moves(), limit, work) is not None
