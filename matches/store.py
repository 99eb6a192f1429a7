"""The store the match service runs on, whichever backend holds the data.

``store_for(location)``: a ``postgresql://`` URL opens PostgreSQL
(``pg_store.py``, asyncpg); anything else is the path of an SQLite file
(``sqlite_store.py``).  Both run the same units of work (``unit_of_work.py``)
and the same migrations (``migrations.py``, ``dialect.py``).
"""

from __future__ import annotations

from .sqlite_store import NotSqlite, SqliteStore, StoreInUse
from .unit_of_work import Done, StoreBase, Transaction

# The SQLite store under its first name: ``Store(path)``.
Store = SqliteStore

__all__ = [
    "Done",
    "NotSqlite",
    "SqliteStore",
    "Store",
    "StoreBase",
    "StoreInUse",
    "Transaction",
    "is_postgres",
    "store_for",
]


def is_postgres(location: str) -> bool:
    return str(location).startswith(("postgresql://", "postgres://"))


def store_for(location: str, *, exclusive: bool = False, read_only: bool = False, **postgres) -> StoreBase:
    """The store at ``location``: a PostgreSQL URL or an SQLite path.

    ``exclusive`` (SQLite only): refuse to open a file another process has open.  ``read_only``:
    reads only, nothing created, migrated or written.  ``postgres``: the PostgreSQL store's
    settings (``statement_timeout``, ``idle_in_transaction_timeout``)."""
    if is_postgres(location):
        from .pg_store import PostgresStore

        return PostgresStore(str(location), read_only=read_only, **postgres)
    return SqliteStore(location, exclusive=exclusive, read_only=read_only)
