"""The Discord layer: translates interactions into match service calls.

One folder per kind of work: ``commands/`` declares the slash commands, ``interactions/``
answers them (and the buttons and menus), ``messages/`` composes what is posted,
``background/`` does what happens by the clock or in worker processes, ``setup/`` reads the
settings and wires the client.  Every send goes through :func:`bot.replies.outgoing`.
"""
from .setup.client import GameBot, create_bot
from .setup.settings import Settings

__all__ = ["GameBot", "Settings", "create_bot"]
