"""League (round robin) schedules.

**Two players** (:func:`round_robin`): the circle method.  With an odd number
``m`` of players (numbered by seed, 0 = highest rating), round ``r`` pairs
``i`` and ``j`` with ``i + j = r (mod m)`` and rests the player with
``2i = r``; with an even number, the last seed plays whoever would rest.
Each pair meets exactly once per cycle.  First move: ``i`` moves first
against ``j`` when ``(j - i) mod m`` is odd, a regular orientation in which
every player has ``(m-1)/2`` firsts and, round after round, alternates
first and second (a player's partner index climbs by one each round); the
last seed of an even field moves first in even rounds.  So every player's
firsts and seconds differ by at most one, and with an even field each
player repeats a colour at most once in a row (around its game against the
last seed).  A second cycle swaps every colour.

**Three or four a table** (:func:`league_schedule` with ``table_sizes`` other
than ``(2,)``): a schedule in which every pair meets as equally often as
possible, found by local search (deterministic for a given ``seed``).  The
table sizes per round come from :func:`~.model.table_sizes_for`; when the
field does not divide, the players left over rest (no points), the fewest
rests first.  The default number of rounds is the fewest in which every pair
could meet once: ``ceil(C(n, 2) / pairs seated per round)``.  Tables are
first filled greedily, then players of one round swap tables while that
lowers the sum of squared pair counts (the same total spread more evenly),
annealed (a worse swap is sometimes taken, less often as the search cools;
seeded, so deterministic); the best schedule seen by (max - min pair count,
sum of squares) wins.  First moves are then spread as evenly as the tables
allow (a min-cost flow over the whole schedule: a player's k-th first move
costs k squared), and the other seats, table by table, so that each player
has sat in the seat given the fewest times.

How close it gets (:func:`pair_count_spread`, printed for 3 to 40 players by
``python -m bench.competitions --league``): at the default number of rounds,
the most and fewest meetings of any pair differ by at most 2 in every field
from 3 to 40 players in tables of 3, of 4 or of 3 or 4.  Every pair meets
exactly once for 9 players in threes, 16 in fours and 15 in tables of 3 or
4 (and a single table); 6 in fours reach 1-2, 8 in fours 1-3 (the
brute-force optimum, as are 0-2 for 6 in threes); every other field is 0-2
-- including 15 in threes, where Kirkman's schoolgirl schedule would meet
every pair once and the search does not find it -- some pairs meeting twice
and some never, the default being the bare minimum of rounds.  More help
small fields (10 players in tables of 3 or 4: 5 rounds give 1-2; 13 in
threes: 8 rounds give 1-2; 12 in fours: 6 rounds give 1-3), less so large
ones (20 in fours still leaves pairs apart after 9 rounds), so a service
that wants every pair to meet can pass ``rounds`` and check
:func:`pair_count_spread`.

Standings come from :func:`~.standings.standings`; a rest carries no points.
When a player withdraws, :func:`forfeit_remaining` turns the player's
unfinished tables into forfeits.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Collection, Sequence

import networkx as nx

from .model import Entrant, PlayerId, Round, Table, forfeit, met_counts, table_sizes_for


def seeded(entrants: Sequence[Entrant]) -> list[PlayerId]:
    """Seed order: rating, highest first, then id."""
    return [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]


def round_robin(entrants: Sequence[Entrant], cycles: int = 1) -> list[Round]:
    """Every pair once per cycle, two players a table (see the module)."""
    ids = seeded(entrants)
    n = len(ids)
    if n < 2:
        return []
    odd = n % 2 == 1
    m = n if odd else n - 1
    fixed = None if odd else ids[-1]
    rounds: list[Round] = []
    for cycle in range(cycles):
        for r in range(m):
            tables, resting = [], []
            for i in range(m):
                j = (r - i) % m
                if j == i:
                    if fixed is None:
                        resting.append(ids[i])
                    else:
                        pair = (fixed, ids[i]) if r % 2 == 0 else (ids[i], fixed)
                        tables.append(pair)
                elif i < j:
                    pair = (ids[i], ids[j]) if (j - i) % 2 == 1 else (ids[j], ids[i])
                    tables.append(pair)
            if cycle % 2 == 1:
                tables = [(b, a) for a, b in tables]
            tables.sort(key=lambda t: min(ids.index(p) for p in t))
            rounds.append(Round(tuple(Table(t) for t in tables), resting=tuple(resting)))
    return rounds


def default_league_rounds(players: int, table_sizes: Collection[int]) -> int:
    """The fewest rounds in which every pair could meet once."""
    sizes, _ = table_sizes_for(players, table_sizes)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    if per_round == 0:
        return 0
    return math.ceil(players * (players - 1) // 2 / per_round)


def league_schedule(
    entrants: Sequence[Entrant],
    table_sizes: Collection[int] = (2,),
    rounds: int | None = None,
    cycles: int = 1,
    seed: int = 0,
    effort: float = 1.0,
) -> list[Round]:
    """The league's rounds: :func:`round_robin` with ``cycles`` for two
    players a table (``rounds`` is then ignored), otherwise the balanced
    schedule described in the module (``rounds`` defaults to
    :func:`default_league_rounds`; ``effort`` multiplies the search's
    length).  Deterministic for a given ``seed``."""
    if set(table_sizes) == {2}:
        return round_robin(entrants, cycles)
    ids = seeded(entrants)
    n = len(ids)
    if rounds is None:
        rounds = default_league_rounds(n, table_sizes)
    sizes, left = table_sizes_for(n, table_sizes)
    if not sizes or rounds <= 0:
        return []
    tables, rests = _schedule(n, sizes, left, rounds, random.Random(seed), effort)
    return _seat([[[ids[i] for i in t] for t in ts] for ts in tables], [[ids[i] for i in r] for r in rests], ids)


def pair_count_spread(rounds: Sequence[Round], players: Collection[PlayerId]) -> tuple[int, int]:
    """(fewest, most) meetings of any pair of ``players`` in the schedule."""
    met = met_counts(rounds)
    counts = [met.get(frozenset(pair), 0) for pair in itertools.combinations(sorted(players), 2)]
    return (min(counts), max(counts)) if counts else (0, 0)


def forfeit_remaining(rounds: Sequence[Round], withdrawn: Collection[PlayerId]) -> list[Round]:
    """The schedule with every unfinished table of a withdrawn player turned
    into a forfeit (:func:`~.model.forfeit`); finished tables stand."""
    out = []
    for rnd in rounds:
        tables = tuple(
            forfeit(t, withdrawn) if not t.finished and any(p in withdrawn for p in t.players) else t
            for t in rnd.tables
        )
        out.append(Round(tables, rnd.byes, rnd.resting))
    return out


# --- the local search ------------------------------------------------------------------------------------------


def _quality(count: list[list[int]]) -> tuple[int, int]:
    values = [count[a][b] for a, b in itertools.combinations(range(len(count)), 2)]
    return (max(values) - min(values), sum(v * v for v in values)) if values else (0, 0)


def _schedule(
    n: int, sizes: list[int], left: int, rounds: int, rng: random.Random, effort: float
) -> tuple[list[list[list[int]]], list[list[int]]]:
    count = [[0] * n for _ in range(n)]
    rests = [0] * n
    schedule: list[list[list[int]]] = []
    resting_by_round: list[list[int]] = []
    for r in range(rounds):
        # rests: fewest so far, then rotating through the seeds
        resting = sorted(range(n), key=lambda p: (rests[p], (p - r * left) % n))[:left]
        for p in resting:
            rests[p] += 1
        free = [p for p in range(n) if p not in resting]
        tables: list[list[int]] = []
        for size in sizes:  # greedy: each seat to whoever has met the table least
            table = [free.pop(0)]
            while len(table) < size:
                pick = min(free, key=lambda p: sum(count[p][q] for q in table))
                free.remove(pick)
                table.append(pick)
            tables.append(table)
            for a, b in itertools.permutations(table, 2):
                count[a][b] += 1
        schedule.append(tables)
        resting_by_round.append(resting)
    if len(sizes) < 2:
        return schedule, resting_by_round
    # annealing: swap two players of one round between tables; a swap that
    # does not raise the sum of squared pair counts is always taken, a worse
    # one with a probability falling as the search cools.  Every state reached
    # is judged by (max - min pair count, sum of squares), kept up to date
    # through a histogram of the pair counts, and the best one is returned.
    hist = Counter(count[a][b] for a, b in itertools.combinations(range(n), 2))
    squares = sum(c * c * k for c, k in hist.items())

    def move(p: int, q: int, by: int) -> None:
        c = count[p][q]
        hist[c] -= 1
        hist[c + by] += 1
        count[p][q] = count[q][p] = c + by

    def spread() -> int:
        present = [c for c, k in hist.items() if k]
        return max(present) - min(present)

    best = ((spread(), squares), [[list(t) for t in ts] for ts in schedule])
    steps = int(effort * max(20000, 400 * rounds * len(sizes)))
    for step in range(steps):
        temperature = 2.0 * 0.005 ** (step / steps)  # from 2 down to 0.01, geometrically
        tables = schedule[rng.randrange(rounds)]
        i, j = rng.sample(range(len(tables)), 2)
        ti, tj = tables[i], tables[j]
        x, y = rng.randrange(len(ti)), rng.randrange(len(tj))
        a, b = ti[x], tj[y]
        delta = 0
        for q in ti:
            if q != a:
                delta += 2 * count[b][q] + 1 - (2 * count[a][q] - 1)
        for q in tj:
            if q != b:
                delta += 2 * count[a][q] + 1 - (2 * count[b][q] - 1)
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            continue
        for q in ti:
            if q != a:
                move(a, q, -1)
                move(b, q, 1)
        for q in tj:
            if q != b:
                move(b, q, -1)
                move(a, q, 1)
        ti[x], tj[y] = b, a
        squares += delta
        quality = (spread(), squares)
        if quality < best[0]:
            best = (quality, [[list(t) for t in ts] for ts in schedule])
    return best[1], resting_by_round


def _first_movers(rounds: list[list[list[PlayerId]]], ids: list[PlayerId]) -> list[list[PlayerId]]:
    """One first mover per table, as evenly spread over the players as the
    tables allow: a min-cost flow in which a player's k-th first move costs
    k squared."""
    g = nx.DiGraph()
    tables = [(r, i, t) for r, ts in enumerate(rounds) for i, t in enumerate(ts)]
    cap = -(-len(tables) // max(1, len(ids))) + 1
    for r, i, t in tables:
        g.add_edge("source", ("table", r, i), capacity=1, weight=0)
        for p in t:
            g.add_edge(("table", r, i), ("player", p), capacity=1, weight=0)
    for p in ids:
        for k in range(1, cap + 1):
            g.add_edge(("player", p), ("unit", p, k), capacity=1, weight=k * k)
            g.add_edge(("unit", p, k), "sink", capacity=1, weight=0)
    flow = nx.max_flow_min_cost(g, "source", "sink")
    return [
        [next(p for p in t if flow[("table", r, i)].get(("player", p))) for i, t in enumerate(ts)]
        for r, ts in enumerate(rounds)
    ]


def _seat(rounds: list[list[list[PlayerId]]], rests: list[list[PlayerId]], ids: list[PlayerId]) -> list[Round]:
    seed = {p: i for i, p in enumerate(ids)}
    seats: dict[PlayerId, Counter[int]] = {p: Counter() for p in ids}
    firsts = _first_movers(rounds, ids)
    out = []
    for tables, resting, first in zip(rounds, rests, firsts):
        seated = []
        for t, lead in zip(tables, first):
            others = sorted((p for p in t if p != lead), key=seed.__getitem__)
            perm = min(
                ((lead, *rest) for rest in itertools.permutations(others)),
                key=lambda perm: (sum(seats[p][s] for s, p in enumerate(perm)), [seed[p] for p in perm]),
            )
            for s, p in enumerate(perm):
                seats[p][s] += 1
            seated.append(Table(tuple(perm)))
        seated.sort(key=lambda t: min(seed[p] for p in t.players))
        out.append(Round(tuple(seated), resting=tuple(sorted(resting, key=seed.__getitem__))))
    return out
