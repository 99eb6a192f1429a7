"""Persistent buttons: their state lives in ``custom_id`` and the store, so they
keep working after a restart (discord.py ``DynamicItem``)."""
from __future__ import annotations

import discord

PREFIX = "bg"


class _MatchButton:
    """Mixin for DynamicItem buttons: parses the match id (and version) and hands the click to the bot's actions."""

    action = ""

    def __init__(self, match_id: int, version: int = 0, *, label: str, style: discord.ButtonStyle,
                 emoji: str | None = None):
        self.match_id, self.version = match_id, version
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji,
                                           custom_id=f"{PREFIX}:{self.action}:{match_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.actions.button(interaction, self.action, self.match_id, self.version)


def _template(action: str) -> str:
    return rf"{PREFIX}:{action}:(?P<id>[0-9]+):(?P<v>[0-9]+)"


class AcceptButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("accept")):
    action = "accept"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Accept", style=discord.ButtonStyle.success)


class DeclineButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("decline")):
    action = "decline"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Decline", style=discord.ButtonStyle.secondary)


class KeepButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("keep")):
    action = "keep"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Keep (pay k)", style=discord.ButtonStyle.primary)


class RemoveButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("remove")):
    action = "remove"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Remove (pay k-1)", style=discord.ButtonStyle.secondary)


class ResignButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("resign")):
    action = "resign"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Yes, resign", style=discord.ButtonStyle.danger)


class RematchButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("rematch")):
    action = "rematch"

    def __init__(self, match_id: int, version: int = 0):
        super().__init__(match_id, version, label="Rematch", style=discord.ButtonStyle.primary)


ALL = (AcceptButton, DeclineButton, KeepButton, RemoveButton, ResignButton, RematchButton)


def view_of(*items: discord.ui.Item) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
