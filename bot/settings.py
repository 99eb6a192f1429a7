"""Settings from environment variables (and ``.env`` when present)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = "data/bot.sqlite3"
DEFAULT_AI_WORKERS = 1


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Processes that think for the computer player; 0 thinks in a thread of the bot's own process.
    ai_workers: int = DEFAULT_AI_WORKERS

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> "Settings":
        if env_file and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
        workers = os.environ.get("AI_WORKERS", "").strip() or str(DEFAULT_AI_WORKERS)
        if not workers.isdigit() or int(workers) > 64:
            raise SettingsError(f"AI_WORKERS must be a number of processes from 0 to 64, not {workers!r}")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(workers),
        )
