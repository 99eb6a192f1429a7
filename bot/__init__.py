"""The Discord layer: translates interactions into match service calls.

One package per feature (``play``, ``history``, ``tournaments``, ``community``, ``clock``,
``computer``, ``web``), each with its commands, handlers and persistent buttons, over a ground
floor they share (``replies``, ``errors``, ``options``, ``messages/``, ``locales/``, ``help/``);
``setup/`` reads the settings and wires the client.  bot/README.md draws the layers.
Every send goes through :func:`bot.replies.outgoing`.
"""
from .setup.client import GameBot, create_bot
from .setup.settings import Settings

__all__ = ["GameBot", "Settings", "create_bot"]
