"""``/ladder``: one ranked list per server and game, climbed by challenging the players above."""

from __future__ import annotations

import discord
from discord import app_commands

from ..errors import organisers_only
from ..options import game_choices

GAME_HELP = "Which game's ladder (default: the only one)"


def build_ladder_group(bot) -> app_commands.Group:
    ladders = bot.ladders
    group = app_commands.Group(
        name="ladder", description="The ladder: challenge the players above you", guild_only=True
    )

    @group.command(name="create", description="Organisers: start this server's ladder of a game")
    @app_commands.describe(
        game="The game",
        reach="How many places above one may challenge (default 3)",
        days="Days a challenge waits for its answer before it counts as a loss (default 3)",
        channel="Where the ladder's results are posted (default: here)",
        min_reliability="Least share of finished matches a player played out, in % (default: none)",
    )
    @app_commands.choices(game=game_choices())
    @organisers_only
    async def create(
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        reach: app_commands.Range[int, 1, 10] | None = None,
        days: app_commands.Range[int, 1, 14] | None = None,
        channel: discord.TextChannel | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
    ):
        await ladders.create(
            interaction, game.value, reach=reach, days=days, channel=channel, min_reliability=min_reliability
        )

    @group.command(name="join", description="Join the ladder at the bottom")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    async def join(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await ladders.join(interaction, game.value if game else None)

    @group.command(name="challenge", description="Challenge a player up to a few places above you")
    @app_commands.describe(member="Whom to challenge", game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    async def challenge(
        interaction: discord.Interaction, member: discord.Member, game: app_commands.Choice[str] | None = None
    ):
        await ladders.challenge(interaction, member, game.value if game else None)

    @group.command(name="show", description="The ladder, privately, your place marked")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    async def show(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await ladders.show(interaction, game.value if game else None)

    return group
