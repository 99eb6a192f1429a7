"""Playing a match: what ``/<game> move|board|resign|hint|rules`` and the moves' autocomplete do.

``bot.actions``; its parts (offers and claims, challenges, conditional moves) are in the modules
beside it.  Every refusal is a private reply and changes nothing (the service decides; a
``ServiceError`` raised here is answered by :mod:`bot.errors`).  Accepted actions are committed by
the service before anything is posted; the boards go out through ``bot.boards``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engines import Text
from matches import Match, MatchService, MoveResult, ServiceError

from .. import lookup
from ..help import rules_text
from ..replies import acknowledge_privately, in_time, outgoing, private, reply_error
from . import buttons, comfort, guided
from .around import Around
from .challenging import Challenging
from .conditional import ConditionalMoves
from .suggest import RecentMoves, suggest

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)


def board_items(bot, match: Match) -> list[discord.ui.Item]:
    """The play feature's buttons under a board: a rematch after the end, the decision within a
    turn (Keep / Remove), else the guided move menu; none while the computer is to move."""
    if match.status in ("finished", "void"):
        return [] if match.rematch_id else [buttons.RematchButton(match.id)]
    if match.status != "active" or bot.service.computer_to_move(match) is not None:
        return []  # the computer is to move: nothing for anyone to press
    if getattr(match.position, "pending", None) is not None:
        mismatches = match.position.mismatches(match.position.pending)
        return list(buttons.decision_buttons(match.id, match.version, mismatches))
    return [guided.ChooseMoveButton(match.id, match.version)]


class Actions(Around, Challenging, ConditionalMoves):
    """The play feature's commands; its parts use ``bot``, ``service``, ``boards``, ``resolve`` and ``_run``."""

    def __init__(self, bot: GameBot):
        self.bot = bot
        self.recent_moves = RecentMoves()

    @property
    def service(self) -> MatchService:
        return self.bot.service

    @property
    def boards(self):
        """The board poster (:class:`bot.messages.boards.BoardPoster`)."""
        return self.bot.boards

    # ----------------------------------------------------------- commands
    # ------------------------------------ for the other features (reached through ``bot.actions``)
    def claim_button(self, match: Match) -> discord.ui.Item:
        """The Claim button under the message that says the player to move ran out of time."""
        return buttons.ClaimButton(match.id, match.version)

    def next_button(self, after: int, locale=None) -> discord.ui.Item:
        """The Next button of ``/next``: the match waiting for the user after ``after`` (0: the first)."""
        return comfort.NextButton(after, locale)

    async def show_next(self, interaction: discord.Interaction) -> None:
        """``/next``: privately, the board of the match waiting for the user whose deadline is nearest."""
        await comfort.show_next(self.bot, interaction)

    async def resolve(
        self,
        interaction: discord.Interaction,
        game: str,
        match_id: int | None,
        statuses: tuple[str, ...] = ("active",),
        acknowledge=None,
    ) -> Match | None:
        """The match a command means (:func:`bot.lookup.resolve`)."""
        return await lookup.resolve(interaction, game, match_id, statuses, acknowledge)

    async def move(self, interaction: discord.Interaction, game: str, text: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id, acknowledge=acknowledge_privately)
        if match is None:
            return
        result: MoveResult = await in_time(
            interaction, self.service.move(match.id, interaction.user.id, text), acknowledge_privately
        )
        await self.boards.post_move(interaction, result)

    async def _run(self, interaction: discord.Interaction, call) -> None:
        """Await a service call that changes a match, then post the new board.

        The call normally takes milliseconds, and answering after it keeps a
        refusal private with nothing public before it.  Should the store be slow,
        the interaction is acknowledged privately before Discord's 3 seconds run
        out; the board then goes to the channel as a message of its own.
        """
        result: MoveResult = await in_time(interaction, call, acknowledge_privately)
        await self.boards.post_turn(interaction, result.match, result.description, result.series)

    async def board(
        self, interaction: discord.Interaction, game: str, match_id: int | None, ply: int | None = None
    ) -> None:
        if ply is not None:
            await self.bot.history.board_at(interaction, game, match_id, ply)
            return
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
        if match is None:
            return
        if match.status not in ("active", "finished", "void"):
            await reply_error(interaction, Text("Match #{id} has not started.", id=match.id))
            return
        if interaction.user.id not in match.players:
            await interaction.response.defer(ephemeral=True, thinking=True)
            content = private(interaction, await self.boards.turn_content(match))
            board = await self.boards.board_file(match, interaction.locale)
            await interaction.followup.send(**outgoing(content, file=board, ephemeral=True))
            return
        await self.boards.post_turn(interaction, match)

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
        await interaction.response.send_message(
            **outgoing(
                private(
                    interaction,
                    Text(
                        "Resign {title} #{id} against {others}? This cannot be undone.",
                        title=match.title,
                        id=match.id,
                        others=others,
                    ),
                ),
                view=view,
                ephemeral=True,
            )
        )

    async def hint(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        """Privately, what the hard level would play in the user's place (against the computer only)."""
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        job = await self.service.hint(match.id, interaction.user.id)
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
    async def move_choices(
        self, interaction: discord.Interaction, game: str, typed: str, match_id: int | None
    ) -> list[str]:
        if match_id is None:
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game)
            mine = [m for m in mine if m.to_move_id() == interaction.user.id]
            if len(mine) > 1:
                # Moves of which match?  Say so where the player looks, instead of an empty list.
                ids = ", ".join(f"#{m.id}" for m in mine)
                return [
                    private(
                        interaction,
                        Text(
                            "Several matches wait for your move here ({ids}): fill in the match option first", ids=ids
                        ),
                    )[:100]
                ]
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
        return await lookup.match_choices(interaction, game, typed)
