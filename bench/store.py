"""Store section: sustained MatchService.move throughput with many active matches.

Matches are created through the real service (``create_challenge`` + ``accept``),, so every row is exactly what the bot writes.  Then 8
asyncio tasks (the "writers") call ``MatchService.move`` on distinct matches,
all through one service and one store, as the bot does.  The moves are legal
moves planned beforehand on a copy of each match's state (not timed).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import os
import random
import sqlite3
import tempfile
import time

from engines import game_names
from matches import MatchService, Player, Store

from .stats import busy_and_steal, cpu_ticks, summarize

WRITERS = 8
# One creator: 8 concurrent creators were no faster (the write lock serialises them) and
# hit a stale read of the shared reader connection (create_challenge -> NotFound).
CREATORS = 1
# SimCord's virtual clock starts here: stores made for the bot (memory section) look fresh to it.
EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
USER_BASE = 10**15

_templates: dict[int, str] = {}


def epoch_clock():
    start = time.monotonic()
    return lambda: EPOCH + (time.monotonic() - start)


def db_bytes(path: str) -> int:
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


def checkpoint(path: str) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def copy_db(source: str, target: str) -> None:
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


async def populate(path: str, count: int, log, games: list[str] | None = None) -> dict:
    """``count`` active two-player matches (games round-robin), distinct players each."""
    games = games or game_names()
    store = await Store(path).open()
    seeds = itertools.count(1)
    service = MatchService(store, clock=epoch_clock(), seeds=lambda: next(seeds))
    next_index = itertools.count()
    started = time.perf_counter()

    async def creator() -> None:
        while (i := next(next_index)) < count:
            game = games[i % len(games)]
            a, b = USER_BASE + 2 * i, USER_BASE + 2 * i + 1
            challenge = await service.create_challenge(
                game, 1, 100 + i % 50, Player(a, f"user{2 * i}"), [Player(b, f"user{2 * i + 1}")], first="me"
            )
            await service.accept(challenge.id, b)
            if (i + 1) % 2000 == 0:
                log(f"    {i + 1} matches created ({time.perf_counter() - started:.0f} s)")

    try:
        await asyncio.gather(*(creator() for _ in range(CREATORS)))
        seconds = time.perf_counter() - started
        active = (await store.fetchone("SELECT COUNT(*) FROM matches WHERE status = 'active'"))[0]
    finally:
        await store.close()  # aiosqlite's threads would keep the process alive
    checkpoint(path)
    return {
        "matches": count,
        "active": active,
        "seconds": round(seconds, 2),
        "matches_per_s": round(count / seconds, 1),
        "bytes": db_bytes(path),
    }


async def template(count: int, log) -> str:
    """A pristine database with ``count`` active matches (made once per run, then copied)."""
    if count not in _templates:
        path = os.path.join(tempfile.mkdtemp(prefix="bench-store-"), f"template-{count}.sqlite3")
        log(f"  creating {count} matches through MatchService ...")
        info = await populate(path, count, log)
        log(
            f"  {count} matches in {info['seconds']} s ({info['matches_per_s']} matches/s), "
            f"{info['bytes'] / count:.0f} bytes per match"
        )
        _templates[count] = path
        _template_info[count] = info
    return _templates[count]


_template_info: dict[int, dict] = {}


def time_units(store: Store) -> list[float]:
    """Instrumentation only: records how long each write transaction occupies the writer thread (ms)."""
    held: list[float] = []
    run_unit = store._unit

    def timed(work):
        since = time.perf_counter_ns()
        try:
            return run_unit(work)
        finally:
            held.append((time.perf_counter_ns() - since) / 1e6)

    store._unit = timed
    return held


async def plan(service: MatchService, match_ids: list[int], moves_per_match: int, seed: int):
    """Legal moves for each match, computed on a copy of its state: [(user_id, move), ...]."""
    rng = random.Random(seed)
    scripts = {}
    for match_id in match_ids:
        match = await service.get(match_id)
        state = match.state()
        script = []
        while len(script) < moves_per_match and state.current_player() is not None:
            seat = state.current_player()
            move = state.play(rng.choice(state.legal_moves()))
            script.append((match.players[seat], move))
        scripts[match_id] = script
    return scripts


async def bench_one(count: int, *, matches_per_writer: int, moves_per_match: int, log, rep: int = 0) -> dict:
    """One timed run on a fresh copy of the ``count``-match database (``rep`` picks other matches)."""
    source = await template(count, log)
    path = os.path.join(os.path.dirname(source), f"run-{count}.sqlite3")
    copy_db(source, path)
    bytes_created = db_bytes(path)
    store = await Store(path).open()
    try:
        return await _moves(store, path, count, bytes_created, matches_per_writer, moves_per_match, rep)
    finally:
        if store.is_open:
            await store.close()


async def _moves(
    store: Store, path: str, count: int, bytes_created: int, matches_per_writer: int, moves_per_match: int, rep: int
) -> dict:
    service = MatchService(store, clock=epoch_clock())
    ids = [r[0] for r in await store.fetchall("SELECT id FROM matches WHERE status = 'active' ORDER BY id")]
    chosen = random.Random(count * 100 + rep).sample(ids, min(len(ids), WRITERS * matches_per_writer))
    scripts = await plan(service, chosen, moves_per_match, seed=count * 100 + rep)
    owned = [chosen[w::WRITERS] for w in range(WRITERS)]
    latencies: list[float] = []
    errors: list[str] = []

    async def writer(mine: list[int]) -> int:
        done = 0
        for step in range(moves_per_match):
            for match_id in mine:
                script = scripts[match_id]
                if step >= len(script):
                    continue
                user, move = script[step]
                t = time.perf_counter_ns()
                try:
                    await service.move(match_id, user, move)
                except Exception as exc:  # noqa: BLE001 - reported, not fatal
                    errors.append(f"match {match_id} step {step}: {type(exc).__name__}: {exc}")
                    continue
                latencies.append((time.perf_counter_ns() - t) / 1e6)
                done += 1
        return done

    held = time_units(store)
    cpu, loop_cpu, ticks = time.process_time(), time.thread_time(), cpu_ticks()
    started = time.perf_counter()
    done = sum(await asyncio.gather(*(writer(m) for m in owned)))
    seconds = time.perf_counter() - started
    cpu, loop_cpu = time.process_time() - cpu, time.thread_time() - loop_cpu
    machine = busy_and_steal(ticks, cpu_ticks())
    await store.close()
    checkpoint(path)
    bytes_after = db_bytes(path)
    result = {
        "matches": count,
        "writers": WRITERS,
        "matches_moved": len(chosen),
        "moves": done,
        "seconds": round(seconds, 3),
        "moves_per_s": round(done / seconds, 1) if seconds else None,
        "latencies": latencies,
        "writer_busy": held,
        "cpu_ms_per_move": round(cpu / done * 1e3, 3) if done else None,
        "event_loop_cpu_ms_per_move": round(loop_cpu / done * 1e3, 3) if done else None,
        "process_cpu_pct": round(100 * cpu / seconds, 1) if seconds else None,
        **machine,
        "db_bytes_created": bytes_created,
        "db_bytes_per_match_created": round(bytes_created / count, 1),
        "db_bytes_after_moves": bytes_after,
        "db_bytes_per_match_after_moves": round(bytes_after / count, 1),
        "creation": _template_info.get(count),
        "errors": errors[:10],
    }
    os.remove(path)
    return result


def combine(runs: list[dict]) -> dict:
    """Repetitions of one database size: the median run's rate, latencies pooled."""
    ranked = sorted(runs, key=lambda r: r["moves_per_s"] or 0)
    middle = ranked[len(ranked) // 2]
    out = {k: v for k, v in middle.items() if k not in ("latencies", "writer_busy")}
    out["moves_per_s_runs"] = [r["moves_per_s"] for r in runs]
    out["steal_pct_runs"] = [r.get("steal_pct") for r in runs]
    out["machine_busy_pct_runs"] = [r.get("machine_busy_pct") for r in runs]
    out["move_latency"] = summarize([x for r in runs for x in r["latencies"]], "ms")
    out["write_transaction"] = summarize([x for r in runs for x in r["writer_busy"]], "ms")
    out["errors"] = [e for r in runs for e in r["errors"]][:10]
    return out


def run(quick: bool, log) -> dict:
    counts = (200,) if quick else (1000, 10000)
    repetitions = 1 if quick else 3
    out = {"runs": {}, "notes": [], "writers": WRITERS, "repetitions": repetitions}
    for count in counts:
        started = time.perf_counter()
        runs = [
            asyncio.run(
                bench_one(
                    count, matches_per_writer=8 if quick else 40, moves_per_match=4 if quick else 12, log=log, rep=rep
                )
            )
            for rep in range(repetitions)
        ]
        out["runs"][str(count)] = result = combine(runs)
        log(
            f"  store {count} matches: {result['moves_per_s']} moves/s (median of {result['moves_per_s_runs']}; "
            f"{result['moves']} moves, 8 writers), move latency median {result['move_latency'].get('median')} ms "
            f"p99 {result['move_latency'].get('p99')} ms, write transaction median "
            f"{result['write_transaction'].get('median')} ms, {result['db_bytes_per_match_created']:.0f} bytes/match; "
            f"machine busy {result['machine_busy_pct_runs']} %, steal {result['steal_pct_runs']} % "
            f"({time.perf_counter() - started:.1f} s)"
        )
        for error in result["errors"]:
            out["notes"].append(f"store {count}: {error}")
            log(f"  NOTE store {count}: {error}")
    return out
