"""Small pieces every part of the Discord layer uses to answer."""
from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, TypeVar

import discord

from matches import Player

from .locales import say

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, getattr(user, "display_name", user.name), user.bot)


PRIVATE_ACK = "acknowledged privately"
SLOW_CALL = 1.5   # seconds; Discord drops an interaction not answered within 3
T = TypeVar("T")


async def in_time(interaction: discord.Interaction, call: Awaitable[T],
                  acknowledge: Callable[[discord.Interaction], Awaitable[None]]) -> T:
    """Await ``call``; should it take longer than SLOW_CALL, ``acknowledge`` the interaction
    meanwhile.  Answering after the call (it normally takes milliseconds) keeps a refusal
    private with nothing public before it."""
    task = asyncio.ensure_future(call)
    done, _ = await asyncio.wait({task}, timeout=SLOW_CALL)
    if not done and not interaction.response.is_done():
        await acknowledge(interaction)
    return await task


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Defer with a private "thinking…": what follows publicly is posted as a message of its own."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[PRIVATE_ACK] = True


async def acknowledge_quietly(interaction: discord.Interaction) -> None:
    """For a click: acknowledged without a message; the clicked message is edited later."""
    await interaction.response.defer()


def server_locale(bot: discord.Client, guild_id: int | None):
    """The language of a server: the one its admins chose for the bot (``/admin settings``),
    else the server's own Discord language; None (English) when unknown."""
    chosen = getattr(bot, "languages", {}).get(guild_id)
    if chosen:
        return chosen
    guild = bot.get_guild(guild_id) if guild_id else None
    return guild.preferred_locale if guild is not None else None


def public_locale(interaction: discord.Interaction):
    """The language of what everyone in the channel reads: the server's (the user's in a DM).

    The same as the scheduler's messages use, so a channel reads one language."""
    if interaction.guild_id is not None:
        return server_locale(interaction.client, interaction.guild_id) or interaction.guild_locale
    return interaction.locale


def private(interaction: discord.Interaction, text) -> str:
    """``text`` for the eyes of the user who interacted, in their Discord language."""
    return say(text, interaction.locale)


def public(interaction: discord.Interaction, text) -> str:
    """``text`` for everyone in the channel, in the server's language."""
    return say(text, public_locale(interaction))


async def edit_clicked(interaction: discord.Interaction, **fields) -> None:
    """Change the message whose button was clicked, whether or not the click was acknowledged already.

    A new ``content`` is said in the language of whoever reads that message."""
    if fields.get("content") is not None:
        ephemeral = interaction.message is not None and interaction.message.flags.ephemeral
        fields["content"] = (private if ephemeral else public)(interaction, fields["content"])
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


async def reply_error(interaction: discord.Interaction, message) -> None:
    """A private answer (a Text, said in the user's language), whether or not the interaction was answered already."""
    message = private(interaction, message)
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
