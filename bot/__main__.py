"""``python -m bot``: run the bot with settings from the environment / ``.env``."""
from __future__ import annotations

import logging
import sys

import aiohttp
import discord

from .client import create_bot
from .settings import Settings, SettingsError

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

  1. Create an application at https://discord.com/developers/applications
     and add a bot to it (Bot page -> Reset Token -> copy).
  2. Put the token into a file named .env next to README.md:
         DISCORD_TOKEN=your-token-here
     (copy .env.example to .env for every setting), or export it.
  3. Run the same command again; the invite link is printed on start.
"""


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(MISSING_TOKEN, file=sys.stderr)
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
