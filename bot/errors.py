"""One place where a refusal becomes the private reply.

Handlers raise: the match service's :class:`~matches.errors.ServiceError` (any of its kinds)
or a :class:`Refused` of the bot's own (an organiser's command by someone else).  The command
tree's ``on_error`` and every persistent item's click (:mod:`bot.persistent`) answer it the
same way: privately, in the user's language, whether or not the interaction was answered
already.  Nothing changed, so nothing else is said.
"""
from __future__ import annotations

import discord
from discord import app_commands

from engines import Text
from matches import ServiceError

from .replies import reply_error

NOT_ORGANISER = Text("Only members with the Manage Server or Manage Events permission can do this.")


class Refused(app_commands.CheckFailure):
    """A request the bot itself turns down (the service was not asked); ``text`` says why."""

    def __init__(self, text: Text):
        super().__init__(text)
        self.text = text


def organiser(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.manage_events)


def _organisers(interaction: discord.Interaction) -> bool:
    if not organiser(interaction):
        raise Refused(NOT_ORGANISER)
    return True


# On a command: only organisers may run it; anyone else gets NOT_ORGANISER privately.
organisers_only = app_commands.check(_organisers)


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


class GameTree(app_commands.CommandTree):
    """The bot's command tree: every command's refusal is answered here."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if not await answer(interaction, error):
            await super().on_error(interaction, error)
