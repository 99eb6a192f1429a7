"""The computer opponent's turns: thought out by the job queue, played and posted like anyone's.

A search takes up to seconds of CPU, so it never runs on the event loop.  The
computer's turn is a job in the database (``matches.jobs``), written with the move
that made it the computer's turn; a thinking process claims it: this bot's own
(``AI_WORKERS`` slots, each thinking in a process of this bot's pool) or
``python -m ai worker`` anywhere that reaches the database.  With ``AI_WORKERS=0``
this process thinks about no job and leaves them all to such workers.

Here the bot waits for the result of each position it serves (one wait per match
and position: asking twice starts nothing new), plays it through the service's
versioned move and posts it.  A move for a position that changed meanwhile (a
takeback) is refused by the version check and dropped; a job parked after failing
is logged, and the moves already made are posted.  Hints are thought out here, at
once, in this process's pool (or a thread when it has none).

Against the computer the channel gets one board per run of its moves: the computer's moves
in a row (three bots at a four-player table, Architekton's several placements)
are posted together on one board after the last of them, with each move listed,
and that board replaces the one that said "… is thinking…" (which is deleted
rather than edited: an edited message would not notify the person to move next).
A person's turn of several moves comes on one board the same way: the moves
within it are shown to him alone (``BoardPoster.post_move``), and the board that
opens the computer's run lists them all (``bot.messages.boards.PendingBoard``).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

import asyncpg

from matches import IllegalMoveError, Match, ServiceError
from matches.jobrunner import JobRunner, Nap
from matches.jobs import JOB_DONE, MOVE
from matches.service import Thinking, think

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)

# Seconds a wait for a job's result sleeps at most without being told (the safety net: the job's
# end is announced, in this process and through PostgreSQL's NOTIFY from the others).
WAIT_POLL = 1800.0
# Tries of a computer's turn whose wait or move lost its database connection (a restart of the server):
# the job is still in the database, so the turn waits a little longer each time and asks again.
DATABASE_TRIES = 8
DATABASE_AWAY = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
)


class JobParked(RuntimeError):
    """The job failed on every try and was parked (``python -m matches broken`` lists it)."""


class Waiters:
    """Who waits for which job's end: woken by the notice that announces it."""

    def __init__(self) -> None:
        self._naps: dict[tuple[str, int, int], set[Nap]] = {}

    def enter(self, kind: str, match_id: int, version: int) -> Nap:
        nap = Nap()
        self._naps.setdefault((kind, match_id, version), set()).add(nap)
        return nap

    def leave(self, kind: str, match_id: int, version: int, nap: Nap) -> None:
        naps = self._naps.get((kind, match_id, version))
        if naps is not None:
            naps.discard(nap)
            if not naps:
                del self._naps[(kind, match_id, version)]

    def heard(self, topic: str, payload: str) -> None:
        if topic != JOB_DONE:
            return
        kind, match_id, version = payload.split(":")
        for nap in list(self._naps.get((kind, int(match_id), int(version)), ())):
            nap.wake()

    def wake_all(self) -> None:
        for naps in list(self._naps.values()):
            for nap in list(naps):
                nap.wake()


class ComputerPlayer:
    def __init__(self, bot: GameBot):
        self.bot = bot
        self.workers = bot.settings.ai_workers
        # Tests think in threads of the bot (no process to start, SimCord's clock everywhere).
        self.threads = getattr(bot.settings, "ai_threads", False)
        self._pool: Executor | None = None
        self._jobs: dict[int, tuple[int, asyncio.Task]] = {}  # match id -> (version waited for, task)
        self.waiters = Waiters()
        self.runner: JobRunner | None = None  # this process's thinking (AI_WORKERS > 0)

    def start(self) -> None:
        """Hear of the jobs' results; think about jobs here unless AI_WORKERS is 0."""
        store = self.bot.store
        store.on_notice.append(self.waiters.heard)
        store.on_reconnect.append(self.waiters.wake_all)
        if self.workers > 0:
            # Reviews asked here are thought about by the task that asks (bot.history.reviews), in the
            # review worker; the slots take live moves only.
            self.runner = JobRunner(
                self.bot.service,
                self.bot.process_name,
                moves=self.workers,
                reviews=0,
                think=self.think,
                review=self.bot.history.reviewer.compute,
                processes=self.workers + 1,
            )
            self.runner.start()
        elif store.backend == "sqlite":
            log.warning(
                "AI_WORKERS=0 on SQLite: nothing thinks for the computer (a worker, python -m ai worker, "
                "needs PostgreSQL); set AI_WORKERS to 1 or more"
            )

    def _executor(self) -> Executor | None:
        """The process pool, started on first use; None (the loop's thread pool) when AI_WORKERS is 0
        or the bot thinks in threads."""
        if self._pool is None and self.workers > 0 and not self.threads:
            # spawn: workers start from a clean interpreter, not a fork of one with threads and sockets.
            # Not forkserver: its Process.poll() waits on a pipe with a deadline from time.monotonic(),
            # and spins for ever wherever that clock stands still (SimCord's virtual time in tests);
            # spawn's children are polled with waitpid, whatever the clock does.
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def think(self, job: Thinking) -> str:
        """The move the job's level chooses, computed off the event loop."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, think, job)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): a fresh pool (one, however many jobs noticed), one more try.
            if self._pool is pool:
                log.warning("the computer's process pool broke; starting a new one")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
            return await loop.run_in_executor(self._executor(), think, job)

    def schedule(self, match: Match) -> None:
        """If a computer seat is to move in ``match``, let it think and play (once per position)."""
        job = self.bot.service.computer_to_move(match)
        if job is None:
            return
        running = self._jobs.get(match.id)
        if running is not None and running[0] == job.version and not running[1].done():
            return
        task = asyncio.create_task(self._play(job), name=f"computer move in match {match.id}")
        self._jobs[match.id] = (job.version, task)

    async def resume(self) -> None:
        """After a (re)start: every match waiting for the computer goes on by itself."""
        await self.bot.wait_until_ready()
        for job in await self.bot.service.computer_turns(self.bot.settings.shards):
            self.schedule(await self.bot.service.get(job.match_id))

    async def result_of(self, job: Thinking) -> str | None:
        """The move the queue's thinking chose for ``job``'s position; None when its match moved on
        (the job went with the position).  Queues the job if it is missing (a match left waiting
        before the queue existed)."""
        service = self.bot.service
        nap = self.waiters.enter(MOVE, job.match_id, job.version)
        try:
            while True:
                state = await service.job_state(MOVE, job.match_id, job.version)
                if state is None:
                    if not await service.ensure_move_job(job):
                        return None
                    continue
                if state.state == "done":
                    return state.result
                if state.state == "parked":
                    raise JobParked(f"parked after {state.tries} tries: {state.error}")
                await nap(WAIT_POLL)
        finally:
            self.waiters.leave(MOVE, job.match_id, job.version, nap)

    async def _play(self, job: Thinking) -> None:
        sent = None  # a move whose playing lost the connection: it may have counted
        try:
            for attempt in range(DATABASE_TRIES):
                move = None
                try:
                    move = await self.result_of(job)
                    if move is None:
                        if sent is not None and await self._counted(job, sent):
                            return
                        log.info("computer's move in match %s dropped: the match moved on", job.match_id)
                        return
                    sent = None
                    result = await self.bot.service.computer_move(job, move)
                except IllegalMoveError as exc:
                    # A bug in the search, not a player's doing: the match waits until the next restart or /board.
                    log.error("the computer chose an illegal move in match %s: %s", job.match_id, exc)
                    await self.bot.service.park_result(job.match_id, job.version, f"an illegal move: {exc}")
                    await self._post_unposted(job.match_id)
                    return
                except ServiceError as exc:
                    # The match moved on while the computer thought (a takeback, an abort): nothing to do.
                    log.info("computer's move in match %s dropped: %s", job.match_id, exc)
                    return
                except DATABASE_AWAY as exc:
                    # Nothing else would ask again before a restart or the match's next board.
                    if move is not None:
                        sent = move
                    if attempt < DATABASE_TRIES - 1:
                        log.warning(
                            "the database went away during the computer's turn in match %s (%s); asking again",
                            job.match_id,
                            exc,
                        )
                        await asyncio.sleep(min(30.0, 0.5 * 2**attempt))
                        continue
                    log.exception("the computer could not move in match %s", job.match_id)
                    await self._post_unposted(job.match_id)
                    return
                except Exception:  # noqa: BLE001 - a failed search must not take the bot down
                    log.exception("the computer could not move in match %s", job.match_id)
                    await self._post_unposted(job.match_id)
                    return
                await self.bot.boards.post_computer_turn(result)
                return
        finally:
            running = self._jobs.get(job.match_id)
            if running is not None and running[0] == job.version:
                del self._jobs[job.match_id]

    async def _counted(self, job: Thinking, move: str) -> bool:
        """Whether ``move``, played for ``job`` as the connection broke, counted (the COMMIT went through,
        its answer or what followed it was lost); if so its board is posted now, as it would have been."""
        match = await self.bot.service.get(job.match_id)
        moves = await self.bot.service.moves(job.match_id)
        if (
            match.version != job.version + 1
            or not moves
            or moves[-1].user_id != job.user_id
            or moves[-1].move.replace(" ", "").lower() != move.replace(" ", "").lower()
        ):
            return False
        log.warning("the computer's move in match %s counted before the connection broke; posting it", job.match_id)
        try:
            await self.bot.boards.post_pending(match)
        finally:
            self.schedule(match)
        return True

    async def _post_unposted(self, match_id: int) -> None:
        """The run stopped short (a failed search): the moves it made are posted all the same."""
        pending = self.bot.boards.pending.get(match_id)
        if pending is None or not pending.unposted:
            return
        try:
            await self.bot.boards.post_pending(await self.bot.service.get(match_id))
        except Exception:  # noqa: BLE001 - as above
            log.exception("could not post the computer's moves in match %s", match_id)

    async def stop(self) -> None:
        """Stop thinking (the jobs being thought about handed back for another process), then close."""
        if self.runner is not None:
            await self.runner.stop()
        self.close()

    def close(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
        for _, task in self._jobs.values():
            task.cancel()
        self._jobs.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
