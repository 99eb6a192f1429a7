"""``/<game> conditional``: store a line of replies to the opponent's next moves, or list one's
lines privately with a Remove button each (the service stores, checks and plays them)."""

from __future__ import annotations

import discord

from engines import Joined, Text
from matches import Match, ServiceError
from matches.conditional import ConditionalLine

from ..locales import say
from ..persistent import PREFIX, Persistent
from ..replies import edit_clicked, outgoing, private


class RemoveLineButton(
    Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:cond-drop:(?P<id>[0-9]+):(?P<v>[0-9]+)"
):
    """Removes one stored line; its id is in the custom id, so the button outlives a restart."""

    def __init__(self, match_id: int, line_id: int, label: str = "Remove"):
        self.match_id, self.line_id = match_id, line_id
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.danger, custom_id=f"{PREFIX}:cond-drop:{match_id}:{line_id}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        await interaction.client.actions.remove_conditional(interaction, self.match_id, self.line_id)


def listing(match: Match, lines: list[ConditionalLine]) -> Text:
    if not lines:
        return Text(
            "You have no conditional moves stored in match #{id}. Store a line with `/{game} conditional "
            "moves: their move; your reply`.",
            id=match.id,
            game=match.game,
        )
    rows = [f"{number}. {'; '.join(line.moves)}" for number, line in enumerate(lines, start=1)]
    return Text(
        "Your conditional moves in match #{id} (your opponent does not see them):\n{lines}",
        id=match.id,
        lines=Joined(rows, "\n"),
    )


def removal_view(interaction: discord.Interaction, match: Match, lines: list[ConditionalLine]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for number, line in enumerate(lines, start=1):
        view.add_item(
            RemoveLineButton(
                match.id, line.id, say(Text("Remove {number}", number=number), interaction.locale, escaped=False)
            )
        )
    return view


class ConditionalMoves:
    async def conditional(
        self, interaction: discord.Interaction, game: str, moves: str | None, match_id: int | None
    ) -> None:
        user = interaction.user.id
        match = await self._waiting_on_others(interaction, game) if match_id is None else None
        match = match or await self.resolve(interaction, game, match_id)
        if match is None:
            return
        if moves is not None:
            line = await self.service.add_conditional(match.id, user, moves)
            said = Text(
                "Stored for match #{id}: {line}. Your opponent does not see it.", id=match.id, line="; ".join(line)
            )
            await interaction.response.send_message(**outgoing(private(interaction, said), ephemeral=True))
            return
        lines = await self.service.conditional_lines(match.id, user)
        extra = {"view": removal_view(interaction, match, lines)} if lines else {}
        await interaction.response.send_message(
            **outgoing(private(interaction, listing(match, lines)), ephemeral=True, **extra)
        )

    async def _waiting_on_others(self, interaction: discord.Interaction, game: str) -> Match | None:
        """Of the user's several matches here, the only one where another player is to move (lines
        answer the opponent's moves); None if there is no such single match."""
        try:
            mine = await self.service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game)
        except ServiceError:
            return None
        others = [m for m in mine if m.to_move_id() != interaction.user.id]
        return others[0] if len(mine) > 1 and len(others) == 1 else None

    async def remove_conditional(self, interaction: discord.Interaction, match_id: int, line_id: int) -> None:
        user = interaction.user.id
        removed = await self.service.remove_conditional(match_id, user, line_id)
        match = await self.service.get(match_id)
        lines = await self.service.conditional_lines(match_id, user)
        said = listing(match, lines)
        if not removed:
            said = Text("That line was no longer stored (played or dropped). {rest}", rest=said)
        await edit_clicked(interaction, content=said, view=removal_view(interaction, match, lines) if lines else None)
