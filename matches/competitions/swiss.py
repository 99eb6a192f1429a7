"""Swiss pairing: the next round from the entrants and the finished rounds.

**Two players a table** (``table_sizes=(2,)``): the round is a maximum-weight
matching (:func:`networkx.max_weight_matching` with ``maxcardinality=True``)
on the active players plus, when their number is odd, one "bye" node.  Every
possible pairing is an edge whose cost is compared tier by tier, each tier
outweighing everything below it even summed over the whole round
(lexicographic costs, encoded as exact integers):

1. a bye to a player who already had one (so: never twice while avoidable);
2. a repeat meeting (times the two have already met);
3. an absolute colour breach: a player's first-move surplus reaching 3 (more
   firsts than seconds, or the reverse) or three games in a row with the same
   colour;
4. the bye away from the lowest-ranked player without one (how many such
   players rank below the receiver): the bye goes to the lowest-ranked player
   who has had none unless that forces one of the above;
5. score difference, squared (in half points: a float of 1 point costs 4, of
   2 points 16), so players meet their own score group and a float goes to
   the neighbouring group;
6. a colour surplus of 2 (balance within one is kept whenever tiers 1-5
   allow);
7. the same colour as in the player's previous game (alternation);
8. the Dutch order inside a score group: the top half meets the bottom half
   (1 v n/2+1, 2 v n/2+2, ...), and a float is the lowest of its group
   meeting the highest of the next.

Colours are decided per pair before weighing: the player with fewer firsts
than seconds moves first; if level, the one who had the second move most
recently; if their histories match, the higher-ranked player moves first
when its rank is odd (1, 3, 5, ... counted from 1) and second otherwise,
which alternates the boards of round one.

"Ranked" means the current standings order (points, Buchholz,
Sonneborn-Berger, rating; :mod:`.standings`).

Above :data:`PRUNE_ABOVE` active players, each player keeps only its
:data:`KEEP_EDGES` cheapest partners, the :data:`WINDOW` players ranked just
below it and those around its Dutch partner (the union of everyone's
choices, plus every bye edge; the window alone always holds a perfect
matching).  The blossom algorithm is pure Python and O(n^3); on the pruned
graph it runs four to five times faster (256 players: about 2 s a round
instead of 10 on a loaded machine; 0.8 s of CPU time since the matching reads
its weights from plain dicts, :class:`_PlainGraph`).  Its optimum is not guaranteed to be the
full graph's, but in the rounds sampled (18 of 100 players, 24 of 256) it
cost the same in tiers 1 to 6 every time and in every tier 40 times of 42;
the other two gave two more players the colour of their previous game
(tier 7).  A test and ``python -m bench.competitions --full`` compare them.
If the pruned graph has no perfect matching or its best one pays any tier
1-3 cost, the round is matched again on the full graph.

**Tables of three or four** (``table_sizes`` such as ``(4,)``, ``(3, 4)`` or
``(2, 3, 4)``): a heuristic.  The table sizes come from
:func:`~.model.table_sizes_for`; players left over get byes (fewest byes
first, lowest ranked first).  The rest are seated in rank order, the largest
tables at the top, and then any two players at different tables swap seats
while that lowers, lexicographically, (repeat meetings at the tables, sum of
squared score differences within the tables, sum of rank distances within
them) -- a local optimum, not a proven one.  So tables are a ladder: in
round one seeds 1-4 share the top table, and later the leaders meet.  Seat order then spreads each
player's seats: the first move to whoever at the table has had it least,
then the permutation with the fewest times each player already sat in the
seat given, earlier seats to higher-ranked players on ties.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

from .model import BYE_POINTS, Entrant, PlayerId, Round, Table, met_counts, table_sizes_for
from .standings import standings

PRUNE_ABOVE = 64
KEEP_EDGES = 12
WINDOW = 6
_BYE = object()


def default_rounds(players: int) -> int:
    """ceil(log2(players)), at least 3."""
    return max(3, math.ceil(math.log2(players))) if players > 1 else 3


@dataclass
class _History:
    met: dict[frozenset[PlayerId], int]
    byes: Counter[PlayerId]
    colours: dict[PlayerId, list[int]] = field(default_factory=dict)
    """+1 for a first move, -1 for a second, two-player games only, oldest first."""
    seats: dict[PlayerId, Counter[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, rounds: Sequence[Round]) -> _History:
        h = cls(met_counts(rounds), Counter())
        for rnd in rounds:
            h.byes.update(rnd.byes)
            for t in rnd.tables:
                if t.forfeit:
                    continue
                for seat, p in enumerate(t.players):
                    h.seats.setdefault(p, Counter())[seat] += 1
                if len(t.players) == 2:
                    h.colours.setdefault(t.players[0], []).append(1)
                    h.colours.setdefault(t.players[1], []).append(-1)
        return h

    def surplus(self, p: PlayerId) -> int:
        return sum(self.colours.get(p, ()))


def pair_swiss(
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    withdrawn: Collection[PlayerId] = (),
    table_sizes: Collection[int] = (2,),
    bye_points: Fraction = BYE_POINTS,
) -> Round:
    """The next round for the entrants not ``withdrawn``, given the rounds
    played so far (unfinished tables count as meetings but not as points).
    Tables are ordered best-ranked first; for two players ``players[0]``
    moves first.  Deterministic: the same input gives the same round.  Pure
    Python: a 256-player round takes about 0.8 s of CPU time (more wall time on a busy
    machine; ``python -m bench.competitions``), so a service calls it off its event loop."""
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant is listed twice")
    table = standings(entrants, rounds, withdrawn, bye_points)
    order = [s.player for s in table if s.player not in withdrawn]
    score = {s.player: s.points for s in table}
    history = _History.of(rounds)
    if set(table_sizes) == {2}:
        return _pair_two(order, score, history)
    return _pair_tables(order, score, history, table_sizes)


# --- two players a table ---------------------------------------------------------------------------------------


def _colours(a: PlayerId, b: PlayerId, rank: dict[PlayerId, int], h: _History) -> tuple[PlayerId, PlayerId]:
    """(first, second) for a pair, ``a`` ranked above ``b``."""
    da, db = h.surplus(a), h.surplus(b)
    if da != db:
        return (a, b) if da < db else (b, a)
    ca, cb = h.colours.get(a, []), h.colours.get(b, [])
    for x, y in zip(reversed(ca), reversed(cb)):
        if x != y:
            return (a, b) if x < y else (b, a)
    return (a, b) if rank[a] % 2 == 0 else (b, a)


def _colour_costs(first: PlayerId, second: PlayerId, h: _History) -> tuple[int, int, int]:
    """(absolute breaches, surpluses of 2, repeated colours) for a pair so seated."""
    absolute = soft = same = 0
    for p, c in ((first, 1), (second, -1)):
        past = h.colours.get(p, [])
        d = abs(sum(past) + c)
        if d > 2 or (len(past) >= 2 and past[-1] == past[-2] == c):
            absolute += 1
        elif d == 2:
            soft += 1
        if past and past[-1] == c:
            same += 1
    return absolute, soft, same


_TIERS = 8


def _pair_two(order: list[PlayerId], score: dict[PlayerId, Fraction], h: _History) -> Round:
    if not order:
        return Round(())
    costs, seating = _pair_costs(order, score, h)
    matching = _match(order, costs, len(order) > PRUNE_ABOVE, _dutch_partners(order, score))
    rank = {p: i for i, p in enumerate(order)}
    tables, byes = [], []
    for a, b in matching:
        if b is _BYE:
            byes.append(a)
        else:
            tables.append(Table(seating[a, b]))
    tables.sort(key=lambda t: min(rank[p] for p in t.players))
    return Round(tuple(tables), tuple(byes))


Edge = tuple[PlayerId, object]


def _pair_costs(
    order: list[PlayerId], score: dict[PlayerId, Fraction], h: _History
) -> tuple[dict[Edge, tuple[int, ...]], dict[Edge, tuple[PlayerId, PlayerId]]]:
    """Every possible pairing's cost by tier (the module's list; the better
    ranked player first, the bye node last) and its seating (as
    :func:`_colours` and :func:`_colour_costs` decide, inlined for speed)."""
    n = len(order)
    rank = {p: i for i, p in enumerate(order)}
    groups: dict[Fraction, list[PlayerId]] = {}
    for p in order:
        groups.setdefault(score[p], []).append(p)
    pos = {p: (i, len(g)) for g in groups.values() for i, p in enumerate(g)}
    # scores in half points (or finer if byes are worth less), so tier 5 is (2 * difference) squared
    unit = math.lcm(2, *(score[p].denominator for p in order))
    points = {p: int(score[p] * unit) for p in order}
    met = {(a, b): c for pair, c in h.met.items() for a in pair for b in pair if a != b}
    surplus = {p: sum(h.colours.get(p, ())) for p in order}
    recent = {p: tuple(reversed(h.colours.get(p, ()))) for p in order}
    last = {p: recent[p][0] if recent[p] else 0 for p in order}
    twice = {p: recent[p][0] if len(recent[p]) >= 2 and recent[p][0] == recent[p][1] else 0 for p in order}
    costs: dict[Edge, tuple[int, ...]] = {}
    seating: dict[Edge, tuple[PlayerId, PlayerId]] = {}
    for i, a in enumerate(order):
        da, ra, pa, ga, sa = surplus[a], recent[a], pos[a][0], pos[a][1], points[a]
        for b in order[i + 1 :]:
            db, rb = surplus[b], recent[b]
            if da != db:
                a_first = da < db
            else:
                m = min(len(ra), len(rb))
                if ra[:m] != rb[:m]:
                    a_first = ra[:m] < rb[:m]
                else:
                    a_first = i % 2 == 0
            first, second = (a, b) if a_first else (b, a)
            absolute = soft = same = 0
            d = abs(surplus[first] + 1)
            if d > 2 or twice[first] == 1:
                absolute += 1
            elif d == 2:
                soft += 1
            same += last[first] == 1
            d = abs(surplus[second] - 1)
            if d > 2 or twice[second] == -1:
                absolute += 1
            elif d == 2:
                soft += 1
            same += last[second] == -1
            pb = pos[b][0]
            diff = sa - points[b]
            if diff == 0:
                dutch = abs(pb - pa - ga // 2)
            else:
                dutch = (ga - 1 - pa) + pb
            costs[a, b] = (0, met.get((a, b), 0), absolute, 0, diff * diff, soft, same, dutch)
            seating[a, b] = (first, second)
    if n % 2:
        without = [p for p in order if not h.byes[p]]
        below = {p: sum(1 for q in without if rank[q] > rank[p]) for p in without}
        for p in order:
            costs[p, _BYE] = (h.byes[p], 0, 0, below.get(p, 0), 0, 0, 0, 0)
    return costs, seating


def _dutch_partners(order: list[PlayerId], score: dict[PlayerId, Fraction]) -> dict[PlayerId, list[PlayerId]]:
    """For each player, the players of its score group at or near its Dutch
    partner's place (half the group further down), :data:`WINDOW` wide."""
    groups: dict[Fraction, list[PlayerId]] = {}
    for p in order:
        groups.setdefault(score[p], []).append(p)
    partners: dict[PlayerId, list[PlayerId]] = {}
    for g in groups.values():
        half = len(g) // 2
        for i, p in enumerate(g):
            lo, hi = max(0, i + half - WINDOW // 2), min(len(g), i + half + WINDOW // 2 + 1)
            partners[p] = [q for q in g[lo:hi] if q != p]
    return partners


class _PlainGraph(nx.Graph):  # type: ignore[misc]  # networkx has no type information: its Graph is Any
    """A graph whose ``G[v]`` is the adjacency dict itself, not a read-only view of it.  The blossom
    algorithm reads an edge's weight through ``G[v][w]`` in its innermost loop (``slack``); the view
    networkx builds at each read was a third of the matching's time.  Nothing here writes through it."""

    def __getitem__(self, n: int) -> dict[int, dict[str, int]]:
        adj: dict[int, dict[int, dict[str, int]]] = self._adj
        return adj[n]

    def neighbors(self, n: int) -> Iterator[int]:
        adj: dict[int, dict[int, dict[str, int]]] = self._adj
        return iter(adj[n])


def _match(
    order: list[PlayerId],
    costs: dict[Edge, tuple[int, ...]],
    prune: bool,
    dutch: dict[PlayerId, list[PlayerId]] | None = None,
) -> set[Edge]:
    """The perfect matching (the bye node included when the count is odd)
    with the lexicographically smallest total cost.  Pruning keeps the
    ``dutch`` partners given too."""
    dutch = dutch or {}
    n = len(order)
    pairs = (n + 1) // 2
    index: dict[object, int] = {p: i for i, p in enumerate(order)}
    index[_BYE] = n
    nodes: list[object] = [*order, _BYE]

    def solve(edges: Iterable[Edge]) -> set[Edge]:
        # each tier's unit outweighs the most the tiers below it can add up to over a whole round
        edges = sorted(edges, key=lambda e: (index[e[0]], index[e[1]]))
        maxima = [max(costs[e][k] for e in edges) for k in range(_TIERS)]
        scale = [1] * _TIERS
        for k in range(_TIERS - 2, -1, -1):
            scale[k] = scale[k + 1] * (pairs * maxima[k + 1] + 1)
        total = scale[0] * (pairs * maxima[0] + 1)
        g = _PlainGraph()
        g.add_nodes_from(range(n + 1))
        g.add_weighted_edges_from(
            (index[a], index[b], total - sum(x * s for x, s in zip(costs[a, b], scale))) for a, b in edges
        )
        return {(nodes[min(x, y)], nodes[max(x, y)]) for x, y in nx.max_weight_matching(g, maxcardinality=True)}

    if prune:
        keep: set[Edge] = {e for e in costs if e[1] is _BYE}
        for i, p in enumerate(order):
            keep.update((p, q) for q in order[i + 1 : i + 1 + WINDOW])
            for q in dutch.get(p, ()):
                keep.add((p, q) if index[p] < index[q] else (q, p))
            mine = [(p, q) if index[p] < index[q] else (q, p) for q in order if q != p]
            # as sorted(...)[:KEEP_EDGES], ties included, without sorting all of them
            keep.update(heapq.nsmallest(KEEP_EDGES, mine, key=lambda e: (costs[e], index[e[0]] + index[e[1]])))
        matching = solve(keep)
        if len(matching) == pairs and all(costs[e][0] == costs[e][1] == costs[e][2] == 0 for e in matching):
            return matching
    return solve(costs)


def _total(costs: dict[Edge, tuple[int, ...]], matching: set[Edge]) -> tuple[int, ...]:
    """A matching's cost, tier by tier (what :func:`_match` minimises)."""
    return tuple(sum(costs[e][k] for e in matching) for k in range(_TIERS))


# --- three or four a table -------------------------------------------------------------------------------------


def _pair_tables(
    order: list[PlayerId], score: dict[PlayerId, Fraction], h: _History, table_sizes: Collection[int]
) -> Round:
    rank = {p: i for i, p in enumerate(order)}
    sizes, left = table_sizes_for(len(order), table_sizes)
    byes = sorted(order, key=lambda p: (h.byes[p], -rank[p]))[:left]
    seated = [p for p in order if p not in byes]
    tables: list[list[PlayerId]] = []
    at = 0
    for size in sizes:
        tables.append(seated[at : at + size])
        at += size

    # scores as integers (placement points have small denominators), so sums compare exactly and fast
    unit = math.lcm(*(score[p].denominator for p in order)) if order else 1
    points = {p: int(score[p] * unit) for p in order}
    met = {(a, b): c for pair, c in h.met.items() for a in pair for b in pair if a != b}

    def cost(t: Sequence[PlayerId]) -> tuple[int, int, int]:
        repeats = spread = distance = 0
        for a, b in itertools.combinations(t, 2):
            repeats += met.get((a, b), 0)
            d = points[a] - points[b]
            spread += d * d
            distance += abs(rank[a] - rank[b])
        return repeats, spread, distance

    def plus(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(u + v for u, v in zip(x, y))

    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x, y in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                ti, tj = list(tables[i]), list(tables[j])
                ti[x], tj[y] = tj[y], ti[x]
                ci, cj = cost(ti), cost(tj)
                if plus(ci, cj) < plus(costs[i], costs[j]):
                    tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                    improved = True

    def seat(t: list[PlayerId]) -> tuple[PlayerId, ...]:
        t = sorted(t, key=rank.__getitem__)
        best = min(
            itertools.permutations(t),
            key=lambda perm: (
                h.seats.get(perm[0], Counter())[0],
                sum(h.seats.get(p, Counter())[s] for s, p in enumerate(perm)),
                [rank[p] for p in perm],
            ),
        )
        return tuple(best)

    result = sorted((Table(seat(t)) for t in tables), key=lambda t: min(rank[p] for p in t.players))
    return Round(tuple(result), tuple(sorted(byes, key=rank.__getitem__)))
