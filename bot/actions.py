"""What the bot does for each interaction: call the match service, reply.

Every refusal is an ephemeral reply and changes nothing (the service decides).
Accepted actions are committed by the service before anything is posted.
"""
from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from engines import get_game
from matches import Match, MatchService, Player, Series, ServiceError
from render import render_png

from . import buttons, present
from .suggest import suggest

if TYPE_CHECKING:
    from .client import GameBot

log = logging.getLogger(__name__)
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, getattr(user, "display_name", user.name), user.bot)


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


class Actions:
    def __init__(self, bot: "GameBot"):
        self.bot = bot

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # ------------------------------------------------------------- images
    async def board_file(self, match: Match) -> discord.File:
        # Rendering takes tens of milliseconds: keep it off the event loop.
        png = await asyncio.to_thread(render_png, match.state(), match.names)
        return discord.File(io.BytesIO(png), filename=f"{match.game}-{match.id}-{match.version}.png")

    def board_view(self, match: Match) -> discord.ui.View | None:
        if match.status == "finished":
            return buttons.view_of(buttons.RematchButton(match.id))
        if match.status == "active" and getattr(match.state(), "pending", None) is not None:
            return buttons.view_of(buttons.KeepButton(match.id, match.version),
                                   buttons.RemoveButton(match.id, match.version))
        return None

    async def post_turn(self, interaction: discord.Interaction, match: Match, description: str = "",
                        series: Series | None = None) -> None:
        """Answer with the board image, the move in words and who is next."""
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        if match.status == "finished" and series is None:
            series = await self.service.series(match.series_id)
        content = present.turn_message(match, description, series)
        kwargs = {"file": await self.board_file(match), "allowed_mentions": MENTION_USERS, "wait": True}
        view = self.board_view(match)
        if view is not None:
            kwargs["view"] = view
        try:
            message = await interaction.followup.send(content, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s: %s", match.id, exc)
            await reply_error(interaction, "Your move counted, but I could not post the board here "
                                           f"({exc.status}). Use `/{match.game} board` to see it.")
            return
        await self.service.set_message(match.id, message.id)

    # ----------------------------------------------------------- commands
    async def challenge(self, interaction: discord.Interaction, game: str, opponents: list[discord.abc.User],
                        options: dict | None = None, first: str = "random") -> None:
        try:
            match = await self.service.create_challenge(
                game, interaction.guild_id, interaction.channel_id, player_of(interaction.user),
                [player_of(o) for o in opponents], options=options, first=first)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        view = buttons.view_of(buttons.AcceptButton(match.id), buttons.DeclineButton(match.id))
        await interaction.response.send_message(present.challenge_message(match), view=view,
                                                allowed_mentions=MENTION_USERS)
        message = await interaction.original_response()
        await self.service.set_message(match.id, message.id)

    async def resolve(self, interaction: discord.Interaction, game: str, match_id: int | None) -> Match | None:
        """The match a command means: the given one, else the user's only one here."""
        try:
            if match_id is not None:
                match = await self.service.get(match_id)
                if match.game != game:
                    raise ServiceError(f"Match #{match_id} is a {match.title} match; use /{match.game}.")
                return match
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id,
                                                   game=game)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return None
        if len(mine) == 1:
            return mine[0]
        title = get_game(game).title
        if not mine:
            await reply_error(interaction, f"You have no {title} match running in this channel. "
                                           f"Start one with `/{game} challenge`.")
            return None
        waiting = [m for m in mine if m.to_move_id() == interaction.user.id]
        if len(waiting) == 1:
            return waiting[0]
        ids = ", ".join(f"#{m.id}" for m in mine)
        await reply_error(interaction, f"You have several {title} matches here ({ids}); pick one with the "
                                       "`match` option.")
        return None

    async def move(self, interaction: discord.Interaction, game: str, text: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        try:
            result = await self.service.move(match.id, interaction.user.id, text)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        await self.post_turn(interaction, result.match, result.description, result.series)

    async def board(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        if match.status not in ("active", "finished"):
            await reply_error(interaction, f"Match #{match.id} has not started (it is {match.status}).")
            return
        if interaction.user.id not in match.players:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(present.turn_message(match), file=await self.board_file(match),
                                            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
            return
        await self.post_turn(interaction, match)

    async def resign(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        if interaction.user.id not in match.players or match.status != "active":
            await reply_error(interaction, f"You cannot resign match #{match.id}.")
            return
        view = buttons.view_of(buttons.ResignButton(match.id, match.version))
        await interaction.response.send_message(
            f"Resign match #{match.id} against {', '.join(n for p, n in zip(match.players, match.names) if p != interaction.user.id)}? "
            "This cannot be undone.", view=view, ephemeral=True)

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        from .help import rules_text

        await interaction.response.send_message(rules_text(game), ephemeral=True)

    # -------------------------------------------------------- autocomplete
    async def move_choices(self, interaction: discord.Interaction, game: str, typed: str,
                           match_id: int | None) -> list[str]:
        if match_id is None:
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game)
            mine = [m for m in mine if m.to_move_id() == interaction.user.id]
            if len(mine) != 1:
                return []
            match = mine[0]
        else:
            try:
                match = await self.service.get(match_id)
            except ServiceError:
                return []
        if match.game != game or match.to_move_id() != interaction.user.id:
            return []
        return suggest(match.state().legal_moves(), typed)

    async def match_choices(self, interaction: discord.Interaction, game: str, typed: str) -> list[tuple[str, int]]:
        mine = await self.service.user_matches(interaction.user.id, game=game)
        here = interaction.channel_id
        mine.sort(key=lambda m: (m.channel_id != here, m.to_move_id() != interaction.user.id, m.updated_at))
        out = []
        for m in mine:
            others = ", ".join(n for p, n in zip(m.players, m.names) if p != interaction.user.id)
            turn = "your turn" if m.to_move_id() == interaction.user.id else f"{m.names[m.state().current_player()]} to move"
            label = f"#{m.id} vs {others} ({turn})"
            if typed.strip().lstrip("#") in label:
                out.append((label[:100], m.id))
        return out[:25]

    # -------------------------------------------------------------- buttons
    async def button(self, interaction: discord.Interaction, action: str, match_id: int, version: int) -> None:
        user = interaction.user.id
        try:
            if action == "accept":
                match = await self.service.accept(match_id, user)
            elif action == "decline":
                match = await self.service.decline(match_id, user)
            elif action in ("keep", "remove"):
                result = await self.service.move(match_id, user, action, expected_version=version)
            elif action == "resign":
                current = await self.service.get(match_id)
                if current.version != version:
                    raise ServiceError("The position changed since you asked; run `/resign` again if you still want to.")
                result = await self.service.resign(match_id, user)
            elif action == "rematch":
                match = await self.service.rematch(match_id, user)
            else:
                raise ServiceError("This button is no longer in use.")
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return

        if action in ("accept", "decline"):
            done = match.status != "challenge"
            await interaction.response.edit_message(content=present.challenge_message(match),
                                                    view=None if done else discord.utils.MISSING,
                                                    allowed_mentions=MENTION_USERS)
            if match.status != "challenge" and action == "decline":
                return
            if match.status == "active":
                await self.post_turn(interaction, match, "The match begins.")
            return
        if action == "resign":
            await interaction.response.edit_message(content="You resigned.", view=None)
            await self.post_turn(interaction, result.match, result.description, result.series)
            return
        if action == "rematch":
            await interaction.response.edit_message(view=None)
            await self.post_turn(interaction, match, f"Rematch of #{match_id}: the seats have swapped.")
            return
        await interaction.response.edit_message(view=None)
        await self.post_turn(interaction, result.match, result.description, result.series)
