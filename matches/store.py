"""The SQLite store: one connection, WAL, versioned migrations, serialised writes."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator, Callable

import aiosqlite

from .migrations import MIGRATIONS

log = logging.getLogger(__name__)


class Store:
    def __init__(self, path: str | Path):
        self.path = str(path)
        self.db: aiosqlite.Connection | None = None      # writer
        self.reader: aiosqlite.Connection | None = None  # sees committed data only (WAL)
        # The writer connection is shared by every coroutine, so transactions
        # must not interleave: writers queue here.
        self._write_lock = asyncio.Lock()
        # Called after every commit (e.g. to wake a scheduler): cheap, synchronous.
        self.on_commit: list[Callable[[], None]] = []

    async def open(self) -> "Store":
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = await self._connect()
        async with self.db.execute("PRAGMA journal_mode=WAL"):
            pass
        await self._migrate()
        self.reader = await self._connect()
        return self

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        # NORMAL is durable at every commit point under WAL except on power loss.
        for pragma in ("synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
            async with conn.execute(f"PRAGMA {pragma}"):
                pass
        return conn

    async def close(self) -> None:
        for conn in (self.reader, self.db):
            if conn is not None:
                await conn.close()
        self.db = self.reader = None

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return row[0]

    async def _migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            statements = [s.strip() for s in script.split(";") if s.strip()]
            async with self.transaction() as db:
                for statement in statements:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
            log.info("database migrated to schema version %d", number)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator["Transaction"]:
        assert self.db is not None, "store is not open"
        async with self._write_lock:
            tx = Transaction(self.db)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await tx.execute("ROLLBACK")
                raise
            else:
                await tx.execute("COMMIT")
        for hook in self.on_commit:
            hook()

    async def fetchone(self, sql: str, params: tuple | dict = ()) -> aiosqlite.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: tuple | dict = ()) -> list[aiosqlite.Row]:
        conn = self.reader or self.db
        assert conn is not None, "store is not open"
        # One hop to the database thread instead of three (execute, fetch, close).
        return list(await conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: tuple | dict = ()) -> "Done":
        """One write statement in its own transaction."""
        async with self.transaction() as tx:
            return await tx.execute(sql, params)


@dataclass(frozen=True)
class Done:
    rowcount: int
    lastrowid: int | None


class Transaction:
    """Statements of one write transaction.  Cursors are closed at once: an open
    cursor would make COMMIT fail with "SQL statements in progress"."""

    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    async def execute(self, sql: str, params: tuple | dict = ()) -> Done:
        async with self.db.execute(sql, params) as cur:
            return Done(cur.rowcount, cur.lastrowid)

    async def executemany(self, sql: str, rows: list) -> None:
        async with self.db.executemany(sql, rows):
            pass

    async def fetchone(self, sql: str, params: tuple | dict = ()) -> aiosqlite.Row | None:
        rows = await self.db.execute_fetchall(sql, params)
        return rows[0] if rows else None
