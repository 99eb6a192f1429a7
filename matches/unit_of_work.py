"""What every storage backend shares: a unit of work and the hooks after a commit.

Every write is a *unit of work*: a plain synchronous function of a
:class:`Transaction` that runs whole, as if alone (SQLite: one writer thread;
PostgreSQL: SERIALIZABLE, run again from the start when it loses a conflict),
and commits or rolls back as a whole.  So the match service is written once
for every backend; it speaks a small SQL dialect that both understand
(``?`` placeholders, ``RETURNING``, ``ON CONFLICT``; see ``dialect.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Done:
    rowcount: int
    lastrowid: int | None  # SQLite only; portable code says ``RETURNING id``


class Transaction:
    """The statements of one unit of work (synchronous: it runs on a writer thread)."""

    # Appended to a ``SELECT`` that claims rows of a queue (``{table}``: the alias of the rows
    # claimed): PostgreSQL passes over the rows other processes are claiming at that moment
    # instead of waiting for them; SQLite's single writer claims alone and needs nothing.
    skip_locked = ""

    def __init__(self) -> None:
        self.soonest: float | None = None
        self.notices: list[tuple[str, str]] = []

    def notify(self, topic: str, payload: str) -> None:
        """Tell every bot process, once this unit commits, that something cached changed
        (``StoreBase.on_notice``; other processes hear it through PostgreSQL's NOTIFY)."""
        self.notices.append((topic, payload))

    def schedule(self, at: float | None) -> None:
        """Say that this unit sets a time at which something is due (a reminder, deadline, expiry).

        Every write of ``next_event_at`` or ``expires_at`` must say so: a sleeping scheduler
        learns of earlier work only this way."""
        if at is not None and (self.soonest is None or at < self.soonest):
            self.soonest = at

    def execute(self, sql: str, params: tuple = ()) -> Done:
        raise NotImplementedError

    def executemany(self, sql: str, rows: list) -> None:
        raise NotImplementedError

    def fetchone(self, sql: str, params: tuple = ()) -> Any:
        """The first row of a query, or of ``UPDATE ... RETURNING`` (which runs to completion)."""
        raise NotImplementedError

    def fetchall(self, sql: str, params: tuple = ()) -> list:
        raise NotImplementedError


class StoreBase:
    """The interface the service sees; backends implement ``open``, ``close``,
    ``_run_unit``, ``fetchall`` and ``schema_version``."""

    backend = "?"

    def __init__(self) -> None:
        # Called after every commit: cheap, synchronous.
        self.on_commit: list[Callable[[], None]] = []
        # Called after a commit that scheduled something (Transaction.schedule) with the earliest
        # such time, so a scheduler wakes only when a commit brings its next event closer.
        self.on_schedule: list[Callable[[float], None]] = []
        # Called with (topic, payload) after a commit that said Transaction.notify, in this
        # process and (PostgreSQL) in every other process on the database.
        self.on_notice: list[Callable[[str, str], None]] = []
        # Called when the store listens again after losing its connection (PostgreSQL): what other
        # processes said meanwhile was not heard, so whoever waits for a notice must look for himself.
        self.on_reconnect: list[Callable[[], None]] = []

    @property
    def is_open(self) -> bool:
        raise NotImplementedError

    async def open(self) -> StoreBase:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def _run_unit(self, work: Callable[[Transaction], T], relaxed: bool = False) -> tuple[T, Transaction]:
        """Run ``work`` as one committed transaction; its result and the transaction that committed."""
        raise NotImplementedError

    async def write(self, work: Callable[[Transaction], T], *, relaxed: bool = False) -> T:
        """Run ``work(tx)`` as one transaction off the event loop; its result or exception comes back.

        ``work`` must not touch the event loop (it runs on another thread) nor act
        outside its transaction (a backend may run it again after a conflict).  ``relaxed``: the
        unit needs no more than READ COMMITTED (PostgreSQL), because it takes its rows with
        ``Transaction.skip_locked`` or changes one row by key and token: claims on a queue, which
        at SERIALIZABLE would only lose conflicts to each other."""
        result, tx = await self._run_unit(work, relaxed)
        for hook in self.on_commit:
            hook()
        if tx.soonest is not None:
            self._scheduled(tx.soonest)
        for topic, payload in tx.notices:
            self._noticed(topic, payload)
        return result

    def _scheduled(self, at: float) -> None:
        for hook in self.on_schedule:
            hook(at)

    def _noticed(self, topic: str, payload: str) -> None:
        for hook in self.on_notice:
            hook(topic, payload)

    async def execute(self, sql: str, params: tuple = ()) -> Done:
        """One write statement in its own transaction."""
        return await self.write(lambda tx: tx.execute(sql, params))

    async def fetchone(self, sql: str, params: tuple = ()) -> Any:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: tuple = ()) -> list:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    async def sync_ids(self) -> None:
        """After rows were copied in with their ids: new rows must get ids above them."""
