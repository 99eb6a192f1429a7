"""The computer's thinking through the job queue in PostgreSQL (matches/jobs.py, ``python -m ai worker``).

``python -m bench.ai_queue [--db postgresql://...] [--moves 40] [--rounds 1] [--workers 1,2,4] [--busy 30]
[--reviews 4] [--parts round_trips,overhead,latency,throughput] [-o bench/ai-queue.json]``

In a fresh database on the server (default: TEST_DATABASE_URL; its own database, so that no other
user's notices on the server wake the workers), side by side in one run:

- throughput: ``--moves`` hard moves of mixed games (the four two-player games, each a match a few
  random plies in) drained by the in-process pool of one process (as the bot thinks without the queue:
  ``matches.computer.think`` in a ProcessPoolExecutor) and by 1, 2 and 4 ``python -m ai worker``
  processes (one thinking process each), in ``--rounds`` rounds (pool, 1, 2, 4, pool, 1, ...; each
  round drains its share of the moves, the same positions for every configuration) so that a machine
  whose load changes meanwhile weighs on every configuration alike.  CPU counted alike on both sides:
  every process of the configuration from its start (Python's start, the imports, the thinking
  process's spawn and loading, connecting, idle polling) to the moment the last job is done, read
  from /proc (utime + stime); for the pool its thinking process from its spawn plus what the calling
  process spends meanwhile (spawning, sending the jobs, taking the results).  Jobs per CPU-second
  per round, and the median over the rounds of each worker count's ratio to the pool's; beside each
  count of two or more workers a pool of as many processes too (``pool_2``, ``pool_4``), since
  processes that share two cores each take more CPU time for the same search, wherever they run;
- the queue's own cost per job (``overhead``): instant jobs (the thinking process hands back a fixed
  answer) through a runner in this process, against the same jobs sent to a pool: CPU per job of the
  calling process and of the thinking process, and where the runner's goes (claim, result, notices);
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

from matches import MatchService, Player, ai_seats, pg_store
from matches.computer import think
from matches.jobs import JOB_QUEUED, MOVE
from matches.store import store_for

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("architekton", "atacama", "tactori", "tactori-fem")
ANN = Player(1, "ann")
TICK = os.sysconf("SC_CLK_TCK")


def own_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` alone (utime + stime), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


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
        cpu[pid] = sum(int(x) for x in fields[11:15]) / TICK  # utime, stime, cutime, cstime
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


async def new_database(url: str) -> tuple[str, str]:
    """A fresh database on ``url``'s server (the URL to reach it, its name): PostgreSQL's notices are
    per database, so nobody else's wake this benchmark's workers."""
    from urllib.parse import urlsplit, urlunsplit

    import asyncpg

    name = f"bench_queue_{uuid.uuid4().hex[:10]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}")), name


async def drop_database(url: str, name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await conn.close()


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
    while match.status == "active" and match.to_move_id() == ANN.id:  # Architekton: both placements
        match = (await service.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))).match
    if service.computer_to_move(match) is None:  # it ended: another one
        return await computer_turn(service, game, level, guild, rng)
    return match


def start_worker(url: str, *, reviews: int = 0) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "AI_WORKERS": "1", "LOG_LEVEL": "WARNING"}
    return subprocess.Popen(
        [sys.executable, "-m", "ai", "worker", "--processes", "1", "--reviews", str(reviews)],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


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
    row = await service.store.fetchone(
        "SELECT COUNT(*) AS n FROM ai_jobs WHERE kind = 'move' AND state IN ('waiting', 'running')"
    )
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


def _instant(job) -> str:
    """A thinking process's answer that costs nothing: what is left is the cost of getting the job there."""
    return "instant"


def _split_cpu(root: int) -> tuple[float, float]:
    """CPU seconds of process ``root`` itself, and of its living descendants (with what they reaped)."""
    own = own_cpu(root)
    return own, tree_cpu(root) - own


async def pool_drain(jobs: list, size: int = 1) -> tuple[list[str], dict]:
    """``jobs`` through a fresh in-process pool of ``size`` processes: the moves, and the CPU seconds counted."""
    from ai.worker import _warm

    loop = asyncio.get_running_loop()
    start, wall = time.process_time(), time.perf_counter()
    with ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn")) as pool:
        # spawned and the search loaded, as a worker's
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(size)))
        children = list(pool._processes)
        up_parent, up_child = time.process_time() - start, sum(tree_cpu(c) for c in children)
        moves = await asyncio.gather(*(loop.run_in_executor(pool, think, job) for job in jobs))
        parent, thinking = time.process_time() - start, sum(tree_cpu(c) for c in pool._processes)
    wall = time.perf_counter() - wall
    cpu = parent + thinking
    return list(moves), {
        "moves": len(jobs),
        "processes": size,
        "cpu_s": round(cpu, 2),
        "jobs_per_cpu_s": round(len(jobs) / cpu, 4),
        "wall_s": round(wall, 1),
        "start_caller_s": round(up_parent, 2),
        "start_thinking_s": round(up_child, 2),
        "jobs_caller_s": round(parent - up_parent, 2),
        "jobs_thinking_s": round(thinking - up_child, 2),
    }


async def workers_drain(service, url: str, count: int, rows: list[dict]) -> dict:
    """``rows`` (queued jobs) drained by ``count`` fresh ``python -m ai worker`` processes: the CPU counted."""
    store = service.store
    await store.execute("DELETE FROM ai_jobs")
    await store.execute("DELETE FROM ai_workers")
    wall = time.perf_counter()
    workers = [start_worker(url) for _ in range(count)]
    try:
        await seen(service, count)  # started: the first claim found nothing
        up = [_split_cpu(w.pid) for w in workers]
        await asyncio.sleep(1)  # idle, listening: counted too

        def queue(tx):
            tx.executemany(
                "INSERT INTO ai_jobs (kind, priority, match_id, version, guild_id, payload, state, created_at,"
                " not_before) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?)",
                [
                    (
                        r["kind"],
                        r["priority"],
                        r["match_id"],
                        r["version"],
                        r["guild_id"],
                        r["payload"],
                        time.time(),
                        time.time(),
                    )
                    for r in rows
                ],
            )
            tx.notify(JOB_QUEUED, MOVE)

        await store.write(queue)
        await drained(service)
        end = [_split_cpu(w.pid) for w in workers]
        wall = time.perf_counter() - wall
    finally:
        stop_workers(workers)
    main, thinking = sum(e[0] for e in end), sum(e[1] for e in end)
    up_main, up_thinking = sum(u[0] for u in up), sum(u[1] for u in up)
    cpu = main + thinking
    return {
        "moves": len(rows),
        "cpu_s": round(cpu, 2),
        "jobs_per_cpu_s": round(len(rows) / cpu, 4),
        "wall_s": round(wall, 1),
        "start_worker_s": round(up_main, 2),
        "start_thinking_s": round(up_thinking, 2),
        "jobs_worker_s": round(main - up_main, 2),
        "jobs_thinking_s": round(thinking - up_thinking, 2),
    }


async def throughput(url: str, moves: int, worker_counts: list[int], rounds: int, log) -> dict:
    store = await store_for(url).open()
    service = MatchService(store)
    out: dict = {"rounds": []}
    try:
        # the same positions for every configuration: queued once, their jobs kept aside
        await store.execute("DELETE FROM ai_jobs")
        matches = await queue_hard_moves(service, moves, 1)
        by_match = {r["match_id"]: dict(r) for r in await store.fetchall("SELECT * FROM ai_jobs WHERE kind = 'move'")}
        rows = [by_match[m.id] for m in matches]
        jobs = [service.computer_to_move(m) for m in matches]
        size = -(-moves // rounds)
        for number in range(rounds):
            part = slice(number * size, (number + 1) * size)
            pool_moves, pool = await pool_drain(jobs[part])
            line = {"round": number + 1, "pool_1": pool}
            log(f"round {number + 1}, in-process pool of 1 process: {pool}")
            for count in worker_counts:
                if count > 1:
                    # a pool of as many thinking processes: the same sharing of the cores as the workers
                    _, same = await pool_drain(jobs[part], count)
                    line[f"pool_{count}"] = same
                    log(f"round {number + 1}, in-process pool of {count} processes: {same}")
                record = await workers_drain(service, url, count, rows[part])
                results = {
                    r["match_id"]: r["result"]
                    for r in await store.fetchall("SELECT match_id, result FROM ai_jobs WHERE state = 'done'")
                }
                record["same_moves_as_pool"] = sum(
                    results.get(m.id) == move for m, move in zip(matches[part], pool_moves)
                )
                record["against_pool_pct"] = round(100 * (record["jobs_per_cpu_s"] / pool["jobs_per_cpu_s"] - 1), 1)
                same_size = line[f"pool_{count}"]
                record["against_same_size_pool_pct"] = round(
                    100 * (record["jobs_per_cpu_s"] / same_size["jobs_per_cpu_s"] - 1), 1
                )
                line[f"workers_{count}"] = record
                log(f"round {number + 1}, {count} worker processes: {record}")
            out["rounds"].append(line)
        total = {}
        pools = ["pool_1"] + [f"pool_{c}" for c in worker_counts if c > 1]
        for key in pools + [f"workers_{c}" for c in worker_counts]:
            cpu = sum(r[key]["cpu_s"] for r in out["rounds"])
            done = sum(r[key]["moves"] for r in out["rounds"])
            total[key] = {
                "moves": done,
                "cpu_s": round(cpu, 1),
                "jobs_per_cpu_s": round(done / cpu, 4),
                "wall_s": round(sum(r[key]["wall_s"] for r in out["rounds"]), 1),
            }
            if key.startswith("workers_"):
                same_size = total[f"pool_{key.split('_')[1]}"]
                total[key]["against_same_size_pool_pct"] = round(
                    100 * (total[key]["jobs_per_cpu_s"] / same_size["jobs_per_cpu_s"] - 1), 1
                )
                total[key]["median_round_against_same_size_pool_pct"] = statistics.median(
                    r[key]["against_same_size_pool_pct"] for r in out["rounds"]
                )
                total[key]["against_pool_pct"] = round(
                    100 * (total[key]["jobs_per_cpu_s"] / total["pool_1"]["jobs_per_cpu_s"] - 1), 1
                )
                total[key]["median_round_against_pool_pct"] = statistics.median(
                    r[key]["against_pool_pct"] for r in out["rounds"]
                )
                total[key]["same_moves_as_pool"] = sum(r[key]["same_moves_as_pool"] for r in out["rounds"])
        out["total"] = total
        log(f"all rounds: {total}")
    finally:
        await store.close()
    return out


async def overhead(url: str, jobs: int, passes: int, log) -> dict:
    """The queue's own CPU per job: instant jobs (the thinking process answers at once) through a runner
    in this process, against the same jobs sent one at a time to an in-process pool."""
    from ai.worker import ThinkingPool, _warm
    from matches.jobrunner import JobRunner

    store = await store_for(url).open()
    service = MatchService(store)
    rng = random.Random(5)
    out: dict = {}
    try:
        await store.execute("DELETE FROM ai_jobs")
        matches = [await computer_turn(service, GAMES[n % len(GAMES)], "easy", 500 + n % 5, rng) for n in range(jobs)]
        rows = [dict(r) for r in await store.fetchall("SELECT * FROM ai_jobs WHERE kind = 'move' ORDER BY id")]
        thinking = [service.computer_to_move(m) for m in matches]
        total = jobs * passes

        loop = asyncio.get_running_loop()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            await loop.run_in_executor(pool, _warm)
            child = next(iter(pool._processes))
            start, child_start = time.process_time(), tree_cpu(child)
            for _ in range(passes):
                for job in thinking:
                    await loop.run_in_executor(pool, _instant, job)
            out["pool"] = {
                "jobs": total,
                "caller_ms_per_job": round(1000 * (time.process_time() - start) / total, 2),
                "thinking_ms_per_job": round(1000 * (tree_cpu(child) - child_start) / total, 2),
            }
        log(f"instant jobs, in-process pool: {out['pool']}")

        spent = {"claim": 0.0, "result": 0.0, "heartbeat": 0.0, "notices": 0.0}
        finished = asyncio.Event()

        def timed(name, fn):
            async def call(*args, **kwargs):
                begin = time.thread_time()
                try:
                    return await fn(*args, **kwargs)
                finally:
                    spent[name] += time.thread_time() - begin
                    if name == "result" and runner.done + 1 >= target:
                        finished.set()

            return call

        heard = store._heard

        def timed_heard(*args):
            begin = time.thread_time()
            try:
                heard(*args)
            finally:
                spent["notices"] += time.thread_time() - begin

        if store._listener is not None:
            await store._listener.remove_listener(pg_store.CHANNEL, heard)
            await store._listener.add_listener(pg_store.CHANNEL, timed_heard)
        service.claim_job = timed("claim", service.claim_job)
        service.finish_move_job = timed("result", service.finish_move_job)
        service.heartbeat = timed("heartbeat", service.heartbeat)
        tp = ThinkingPool(1)
        await tp.warm()
        runner = JobRunner(
            service, "overhead", moves=1, reviews=0, think=lambda job: tp.run(_instant, job), review=None
        )
        runner.start()
        await asyncio.sleep(0.5)
        child = next(iter(tp._pool._processes))
        start, child_start, target = time.process_time(), tree_cpu(child), 0
        for _ in range(passes):
            await store.execute("DELETE FROM ai_jobs")
            target += jobs
            finished.clear()

            def queue(tx):
                tx.executemany(
                    "INSERT INTO ai_jobs (kind, priority, match_id, version, guild_id, payload, state, created_at,"
                    " not_before) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?)",
                    [
                        (
                            r["kind"],
                            r["priority"],
                            r["match_id"],
                            r["version"],
                            r["guild_id"],
                            r["payload"],
                            time.time(),
                            time.time(),
                        )
                        for r in rows
                    ],
                )
                tx.notify(JOB_QUEUED, MOVE)

            setup = time.process_time()
            await store.write(queue)
            start += time.process_time() - setup  # queueing them is the bot's work, not the runner's
            await finished.wait()
        caller, child_cpu = time.process_time() - start, tree_cpu(child) - child_start
        await runner.stop()
        tp.close()
        out["queue"] = {
            "jobs": total,
            "caller_ms_per_job": round(1000 * caller / total, 2),
            "thinking_ms_per_job": round(1000 * child_cpu / total, 2),
            **{f"{k}_ms_per_job": round(1000 * v / total, 2) for k, v in spent.items()},
        }
        log(f"instant jobs through the queue, a runner in this process: {out['queue']}")
    finally:
        await store.close()
    return out


def percentiles(waits: list[float]) -> dict:
    waits = sorted(waits)
    p99 = waits[min(len(waits) - 1, round(0.99 * (len(waits) - 1)))]
    return {
        "samples": len(waits),
        "p50_ms": round(1000 * statistics.median(waits), 1),
        "p99_ms": round(1000 * p99, 1),
        "max_ms": round(1000 * waits[-1], 1),
    }


async def claim_wait(service, match) -> float:
    """Seconds from the person's move (the job's creation, in its transaction) to the job's claim."""
    while True:
        row = await service.store.fetchone(
            "SELECT created_at, started_at FROM ai_jobs WHERE kind = 'move' AND match_id = ? AND version = ?",
            (match.id, match.version),
        )
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
        await asyncio.sleep(3)  # started, listening
        idle = []
        for n in range(samples):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 200, rng)
            idle.append(await claim_wait(service, match))
            await drained(service)
        out["idle_1_worker"] = percentiles(idle)
        log(f"wait to the reply's start, queue idle: {out['idle_1_worker']}")
        workers.append(start_worker(url))
        await asyncio.sleep(3)
        await queue_hard_moves(service, busy_moves, 2, guilds=1)  # one server's many computer matches
        busy = []
        for n in range(samples):
            match = await computer_turn(service, GAMES[n % len(GAMES)], "easy", 999, rng)  # another server
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
        out["live_move_with_reviews_queued"] = {
            **percentiles(live),
            "reviews_queued": len(ended),
            "reviews_not_done_meanwhile": reviews_left,
        }
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
    real_wait, real_fetch, real_unit = (
        pg_store.PostgresTransaction._wait,
        pg_store.PostgresStore.fetchall,
        pg_store.PostgresStore._unit,
    )

    def counted_wait(self, coroutine):
        counts[who.get()] += 1
        return real_wait(self, coroutine)

    async def counted_fetch(self, sql, params=()):
        counts[getattr(self, "who", "none")] += 1
        return await real_fetch(self, sql, params)

    async def counted_unit(self, work, context, relaxed=False):
        mine = getattr(self, "who", "none")
        counts[mine] += 2  # BEGIN, and COMMIT with its notices
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
            while (state := await watcher.job_state(MOVE, job.match_id, job.version)) is None or state.state != "done":
                await asyncio.sleep(0.01)
            state = await bot.job_state(MOVE, job.match_id, job.version)  # what the bot reads, once told
            await bot.computer_move(job, state.result)
        await runner.stop()
    finally:
        pg_store.PostgresTransaction._wait, pg_store.PostgresStore.fetchall, pg_store.PostgresStore._unit = (
            real_wait,
            real_fetch,
            real_unit,
        )
        for store in stores:
            await store.close()
    out = {
        "jobs": jobs,
        "worker_per_job": round(counts["worker"] / jobs, 1),
        "bot_per_job": round(counts["bot"] / jobs, 1),
        "note": "worker: its claim and its result (and its heartbeat); bot: reading the result, then the "
        "service's move, which drops the job and queues the next in its transaction",
    }
    log(f"database round trips per job: {out}")
    return out


async def main_async(args) -> dict:
    url = args.db or os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        raise SystemExit("python -m bench.ai_queue: give --db postgresql://... or set TEST_DATABASE_URL")
    where, database = await new_database(url)

    def log(line):
        print(line, file=sys.stderr, flush=True)

    from .stats import busy_and_steal, cpu_ticks

    ticks = cpu_ticks()
    try:
        result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "loadavg": os.getloadavg()}
        parts = args.parts.split(",")
        if "round_trips" in parts:
            result["round_trips"] = await round_trips(where, 12, log)
        if "overhead" in parts:
            result["overhead"] = await overhead(where, 40, args.passes, log)
        if "latency" in parts:
            result["latency"] = await latency(where, args.samples, args.busy, args.reviews, log)
        if "throughput" in parts:
            result["throughput"] = await throughput(
                where, args.moves, [int(x) for x in args.workers.split(",")], args.rounds, log
            )
        result["loadavg_after"] = os.getloadavg()
        result["machine"] = busy_and_steal(ticks, cpu_ticks())
        return result
    finally:
        await drop_database(url, database)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_queue", description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None)
    parser.add_argument(
        "--moves", type=int, default=40, help="hard moves each configuration drains (over all the rounds)"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="rounds of pool, 1, 2, 4 workers, each draining its share of the moves"
    )
    parser.add_argument("--workers", default="1,2,4", help="worker process counts to compare")
    parser.add_argument("--passes", type=int, default=10, help="times 40 instant jobs go through, for the overhead")
    parser.add_argument("--samples", type=int, default=20, help="moves timed for each wait")
    parser.add_argument("--busy", type=int, default=30, help="hard moves of one server queued for the busy wait")
    parser.add_argument("--reviews", type=int, default=4, help="reviews queued for the live move's wait")
    parser.add_argument(
        "--parts", default="round_trips,overhead,latency,throughput", help="which measurements, comma-separated"
    )
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
