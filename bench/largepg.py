"""The large database on PostgreSQL: the cached SQLite database of
:mod:`bench.largedb`, copied once with ``python -m matches copy``'s code into a
template database ``bench_large_<count>``; every run works on a fresh
``CREATE DATABASE ... TEMPLATE`` of it (a file-level copy, seconds).

The server is ``BENCH_DATABASE_URL`` or, failing that, ``TEST_DATABASE_URL``
(``.ci/postgres start``); without either the PostgreSQL half is skipped with a note.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from matches.copying import copy_store
from matches.store import SqliteStore, store_for


def server_url() -> str | None:
    return os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or None


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, "", ""))


async def _exists(admin: asyncpg.Connection, name: str) -> bool:
    return bool(await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name))


async def ensure_template(url: str, source: str, count: int, log) -> str:
    """The template database holding the large database, copied from ``source`` once."""
    name = f"bench_large_{count}"
    admin = await asyncpg.connect(url)
    try:
        if await _exists(admin, name):
            ready = await asyncpg.connect(with_database(url, name))
            try:
                done = await ready.fetchval("SELECT to_regclass('bench_ready') IS NOT NULL")
            finally:
                await ready.close()
            if done:
                log(f"  PostgreSQL: {count:,} matches from the template database {name}")
                return name
            await admin.execute(f"DROP DATABASE {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    log(f"  PostgreSQL: copying the large database into {name} (once) ...")
    started = time.perf_counter()
    src = await SqliteStore(source).open()
    dst = await store_for(with_database(url, name)).open()
    try:
        report = await copy_store(src, dst, verify=False)
        await dst.pool.execute("ANALYZE")
        await dst.pool.execute("CREATE TABLE bench_ready (at DOUBLE PRECISION)")
    finally:
        await src.close()
        await dst.close()
    log(
        f"  copied {report.rows['matches']:,} matches, {report.rows['moves']:,} moves "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return name


@contextlib.asynccontextmanager
async def work_database(url: str, template: str):
    """A fresh copy of ``template`` for one run, dropped afterwards."""
    name = f"{template}_work"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    finally:
        await admin.close()
    try:
        yield with_database(url, name)
    finally:
        admin = await asyncpg.connect(url)
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()


def prepare(url: str, source: str, count: int, log) -> str:
    return asyncio.run(ensure_template(url, source, count, log))
