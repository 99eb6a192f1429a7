"""For a player with many matches: ``/next`` (the board of the match whose deadline is nearest,
with a Next button to step on) and private notes per match (``/<game> note``).

A note is its author's alone: shown only in his private views (``/next``, ``/<game> note``, the
private ``/<game> board ply:``), never posted, never in an export (the record file replays
anywhere and is made to be shared, so the author's own export leaves it out too).
"""

from __future__ import annotations

import discord

from engines import Joined, Text

from .. import lookup
from ..locales import say
from ..messages import present
from ..messages.lines import note_line
from ..persistent import PREFIX, Persistent
from ..replies import outgoing, private, reply_error


class NextButton(Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:next:(?P<id>[0-9]+)"):
    """Private: the match after the one shown (by deadline; 0: the first), round and round."""

    label = Text("Next")

    def __init__(self, after: int, locale=None):
        self.after = after
        super().__init__(
            discord.ui.Button(
                label=say(self.label, locale, escaped=False)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:next:{after}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        await show_next(interaction.client, interaction, self.after)


async def show_next(bot, interaction: discord.Interaction, after: int = 0) -> None:
    """Privately, the board of the match waiting for the user whose deadline is nearest (after
    ``after``, the match shown before: the following one, the first again after the last)."""
    user = interaction.user.id
    waiting = await bot.service.waiting_for(user)
    if not waiting:
        nothing = Text("Nothing is waiting for you: it is nobody's turn but your opponents'.")
        if interaction.type == discord.InteractionType.component and after:
            # Stepping on from a board: the message says so, in place of the board.
            await interaction.response.edit_message(
                **outgoing(private(interaction, nothing), view=None, attachments=[])
            )
        else:
            await reply_error(interaction, nothing)
        return
    ids = [m.id for m in waiting]
    position = (ids.index(after) + 1) % len(ids) if after in ids else 0
    match = waiting[position]
    # From a Next button the private message steps on in place; from a command it is a new one.
    stepping = interaction.type == discord.InteractionType.component
    if stepping:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    boards = bot.boards
    lines = [
        Text("{position} of {count} waiting for you", position=position + 1, count=len(waiting)),
        await boards.turn_content(match),
    ]
    if match.deadline:
        lines.append(Text("Time left: {deadline}", deadline=present.timestamp(match.deadline)))
    if note := note_line(await bot.service.note(match.id, user)):
        lines.append(note)
    view = boards.board_view(match, interaction.locale) or discord.ui.View(timeout=None)
    view.add_item(NextButton(match.id, interaction.locale))
    content, file = private(interaction, Joined(lines, "\n")), await boards.board_file(match, interaction.locale)
    if stepping:
        await interaction.edit_original_response(**outgoing(content, view=view, attachments=[file]))
    else:
        await interaction.followup.send(**outgoing(content, view=view, ephemeral=True, file=file))


async def note(bot, interaction: discord.Interaction, game: str, text: str | None, match_id: int | None) -> None:
    """``/<game> note``: keep (or, without text, show) the user's private note on a match."""
    match = await lookup.resolve(interaction, game, match_id, statuses=("active", "finished", "void"))
    if match is None:
        return
    user = interaction.user.id
    if user not in match.players:
        await reply_error(interaction, Text("You are not playing in match #{id}.", id=match.id))
        return
    if text is not None:
        await bot.service.set_note(match.id, user, text)
        said = Text(
            "Noted privately for {title} #{id}: only you ever see it, and the match's record "
            "(`/{game} export`) never holds it, not even yours.",
            title=match.title,
            id=match.id,
            game=game,
        )
    else:
        kept = await bot.service.note(match.id, user)
        said = note_line(kept) or Text(
            "You have no note on {title} #{id}. Write one with `/{game} note text:`.",
            title=match.title,
            id=match.id,
            game=game,
        )
    await interaction.response.send_message(**outgoing(private(interaction, said), ephemeral=True))
