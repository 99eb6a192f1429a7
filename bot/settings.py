"""Settings from environment variables (and ``.env`` when present)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

from render.replay import MAX_FRAMES

DEFAULT_DATABASE = "data/bot.sqlite3"
DEFAULT_AI_WORKERS = 1
# The checkout: the folder holding pyproject.toml and README.md, where the quick start puts .env.
PROJECT_ROOT = Path(__file__).resolve().parents[1]


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
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Processes that think for the computer player; 0 thinks in a thread of the bot's own process.
    ai_workers: int = DEFAULT_AI_WORKERS
    # Most frames of an animated replay (render.replay.MAX_FRAMES fits the 5 s budget); tests use fewer.
    replay_frames: int = MAX_FRAMES

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
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(workers),
        )
