"""``python -m matches copy|broken|status``: move a bot's data; list what cannot be read; the computer's jobs.

``copy --from LOCATION --to LOCATION [--resume]`` copies every match, move, series, rating,
setting and vacation.  A location is ``sqlite:///relative/path.sqlite3``,
``sqlite:////absolute/path``, a plain file path, or
``postgresql://user:password@host:port/database``.  Stop the bot first and start it on the
target afterwards.  The source is only read: opened read-only, never created, migrated or
written (an SQLite source of an older schema is copied through a migrated temporary copy).

``broken [--db LOCATION] [--scan] [--repaired ID ...] [--retry-job ID ...]`` lists the matches
marked broken (their stored data cannot be read, or their moves do not replay to their saved
state) and the computer's jobs parked after failing on every try (``matches.jobs``); ``--scan``
first reads every match to find them, ``--repaired`` takes back matches whose rows were
repaired by hand, ``--retry-job`` queues parked jobs again.

``status [--db LOCATION]`` shows the computer's jobs (its moves and the reviews) waiting, running
and parked, how long the oldest has waited, and the thinking processes (the bot's own and
``python -m ai worker``) heard from in the last minute; it may run beside the bot.

LOCATION defaults to the bot's own database, read from the same settings (the environment,
then ``.env``): DATABASE_URL, else DATABASE_PATH, else data/bot.sqlite3; the first line of
the output names it.  Neither command creates or migrates a database; ``broken`` refuses one
a running bot holds.

Every problem is one line on stderr, and the exit status says which (see ``Exit``).
"""

from __future__ import annotations

import argparse
import asyncio
import enum
import os
import socket
import sqlite3
import sys
import tempfile
from contextlib import AsyncExitStack
from pathlib import Path
from urllib.parse import urlsplit

from .copying import CopyRefused, copy_store, row_counts
from .migrations import MIGRATIONS, newer_schema
from .sqlite_store import read_only_uri
from .store import NotSqlite, StoreInUse, is_postgres, store_for

PROG = "python -m matches"


class Exit(enum.IntEnum):
    OK = 0
    NOT_REPLAYING = 1  # copy: a record cannot be read or does not replay (each named); broken: some are
    # (or some of the computer's jobs are parked)
    TARGET_NOT_EMPTY = 2  # the target holds rows and --resume was not given
    NO_SOURCE = 3  # there is no SQLite file at the source
    NOT_SQLITE = 4  # the source file is not an SQLite database
    NOT_A_BOT_DATABASE = 5  # an SQLite (or PostgreSQL) database without the bot's tables, e.g. an empty file
    SAME = 6  # source and target are the same database
    IN_USE = 7  # a running bot has the SQLite file open
    UNREACHABLE = 8  # no PostgreSQL server answers there
    UNKNOWN_DATABASE = 9  # the server has no such database
    LOGIN_REFUSED = 10  # unknown role, wrong password, not allowed to connect
    NEWER_SCHEMA = 11  # the schema versions do not match: a newer bot wrote it (or an older one, not migrated)
    FAILED = 12  # anything else (the line says what)
    CONFIGURATION = 13  # broken: a bot setting (environment or .env) is wrong
    USAGE = 64  # the command line itself is wrong


class Refusal(Exception):
    def __init__(self, code: Exit, message: str):
        super().__init__(message)
        self.code = code


def location(text: str) -> str:
    """A store location from the command line: PostgreSQL URLs pass, ``sqlite:///`` becomes a path."""
    if is_postgres(text):
        return text
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///") :]
    if "://" in text:
        raise argparse.ArgumentTypeError(f"{text!r}: use sqlite:///path or postgresql://...")
    return text


SQLITE_SUFFIXES = (".sqlite3", ".sqlite", ".db")


def target_location(text: str) -> str:
    """``--to``: as :func:`location`, but a plain path that does not exist yet must look like an
    SQLite file, so that a mistyped argument does not become a new database named after it."""
    where = location(text)
    if (
        not is_postgres(text)
        and not text.startswith("sqlite:///")
        and not Path(where).exists()
        and Path(where).suffix.lower() not in SQLITE_SUFFIXES
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r} does not exist: name a new SQLite file *.sqlite3 (or write "
            f"sqlite:///{text}), or a postgresql://... URL"
        )
    return where


def shown(where: str) -> str:
    """A location for a message: a URL without its password."""
    if not is_postgres(where):
        return where
    parts = urlsplit(where)
    host = parts.hostname or "localhost"
    return (
        f"postgresql://{parts.username + '@' if parts.username else ''}{host}"
        f"{':' + str(parts.port) if parts.port else ''}{parts.path}"
    )


def same_database(source: str, target: str) -> bool:
    if is_postgres(source) != is_postgres(target):
        return False
    if is_postgres(source):
        a, b = urlsplit(source), urlsplit(target)
        return (a.hostname, a.port or 5432, a.path, a.query) == (b.hostname, b.port or 5432, b.path, b.query)
    return os.path.realpath(source) == os.path.realpath(target)


async def opened(where: str, role: str, stack: AsyncExitStack, **options):
    """The store at ``where``, open (closed by ``stack``); a :class:`Refusal` saying what went wrong."""
    import asyncpg

    store = store_for(where, **options)
    try:
        await store.open()
    except FileNotFoundError:
        raise Refusal(Exit.NO_SOURCE, f"there is no SQLite file at {where}") from None
    except (NotSqlite, sqlite3.DatabaseError):
        raise Refusal(Exit.NOT_SQLITE, f"the {role} {where} is not an SQLite database") from None
    except StoreInUse:
        raise Refusal(Exit.IN_USE, f"the {role} {where} is open in a running bot; stop the bot first") from None
    except asyncpg.InvalidCatalogNameError as exc:
        raise Refusal(Exit.UNKNOWN_DATABASE, f"the {role} {shown(where)}: {exc}") from None
    except (
        asyncpg.InvalidAuthorizationSpecificationError,
        asyncpg.InvalidPasswordError,
        asyncpg.InsufficientPrivilegeError,
    ) as exc:
        raise Refusal(Exit.LOGIN_REFUSED, f"the {role} {shown(where)} refused the login: {exc}") from None
    except (
        TimeoutError,
        OSError,
        socket.gaierror,
        asyncpg.CannotConnectNowError,
        asyncpg.ConnectionDoesNotExistError,
    ) as exc:
        if not is_postgres(where):
            raise Refusal(Exit.FAILED, f"cannot open the {role} {where}: {exc}") from None
        raise Refusal(
            Exit.UNREACHABLE, f"no PostgreSQL server answers for the {role} {shown(where)}: {exc or type(exc).__name__}"
        ) from None
    stack.push_async_callback(store.close)
    return store


async def schema_of(where: str, role: str, exclusive: bool = True) -> int:
    """The schema version of the bot database at ``where``, read without creating, migrating or
    writing it; a :class:`Refusal` if it is empty, not the bot's, or newer than this code."""
    async with AsyncExitStack() as stack:
        store = await opened(where, role, stack, read_only=True, exclusive=exclusive)
        version = await store.schema_version()
        problem = newer_schema(version, f"the {role} {shown(where)}")
        if problem:
            raise Refusal(Exit.NEWER_SCHEMA, f"{problem} (nothing was changed)")
        if version == 0:
            raise Refusal(
                Exit.NOT_A_BOT_DATABASE,
                f"the {role} {shown(where)} holds no bot data (an empty database, or one the bot never ran on)",
            )
    return version


async def readable_source(source: str, stack: AsyncExitStack):
    """The source, read-only, at this program's schema version (an older SQLite source through a
    migrated temporary copy; the source file itself is never written)."""
    store = await opened(source, "source", stack, read_only=True, exclusive=True)
    version = await store.schema_version()
    current = len(MIGRATIONS)
    if version > current:
        raise Refusal(
            Exit.NEWER_SCHEMA,
            f"the source {shown(source)} is at schema version {version}, newer than this "
            f"program's {current}: copy it with the bot version that wrote it",
        )
    tables = (
        await store.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'matches'")
        if not is_postgres(source)
        else await store.fetchall("SELECT 1 FROM (SELECT to_regclass('matches') AS t) x WHERE t IS NOT NULL")
    )
    if version == 0 or not tables:
        raise Refusal(
            Exit.NOT_A_BOT_DATABASE,
            f"the source {shown(source)} holds no bot data (an empty database, or one the bot never ran on)",
        )
    if version == current:
        return store
    if is_postgres(source):
        raise Refusal(
            Exit.NEWER_SCHEMA,
            f"the source {shown(source)} is at schema version {version}, older than "
            f"this program's {current}: start the bot on it once, then copy",
        )
    # An older SQLite source: its backup, migrated, in a temporary folder.
    folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="matches-copy-"))
    copy = str(Path(folder) / "source.sqlite3")
    print(
        f"{PROG} copy: the source is at schema version {version}; copying it through a migrated "
        "temporary copy (the source is left as it is)",
        file=sys.stderr,
    )
    reader = sqlite3.connect(read_only_uri(source), uri=True)
    writer = sqlite3.connect(copy)
    try:
        reader.backup(writer)
    finally:
        reader.close()
        writer.close()
    return await opened(copy, "source", stack)


async def copy(source: str, target: str, resume: bool) -> int:
    if same_database(source, target):
        raise Refusal(Exit.SAME, f"the source and the target are the same database ({shown(source)})")
    async with AsyncExitStack() as stack:
        src = await readable_source(source, stack)
        if is_postgres(target) or Path(target).is_file() and Path(target).stat().st_size:
            try:  # an existing target is migrated on opening: never one a newer bot wrote
                await schema_of(target, "target")
            except Refusal as refusal:
                if refusal.code != Exit.NOT_A_BOT_DATABASE:
                    raise
        dst = await opened(target, "target", stack, exclusive=True)
        try:
            report = await copy_store(
                src, dst, resume=resume, progress=lambda line: print(f"\r{line:<60}", end="", file=sys.stderr)
            )
        except CopyRefused as exc:
            raise Refusal(Exit.TARGET_NOT_EMPTY, str(exc)) from None
        print(file=sys.stderr)
        counts = await row_counts(dst)
    print("copied: " + ", ".join(f"{table} {n}" for table, n in report.rows.items()))
    print("target now holds: " + ", ".join(f"{table} {n}" for table, n in counts.items()))
    if not report.ok:
        for match_id in report.mismatched:
            print(f"{PROG} copy: match {match_id} does not replay: {report.reasons[match_id]}", file=sys.stderr)
        print(
            f"{PROG} copy: {len(report.mismatched)} of {report.replayed} records do NOT read or replay to their "
            f"snapshot: matches {', '.join(map(str, report.mismatched))}",
            file=sys.stderr,
        )
        return Exit.NOT_REPLAYING
    print(f"all {report.replayed} records replay to their snapshots in the target")
    return Exit.OK


def default_database() -> tuple[str, str]:
    """The bot's database, from the bot's own settings (the environment, then ``.env``), and
    where that came from."""
    from bot.setup.settings import Settings, SettingsError, find_env_file

    before = {name: os.environ.get(name, "").strip() for name in ("DATABASE_URL", "DATABASE_PATH")}
    env_file = find_env_file()
    try:
        settings = Settings.from_env(env_file)
    except SettingsError as exc:
        raise Refusal(Exit.CONFIGURATION, f"the bot's settings: {exc} (or name the database with --db)") from None
    name = "DATABASE_URL" if settings.database_url else "DATABASE_PATH"
    if before[name]:
        origin = f"{name} from the environment"
    elif os.environ.get(name, "").strip() and env_file:
        origin = f"{name} from {env_file}"
    else:
        origin = "the default DATABASE_PATH"
    return settings.database, origin


async def broken(where: str, origin: str, scan: bool, repaired: list[int], retry: list[int] = ()) -> int:
    from .service import MatchService

    if not is_postgres(where) and not Path(where).is_file():
        raise Refusal(Exit.NO_SOURCE, f"there is no SQLite file at {where} ({origin})")
    print(f"database: {shown(where)} ({origin})")
    current = len(MIGRATIONS)
    version = await schema_of(where, "database")
    if version < current:
        raise Refusal(
            Exit.NEWER_SCHEMA,
            f"the database {shown(where)} is at schema version {version}, older than "
            f"this program's {current}: start the bot on it once (it migrates), "
            "then check",
        )
    async with AsyncExitStack() as stack:
        service = MatchService(await opened(where, "database", stack, exclusive=True))
        for match_id in repaired:
            if not await service.store.fetchone("SELECT id FROM matches WHERE id = ?", (match_id,)):
                print(f"match {match_id}: there is no such match in this database")
                continue
            why = await service.take_back_repaired(match_id)
            print(f"match {match_id}: " + ("taken back" if why is None else f"still broken: {why}"))
        for job_id in retry:
            print(f"job {job_id}: " + ("queued again" if await service.retry_parked(job_id) else "not parked"))
        if scan:
            found = await service.find_broken(lambda line: print(f"\r{line:<60}", end="", file=sys.stderr))
            print(file=sys.stderr)
            print(f"the scan marked {len(found)} more matches broken")
        listed = await service.broken_matches()
        parked = await service.parked_jobs()
    for match in listed:
        print(f"match {match.id} ({match.game}, {match.status}): {match.reason}")
    if not listed:
        print("no match is broken")
    for job in parked:
        print(
            f"job {job.id} ({job.kind} of match {job.match_id} at version {job.version}) parked after "
            f"{job.tries} tries: {job.error}"
        )
    return Exit.NOT_REPLAYING if listed or parked else Exit.OK


def _seconds(value: float) -> str:
    value = round(value)
    if value < 120:
        return f"{value} s"
    if value < 7200:
        return f"{value // 60} min"
    return f"{value // 3600} h {value % 3600 // 60} min"


def _by_kind(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    if not total:
        return "0"
    return f"{total} (" + ", ".join(f"{kind}s {n}" for kind, n in sorted(counts.items())) + ")"


async def status(where: str, origin: str) -> int:
    from .service import MatchService

    if not is_postgres(where) and not Path(where).is_file():
        raise Refusal(Exit.NO_SOURCE, f"there is no SQLite file at {where} ({origin})")
    print(f"database: {shown(where)} ({origin})")
    version = await schema_of(where, "database", exclusive=False)  # beside a running bot too
    if version != len(MIGRATIONS):
        raise Refusal(
            Exit.NEWER_SCHEMA,
            f"the database {shown(where)} is at schema version {version}, this "
            f"program's is {len(MIGRATIONS)}: run the matching version of the bot",
        )
    async with AsyncExitStack() as stack:
        service = MatchService(await opened(where, "database", stack, read_only=True))
        queue = await service.queue_status()
    oldest = "" if queue.oldest_wait is None else f", the oldest for {_seconds(queue.oldest_wait)}"
    print(f"jobs waiting: {_by_kind(queue.waiting)}{oldest}")
    print(f"jobs running: {_by_kind(queue.running)}")
    print(f"jobs parked: {_by_kind(queue.parked)}" + (" (python -m matches broken lists them)" if queue.parked else ""))
    print(f"thinking processes seen in the last minute: {len(queue.workers)}")
    now = service.clock()
    for worker in queue.workers:
        print(
            f"  {worker.name}: {worker.processes} processes, {worker.running} jobs running, {worker.done} done,"
            f" seen {_seconds(max(0.0, now - worker.seen_at))} ago"
        )
    return Exit.OK


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        # One line, as every command line of the project fails (--help shows the usage).
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(Exit.USAGE)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    copying = commands.add_parser("copy", help="copy every match, move, series, rating, setting and vacation")
    copying.add_argument(
        "--from",
        dest="source",
        required=True,
        type=location,
        metavar="LOCATION",
        help="the bot's database now: a file path, sqlite:///relative/path, "
        "sqlite:////absolute/path or postgresql://user:password@host:port/database",
    )
    copying.add_argument(
        "--to",
        dest="target",
        required=True,
        type=target_location,
        metavar="LOCATION",
        help="where to copy it, written as --from; a new SQLite file is created (name it "
        "*.sqlite3, or write sqlite:///path)",
    )
    copying.add_argument("--resume", action="store_true", help="go on with a copy into a target that has rows")
    listing = commands.add_parser("broken", help="list the matches whose stored data cannot be read")
    listing.add_argument("--db", type=location, default=None, help="the bot's database (default: as the bot's)")
    listing.add_argument("--scan", action="store_true", help="first read every match and mark the broken ones")
    listing.add_argument(
        "--repaired",
        type=int,
        nargs="+",
        default=[],
        metavar="ID",
        help="take back these matches, repaired by hand, if they now read and replay",
    )
    listing.add_argument(
        "--retry-job",
        type=int,
        nargs="+",
        default=[],
        metavar="ID",
        dest="retry",
        help="queue these parked jobs of the computer again",
    )
    showing = commands.add_parser("status", help="the computer's jobs waiting, running and parked; its workers")
    showing.add_argument("--db", type=location, default=None, help="the bot's database (default: as the bot's)")
    args = parser.parse_args(argv)
    try:
        if args.command == "copy":
            return int(asyncio.run(copy(args.source, args.target, args.resume)))
        where, origin = (args.db, "--db") if args.db else default_database()
        if args.command == "status":
            return int(asyncio.run(status(where, origin)))
        return int(asyncio.run(broken(where, origin, args.scan, args.repaired, args.retry)))
    except Refusal as exc:
        print(f"{PROG} {args.command}: {exc}", file=sys.stderr)
        return int(exc.code)
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback, for whatever else goes wrong
        print(f"{PROG} {args.command}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return int(Exit.FAILED)


if __name__ == "__main__":
    sys.exit(main())
