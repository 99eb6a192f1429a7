"""``python -m bot``: run the bot with settings from the environment / ``.env``."""

from __future__ import annotations

import argparse
import enum
import logging
import os
import signal
import sqlite3
import sys

import aiohttp
import asyncpg
import discord

from engines.cli import OneLineParser
from matches.migrations import MIGRATIONS
from matches.store import StoreInUse

from .setup.client import create_bot
from .setup.preflight import database_problem, port_problem, postgres_problem
from .setup.settings import PROJECT_ROOT, Settings, SettingsError, env_file_candidates, find_env_file

PROG = "python -m bot"


class Exit(enum.IntEnum):
    """The exit statuses of ``python -m bot`` (docs/hosting.md: Exit statuses).  A service manager
    should not restart on USAGE, CONFIGURATION or LOGIN_REFUSED: only the host can mend those."""

    STOPPED = 0  # stopped on request (Ctrl+C, or SIGTERM: a service manager's stop)
    CRASHED = 1  # an unexpected error (its traceback is logged)
    USAGE = 2  # a wrong command line
    CONFIGURATION = 3  # a setting that cannot work, named in one line (the token missing included)
    LOGIN_REFUSED = 4  # Discord refused the token (or the intents)
    DISCORD_UNREACHABLE = 5  # no network, or Discord answered with a server error
    DATABASE = 6  # the database is unreachable, held by another bot process, or failed while starting


MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

  1. Create an application at https://discord.com/developers/applications
     and add a bot to it (Bot page -> Reset Token -> copy).
  2. Put the token into the file {env_file}:
         DISCORD_TOKEN=your-token-here
     (copy .env.example there for every setting), or export it.
  3. Run the same command again; the invite link is printed on start.
"""

EPILOG = """\
Settings come from the environment and from .env beside README.md (else in the current
directory); the environment wins, and --shards wins over both.  Every setting:
.env.example and docs/hosting.md.

exit statuses: 0 stopped; 1 crashed (traceback logged); 2 wrong command line;
3 configuration error (one line names it); 4 Discord refused the token;
5 Discord unreachable; 6 database unreachable, in use or failing."""


def version() -> str:
    """The project's version (installed, else from pyproject.toml) and the schema this code writes."""
    from importlib import metadata

    try:
        number = metadata.version("boardgame-bot")
    except metadata.PackageNotFoundError:
        import tomllib

        try:
            number = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
        except (OSError, ValueError, KeyError):
            number = "unknown"
    return f"boardgame-bot {number} (database schema version {len(MIGRATIONS)})"


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(
        prog=PROG,
        description="Run the board game bot for Discord.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version())
    parser.add_argument(
        "--shards",
        metavar="IDS",
        help="the shards this process connects, e.g. 0-3 or 4,5, or all (instead of SHARD_IDS; ids need SHARD_COUNT)",
    )
    return parser.parse_args(argv)


def configuration_error(message: str) -> int:
    print(f"Configuration error: {message}", file=sys.stderr)
    return Exit.CONFIGURATION


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.shards is not None:
        # Set before .env is read: the command line wins over the environment and the file (a
        # systemd unit's ExecStart=... --shards %i is not undone by an EnvironmentFile's SHARD_IDS=).
        os.environ["SHARD_IDS"] = "" if args.shards == "all" else args.shards
    env_file = find_env_file()
    try:
        settings = Settings.from_env(env_file)
    except SettingsError as exc:
        named = env_file is None or str(env_file) in str(exc)
        source = "" if named else f" (read from the environment and {env_file})"
        return configuration_error(f"{exc}{source}")
    if not settings.token:
        if env_file:
            where = f"{env_file} (it was read, but sets no DISCORD_TOKEN)"
        else:
            where = f"{env_file_candidates()[0]} (no .env was found there)"
        print(MISSING_TOKEN.format(env_file=where), file=sys.stderr)
        return Exit.CONFIGURATION
    if settings.database_url:
        problem = postgres_problem(settings.database_url)
    else:
        problem = database_problem(settings.database_path)
    if not problem and settings.web_base_url:
        problem = port_problem(settings.web_host, settings.web_port)
    if problem:
        if problem.passing:
            print(f"Database error: {problem}", file=sys.stderr)
            return Exit.DATABASE
        return configuration_error(problem)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot(settings)
    # A service manager stops the bot with SIGTERM: let it close as on Ctrl+C (the store closed,
    # the workers stopped) and exit 0, rather than die mid-write.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN. Copy a fresh one from the Bot page of your "
            "application and try again.",
            file=sys.stderr,
        )
        return Exit.LOGIN_REFUSED
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the requested intents; this bot needs none of the privileged ones.", file=sys.stderr)
        return Exit.LOGIN_REFUSED
    except discord.DiscordServerError as exc:
        print(
            f"Discord answered with a server error ({exc.status} {exc.text or exc.response.reason}); try again later.",
            file=sys.stderr,
        )
        return Exit.DISCORD_UNREACHABLE
    except (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, StoreInUse) as exc:
        print(f"Database error while starting: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return Exit.DATABASE
    except (OSError, aiohttp.ClientError) as exc:
        print(
            f"Cannot reach Discord ({exc.__class__.__name__}: {exc}). Check the network and try again.", file=sys.stderr
        )
        return Exit.DISCORD_UNREACHABLE
    except KeyboardInterrupt:
        pass
    except Exception:  # noqa: BLE001 - a bug: logged whole for its report, and a status of its own
        logging.getLogger(PROG).exception("the bot stopped on an unexpected error")
        return Exit.CRASHED
    return Exit.STOPPED


if __name__ == "__main__":
    sys.exit(main())
