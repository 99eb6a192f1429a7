"""``/tactori challenge`` (2-4 players) and ``/tactori-fem challenge`` (2 players)."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from .clocks import DESCRIBED, Bank, Clock, Increment, clock_of
from .common import DAYS, LEVEL_HELP, Level

CENTRE = {"off": 0, "1": 1, "2": 2}


def add_tactori_challenge(group: app_commands.Group, actions) -> None:
    @group.command(name="challenge", description="Challenge one to three members to Tactori (9x9)")
    @app_commands.describe(opponent="Who you want to play", opponent2="A second opponent", opponent3="A third opponent",
                           chase="Moving stacks may chase other towers off", centre="Centre variation (off, 1 or 2)",
                           first="Who makes the first move (default: random)",
                           days="Time per move (default: the server's, usually 3 days)", level=LEVEL_HELP,
                           **DESCRIBED)
    @app_commands.choices(days=DAYS)
    async def challenge(interaction: discord.Interaction, opponent: discord.Member,
                        opponent2: discord.Member | None = None, opponent3: discord.Member | None = None,
                        chase: bool = False, centre: Literal["off", "1", "2"] = "off",
                        first: Literal["me", "opponent", "random"] = "random",
                        days: app_commands.Choice[int] | None = None, level: Level = "medium",
                        clock: Clock = "move", bank: Bank | None = None, increment: Increment | None = None):
        opponents = [o for o in (opponent, opponent2, opponent3) if o is not None]
        await actions.challenge(interaction, "tactori", opponents,
                                options={"chase": chase, "centre": CENTRE[centre]},
                                first=first, days=days.value if days else None, level=level,
                                **clock_of(clock, bank, increment))


def add_fem_challenge(group: app_commands.Group, actions) -> None:
    @group.command(name="challenge", description="Challenge a member to Tactori FEM (5x5, first polygon wins)")
    @app_commands.describe(opponent="Who you want to play", stacks="Stacks of own towers may move together",
                           chase="Moving stacks may chase other towers off",
                           first="Who makes the first move (default: random)",
                           days="Time per move (default: the server's, usually 3 days)", level=LEVEL_HELP,
                           **DESCRIBED)
    @app_commands.choices(days=DAYS)
    async def challenge(interaction: discord.Interaction, opponent: discord.Member, stacks: bool = False,
                        chase: bool = False, first: Literal["me", "opponent", "random"] = "random",
                        days: app_commands.Choice[int] | None = None, level: Level = "medium",
                        clock: Clock = "move", bank: Bank | None = None, increment: Increment | None = None):
        await actions.challenge(interaction, "tactori-fem", [opponent], options={"stacks": stacks, "chase": chase},
                                first=first, days=days.value if days else None, level=level,
                                **clock_of(clock, bank, increment))
