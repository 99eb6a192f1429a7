"""A thinking process's side of the job queue (:mod:`matches.jobs`): claim, think, hand the result in.

The same runner thinks inside the bot (``AI_WORKERS`` slots beside its event loop) and in
``python -m ai worker`` on any machine that reaches the database.  Each slot takes one job
at a time: ``moves`` slots take live moves only, ``reviews`` slots reviews only, so a live
move never waits behind a minute-long review (the review's process runs nicer, too).

A slot with nothing to do sleeps until it is woken (a notice that a job is waiting, in this
process or, through PostgreSQL's NOTIFY, from another), until the next lease end or retry
among the jobs, or at the latest after ``poll`` seconds (the safety net).  The sleep is a
plain timer that ``wake`` interrupts, as the bot's scheduler does, so that test clocks drive it.

While it thinks, a slot renews its lease every third of it.  A result is handed in only
while the claim holds; a process paused past its lease finds its claim taken and its late
result refused (``Jobs.finish_move_job``).  On stop, the jobs still being thought about are
handed back, for another process to take at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from .jobs import JOB_DONE, JOB_QUEUED, LEASE, MOVE, RETRY_DELAY, REVIEW, Job
from .models import describe

log = logging.getLogger(__name__)

POLL = 1800.0  # seconds an idle slot sleeps at most without a wake-up (the safety net)
RETRY = (0.5, 30.0)  # after a failed claim (the database away): the first wait, the longest
BUSY = 0.05  # jobs wait that another process is claiming right now: look again this soon
HEARTBEAT = 20.0  # a busy runner tells the database it is alive at most this often (python -m matches status)


class Nap:
    """An interruptible sleep whose only wait is a timer: ``wake`` cancels it (and a wake-up that
    comes while the sleeper is awake is kept for its next nap)."""

    def __init__(self) -> None:
        self._task: asyncio.Task | None = None
        self._waking = False
        self._pending = False

    async def __call__(self, delay: float) -> None:
        if self._pending:
            self._pending = False
            return
        self._task = asyncio.current_task()
        try:
            await asyncio.sleep(max(0.0, delay))
        except asyncio.CancelledError:
            # Only our own wake-up is swallowed; any other cancel request ends the sleeper.
            if not self._waking or asyncio.current_task().uncancel() > 0:
                raise
        finally:
            self._task, self._waking = None, False

    def wake(self) -> None:
        if self._task is None:
            self._pending = True
        elif not self._waking:
            self._waking = True
            self._task.cancel()


class JobRunner:
    def __init__(
        self,
        service,
        owner: str,
        *,
        moves: int,
        reviews: int,
        think: Callable[[Any], Awaitable[str]],
        review: Callable[[Any], Awaitable[dict]],
        lease: float = LEASE,
        poll: float = POLL,
        processes: int | None = None,
        retry_delay: float = RETRY_DELAY,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.service = service
        self.owner = owner
        self.slots = [(MOVE,)] * moves + [(REVIEW,)] * reviews
        self.think = think
        self.review = review
        self.lease = lease
        self.poll = poll
        self.retry_delay = retry_delay
        self.processes = processes if processes is not None else moves + reviews
        self.running: dict[int, Job] = {}  # job id -> the job being thought about
        self.done = 0  # results handed in (for the heartbeat and the bench)
        self.started_at = service.clock()
        self._tasks: list[asyncio.Task] = []
        self._naps: list[Nap] = []
        self._stopping = False
        self._clock = clock
        self._beaten = -HEARTBEAT  # when the last heartbeat went out (self._clock)

    # ------------------------------------------------------------- life
    def start(self) -> None:
        store = self.service.store
        store.on_notice.append(self._heard)
        store.on_reconnect.append(self.wake)
        for number, kinds in enumerate(self.slots):
            nap = Nap()
            self._naps.append(nap)
            self._tasks.append(
                asyncio.get_running_loop().create_task(
                    self._slot(kinds, nap), name=f"thinking slot {number} ({kinds[0]}s)"
                )
            )

    def _heard(self, topic: str, payload: str) -> None:
        if topic in (JOB_QUEUED, JOB_DONE):
            # A job waits, or one finished (an idle slot may have slept until its lease end).
            self.wake()

    def wake(self) -> None:
        for nap in self._naps:
            nap.wake()

    def cancel(self) -> None:
        """Stop at once (no hand-back: the leases run out); for a process that is going away anyway."""
        self._stopping = True
        self._unhook()
        for task in self._tasks:
            task.cancel()

    def _unhook(self) -> None:
        store = self.service.store
        if self._heard in store.on_notice:
            store.on_notice.remove(self._heard)
        if self.wake in store.on_reconnect:
            store.on_reconnect.remove(self.wake)

    async def stop(self) -> int:
        """Stop thinking; the jobs still being thought about are handed back (how many)."""
        jobs = list(self.running.values())
        self.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        handed = 0
        for job in jobs:
            try:
                handed += await self.service.hand_back(job)
            except Exception as exc:  # noqa: BLE001 - the lease hands it back in the end
                log.warning("could not hand back job %s (%s); it is taken again when its lease ends", job.id, exc)
        return handed

    async def heartbeat(self) -> None:
        """Tell the database this process is alive (``python -m matches status``)."""
        self._beaten = self._clock()
        await self.service.heartbeat(
            self.owner, socket.gethostname(), os.getpid(), self.processes, len(self.running), self.done, self.started_at
        )

    async def _beat_when_due(self) -> None:
        """On activity (each claim): a heartbeat if the last is HEARTBEAT old.  A runner idle for long
        says nothing (the bot's has no timer of its own for it; ``python -m ai worker`` beats on a timer)."""
        if self._clock() - self._beaten >= HEARTBEAT:
            try:
                await self.heartbeat()
            except Exception as exc:  # noqa: BLE001 - the next claim says so
                log.warning("heartbeat failed: %s", describe(exc))

    # ------------------------------------------------------------- a slot
    async def _slot(self, kinds: tuple[str, ...], nap: Nap) -> None:
        delay = RETRY[0]
        while not self._stopping:
            try:
                claim = await self.service.claim_job(self.owner, kinds, lease=self.lease)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the database away (a restart): try again, slower each time
                if not self.service.store.is_open:
                    return
                log.warning("cannot claim a job (%s); trying again in %.1f s", describe(exc), delay)
                await nap(delay)
                delay = min(delay * 2, RETRY[1])
                continue
            delay = RETRY[0]
            await self._beat_when_due()
            if claim.job is not None:
                await self.run_claimed(claim.job)
                continue
            if claim.soon:
                wait = BUSY
            elif claim.next_at is not None:
                wait = min(self.poll, max(0.0, claim.next_at - self.service.clock()) + 0.05)
            else:
                wait = self.poll
            await nap(wait)

    async def run_claimed(self, job: Job) -> None:
        """Think about ``job`` (claimed for this runner), renewing its lease, and hand the result in."""
        self.running[job.id] = job
        try:
            try:
                work = self.think(job.thinking()) if job.kind == MOVE else self.review(job.reviewing())
                result = await self._renewing(job, asyncio.ensure_future(work))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - a job that fails must not stop the slot
                reason = describe(exc)
                went = await self._persist(lambda: self.service.fail_job(job, reason, retry_delay=self.retry_delay))
                log.warning(
                    "job %s (%s of match %s) failed on try %s: %s; %s",
                    job.id,
                    job.kind,
                    job.match_id,
                    job.tries,
                    reason,
                    went or "its claim was lost",
                )
                return
            finish = self.service.finish_move_job if job.kind == MOVE else self.service.finish_review_job
            if await self._persist(lambda: finish(job, result)):
                self.done += 1
            else:
                log.info(
                    "job %s (%s of match %s): the result came after the claim was lost; dropped",
                    job.id,
                    job.kind,
                    job.match_id,
                )
        finally:
            self.running.pop(job.id, None)

    async def _renewing(self, job: Job, thinking: asyncio.Future) -> Any:
        """The result of ``thinking``, renewing the lease every third of it meanwhile."""
        try:
            while True:
                done, _ = await asyncio.wait({thinking}, timeout=self.lease / 3)
                if done:
                    return thinking.result()
                try:
                    if not await self.service.renew_job(job, lease=self.lease):
                        log.warning(
                            "job %s (%s of match %s): its claim was lost while thinking", job.id, job.kind, job.match_id
                        )
                except Exception as exc:  # noqa: BLE001 - the database away: the next renewal tries again
                    log.warning("could not renew the lease of job %s: %s", job.id, describe(exc))
        except asyncio.CancelledError:
            thinking.cancel()
            raise

    async def _persist(self, write: Callable[[], Awaitable[Any]]) -> Any:
        """A result handed in, tried again while the database is away, as long as the lease may hold."""
        deadline = self._clock() + self.lease
        delay = RETRY[0]
        while True:
            try:
                return await write()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001
                if self._clock() + delay > deadline or not self.service.store.is_open:
                    log.warning(
                        "could not hand in a result (%s); its job is taken again after its lease", describe(exc)
                    )
                    return None
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY[1])
