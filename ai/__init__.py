"""Computer opponents: ``choose_move(state, level, seed)`` for the player to move.

Pure: depends on ``engines`` only, no I/O.  The move depends only on what the
player to move can see (``hidden.determinise``), the level and the seed.
Shared by every game: what a game needs beyond its evaluator (whole turns, exact
tactics) the root asks of the game's profile (``ai/hooks.py``, ``ai/profiles/``).
See ai/README.md for the algorithm and the figures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from types import ModuleType

from engines.core import State

from . import (
    review,  # noqa: E402,F401 - ai.review(record, level, seed): a match's review (review.py)
    search,
)
from .evaluators import evaluator_for
from .hidden import determinise
from .hooks import WholeTurns
from .levels import CPU_CAP, LEVELS, Budget, budget
from .profiles import profile
from .work import Work

__all__ = ["LEVELS", "Choice", "choose_move", "choose_move_info"]


@dataclass(frozen=True)
class Choice:
    move: str
    level: str
    iterations: int
    ms: int


# Hard checks this many of its best safe moves for a win in two the opponent could force
# (the profile's tactics, allows_forcing), each a few hundred milliseconds.
DEFENCES = 4


def choose_move_info(state: State, level: str, seed: int = 0) -> Choice:
    """The move ``level`` plays for ``state.current_player()``, with the search effort."""
    if state.current_player() is None:
        raise ValueError("the match is over: nobody is to move")
    plan = budget(state.game.name, level, len(state.scores()))
    start = time.perf_counter()
    move, iterations = _choose(state, level, plan, random.Random(seed))
    return Choice(move, level, iterations, int((time.perf_counter() - start) * 1000))


def choose_move(state: State, level: str, seed: int = 0) -> str:
    """A legal move, in canonical text, for ``state.current_player()`` at ``level``."""
    return choose_move_info(state, level, seed).move


def _choose(state: State, level: str, plan: Budget, rng: random.Random) -> tuple[str, int]:
    # The state the AI works on: the hidden order is re-drawn before anything is read.
    seen = determinise(state, rng)
    moves = seen.legal_moves()
    if len(moves) == 1:
        return moves[0], 0
    evaluator = evaluator_for(seen, plan.evaluator)
    hooks = profile(seen.game.name)
    tactics = hooks.tactics  # the game's exact tactics, if it has any (FEM's)
    if tactics is not None:
        wins = tactics.winning_moves(seen, Work(plan.tactics))  # FEM: a loop closed by any turn
        if wins:
            return wins[0], 0
    solve = getattr(evaluator, "solve", None)
    if plan.endgame and solve is not None:
        exact = solve(seen, plan.endgame)  # None: not the game's endgame, or too large for the budget
        if exact is not None:
            return exact, 0
    players = len(seen.scores())
    seat = seen.current_player()
    assert seat is not None  # choose_move_info has checked that someone is to move
    contempt = (seat, plan.contempt) if plan.contempt else None
    turns = hooks.turns  # the game's whole turns, if it has any (Tactori's, FEM's)
    extra = _whole_root(seen, turns) if turns is not None else None
    root_moves = moves + (extra or [])
    priors, base = _priors(seen, root_moves, evaluator, contempt) if evaluator.PRIORS else (None, 0.0)
    if priors and turns is not None and extra is not None:
        extra += _longer_of_best(seen, turns, priors, set(root_moves))
        for move in extra:
            if move not in priors:
                priors[move] = search.one_ply(seen, move, evaluator, contempt) - base
    result = search.run(
        state,
        rng,
        plan.iterations,
        evaluator,
        CPU_CAP[level],
        players,
        priors,
        plan.explore,
        contempt,
        extra,
        base,
        plan.rave,
    )
    ranked = _ranked(result.root, seat)
    if tactics is not None:
        # A small budget may not have tried every move: the untried ones come after the searched
        # ones, so a safe block is found even where every searched move lets the opponent win.
        candidates = ranked + [m for m in moves if m not in result.root.children]
        work = Work(plan.tactics)
        if plan.forcing:
            forced = tactics.first_forcing(seen, candidates, work=work)
            if forced is not None:
                return forced, result.iterations
        if plan.blocks:
            # the blocks have their own work: the forcing checks may have used theirs up
            block_work, safe = Work(plan.tactics), []
            for move in candidates:
                if not tactics.allows_win(seen, move, block_work):
                    if not plan.forcing or not tactics.allows_forcing(seen, move, work=work):
                        return move, result.iterations
                    safe.append(move)
                    if len(safe) >= DEFENCES:
                        break
            if safe:  # every safe move checked lets the opponent force a win: the search's best of them
                return safe[0], result.iterations
            longer = tactics.safe_longer(seen, candidates, block_work)
            if longer is not None:
                return longer, result.iterations
        return ranked[0], result.iterations  # FEM's easy too: its most visited move (as measured)
    if plan.greedy:
        return ranked[0], result.iterations
    # Easy: a draw among the moves the search found nearly as good as its best (visited at
    # least half as often), in proportion to visits squared; never one it barely looked at
    # (with visits spread over many moves, as in four-player Atacama, that lost to random play).
    top = result.root.children[ranked[0]].visits
    close = [m for m in ranked if 2 * result.root.children[m].visits >= top]
    weights = [result.root.children[m].visits ** 2 for m in close]
    return rng.choices(close, weights)[0], result.iterations


# Whole turns at the root (the profile's turns hook: Tactori, FEM): every closing turn beyond
# legal_moves() (Tactori: a polygon closed with two or more bridges; at most ROOT_CLOSING, within
# ROOT_WORK units of work.Work), and, where the moves have priors, the turns one bridge longer than
# the ROOT_LONGER best-valued bridge turns.
ROOT_CLOSING, ROOT_WORK, ROOT_LONGER = 24, 20000, 3


def _whole_root(seen: State, turns: WholeTurns) -> list[str]:
    return turns.closing_turns(seen, limit=ROOT_CLOSING, work=Work(ROOT_WORK), single=False)


def _longer_of_best(seen: State, turns: WholeTurns, priors: dict[str, float], known: set[str]) -> list[str]:
    bridged = sorted((m for m in priors if "=" in m), key=lambda m: (-priors[m], m))[:ROOT_LONGER]
    out = []
    for move in bridged:
        for longer in turns.extensions(seen, move):
            if longer not in known:
                known.add(longer)
                out.append(longer)
    return out


def _priors(
    seen: State, moves: list[str], evaluator: ModuleType, contempt: tuple[int, float] | None = None
) -> tuple[dict[str, float], float]:
    """Each root move's one-ply value for the mover, relative to the best one; and the best one."""
    values = {move: search.one_ply(seen, move, evaluator, contempt) for move in moves}
    best = max(values.values())
    return {m: v - best for m, v in values.items()}, best


def _ranked(root: search.Node, seat: int) -> list[str]:
    """Root moves, most visited first (then best mean, then the text, for determinism)."""

    def key(item: tuple[str, search.Node]) -> tuple[int, float, str]:
        move, child = item
        mean = child.totals[seat] / child.visits if child.visits else 0.0
        return (-child.visits, -mean, move)

    return [m for m, _ in sorted(root.children.items(), key=key)]
