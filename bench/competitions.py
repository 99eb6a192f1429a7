"""Competition times: ``python -m bench.competitions [--players 256] [--events 3] [--full] [--league]
[--image] [--large [--matches 100000] [--tournaments 1000]]``.

Plays seeded Swiss events (random results with some draws, a few withdrawals)
and times :func:`matches.competitions.pair_swiss` for every round, standings
included: the median, 95th percentile and maximum per round and overall (wall
time, and the process's CPU time, which other work on the machine does not
inflate), and how many rounds fell back from the pruned graph to the full one.
``--full`` also times the unpruned matching on the same rounds and checks that
it costs the same; ``--league`` prints how evenly league schedules of three or
four a table spread the meetings (the fewest and most meetings of any pair) and
how long they take, for 3 to 40 players.  ``--image`` times the standings as the
bot posts them (text and image, :func:`bot.tournaments.standings_png`) for 32
and 256 players.  ``--large`` (:mod:`bench.competitions_large`) starts
``--tournaments`` Swiss events of 32 players in the large database and times
``/move`` (64 users at once) before and after, on SQLite and, with a server,
PostgreSQL.  Nothing is asserted: it prints numbers for people to read.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from matches.competitions import (
    Entrant,
    Round,
    default_league_rounds,
    default_rounds,
    league_schedule,
    pair_count_spread,
    pair_swiss,
    standings,
    swiss,
)

from .stats import busy_and_steal, cpu_ticks, percentile


def summary(samples: list[float]) -> str:
    data = sorted(samples)
    return (
        f"median {statistics.median(data) * 1000:8.1f} ms   p95 {percentile(data, 95) * 1000:8.1f} ms   "
        f"max {data[-1] * 1000:8.1f} ms   n={len(data)}"
    )


def result(k: int, rng: random.Random) -> tuple[int, ...]:
    if k == 2 and rng.random() < 0.1:
        return (1, 1)
    order = list(range(1, k + 1))
    rng.shuffle(order)
    return tuple(order)


def swiss_bench(players: int, events: int, full: bool) -> None:
    rounds_total = default_rounds(players)
    per_round: dict[int, list[float]] = {}
    cpu: list[float] = []
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
                start, start_cpu = time.perf_counter(), time.process_time()
                rnd = pair_swiss(entrants, rounds, withdrawn)
                per_round.setdefault(r + 1, []).append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
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
    print(
        f"Swiss, {players} players, {rounds_total} rounds, {events} events "
        f"(pruned graph above {swiss.PRUNE_ABOVE} players), pair_swiss with its standings:"
    )
    for r, samples in per_round.items():
        print(f"  round {r}:    {summary(samples)}")
    print(f"  all rounds: {summary([s for v in per_round.values() for s in v])}")
    print(f"  CPU time:   {summary(cpu)}")
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
            print("    " + " | ".join(cells[i : i + 6]))


def played_view(players: int, seed: int = 1):
    """A Swiss event of ``players`` played to its last round, as the service keeps it."""
    from matches.tournaments import Tournament, TournamentEntrant, TournamentTable, TournamentView

    rng = random.Random(seed)
    entrants = [Entrant(i, round(rng.gauss(1500, 250))) for i in range(1, players + 1)]
    rounds: list[Round] = []
    for _ in range(default_rounds(players)):
        rnd = pair_swiss(entrants, rounds)
        rounds.append(rnd.with_results([result(len(t.players), rng) for t in rnd.tables]))
    event = Tournament(
        1,
        1,
        1,
        "Bench Open",
        "architekton",
        "swiss",
        {},
        2,
        len(rounds),
        3,
        "finished",
        len(rounds),
        len(rounds),
        True,
        1,
        None,
        None,
        [],
        0.0,
    )
    people = [TournamentEntrant(e.id, f"Player number {e.id}", None, e.rating) for e in entrants]
    tables = [
        TournamentTable(number, n, list(t.players), list(t.places), t.forfeit, None, None)
        for number, rnd in enumerate(rounds, 1)
        for n, t in enumerate(rnd.tables, 1)
    ]
    view = TournamentView(event, people, tables, {number: list(rnd.byes) for number, rnd in enumerate(rounds, 1)})
    event.winners = view.winners()
    return view


def image_bench(repeat: int = 10) -> None:
    """The standings as the bot posts them: the text, and the image drawn in a worker thread."""
    import discord

    from bot.locales import say
    from bot.tournaments.tournament import standings_lines, standings_png

    print(f"Standings as posted (text, then image), {repeat} times each, English:")
    for players in (32, 256):
        view = played_view(players)
        texts, images, image_cpu, sizes = [], [], [], []
        for _ in range(repeat):
            start = time.perf_counter()
            say(standings_lines(view, True), discord.Locale.british_english)
            texts.append(time.perf_counter() - start)
            start, start_cpu = time.perf_counter(), time.process_time()
            sizes.append(len(standings_png(view, True, discord.Locale.british_english)))
            images.append(time.perf_counter() - start)
            image_cpu.append(time.process_time() - start_cpu)
        print(f"  {players} players, text:  {summary(texts)}")
        print(f"  {players} players, image: {summary(images)}   {sizes[0] / 1000:.0f} KB")
        print(f"  {players} players, image CPU: {summary(image_cpu)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.competitions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--events", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="also time the unpruned matching")
    parser.add_argument("--league", action="store_true", help="league schedule spreads for 3 to 40 players")
    parser.add_argument("--image", action="store_true", help="the standings' text and image, 32 and 256 players")
    parser.add_argument("--large", action="store_true", help="events in the large database beside /move")
    parser.add_argument("--matches", type=int, default=100_000, help="with --large: the database's matches")
    parser.add_argument("--tournaments", type=int, default=1000, help="with --large: events of 32 players")
    parser.add_argument("--no-swiss", action="store_true", help="skip the Swiss pairing times")
    args = parser.parse_args(argv)
    before = cpu_ticks()
    if not args.no_swiss:
        swiss_bench(args.players, args.events, args.full)
    if args.league:
        league_bench()
    if args.image:
        image_bench()
    if args.large:
        from . import competitions_large

        competitions_large.run(args.matches, args.tournaments, print)
    load = busy_and_steal(before, cpu_ticks())
    if load:
        print(f"machine busy {load['machine_busy_pct']} % (steal {load['steal_pct']} %) while measuring")


if __name__ == "__main__":
    main()
