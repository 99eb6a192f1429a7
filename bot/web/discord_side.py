"""The web board as seen from Discord: the Open board button, /<game> link, and the board
of a move made on the web, posted in the match's channel like any other."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engines import Text, Verbatim
from matches import Match, MoveResult

from .. import lookup
from ..persistent import PREFIX, Persistent
from ..replies import outgoing, private, reply_error
from . import links

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
DAY = 86_400


class OpenBoardButton(Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:web:(?P<id>[0-9]+)"):
    """Under every turn message while the web board is on: a private link for whoever clicks."""

    label = Text("Open board")

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=self.label, style=discord.ButtonStyle.secondary, custom_id=f"{PREFIX}:web:{match_id}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        await send_link(interaction, await interaction.client.service.get(self.match_id))


def board_items(bot, match: Match) -> list[discord.ui.Item]:
    """While the web board is on, a running or finished match's board opens it (each click answers
    with the clicker's own link)."""
    if bot.web is None or match.status not in ("active", "finished"):
        return []
    return [OpenBoardButton(match.id)]


async def link_for(bot: GameBot, match: Match, user_id: int) -> tuple[str, str]:
    """A fresh link to ``match`` for ``user_id``, and its role: a player's if he plays in it, else a spectator's."""
    web = bot.web
    role = "player" if user_id in match.players else "spectator"
    generation = await bot.service.link_generation(user_id)
    expires = int(bot.service.clock() + web.link_days * DAY)
    token = links.sign(web.secret, links.Link(match.id, user_id, role, generation, expires))
    return web.url(token), role


async def send_link(interaction: discord.Interaction, match: Match) -> None:
    """Privately, the user's own link to ``match`` (never in a public message)."""
    bot = interaction.client
    if bot.web is None:
        await reply_error(interaction, Text("The web board is not switched on for this bot."))
        return
    if match.status not in ("active", "finished", "void"):
        await reply_error(interaction, Text("Match #{id} has not started.", id=match.id))
        return
    url, role = await link_for(bot, match, interaction.user.id)
    if role == "player":
        text = Text(
            "Your board for {title} #{id}, for you alone (it lets you move; do not share it): {link}",
            title=match.title,
            id=match.id,
            link=Verbatim(url),
        )
    else:
        text = Text("A board to watch {title} #{id}: {link}", title=match.title, id=match.id, link=Verbatim(url))
    await interaction.response.send_message(**outgoing(private(interaction, text), ephemeral=True))


async def post_web_turn(bot: GameBot, result: MoveResult) -> None:
    """The board after a move made on the web, in the match's channel (``bot.boards``: as from Discord)."""
    await bot.boards.post_web_move(result)


async def link_command(interaction: discord.Interaction, game: str, match_id: int | None) -> None:
    """``/<game> link [match]``: the user's link to the match, privately."""
    match = await lookup.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
    if match is not None:
        await send_link(interaction, match)
