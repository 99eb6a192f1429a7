"""The SQLite store: WAL, versioned migrations, one writer thread, async reads.

A unit of work (``unit_of_work.py``) runs whole on the store's single writer
thread between ``BEGIN IMMEDIATE`` and ``COMMIT`` (``ROLLBACK`` if it raises).
So a transaction costs one hop from the event loop instead of one per
statement, and two units can never interleave: the writer thread takes them
one at a time, in order.

Reads go through aiosqlite on a second connection, which under WAL sees
committed data only.

One process per file: SQLite has no way to wake another process's scheduler
nor to share a claim on due work, so a second bot process on the same file is
refused (an exclusive lock on ``<file>.lock`` held while the store is open).
"""

from __future__ import annotations

import asyncio
import contextvars
import fcntl
import functools
import logging
import os
import sqlite3
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .dialect import migration_statements
from .migrations import MIGRATIONS, STEPS
from .unit_of_work import Done, StoreBase, Transaction

log = logging.getLogger(__name__)

T = TypeVar("T")
# NORMAL is durable at every commit point under WAL except on power loss.
PRAGMAS = ("synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000")


class StoreInUse(RuntimeError):
    """Another process has this SQLite file open as a bot's store."""


class NotSqlite(RuntimeError):
    """The file is not an SQLite database."""


def read_only_uri(path: str) -> str:
    """An SQLite URI that reads ``path`` and writes nothing beside it.  Without a write-ahead log
    to read (none, or empty: every commit is in the file) it is opened immutable, so no ``-shm``
    or ``-wal`` file is made either; else read-only, reading the log."""
    wal = Path(path + "-wal")
    pending = wal.is_file() and wal.stat().st_size > 0
    return f"file:{urllib.parse.quote(str(Path(path).resolve()))}?mode=ro{'' if pending else '&immutable=1'}"


class SqliteStore(StoreBase):
    backend = "sqlite"
    transaction_class = None  # SqliteTransaction, set below

    def __init__(self, path: str | Path, *, exclusive: bool = False, read_only: bool = False):
        super().__init__()
        self.path = str(path)
        self.exclusive = exclusive  # the bot sets it: one process per file
        # Reads only (``python -m matches copy``'s source): the file is opened read-only, never
        # created, migrated nor written; ``exclusive`` then refuses a file a bot has open and keeps
        # a bot from opening it meanwhile (a shared lock on its ``.lock``, which is not created).
        self.read_only = read_only
        self.reader: aiosqlite.Connection | None = None
        self._writer: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None  # used on the writer thread only
        self._lock: int | None = None

    @property
    def is_open(self) -> bool:
        return self._writer is not None or (self.read_only and self.reader is not None)

    async def open(self) -> SqliteStore:
        if self.read_only:
            return await self._open_read_only()
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        if self.exclusive:
            self._take_lock()
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        await self._on_writer(self._connect)
        await self._on_writer(self._migrate)
        self.reader = await aiosqlite.connect(self.path, isolation_level=None)
        self.reader.row_factory = aiosqlite.Row
        for pragma in PRAGMAS:
            await self.reader.execute_fetchall(f"PRAGMA {pragma}")
        return self

    async def _open_read_only(self) -> SqliteStore:
        if not Path(self.path).is_file():
            raise FileNotFoundError(f"there is no SQLite file at {self.path}")
        if self.exclusive:
            self._share_lock()
        uri = read_only_uri(self.path)
        try:
            self.reader = await aiosqlite.connect(uri, uri=True, isolation_level=None)
            self.reader.row_factory = aiosqlite.Row
            await self.reader.execute_fetchall("PRAGMA schema_version")  # reads the header
        except sqlite3.DatabaseError as exc:
            await self.close()
            raise NotSqlite(f"{self.path} is not an SQLite database ({exc})") from None
        return self

    def _share_lock(self) -> None:
        try:
            fd = os.open(self.path + ".lock", os.O_RDONLY)
        except FileNotFoundError:
            return  # no bot ever held this file
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreInUse(f"{self.path} is open in a running bot; stop the bot first") from None
        self._lock = fd

    def _take_lock(self) -> None:
        fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreInUse(
                f"{self.path} is already in use by another bot process. One SQLite file serves one "
                "process; to run several processes (shards), use PostgreSQL (DATABASE_URL=postgresql://...)"
            ) from None
        self._lock = fd

    async def close(self) -> None:
        if self.reader is not None:
            await self.reader.close()
        if self._writer is not None:
            await self._on_writer(self._disconnect)
            self._writer.shutdown(wait=True)
        if self._lock is not None:
            os.close(self._lock)  # releases the flock
            self._lock = None
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
        for number in range(current + 1, len(MIGRATIONS) + 1):
            statements = migration_statements(number, "sqlite")

            def work(tx: Transaction, statements=statements, number=number) -> None:
                for statement in statements:
                    tx.execute(statement)
                if number in STEPS:
                    STEPS[number](tx)
                tx.execute(f"PRAGMA user_version = {number}")

            self._unit(work)
            log.info("database migrated to schema version %d", number)

    def _unit(self, work: Callable[[Transaction], T]) -> tuple[T, Transaction]:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        tx = SqliteTransaction(conn)
        try:
            result = work(tx)
        except BaseException:
            if conn.in_transaction:  # SQLite may have rolled back already (e.g. disk full)
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result, tx

    # ------------------------------------------------- from the event loop
    async def _run_unit(self, work: Callable[[Transaction], T], relaxed: bool = False) -> tuple[T, Transaction]:
        if self.read_only:
            raise PermissionError(f"{self.path} is open read-only")
        return await self._on_writer(self._unit, work)

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return row[0]

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        assert self.reader is not None, "store is not open"
        # One hop to the reader's thread instead of three (execute, fetch, close).
        return list(await self.reader.execute_fetchall(sql, params))


class SqliteTransaction(Transaction):
    """Cursors are closed at once: an open cursor would make COMMIT fail with
    "SQL statements in progress"."""

    def __init__(self, conn: sqlite3.Connection):
        super().__init__()
        self.conn = conn

    def execute(self, sql: str, params: tuple = ()) -> Done:
        cur = self.conn.execute(sql, params)
        try:
            return Done(cur.rowcount, cur.lastrowid)
        finally:
            cur.close()

    def executemany(self, sql: str, rows: list) -> None:
        self.conn.executemany(sql, rows).close()

    def fetchall(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        cur = self.conn.execute(sql, params)
        try:
            return cur.fetchall()
        finally:
            cur.close()

    def fetchone(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        rows = self.fetchall(sql, params)
        return rows[0] if rows else None


SqliteStore.transaction_class = SqliteTransaction
