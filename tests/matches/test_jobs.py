"""The computer's thinking as jobs in the database (matches/jobs.py, matches/jobrunner.py), both backends.

The queue's rules with a virtual clock (what is queued with which move, the order, leases,
fencing, parking), then thinking runners over one database as the bot and the workers run them:
real searches at the easy level, in threads here (worker processes: tests/matches/test_workers.py).
"""

import asyncio
import json
import random
import time

import pytest

from ai import levels
from matches import MatchService, ServiceError, ai_seats
from matches.computer import think
from matches.jobrunner import JobRunner
from matches.jobs import MAX_TRIES, MOVE, REVIEW
from matches.store import store_for

from .conftest import ANN

EASY = ai_seats.players("easy", 1)


async def against(service, guild=10, first="me", game="tactori-fem", level="easy"):
    return await service.create_challenge(game, guild, 20, ANN, ai_seats.players(level, 1), first=first)


async def jobs(store, kind=MOVE):
    return [dict(r) for r in await store.fetchall("SELECT * FROM ai_jobs WHERE kind = ? ORDER BY id", (kind,))]


async def human_moves(service, match, rng=None):
    rng = rng or random.Random(1)
    return (await service.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))).match


async def test_the_computers_turn_is_queued_with_the_move_that_makes_it(service, store):
    match = await against(service)
    assert await jobs(store) == []  # ann is to move: nothing to think about
    after = await human_moves(service, match)
    [job] = await jobs(store)
    assert (job["match_id"], job["version"], job["state"], job["guild_id"]) == (match.id, after.version, "waiting", 10)
    assert json.loads(job["payload"]) == {**service.computer_to_move(after).__dict__}
    # a change that is rolled back queues nothing (the job is written in its transaction)
    state = after.state()
    state.play(state.legal_moves()[0])

    def rolled_back(tx):
        service.core._commit(tx, after, state, plies=after.plies + 1)
        raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        await store.write(rolled_back)
    assert [j["id"] for j in await jobs(store)] == [job["id"]]
    # the computer's move (its result played) drops the job with the position; ann is next
    played = await service.computer_move(service.computer_to_move(after), after.state().legal_moves()[0])
    assert played.match.to_move_id() == ANN.id and await jobs(store) == []


async def test_the_computer_seated_first_has_its_job_at_the_start_and_a_takeback_drops_it(service, store):
    match = await against(service, first="opponent")
    [job] = await jobs(store)
    assert job["version"] == match.version
    moved = await service.computer_move(service.computer_to_move(match), match.state().legal_moves()[0])
    after = await human_moves(service, moved.match)
    [job] = await jobs(store)
    assert job["version"] == after.version
    await service.take_back(match.id, ANN.id)  # ann's move goes: the job for its position with it
    assert await jobs(store) == []


async def test_live_moves_first_then_each_server_its_share_oldest_first(service, store, clock):
    crowded = []
    for _ in range(4):  # a server with many computer matches, waiting longest
        clock.now += 1
        crowded.append(await human_moves(service, await against(service, guild=10)))
    clock.now += 1
    other = await human_moves(service, await against(service, guild=11))
    taken = []
    for n in range(5):
        claim = await service.claim_job(f"w{n}", (MOVE, REVIEW))
        taken.append(claim.job.match_id)
    # the oldest first; then the other server (no job running) before the crowded server's second
    assert taken == [crowded[0].id, other.id, crowded[1].id, crowded[2].id, crowded[3].id]
    assert (await service.claim_job("w9")).job is None


async def test_a_review_waits_behind_live_moves(service, store, clock):
    ended = await human_moves(service, await against(service))
    resigned = await service.resign(ended.id, ANN.id)
    await service.queue_review(await service.review_job(resigned.match.id))
    clock.now += 5
    live = await human_moves(service, await against(service))
    first = await service.claim_job("w", (MOVE, REVIEW))
    second = await service.claim_job("w", (MOVE, REVIEW))
    assert (first.job.kind, first.job.match_id) == (MOVE, live.id)
    assert (second.job.kind, second.job.match_id) == (REVIEW, ended.id)


async def test_a_lease_that_runs_out_gives_the_job_to_another_and_the_late_result_is_refused(
    service, second, store, clock
):
    match = await human_moves(service, await against(service))
    first = (await service.claim_job("paused", lease=5)).job
    assert (await second.claim_job("other", lease=5)).job is None  # the lease holds
    clock.now += 6
    taken = (await second.claim_job("other", lease=5)).job
    assert taken.id == first.id and taken.tries == 2
    move = match.state().legal_moves()[0]
    assert not await service.renew_job(first) and not await service.finish_move_job(first, move)
    assert await second.finish_move_job(taken, move)
    assert not await second.finish_move_job(taken, move)  # a duplicate changes nothing
    state = await service.job_state(MOVE, match.id, match.version)
    assert (state.state, state.result) == ("done", move)
    played = await service.computer_move(service.computer_to_move(match), move)
    with pytest.raises(ServiceError):  # played once
        await second.computer_move(service.computer_to_move(match), move)
    assert len(await service.moves(match.id)) == 2 and played.match.to_move_id() == ANN.id


async def test_a_job_whose_match_moved_on_is_dropped_without_a_move(service, store, clock):
    resigned = await human_moves(service, await against(service))
    job = (await service.claim_job("w")).job
    await service.resign(resigned.id, ANN.id)
    assert not await service.finish_move_job(job, "whatever")  # the job went with the position
    aborted = await human_moves(service, await against(service))
    late = (await service.claim_job("w")).job
    await service.abort(aborted.id, 10)
    assert await service.finish_move_job(late, aborted.state().legal_moves()[0])
    with pytest.raises(ServiceError):  # the bot's versioned move refuses it
        await service.computer_move(service.computer_to_move(aborted), aborted.state().legal_moves()[0])
    assert len(await service.moves(aborted.id)) == 1
    waiting = await human_moves(service, await against(service))
    await service.abort(waiting.id, 10)  # never claimed: never thought about
    assert (await service.claim_job("w")).job is None
    assert await jobs(store) == []  # and the stale rows are gone


async def test_a_job_that_fails_three_times_is_parked_and_listed(service, store, clock):
    match = await human_moves(service, await against(service))
    for attempt in range(1, MAX_TRIES + 1):
        job = (await service.claim_job("w")).job
        assert job.tries == attempt
        went = await service.fail_job(job, "ValueError: no such state", retry_delay=10)
        clock.now += 10 * attempt
    assert went == "parked" and (await service.claim_job("w")).job is None
    [parked] = await service.parked_jobs()
    assert (parked.match_id, parked.tries, parked.error) == (match.id, MAX_TRIES, "ValueError: no such state")
    status = await service.queue_status()
    assert status.parked == {MOVE: 1} and status.total("waiting") == 0
    # a worker that dies on it every time: parked when its lease ran out for the third time
    other = await human_moves(service, await against(service))
    for _ in range(MAX_TRIES):
        assert (await service.claim_job("dies", lease=5)).job.match_id == other.id
        clock.now += 6
    assert (await service.claim_job("w")).job is None
    assert [p.match_id for p in await service.parked_jobs()] == [match.id, other.id]
    assert await service.retry_parked(parked.id)
    assert (await service.claim_job("w")).job.match_id == match.id


async def test_the_status_counts_jobs_and_workers_per_server(service, store, clock):
    await human_moves(service, await against(service, guild=10))
    clock.now += 30
    await human_moves(service, await against(service, guild=11))
    await service.claim_job("w")
    await service.heartbeat("w", "host", 1, 2, 1, 0, clock.now)
    await service.heartbeat("old", "host", 2, 2, 0, 0, clock.now - 300)
    await service.store.execute("UPDATE ai_workers SET seen_at = ? WHERE name = 'old'", (clock.now - 300,))
    everyone = await service.queue_status()
    assert (everyone.waiting, everyone.running, everyone.oldest_wait) == ({MOVE: 1}, {MOVE: 1}, 0.0)
    assert [w.name for w in everyone.workers] == ["w"]
    mine = await service.queue_status(10)
    assert (mine.waiting, mine.running) == ({}, {MOVE: 1})


# ------------------------------------------------------------ runners thinking for real


@pytest.fixture
def small_budgets(monkeypatch):
    """The runners here think in threads of this process, where these budgets apply."""
    for game in levels.BUDGETS:
        monkeypatch.setitem(levels.BUDGETS, game, {"easy": 12, "medium": 24, "hard": 40})


def threaded_runner(service, name, *, moves=1, lease=5.0, fail_delay=0.05):
    async def thinking(job):
        return await asyncio.to_thread(think, job)

    runner = JobRunner(
        service,
        name,
        moves=moves,
        reviews=0,
        think=thinking,
        review=None,
        lease=lease,
        poll=0.3,
        retry_delay=fail_delay,
    )
    runner.start()
    return runner


async def play_out(bot, matches, *, seconds=60.0):
    """What the bot does: a person's random move when it is his turn, the computer's result played when
    it is done; until every match has ended."""
    rng = random.Random(4)
    deadline = time.monotonic() + seconds
    open_ = {m.id for m in matches}
    while open_:
        assert time.monotonic() < deadline, f"matches {open_} did not end"
        for match_id in list(open_):
            match = await bot.get(match_id)
            if match.status != "active":
                open_.discard(match_id)
                continue
            job = bot.computer_to_move(match)
            if job is None:
                await bot.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))
                continue
            state = await bot.job_state(MOVE, job.match_id, job.version)
            assert state is not None and state.state != "parked", state
            if state.state == "done":
                await bot.computer_move(job, state.result)
        await asyncio.sleep(0.02)


async def test_two_runners_play_many_computer_matches_to_the_end_every_move_once(database, small_budgets):
    stores = [await store_for(database).open() for _ in range(3)]
    bot, one, two = (MatchService(s) for s in stores)
    runners = [threaded_runner(one, "one"), threaded_runner(two, "two")]
    try:
        matches = [await against(bot, guild=10 + n % 3, first=("me", "opponent")[n % 2]) for n in range(6)]
        await play_out(bot, matches)
        for match in matches:
            moves = await bot.moves(match.id)
            # every move once, in turn (the computer's alternate with ann's), and the record replays
            assert all(a.user_id != b.user_id for a, b in zip(moves, moves[1:]))
            await bot.record(match.id)
        computer_moves = 0
        for match in matches:
            computer_moves += len([m for m in await bot.moves(match.id) if ai_seats.is_ai(m.user_id)])
        assert sum(r.done for r in runners) == computer_moves
        assert all(r.done > 0 for r in runners)
    finally:
        for runner in runners:
            await runner.stop()
        for store in stores:
            await store.close()


async def test_a_poisoned_job_is_parked_after_three_tries_and_the_others_go_on(database, small_budgets):
    stores = [await store_for(database).open() for _ in range(2)]
    bot, worker = (MatchService(s) for s in stores)
    poisoned = await human_moves(bot, await against(bot, guild=10))
    await bot.store.execute(
        "UPDATE ai_jobs SET payload = ? WHERE match_id = ?",
        (json.dumps({**json.loads((await jobs(bot.store))[0]["payload"]), "state": {"not": "a state"}}), poisoned.id),
    )
    runner = threaded_runner(worker, "w")
    try:
        healthy = [await against(bot, guild=11) for _ in range(2)]
        await play_out(bot, healthy)
        deadline = time.monotonic() + 20
        while not await bot.parked_jobs():
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        [parked] = await bot.parked_jobs()
        assert parked.match_id == poisoned.id and parked.tries == MAX_TRIES and parked.error
        assert len(await bot.moves(poisoned.id)) == 1
    finally:
        await runner.stop()
        for store in stores:
            await store.close()


async def test_a_stopping_runner_hands_its_job_back(database):
    stores = [await store_for(database).open() for _ in range(2)]
    bot, worker = (MatchService(s) for s in stores)
    entered, release = asyncio.Event(), asyncio.Event()

    async def slow(job):
        entered.set()
        await release.wait()
        return "never"

    runner = JobRunner(worker, "stopping", moves=1, reviews=0, think=slow, review=None, poll=0.3)
    runner.start()
    try:
        match = await human_moves(bot, await against(bot))
        await asyncio.wait_for(entered.wait(), 20)
        assert await runner.stop() == 1
        [job] = await jobs(bot.store)
        assert (job["state"], job["tries"], job["claimed_by"]) == ("waiting", 0, None)
        assert (await bot.claim_job("next")).job.match_id == match.id
    finally:
        for store in stores:
            await store.close()


async def test_the_same_positions_give_the_same_moves_in_a_worker_process_as_in_the_bot():
    """A move depends on (position, level, seed) only: matches.computer.think in a spawned
    process (as the bot's pool and python -m ai worker run it) and here agree."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from engines import get_game
    from matches.computer import Thinking

    jobs_ = []
    rng = random.Random(9)
    for game in ("tactori-fem", "atacama", "architekton"):
        spec = get_game(game)
        options = spec.check(2, {})
        state = spec.setup(2, 5, spec.resolve_setup(2, 5, dict(spec.starting_setup), options), options)
        for ply in range(3):
            jobs_.append(Thinking(1, ply, -101, game, state.to_json(), "easy", rng.randrange(1 << 30)))
            state.play(rng.choice(state.legal_moves()))
    here = [think(job) for job in jobs_]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = list(pool.map(think, jobs_))
    assert there == here


async def test_the_operator_sees_the_queue_and_the_parked_jobs(database, capsys):
    from matches.__main__ import main as matches_main

    async def run(*argv):
        status = await asyncio.to_thread(matches_main, list(argv))
        captured = capsys.readouterr()
        return status, captured.out

    store = await store_for(database).open()
    service = MatchService(store)  # the real clock, as the command's
    try:
        failing = await human_moves(service, await against(service, guild=11))
        waiting = await human_moves(service, await against(service))
        for _ in range(MAX_TRIES):  # the oldest job, each time
            job = (await service.claim_job("w", lease=30)).job
            assert job.match_id == failing.id
            await service.fail_job(job, "KeyError: 'board'", retry_delay=0)
        await service.heartbeat("worker:elsewhere:7", "elsewhere", 7, 4, 0, 12, service.clock())
    finally:
        await store.close()
    status, out = await run("status", "--db", database)
    database_line, *lines = out.splitlines()
    assert database_line.startswith("database: ") and database_line.endswith(" (--db)"), out
    assert status == 0 and lines[0].startswith("jobs waiting: 1 (moves 1), the oldest for "), out
    assert lines[1:4] == [
        "jobs running: 0",
        "jobs parked: 1 (moves 1) (python -m matches broken lists them)",
        "thinking processes seen in the last minute: 1",
    ]
    assert lines[4].startswith("  worker:elsewhere:7: 4 processes, 0 jobs running, 12 done, seen ")
    status, out = await run("broken", "--db", database)
    [parked] = [line for line in out.splitlines() if line.startswith("job ")]
    assert status == 1 and "no match is broken" in out
    assert parked.endswith(
        f"(move of match {failing.id} at version {failing.version}) parked after 3 tries: KeyError: 'board'"
    )
    job_id = parked.split()[1]
    status, out = await run("broken", "--db", database, "--retry-job", job_id)
    assert status == 0 and f"job {job_id}: queued again" in out
    status, out = await run("status", "--db", database)
    assert out.splitlines()[1].startswith("jobs waiting: 2 (moves 2)") and "jobs parked: 0" in out
    assert waiting.id != failing.id
