"""Checks made before connecting to Discord, so that a bad setting is one line naming
what is wrong, not a traceback or a misleading "Cannot reach Discord"."""

from __future__ import annotations

import asyncio
import fcntl
import os
import sqlite3
from pathlib import Path

from matches.migrations import newer_schema
from matches.sqlite_store import read_only_uri

IN_USE = (
    "{shown}: another bot process has this file open. One SQLite file serves one process; "
    "to run several processes (shards), use PostgreSQL (DATABASE_URL, see docs/hosting.md)"
)


class Problem(str):
    """Why the database cannot be used, as one line.  ``passing``: it may pass by itself (a server
    not up yet, another process still holding the file), so a service manager should try again;
    otherwise only the host can mend it (a setting, a file, a newer schema)."""

    passing: bool = False


def passing(text: str) -> Problem:
    problem = Problem(text)
    problem.passing = True
    return problem


def database_problem(path: str) -> str | None:
    """Why the SQLite file at ``path`` cannot be the bot's database, or None when it can.

    Opens it the way the store will (creating its folder and the file) and reads its header,
    so what passes here also opens in ``Store.open``."""
    shown = f"DATABASE_PATH={path}"
    try:
        problem = _problem(Path(path), shown)
    except OSError as exc:  # e.g. a folder on the way that this user may not enter
        problem = f"{shown}: cannot reach {exc.filename or path} ({exc.strerror or exc})"
    return problem if problem is None or isinstance(problem, Problem) else Problem(problem)


def _problem(target: Path, shown: str) -> str | None:
    if target.is_dir():
        return f"{shown} is a folder; name a file inside it, e.g. {target / 'bot.sqlite3'}"
    blocker = next((p for p in target.parents if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        return f"{shown} lies under {blocker}, which is a file, not a folder"
    if target.exists() and not target.is_file():
        # /dev/null and the like: SQLite fails on them only after login, and writes -journal
        # and .lock files beside them.
        return f"{shown} is not a regular file (a device, a pipe or a socket); name a file, e.g. data/bot.sqlite3"
    if target.is_file() and target.stat().st_size > 0:
        # Read before anything opens the file for writing: a newer schema is never touched.
        try:
            conn = sqlite3.connect(read_only_uri(str(target)), uri=True)
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc):
                return f"{shown}: {target.resolve()} is not an SQLite database (another file by that name?)"
            version = 0  # unreadable here (say, no permission): the checks below name why
        newer = newer_schema(version, shown)
        if newer:
            return newer
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{shown}: cannot create its folder {folder.resolve()} ({exc.strerror or exc})"
    # SQLite in WAL mode writes two files beside the database (-wal, -shm): the folder must be writable.
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{shown}: no permission to write in the folder {folder.resolve()}"
    if target.exists() and not os.access(target, os.R_OK | os.W_OK):
        return f"{shown}: no permission to read and write {target.resolve()}"
    try:
        conn = sqlite3.connect(target)
        try:
            conn.execute("PRAGMA schema_version").fetchone()  # reads the header of an existing file
            conn.execute("BEGIN IMMEDIATE")  # and proves it can be written
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            return f"{shown}: {target.resolve()} is not an SQLite database (another file by that name?)"
        return f"{shown}: cannot open {target.resolve()} as an SQLite database ({exc})"
    if _locked(target):
        return passing(IN_USE.format(shown=shown))
    return None


def _locked(target: Path) -> bool:
    """Whether a running bot holds the file (``SqliteStore`` with ``exclusive``)."""
    fd = os.open(str(target) + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases a lock taken here
    return False


def postgres_problem(url: str, timeout: float = 10.0) -> Problem | None:
    """Why the PostgreSQL database at ``url`` cannot be the bot's, or None when it can: the server
    answers, takes the login, and holds no schema newer than this code's."""
    import asyncpg

    shown = "DATABASE_URL=" + url.split("@")[-1].join(("...@", "")) if "@" in url else f"DATABASE_URL={url}"

    async def check() -> int:
        conn = await asyncpg.connect(url, timeout=timeout)
        try:
            if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
                return 0
            return await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        finally:
            await conn.close()

    try:
        version = asyncio.run(check())
    except (TimeoutError, OSError) as exc:
        return passing(f"{shown}: cannot reach the server ({exc.__class__.__name__}: {exc})")
    except (
        asyncpg.InvalidCatalogNameError,
        asyncpg.InvalidAuthorizationSpecificationError,
        asyncpg.InvalidPasswordError,
        asyncpg.InsufficientPrivilegeError,
    ) as exc:
        return Problem(f"{shown}: the server refused ({exc})")
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:  # e.g. the server is starting up
        return passing(f"{shown}: the server refused ({exc})")
    except ValueError as exc:  # a malformed URL
        return Problem(f"{shown}: {exc}")
    newer = newer_schema(version, shown)
    return Problem(newer) if newer else None


def port_problem(host: str, port: int) -> Problem | None:
    """Why the web board cannot listen on ``host``:``port`` (WEB_HOST, WEB_PORT), or None when it can."""
    import socket

    shown = f"WEB_HOST={host} WEB_PORT={port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        return Problem(f"{shown}: {host!r} is not an address of this machine ({exc.strerror or exc})")
    family, kind, proto, _, address = infos[0]
    probe = socket.socket(family, kind, proto)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(address)
    except OSError as exc:
        return Problem(
            f"{shown}: cannot listen there ({exc.strerror or exc}); is another program (or bot) using the port?"
        )
    finally:
        probe.close()
    return None
