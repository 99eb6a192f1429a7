"""Settings from environment variables (and ``.env`` when present)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

from matches.shards import Shards
from render.replay import MAX_FRAMES

DEFAULT_DATABASE = "data/bot.sqlite3"
DEFAULT_AI_WORKERS = 1
# Discord's largest bots run some thousands of shards; a larger count is a typo, and SHARD_IDS'
# ranges are checked against it before they are expanded into a list.
MAX_SHARDS = 10_000
# A process's claim on due work lasts this long (then another process may take it over).
DEFAULT_CLAIM_LEASE = 120.0
# PostgreSQL only: a statement running longer, or a transaction left idle longer, is ended by the
# server, so that nothing stuck holds its locks for ever (0: no limit).
DEFAULT_STATEMENT_TIMEOUT = 30.0
DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = 60.0
# The web board (bot/web): where it listens, and how long a player's link lasts.
DEFAULT_WEB_HOST = "127.0.0.1"
DEFAULT_WEB_PORT = 8080
DEFAULT_WEB_LINK_DAYS = 30
WEB_SECRET_MIN = 32
# The checkout: the folder holding pyproject.toml and README.md, where the quick start puts .env.
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def env_file_candidates() -> list[Path]:
    """Where ``.env`` is looked for, in order: the project root, then the current directory
    (for an installed package, whose root is site-packages and holds no pyproject.toml)."""
    places = [PROJECT_ROOT] if (PROJECT_ROOT / "pyproject.toml").is_file() else []
    places.append(Path.cwd())
    return list(dict.fromkeys(place / ".env" for place in places))


def find_env_file() -> Path | None:
    return next((path for path in env_file_candidates() if path.is_file()), None)


FIND_ENV_FILE: Any = object()


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database_path: str = DEFAULT_DATABASE
    # postgresql://... : the bot runs on PostgreSQL and database_path is not used.
    database_url: str | None = None
    # A bot process holds its SQLite file alone (a second process is refused); tests
    # that restart a bot on the same file in one process turn it off.
    lock_database: bool = False
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Processes of this bot that think for the computer player (its moves and reviews are jobs in the
    # database); 0: none, the thinking is left to ``python -m ai worker`` processes (PostgreSQL).
    ai_workers: int = DEFAULT_AI_WORKERS
    # Tests: think in threads of the bot's own process instead of worker processes.
    ai_threads: bool = False
    # Sharding (docs/hosting.md: PostgreSQL and shards): this process connects the shards shard_ids of
    # shard_count; None: one unsharded connection.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    # Seconds a claim on due work (reminders, deadlines) lasts before another process may take it over.
    claim_lease: float = DEFAULT_CLAIM_LEASE
    # PostgreSQL: seconds a statement may run, and a transaction may sit idle, before the server ends it.
    statement_timeout: float = DEFAULT_STATEMENT_TIMEOUT
    idle_in_transaction_timeout: float = DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT

    # The web board: the address players open (None: no web board, nothing listens), where the bot
    # listens for it, the key its links are signed with, and the days a link lasts.
    web_base_url: str | None = None
    web_host: str = DEFAULT_WEB_HOST
    web_port: int = DEFAULT_WEB_PORT
    web_secret: str | None = None
    web_link_days: int = DEFAULT_WEB_LINK_DAYS

    # Most frames of an animated replay (render.replay.MAX_FRAMES fits the 5 s budget); tests use fewer.
    replay_frames: int = MAX_FRAMES

    @property
    def shards(self) -> Shards:
        """The servers this process serves (all of them when unsharded)."""
        if self.shard_count is None:
            return Shards(1, (0,))
        return Shards(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))

    @property
    def database(self) -> str:
        """Where the store lives: the PostgreSQL URL if one is set, else the SQLite path."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env_file: str | Path | None = FIND_ENV_FILE) -> Settings:
        """Settings from the environment; a ``.env`` file fills in what the environment leaves unset
        (by default the first of :func:`env_file_candidates`; ``None``: no file)."""
        if env_file is FIND_ENV_FILE:
            env_file = find_env_file()
        if env_file and Path(env_file).is_file():
            try:
                load_dotenv(env_file, override=False, encoding="utf-8")
            except UnicodeDecodeError as exc:
                raise SettingsError(f"{env_file} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
            except OSError as exc:
                raise SettingsError(f"cannot read {env_file} ({exc.strerror or exc})") from None
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not (_digits(guild) and 0 < int(guild) < 2**64):
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        written = os.environ.get("LOG_LEVEL", "").strip()
        level = written.upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {written!r}")
        workers = os.environ.get("AI_WORKERS", "").strip() or str(DEFAULT_AI_WORKERS)
        if not _digits(workers) or int(workers) > 64:
            raise SettingsError(f"AI_WORKERS must be a number of processes from 0 to 64, not {workers!r}")
        count_text = os.environ.get("SHARD_COUNT", "").strip()
        ids_text = os.environ.get("SHARD_IDS", "").strip()
        if count_text and (not _digits(count_text) or not 1 <= int(count_text) <= MAX_SHARDS):
            raise SettingsError(f"SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS:,}, not {count_text!r}")
        if ids_text and not count_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: the ids are among 0 .. SHARD_COUNT-1")
        shards = None
        if count_text:
            _check_shard_ids(ids_text, int(count_text))
            try:
                shards = Shards.parse(int(count_text), ids_text)
            except ValueError as exc:
                raise SettingsError(f"SHARD_IDS: {exc}") from None
        url = os.environ.get("DATABASE_URL", "").strip() or None
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise SettingsError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:port/"
                f"database), not {_without_password(url)!r}; leave it empty for SQLite at "
                "DATABASE_PATH"
            )
        if url:
            _check_port(url)
        path = os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE
        _check_database_path(path)
        token = os.environ.get("DISCORD_TOKEN", "").strip() or None
        if token and not all(" " < c < "\x7f" for c in token):
            raise SettingsError(
                "DISCORD_TOKEN holds a space, a line break or another character no token has: "
                "copy it again from the Bot page of your application"
            )
        lease = _seconds(
            "CLAIM_LEASE_SECONDS", DEFAULT_CLAIM_LEASE, low=10.0, meaning="the time a claim on due work lasts"
        )
        # PostgreSQL takes these in whole milliseconds, where 0 means no limit: a value between 0
        # and 1 ms would silently become "no limit".
        statement = _seconds(
            "DATABASE_STATEMENT_TIMEOUT_SECONDS",
            DEFAULT_STATEMENT_TIMEOUT,
            low=0.001,
            meaning="how long a PostgreSQL statement may run",
            zero="no limit",
        )
        idle = _seconds(
            "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS",
            DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT,
            low=0.001,
            meaning="how long a PostgreSQL transaction may sit idle",
            zero="no limit",
        )
        web = _web_settings()
        return cls(
            **web,
            token=token,
            database_path=path,
            database_url=url,
            lock_database=True,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(workers),
            shard_count=shards.count if shards else None,
            shard_ids=shards.ids if shards else None,
            claim_lease=lease,
            statement_timeout=statement,
            idle_in_transaction_timeout=idle,
        )


def _web_settings() -> dict[str, Any]:
    """WEB_BASE_URL, WEB_HOST, WEB_PORT, WEB_SECRET and WEB_LINK_DAYS, checked."""
    base = os.environ.get("WEB_BASE_URL", "").strip().rstrip("/")
    if base and not base.startswith(("http://", "https://")):
        raise SettingsError(
            f"WEB_BASE_URL must be the address players open, starting with https:// (or http://), not {base!r}"
        )
    host = os.environ.get("WEB_HOST", "").strip() or DEFAULT_WEB_HOST
    port = os.environ.get("WEB_PORT", "").strip() or str(DEFAULT_WEB_PORT)
    if not _digits(port) or not 1 <= int(port) <= 65535:
        raise SettingsError(f"WEB_PORT must be a port number from 1 to 65535, not {port!r}")
    days = os.environ.get("WEB_LINK_DAYS", "").strip() or str(DEFAULT_WEB_LINK_DAYS)
    if not _digits(days) or not 1 <= int(days) <= 3650:
        raise SettingsError(f"WEB_LINK_DAYS must be a number of days from 1 to 3650, not {days!r}")
    secret = os.environ.get("WEB_SECRET", "").strip() or None
    if base and (secret is None or len(secret) < WEB_SECRET_MIN):
        raise SettingsError(
            f"WEB_BASE_URL is set, so WEB_SECRET must be at least {WEB_SECRET_MIN} characters "
            f'(it signs the board links), e.g. the output of: python -c "import secrets; '
            f'print(secrets.token_urlsafe(32))"'
        )
    return {
        "web_base_url": base or None,
        "web_host": host,
        "web_port": int(port),
        "web_secret": secret,
        "web_link_days": int(days),
    }


def _seconds(name: str, default: float, *, low: float, meaning: str, zero: str | None = None) -> float:
    """A number of seconds from the environment variable ``name`` (``default`` when unset), at least
    ``low``; with ``zero`` (what 0 means), 0 as well."""
    written = os.environ.get(name, "").strip()
    if not written:
        return default
    try:
        value = float(written) if written.isascii() else None
    except ValueError:
        value = None
    if value is None or not (low <= value <= 86_400 or (zero and value == 0)):
        allowed = f"0 ({zero}) or from {low:g} to 86400" if zero else f"from {low:g} to 86400"
        raise SettingsError(f"{name} is {meaning}: a number of seconds, {allowed}, not {written!r}")
    return value


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes "²" or "٣", which ``int`` then refuses or reads;
    and short enough for ``int`` (which refuses thousands of digits) and any id Discord has."""
    return text.isascii() and text.isdigit() and len(text) <= 30


def _check_shard_ids(text: str, count: int) -> None:
    """Every id and range of SHARD_IDS lies in 0 .. count-1, checked before any range is expanded."""
    for part in text.split(",") if text else ():
        low, dash, high = part.strip().partition("-")
        if not _digits(low) or (dash and not _digits(high)):
            raise SettingsError(f"SHARD_IDS must list shard ids like 0-3 or 0,2,5, not {text!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise SettingsError(f"SHARD_IDS: the range {part.strip()} runs backwards; write {last}-{first}")
        if last >= count:
            raise SettingsError(
                f"SHARD_IDS: shard {last} does not exist with SHARD_COUNT={count} (the ids are 0 .. {count - 1})"
            )


def _check_database_path(path: str) -> None:
    """DATABASE_PATH is a file name: SQLite's in-memory database and URL forms would run the bot on
    something that vanishes at exit, or on a folder named after the URL's scheme."""
    if path == ":memory:" or path.startswith("file:"):
        raise SettingsError(f"DATABASE_PATH must name a file, not {path!r}: the matches would vanish at exit")
    if "://" in path or path.startswith("sqlite:"):
        hint = (
            " (for PostgreSQL set DATABASE_URL)"
            if path.startswith(("postgres://", "postgresql://"))
            else ", e.g. data/bot.sqlite3"
        )
        raise SettingsError(f"DATABASE_PATH is a plain file path{hint}, not the URL {_without_password(path)!r}")


def _check_port(url: str) -> None:
    """A port that is no number, or above 65535, as one line (asyncpg's own words for them mislead:
    "invalid literal for int()", or a refused connection to the port modulo 65536)."""
    from urllib.parse import urlsplit

    try:
        _ = urlsplit(url).port
    except ValueError:
        netloc = url.partition("://")[2].split("/", 1)[0].rsplit("@", 1)[-1]
        raise SettingsError(f"DATABASE_URL: the port in {netloc!r} must be a number from 1 to 65535") from None


def _without_password(url: str) -> str:
    """A URL to show in a message: ``scheme://user:secret@host/db`` as ``scheme://...@host/db``."""
    scheme, sep, rest = url.partition("://")
    if "@" not in rest:
        return url
    return f"{scheme}{sep}...@{rest.rsplit('@', 1)[1]}"
