"""``/practice``: privately, a position from your own reviewed matches where you played a mistake
or a blunder; find a better move (:mod:`matches.practice` decides and schedules everything)."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text, Verbatim, get_game
from engines.record import replay
from matches.practice import PracticePosition
from render import render_png

from ..locales import say
from ..messages import present
from ..replies import outgoing, private, reply_error

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
LABEL_WORDS = {"mistake": Text("a mistake"), "blunder": Text("a blunder")}


def position_png(position: PracticePosition, locale) -> bytes:
    """The board before the move, as the match's boards showed it to everyone (drawn in a worker thread)."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    return render_png(replay(position.record, position.item.ply), present.said_names(position.match, sayer), say=sayer)


class Practising:
    def __init__(self, bot: GameBot):
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    async def position(self, interaction: discord.Interaction, game: str | None) -> None:
        position = await self.service.practice_position(interaction.user.id, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        item, match = position.item, position.match
        png = await asyncio.to_thread(position_png, position, interaction.locale)
        lines = [
            Text(
                "🎯 {title} #{id}, move {number}: you played {move}, {label}. Find a better move with "
                "`/practice answer`.",
                title=match.title,
                id=match.id,
                number=item.ply + 1,
                move=Verbatim(f"`{item.played}`"),
                label=LABEL_WORDS[item.label],
            ),
            Text("`/practice hint` gives a hint; after two wrong answers you see the answer."),
        ]
        if position.tries:
            lines.append(Text("You have answered once already."))
        await interaction.followup.send(
            **outgoing(
                private(interaction, Joined(lines, "\n")),
                ephemeral=True,
                file=discord.File(io.BytesIO(png), filename="practice.png"),
            )
        )

    async def hint(self, interaction: discord.Interaction) -> None:
        item = await self.service.practice_hint(interaction.user.id)
        await interaction.response.send_message(
            **outgoing(
                private(interaction, Text("💡 The better move begins with {start}.", start=Verbatim(f"`{item.hint}`"))),
                ephemeral=True,
            )
        )

    async def answer(self, interaction: discord.Interaction, move: str) -> None:
        # a move other than the best and the played one is searched: about half a second
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.practice_answer(interaction.user.id, move)
        item = result.item
        back = Text("It comes back {soon}.", soon=present.timestamp(result.due_at, "R")) if result.due_at else None
        if result.right:
            text = (
                Text(
                    "✅ {move} is right: the review's best was {best}.",
                    move=Verbatim(f"`{result.move}`"),
                    best=Verbatim(f"`{item.best}`"),
                )
                if result.move != item.best
                else Text("✅ {move} is right: it is the review's best move.", move=Verbatim(f"`{result.move}`"))
            )
        elif result.over:
            text = Text(
                "❌ {move} is not better. The review's best move was {best}.",
                move=Verbatim(f"`{result.move}`"),
                best=Verbatim(f"`{item.best}`"),
            )
        else:
            text = Text(
                "❌ {move} is not better; one more try (`/practice hint` helps).", move=Verbatim(f"`{result.move}`")
            )
        await interaction.followup.send(
            **outgoing(private(interaction, Joined([t for t in (text, back) if t], " ")), ephemeral=True)
        )

    async def moves(self, interaction: discord.Interaction, typed: str) -> list[str]:
        typed = typed.strip().lower()
        return [m for m in await self.service.practice_legal_moves(interaction.user.id) if m.lower().startswith(typed)][
            :25
        ]

    async def stats(self, interaction: discord.Interaction) -> None:
        stats = await self.service.practice_stats(interaction.user.id)
        if not stats.positions:
            await reply_error(
                interaction,
                Text(
                    "No practice positions yet: they come from the mistakes and "
                    "blunders in the reviews of your finished matches (the Review "
                    "button under a final board)."
                ),
            )
            return
        lines = [
            Text(
                "🎯 {count} practice positions, {due} due now; solved {solved} times, missed {missed}.",
                count=stats.positions,
                due=stats.due,
                solved=stats.solved,
                missed=stats.missed,
            )
        ]
        lines += [Text("{title}: {count}", title=get_game(g).title, count=n) for g, n in stats.by_game.items()]
        if stats.next_due and not stats.due:
            lines.append(Text("The next one is due {soon}.", soon=present.timestamp(stats.next_due, "R")))
        await interaction.response.send_message(**outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True))
