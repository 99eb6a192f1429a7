"""The PostgreSQL store (asyncpg): the same units of work as SQLite's.

A unit of work (``unit_of_work.py``) is a plain synchronous function of a
transaction, so that the match service is written once.  Here it runs in a
greenlet on the event loop's own thread: each statement switches back to the
loop, which awaits it with asyncpg on the unit's own pooled connection and
switches the answer in (as SQLAlchemy's asyncio layer does).  A thread per unit
with a hop to the loop per statement was slower (470-590 against 560-730 moves/s
with 8 writers, measured in turns in one run on a busy machine) and lost three
to four times as many serialization conflicts: its units stay open longer.

Units run at SERIALIZABLE isolation: any number of them, in any number of
processes, have the effect of running one at a time, which is what SQLite's
single writer gives and what the service's read-then-write units assume.  A
unit that loses a serialization conflict is rolled back and run again from the
start (units act only through their transaction, so that is safe).

Processes wake each other through LISTEN/NOTIFY: a unit that schedules
something (``Transaction.schedule``) or says ``Transaction.notify`` sends a
notice on its schema's channel (``channel_of``) inside its transaction (so it is
heard only if it commits); every store listens on its own connection and passes
what other processes said to ``on_schedule`` / ``on_notice``.

Migrations take an advisory lock, so processes that start together migrate
once.  The schema version is kept in ``schema_version`` (SQLite: ``PRAGMA
user_version``).
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import json
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

import asyncpg
import greenlet

from .dialect import migration_statements, postgres_sql
from .migrations import MIGRATIONS, STEPS
from .unit_of_work import Done, StoreBase, Transaction

log = logging.getLogger(__name__)

T = TypeVar("T")
WRITERS = 8  # units of work at once in one process (pooled connections)
READERS = 4  # connections for reads outside units
RETRIES = 20  # runs of a unit that keeps losing serialization conflicts
MIGRATION_LOCK = 7_447_133_201  # pg_advisory_xact_lock key: "migrating the bot's schema"
CHANNEL = "boardgame_bot"  # the start of every schema's channel (channel_of)
CONFLICTS = (asyncpg.exceptions.SerializationError, asyncpg.exceptions.DeadlockDetectedError)
# Seconds after which the server ends a statement that still runs, and a session whose transaction
# sits idle (a process paused or stuck mid-unit), so that nothing holds its locks for ever; 0: no limit.
STATEMENT_TIMEOUT = 30.0
IDLE_IN_TRANSACTION_TIMEOUT = 60.0


def channel_of(schema: str) -> str:
    """The LISTEN/NOTIFY channel of the stores in one schema.  A channel is the whole database's:
    bots (or test runs) that share a database, each in a schema of its own, must not hear each
    other ("match 12 changed" is another match in the other schema)."""
    return f"{CHANNEL}_{hashlib.sha256(schema.encode()).hexdigest()[:16]}"


class PostgresStore(StoreBase):
    backend = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        writers: int = WRITERS,
        statement_timeout: float = STATEMENT_TIMEOUT,
        idle_in_transaction_timeout: float = IDLE_IN_TRANSACTION_TIMEOUT,
        read_only: bool = False,
    ):
        super().__init__()
        self.url = url
        self.writers = writers
        # Reads only (``python -m matches copy``'s source): no migration, no listener, and the
        # server refuses any write (default_transaction_read_only).
        self.read_only = read_only
        # Sent with every connection (milliseconds): the server enforces them.
        self.server_settings = {
            "statement_timeout": str(int(statement_timeout * 1000)),
            "idle_in_transaction_session_timeout": str(int(idle_in_transaction_timeout * 1000)),
        }
        if read_only:
            self.server_settings["default_transaction_read_only"] = "on"
        self.pool: asyncpg.Pool | None = None
        self.conflicts = 0  # units run again after losing a conflict (for the benchmarks)
        self.origin = secrets.token_hex(8)  # this store's notices are not for itself
        self.channel = channel_of("public")  # open() reads the connections' schema
        self._listener: asyncpg.Connection | None = None
        self._listening: asyncio.Task | None = None

    @property
    def is_open(self) -> bool:
        return self.pool is not None

    async def open(self) -> PostgresStore:
        self.pool = await asyncpg.create_pool(
            self.url, min_size=1, max_size=self.writers + READERS, server_settings=self.server_settings
        )
        if self.read_only:
            return self
        await self._migrate()
        async with self.pool.acquire() as conn:
            self.channel = channel_of(await conn.fetchval("SELECT current_schema()"))
        await self._listen()
        return self

    async def _listen(self) -> None:
        self._listener = await asyncpg.connect(self.url, server_settings=self.server_settings)
        await self._listener.add_listener(self.channel, self._heard)
        self._listener.add_termination_listener(self._lost_listener)

    def _lost_listener(self, _conn) -> None:
        if self.pool is not None and (self._listening is None or self._listening.done()):
            self._listening = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        delay = 0.5
        while self.pool is not None:
            try:
                await self._listen()
                log.warning("listening to other processes again")
                # What was said while nobody listened: a wake-up at once makes the scheduler read the store.
                self._scheduled(0.0)
                for hook in self.on_reconnect:
                    hook()
                return
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("cannot listen to other processes (%s); trying again in %.0f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)

    def _heard(self, _conn, _pid: int, _channel: str, payload: str) -> None:
        notice = json.loads(payload)
        if notice.get("origin") == self.origin:
            return
        if "schedule" in notice:
            self._scheduled(notice["schedule"])
        if "topic" in notice:
            self._noticed(notice["topic"], notice["payload"])

    def _notices_sql(self, tx: PostgresTransaction) -> str:
        """``pg_notify`` calls telling the other processes what the unit schedules and changes."""
        notices = [{"schedule": tx.soonest}] if tx.soonest is not None else []
        notices += [{"topic": topic, "payload": payload} for topic, payload in tx.notices]
        return "".join(
            f"SELECT pg_notify('{self.channel}', {_literal(json.dumps({**n, 'origin': self.origin}))}); "
            for n in notices
        )

    async def close(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None and not listener.is_closed():
            listener.remove_termination_listener(self._lost_listener)
            await listener.close()
        if self.pool is not None:
            await self.pool.close()
        self.pool = None

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn:
            for number in range(1, len(MIGRATIONS) + 1):
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                    current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
                    if current >= number:
                        continue
                    for statement in migration_statements(number, "postgresql"):
                        await conn.execute(statement)
                    if number in STEPS:
                        # A step computes between its statements: no time limit on either.
                        await conn.execute(
                            "SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0"
                        )
                        await _run_in_greenlet(STEPS[number], PostgresTransaction(conn), contextvars.copy_context())
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                log.info("database migrated to schema version %d", number)

    async def schema_version(self) -> int:
        if await self.pool.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0  # a database the bot never ran on (only a read-only store sees one)
        return await self.pool.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")

    async def sync_ids(self) -> None:
        # Identity columns count on from their sequence, which rows copied in with ids did not move.
        for table in ("matches", "series", "events", "conditional_lines"):
            await self.pool.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" GREATEST(COALESCE(MAX(id), 0), 1), MAX(id) IS NOT NULL) FROM {table}"
            )

    async def fetchall(self, sql: str, params: tuple = ()) -> list[asyncpg.Record]:
        assert self.pool is not None, "store is not open"
        return await self.pool.fetch(postgres_sql(sql), *params)

    async def _run_unit(self, work: Callable[[Transaction], T], relaxed: bool = False) -> tuple[T, Transaction]:
        assert self.pool is not None, "store is not open"
        # Shielded: a caller that is cancelled must not leave a unit half-way through.
        return await asyncio.shield(self._unit(work, contextvars.copy_context(), relaxed))

    async def _unit(
        self, work: Callable[[Transaction], T], context: contextvars.Context, relaxed: bool = False
    ) -> tuple[T, Transaction]:
        begin = "BEGIN ISOLATION LEVEL READ COMMITTED" if relaxed else "BEGIN ISOLATION LEVEL SERIALIZABLE"
        conn = await self.pool.acquire()
        try:
            for attempt in range(RETRIES):
                tx = PostgresTransaction(conn)
                await conn.execute(begin)
                try:
                    # The caller's context goes along (a test's virtual clock is read from one).
                    result = await _run_in_greenlet(work, tx, context.copy())
                    # The notices go in the same round trip as COMMIT (a simple query may hold both).
                    await conn.execute(self._notices_sql(tx) + "COMMIT")
                    return result, tx
                except CONFLICTS:
                    await conn.execute("ROLLBACK")
                    self.conflicts += 1
                    if attempt == RETRIES - 1:
                        raise
                    # Losers must not meet again at once: random, exponentially longer waits.
                    await asyncio.sleep(random.uniform(0, min(0.25, 0.002 * 2**attempt)))
                except BaseException:
                    if not conn.is_closed():
                        await conn.execute("ROLLBACK")
                    raise
        finally:
            try:
                await self.pool.release(conn)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError) as exc:
                # The connection ended after the unit did (a database restart just after COMMIT): the
                # pool drops it, and the unit's outcome stands; a committed unit must not look failed.
                log.warning("a connection ended as it went back to the pool: %s", exc)
        raise AssertionError("unreachable")


class _Await:
    """What a unit running in a greenlet asks its driver to await."""

    __slots__ = ("coroutine",)

    def __init__(self, coroutine):
        self.coroutine = coroutine


async def _run_in_greenlet(work, tx, context: contextvars.Context):
    """``work(tx)`` on the event loop's own thread, in a greenlet: each statement switches back
    here, is awaited, and its answer (or error) is switched in; no thread hop per statement."""
    child = greenlet.greenlet(work)
    child.gr_context = context
    request = child.switch(tx)
    while isinstance(request, _Await) and not child.dead:
        try:
            answer = await request.coroutine
        except BaseException as exc:  # noqa: BLE001 - handed to the unit, which may catch it
            request = child.throw(exc)
        else:
            request = child.switch(answer)
    return request


def _literal(text: str) -> str:
    """A PostgreSQL string literal (standard_conforming_strings: only quotes are doubled)."""
    return "'" + text.replace("'", "''") + "'"


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresTransaction(Transaction):
    """Runs in a greenlet on the event loop's thread; every statement switches out to be awaited."""

    skip_locked = " FOR UPDATE OF {table} SKIP LOCKED"

    def __init__(self, conn: asyncpg.Connection):
        super().__init__()
        self.conn = conn

    def _wait(self, coroutine) -> Any:
        return greenlet.getcurrent().parent.switch(_Await(coroutine))

    def execute(self, sql: str, params: tuple = ()) -> Done:
        status = self._wait(self.conn.execute(postgres_sql(sql), *params))
        return Done(_rowcount(status), None)

    def executemany(self, sql: str, rows: list) -> None:
        self._wait(self.conn.executemany(postgres_sql(sql), rows))

    def fetchall(self, sql: str, params: tuple = ()) -> list[asyncpg.Record]:
        return self._wait(self.conn.fetch(postgres_sql(sql), *params))

    def fetchone(self, sql: str, params: tuple = ()) -> asyncpg.Record | None:
        rows = self.fetchall(sql, params)
        return rows[0] if rows else None


PostgresStore.transaction_class = PostgresTransaction
