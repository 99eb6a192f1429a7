"""Seasons in divisions: placing players, and moving them up and down between seasons.

A season's players sit in divisions, the strongest first (division 1).  Everyone in a division
plays everyone there (a league, :mod:`.league`); when the season ends, the best ``promote`` of
each division but the first move up one division and the worst ``relegate`` of each division but
the last move down one.

**Sizes** (:func:`division_sizes`): as many divisions as it takes to hold the players ``size`` at
a time, each full except the last; a last division shorter than half a division shares the
remainder with the one above it (200 players in sixes: 32 divisions of 6 and two of 4, not a
division of 2).  When the organiser caps the number of divisions, the players are spread evenly
over them, the upper ones taking one more where it does not divide.  Every division holds at
least two players.

**The first season** (:func:`first_divisions`): players in the order of their rating (the
highest first), cut into divisions of those sizes.

**The next season** (:func:`next_divisions`): the movements are made first, then the players who
left are taken out and the newcomers join at the bottom (by rating); then the divisions are cut
again from the resulting order, top to bottom, to the sizes the new number of players gives.
In that order a division lists the players relegated into it (best first), then those who stayed
(in their final order), then those promoted into it: so when a place above is free (somebody
left) the best player of the division below takes it, the relegated first (a relegation is
spared before a promotion is added), and when the players outgrow the divisions a new one opens
at the bottom.  With as many players as last season and ``promote == relegate``, the divisions
are exactly the movements.  A player is never both promoted and relegated: in a division smaller
than ``promote + relegate`` the promotions come first.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .model import PlayerId


def default_promote(size: int) -> int:
    """A quarter of a division, rounded up (Little Golem and Woogles move about a quarter)."""
    return max(1, math.ceil(size / 4))


def division_sizes(players: int, size: int, most: int | None = None) -> list[int]:
    """How many players each division holds, the first division first (see the module)."""
    if players < 2:
        return [players] if players else []
    count = math.ceil(players / size)
    if most is not None and count > most:
        count = max(1, most)
        base, extra = divmod(players, count)
        return [base + (1 if i < extra else 0) for i in range(count)]
    count = min(count, players // 2)
    if count <= 1:
        return [players]
    last = players - (count - 1) * size
    if last >= max(2, math.ceil(size / 2)):
        return [size] * (count - 1) + [last]
    shared = size + last
    return [size] * (count - 2) + [math.ceil(shared / 2), shared // 2]


def _cut(order: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    out, start = [], 0
    for n in sizes:
        out.append(list(order[start : start + n]))
        start += n
    return out


def first_divisions(ranked: Sequence[PlayerId], size: int, most: int | None = None) -> list[list[PlayerId]]:
    """The first season's divisions: ``ranked`` (best first) cut to :func:`division_sizes`."""
    return _cut(ranked, division_sizes(len(ranked), size, most))


@dataclass(frozen=True)
class Movements:
    """What the end of a season does: the next divisions, and who went up and who went down."""

    divisions: list[list[PlayerId]]
    promoted: dict[PlayerId, int]  # player -> the division (1-based) he rose to
    relegated: dict[PlayerId, int]  # player -> the division he fell to


def next_divisions(
    finals: Sequence[Sequence[PlayerId]],
    promote: int,
    relegate: int,
    size: int,
    leaving: Collection[PlayerId] = (),
    newcomers: Sequence[PlayerId] = (),
    most: int | None = None,
) -> Movements:
    """The next season's divisions from each division's final order (best first), see the module.

    ``promoted``/``relegated`` name the players of last season who end up in a higher or a lower
    division than they played in (whether by a movement or by the divisions being cut again)."""
    count = len(finals)
    down_into: list[list[PlayerId]] = [[] for _ in range(count)]
    stay: list[list[PlayerId]] = [[] for _ in range(count)]
    up_into: list[list[PlayerId]] = [[] for _ in range(count)]
    for d, order in enumerate(finals):
        order = list(order)
        up = order[:promote] if d > 0 else []
        rest = order[len(up) :]
        down = rest[max(0, len(rest) - relegate) :] if d < count - 1 and relegate > 0 else []
        for p in order:
            if p in up:
                up_into[d - 1].append(p)
            elif p in down:
                down_into[d + 1].append(p)
            else:
                stay[d].append(p)
    gone = set(leaving)
    seated: list[PlayerId] = []
    for d in range(count):
        seated += [p for p in down_into[d] + stay[d] + up_into[d] if p not in gone]
    seen = set(seated)
    seated += [p for p in newcomers if p not in seen and p not in gone]
    divisions = _cut(seated, division_sizes(len(seated), size, most))
    before = {p: d for d, ps in enumerate(finals) for p in ps}
    promoted, relegated = {}, {}
    for d, ps in enumerate(divisions):
        for p in ps:
            if p in before and d < before[p]:
                promoted[p] = d + 1
            elif p in before and d > before[p]:
                relegated[p] = d + 1
    return Movements(divisions, promoted, relegated)
