"""``/architekton challenge``."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands


def add_challenge(group: app_commands.Group, actions) -> None:
    @group.command(name="challenge", description="Challenge a member to a match of Architekton")
    @app_commands.describe(opponent="Who you want to play", first="Who makes the first move (default: random)")
    async def challenge(interaction: discord.Interaction, opponent: discord.Member,
                        first: Literal["me", "opponent", "random"] = "random"):
        await actions.challenge(interaction, "architekton", [opponent], first=first)
