"""``/architekton challenge``."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from .clocks import DESCRIBED, Bank, Clock, Increment, clock_of
from .common import DAYS, LEVEL_HELP, Level


def add_challenge(group: app_commands.Group, actions) -> None:
    @group.command(name="challenge", description="Challenge a member to a match of Architekton")
    @app_commands.describe(opponent="Who you want to play", first="Who makes the first move (default: random)",
                           days="Time per move (default: the server's, usually 3 days)", level=LEVEL_HELP,
                           **DESCRIBED)
    @app_commands.choices(days=DAYS)
    async def challenge(interaction: discord.Interaction, opponent: discord.Member,
                        first: Literal["me", "opponent", "random"] = "random",
                        days: app_commands.Choice[int] | None = None, level: Level = "medium",
                        clock: Clock = "move", bank: Bank | None = None, increment: Increment | None = None):
        await actions.challenge(interaction, "architekton", [opponent], first=first,
                                days=days.value if days else None, level=level,
                                **clock_of(clock, bank, increment))
