"""The SQLite store: WAL, versioned migrations, one writer thread, async reads.

Every write is a *unit of work*: a plain function of a :class:`Transaction`
that runs whole on the store's single writer thread between ``BEGIN
IMMEDIATE`` and ``COMMIT`` (``ROLLBACK`` if it raises).  So a transaction costs
one hop from the event loop instead of one per statement, and two units can
never interleave: the writer thread takes them one at a time, in order.

Reads go through aiosqlite on a second connection, which under WAL sees
committed data only.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

import aiosqlite

from .migrations import MIGRATIONS

log = logging.getLogger(__name__)

T = TypeVar("T")
# NORMAL is durable at every commit point under WAL except on power loss.
PRAGMAS = ("synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000")


class Store:
    def __init__(self, path: str | Path):
        self.path = str(path)
        self.reader: aiosqlite.Connection | None = None
        self._writer: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None     # used on the writer thread only
        # Called after every commit: cheap, synchronous.
        self.on_commit: list[Callable[[], None]] = []
        # Called after a commit that scheduled something (Transaction.schedule) with the earliest
        # such time, so a scheduler wakes only when a commit brings its next event closer.
        self.on_schedule: list[Callable[[float], None]] = []

    @property
    def is_open(self) -> bool:
        return self._writer is not None

    async def open(self) -> "Store":
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        await self._on_writer(self._connect)
        await self._on_writer(self._migrate)
        self.reader = await aiosqlite.connect(self.path, isolation_level=None)
        self.reader.row_factory = aiosqlite.Row
        for pragma in PRAGMAS:
            await self.reader.execute_fetchall(f"PRAGMA {pragma}")
        return self

    async def close(self) -> None:
        if self.reader is not None:
            await self.reader.close()
        if self._writer is not None:
            await self._on_writer(self._disconnect)
            self._writer.shutdown(wait=True)
        self.reader = self._writer = None

    async def _on_writer(self, fn: Callable[..., T], *args: Any) -> T:
        assert self._writer is not None, "store is not open"
        # The caller's context goes along, as with asyncio.to_thread: a unit may read
        # context variables (a test's virtual clock is one).
        call = functools.partial(contextvars.copy_context().run, fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._writer, call)

    # ------------------------------------------------- on the writer thread
    def _connect(self) -> None:
        self._conn = sqlite3.connect(self.path, isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self._conn.execute("PRAGMA journal_mode=WAL")
        for pragma in PRAGMAS:
            self._conn.execute(f"PRAGMA {pragma}")

    def _disconnect(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _migrate(self) -> None:
        current = self._conn.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            statements = [s.strip() for s in script.split(";") if s.strip()]

            def work(tx: Transaction, statements=statements, number=number) -> None:
                for statement in statements:
                    tx.execute(statement)
                tx.execute(f"PRAGMA user_version = {number}")

            self._unit(work)
            log.info("database migrated to schema version %d", number)

    def _unit(self, work: Callable[["Transaction"], T]) -> T:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = work(Transaction(conn))
        except BaseException:
            if conn.in_transaction:    # SQLite may have rolled back already (e.g. disk full)
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    # ------------------------------------------------- from the event loop
    async def write(self, work: Callable[["Transaction"], T]) -> T:
        """Run ``work(tx)`` as one transaction on the writer thread; its result or exception comes back.

        ``work`` must not touch the event loop: it runs on another thread.
        """
        ran: list[Transaction] = []

        def unit(tx: Transaction) -> T:
            ran.append(tx)
            return work(tx)

        result = await self._on_writer(self._unit, unit)
        for hook in self.on_commit:
            hook()
        soonest = ran[0].soonest
        if soonest is not None:
            for scheduled in self.on_schedule:
                scheduled(soonest)
        return result

    async def execute(self, sql: str, params: tuple | dict = ()) -> "Done":
        """One write statement in its own transaction."""
        return await self.write(lambda tx: tx.execute(sql, params))

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return row[0]

    async def fetchone(self, sql: str, params: tuple | dict = ()) -> aiosqlite.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: tuple | dict = ()) -> list[aiosqlite.Row]:
        assert self.reader is not None, "store is not open"
        # One hop to the reader's thread instead of three (execute, fetch, close).
        return list(await self.reader.execute_fetchall(sql, params))


@dataclass(frozen=True)
class Done:
    rowcount: int
    lastrowid: int | None


class Transaction:
    """The statements of one unit of work (synchronous: it runs on the writer thread).

    Cursors are closed at once: an open cursor would make COMMIT fail with
    "SQL statements in progress".
    """

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.soonest: float | None = None

    def schedule(self, at: float | None) -> None:
        """Say that this unit sets a time at which something is due (a reminder, deadline, expiry).

        Every write of ``next_event_at`` or ``expires_at`` must say so: a sleeping scheduler
        learns of earlier work only this way."""
        if at is not None and (self.soonest is None or at < self.soonest):
            self.soonest = at

    def execute(self, sql: str, params: tuple | dict = ()) -> Done:
        cur = self.conn.execute(sql, params)
        try:
            return Done(cur.rowcount, cur.lastrowid)
        finally:
            cur.close()

    def executemany(self, sql: str, rows: list) -> None:
        self.conn.executemany(sql, rows).close()

    def fetchone(self, sql: str, params: tuple | dict = ()) -> sqlite3.Row | None:
        """The first row of a query, or of ``UPDATE ... RETURNING`` (which runs to completion)."""
        cur = self.conn.execute(sql, params)
        try:
            rows = cur.fetchall()
        finally:
            cur.close()
        return rows[0] if rows else None
