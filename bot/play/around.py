"""History, export, time claims, takebacks and draw offers."""

from __future__ import annotations

import io

import discord

from engines import Joined, Text, Verbatim
from matches import Match

from ..messages import present
from ..messages.mentions import shown
from ..replies import outgoing, private, public, public_locale
from . import buttons

PAGE = 30


def history_page(match: Match, moves, names: dict[int, str], page: int) -> Text:
    pages = max(1, -(-len(moves) // PAGE))
    page = min(max(page, 1), pages)
    lines: list = [
        Text(
            "**{title} #{id}** · {players} · move list, page {page}/{pages}",
            title=match.title,
            id=match.id,
            players=present.player_line(match),
            page=page,
            pages=pages,
        )
    ]
    if moves:
        # Looking back without leaving Discord: any position privately, or the whole match animated.
        # Second line, so that cutting a long page to Discord's 2000 characters never loses it.
        board = Verbatim(f"`/{match.game} board match:{match.id} ply:{moves[-1].ply + 1}`")
        replay = Verbatim(f"`/{match.game} replay match:{match.id}`")
        lines.append(
            Text(
                "The board after any move: {board} (ply = the move's number) · the whole match: {replay}",
                board=board,
                replay=replay,
            )
        )
    for m in moves[(page - 1) * PAGE : page * PAGE]:
        name = names.get(m.user_id, "?")
        who = name if isinstance(name, Text) else shown(name)  # the computer's name is said, a person's escaped
        lines.append(
            Joined(
                [
                    Verbatim(f"`{m.ply + 1:>3}.` "),
                    who,
                    Verbatim(f": `{m.move}` · {present.timestamp(m.played_at, 'd')}"),
                ],
                "",
            )
        )
    if not moves:
        lines.append(Text("No moves yet."))
    if pages > 1 and page < pages:
        command = Verbatim(f"`/{match.game} history match:{match.id} page:{page + 1}`")
        lines.append(Text("Next: {command}", command=command))
    return Joined(lines, "\n")


class Around:
    """Mixed into :class:`bot.play.actions.Actions` (uses its ``service``, ``resolve``, ``_run``)."""

    async def history(self, interaction: discord.Interaction, game: str, match_id: int | None, page: int) -> None:
        match = await self.resolve(
            interaction, game, match_id, statuses=("active", "finished", "void", "abandoned", "aborted")
        )
        if match is None:
            return
        moves = await self.service.moves(match.id)
        names = dict(zip(match.players, match.names))
        page_text = private(interaction, history_page(match, moves, names, page))
        await interaction.response.send_message(**outgoing(page_text, ephemeral=True))

    async def export(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(
            interaction, game, match_id, statuses=("active", "finished", "void", "abandoned", "aborted")
        )
        if match is None:
            return
        record = await self.service.record(match.id)  # refused if its moves do not replay: that match alone
        data = io.BytesIO(record.dumps().encode())
        await interaction.response.send_message(
            **outgoing(
                private(
                    interaction,
                    Text(
                        "The record of {title} #{id} ({moves}). Replay it with "
                        "`python -m engines replay` or draw it with `python -m render`.",
                        title=match.title,
                        id=match.id,
                        moves=present.moves(len(record.moves)),
                    ),
                ),
                file=discord.File(data, filename=f"{match.game}-{match.id}.json"),
                ephemeral=True,
            )
        )

    async def pings(self, interaction: discord.Interaction, game: str, on: bool, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        await self.service.set_match_pings(match.id, interaction.user.id, on)
        text = (
            Text("Reminders are on for {title} #{id}.", title=match.title, id=match.id)
            if on
            else Text(
                "No more reminders (the deadline still counts) for {title} #{id}.", title=match.title, id=match.id
            )
        )
        await interaction.response.send_message(**outgoing(private(interaction, text), ephemeral=True))

    async def claim(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id)
        if match is not None:
            await self._run(interaction, self.service.claim(match.id, interaction.user.id))

    async def offer(self, interaction: discord.Interaction, game: str, kind: str, match_id: int | None) -> None:
        """``draw`` or ``undo``: if the opponent offered the same, this answers it."""
        match = await self.resolve(interaction, game, match_id)
        if match is None:
            return
        if kind == "undo" and self.service.has_computer(match):
            # The computer grants a takeback at once (the service checks the rest).
            await self._run(interaction, self.service.take_back(match.id, interaction.user.id))
            return
        standing = match.offer
        if (
            standing
            and standing["kind"] == kind
            and standing["version"] == match.version
            and standing["user"] != interaction.user.id
        ):
            await self._run(interaction, self.service.answer(match.id, interaction.user.id, kind, True))
            return
        match = await self.service.offer(match.id, interaction.user.id, kind)
        asked = next(p for p in match.players if p != interaction.user.id)
        fields = dict(player=present.mention(asked), me=interaction.user.display_name, title=match.title, id=match.id)
        locale = public_locale(interaction)
        if kind == "draw":
            text = Text("{player}, {me} offers a draw in {title} #{id}.", **fields)
            view = buttons.view_of(
                buttons.DrawYesButton(match.id, match.version),
                buttons.DrawNoButton(match.id, match.version),
                locale=locale,
            )
        else:
            text = Text("{player}, {me} asks to take back their last move in {title} #{id}.", **fields)
            view = buttons.view_of(
                buttons.UndoYesButton(match.id, match.version),
                buttons.UndoNoButton(match.id, match.version),
                locale=locale,
            )
        lapses = Text("The offer lapses when the position changes.")
        await interaction.response.send_message(
            **outgoing(public(interaction, Joined([text, lapses], " ")), view=view, notify=[asked])
        )
