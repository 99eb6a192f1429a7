"""Posting boards: the image, the turn message, its buttons, and where it goes."""
from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging

import discord

from engines import Joined, Text
from matches import Match, MoveResult, Series
from render import render_png

from ..play import buttons, guided
from . import present
from .alt_text import DESCRIPTION_MAX, board_description, spoken
from ..computer.player import Round
from ..locales import say
from ..replies import PRIVATE_ACK, fit, outgoing, private, public, public_locale, server_locale

log = logging.getLogger(__name__)


class Boards:
    """Mixed into :class:`bot.play.actions.Actions` (uses its ``bot`` and ``service``)."""

    async def board_file(self, match: Match, locale=None, last: str = "") -> discord.File:
        """The board image, its words in the language of ``locale``, described for screen readers
        (``last``: the last move in words, when the caller has them)."""
        # Rendering takes tens of milliseconds: keep it off the event loop.
        sayer = functools.partial(say, locale=locale, escaped=False)
        png = await asyncio.to_thread(render_png, match.state(), present.said_names(match, sayer), say=sayer)
        # One paragraph: a turn's moves (one line each in the message) are read one after the other.
        description = spoken(say(board_description(match, last), locale, escaped=False)).replace("\n", " ")
        return discord.File(io.BytesIO(png), filename=f"{match.game}-{match.id}-{match.version}.png",
                            description=fit(description, DESCRIPTION_MAX))

    def board_view(self, match: Match, locale=None) -> discord.ui.View | None:
        view = self._game_view(match, locale)
        if self.bot.web is not None and match.status in ("active", "finished"):
            # the web board (bot/web): each click answers with the clicker's own link
            from ..web.discord_side import OpenBoardButton

            opener = OpenBoardButton(match.id)
            opener.item.label = say(opener.label, locale, escaped=False)
            view = view or discord.ui.View(timeout=None)
            view.add_item(opener)
        return view

    def _game_view(self, match: Match, locale=None) -> discord.ui.View | None:
        if match.status in ("finished", "void"):
            items = [] if match.rematch_id else [buttons.RematchButton(match.id)]
            if match.status == "finished" and match.plies:
                items.append(buttons.ReviewButton(match.id))       # bot/interactions/reviews.py
            return buttons.view_of(*items, locale=locale) if items else None
        if match.status == "active" and self.service.computer_to_move(match) is not None:
            return None     # the computer is to move: nothing for anyone to press
        if match.status == "active" and getattr(match.position, "pending", None) is not None:
            mismatches = match.position.mismatches(match.position.pending)
            return buttons.view_of(*buttons.decision_buttons(match.id, match.version, mismatches), locale=locale)
        if match.status == "active":
            return buttons.view_of(guided.ChooseMoveButton(match.id, match.version), locale=locale)
        return None

    def match_locale(self, match: Match):
        """The language of the server a match is played in (None: English)."""
        return server_locale(self.bot, match.guild_id)

    def match_locale_of(self, guild_id: int | None):
        """The language of a server's public messages (None: English)."""
        return server_locale(self.bot, guild_id)

    async def turn_content(self, match: Match, description: str = "", series: Series | None = None) -> Text:
        event = await self.service.event_of_match(match.id)
        if event is not None and event[0].format != "knockout":
            series = None       # a Swiss or league match is one game: no series to tell of
        elif series is None and match.status in ("active", "finished"):
            series = await self.service.series(match.series_id)
        away = None
        mover = match.to_move_id()
        if mover is not None:
            until = (await self.service.user_settings(mover)).vacation_until
            away = until if until and until > self.service.clock() else None
        message = present.turn_message(match, description, series, away)
        if event is None:
            return message
        return Joined([Text("🏆 {event}, round {round}", event=event[0].title, round=event[1]), message], "\n")

    async def post_turn(self, interaction: discord.Interaction, match: Match, description: str = "",
                        series: Series | None = None) -> None:
        """Answer with the board image, the move in words and who is next.

        The board goes where the match lives (its thread, if it has one); when
        the interaction came from elsewhere the user gets an ephemeral pointer.
        Then, if the computer is to move, it starts thinking.
        """
        try:
            await self._post_turn(interaction, match, description, series)
        finally:
            self.bot.computer.schedule(match)
        if match.status in ("finished", "void"):
            await self.bot.tournaments.publish()       # an event's round may have ended with it

    async def post_move(self, interaction: discord.Interaction, result: MoveResult) -> None:
        """A person's move.  While the same person is still to act in the same turn (Architekton's
        second placement, a decision on his own building), the channel gets nothing yet: the mover
        sees the board privately, with the buttons to go on.  When the turn passes (or the match
        ends), one board lists the whole turn and mentions whoever acts next."""
        match = result.match
        # The turn's earlier moves, if nothing came between them and this one (a takeback would have).
        plies, said = self.turn_said.pop(match.id, (None, []))
        said = [*said, result.description] if plies == match.plies - 1 else [result.description]
        if await self._still_his_turn(interaction, match):
            self.turn_said[match.id] = (match.plies, said)
            await self._post_mid_turn(interaction, match, result.description)
            return
        description = Joined(said, "\n") if len(said) > 1 else result.description
        await self.post_turn(interaction, match, description, result.series)

    async def _still_his_turn(self, interaction: discord.Interaction, match: Match) -> bool:
        """Whether the person who just moved is to act again, with nobody's move in between (a reply
        stored in advance may have answered his move already: then his turn passed and came back)."""
        user = interaction.user.id
        if match.status != "active" or match.to_move_id() != user:
            return False
        last = (await self.service.moves(match.id))[-1]
        return last.user_id == user

    async def _post_mid_turn(self, interaction: discord.Interaction, match: Match, description) -> None:
        """The board after a move within a turn, for the mover's eyes only (in his language)."""
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True, ephemeral=True)
            text = Joined([await self.turn_content(match, description),
                           Text("Only you see this board until your turn is over; then the channel gets one board "
                                "with your whole turn.")], "\n")
            kwargs = {"file": await self.board_file(match, interaction.locale, description)}
            view = self.board_view(match, interaction.locale)
            if view is not None:
                kwargs["view"] = view
            await interaction.followup.send(**outgoing(private(interaction, text), ephemeral=True, **kwargs))
        except discord.HTTPException as exc:
            log.warning("could not show match %s's board to its mover: %s", match.id, exc)
        # The channel's board belongs to an earlier position: its buttons would only be refused.
        if match.message_id is not None and match.home_channel_id is not None:
            await self._retire_board(match.home_channel_id, match.message_id)

    async def post_computer_turn(self, result: MoveResult) -> None:
        """The computer's move, posted where the match lives like a person's: the board, the moves
        in words, and a mention of the next person (a computer seat is named, never pinged).

        While the computer is still to move (another of its seats, another placement), nothing is
        posted: the board comes after the last of its moves in a row, listing them all."""
        match = result.match
        round_ = self.bot.computer.rounds.setdefault(match.id, Round())
        round_.said.append(result.description)
        round_.moves.append(result.description)
        round_.unposted += 1
        try:
            if match.status == "active" and self.service.computer_to_move(match) is not None:
                return
            await self.post_round(match, result.series)
        finally:
            self.bot.computer.schedule(match)

    async def post_round(self, match: Match, series: Series | None = None) -> None:
        """The board after the computer's moves in a row, in place of the one that said it was thinking."""
        round_ = self.bot.computer.rounds.pop(match.id, None) or Round()
        home = match.home_channel_id
        if home is None:
            return
        locale = self.match_locale(match)
        kwargs = {"file": await self.board_file(match, locale, Joined(round_.moves, " "))}
        view = self.board_view(match, locale)
        if view is not None:
            kwargs["view"] = view
        text = await self.turn_content(match, Joined(round_.said, "\n"), series)
        text = await self._with_final_extras(match, locale, text, kwargs)
        try:
            message = await self.bot.get_partial_messageable(home).send(
                **outgoing(say(text, locale), notify=present.people(match), **kwargs))
        except discord.HTTPException as exc:
            log.warning("could not post the computer's move in match %s: %s", match.id, exc)
            return
        await self.service.set_message(match.id, message.id)
        thinking = [ids for ids in round_.thinking if ids[1] != message.id]
        for channel_id, message_id in thinking:
            await self._delete_board(channel_id, message_id)
        if match.message_id not in (None, message.id, *(m for _, m in thinking)):
            await self._retire_board(home, match.message_id)
        if match.status in ("finished", "void") and match.thread_id:
            await self._archive(match.thread_id)
        if match.status in ("finished", "void"):
            await self.bot.tournaments.publish()       # an event's round may have ended with it

    def _round_opened(self, match: Match, channel_id: int, message_id: int, description) -> None:
        """A board that says the computer is thinking opens its round (or joins it: a /board meanwhile);
        the board after the round replaces it.  Any other board closes the round."""
        rounds = self.bot.computer.rounds
        if match.status != "active" or self.service.computer_to_move(match) is None:
            rounds.pop(match.id, None)
            return
        round_ = rounds.setdefault(match.id, Round())
        round_.thinking.append((channel_id, message_id))
        if description:
            round_.said.append(description)
            if match.plies:         # a move, not "The match begins.": the alt text's "Last:" names it
                round_.moves.append(description)

    async def _post_turn(self, interaction: discord.Interaction, match: Match, description: str = "",
                         series: Series | None = None) -> None:
        home = match.home_channel_id
        target = home or interaction.channel_id
        # A private placeholder (pointer to another channel, or a slow store) is
        # followed by the board as a message of its own.
        elsewhere = target != interaction.channel_id or bool(interaction.extras.get(PRIVATE_ACK))
        if not interaction.response.is_done():
            # The first followup replaces this placeholder and inherits its
            # visibility: private when only a pointer to the board follows here.
            await interaction.response.defer(thinking=True, ephemeral=elsewhere)
        text = await self.turn_content(match, description, series)
        kwargs = {"file": await self.board_file(match, public_locale(interaction), description)}
        view = self.board_view(match, public_locale(interaction))
        if view is not None:
            kwargs["view"] = view
        content = public(interaction, await self._with_final_extras(match, public_locale(interaction), text, kwargs))
        try:
            if not elsewhere:
                message = await interaction.followup.send(**outgoing(content, notify=match.players, **kwargs),
                                                          wait=True)
            else:
                message = await self.bot.get_partial_messageable(target).send(
                    **outgoing(content, notify=match.players, **kwargs))
                done = Text("Done — the board is below.") if target == interaction.channel_id else \
                    Text("Done — the board is in {channel}.", channel=f"<#{target}>")
                await interaction.followup.send(**outgoing(private(interaction, done), ephemeral=True))
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s: %s", match.id, exc)
            # Whoever moves next must still hear about it: retry once, words only.
            try:
                without = Joined([text, Text("(The board image could not be posted; `/{game} board` shows it.)",
                                             game=match.game)], "\n")
                message = await self.bot.get_partial_messageable(home or interaction.channel_id).send(
                    **outgoing(public(interaction, without), notify=match.players))
            except discord.HTTPException:
                await self._tell_failure(interaction, match, exc)
                return
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()  # the "thinking…" placeholder
        await self.service.set_message(match.id, message.id)
        self._round_opened(match, target, message.id, description)
        if match.message_id not in (None, message.id) and home is not None:
            await self._retire_board(home, match.message_id)
        if match.status in ("finished", "void") and match.thread_id:
            await self._archive(match.thread_id)

    async def _with_final_extras(self, match: Match, locale, text: Text, kwargs: dict) -> Text:
        """A finished match's message carries its replay and score chart beside the final board
        (``kwargs``' file becomes files), and says when the replay merged moves into one frame."""
        extras, note = await self.final_extras(match, locale)
        if not extras:
            return text
        kwargs["files"] = [kwargs.pop("file"), *extras]
        return Joined([text, note], "\n") if note else text

    async def _retire_board(self, channel_id: int, message_id: int) -> None:
        """The previous board keeps its picture but loses its buttons: only the newest board is played from."""
        try:
            board = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            await board.edit(**outgoing(view=None))
        except discord.HTTPException as exc:
            log.debug("previous board %s keeps its buttons: %s", message_id, exc)

    async def _delete_board(self, channel_id: int, message_id: int) -> None:
        """A board that said the computer was thinking goes: the board after its moves took its place."""
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
        except discord.HTTPException as exc:
            log.info("the thinking board %s stays: %s", message_id, exc)

    async def _tell_failure(self, interaction: discord.Interaction, match: Match, exc: discord.HTTPException) -> None:
        why = Text("I am not allowed to post there") if isinstance(exc, discord.Forbidden) else \
            Text("Discord answered {status}", status=exc.status)
        try:
            await interaction.followup.send(**outgoing(private(interaction, Text(
                "Saved — but I could not post the board ({why}). Use `/{game} board` to see it.",
                why=why, game=match.game)), ephemeral=True))
        except discord.HTTPException:
            log.warning("could not tell the user either for match %s", match.id)

    async def announce_closed(self, match: Match, text: Text, *, skip_channel: int | None = None) -> None:
        """A match closed without a final board (aborted, abandoned): say so where it lives
        (unless that is ``skip_channel``, which was answered already) and archive its thread."""
        home = match.home_channel_id
        if home is not None and home != skip_channel:
            try:
                await self.bot.get_partial_messageable(home).send(**outgoing(say(text, self.match_locale(match))))
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
