"""Competition pairing times: ``python -m bench.competitions [--players 256] [--events 3] [--full] [--league]``.

Plays seeded Swiss events (random results with some draws, a few withdrawals)
and times :func:`matches.competitions.pair_swiss` for every round, standings
included: the median, 95th percentile and maximum per round and overall, and
how many rounds fell back from the pruned graph to the full one.  ``--full``
also times the unpruned matching on the same rounds and checks that it costs
the same; ``--league`` prints how evenly league schedules of three or four a
table spread the meetings (the fewest and most meetings of any pair) and how
long they take, for 3 to 40 players.  Nothing is asserted: it prints numbers
for people to read.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from matches.competitions import (Entrant, Round, default_league_rounds, default_rounds, league_schedule,
                                  pair_count_spread, pair_swiss, standings, swiss)

from .stats import busy_and_steal, cpu_ticks, percentile


def summary(samples: list[float]) -> str:
    data = sorted(samples)
    return (f"median {statistics.median(data) * 1000:8.1f} ms   p95 {percentile(data, 95) * 1000:8.1f} ms   "
            f"max {data[-1] * 1000:8.1f} ms   n={len(data)}")


def result(k: int, rng: random.Random) -> tuple[int, ...]:
    if k == 2 and rng.random() < 0.1:
        return (1, 1)
    order = list(range(1, k + 1))
    rng.shuffle(order)
    return tuple(order)


def swiss_bench(players: int, events: int, full: bool) -> None:
    rounds_total = default_rounds(players)
    per_round: dict[int, list[float]] = {}
    full_times: list[float] = []
    differ = 0
    solves = {"count": 0}
    real = swiss.nx.max_weight_matching

    def counted(*args, **kwargs):
        solves["count"] += 1
        return real(*args, **kwargs)

    swiss.nx.max_weight_matching = counted
    fallbacks = 0
    try:
        for seed in range(events):
            rng = random.Random(seed)
            entrants = [Entrant(i, round(rng.gauss(1500, 250))) for i in range(players)]
            rounds: list[Round] = []
            withdrawn: set[int] = set()
            for r in range(rounds_total):
                solves["count"] = 0
                start = time.perf_counter()
                rnd = pair_swiss(entrants, rounds, withdrawn)
                per_round.setdefault(r + 1, []).append(time.perf_counter() - start)
                fallbacks += solves["count"] > 1
                if full:
                    table = standings(entrants, rounds, withdrawn)
                    order = [s.player for s in table if s.player not in withdrawn]
                    score = {s.player: s.points for s in table}
                    costs, _ = swiss._pair_costs(order, score, swiss._History.of(rounds))
                    start = time.perf_counter()
                    whole = swiss._match(order, costs, prune=False)
                    full_times.append(time.perf_counter() - start)
                    pruned = swiss._match(order, costs, True, swiss._dutch_partners(order, score))
                    differ += swiss._total(costs, whole) != swiss._total(costs, pruned)
                rounds.append(rnd.with_results([result(len(t.players), rng) for t in rnd.tables]))
                withdrawn |= {e.id for e in entrants if e.id not in withdrawn and rng.random() < 0.01}
    finally:
        swiss.nx.max_weight_matching = real
    print(f"Swiss, {players} players, {rounds_total} rounds, {events} events "
          f"(pruned graph above {swiss.PRUNE_ABOVE} players), pair_swiss with its standings:")
    for r, samples in per_round.items():
        print(f"  round {r}:    {summary(samples)}")
    print(f"  all rounds: {summary([s for v in per_round.values() for s in v])}")
    print(f"  rounds matched again on the full graph: {fallbacks}")
    if full:
        print(f"  full graph, matching alone: {summary(full_times)}")
        print(f"  rounds where the pruned matching cost more than the full one: {differ}")


def league_bench() -> None:
    print("League schedules, default rounds: players:rounds fewest-most meetings of any pair, seconds")
    for sizes in ((3,), (4,), (3, 4)):
        cells = []
        for n in range(3, 41):
            start = time.perf_counter()
            rounds = league_schedule([Entrant(i) for i in range(n)], sizes)
            took = time.perf_counter() - start
            fewest, most = pair_count_spread(rounds, range(n))
            cells.append(f"{n:2}:{default_league_rounds(n, sizes):2}r {fewest}-{most} {took:4.1f}s")
        print(f"  tables of {' or '.join(map(str, sizes))}:")
        for i in range(0, len(cells), 6):
            print("    " + " | ".join(cells[i:i + 6]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.competitions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--events", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="also time the unpruned matching")
    parser.add_argument("--league", action="store_true", help="league schedule spreads for 3 to 40 players")
    args = parser.parse_args(argv)
    before = cpu_ticks()
    swiss_bench(args.players, args.events, args.full)
    if args.league:
        league_bench()
    load = busy_and_steal(before, cpu_ticks())
    if load:
        print(f"machine busy {load['machine_busy_pct']} % (steal {load['steal_pct']} %) while measuring")


if __name__ == "__main__":
    main()
