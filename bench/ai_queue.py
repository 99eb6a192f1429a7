"""The computer's thinking through the job queue in PostgreSQL (matches/jobs.py, ``python -m ai worker``).

``python -m bench.ai_queue [--db postgresql://...] [--moves 40] [--workers 1,2,4] [--busy 30] [--reviews 4]
[--parts round_trips,latency,throughput] [-o bench/ai-queue.json]``

In a fresh schema of the database (default: TEST_DATABASE_URL), side by side in one run:

- throughput: ``--moves`` hard moves of mixed games (the four two-player games, each a match a few
  random plies in) drained by the in-process pool of one process (as the bot thinks without the queue:
  ``matches.computer.think`` in a ProcessPoolExecutor) and by 1, 2 and 4 ``python -m ai worker``
  processes (one thinking process each): jobs per CPU-second of everything that thought (the workers
  and their thinking processes, read from /proc), and the wall time;
- the wait from a person's move to the computer's reply starting (the job's claim), p50 and p99: with
  the queue idle (easy moves one after the other, one worker), and with a server's many computer
  matches waiting (hard moves) while another server's person moves (two workers);
- a live move's wait while reviews are queued (one worker: its move slot and its review slot);
- the database round trips per job: the worker's (claim, result) and the bot's (reading the result,
  playing it), counted on one runner in this process.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from matches import MatchService, Player, ai_seats
from matches.computer import think
from matches.jobs import MOVE
from matches.store import store_for

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("architekton", "atacama", "tactori", "tactori-fem")
ANN = Player(1, "ann")
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """CPU seconds of process ``root`` and every living descendant (with what they reaped), from /proc."""
    parents, cpu = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)
        parents[pid] = int(fields[1])
        cpu[pid] = sum(int(x) for x in fields[11:15]) / TICK      # utime, stime, cutime, cstime
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return total


async def new_schema(url: str) -> str:
    import asyncpg

    schema = f"bench_queue_{uuid.uuid4().hex[:10]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}", schema


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


async def computer_turn(service, game: str, level: str, guild: int, rng: random.Random):
    """A match where the computer (``level``) is to move, a few random plies in: its job is queued."""
    match = await service.create_challenge(game, guild, 20, ANN, ai_seats.players(level, 1), first="me")
    for _ in range(rng.randrange(0, 3)):
        if match.status != "active" or match.to_move_id() != ANN.id:
            break
        match = (await service.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))).match
        job = service.computer_to_move(match)
        if job is not None:
            match = (await service.computer_move(job, rng.choice(match.state().legal_moves()))).match
    while match.status == "active" and match.to_move_id() == ANN.id:     # Architekton: both placements
        match = (await service.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))).match
    if service.computer_to_move(match) is None:                          # it ended: another one
        return await computer_turn(service, game, level, guild, rng)
    return match


def start_worker(url: str, *, reviews: int = 0) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "AI_WORKERS": "1", "LOG_LEVEL": "WARNING"}
    return subprocess.Popen([sys.executable, "-m", "ai", "worker", "--processes", "1", "--reviews", str(reviews)],
                            cwd=ROOT, env=env, start_new_session=True)


def stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        worker.send_signal(signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


async def waiting(service) -> int:
    row = await service.store.fetchone("SELECT COUNT(*) AS n FROM ai_jobs WHERE kind = 'move'"
                                       " AND state IN ('waiting', 'running')")
    return row["n"]


async def drained(service, seconds: float = 1800.0) -> None:
    deadline = time.monotonic() + seconds
    while await waiting(service):
        if time.monotonic() > deadline:
            raise TimeoutError("the queue did not drain")
        await asyncio.sleep(0.05)


async def queue_hard_moves(service, count: int, seed: int, guilds: int = 5) -> list:
    rng = random.Random(seed)
    matches = []
    for n in range(count):
        matches.append(await computer_turn(service, GAMES[n % len(GAMES)], "hard", 100 + n % guilds, rng))
    return matches


async def seen(service, count: int) -> None:
    """Until ``count`` worker processes have said they are up (their first claim's heartbeat)."""
    while (await service.store.fetchone("SELECT COUNT(*) AS n FROM ai_workers"))["n"] < count:
        await asyncio.sleep(0.1)


async def throughput(url: str, moves: int, worker_counts: list[int], log) -> dict:
    store = await store_for(url).open()
    service = MatchService(store)
    out = {}
    try:
        # the same positions for every configuration: queued once, their jobs kept aside
        await store.execute("DELETE FROM ai_jobs")
        matches = await queue_hard_moves(service, moves, 1)
        rows = [dict(r) for r in await store.fetchall("SELECT * FROM ai_jobs WHERE kind = 'move' ORDER BY id")]
        jobs = [service.computer_to_move(m) for m in matches]

        # the in-process pool (one process), as the bot thinks without the queue; started and warm first
        import dataclasses

        me = os.getpid()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            await asyncio.wrap_future(pool.submit(think, dataclasses.replace(jobs[0], level="easy")))
            before, wall = tree_cpu(me), time.perf_counter()
            futures = [asyncio.wrap_future(pool.submit(think, job)) for job in jobs]
            pool_moves = await asyncio.gather(*futures)
            cpu = tree_cpu(me) - before
        wall = time.perf_counter() - wall
        out["pool_1"] = {"moves": moves, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
                         "jobs_per_cpu_s": round(moves / cpu, 3)}
        log(f"in-process pool, 1 process: {out['pool_1']}")

        for count in worker_counts:
            await store.execute("DELETE FROM ai_jobs")
            await store.execute("DELETE FROM ai_workers")
            workers = [start_worker(url) for _ in range(count)]
            await seen(service, count)             # started and idle: their start-up is not counted
            await asyncio.sleep(1)
            before = sum(tree_cpu(w.pid) for w in workers)

            def queue(tx):
                tx.executemany(
                    "INSERT INTO ai_jobs (kind, priority, match_id, version, guild_id, payload, state, created_at,"
                    " not_before) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?)",
                    [(r["kind"], r["priority"], r["match_id"], r["version"], r["guild_id"], r["payload"],
                      time.time(), time.time()) for r in rows])
                tx.notify("ai_job", "move")

            wall = time.perf_counter()
            await store.write(queue)
            await drained(service)
            wall = time.perf_counter() - wall
            cpu = sum(tree_cpu(w.pid) for w in workers) - before
            stop_workers(workers)
            results = {r["match_id"]: r["result"] for r in await store.fetchall(
                "SELECT match_id, result FROM ai_jobs WHERE state = 'done'")}
            same = sum(results.get(m.id) == move for m, move in zip(matches, pool_moves))
            out[f"workers_{count}"] = {"moves": moves, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
                                       "jobs_per_cpu_s": round(moves / cpu, 3), "same_moves_as_pool": same}
            log(f"{count} worker processes: {out[f'workers_{count}']}")
    finally:
        await store.close()
    return out


def percentiles(waits: list[float]) -> dict:
    waits = sorted(waits)
    p99 = waits[min(len(waits) - 1, round(0.99 * (len(waits) - 1)))]
    return {"samples": len(waits), "p50_ms": round(1000 * statistics.median(waits), 1), "p99_ms": round(1000 * p99, 1),
            "max_ms": round(1000 * waits[-1], 1)}


async def claim_wait(service, match) -> float:
    """Seconds from the person's move (the job's creation, in its transaction) to the job's claim."""
    while True:
        row = await service.store.fetchone("SELECT created_at, started_at FROM ai_jobs WHERE kind = 'move'"
                                           " AND match_id = ? AND version = ?", (match.id, match.version))
        if row is not None and row["started_at"] is not None:
            return row["started_at"] - row["created_at"]
        await asyncio.sleep(0.005)


async def latency(url: str, samples: int, busy_moves: int, reviews: int, log) -> dict:
    store = await store_for(url).open()
    service = MatchService(store)
    rng = random.Random(7)
    out = {}
    try:
        await store.execute("DELETE FROM ai_jobs")
        workers = [start_worker(url)]
        await asyncio.sleep(3)                      # started, listening
        idle = []
        for n in range(samples):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 200, rng)
            idle.append(await claim_wait(service, match))
            await drained(service)
        out["idle_1_worker"] = percentiles(idle)
        log(f"wait to the reply's start, queue idle: {out['idle_1_worker']}")
        workers.append(start_worker(url))
        await asyncio.sleep(3)
        await queue_hard_moves(service, busy_moves, 2, guilds=1)      # one server's many computer matches
        busy = []
        for n in range(samples):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 999, rng)   # another server
            busy.append(await claim_wait(service, match))
        out["busy_2_workers"] = {**percentiles(busy), "queued_hard_moves_of_one_server": busy_moves}
        log(f"wait to the reply's start, another server's {busy_moves} hard moves queued: {out['busy_2_workers']}")
        stop_workers(workers)
        await store.execute("DELETE FROM ai_jobs")

        # a live move while reviews are queued: one worker, its move slot and its review slot
        workers = [start_worker(url, reviews=1)]
        await asyncio.sleep(3)
        ended = []
        for n in range(reviews):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 300, rng)
            ended.append((await service.resign(match.id, ANN.id)).match)
        for match in ended:
            await service.queue_review(await service.review_job(match.id))
        await asyncio.sleep(1)
        live = []
        for n in range(samples):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 300, rng)
            live.append(await claim_wait(service, match))
        reviews_left = (await store.fetchone("SELECT COUNT(*) AS n FROM ai_jobs WHERE kind = 'review'"))["n"]
        await store.execute("DELETE FROM ai_jobs")
        out["live_move_with_reviews_queued"] = {**percentiles(live), "reviews_queued": len(ended),
                                                "reviews_not_done_meanwhile": reviews_left}
        log(f"a live move's wait with {len(ended)} reviews queued: {out['live_move_with_reviews_queued']}")
        stop_workers(workers)
    finally:
        await store.close()
    return out


async def round_trips(url: str, jobs: int, log) -> dict:
    """Round trips to the database per job: a runner in this process (as the bot's) thinking easy moves in
    a thread, and the bot's side (reading the result once it is announced, playing it through the service)."""
    import contextvars

    from matches import pg_store
    from matches.jobrunner import JobRunner

    who = contextvars.ContextVar("who", default="none")
    counts = {"worker": 0, "bot": 0, "none": 0}
    real_wait, real_fetch, real_unit = pg_store.PostgresTransaction._wait, pg_store.PostgresStore.fetchall, \
        pg_store.PostgresStore._unit

    def counted_wait(self, coroutine):
        counts[who.get()] += 1
        return real_wait(self, coroutine)

    async def counted_fetch(self, sql, params=()):
        counts[getattr(self, "who", "none")] += 1
        return await real_fetch(self, sql, params)

    async def counted_unit(self, work, context, relaxed=False):
        mine = getattr(self, "who", "none")
        counts[mine] += 2                          # BEGIN, and COMMIT with its notices
        context.run(who.set, mine)
        return await real_unit(self, work, context, relaxed)

    pg_store.PostgresTransaction._wait = counted_wait
    pg_store.PostgresStore.fetchall = counted_fetch
    pg_store.PostgresStore._unit = counted_unit
    stores = [await store_for(url).open() for _ in range(3)]
    for store, name in zip(stores, ("bot", "worker", "none")):
        store.who = name
    bot, worker, watcher = (MatchService(s) for s in stores)
    rng = random.Random(3)

    async def thinking(job):
        return await asyncio.to_thread(think, job)

    try:
        await watcher.store.execute("DELETE FROM ai_jobs")
        matches = [await computer_turn(watcher, GAMES[n % len(GAMES)], "easy", 400, rng) for n in range(jobs)]
        counts.update(worker=0, bot=0)
        runner = JobRunner(worker, "counted", moves=1, reviews=0, think=thinking, review=None)
        runner.start()
        for match in matches:
            job = bot.computer_to_move(match)
            while (state := await watcher.job_state(MOVE, job.match_id, job.version)) is None \
                    or state.state != "done":
                await asyncio.sleep(0.01)
            state = await bot.job_state(MOVE, job.match_id, job.version)     # what the bot reads, once told
            await bot.computer_move(job, state.result)
        await runner.stop()
    finally:
        pg_store.PostgresTransaction._wait, pg_store.PostgresStore.fetchall, pg_store.PostgresStore._unit = \
            real_wait, real_fetch, real_unit
        for store in stores:
            await store.close()
    out = {"jobs": jobs, "worker_per_job": round(counts["worker"] / jobs, 1),
           "bot_per_job": round(counts["bot"] / jobs, 1),
           "note": "worker: its claim and its result (and its heartbeat); bot: reading the result, then the "
                   "service's move, which drops the job and queues the next in its transaction"}
    log(f"database round trips per job: {out}")
    return out


async def main_async(args) -> dict:
    url = args.db or os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        raise SystemExit("python -m bench.ai_queue: give --db postgresql://... or set TEST_DATABASE_URL")
    where, schema = await new_schema(url)
    log = lambda line: print(line, file=sys.stderr, flush=True)   # noqa: E731
    from .stats import busy_and_steal, cpu_ticks

    ticks = cpu_ticks()
    try:
        result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "loadavg": os.getloadavg()}
        parts = args.parts.split(",")
        if "round_trips" in parts:
            result["round_trips"] = await round_trips(where, 12, log)
        if "latency" in parts:
            result["latency"] = await latency(where, args.samples, args.busy, args.reviews, log)
        if "throughput" in parts:
            result["throughput"] = await throughput(where, args.moves, [int(x) for x in args.workers.split(",")],
                                                    log)
        result["loadavg_after"] = os.getloadavg()
        result["machine"] = busy_and_steal(ticks, cpu_ticks())
        return result
    finally:
        await drop_schema(url, schema)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_queue", description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None)
    parser.add_argument("--moves", type=int, default=40, help="hard moves drained by each configuration")
    parser.add_argument("--workers", default="1,2,4", help="worker process counts to compare")
    parser.add_argument("--samples", type=int, default=20, help="moves timed for each wait")
    parser.add_argument("--busy", type=int, default=30, help="hard moves of one server queued for the busy wait")
    parser.add_argument("--reviews", type=int, default=4, help="reviews queued for the live move's wait")
    parser.add_argument("--parts", default="round_trips,latency,throughput", help="which measurements, comma-separated")
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args(argv)
    result = asyncio.run(main_async(args))
    text = json.dumps(result, indent=1)
    if args.output:
        Path(args.output).write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
