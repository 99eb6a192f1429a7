"""The records competitions are computed from: entrants, tables (games) and rounds.

Everything here is an immutable value; the pairing, schedule and standings
functions take them and return new ones, so the service can store them as it
likes and the functions stay testable without a database or Discord.

Seat order is move order: ``Table.players[0]`` moves first ("has the first
move", the colour of chess's white).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

PlayerId = int
"""A player's id (the Discord user id in the bot)."""

BYE_POINTS = Fraction(1)
"""A scored bye is worth a win."""


@dataclass(frozen=True)
class Entrant:
    """A player in a competition.  ``rating`` is the display rating used for
    seeding and as the last tie-break (higher is better)."""

    id: PlayerId
    rating: float = 1500.0


@dataclass(frozen=True)
class Table:
    """One game: its players in seat (move) order and, once finished, each
    seat's place (1 = best; equal places are a tie, e.g. ``(1, 1)`` is a
    draw).  ``places`` is None while the game is unfinished.  ``forfeit``
    marks a game decided by a withdrawal rather than played (it scores like a
    played game; the service will want to leave it out of ratings)."""

    players: tuple[PlayerId, ...]
    places: tuple[int, ...] | None = None
    forfeit: bool = False

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"a player sits twice at a table: {self.players}")
        if self.places is not None and len(self.places) != len(self.players):
            raise ValueError("one place per seat")

    @property
    def finished(self) -> bool:
        return self.places is not None

    @property
    def first(self) -> PlayerId:
        return self.players[0]

    def with_places(self, places: Sequence[int], *, forfeit: bool = False) -> Table:
        return Table(self.players, tuple(places), forfeit)

    def points(self) -> dict[PlayerId, Fraction]:
        """Each player's points from this game (empty while unfinished):
        see :func:`placement_points`."""
        if self.places is None:
            return {}
        return dict(zip(self.players, placement_points(self.places)))

    def pairwise(self, player: PlayerId, other: PlayerId) -> Fraction:
        """``player``'s result against ``other`` at this finished table: 1 if
        placed above, 1/2 if level, 0 if below."""
        assert self.places is not None
        mine = self.places[self.players.index(player)]
        theirs = self.places[self.players.index(other)]
        return Fraction(1) if mine < theirs else Fraction(1, 2) if mine == theirs else Fraction(0)


@dataclass(frozen=True)
class Round:
    """A round: its tables, the players given a scored bye (worth
    :data:`BYE_POINTS` each, as in Swiss) and the players resting without
    points (a league's rest round when the field does not divide into
    tables).  Withdrawn players appear in none of them."""

    tables: tuple[Table, ...]
    byes: tuple[PlayerId, ...] = ()
    resting: tuple[PlayerId, ...] = ()

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    def players(self) -> list[PlayerId]:
        return [p for t in self.tables for p in t.players]

    def with_results(self, places: Sequence[Sequence[int]]) -> Round:
        """The round with every table's places filled in, table by table."""
        if len(places) != len(self.tables):
            raise ValueError("one result per table")
        return Round(tuple(t.with_places(p) for t, p in zip(self.tables, places)), self.byes, self.resting)


def placement_points(places: Sequence[int]) -> list[Fraction]:
    """Points by place at a table of ``k`` players: the i-th best of k scores
    ``(k-1-i)/(k-1)`` -- 1 and 0 for two players (a draw 1/2 each); 1, 1/2, 0
    for three; 1, 2/3, 1/3, 0 for four.  Tied players share the average of
    the places they cover (two tied winners of four get (1 + 2/3)/2 = 5/6)."""
    k = len(places)
    if k < 2:
        raise ValueError("a table has at least two players")
    order = sorted(range(k), key=lambda i: places[i])
    points = [Fraction(0)] * k
    i = 0
    while i < k:
        j = i
        while j + 1 < k and places[order[j + 1]] == places[order[i]]:
            j += 1
        share = sum((Fraction(k - 1 - pos, k - 1) for pos in range(i, j + 1)), Fraction(0)) / (j - i + 1)
        for pos in range(i, j + 1):
            points[order[pos]] = share
        i = j + 1
    return points


def forfeit(table: Table, withdrawn: Collection[PlayerId]) -> Table:
    """The result of ``table`` when the players in ``withdrawn`` forfeit it:
    they share the last places and the others share the places above them
    (two players: the one remaining wins; if everyone withdrew, a tie).  If
    the others play the game on, record their real places instead, with the
    withdrawn last."""
    gone = [p for p in table.players if p in withdrawn]
    if not gone:
        raise ValueError("nobody at this table withdrew")
    stay = len(table.players) - len(gone)
    places = tuple(stay + 1 if p in withdrawn else 1 for p in table.players)
    return Table(table.players, places, forfeit=True)


def met_counts(rounds: Iterable[Round]) -> dict[frozenset[PlayerId], int]:
    """How often each pair of players sat at a table together."""
    counts: dict[frozenset[PlayerId], int] = {}
    for rnd in rounds:
        for t in rnd.tables:
            for i, a in enumerate(t.players):
                for b in t.players[i + 1 :]:
                    key = frozenset((a, b))
                    counts[key] = counts.get(key, 0) + 1
    return counts


def table_sizes_for(n: int, sizes: Collection[int]) -> tuple[list[int], int]:
    """How ``n`` players split into tables of the allowed ``sizes``: the
    table sizes (largest first) and how many players are left over (byes or
    rests).  Fewest left over first, then the fewest tables, then tables as
    even as possible, then as many players as possible at the largest size.  Ten players in tables of 3
    or 4: 4, 3, 3; in tables of 4 only: 4, 4 and two left over; six in tables
    of 2 to 4: 3, 3."""
    allowed = sorted(set(sizes), reverse=True)
    if not allowed or allowed[-1] < 2:
        raise ValueError("table sizes are at least 2")
    best: tuple[tuple[int, int, int, int], list[int]] | None = None

    def search(left: int, idx: int, chosen: list[int]) -> None:
        nonlocal best
        if idx == len(allowed):
            spread = chosen[0] - chosen[-1] if chosen else 0
            key = (left, len(chosen), spread, -sum(s for s in chosen if s == allowed[0]))
            if best is None or key < best[0]:
                best = (key, list(chosen))
            return
        size = allowed[idx]
        for count in range(left // size, -1, -1):
            search(left - count * size, idx + 1, chosen + [size] * count)
            if idx == len(allowed) - 1:
                break  # the last size takes as many as fit; fewer only leaves more over

    search(n, 0, [])
    assert best is not None
    tables = best[1]
    return tables, n - sum(tables)
