"""The history feature as the bot sees it: ``bot.history`` (``/<game> replay``, ``/<game> review``,
the private ``/<game> board ply:``), the Review button under a finished match's board, and the
replay and score chart the final board carries."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from engines import Text
from matches import Match, MatchService

from .. import lookup
from ..persistent import PREFIX, Persistent
from .replays import Replays
from .reviews import ReviewActions

if TYPE_CHECKING:
    from ..setup.client import GameBot


class History(Replays, ReviewActions):
    def __init__(self, bot: GameBot):
        self.bot = bot

    @property
    def service(self) -> MatchService:
        return self.bot.service

    @property
    def boards(self):
        return self.bot.boards

    async def resolve(
        self,
        interaction: discord.Interaction,
        game: str,
        match_id: int | None,
        statuses: tuple[str, ...] = ("active",),
        acknowledge=None,
    ) -> Match | None:
        return await lookup.resolve(interaction, game, match_id, statuses, acknowledge)


class ReviewButton(
    Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:review:(?P<id>[0-9]+):(?P<v>[0-9]+)"
):
    """Under a finished match's board: the computer's review of it, in the match's channel."""

    label = Text("Review")

    def __init__(self, match_id: int, version: int = 0):
        self.match_id, self.version = match_id, version
        super().__init__(
            discord.ui.Button(
                label=self.label, style=discord.ButtonStyle.secondary, custom_id=f"{PREFIX}:review:{match_id}:{version}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        await interaction.client.history.review_button(interaction, self.match_id)


def board_items(bot, match: Match) -> list[discord.ui.Item]:
    """A finished match with moves can be reviewed."""
    return [ReviewButton(match.id)] if match.status == "finished" and match.plies else []
