"""The Discord layer: translates interactions into match service calls.

One package per feature (``play``, ``history``, ``tournaments``, ``community``, ``clock``,
``computer``, ``web``), each with its commands, handlers and persistent buttons, over a ground
floor they share (``replies``, ``errors``, ``options``, ``messages/``, ``locales/``, ``help/``);
``setup/`` reads the settings and wires the client.  bot/README.md draws the layers.
Every send goes through :func:`bot.replies.outgoing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .setup.client import GameBot, create_bot
    from .setup.settings import Settings

__all__ = ["GameBot", "Settings", "create_bot"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: a process that reads only the settings (``python -m ai worker``) does not
    # load discord.py and every feature with them.
    if name == "Settings":
        from .setup.settings import Settings

        return Settings
    if name in ("GameBot", "create_bot"):
        from .setup import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
