"""History, export, time claims, takebacks and draw offers."""
from __future__ import annotations

import io

import discord

from matches import Match, ServiceError

from . import buttons, present

PAGE = 30


def history_page(match: Match, moves, names: dict[int, str], page: int) -> str:
    pages = max(1, -(-len(moves) // PAGE))
    page = min(max(page, 1), pages)
    lines = [f"**{match.title} #{match.id}** · {present.player_line(match)} · move list, page {page}/{pages}"]
    for m in moves[(page - 1) * PAGE: page * PAGE]:
        lines.append(f"`{m.ply + 1:>3}.` {names.get(m.user_id, '?')}: `{m.move}` · {present.timestamp(m.played_at, 'd')}")
    if not moves:
        lines.append("No moves yet.")
    if pages > 1 and page < pages:
        lines.append(f"Next: `/{match.game} history match:{match.id} page:{page + 1}`")
    return "\n".join(lines)


class Around:
    """Mixed into :class:`bot.actions.Actions` (uses its ``service``, ``resolve``, ``_run``)."""

    async def history(self, interaction: discord.Interaction, game: str, match_id: int | None, page: int) -> None:
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "void",
                                                                          "abandoned", "aborted"))
        if match is None:
            return
        moves = await self.service.moves(match.id)
        names = dict(zip(match.players, match.names))
        await interaction.response.send_message(history_page(match, moves, names, page), ephemeral=True)

    async def export(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "void",
                                                                          "abandoned", "aborted"))
        if match is None:
            return
        record = await self.service.record(match.id)
        data = io.BytesIO(record.dumps().encode())
        await interaction.response.send_message(
            f"The record of {match.title} #{match.id} ({len(record.moves)} moves). Replay it with "
            "`python -m engines replay` or draw it with `python -m render`.",
            file=discord.File(data, filename=f"{match.game}-{match.id}.json"), ephemeral=True)

    async def pings(self, interaction: discord.Interaction, game: str, on: bool, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        try:
            await self.service.set_match_pings(match.id, interaction.user.id, on)
        except ServiceError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        text = ("Reminders are on for" if on else "No more reminders (the deadline still counts) for")
        await interaction.response.send_message(f"{text} {match.title} #{match.id}.", ephemeral=True)

    async def claim(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is not None:
            await self._run(interaction, self.service.claim(match.id, interaction.user.id))

    async def offer(self, interaction: discord.Interaction, game: str, kind: str, match_id: int | None) -> None:
        """``draw`` or ``undo``: if the opponent offered the same, this answers it."""
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        standing = match.offer
        if (standing and standing["kind"] == kind and standing["version"] == match.version
                and standing["user"] != interaction.user.id):
            await self._run(interaction, self.service.answer(match.id, interaction.user.id, kind, True))
            return
        try:
            match = await self.service.offer(match.id, interaction.user.id, kind)
        except ServiceError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        me = interaction.user.display_name
        other = next(p for p in match.players if p != interaction.user.id)
        if kind == "draw":
            text = f"{present.mention(other)}, {me} offers a draw in {match.title} #{match.id}."
            view = buttons.view_of(buttons.DrawYesButton(match.id, match.version),
                                   buttons.DrawNoButton(match.id, match.version))
        else:
            text = (f"{present.mention(other)}, {me} asks to take back their last move in "
                    f"{match.title} #{match.id}.")
            view = buttons.view_of(buttons.UndoYesButton(match.id, match.version),
                                   buttons.UndoNoButton(match.id, match.version))
        await interaction.response.send_message(text + " The offer lapses when the position changes.", view=view,
                                                allowed_mentions=discord.AllowedMentions(users=True))
