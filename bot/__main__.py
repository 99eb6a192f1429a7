"""``python -m bot``: run the bot with settings from the environment / ``.env``."""
from __future__ import annotations

import logging
import sys

import aiohttp
import discord

from .setup.client import create_bot
from .setup.preflight import database_problem, port_problem, postgres_problem
from .setup.settings import Settings, SettingsError, env_file_candidates, find_env_file

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

  1. Create an application at https://discord.com/developers/applications
     and add a bot to it (Bot page -> Reset Token -> copy).
  2. Put the token into the file {env_file}:
         DISCORD_TOKEN=your-token-here
     (copy .env.example there for every setting), or export it.
  3. Run the same command again; the invite link is printed on start.
"""


def main() -> int:
    env_file = find_env_file()
    try:
        settings = Settings.from_env(env_file)
    except SettingsError as exc:
        named = env_file is None or str(env_file) in str(exc)
        source = "" if named else f" (read from the environment and {env_file})"
        print(f"Configuration error: {exc}{source}", file=sys.stderr)
        return 2
    if not settings.token:
        if env_file:
            where = f"{env_file} (it was read, but sets no DISCORD_TOKEN)"
        else:
            where = f"{env_file_candidates()[0]} (no .env was found there)"
        print(MISSING_TOKEN.format(env_file=where), file=sys.stderr)
        return 2
    if settings.database_url:
        problem = postgres_problem(settings.database_url)
    else:
        problem = database_problem(settings.database_path)
    if not problem and settings.web_base_url:
        problem = port_problem(settings.web_host, settings.web_port)
    if problem:
        print(f"Configuration error: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Copy a fresh one from the Bot page of your "
              "application and try again.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the requested intents; this bot needs none of the privileged ones.", file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as exc:
        print(f"Cannot reach Discord ({exc.__class__.__name__}: {exc}). Check the network and try again.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
