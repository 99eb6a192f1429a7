"""``python -m ai worker``: a process that only thinks, on any machine that reaches the database.

It claims the computer's moves and the reviews queued in the bot's PostgreSQL database
(``matches.jobs``), thinks them out in ``--processes`` worker processes (default:
``AI_WORKERS`` from the bot's settings, or the machine's CPUs where that is 0) and one
nicer process for reviews, and writes each result back; the bot process that serves the
match plays and posts it.  SIGTERM or SIGINT stop it: the jobs it was thinking about are
handed back at once, for another process to take.

It reads the bot's settings (environment variables, or ``.env``): ``DATABASE_URL`` above
all.  SQLite cannot be shared between processes: there the bot thinks in its own
processes (``AI_WORKERS``), and a worker is refused.

Exit status: 0 stopped by a signal; 2 the command line or the settings are wrong (one line
on standard error); 4 the database cannot be reached or opened.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import secrets
import signal
import socket
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from matches.reviews import Reviewing

log = logging.getLogger("ai.worker")

USAGE = 2
UNREACHABLE = 4
HEARTBEAT = 20.0  # seconds between heartbeats (python -m matches status counts a minute)
POLL = 30.0  # an idle worker looks at the queue at least this often (the safety net)
REVIEW_NICENESS = 10  # the review process runs this much nicer: live moves first on a shared machine


def _ignore_interrupts() -> None:
    """In a thinking process: Ctrl-C reaches the whole process group; the worker itself hands the
    job back and ends its processes, which must not die mid-search on their own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _review_process() -> None:
    _ignore_interrupts()
    try:
        os.nice(REVIEW_NICENESS)
    except (AttributeError, OSError):
        pass


def _warm() -> None:
    """Run once in each thinking process at the start: the search is loaded before the first job waits for it."""
    import ai  # noqa: F401
    import matches.computer  # noqa: F401


def _review(job: Reviewing) -> dict[str, Any]:
    from matches.reviews import review_record

    return review_record(job)


def _reporting(pids: Any, initializer: Callable[[], None]) -> None:
    """A thinking process's start: it says its pid (so that its pool can end it without waiting for its
    search), then runs the pool's own initializer."""
    pids.put(os.getpid())
    initializer()


class ThinkingPool:
    """``size`` spawned processes; one that dies (killed, out of memory) costs its job a try, and a
    fresh pool takes over."""

    def __init__(self, size: int, initializer: Callable[[], None] = _ignore_interrupts):
        self.size, self.initializer = size, initializer
        self._pool: ProcessPoolExecutor | None = None
        self._pids: Any = None
        self._started: set[int] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pids, self._started = context.SimpleQueue(), set()
            self._pool = ProcessPoolExecutor(
                max_workers=self.size,
                mp_context=context,
                initializer=_reporting,
                initargs=(self._pids, self.initializer),
            )
        return self._pool

    async def warm(self) -> None:
        """Start every process now (a job as many as there are processes), not on the first job."""
        pool = self._executor()
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.size)))

    async def run(self, fn: Callable[[Any], Any], job: Any) -> Any:
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, job)
        except BrokenProcessPool:
            if self._pool is pool:
                log.warning("a thinking process died; starting a new pool")
                self.close()
            raise

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # Not waiting for a search to end: its job is handed back (or its lease runs out).
        while self._pids is not None and not self._pids.empty():
            self._started.add(self._pids.get())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in multiprocessing.active_children():
            if process.pid in self._started and process.is_alive():
                process.terminate()


async def run_worker(
    url: str,
    processes: int,
    reviews: int,
    *,
    lease: float,
    poll: float = POLL,
    name: str | None = None,
    stop: asyncio.Event | None = None,
) -> int:
    """Think until ``stop`` is set (by SIGTERM or SIGINT when not given); the jobs handed back."""
    from matches.computer import think
    from matches.jobrunner import JobRunner
    from matches.service import MatchService
    from matches.store import store_for

    name = name or f"worker:{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
    store = store_for(url)
    await store.open()
    # matches.Store names SqliteStore, but the service runs on whichever store store_for() opens
    service = MatchService(store)  # type: ignore[arg-type]
    moves = ThinkingPool(processes)
    reviewing = ThinkingPool(1, _review_process) if reviews else None
    loop = asyncio.get_running_loop()
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
    await moves.warm()
    if reviewing is not None:
        await reviewing.warm()

    async def review(job: Reviewing) -> dict[str, Any]:
        assert reviewing is not None  # the runner hands out reviews only when it has a process for them
        result: dict[str, Any] = await reviewing.run(_review, job)
        return result

    runner = JobRunner(
        service,
        name,
        moves=processes,
        reviews=reviews,
        think=lambda job: moves.run(think, job),
        review=review,
        lease=lease,
        poll=poll,
        processes=processes + reviews,
    )
    runner.start()
    log.info("%s thinks in %d processes (+%d for reviews) on %s", name, processes, reviews, store.backend)

    async def beat() -> None:
        while True:
            try:
                await runner.heartbeat()
            except Exception as exc:  # noqa: BLE001 - the database away: the next beat tries again
                log.warning("heartbeat failed: %s", exc)
            await asyncio.sleep(HEARTBEAT)

    beating = loop.create_task(beat())
    try:
        await stop.wait()
    finally:
        beating.cancel()
        handed = await runner.stop()
        moves.close()
        if reviewing is not None:
            reviewing.close()
        try:
            await service.worker_gone(name)
        except Exception:  # noqa: BLE001 - its heartbeat simply ages out
            pass
        await store.close()
        log.info("%s stopped; %d jobs handed back; %d results handed in", name, handed, runner.done)
    return 0


def worker_command(args: argparse.Namespace) -> int:
    from bot.setup.settings import Settings, SettingsError
    from matches.jobs import LEASE
    from matches.store import is_postgres

    def wrong(message: str, code: int = USAGE) -> int:
        print(f"python -m ai worker: {message}", file=sys.stderr)
        return code

    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        return wrong(str(exc))
    url = args.db or settings.database_url
    if not url or not is_postgres(url):
        return wrong(
            "a worker needs the bot's PostgreSQL database (DATABASE_URL=postgresql://...); "
            "with SQLite the bot thinks in its own processes (AI_WORKERS)"
        )
    processes = args.processes or settings.ai_workers or os.cpu_count() or 1
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(run_worker(url, processes, args.reviews, lease=args.lease or LEASE, poll=args.poll))
    except (TimeoutError, OSError) as exc:
        return wrong(f"cannot reach the database: {exc or type(exc).__name__}", UNREACHABLE)
    except Exception as exc:  # noqa: BLE001 - one line for whatever else the database says
        import asyncpg

        if isinstance(exc, asyncpg.PostgresError):
            return wrong(f"cannot open the database: {exc}", UNREACHABLE)
        raise


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


class Subcommands(Protocol):
    """What ``add_parser`` needs of the CLI's subcommands (argparse's ``add_subparsers()``)."""

    def add_parser(self, name: str, *, help: str) -> argparse.ArgumentParser: ...


def add_parser(sub: Subcommands) -> None:
    work = sub.add_parser("worker", help="think for the bot: the computer's moves and reviews queued in its database")
    work.add_argument(
        "--processes",
        type=_positive,
        default=None,
        help="thinking processes for moves (default: AI_WORKERS, or the CPUs where that is 0)",
    )
    work.add_argument(
        "--reviews",
        type=int,
        choices=(0, 1),
        default=1,
        help="a nicer process for reviews (1, the default) or none (0)",
    )
    work.add_argument("--lease", type=float, default=None, help="seconds a claim lasts unless renewed (default 60)")
    work.add_argument("--poll", type=float, default=POLL, help="look at the queue at least this often (seconds)")
    work.add_argument("--db", default=None, help="the database (default: DATABASE_URL)")
