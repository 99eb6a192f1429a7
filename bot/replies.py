"""Small pieces every part of the Discord layer uses to answer."""
from __future__ import annotations

import discord

from matches import Player

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, getattr(user, "display_name", user.name), user.bot)


PRIVATE_ACK = "acknowledged privately"


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Defer with a private "thinking…": what follows publicly is posted as a message of its own."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras[PRIVATE_ACK] = True


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
