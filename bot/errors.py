"""One place where a refusal becomes the private reply.

Handlers raise: the match service's :class:`~matches.errors.ServiceError` (any of its kinds)
or a :class:`Refused` of the bot's own (an organiser's command by someone else).  The command
tree (:class:`GameTree`: around every command it is given) and every persistent item's click
(:mod:`bot.persistent`) answer it the same way: privately, in the user's language, whether or
not the interaction was answered already.  Nothing changed, so nothing else is said.

A refusal is answered before it could reach the tree's ``on_error``, which is for faults alone
(the tests' SimCord counts whatever reaches it as the bot's error).
"""

from __future__ import annotations

import functools

import discord
from discord import app_commands

from engines import Text
from matches import ServiceError

from .replies import reply_error

NOT_ORGANISER = Text("Only members with the Manage Server or Manage Events permission can do this.")


class Refused(Exception):
    """A request the bot itself turns down (the service was not asked); ``text`` says why."""

    def __init__(self, text: Text):
        super().__init__(text)
        self.text = text


def organiser(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.manage_events)


def organisers_only(callback):
    """On a command's function (below ``@group.command``): only organisers may run it; anyone
    else is told so privately, and the command does nothing."""
    callback.__organisers_only__ = True
    return callback


def refusal(error: BaseException) -> Text | str | None:
    """What to tell the user for ``error``, if it is a refusal; None for a fault."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, (ServiceError, Refused)):
        return error.text
    return None


async def answer(interaction: discord.Interaction, error: BaseException) -> bool:
    """Answer a refusal privately; False (nothing said) for any other error."""
    text = refusal(error)
    if text is None:
        return False
    await reply_error(interaction, text)
    return True


def _answering(callback):
    """``callback`` with its refusals answered (and the organisers' guard, if it has one)."""
    guarded = getattr(callback, "__organisers_only__", False)

    @functools.wraps(callback)
    async def answered(*args, **kwargs):
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        try:
            if guarded and not organiser(interaction):
                raise Refused(NOT_ORGANISER)
            return await callback(*args, **kwargs)
        except (ServiceError, Refused) as exc:
            await reply_error(interaction, exc.text)

    return answered


class GameTree(app_commands.CommandTree):
    """The bot's command tree: every command's refusal is answered in one place."""

    def add_command(self, command, /, **kwargs) -> None:
        commands = command.walk_commands() if isinstance(command, app_commands.Group) else [command]
        for each in commands:
            if isinstance(each, (app_commands.Command, app_commands.ContextMenu)):
                # discord.py calls ``_callback`` with the parsed options; the options were read
                # from the function already, so the wrapper changes nothing else.
                each._callback = _answering(each._callback)
        return super().add_command(command, **kwargs)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if not await answer(interaction, error):
            await super().on_error(interaction, error)
