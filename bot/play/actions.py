"""What the bot does for each interaction: call the match service, reply.

Every refusal is an ephemeral reply and changes nothing (the service decides).
Accepted actions are committed by the service before anything is posted.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engines import Text, get_game
from matches import Match, MatchService, MoveResult, ServiceError
from matches.core import broken_refusal

from . import buttons
from ..messages import present
from .around import Around
from ..messages.boards import Boards
from .challenging import Challenging
from .conditional import ConditionalMoves
from ..help import rules_text
from ..history.replays import Replays
from ..history.reviews import ReviewActions
from ..replies import (acknowledge_privately, acknowledge_quietly, edit_clicked, in_time, outgoing, private,
                      reply_error)
from .suggest import RecentMoves, suggest

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)


class Actions(Around, Boards, Challenging, ConditionalMoves, Replays, ReviewActions):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.recent_moves = RecentMoves()
        # A person's moves within his turn, not on a board yet: match id -> (plies after them, their words).
        self.turn_said: dict[int, tuple[int, list]] = {}

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # ----------------------------------------------------------- commands
    async def resolve(self, interaction: discord.Interaction, game: str, match_id: int | None,
                      statuses: tuple[str, ...] = ("active",), acknowledge=None) -> Match | None:
        """The match a command means: the given one, else the user's only one here.

        With ``acknowledge``, a slow look-up is acknowledged meanwhile (see ``in_time``)."""
        def timely(call):
            return in_time(interaction, call, acknowledge) if acknowledge else call

        try:
            if match_id is not None:
                match = await timely(self.service.get(match_id))
                if match.guild_id != interaction.guild_id and interaction.user.id not in match.players:
                    raise ServiceError(Text("There is no match #{id} on this server.", id=match_id))
                if match.game != game:
                    raise ServiceError(Text("Match #{id} is a {title} match; use /{game}.", id=match_id,
                                            title=match.title, game=match.game))
                return match
            mine = await timely(self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id,
                                                          game=game, statuses=statuses))
        except ServiceError as exc:
            await reply_error(interaction, exc.text)
            return None
        if len(mine) == 1:
            return mine[0]
        title = get_game(game).title
        if not mine and mine.broken:
            # The player's only match here cannot be read: say so, for that match alone.
            await reply_error(interaction, broken_refusal(mine.broken[0]).text)
            return None
        if not mine:
            await reply_error(interaction, Text("You have no {title} match running in this channel. Start one with "
                                                "`/{game} challenge`, or name it with `match`.", title=title, game=game))
            return None
        waiting = [m for m in mine if m.to_move_id() == interaction.user.id]
        if len(waiting) == 1:
            return waiting[0]
        ids = ", ".join(f"#{m.id}" for m in mine)
        await reply_error(interaction, Text("You have several {title} matches here ({ids}); pick one with the "
                                            "`match` option.", title=title, ids=ids))
        return None

    async def move(self, interaction: discord.Interaction, game: str, text: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id, acknowledge=acknowledge_privately)
        if match is None:
            return
        try:
            result: MoveResult = await in_time(interaction, self.service.move(match.id, interaction.user.id, text),
                                               acknowledge_privately)
        except ServiceError as exc:
            await reply_error(interaction, exc.text)
            return
        await self.post_move(interaction, result)

    async def _run(self, interaction: discord.Interaction, call) -> None:
        """Await a service call that changes a match, then post the new board.

        The call normally takes milliseconds, and answering after it keeps a
        refusal private with nothing public before it.  Should the store be slow,
        the interaction is acknowledged privately before Discord's 3 seconds run
        out; the board then goes to the channel as a message of its own.
        """
        try:
            result: MoveResult = await in_time(interaction, call, acknowledge_privately)
        except ServiceError as exc:
            await reply_error(interaction, exc.text)
            return
        await self.post_turn(interaction, result.match, result.description, result.series)

    async def board(self, interaction: discord.Interaction, game: str, match_id: int | None,
                    ply: int | None = None) -> None:
        if ply is not None:
            await self.board_at(interaction, game, match_id, ply)
            return
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
        if match is None:
            return
        if match.status not in ("active", "finished", "void"):
            await reply_error(interaction, Text("Match #{id} has not started.", id=match.id))
            return
        if interaction.user.id not in match.players:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(**outgoing(private(interaction, await self.turn_content(match)),
                                                       file=await self.board_file(match, interaction.locale),
                                                       ephemeral=True))
            return
        await self.post_turn(interaction, match)

    async def resign(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        if interaction.user.id not in match.players or match.status != "active":
            await reply_error(interaction, Text("You cannot resign match #{id}.", id=match.id))
            return
        if match.seat_of(interaction.user.id) in match.resigned_seats:
            await reply_error(interaction, Text("You have already resigned from match #{id}.", id=match.id))
            return
        others = match.others(interaction.user.id)
        view = buttons.view_of(buttons.ResignButton(match.id, match.version), locale=interaction.locale)
        await interaction.response.send_message(**outgoing(private(interaction, Text(
            "Resign {title} #{id} against {others}? This cannot be undone.", title=match.title, id=match.id,
            others=others)), view=view, ephemeral=True))

    async def hint(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        """Privately, what the hard level would play in the user's place (against the computer only)."""
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        try:
            job = await self.service.hint(match.id, interaction.user.id)
        except ServiceError as exc:
            await reply_error(interaction, exc.text)
            return
        # The search takes a few seconds: say "thinking…" privately, compute off the event loop.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            move = await self.bot.computer.think(job)
            words = await self.service.hint_words(job, move)
        except Exception:  # noqa: BLE001 - the player must hear something either way
            log.exception("no hint for match %s", match.id)
            words = Text("The computer could not think of a hint just now; try again in a moment.")
        await interaction.followup.send(**outgoing(private(interaction, words), ephemeral=True))

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(**outgoing(rules_text(game, interaction.locale), ephemeral=True))

    # -------------------------------------------------------- autocomplete
    async def move_choices(self, interaction: discord.Interaction, game: str, typed: str,
                           match_id: int | None) -> list[str]:
        if match_id is None:
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game)
            mine = [m for m in mine if m.to_move_id() == interaction.user.id]
            if len(mine) > 1:
                # Moves of which match?  Say so where the player looks, instead of an empty list.
                ids = ", ".join(f"#{m.id}" for m in mine)
                return [private(interaction, Text("Several matches wait for your move here ({ids}): fill in the match "
                                                  "option first", ids=ids))[:100]]
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
        state = match.position
        continuations = getattr(state, "continuations", None)
        if continuations is not None and typed.strip():
            # Multi-part turns (Tactori): the typed turn itself, if legal, then one more part.
            more = continuations(typed)
            try:
                more = [match.state().play(typed), *more]
            except ValueError:
                pass
            if more:
                return suggest(more, typed)
        return suggest(self.recent_moves.of(match), typed)

    async def match_choices(self, interaction: discord.Interaction, game: str, typed: str) -> list[tuple[str, int]]:
        mine = await self.service.user_matches(interaction.user.id, game=game, statuses=("active", "finished"))
        here = interaction.channel_id
        mine.sort(key=lambda m: (m.status != "active", m.home_channel_id != here,
                                 m.to_move_id() != interaction.user.id, -m.updated_at))
        out = []
        for m in mine:
            label = private(interaction, Text("#{id} vs {others} ({turn})", id=m.id,
                                              others=m.others(interaction.user.id),
                                              turn=present.whose_turn(m, interaction.user.id)))
            if typed.strip().lstrip("#").lower() in label.lower():
                out.append((label[:100], m.id))
        return out[:25]

    # -------------------------------------------------------------- buttons
    async def button(self, interaction: discord.Interaction, action: str, match_id: int, version: int) -> None:
        user = interaction.user.id
        service = self.service
        if action == "review":
            await self.review_button(interaction, match_id)
            return
        calls = {
            "keep": lambda: service.move(match_id, user, "keep", expected_version=version),
            "remove": lambda: service.move(match_id, user, "remove", expected_version=version),
            "resign": lambda: service.resign(match_id, user, expected_version=version),
            "claim": lambda: service.claim(match_id, user),
            "draw-yes": lambda: service.answer(match_id, user, "draw", True, expected_version=version),
            "undo-yes": lambda: service.answer(match_id, user, "undo", True, expected_version=version),
        }
        # A slow store: the click is acknowledged quietly, the clicked message edited later.
        def timely(call):
            return in_time(interaction, call, acknowledge_quietly)

        try:
            if action in ("accept", "decline"):
                answer = service.accept if action == "accept" else service.decline
                await self._challenge_answered(interaction, await timely(answer(match_id, user)))
                return
            if action == "rematch":
                match = await timely(service.rematch(match_id, user))
            elif action in ("draw-no", "undo-no"):
                await timely(service.answer(match_id, user, action[:4], False, expected_version=version))
                await edit_clicked(interaction, content=Text("Declined."), view=None)
                return
            elif action in calls:
                result = await timely(calls[action]())
            else:
                raise ServiceError(Text("This button is no longer in use."))
        except ServiceError as exc:
            if action in ("accept", "decline"):
                await self._challenge_refused(interaction, match_id)
            await reply_error(interaction, exc.text)
            return
        if action == "rematch":
            await edit_clicked(interaction, view=None)
            standing = present.series_line(match, await service.series(match.series_id))
            intro = Text("Rematch of #{id}, seats swapped. {standing}", id=match_id, standing=standing) if standing \
                else Text("Rematch of #{id}, seats swapped.", id=match_id)
            if match.status == "active":        # against the computer alone: it accepted at once
                await self.post_turn(interaction, match, intro)
                return
            if not await self.post_challenge(interaction, match, intro):
                await service.decline(match.id, user)
                await reply_error(interaction, Text("I could not post the rematch; check my permissions in that "
                                                    "channel."))
            return
        if action == "resign":
            await edit_clicked(interaction, content=Text("You resigned."), view=None)
        else:
            await edit_clicked(interaction, view=None)
        if action in ("keep", "remove"):        # a decision within a turn, like a placement
            await self.post_move(interaction, result)
            return
        await self.post_turn(interaction, result.match, result.description, result.series)
