"""Events in the large database beside ``/move``: ``python -m bench.competitions --no-swiss --large``.

On a copy of the large section's database (:mod:`bench.largedb`, ``--matches``
matches with real move histories), the same burst of 64 users typing ``/move``
at once (:func:`bench.large.crowd`: the look-up, then ``MatchService.move``) is
timed before and after ``--tournaments`` Swiss events of 32 players each are
started through the service (16,000 more active matches for 1,000 events; the
entrants are the database's own players, so their look-ups find more matches).
After the events start, the same burst runs again on the same kind of matches
(ordinary ones, other players), then with half of the 64 users moving in an
event match.  Also
timed: starting one event (pairing and its 16 matches, one transaction); the
scheduler's reads with every event running (``next_wakeup``, ``end_late_matches``,
``claim_news``, ``claim_unposted_matches`` with nothing to do); and the move
that ends a round, which pairs the next round in its own transaction.  Then
the same on PostgreSQL when ``BENCH_DATABASE_URL`` or ``TEST_DATABASE_URL`` is set.
Setting up the sign-ups (rows written straight into ``event_entrants``) is not timed.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
import time

from matches import MatchService, Player
from matches.store import store_for

from . import largedb, largepg
from .large import USERS, crowd
from .lookups import ms_since, timed_summary
from .stats import busy_and_steal, cpu_ticks
from .store import copy_db, epoch_clock

PLAYERS = 32
ROUNDS = 6  # bursts of 64 /move before and after
EVENT_CHANNELS = 900_000  # each event plays in a channel of its own


def line(label: str, summary: dict) -> str:
    return (
        f"{label}: median {summary['median']} ms p99 {summary['p99']} ms max {summary['max']} ms (n={summary['count']})"
    )


async def moves(service: MatchService, ids: list[int], spare: list[int]) -> dict:
    ticks = cpu_ticks()
    movers = [await service.get(i) for i in ids]
    out = await crowd(service, movers, spare, ROUNDS)
    out.update(busy_and_steal(ticks, cpu_ticks()))
    return out


async def timed(call) -> float:
    start = time.perf_counter_ns()
    await call()
    return ms_since(start)


async def phases(location: str, tournaments: int, log) -> dict:
    store = await store_for(location).open()
    service = MatchService(store, clock=epoch_clock())
    out: dict = {}
    try:
        rng = random.Random(7)
        active = [r[0] for r in await store.fetchall("SELECT id FROM matches WHERE status = 'active'")]
        rng.shuffle(active)
        before = await moves(service, active[:USERS], active[4 * USERS : 6 * USERS])
        out["move_before"] = before
        log(
            "  "
            + line(f"/move, {USERS} at once, before the events", before["latency"])
            + f" (steal {before.get('steal_pct')} %)"
        )

        users = [
            r[0]
            for r in await store.fetchall(
                "SELECT DISTINCT user_id FROM match_players ORDER BY user_id LIMIT ?", (tournaments * PLAYERS,)
            )
        ]
        starts = []
        started = time.perf_counter()
        for i in range(tournaments):
            event = await service.create_event(
                1 + i % 100, EVENT_CHANNELS + i, Player(1, "organiser"), "architekton", "swiss", rounds=5, days=3
            )
            entrants = users[i * PLAYERS : (i + 1) * PLAYERS]
            await store.write(
                lambda tx, event=event, entrants=entrants: tx.executemany(
                    "INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                    [(event.id, u, f"u{u}", event.created_at + n) for n, u in enumerate(entrants)],
                )
            )
            starts.append(await timed(lambda event=event: service.start_event(event.id)))
            if i % 200 == 199:
                log(f"    {i + 1} events started ({time.perf_counter() - started:.0f} s)")
        out["start_event"] = timed_summary(starts)
        log("  " + line(f"starting an event of {PLAYERS} (pairing and {PLAYERS // 2} matches)", out["start_event"]))
        # The boards and pairings would be posted by the bot: mark them so, as it would have.
        await service.claim_news()
        await store.execute(
            "UPDATE matches SET message_id = 1 WHERE message_id IS NULL AND id IN (SELECT match_id FROM event_tables)"
        )
        await store.execute("UPDATE event_tables SET board_pending = 0")
        scheduler = {}
        for name, call in (
            ("next_wakeup", service.next_wakeup),
            ("end_late_matches", service.end_late_matches),
            ("claim_news", service.claim_news),
            ("claim_unposted_matches", service.claim_unposted_matches),
        ):
            scheduler[name] = timed_summary([await timed(call) for _ in range(20)])
            log("  " + line(f"{name}, {tournaments} events running", scheduler[name]))
        out["scheduler"] = scheduler

        event_matches = [
            r[0]
            for r in await store.fetchall(
                "SELECT t.match_id FROM event_tables t JOIN matches m ON m.id = t.match_id WHERE m.status = 'active'"
                " ORDER BY t.event_id DESC, t.table_no LIMIT ?",
                (USERS * 2,),
            )
        ]
        again = await moves(service, active[2 * USERS : 3 * USERS], active[8 * USERS : 10 * USERS])
        out["move_after_same_kind"] = again
        log(
            "  "
            + line(
                f"/move, {USERS} at once, {tournaments} events running (ordinary matches as before)", again["latency"]
            )
            + f" (steal {again.get('steal_pct')} %)"
        )
        mixed = event_matches[: USERS // 2] + active[USERS : USERS + USERS // 2]
        after = await moves(service, mixed, event_matches[USERS // 2 :] + active[6 * USERS : 8 * USERS])
        out["move_after"] = after
        log(
            "  "
            + line(f"/move, {USERS} at once, {tournaments} events running (half in event matches)", after["latency"])
            + f" (steal {after.get('steal_pct')} %)"
        )
        for failure in before["failures"] + again["failures"] + after["failures"]:
            log(f"  NOTE {failure}")

        # Rounds ending: every match of a few events is resigned; the last one pairs the next round.
        ends, others = [], []
        events = [r[0] for r in await store.fetchall("SELECT id FROM events ORDER BY id LIMIT 10")]
        for event_id in events:
            view = await service.event_view(event_id)
            for n, table in enumerate(view.round_tables(1)):
                match = await service.get(table.match_id)
                if match.status != "active":
                    continue
                if match.plies == 0:
                    await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
                took = await timed(lambda match=match, table=table: service.resign(match.id, table.players[1]))
                (ends if n == len(view.round_tables(1)) - 1 else others).append(took)
            assert (await service.event(event_id)).round == 2
        out["round_end"] = {"last": timed_summary(ends), "others": timed_summary(others)}
        log("  " + line("the resignation that ends a round (the next one paired with it)", out["round_end"]["last"]))
        log("  " + line("  other resignations in those rounds", out["round_end"]["others"]))
    finally:
        await store.close()
    return out


def run(matches: int, tournaments: int, log) -> dict:
    source = largedb.ensure(matches, log)
    tmp = tempfile.mkdtemp(prefix="bench-events-")
    out: dict = {"matches": matches, "tournaments": tournaments}
    try:
        path = os.path.join(tmp, "work.sqlite3")
        copy_db(source, path)
        log(f"[SQLite] {matches:,} matches, {tournaments} events of {PLAYERS}")
        out["sqlite"] = asyncio.run(phases(path, tournaments, log))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    url = largepg.server_url()
    if url is not None:
        log(f"[PostgreSQL] {matches:,} matches, {tournaments} events of {PLAYERS}")
        template = largepg.prepare(url, source, matches, log)

        async def on_postgres() -> dict:
            async with largepg.work_database(url, template) as location:
                return await phases(location, tournaments, log)

        out["postgresql"] = asyncio.run(on_postgres())
    return out
