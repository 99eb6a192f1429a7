"""The board poster: every board posted after a move goes out here (a person's move from a command,
a button or a menu, a move on the web board, the computer's moves, an event match's board, a
claim or a timeout), with the image, the turn message and its buttons.

Who a board notifies is decided once (:meth:`BoardPoster.notify`: the people at the table;
the text mentions only whoever acts next).  A person's turn of several moves (Architekton's
placements, a decision on his own building) gets one public board when it passes: the moves
within it are shown to the mover alone (from Discord) or on his own page (from the web).  The
computer's moves in a row come on one board after the last of them (:class:`PendingBoard`).

The features add their buttons to a board (``board_items``: a function per feature, given the
bot and the match) and the final board's extras (``final_extras``: the replay and score chart);
the client wires them, so that this module imports no feature.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from engines import Joined, Text
from matches import Match, MoveResult, Series
from render import render_png

from ..locales import say
from ..persistent import view_of
from ..replies import PRIVATE_ACK, fit, outgoing, private, public, public_locale, server_locale
from . import present
from .alt_text import DESCRIPTION_MAX, board_description, spoken

log = logging.getLogger(__name__)


BoardItems = Callable[[Any, Match], list]  # (bot, match) -> the feature's buttons
FinalExtras = Callable[[Match, Any], Awaitable[tuple[list[discord.File], Any]]]


@dataclass
class PendingBoard:
    """The computer's moves in a row in one match, until the board that lists them is posted."""

    thinking: list[tuple[int, int]] = field(default_factory=list)  # (channel, message) saying "… is thinking…"
    said: list[Any] = field(default_factory=list)  # what the board lists: the move before the run, its moves
    moves: list[Any] = field(default_factory=list)  # the moves among them, for the alt text's "Last:"
    unposted: int = 0  # computer moves not on a board yet


async def _no_extras(match: Match, locale) -> tuple[list[discord.File], Any]:
    return [], ""


class BoardPoster:
    """``bot.boards``: posts every board after a move; see the module's words."""

    def __init__(self, bot, board_items: list[BoardItems] = (), final_extras: FinalExtras = _no_extras):
        self.bot = bot
        self.board_items = list(board_items)
        self.final_extras = final_extras
        # A person's moves within his turn, not on a board yet: match id -> (plies after them, their words).
        self.turn_said: dict[int, tuple[int, list]] = {}
        # The computer's moves in a row, per match, until their board is posted.
        self.pending: dict[int, PendingBoard] = {}

    @property
    def service(self):
        return self.bot.service

    @staticmethod
    def notify(match: Match) -> list[int]:
        """Whom a board may ping: the people at the table (its text mentions whoever acts next)."""
        return present.people(match)

    async def board_file(self, match: Match, locale=None, last: str = "") -> discord.File:
        """The board image, its words in the language of ``locale``, described for screen readers
        (``last``: the last move in words, when the caller has them)."""
        # Rendering takes tens of milliseconds: keep it off the event loop.
        sayer = functools.partial(say, locale=locale, escaped=False)
        png = await asyncio.to_thread(render_png, match.state(), present.said_names(match, sayer), say=sayer)
        # One paragraph: a turn's moves (one line each in the message) are read one after the other.
        description = spoken(say(board_description(match, last), locale, escaped=False)).replace("\n", " ")
        return discord.File(
            io.BytesIO(png),
            filename=f"{match.game}-{match.id}-{match.version}.png",
            description=fit(description, DESCRIPTION_MAX),
        )

    def board_view(self, match: Match, locale=None) -> discord.ui.View | None:
        """The board's buttons, each feature's (in the order the client gave them); None without any."""
        items = [item for board_items in self.board_items for item in board_items(self.bot, match)]
        return view_of(*items, locale=locale) if items else None

    def match_locale(self, match: Match):
        """The language of the server a match is played in (None: English)."""
        return server_locale(self.bot, match.guild_id)

    def match_locale_of(self, guild_id: int | None):
        """The language of a server's public messages (None: English)."""
        return server_locale(self.bot, guild_id)

    async def turn_content(self, match: Match, description: str = "", series: Series | None = None) -> Text:
        event = await self.service.event_of_match(match.id)
        if event is not None and event[0].format != "knockout":
            series = None  # a Swiss or league match is one game: no series to tell of
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

    async def post_turn(
        self, interaction: discord.Interaction, match: Match, description: str = "", series: Series | None = None
    ) -> None:
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
            await self.bot.tournaments.publish()  # an event's round may have ended with it

    async def post_move(self, interaction: discord.Interaction, result: MoveResult) -> None:
        """A person's move.  While the same person is still to act in the same turn (Architekton's
        second placement, a decision on his own building), the channel gets nothing yet: the mover
        sees the board privately, with the buttons to go on.  When the turn passes (or the match
        ends), one board lists the whole turn and mentions whoever acts next."""
        match = result.match
        said = self._turn_so_far(match, result.description)
        if await self._mover_acts_again(match, interaction.user.id):
            self.turn_said[match.id] = (match.plies, said)
            await self._post_mid_turn(interaction, match, result.description)
            return
        description = Joined(said, "\n") if len(said) > 1 else result.description
        await self.post_turn(interaction, match, description, result.series)

    def _turn_so_far(self, match: Match, description) -> list:
        """The words of the mover's turn so far, this move's last: its earlier moves, if nothing came
        between them and this one (a takeback would have)."""
        plies, said = self.turn_said.pop(match.id, (None, []))
        return [*said, description] if plies == match.plies - 1 else [description]

    async def _mover_acts_again(self, match: Match, user: int | None = None) -> bool:
        """Whether whoever made the last move (``user``, when known) is to act again, with nobody's move
        in between (a reply stored in advance may have answered his move already: then his turn passed
        and came back)."""
        if match.status != "active" or (user is not None and match.to_move_id() != user):
            return False
        last = (await self.service.moves(match.id))[-1]
        return last.user_id == match.to_move_id()

    async def _post_mid_turn(self, interaction: discord.Interaction, match: Match, description) -> None:
        """The board after a move within a turn, for the mover's eyes only (in his language)."""
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True, ephemeral=True)
            text = Joined(
                [
                    await self.turn_content(match, description),
                    Text(
                        "Only you see this board until your turn is over; then the channel gets one board "
                        "with your whole turn."
                    ),
                ],
                "\n",
            )
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
        pending = self.pending.setdefault(match.id, PendingBoard())
        pending.said.append(result.description)
        pending.moves.append(result.description)
        pending.unposted += 1
        try:
            if match.status == "active" and self.service.computer_to_move(match) is not None:
                return
            await self.post_pending(match, result.series)
        finally:
            self.bot.computer.schedule(match)

    async def post_pending(self, match: Match, series: Series | None = None) -> None:
        """The board after the computer's moves in a row, in place of the one that said it was thinking."""
        pending = self.pending.pop(match.id, None) or PendingBoard()
        await self.post_in_channel(
            match, Joined(pending.said, "\n"), series, last=Joined(pending.moves, " "), replacing=pending.thinking
        )

    async def post_web_move(self, result: MoveResult) -> None:
        """A move made on the web board, like one made in Discord: within a turn of several moves the
        channel gets nothing yet (the mover sees the board on his page; the channel's board loses its
        buttons); when the turn passes, one board lists the whole turn."""
        match = result.match
        try:
            said = self._turn_so_far(match, result.description)
            if await self._mover_acts_again(match):
                self.turn_said[match.id] = (match.plies, said)
                if match.message_id is not None and match.home_channel_id is not None:
                    await self._retire_board(match.home_channel_id, match.message_id)
                return
            description = Joined(said, "\n") if len(said) > 1 else result.description
            message = await self.post_in_channel(match, description, result.series)
            if message is not None:
                self._pending_opened(match, match.home_channel_id, message.id, description)
        finally:
            self.bot.computer.schedule(match)

    async def post_in_channel(
        self,
        match: Match,
        description,
        series: Series | None = None,
        *,
        last=None,
        replacing: list[tuple[int, int]] = (),
        publish: bool = True,
    ) -> discord.Message | None:
        """The board where the match lives, with no interaction to answer (the computer's moves, a web
        move, an event match's board): in the server's language, the next person mentioned.

        ``last``: the moves for the alt text's "Last:" (default: ``description``); ``replacing``: the
        boards it takes the place of (deleted: they said the computer was thinking); ``publish``: an
        event's round may have ended with the match (False from the event's own posting)."""
        home = match.home_channel_id
        if home is None:
            return None
        locale = self.match_locale(match)
        kwargs = {"file": await self.board_file(match, locale, description if last is None else last)}
        view = self.board_view(match, locale)
        if view is not None:
            kwargs["view"] = view
        text = await self.turn_content(match, description, series)
        text = await self._with_final_extras(match, locale, text, kwargs)
        try:
            message = await self.bot.get_partial_messageable(home).send(
                **outgoing(say(text, locale), notify=self.notify(match), **kwargs)
            )
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s: %s", match.id, exc)
            return None
        await self.service.set_message(match.id, message.id)
        replaced = [ids for ids in replacing if ids[1] != message.id]
        for channel_id, message_id in replaced:
            await self._delete_board(channel_id, message_id)
        if match.message_id not in (None, 0, message.id, *(m for _, m in replaced)):
            await self._retire_board(home, match.message_id)
        if match.status in ("finished", "void") and match.thread_id:
            await self._archive(match.thread_id)
        if publish and match.status in ("finished", "void"):
            await self.bot.tournaments.publish()  # an event's round may have ended with it
        return message

    def _pending_opened(self, match: Match, channel_id: int, message_id: int, description) -> None:
        """A board that says the computer is thinking opens its run of moves (or joins it: a /board
        meanwhile); the board after the run replaces it.  Any other board closes the run."""
        if match.status != "active" or self.service.computer_to_move(match) is None:
            self.pending.pop(match.id, None)
            return
        pending = self.pending.setdefault(match.id, PendingBoard())
        pending.thinking.append((channel_id, message_id))
        if description:
            pending.said.append(description)
            if match.plies:  # a move, not "The match begins.": the alt text's "Last:" names it
                pending.moves.append(description)

    async def _post_turn(
        self, interaction: discord.Interaction, match: Match, description: str = "", series: Series | None = None
    ) -> None:
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
                message = await interaction.followup.send(
                    **outgoing(content, notify=self.notify(match), **kwargs), wait=True
                )
            else:
                message = await self.bot.get_partial_messageable(target).send(
                    **outgoing(content, notify=self.notify(match), **kwargs)
                )
                done = (
                    Text("Done — the board is below.")
                    if target == interaction.channel_id
                    else Text("Done — the board is in {channel}.", channel=f"<#{target}>")
                )
                await interaction.followup.send(**outgoing(private(interaction, done), ephemeral=True))
        except discord.HTTPException as exc:
            log.warning("could not post the board of match %s: %s", match.id, exc)
            # Whoever moves next must still hear about it: retry once, words only.
            try:
                without = Joined(
                    [text, Text("(The board image could not be posted; `/{game} board` shows it.)", game=match.game)],
                    "\n",
                )
                message = await self.bot.get_partial_messageable(home or interaction.channel_id).send(
                    **outgoing(public(interaction, without), notify=self.notify(match))
                )
            except discord.HTTPException:
                await self._tell_failure(interaction, match, exc)
                return
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()  # the "thinking…" placeholder
        await self.service.set_message(match.id, message.id)
        self._pending_opened(match, target, message.id, description)
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
        why = (
            Text("I am not allowed to post there")
            if isinstance(exc, discord.Forbidden)
            else Text("Discord answered {status}", status=exc.status)
        )
        try:
            await interaction.followup.send(
                **outgoing(
                    private(
                        interaction,
                        Text(
                            "Saved — but I could not post the board ({why}). Use `/{game} board` to see it.",
                            why=why,
                            game=match.game,
                        ),
                    ),
                    ephemeral=True,
                )
            )
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
