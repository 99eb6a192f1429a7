"""Choosing a move with select menus instead of typing it (ux-notes: "Entering moves").

The public board carries a "Choose a move" button.  The player to move gets a
private (ephemeral) menu, narrows it step by step and confirms, because
misclicks on phones are common.  Every step is a ``DynamicItem`` whose
custom_id holds the match id and the position's version (plus the prefix or
the move), so the steps survive a restart and are refused once the position
has changed.  No rules here: the menus come from ``bot.play.menus`` over the
engine's legal moves, and the move goes through the match service exactly
like ``/<game> move``.
"""

from __future__ import annotations

import logging

import discord

from engines import Joined, Text, Verbatim
from matches import Match

from ..errors import Refused
from ..locales import say
from ..persistent import PREFIX, Persistent, view_of
from ..replies import acknowledge_quietly, edit_clicked, in_time, outgoing
from . import menus

log = logging.getLogger(__name__)
MATCH = r"(?P<id>[0-9]+):(?P<v>[0-9]+)"
BUTTON_LABEL_MAX = 80


async def _match_for_mover(interaction: discord.Interaction, match_id: int, version: int) -> Match:
    """The match if the clicking user is to move in exactly the position the
    item was made for; otherwise a refusal saying why not (answered privately)."""
    match = await interaction.client.service.get(match_id)
    user = interaction.user.id
    mover = match.to_move_id() if match.status == "active" else None
    if mover is None:
        why = Text("Match #{id} is no longer running; there is nothing to play.", id=match.id)
    elif user not in match.players:
        why = Text("You are not playing in match #{id}.", id=match.id)
    elif user != mover:
        why = Text("It is {name}'s turn.", name=match.name_of(mover))
    elif version != match.version:
        why = Text(
            "The position of match #{id} has changed since this was shown. Use the newest board "
            "(`/{game} board` posts it again).",
            id=match.id,
            game=match.game,
        )
    else:
        return match
    raise Refused(why)


def menu_message(match: Match, prefix: str, locale) -> dict:
    """Content and view of the private menu (in the language of ``locale``): the next choice after ``prefix``."""
    menu = menus.menu(match.position.legal_moves(), prefix, match.game)
    start_over = [StartOverButton(match.id, match.version, "")] if prefix else []
    if not menu.options:
        return {
            "content": say(Text("No legal move starts with `{prefix}` any more.", prefix=Verbatim(prefix)), locale),
            "view": view_of(*start_over, locale=locale),
        }
    fields = dict(title=match.title, id=match.id, prefix=Verbatim(menu.prefix))
    content = (
        Text(
            "**{title} #{id}**: choose your move starting with `{prefix}`. Nothing is played until you confirm.",
            **fields,
        )
        if menu.prefix
        else Text("**{title} #{id}**: choose your move. Nothing is played until you confirm.", **fields)
    )
    return {
        "content": say(content, locale),
        "view": view_of(MoveSelect(match.id, match.version, prefix, menu, locale), *start_over, locale=locale),
    }


def confirm_message(match: Match, move: str, came_from: str, locale) -> dict:
    """Ask before playing ``move``; ``came_from`` is the prefix of the menu it was picked in."""
    preview = match.state()
    try:
        words = preview.describe(preview.play(move), match.names)
    except ValueError as exc:  # an engine MoveError: the move was never offered in this position
        return {
            "content": say(Text("{move} cannot be played: {reason}.", move=move, reason=exc.text), locale),
            "view": view_of(StartOverButton(match.id, match.version, ""), locale=locale),
        }
    back = [BackButton(match.id, match.version, came_from)]
    if came_from:
        back.append(StartOverButton(match.id, match.version, ""))
    return {
        "content": say(Joined([Text("Play **{move}**?", move=move), words], "\n"), locale),
        "view": view_of(PlayButton(match.id, match.version, move), *back, locale=locale),
    }


class ChooseMoveButton(Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:choose:{MATCH}"):
    """On the public board: opens the private menu for the player to move."""

    label = Text("Choose a move")

    def __init__(self, match_id: int, version: int):
        self.match_id, self.version = match_id, version
        super().__init__(
            discord.ui.Button(
                label=self.label, style=discord.ButtonStyle.primary, custom_id=f"{PREFIX}:choose:{match_id}:{version}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        match = await _match_for_mover(interaction, self.match_id, self.version)
        await interaction.response.send_message(
            **outgoing(ephemeral=True, **menu_message(match, "", interaction.locale))
        )


class MoveSelect(
    Persistent, discord.ui.DynamicItem[discord.ui.Select], template=rf"{PREFIX}:pick:{MATCH}:(?P<prefix>.*)"
):
    """One step of the menu: picking a group shows the next step, picking a move asks to confirm."""

    def __init__(self, match_id: int, version: int, prefix: str, menu: menus.Menu | None = None, locale=None):
        self.match_id, self.version, self.prefix = match_id, version, prefix
        # Rebuilt from a custom_id only to handle a pick: the options then come with the interaction.
        options = (
            [
                discord.SelectOption(label=say(o.label, locale, escaped=False)[: menus.LABEL_MAX], value=o.value)
                for o in menu.options
            ]
            if menu
            else []
        )
        placeholder = f"{menu.prefix}…" if menu and menu.prefix else say(Text("Choose a move…"), locale, escaped=False)
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:pick:{match_id}:{version}:{prefix}", placeholder=placeholder, options=options
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]), match["prefix"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        match = await _match_for_mover(interaction, self.match_id, self.version)
        [value] = self.item.values
        if value.endswith(menus.MORE):
            await interaction.response.edit_message(
                **outgoing(**menu_message(match, value.removesuffix(menus.MORE), interaction.locale))
            )
        else:
            await interaction.response.edit_message(
                **outgoing(**confirm_message(match, value, self.prefix, interaction.locale))
            )


class _MenuButton(Persistent):
    """Mixin: a button on the private menu that shows the menu at ``prefix`` again."""

    label: Text
    action = ""

    def __init__(self, match_id: int, version: int, prefix: str):
        self.match_id, self.version, self.prefix = match_id, version, prefix
        super().__init__(
            discord.ui.Button(
                label=self.label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:{self.action}:{match_id}:{version}:{prefix}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]), match["prefix"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        match = await _match_for_mover(interaction, self.match_id, self.version)
        await interaction.response.edit_message(**outgoing(**menu_message(match, self.prefix, interaction.locale)))


class BackButton(
    _MenuButton, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:back:{MATCH}:(?P<prefix>.*)"
):
    label, action = Text("Back"), "back"


class StartOverButton(
    _MenuButton, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:restart:{MATCH}:(?P<prefix>.*)"
):
    label, action = Text("Start over"), "restart"


class PlayButton(
    Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:play:{MATCH}:(?P<move>.+)"
):
    """The confirmation: plays the move through the service (which refuses a
    changed position, so a double click counts once) and posts the board."""

    def __init__(self, match_id: int, version: int, move: str):
        self.match_id, self.version, self.move = match_id, version, move
        self.label = Text("Play {move}", move=move)
        super().__init__(
            discord.ui.Button(
                label=self.label[:BUTTON_LABEL_MAX],
                style=discord.ButtonStyle.success,
                custom_id=f"{PREFIX}:play:{match_id}:{version}:{move}",
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]), match["move"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        result = await in_time(
            interaction,
            bot.service.move(self.match_id, interaction.user.id, self.move, expected_version=self.version),
            acknowledge_quietly,
        )
        try:
            await edit_clicked(interaction, content=Text("You played **{move}**.", move=result.move), view=None)
        except discord.HTTPException as exc:
            # The move counted: the others must still see the board, so go on.
            log.info("could not close the menu of match %s: %s", self.match_id, exc)
        await bot.boards.post_move(interaction, result)


ALL = (ChooseMoveButton, MoveSelect, BackButton, StartOverButton, PlayButton)
