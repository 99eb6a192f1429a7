"""Knockout brackets for two-player games.

Seeds follow rating (highest first, then id).  The bracket has the next
power of two of slots; seed ``s`` of ``size`` sits in the standard order, in
which seeds 1 and 2 can meet only in the final, 1 to 4 only from the
semi-finals, and so on (8 slots: 1v8, 4v5, 2v7, 3v6).  Seeds beyond the
field are empty slots, so the byes fall to the top seeds.

Each bout is a series won at :data:`SERIES_TARGET` victory points (a win 1,
a draw 1/2 each, :func:`series_winner`); the bracket only needs each bout's
winner.  A withdrawn player loses every bout not yet decided (a walkover);
if both players of a bout are gone, nobody advances and the next bout is a
bye.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import Entrant, PlayerId

SERIES_TARGET = Fraction(2)


@dataclass(frozen=True)
class Bout:
    """A knockout pairing.  ``first`` holds the upper slot (in the first
    round the better seed; it starts the series with the first move);
    ``second`` is None for a bye.  ``first`` is None only when nobody
    reached the bout at all."""

    first: PlayerId | None
    second: PlayerId | None

    @property
    def is_bye(self) -> bool:
        return self.first is None or self.second is None

    @property
    def walkover(self) -> PlayerId | None:
        """The player who goes through without playing (a bye), if any."""
        return self.first if self.second is None else self.second if self.first is None else None


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) slot by slot for a bracket of ``size`` (a power
    of two): 2 -> [1, 2]; 4 -> [1, 4, 2, 3]; 8 -> [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def knockout_bracket(entrants: Sequence[Entrant]) -> list[Bout]:
    """The first round's bouts, in bracket order (bout ``i``'s winner meets
    bout ``i ^ 1``'s in the next round)."""
    seeds = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]
    if len(seeds) < 2:
        raise ValueError("a knockout needs two players")
    size = 1
    while size < len(seeds):
        size *= 2
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]
    return [Bout(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def knockout_rounds(players: int) -> int:
    """The number of rounds: ceil(log2(players))."""
    return max(1, (players - 1).bit_length())


@dataclass(frozen=True)
class Advance:
    """The outcome of a round: the next round's bouts, or the champion."""

    bouts: tuple[Bout, ...]
    champion: PlayerId | None = None
    finished: bool = False


def knockout_next(
    bouts: Sequence[Bout], winners: Mapping[int, PlayerId | None], withdrawn: Collection[PlayerId] = ()
) -> Advance:
    """The next round from this round's ``bouts`` and ``winners`` (bout
    index -> winner).  Byes need no winner; a bout with a withdrawn player
    needs none either (the other goes through).  With one bout left, its
    winner is the champion (``finished``; champion None if both finalists
    withdrew).  Raises ValueError if a bout still has no winner."""
    through: list[PlayerId | None] = []
    for i, bout in enumerate(bouts):
        players = [p for p in (bout.first, bout.second) if p is not None and p not in withdrawn]
        if i in winners:
            winner = winners[i]
            if winner is not None and winner not in (bout.first, bout.second):
                raise ValueError(f"bout {i}: {winner} did not play it")
        elif len(players) <= 1:
            winner = players[0] if players else None
        else:
            raise ValueError(f"bout {i} has no winner yet")
        through.append(winner)
    if len(through) == 1:
        return Advance((), through[0], True)
    nxt = []
    for i in range(0, len(through), 2):
        a, b = through[i], through[i + 1]
        nxt.append(Bout(a, b) if a is not None else Bout(b, None))
    return Advance(tuple(nxt))


def series_winner(
    first: PlayerId, second: PlayerId, games: Sequence[PlayerId | None], target: Fraction = SERIES_TARGET
) -> PlayerId | None:
    """The winner of a series once decided (None before): each game's winner
    scores 1 victory point, a draw (None) 1/2 each; the first to ``target``
    wins.  If both reach it in the same game (a draw at 3/2 all), the series
    goes on until one is ahead at or above the target."""
    a = b = Fraction(0)
    for g in games:
        if g == first:
            a += 1
        elif g == second:
            b += 1
        elif g is None:
            a += Fraction(1, 2)
            b += Fraction(1, 2)
        else:
            raise ValueError(f"{g} is not in this series")
        if max(a, b) >= target and a != b:
            return first if a > b else second
    return None


def series_first_move(first: PlayerId, second: PlayerId, game: int) -> PlayerId:
    """Who moves first in the series' ``game``-th game (0-based): the better
    seed, then alternately."""
    return first if game % 2 == 0 else second
