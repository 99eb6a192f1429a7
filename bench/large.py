"""Large-database section: 100,000 matches with real move histories (2,000 in quick mode).

On a copy of the cached database (:mod:`bench.largedb`):

- ``lookup``: finding a player's match, the query before this change (a JOIN
  SQLite started from ``matches_status``) and now (driven from
  ``match_players``), one call at a time; also /stats' count of won series
  without and with its index;
- ``crowd``: 64 users at once (all send a command at the same instant, each
  waits for his answer, and again), through the real service: ``/move`` typed without
  ``match`` (the look-up, then ``MatchService.move``), autocomplete (the
  look-up, legal moves, ``suggest``) and ``/games`` (``waiting_list``); each
  with the old query as well, side by side; and ``/move`` with its board image
  drawn off the event loop as the bot does (informational: rendering is the
  CPU ceiling of one process, a later change);
- ``writers``: store moves per second with 8 concurrent writers;
- through the real bot under SimCord (:mod:`bench.large_bot`): ``/move`` and
  autocomplete one at a time, old and new query; 10,000 reminders due at once.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
import time

from bench.stats import busy_and_steal, cpu_ticks
from bot.play.suggest import RecentMoves, suggest
from matches import Match, MatchService
from matches.store import store_for

from . import large_bot, largedb, largepg
from .lookups import ms_since, old_query, timed_summary
from .store import copy_db, epoch_clock, plan

USERS = 64
WRITERS = 8


# ------------------------------------------------------------------ phases
async def lookups(service: MatchService, people: list[tuple[int, int, str]], calls: dict[str, int]) -> dict:
    out = {}
    for which in ("old", "new"):
        samples = []
        with old_query(service, which):
            for user, channel, game in people[: calls[which]]:
                t = time.perf_counter_ns()
                await service.user_matches(user, channel_id=channel, game=game)
                samples.append(ms_since(t))
        out[which] = timed_summary(samples)
    store = service.store
    stats = {}
    # SQLite can be told to ignore the index; PostgreSQL cannot (both rows use it there).
    unindexed = "series NOT INDEXED" if store.backend == "sqlite" else "series"
    for which, table in (("old", unindexed), ("new", "series")):
        samples = []
        for user, _, _ in people[: calls[which]]:
            t = time.perf_counter_ns()
            await store.fetchone(f"SELECT COUNT(*) FROM {table} WHERE guild_id = ? AND winner_id = ?", (1, user))
            samples.append(ms_since(t))
        stats[which] = timed_summary(samples)
    return {"user_matches": out, "stats_series_won": stats}


async def bursts(requests: list, rounds: int) -> list[float]:
    """``rounds`` times, every request of ``requests`` at the same instant (64 users at once);
    each one's latency runs from that instant to its answer, waiting behind the others included."""
    latencies = []

    async def answered(request, since: int) -> None:
        await request()
        latencies.append(ms_since(since))

    for n in range(rounds):
        since = time.perf_counter_ns()
        await asyncio.gather(*(answered(request, since) for request in requests(n)))
    return latencies


async def crowd(
    service: MatchService, matches: list[Match], spare: list[int], rounds: int, *, board: bool = False
) -> dict:
    """/move typed without ``match``: the look-up, then the move (and the board, with ``board``)."""
    from render import render_png

    rng = random.Random(5)
    failures: list[str] = []
    spare = list(spare)
    current = {n: m for n, m in enumerate(matches)}
    # What each player will type: chosen between the rounds, the player's own thinking.
    typed = {n: rng.choice(m.state().legal_moves()) for n, m in current.items()}

    def request(n: int):
        async def move() -> None:
            match = current[n]
            mover = match.to_move_id()
            mine = await service.user_matches(mover, channel_id=match.channel_id, game=match.game)
            if not any(m.id == match.id for m in mine):
                failures.append(f"match {match.id}: not found for its player")
                return
            try:
                result = await service.move(match.id, mover, typed[n])
            except Exception as exc:  # noqa: BLE001 - reported, not fatal
                failures.append(f"match {match.id}: {type(exc).__name__}: {exc}")
                return
            if board:
                await asyncio.to_thread(render_png, result.match.state(), result.match.names)
            current[n] = result.match

        return move

    latencies = []
    for _ in range(rounds):
        latencies += await bursts(lambda _: [request(n) for n in current], 1)
        for n, match in current.items():
            while match.status != "active" and spare:
                match = current[n] = await service.get(spare.pop())
            typed[n] = rng.choice(match.state().legal_moves())
    return {"latency": timed_summary(latencies), "failures": failures[:5]}


async def keystrokes(service: MatchService, people: list[tuple[int, int, str]], rounds: int) -> dict:
    """Autocomplete of /move: what Actions.move_choices reads and computes."""
    recent = RecentMoves()

    def request(user: int, channel: int, game: str, n: int):
        async def keystroke() -> None:
            mine = [
                m for m in await service.user_matches(user, channel_id=channel, game=game) if m.to_move_id() == user
            ]
            if len(mine) == 1:
                suggest(recent.of(mine[0]), "" if n % 2 == 0 else "a")

        return keystroke

    latencies = await bursts(lambda n: [request(*p, n) for p in people], rounds)
    return {"latency": timed_summary(latencies)}


async def games_lists(service: MatchService, people: list[tuple[int, int, str]], rounds: int) -> dict:
    def request(user: int):
        async def games() -> None:
            await service.waiting_list(user)

        return games

    latencies = await bursts(lambda n: [request(p[0]) for p in people], rounds)
    return {"latency": timed_summary(latencies)}


async def writers(service: MatchService, ids: list[int], per_writer: int, moves_per_match: int) -> dict:
    chosen = ids[: WRITERS * per_writer]
    scripts = await plan(service, chosen, moves_per_match, seed=11)
    latencies, errors = [], []

    async def writer(mine: list[int]) -> int:
        done = 0
        for step in range(moves_per_match):
            for match_id in mine:
                if step < len(scripts[match_id]):
                    user, move = scripts[match_id][step]
                    t = time.perf_counter_ns()
                    try:
                        await service.move(match_id, user, move)
                    except Exception as exc:  # noqa: BLE001 - reported, not fatal
                        errors.append(f"{type(exc).__name__}: {exc}")
                        continue
                    latencies.append(ms_since(t))
                    done += 1
        return done

    started = time.perf_counter()
    done = sum(await asyncio.gather(*(writer(chosen[w::WRITERS]) for w in range(WRITERS))))
    seconds = time.perf_counter() - started
    return {
        "moves": done,
        "seconds": round(seconds, 2),
        "moves_per_s": round(done / seconds, 1),
        "latency": timed_summary(latencies),
        "errors": errors[:5],
    }


def people_of(matches: list[Match]) -> list[tuple[int, int, str]]:
    """The player to move of each match, with where and what he plays."""
    return [(m.to_move_id(), m.channel_id, m.game) for m in matches]


async def service_phases(path: str, count: int, quick: bool, log) -> dict:
    store = await store_for(path).open()
    service = MatchService(store, clock=epoch_clock())
    out: dict = {}
    try:
        rng = random.Random(3)
        active = [r[0] for r in await store.fetchall("SELECT id FROM matches WHERE status = 'active'")]
        rng.shuffle(active)
        sample = [await service.get(i) for i in active[: USERS * 4]]
        sample = [m for m in sample if m.state().legal_moves()]
        # The old query takes a quarter of a second at 100,000 matches: fewer samples of it.
        calls = {"old": 100, "new": 100} if quick else {"old": 100, "new": 1000}
        out["lookup"] = await lookups(service, people_of(sample) * 4, calls)
        lu = out["lookup"]
        log(
            f"  user_matches, one at a time: old median {lu['user_matches']['old']['median']} ms "
            f"p99 {lu['user_matches']['old']['p99']} ms; new median {lu['user_matches']['new']['median']} ms "
            f"p99 {lu['user_matches']['new']['p99']} ms"
        )
        log(
            f"  /stats series won: old median {lu['stats_series_won']['old']['median']} ms, "
            f"new {lu['stats_series_won']['new']['median']} ms"
        )
        users = sample[:USERS]
        people = people_of(users)
        rounds = {"old": 2, "new": 3 if quick else 12}
        out["crowd"] = {}
        for which in ("old", "new"):
            ticks = cpu_ticks()
            with old_query(service, which):
                # /move changes whose turn it is: each series plays other matches (fresh ones from the sample).
                movers = [await service.get(m.id) for m in (users if which == "new" else sample[USERS : 2 * USERS])]
                moved = await crowd(service, movers, active[USERS * 4 : USERS * 8], rounds[which])
                typists = [await service.get(m.id) for m in sample[2 * USERS : 3 * USERS]]
                typed = await keystrokes(service, people_of(typists), rounds[which] * 2)
                listed = await games_lists(service, people, rounds[which])
            out["crowd"][which] = {
                "move": moved,
                "autocomplete": typed,
                "games": listed,
                **busy_and_steal(ticks, cpu_ticks()),
            }
            log(
                f"  {USERS} users at once, {which} query: /move median {moved['latency']['median']} ms "
                f"p99 {moved['latency']['p99']} ms; autocomplete median {typed['latency']['median']} ms "
                f"p99 {typed['latency']['p99']} ms; /games median {listed['latency']['median']} ms "
                f"p99 {listed['latency']['p99']} ms (steal {out['crowd'][which].get('steal_pct')} %)"
            )
            for failure in moved["failures"]:
                log(f"  NOTE {failure}")
        ticks = cpu_ticks()
        boards = [await service.get(m.id) for m in sample[3 * USERS : 4 * USERS]]
        out["crowd"]["new_with_board"] = await crowd(
            service, boards, active[USERS * 8 : USERS * 12], 2 if quick else 4, board=True
        )
        out["crowd"]["new_with_board"].update(busy_and_steal(ticks, cpu_ticks()))
        b = out["crowd"]["new_with_board"]["latency"]
        log(f"  {USERS} users at once, /move with its board drawn: median {b['median']} ms p99 {b['p99']} ms")
        ticks = cpu_ticks()
        out["writers"] = await writers(service, active[USERS * 12 :], 8 if quick else 40, 4 if quick else 10)
        out["writers"].update(busy_and_steal(ticks, cpu_ticks()))
        w = out["writers"]
        log(
            f"  store, {WRITERS} writers: {w['moves_per_s']} moves/s ({w['moves']} moves), latency median "
            f"{w['latency']['median']} ms p99 {w['latency']['p99']} ms"
        )
    finally:
        await store.close()
    return out


# ------------------------------------------------------------------ the section
def run(quick: bool, log) -> dict:
    count = 2_000 if quick else 100_000
    reminders = 200 if quick else 10_000
    source = largedb.ensure(count, log)
    tmp = tempfile.mkdtemp(prefix="bench-large-")
    try:
        path = os.path.join(tmp, "work.sqlite3")
        t = time.perf_counter()
        copy_db(source, path)
        log(f"  copied for this run ({time.perf_counter() - t:.1f} s)")
        out = {"matches": count, "users": USERS, "notes": [], "backend": "sqlite"}
        out.update(asyncio.run(service_phases(path, count, quick, log)))
        out.update(asyncio.run(large_bot.bot_phases(path, quick, reminders, log)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    url = largepg.server_url()
    if url is None:
        out["notes"].append("large: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)")
        return out
    log("  [PostgreSQL]")
    template = largepg.prepare(url, source, count, log)
    out["postgresql"] = asyncio.run(_postgres_phases(url, template, count, quick, reminders, log))
    return out


async def _postgres_phases(url: str, template: str, count: int, quick: bool, reminders: int, log) -> dict:
    out = {"matches": count, "users": USERS, "backend": "postgresql"}
    async with largepg.work_database(url, template) as location:
        out.update(await service_phases(location, count, quick, log))
    async with largepg.work_database(url, template) as location:
        out.update(await large_bot.bot_phases(location, quick, reminders, log))
    return out
