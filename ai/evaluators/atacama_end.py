"""Atacama's endgame, solved exactly: once few free fields and towers are left, the rest of
a two-player basic match (T3, T4) is small enough to play out every way.

Whose tower stands on a field does not matter for the score (T4: a tower scores for
whoever scores its line), so a position is the set of occupied fields, and the fields the
players will still take are a subset of today's free ones: the whole endgame is a search
over those subsets (memoised: different orders reach the same subset), each valued by the
score difference at the end.  Random playouts value a position as if both sides played
at random; near the end, where a single tower decides whether a line reaches its fourth
and scores at all, the exact result is what counts.

The work is counted (one unit per position valued) and bounded: a solve that passes its
limit gives up (``solve``), so the same call does the same work on any machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.atacama import boards as B
from engines.atacama.boards import Field

if TYPE_CHECKING:
    from engines.atacama.state import AtacamaState

# far above any score difference (T4: at most 9 lines of 9 fields worth 5): a win outranks any margin
WIN = 10_000
# Not tried with more free fields: from 20 free fields, 126,000 positions at most in random
# playouts' positions (ply 16-20, about 10 microseconds each), beyond they grow to 800,000.
MAX_FREE = 20


def solve(state: AtacamaState, limit: int) -> str | None:
    """The move that wins (else draws, else loses) against best play, by the largest margin,
    for the player to move in a two-player basic match; None when the endgame is too large
    for ``limit`` units of work, or outside the basic two-player game."""
    if (
        state.players != 2
        or state.tactics
        or state.pile
        or state.rights_open
        or state.resigned
        or state.current_player() is None
    ):
        return None
    free = state.free_fields()
    if len(free) > MAX_FREE:
        return None
    try:
        return _Solver(state, free, _movers(state), limit).best()
    except _OutOfWork:
        return None


class _OutOfWork(Exception):
    pass


def _movers(state: AtacamaState) -> list[int]:
    """The seat of every placement still to come, in order (T3: a seat without towers is skipped)."""
    supply = [sum(s) for s in state.supply]
    seat = state.turn
    assert seat is not None  # solve() has returned before when nobody is to move
    out: list[int] = []
    while any(supply):
        if supply[seat]:
            out.append(seat)
            supply[seat] -= 1
        seat = 1 - seat
    return out


class _Solver:
    def __init__(self, state: AtacamaState, free: list[Field], movers: list[int], limit: int) -> None:
        ores = state.ores
        # seat 0 scores the columns, seat 1 the rows (T3), or as bought in the build-up game (T5)
        first, second = state.rights[0], state.rights[1]
        assert first is not None and second is not None  # dealt or bought: solve() returns while open
        self.by_cols = first[0] == "cols"
        signs = [B.RIGHTS[first[1]], B.RIGHTS[second[1]]]
        self.cols, self.rows = [0] * B.SIZE, [0] * B.SIZE  # towers per line
        self.col_sum, self.row_sum = [0] * B.SIZE, [0] * B.SIZE  # value per line, for its scorer
        self.free = free
        # per field, what it adds to its column and to its row, with their scorers' signs
        col_signs, row_signs = (signs[0], signs[1]) if self.by_cols else (signs[1], signs[0])
        for c, r in state.towers:
            ore, points = ores[(c, r)]
            self._add(c, r, col_signs[ore] * points, row_signs[ore] * points, 1)
        self.values = [(col_signs[ores[f][0]] * ores[f][1], row_signs[ores[f][0]] * ores[f][1]) for f in free]
        index = {f: i for i, f in enumerate(free)}
        self.blocks = [sum(1 << index[n] for n in B.BLOCKS[f] if n in index) for f in free]
        self.movers = movers
        self.memo: dict[int, int] = {}
        self.limit = limit

    def _add(self, c: int, r: int, col_value: int, row_value: int, sign: int) -> None:
        self.cols[c] += sign
        self.rows[r] += sign
        self.col_sum[c] += sign * col_value
        self.row_sum[r] += sign * row_value

    def _final(self) -> int:
        """Seat 0's score minus seat 1's, as a win, draw or loss first, then the margin."""
        cols = sum(v for n, v in zip(self.cols, self.col_sum) if n >= B.THRESHOLD)
        rows = sum(v for n, v in zip(self.rows, self.row_sum) if n >= B.THRESHOLD)
        d = cols - rows if self.by_cols else rows - cols
        return d + (WIN if d > 0 else -WIN if d < 0 else 0)

    def _value(self, taken: int, open_: int, ply: int) -> int:
        """Seat 0's result with the fields of ``taken`` occupied and those of ``open_`` free."""
        key = taken
        known = self.memo.get(key)
        if known is not None:
            return known
        if ply == len(self.movers) or not open_:
            value = self._final()
        else:
            maximise = self.movers[ply] == 0
            best: int | None = None
            bits = open_
            while bits:
                low = bits & -bits
                i = low.bit_length() - 1
                bits ^= low
                value_i = self._child(taken, open_, ply, i)
                if best is None or (value_i > best if maximise else value_i < best):
                    best = value_i
            assert best is not None  # open_ has at least one field
            value = best
        self.memo[key] = value
        if len(self.memo) > self.limit:
            raise _OutOfWork
        return value

    def _child(self, taken: int, open_: int, ply: int, i: int) -> int:
        (c, r), (cv, rv) = self.free[i], self.values[i]
        self._add(c, r, cv, rv, 1)
        value = self._value(taken | 1 << i, open_ & ~self.blocks[i], ply + 1)
        self._add(c, r, cv, rv, -1)
        return value

    def best(self) -> str:
        """The best move's text (ties: the first by name)."""
        everything = (1 << len(self.free)) - 1
        sign = 1 if self.movers[0] == 0 else -1
        ranked = sorted(
            range(len(self.free)), key=lambda i: (-sign * self._child(0, everything, 0, i), B.FIELD_NAMES[self.free[i]])
        )
        return B.FIELD_NAMES[self.free[ranked[0]]]
