"""Challenges and rematch offers: posting them with Accept / Decline, and the answers."""

from __future__ import annotations

import logging

import discord

from engines import Joined, Text
from matches import Match, Player, ServiceError, ai_seats

from ..locales import say
from ..messages import present
from ..replies import edit_clicked, outgoing, player_of, private, public, public_locale, reply_error
from . import buttons

log = logging.getLogger(__name__)


class Challenging:
    """Mixed into :class:`bot.play.actions.Actions` (uses its ``bot``, ``service`` and ``boards``)."""

    def _opponents(self, opponents: list[discord.abc.User], level: str) -> list[Player]:
        """The invited players; every mention of this bot is a seat of the computer at ``level``."""
        me = self.bot.user.id if self.bot.user else None
        computer = iter(ai_seats.players(level, sum(o.id == me for o in opponents)))
        return [next(computer) if o.id == me else player_of(o) for o in opponents]

    async def challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        opponents: list[discord.abc.User],
        options: dict | None = None,
        first: str = "random",
        days: int | None = None,
        level: str = ai_seats.DEFAULT_LEVEL,
        clock: str = "move",
        bank: int | None = None,
        increment: int | None = None,
    ) -> None:
        guild = await self.service.guild_settings(interaction.guild_id)
        channel_id = guild.challenge_channel_id or interaction.channel_id
        match = await self.service.create_challenge(
            game,
            interaction.guild_id,
            channel_id,
            player_of(interaction.user),
            self._opponents(opponents, level),
            options=options,
            first=first,
            days=days,
            clock=clock,
            bank=bank,
            increment=increment,
        )
        if match.status == "active":
            # Only the computer was invited, and it always accepts: the first board right away.
            if guild.threads:
                match = await self._announce_with_thread(interaction, match)
            await self.boards.post_turn(interaction, match, Text("The match begins."))
            return
        if not await self.post_challenge(interaction, match):
            await self.service.decline(match.id, interaction.user.id)
            await reply_error(
                interaction,
                Text(
                    "I cannot post in {channel}, where this server's challenges go. "
                    "Ask an admin to check my permissions there.",
                    channel=f"<#{channel_id}>",
                ),
            )

    async def post_challenge(self, interaction: discord.Interaction, match: Match, intro: Text | None = None) -> bool:
        """The challenge with its Accept / Decline buttons, in the match's channel; False if Discord refused."""
        view = buttons.view_of(
            buttons.AcceptButton(match.id, match.version),
            buttons.DeclineButton(match.id, match.version),
            locale=public_locale(interaction),
        )
        content = public(interaction, Joined(filter(None, [intro, present.challenge_message(match)]), "\n"))
        here = match.channel_id == interaction.channel_id
        # Only the invitees are pinged: the challenger (or the rematch's clicker) knows.
        fields = outgoing(content, notify=present.invitees(match), view=view)
        try:
            if not here:
                message = await self.bot.get_partial_messageable(match.channel_id).send(**fields)
            elif interaction.response.is_done():
                message = await interaction.followup.send(**fields, wait=True)
            else:
                await interaction.response.send_message(**fields)
                message = await interaction.original_response()
        except discord.HTTPException as exc:
            log.info("could not post challenge %s: %s", match.id, exc)
            return False
        if not here:
            pointer = private(interaction, Text("Challenge posted in {channel}.", channel=f"<#{match.channel_id}>"))
            if interaction.response.is_done():
                await interaction.followup.send(**outgoing(pointer, ephemeral=True))
            else:
                await interaction.response.send_message(**outgoing(pointer, ephemeral=True))
        await self.service.set_message(match.id, message.id)
        return True

    async def _challenge_refused(self, interaction: discord.Interaction, match_id: int) -> None:
        """A refused Accept/Decline on a challenge that is closed (e.g. it expired and
        the sweep could not edit the message): take the stale buttons off, since the
        sweep never comes back to a closed challenge."""
        try:
            match = await self.service.get(match_id)
        except ServiceError:
            return
        if match.status != "challenge":
            await edit_clicked(interaction, content=present.challenge_message(match), view=None)

    async def _challenge_answered(self, interaction: discord.Interaction, match: Match) -> None:
        open_ = match.status == "challenge"
        view = (
            buttons.view_of(
                buttons.AcceptButton(match.id, match.version),
                buttons.DeclineButton(match.id, match.version),
                locale=public_locale(interaction),
            )
            if open_
            else None
        )
        await edit_clicked(
            interaction, content=present.challenge_message(match), view=view, notify=present.invitees(match)
        )
        if match.status != "active":
            return
        guild = await self.service.guild_settings(match.guild_id)
        if guild.threads and match.thread_id is None:
            match = await self._open_thread(interaction.message, match)
        await self.boards.post_turn(interaction, match, Text("The match begins."))

    async def _open_thread(self, message: discord.Message, match: Match) -> Match:
        # The thread is public: its name is in the server's language, as the match's messages are.
        name = say(present.thread_name(match), self.boards.match_locale(match), escaped=False)
        try:
            thread = await message.create_thread(name=name)
        except discord.HTTPException as exc:
            log.info("no thread for match %s: %s", match.id, exc)
            return match
        await self.service.set_message(match.id, message.id, thread_id=thread.id)
        return await self.service.get(match.id)

    async def _announce_with_thread(self, interaction: discord.Interaction, match: Match) -> Match:
        """A match against the computer alone has no challenge message to hang its thread on:
        a line saying that it started takes that place in the channel."""
        content = public(interaction, present.challenge_message(match))
        try:
            if match.channel_id != interaction.channel_id:
                message = await self.bot.get_partial_messageable(match.channel_id).send(**outgoing(content))
            else:
                await interaction.response.send_message(**outgoing(content))
                message = await interaction.original_response()
        except discord.HTTPException as exc:
            log.info("could not announce match %s: %s", match.id, exc)
            return match
        return await self._open_thread(message, match)
