"""The web board as seen from Discord: the Open board button, /<game> link, and the board
of a move made on the web, posted in the match's channel like any other."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engines import Text, Verbatim
from matches import Match, MoveResult, ServiceError

from ..play.buttons import PREFIX
from ..locales import say
from ..replies import outgoing, private, reply_error
from . import links

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
DAY = 86_400


class OpenBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:web:(?P<id>[0-9]+)"):
    """Under every turn message while the web board is on: a private link for whoever clicks."""

    label = Text("Open board")

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(discord.ui.Button(label=self.label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"{PREFIX}:web:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            match = await interaction.client.service.get(self.match_id)
        except ServiceError as exc:
            await reply_error(interaction, exc.text)
            return
        await send_link(interaction, match)


async def link_for(bot: "GameBot", match: Match, user_id: int) -> tuple[str, str]:
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
        text = Text("Your board for {title} #{id}, for you alone (it lets you move; do not share it): {link}",
                    title=match.title, id=match.id, link=Verbatim(url))
    else:
        text = Text("A board to watch {title} #{id}: {link}", title=match.title, id=match.id, link=Verbatim(url))
    await interaction.response.send_message(**outgoing(private(interaction, text), ephemeral=True))


async def post_web_turn(bot: "GameBot", result: MoveResult) -> None:
    """The board after a move made on the web, in the match's channel, the next player mentioned."""
    actions, match = bot.actions, result.match
    try:
        home = match.home_channel_id
        if home is None:
            return
        locale = actions.match_locale(match)
        kwargs = {"file": await actions.board_file(match, locale, result.description)}
        view = actions.board_view(match, locale)
        if view is not None:
            kwargs["view"] = view
        text = await actions.turn_content(match, result.description, result.series)
        text = await actions._with_final_extras(match, locale, text, kwargs)
        try:
            message = await bot.get_partial_messageable(home).send(
                **outgoing(say(text, locale), notify=match.players, **kwargs))
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s after a web move: %s", match.id, exc)
            return
        await bot.service.set_message(match.id, message.id)
        actions._round_opened(match, home, message.id, result.description)
        if match.message_id not in (None, message.id):
            await actions._retire_board(home, match.message_id)
        if match.status in ("finished", "void") and match.thread_id:
            await actions._archive(match.thread_id)
        if match.status in ("finished", "void"):
            await bot.tournaments.publish()
    finally:
        bot.computer.schedule(match)


async def link_command(actions, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
    """``/<game> link [match]``: the user's link to the match, privately."""
    match = await actions.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
    if match is not None:
        await send_link(interaction, match)
