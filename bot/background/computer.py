"""The computer opponent's turns: thought out in worker processes, played and posted like anyone's.

A search takes up to seconds of CPU, so it never runs on the event loop: each
position goes to a process pool (``AI_WORKERS`` processes; the pool queues what
exceeds them), and the bot keeps answering everyone meanwhile.  One job per
match and position: asking twice for the same position starts nothing new, and
a move for a position that changed meanwhile (a takeback) is refused by the
service's version check and dropped.

Against the computer the channel gets one board per round: the computer's moves
in a row (three bots at a four-player table, Architekton's several placements)
are posted together on one board after the last of them, with each move listed,
and that board replaces the one that said "… is thinking…" (which is deleted
rather than edited: an edited message would not notify the person to move next).
A person's turn of several moves comes on one board the same way: the moves
within it are shown to him alone (``Boards.post_move``), and the board that
opens the computer's round lists them all.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from matches import IllegalMoveError, Match, ServiceError
from matches.service import Thinking, think

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)


@dataclass
class Round:
    """The computer's moves in a row in one match, until their board is posted."""
    thinking: list[tuple[int, int]] = field(default_factory=list)   # (channel, message) saying "… is thinking…"
    said: list[Any] = field(default_factory=list)     # what the board lists: the move before the round, its moves
    moves: list[Any] = field(default_factory=list)    # the moves among them, for the alt text's "Last:"
    unposted: int = 0                                 # computer moves not on a board yet


class ComputerPlayer:
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.workers = bot.settings.ai_workers
        self._pool: Executor | None = None
        self._jobs: dict[int, tuple[int, asyncio.Task]] = {}   # match id -> (version thought about, task)
        self.rounds: dict[int, Round] = {}                      # match id -> the round being played

    def _executor(self) -> Executor | None:
        """The process pool, started on first use; None (the loop's thread pool) when AI_WORKERS is 0."""
        if self._pool is None and self.workers > 0:
            # spawn: workers start from a clean interpreter, not a fork of one with threads and sockets.
            # Not forkserver: its Process.poll() waits on a pipe with a deadline from time.monotonic(),
            # and spins for ever wherever that clock stands still (SimCord's virtual time in tests);
            # spawn's children are polled with waitpid, whatever the clock does.
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
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

    async def _play(self, job: Thinking) -> None:
        try:
            try:
                move = await self.think(job)
                result = await self.bot.service.computer_move(job, move)
            except IllegalMoveError as exc:
                # A bug in the search, not a player's doing: the match waits until the next restart or /board.
                log.error("the computer chose an illegal move in match %s: %s", job.match_id, exc)
                await self._post_unposted(job.match_id)
                return
            except ServiceError as exc:
                # The match moved on while the computer thought (a takeback, an abort): nothing to do.
                log.info("computer's move in match %s dropped: %s", job.match_id, exc)
                return
            except Exception:  # noqa: BLE001 - a failed search must not take the bot down
                log.exception("the computer could not move in match %s", job.match_id)
                await self._post_unposted(job.match_id)
                return
            await self.bot.actions.post_computer_turn(result)
        finally:
            running = self._jobs.get(job.match_id)
            if running is not None and running[0] == job.version:
                del self._jobs[job.match_id]

    async def _post_unposted(self, match_id: int) -> None:
        """The round stopped short (a failed search): the moves it made are posted all the same."""
        round_ = self.rounds.get(match_id)
        if round_ is None or not round_.unposted:
            return
        try:
            await self.bot.actions.post_round(await self.bot.service.get(match_id))
        except Exception:  # noqa: BLE001 - as above
            log.exception("could not post the computer's moves in match %s", match_id)

    def close(self) -> None:
        for _, task in self._jobs.values():
            task.cancel()
        self._jobs.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
