"""``/atacama challenge``: two or four players, basic or build-up, tactics."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from .clocks import DESCRIBED, Bank, Clock, Increment, clock_of
from .common import DAYS, LEVEL_HELP, Level


def add_challenge(group: app_commands.Group, actions) -> None:
    @group.command(name="challenge", description="Challenge one member (or three, for four players) to Atacama")
    @app_commands.describe(opponent="Who you want to play", opponent2="Second opponent (four players need three)",
                           opponent3="Third opponent", variant="basic board, or the build-up game (2 players)",
                           tactics="Play with other-colour towers that score double",
                           first="Who makes the first move (default: random)",
                           days="Time per move (default: the server's, usually 3 days)", level=LEVEL_HELP,
                           **DESCRIBED)
    @app_commands.choices(days=DAYS)
    async def challenge(interaction: discord.Interaction, opponent: discord.Member,
                        opponent2: discord.Member | None = None, opponent3: discord.Member | None = None,
                        variant: Literal["basic", "buildup"] = "basic", tactics: bool = False,
                        first: Literal["me", "opponent", "random"] = "random",
                        days: app_commands.Choice[int] | None = None, level: Level = "medium",
                        clock: Clock = "move", bank: Bank | None = None, increment: Increment | None = None):
        opponents = [o for o in (opponent, opponent2, opponent3) if o is not None]
        await actions.challenge(interaction, "atacama", opponents,
                                options={"buildup": variant == "buildup", "tactics": tactics},
                                first=first, days=days.value if days else None, level=level,
                                **clock_of(clock, bank, increment))
