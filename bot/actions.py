"""What the bot does for each interaction: call the match service, reply.

Every refusal is an ephemeral reply and changes nothing (the service decides).
Accepted actions are committed by the service before anything is posted.
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING

import discord

from engines import get_game
from matches import Match, MatchService, MoveResult, Player, Series, ServiceError
from render import render_png

from . import buttons, guided, present
from .around import Around
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


class Actions(Around):
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
            return None if match.rematch_id else buttons.view_of(buttons.RematchButton(match.id))
        if match.status == "active" and getattr(match.position, "pending", None) is not None:
            return buttons.view_of(buttons.KeepButton(match.id, match.version),
                                   buttons.RemoveButton(match.id, match.version))
        if match.status == "active":
            return buttons.view_of(guided.ChooseMoveButton(match.id, match.version))
        return None

    async def turn_content(self, match: Match, description: str = "", series: Series | None = None) -> str:
        if match.status == "finished" and series is None:
            series = await self.service.series(match.series_id)
        away = None
        mover = match.to_move_id()
        if mover is not None:
            until = (await self.service.user_settings(mover)).vacation_until
            away = until if until and until > self.service.clock() else None
        return present.turn_message(match, description, series, away)

    async def post_turn(self, interaction: discord.Interaction, match: Match, description: str = "",
                        series: Series | None = None) -> None:
        """Answer with the board image, the move in words and who is next.

        The board goes where the match lives (its thread, if it has one); when
        the interaction came from elsewhere the user gets an ephemeral pointer.
        """
        home = match.home_channel_id
        elsewhere = home is not None and interaction.channel_id != home
        if not interaction.response.is_done():
            # The first followup replaces this placeholder and inherits its
            # visibility: private when only a pointer to the board follows here.
            await interaction.response.defer(thinking=True, ephemeral=elsewhere)
        content = await self.turn_content(match, description, series)
        kwargs = {"file": await self.board_file(match), "allowed_mentions": MENTION_USERS}
        view = self.board_view(match)
        if view is not None:
            kwargs["view"] = view
        try:
            if not elsewhere:
                message = await interaction.followup.send(content, wait=True, **kwargs)
            else:
                message = await self.bot.get_partial_messageable(home).send(content, **kwargs)
                await interaction.followup.send(f"Done — the board is in <#{home}>.", ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s: %s", match.id, exc)
            # Whoever moves next must still hear about it: retry once, words only.
            try:
                message = await self.bot.get_partial_messageable(home or interaction.channel_id).send(
                    content + "\n(The board image could not be posted; `/" + match.game + " board` shows it.)",
                    allowed_mentions=MENTION_USERS)
            except discord.HTTPException:
                await self._tell_failure(interaction, match, exc)
                return
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()  # the "thinking…" placeholder
        await self.service.set_message(match.id, message.id)
        if match.message_id not in (None, message.id) and home is not None:
            await self._retire_board(home, match.message_id)
        if match.status in ("finished", "void") and match.thread_id:
            await self._archive(match.thread_id)

    async def _retire_board(self, channel_id: int, message_id: int) -> None:
        """The previous board keeps its picture but loses its buttons: only the newest board is played from."""
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.debug("previous board %s keeps its buttons: %s", message_id, exc)

    async def _tell_failure(self, interaction: discord.Interaction, match: Match, exc: discord.HTTPException) -> None:
        why = "I am not allowed to post there" if isinstance(exc, discord.Forbidden) else \
            f"Discord answered {exc.status}"
        try:
            await interaction.followup.send(
                f"Saved — but I could not post the board ({why}). Use `/{match.game} board` to see it.",
                ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the user either for match %s", match.id)

    async def announce_closed(self, match: Match, text: str, *, skip_channel: int | None = None) -> None:
        """A match closed without a final board (aborted, abandoned): say so where it lives
        (unless that is ``skip_channel``, which was answered already) and archive its thread."""
        home = match.home_channel_id
        if home is not None and home != skip_channel:
            try:
                await self.bot.get_partial_messageable(home).send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.info("could not announce the end of match %s: %s", match.id, exc)
        if match.thread_id:
            await self._archive(match.thread_id)

    async def _archive(self, thread_id: int) -> None:
        try:
            thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("could not archive thread %s: %s", thread_id, exc)

    # ----------------------------------------------------------- commands
    async def challenge(self, interaction: discord.Interaction, game: str, opponents: list[discord.abc.User],
                        options: dict | None = None, first: str = "random", days: int | None = None) -> None:
        guild = await self.service.guild_settings(interaction.guild_id)
        channel_id = guild.challenge_channel_id or interaction.channel_id
        try:
            match = await self.service.create_challenge(
                game, interaction.guild_id, channel_id, player_of(interaction.user),
                [player_of(o) for o in opponents], options=options, first=first, days=days)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        if not await self.post_challenge(interaction, match):
            await self.service.decline(match.id, interaction.user.id)
            await reply_error(interaction, f"I cannot post in <#{channel_id}>, where this server's challenges "
                                           "go. Ask an admin to check my permissions there.")

    async def post_challenge(self, interaction: discord.Interaction, match: Match, intro: str = "") -> bool:
        """The challenge with its Accept / Decline buttons, in the match's channel; False if Discord refused."""
        view = buttons.view_of(buttons.AcceptButton(match.id, match.version),
                               buttons.DeclineButton(match.id, match.version))
        content = "\n".join(filter(None, [intro, present.challenge_message(match)]))
        here = match.channel_id == interaction.channel_id
        try:
            if not here:
                message = await self.bot.get_partial_messageable(match.channel_id).send(
                    content, view=view, allowed_mentions=MENTION_USERS)
            elif interaction.response.is_done():
                message = await interaction.followup.send(content, view=view, allowed_mentions=MENTION_USERS,
                                                          wait=True)
            else:
                await interaction.response.send_message(content, view=view, allowed_mentions=MENTION_USERS)
                message = await interaction.original_response()
        except discord.HTTPException as exc:
            log.info("could not post challenge %s: %s", match.id, exc)
            return False
        if not here:
            pointer = f"Challenge posted in <#{match.channel_id}>."
            if interaction.response.is_done():
                await interaction.followup.send(pointer, ephemeral=True)
            else:
                await interaction.response.send_message(pointer, ephemeral=True)
        await self.service.set_message(match.id, message.id)
        return True

    async def resolve(self, interaction: discord.Interaction, game: str, match_id: int | None,
                      statuses: tuple[str, ...] = ("active",)) -> Match | None:
        """The match a command means: the given one, else the user's only one here."""
        try:
            if match_id is not None:
                match = await self.service.get(match_id)
                if match.guild_id != interaction.guild_id and interaction.user.id not in match.players:
                    raise ServiceError(f"There is no match #{match_id} on this server.")
                if match.game != game:
                    raise ServiceError(f"Match #{match_id} is a {match.title} match; use /{match.game}.")
                return match
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id,
                                                   game=game, statuses=statuses)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return None
        if len(mine) == 1:
            return mine[0]
        title = get_game(game).title
        if not mine:
            await reply_error(interaction, f"You have no {title} match running in this channel. "
                                           f"Start one with `/{game} challenge`, or name it with `match`.")
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
        await self._run(interaction, self.service.move(match.id, interaction.user.id, text))

    async def _run(self, interaction: discord.Interaction, call) -> None:
        """Await a service call that changes a match, then post the new board."""
        try:
            result: MoveResult = await call
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        await self.post_turn(interaction, result.match, result.description, result.series)

    async def board(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
        if match is None:
            return
        if match.status not in ("active", "finished", "void"):
            await reply_error(interaction, f"Match #{match.id} has not started (it is {match.status}).")
            return
        if interaction.user.id not in match.players:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(await self.turn_content(match), file=await self.board_file(match),
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
        if match.seat_of(interaction.user.id) in match.resigned_seats:
            await reply_error(interaction, f"You have already resigned from match #{match.id}.")
            return
        others = ", ".join(n for p, n in zip(match.players, match.names) if p != interaction.user.id)
        view = buttons.view_of(buttons.ResignButton(match.id, match.version))
        await interaction.response.send_message(
            f"Resign {match.title} #{match.id} against {others}? This cannot be undone.", view=view, ephemeral=True)

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        from .help import rules_text

        await interaction.response.send_message(rules_text(game), ephemeral=True)

    # -------------------------------------------------------- autocomplete
    async def move_choices(self, interaction: discord.Interaction, game: str, typed: str,
                           match_id: int | None) -> list[str]:
        if match_id is None:
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game)
            mine = [m for m in mine if m.to_move_id() == interaction.user.id]
            if len(mine) > 1:
                # Moves of which match?  Say so where the player looks, instead of an empty list.
                ids = ", ".join(f"#{m.id}" for m in mine)
                return [f"Several matches wait for your move here ({ids}): fill in the match option first"[:100]]
            if not mine:
                return []
            match = mine[0]
        else:
            try:
                match = await self.service.get(match_id)
            except ServiceError:
                return []
        if match.game != game or match.to_move_id() != interaction.user.id:
            return []
        state = match.state()
        continuations = getattr(state, "continuations", None)
        if continuations is not None and typed.strip():
            # Multi-part turns (Tactori): the typed turn itself, if legal, then one more part.
            more = continuations(typed)
            try:
                more = [state.copy().play(typed), *more]
            except ValueError:
                pass
            if more:
                return suggest(more, typed)
        return suggest(state.legal_moves(), typed)

    async def match_choices(self, interaction: discord.Interaction, game: str, typed: str) -> list[tuple[str, int]]:
        mine = await self.service.user_matches(interaction.user.id, game=game, statuses=("active", "finished"))
        here = interaction.channel_id
        mine.sort(key=lambda m: (m.status != "active", m.home_channel_id != here,
                                 m.to_move_id() != interaction.user.id, -m.updated_at))
        out = []
        for m in mine:
            others = ", ".join(n for p, n in zip(m.players, m.names) if p != interaction.user.id)
            mover = m.to_move_id()
            turn = ("finished" if mover is None else "your turn" if mover == interaction.user.id
                    else f"{m.names[m.players.index(mover)]} to move")
            label = f"#{m.id} vs {others} ({turn})"
            if typed.strip().lstrip("#").lower() in label.lower():
                out.append((label[:100], m.id))
        return out[:25]

    # -------------------------------------------------------------- buttons
    async def button(self, interaction: discord.Interaction, action: str, match_id: int, version: int) -> None:
        user = interaction.user.id
        service = self.service
        calls = {
            "keep": lambda: service.move(match_id, user, "keep", expected_version=version),
            "remove": lambda: service.move(match_id, user, "remove", expected_version=version),
            "resign": lambda: service.resign(match_id, user, expected_version=version),
            "claim": lambda: service.claim(match_id, user),
            "draw-yes": lambda: service.answer(match_id, user, "draw", True, expected_version=version),
            "undo-yes": lambda: service.answer(match_id, user, "undo", True, expected_version=version),
        }
        try:
            if action in ("accept", "decline"):
                match = await (service.accept if action == "accept" else service.decline)(match_id, user)
                await self._challenge_answered(interaction, match)
                return
            if action == "rematch":
                match = await service.rematch(match_id, user)
            elif action in ("draw-no", "undo-no"):
                await service.answer(match_id, user, action[:4], False, expected_version=version)
                await interaction.response.edit_message(content="Declined.", view=None)
                return
            elif action in calls:
                result = await calls[action]()
            else:
                raise ServiceError("This button is no longer in use.")
        except ServiceError as exc:
            if action in ("accept", "decline"):
                await self._challenge_refused(interaction, match_id)
            await reply_error(interaction, str(exc))
            return
        if action == "rematch":
            await interaction.response.edit_message(view=None)
            standing = present.series_line(match, await service.series(match.series_id))
            intro = f"Rematch of #{match_id}, seats swapped. {standing}".strip()
            if not await self.post_challenge(interaction, match, intro):
                await service.decline(match.id, user)
                await reply_error(interaction, "I could not post the rematch; check my permissions in that channel.")
            return
        if action == "resign":
            await interaction.response.edit_message(content="You resigned.", view=None)
        else:
            await interaction.response.edit_message(view=None)
        await self.post_turn(interaction, result.match, result.description, result.series)

    async def _challenge_refused(self, interaction: discord.Interaction, match_id: int) -> None:
        """A refused Accept/Decline on a challenge that is closed (e.g. it expired and
        the sweep could not edit the message): take the stale buttons off, since the
        sweep never comes back to a closed challenge."""
        try:
            match = await self.service.get(match_id)
        except ServiceError:
            return
        if match.status != "challenge" and not interaction.response.is_done():
            await interaction.response.edit_message(content=present.challenge_message(match), view=None)

    async def _challenge_answered(self, interaction: discord.Interaction, match: Match) -> None:
        open_ = match.status == "challenge"
        view = buttons.view_of(buttons.AcceptButton(match.id, match.version),
                               buttons.DeclineButton(match.id, match.version)) if open_ else None
        await interaction.response.edit_message(content=present.challenge_message(match), view=view,
                                                allowed_mentions=MENTION_USERS)
        if match.status != "active":
            return
        guild = await self.service.guild_settings(match.guild_id)
        if guild.threads and match.thread_id is None:
            match = await self._open_thread(interaction, match)
        await self.post_turn(interaction, match, "The match begins.")

    async def _open_thread(self, interaction: discord.Interaction, match: Match) -> Match:
        try:
            thread = await interaction.message.create_thread(name=f"{match.title} #{match.id}: "
                                                                  + " vs ".join(match.names))
        except discord.HTTPException as exc:
            log.info("no thread for match %s: %s", match.id, exc)
            return match
        await self.service.set_message(match.id, interaction.message.id, thread_id=thread.id)
        return await self.service.get(match.id)
