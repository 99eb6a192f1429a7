"""What every persistent item shares: the custom_id prefix, the view that holds items, and
the click that answers a refusal privately.

An item's state lives in its ``custom_id`` and the store, so it keeps working after a restart
(discord.py ``DynamicItem``); each feature declares its own items and what their click does.
The custom_id formats are what messages already posted carry: they never change.
"""

from __future__ import annotations

import discord

from engines import Text

from .errors import answer
from .locales import say

PREFIX = "bg"


class Persistent:
    """Mixin for a ``DynamicItem``: its click is ``clicked``; a refusal raised there (a
    ``ServiceError``, a ``Refused``) is answered privately (:mod:`bot.errors`)."""

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.clicked(interaction)
        except Exception as exc:
            if not await answer(interaction, exc):
                raise


def view_of(*items: discord.ui.Item, locale=None) -> discord.ui.View:
    """The items as a persistent view, their labels in the language of ``locale``."""
    view = discord.ui.View(timeout=None)
    for item in items:
        button = getattr(item, "item", item)
        if isinstance(button, discord.ui.Button) and isinstance(getattr(item, "label", None), Text):
            button.label = say(item.label, locale, escaped=False)[:80]  # Discord's limit for a label
        view.add_item(item)
    return view
