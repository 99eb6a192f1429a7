"""``/stats`` on the 100,000-match database (:mod:`bench.largedb`), reliability included.

Standalone: ``python -m bench.stats_large [--matches 100000] [--calls 1000]``.

On a copy of the cached database, first made to look like servers that have been running a
while: 60 % of the matches finished (3,000 of them on the first server); 5 % of the finished matches end with one player's fault (``reliability_faults``, a
time-out or an abandonment), a ladder of 200 players on the first server, and 20 regulars who
each played 2,000 of that server's finished matches, with their ratings and rating history (a player's own matches are 4 in the
generated database: the reliability window of 50 would never have to sort anything).  Then,
one call at a time as ``/stats`` makes them, the database work of ``/stats``: ratings, series
won and the average time per move (``service.stats``), the rating history for the chart, the
record against the computer and the reliability; each for a sample of ordinary players and for
the regulars.  Also the reliability query alone, and its plan.  The chart's drawing is not
included (9.5 ms, ``--only replay``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time

from matches import MatchService
from matches.reliability import RECENT_SQL, WINDOW
from matches.store import store_for

from . import largedb
from .lookups import ms_since
from .stats import busy_and_steal, cpu_ticks, summarize
from .store import EPOCH, copy_db, epoch_clock

FAULT_SHARE = 0.05
REGULARS = 20
REGULAR_MATCHES = 2000
LADDER = 200
FIRST_SERVER = 3000


def seed_server(path: str, rng: random.Random) -> dict:
    """Faults, a ladder and the regulars, written straight into the copy (sqlite3: it is a bench file)."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        # The generated database is a busy moment (most matches running); a server that has run a
        # while has mostly ended ones: 60 % finished, 3,000 of them on the first server.
        ids = [r[0] for r in conn.execute("SELECT id FROM matches WHERE status = 'active' ORDER BY id")]
        ended = rng.sample(ids, int(0.6 * len(ids)))
        conn.executemany(
            "UPDATE matches SET status = 'finished', ended_at = updated_at, deadline = NULL,"
            " next_event_at = NULL WHERE id = ?",
            [(m,) for m in ended],
        )
        conn.executemany("UPDATE matches SET guild_id = 1 WHERE id = ?", [(m,) for m in ended[:FIRST_SERVER]])
        finished = conn.execute(
            "SELECT m.id, m.guild_id, m.ended_at FROM matches m WHERE m.status = 'finished'"
        ).fetchall()
        players = {}
        for match_id, user_id in conn.execute("SELECT match_id, user_id FROM match_players"):
            players.setdefault(match_id, []).append(user_id)
        faults = [
            (m, rng.choice(players[m]), g, rng.choice(("timeout", "abandoned")), ended)
            for m, g, ended in finished
            if rng.random() < FAULT_SHARE
        ]
        conn.executemany(
            "INSERT INTO reliability_faults (match_id, user_id, guild_id, kind, at) VALUES (?, ?, ?, ?, ?)", faults
        )
        first = [m for m, g, _ in finished if g == 1]
        regulars = [10**14 + n for n in range(REGULARS)]
        rows = []
        for user in regulars:
            mine = rng.sample(first, min(REGULAR_MATCHES, len(first)))
            rows += [(user, m) for m in mine]
            faulted = mine[: rng.randint(0, 10)]  # a few faults of their own
            conn.executemany(
                "INSERT INTO reliability_faults (match_id, user_id, guild_id, kind, at) VALUES (?, ?, 1, 'timeout', ?)",
                [(m, user, EPOCH) for m in faulted],
            )
        conn.executemany("INSERT INTO match_players (user_id, match_id) VALUES (?, ?)", rows)
        # their ratings and a rating after each match (the chart's data)
        ended_at = {m: at for m, _, at in finished}
        conn.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, rating, played, wins, losses, draws)"
            " VALUES (1, 'architekton', ?, 1500, ?, ?, ?, 0)",
            [(u, REGULAR_MATCHES, REGULAR_MATCHES // 2, REGULAR_MATCHES // 2) for u in regulars],
        )
        conn.executemany(
            "INSERT INTO rating_history (guild_id, game, user_id, match_id, rating, rated_at)"
            " VALUES (1, 'architekton', ?, ?, ?, ?)",
            [(u, m, 1500 + rng.uniform(-200, 200), ended_at[m]) for u, m in rows],
        )
        ladder_users = sorted({u for m in first[:LADDER] for u in players[m]})[: LADDER - REGULARS] + regulars
        ladder = conn.execute(
            "INSERT INTO ladders (guild_id, game, ranking, reach, days, organiser_id, created_at)"
            " VALUES (1, 'architekton', ?, 3, 3, 1, ?)",
            (json.dumps(ladder_users), EPOCH),
        ).lastrowid
        conn.executemany(
            "INSERT INTO ladder_players (ladder_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
            [(ladder, u, f"u{u}", EPOCH) for u in ladder_users],
        )
        conn.commit()
        return {
            "faults": len(faults),
            "finished": len(finished),
            "regulars": REGULARS,
            "regular_matches": min(REGULAR_MATCHES, len(first)),
            "ladder_players": len(ladder_users),
            "regular_ids": regulars,
        }
    finally:
        conn.close()


PARTS = ("stats", "rating_history", "against_computer", "reliability")


async def stats_calls(service: MatchService, guild: int, user: int, parts: dict | None = None) -> float:
    """What /stats asks the database, in its order; milliseconds (each part's added to ``parts``)."""
    total = 0.0
    for name in PARTS:
        call = getattr(service, name)
        t = time.perf_counter_ns()
        await (call(guild, user, None) if name == "rating_history" else call(guild, user))
        took = ms_since(t)
        total += took
        if parts is not None:
            parts.setdefault(name, []).append(took)
    return total


async def measure(path: str, calls: int, log) -> dict:
    store = await store_for(path).open()
    service = MatchService(store, clock=epoch_clock())
    rng = random.Random(5)
    out: dict = {}
    try:
        people = await store.fetchall(
            "SELECT mp.user_id, m.guild_id FROM match_players mp JOIN matches m"
            " ON m.id = mp.match_id WHERE m.status = 'finished' AND mp.user_id > ?",
            (10**15,),
        )
        ordinary = [(r["guild_id"], r["user_id"]) for r in rng.sample(list(people), min(calls, len(people)))]
        regulars = [(1, 10**14 + n % REGULARS) for n in range(max(REGULARS, calls // 5))]
        for who, sample in (("ordinary", ordinary), ("regular", regulars)):
            for guild, user in sample[:20]:  # warm the cache
                await stats_calls(service, guild, user)
            parts: dict = {}
            out[f"stats_{who}"] = summarize([await stats_calls(service, g, u, parts) for g, u in sample], "ms")
            out[f"parts_{who}"] = {name: summarize(v, "ms") for name, v in parts.items()}
            log(
                "    by part: "
                + ", ".join(
                    f"{name} median {v['median']:.2f} p99 {v['p99']:.2f}" for name, v in out[f"parts_{who}"].items()
                )
            )
            times = []
            for guild, user in sample:
                t = time.perf_counter_ns()
                await store.fetchone(RECENT_SQL, (user, guild, WINDOW, user))
                times.append(ms_since(t))
            out[f"reliability_{who}"] = summarize(times, "ms")
            log(
                f"  /stats ({who} players, {len(sample)} calls): median {out[f'stats_{who}']['median']:.2f} ms, "
                f"p99 {out[f'stats_{who}']['p99']:.2f} ms; reliability alone median "
                f"{out[f'reliability_{who}']['median']:.3f} ms, p99 {out[f'reliability_{who}']['p99']:.3f} ms"
            )
        ranking = (await store.fetchone("SELECT ranking FROM ladders WHERE guild_id = 1"))["ranking"]
        ranked = json.loads(ranking)
        pages = []
        for n in range(max(10, calls // 20)):  # /ladder show: a page's figures
            start = (20 * n) % len(ranked)
            t = time.perf_counter_ns()
            await service.reliabilities(1, ranked[start : start + 20])
            pages.append(ms_since(t))
        out["ladder_page_reliabilities"] = summarize(pages, "ms")
        log(
            f"  /ladder show, a page of 20 players' figures: median {out['ladder_page_reliabilities']['median']:.2f}"
            f" ms, p99 {out['ladder_page_reliabilities']['p99']:.2f} ms"
        )
        plan = await store.fetchall("EXPLAIN QUERY PLAN " + RECENT_SQL, (regulars[0][1], 1, WINDOW, regulars[0][1]))
        out["plan"] = [r["detail"] for r in plan]
        log("  plan: " + " | ".join(out["plan"]))
        figure = await service.reliability(1, regulars[0][1])
        out["regular_figure"] = {"matches": figure.matches, "faults": figure.faults, "percent": figure.percent}
    finally:
        await store.close()
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.stats_large", description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=1000, help="ordinary players sampled (regulars: a fifth)")
    args = parser.parse_args(argv)
    log = print
    source = largedb.ensure(args.matches, log)
    before, started = cpu_ticks(), time.perf_counter()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "stats.sqlite3")
        copy_db(source, path)
        seeded = seed_server(path, random.Random(args.matches))
        seeded.pop("regular_ids")
        log(f"  seeded: {seeded}")
        out = asyncio.run(measure(path, args.calls, log))
    out.update(
        seeded=seeded,
        seconds=round(time.perf_counter() - started, 1),
        load_before=[round(x, 2) for x in load],
        load_after=[round(x, 2) for x in os.getloadavg()],
        **busy_and_steal(before, cpu_ticks()),
    )
    log(json.dumps({k: v for k, v in out.items() if k != "plan"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
