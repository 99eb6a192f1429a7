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
# A process's claim on due work lasts this long (then another process may take it over).
DEFAULT_CLAIM_LEASE = 120.0
# PostgreSQL only: a statement running longer, or a transaction left idle longer, is ended by the
# server, so that nothing stuck holds its locks for ever (0: no limit).
DEFAULT_STATEMENT_TIMEOUT = 30.0
DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = 60.0
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
    # Sharding (README: Running at scale): this process connects the shards shard_ids of
    # shard_count; None: one unsharded connection.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    # Seconds a claim on due work (reminders, deadlines) lasts before another process may take it over.
    claim_lease: float = DEFAULT_CLAIM_LEASE
    # PostgreSQL: seconds a statement may run, and a transaction may sit idle, before the server ends it.
    statement_timeout: float = DEFAULT_STATEMENT_TIMEOUT
    idle_in_transaction_timeout: float = DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT

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
    def from_env(cls, env_file: str | Path | None = FIND_ENV_FILE) -> "Settings":
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
        if guild and not guild.isdigit():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        written = os.environ.get("LOG_LEVEL", "").strip()
        level = written.upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {written!r}")
        workers = os.environ.get("AI_WORKERS", "").strip() or str(DEFAULT_AI_WORKERS)
        if not workers.isdigit() or int(workers) > 64:
            raise SettingsError(f"AI_WORKERS must be a number of processes from 0 to 64, not {workers!r}")
        count_text = os.environ.get("SHARD_COUNT", "").strip()
        ids_text = os.environ.get("SHARD_IDS", "").strip()
        if count_text and (not count_text.isdigit() or int(count_text) < 1):
            raise SettingsError(f"SHARD_COUNT must be a number of shards (1 or more), not {count_text!r}")
        if ids_text and not count_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: the ids are among 0 .. SHARD_COUNT-1")
        shards = None
        if count_text:
            try:
                shards = Shards.parse(int(count_text), ids_text)
            except ValueError as exc:
                raise SettingsError(f"SHARD_IDS: {exc}") from None
        url = os.environ.get("DATABASE_URL", "").strip() or None
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise SettingsError("DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:port/"
                                f"database), not {url.split('@')[-1]!r}; leave it empty for SQLite at DATABASE_PATH")
        lease = _seconds("CLAIM_LEASE_SECONDS", DEFAULT_CLAIM_LEASE, low=10.0,
                         meaning="the time a claim on due work lasts")
        statement = _seconds("DATABASE_STATEMENT_TIMEOUT_SECONDS", DEFAULT_STATEMENT_TIMEOUT, low=0.0,
                             meaning="how long a PostgreSQL statement may run (0: no limit)")
        idle = _seconds("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS", DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT, low=0.0,
                        meaning="how long a PostgreSQL transaction may sit idle (0: no limit)")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
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


def _seconds(name: str, default: float, *, low: float, meaning: str) -> float:
    """A number of seconds from the environment variable ``name`` (``default`` when unset), at least ``low``."""
    written = os.environ.get(name, "").strip()
    if not written:
        return default
    try:
        value = float(written)
    except ValueError:
        value = None
    if value is None or not low <= value <= 86_400:
        raise SettingsError(f"{name} is {meaning}: a number of seconds from {low:g} to 86400, not {written!r}")
    return value
