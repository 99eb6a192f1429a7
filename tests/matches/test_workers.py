"""``python -m ai worker`` processes over one PostgreSQL database (ai/worker.py): killed, paused,
cut off from the database, several at once.  The test plays the bot's part: a person's moves, and
the computer's results played through the service's versioned move (as bot.computer.player does).

PostgreSQL only (SQLite cannot be shared between processes: there the bot thinks in its own pool,
tests/matches/test_jobs.py).  Short leases; the searches at the easy level, except where a search
must last long enough to be interrupted (the hard level, a few seconds).
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from matches import MatchService, ai_seats
from matches.jobs import MOVE
from matches.store import store_for

from ..conftest import PostgresSchemas, postgres_url
from .conftest import ANN
from .test_jobs import against, human_moves, jobs, play_out

# Real `python -m ai worker` processes: end to end, left out of the fast loop.
pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LEASE = 2.0


@pytest.fixture
async def pg():
    schemas = PostgresSchemas(postgres_url())
    try:
        yield await schemas.new()
    finally:
        await schemas.drop()


class Worker:
    """A ``python -m ai worker`` process (its own session: a signal to the group reaches its thinking processes)."""

    def __init__(self, url: str, tmp_path: Path, *, processes: int = 1, lease: float = LEASE):
        self.app = f"jobqueue_test_{uuid.uuid4().hex[:10]}"
        self.log = tmp_path / f"{self.app}.log"
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_PATH", "DISCORD_TOKEN")}
        env.update(DATABASE_URL=f"{url}&application_name={self.app}", AI_WORKERS=str(processes), LOG_LEVEL="INFO")
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "ai", "worker", "--reviews", "0", "--lease", str(lease), "--poll", "1"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def signal_group(self, sig) -> None:
        os.killpg(self.process.pid, sig)

    def stop(self, timeout: float = 30.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal_group(signal.SIGKILL)
            return self.process.wait()

    def output(self) -> str:
        return self.log.read_text("utf-8", "replace")


@pytest.fixture
def workers(tmp_path):
    started = []

    def start(url, **kwargs):
        worker = Worker(url, tmp_path, **kwargs)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        if worker.process.poll() is None:
            worker.signal_group(signal.SIGKILL)
            worker.process.wait()


async def until(condition, seconds: float = 60.0, what: str = "the condition"):
    deadline = time.monotonic() + seconds
    while not (result := await condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
    return result


async def running_job(bot):
    rows = [j for j in await jobs(bot.store) if j["state"] == "running"]
    return rows[0] if rows else None


@pytest.fixture
async def bot(pg):
    store = await store_for(pg).open()
    yield MatchService(store)
    await store.close()


async def hard_turn(bot):
    """A match where the hard computer is to move: its search lasts a few seconds."""
    match = await against(bot, game="atacama", level="hard")
    return await human_moves(bot, match)


async def play_result(bot, match):
    job = bot.computer_to_move(match)
    state = await until(lambda: _done(bot, job), what="the computer's move")
    return await bot.computer_move(job, state.result)


async def _done(bot, job):
    state = await bot.job_state(MOVE, job.match_id, job.version)
    return state if state is not None and state.state == "done" else None


async def test_a_worker_killed_mid_search_leaves_its_job_to_another_after_the_lease(bot, pg, workers):
    match = await hard_turn(bot)
    dying = workers(pg)
    claimed = await until(lambda: running_job(bot), what="the first worker's claim")
    await asyncio.sleep(0.5)  # mid-search
    dying.signal_group(signal.SIGKILL)
    dying.process.wait()
    heir = workers(pg)
    played = await play_result(bot, match)
    [move] = [m for m in await bot.moves(match.id) if ai_seats.is_ai(m.user_id)]
    assert move.ply == 1
    assert await jobs(bot.store) == [] and played.match.to_move_id() == ANN.id
    state_rows = await bot.store.fetchall("SELECT COUNT(*) AS n FROM moves WHERE match_id = ?", (match.id,))
    assert state_rows[0]["n"] == 2  # the move was played once
    assert claimed["claimed_by"].startswith("worker:")
    assert heir.stop() == 0 and "0 jobs handed back; 1 results handed in" in heir.output()


async def test_a_worker_paused_past_its_lease_has_its_late_result_refused(bot, pg, workers):
    match = await hard_turn(bot)
    paused = workers(pg)
    first = await until(lambda: running_job(bot), what="the first worker's claim")
    paused.signal_group(signal.SIGSTOP)
    other = workers(pg)
    played = await play_result(bot, match)
    paused.signal_group(signal.SIGCONT)
    # the paused worker wakes, finishes its search, and finds its claim gone: its result is dropped
    await until(
        lambda: _logged(paused, "the result came after the claim was lost"), 120, "the paused worker's late result"
    )
    assert len(await bot.moves(match.id)) == 2 and (await bot.get(match.id)).version == played.match.version
    assert await jobs(bot.store) == []
    assert paused.stop() == 0 and other.stop() == 0
    assert "0 results handed in" in paused.output() and "1 results handed in" in other.output()
    assert first["claimed_by"].startswith("worker:")


async def _logged(worker, words):
    return words in worker.output()


async def test_two_workers_play_many_computer_matches_to_the_end_every_move_once(bot, pg, workers):
    pair = [workers(pg), workers(pg)]
    matches = [
        await against(bot, guild=10 + n % 3, first=("me", "opponent")[n % 2], game="tactori-fem") for n in range(6)
    ]
    await play_out(bot, matches, seconds=240)
    computer_moves = 0
    for match in matches:
        moves = await bot.moves(match.id)
        assert all(a.user_id != b.user_id for a, b in zip(moves, moves[1:]))  # in turn, none twice
        await bot.record(match.id)  # and the record replays
        computer_moves += len([m for m in moves if ai_seats.is_ai(m.user_id)])
    assert [w.stop() for w in pair] == [0, 0]
    handed_in = [int(w.output().split(" results handed in")[0].rsplit(" ", 1)[-1]) for w in pair]
    assert sum(handed_in) == computer_moves


async def test_workers_cut_off_from_the_database_reconnect_and_go_on(bot, pg, workers):
    worker = workers(pg)
    matches = [await against(bot, guild=10, game="tactori-fem")]
    match = await human_moves(bot, matches[0])
    await play_result(bot, match)
    # the server ends every connection of the worker (as a database restart would)
    ended = await bot.store.fetchall(
        "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = ?", (worker.app,)
    )
    assert ended and all(r["ok"] for r in ended)
    await play_out(bot, matches, seconds=120)
    assert (await bot.get(match.id)).status == "finished"
    assert worker.process.poll() is None and worker.stop() == 0
    assert "listening to other processes again" in worker.output()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_worker_stopped_by_a_signal_hands_its_job_back_at_once(bot, pg, workers, sig):
    match = await hard_turn(bot)
    worker = workers(pg, lease=60.0)  # a long lease: only the hand-back frees the job soon
    await until(lambda: running_job(bot), what="the worker's claim")
    if sig == signal.SIGINT:
        worker.signal_group(sig)  # Ctrl-C in a terminal reaches its thinking processes too
    else:
        worker.process.send_signal(sig)
    assert worker.process.wait(30) == 0
    assert "1 jobs handed back" in worker.output()
    [job] = await jobs(bot.store)
    assert (job["state"], job["tries"], job["claimed_by"]) == ("waiting", 0, None)
    assert (await bot.claim_job("next")).job.match_id == match.id


@pytest.mark.parametrize(
    "db, status, words",
    [
        ("data/bot.sqlite3", 2, "needs the bot's PostgreSQL database"),
        ("postgresql://postgres@127.0.0.1:1/postgres", 4, "cannot reach the database"),
    ],
)
def test_a_worker_without_a_database_it_can_share_says_so_in_one_line(tmp_path, db, status, words):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATABASE_PATH")}
    done = subprocess.run(
        [sys.executable, "-m", "ai", "worker", "--db", db],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**env, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == status and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("python -m ai worker: ") and words in line


@pytest.mark.slow
async def test_two_workers_and_two_bot_processes_play_twelve_matches_to_the_end_through_a_cut_off(pg, tmp_path):
    """bench/ai_queue_soak.py at a small scale: two workers, two processes playing the bot's part through
    its ComputerPlayer, every connection of the four ended in the middle (the bench's run: 100 matches)."""
    from bench.ai_queue_soak import soak

    result = await soak(pg, 12, 1, logs=tmp_path, timeout=150)
    assert result["problems"] == []
    [cut] = result["terminations"]
    assert cut["active_matches"] > 0 and cut["connections_ended"] >= 4 and len(cut["processes"]) == 4
    assert result["computer_moves"] == result["results_handed_in"] > 12
    assert result["computer_moves_posted"] <= result["computer_moves"]  # each posted once at most
    assert sum(c["person_moves"] for c in result["consumers"]) == result["person_moves"]
    assert all(w["reconnects"] >= 1 for w in result["workers"])
    assert all(c["reconnects"] >= 1 for c in result["consumers"])
    assert result["jobs_left"] == []


def test_a_worker_reads_the_settings_without_loading_the_discord_layer():
    """A worker's start is CPU spent on every machine that runs one (bench.ai_queue counts it): reading
    the bot's settings must not load discord.py and the bot's features with them."""
    code = (
        "import sys; import ai.cli, ai.worker; from bot.setup.settings import Settings;"
        " from matches.computer import think; from matches.jobrunner import JobRunner;"
        " from matches.service import MatchService; from matches.store import store_for;"
        " print(sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiohttp')"
        " or m.startswith('bot.setup.client')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    code = "import sys; from bot import create_bot; print('discord' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "True"  # the client still comes with ``from bot import create_bot``
