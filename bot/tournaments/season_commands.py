"""``/season``: a league in divisions that plays all year, with promotion and relegation."""

from __future__ import annotations

import discord
from discord import app_commands

from ..errors import organisers_only
from ..options import Level, game_choices

GAME_HELP = "Which game's seasons (default: the only ones that fit)"


def build_season_group(bot) -> app_commands.Group:
    seasons = bot.seasons
    group = app_commands.Group(
        name="season", description="Seasons: a league in divisions that plays all year", guild_only=True
    )

    @group.command(name="create", description="Organisers: set up seasons with promotion and relegation")
    @app_commands.describe(
        game="The game",
        name="The seasons' name",
        divisions="The most divisions (default: as many as the players fill)",
        size="Players a division (default 6)",
        days="How long a season lasts (default 30)",
        promote="How many of each division move up (default: a quarter)",
        relegate="How many of each division move down (default: as many as move up)",
        signup_days="Sign-up before the first season, in days (default 7)",
        channel="Where the seasons are announced and played (default: here)",
        min_reliability="Least share of finished matches a player played out, in % (default: none)",
    )
    @app_commands.choices(game=game_choices())
    @organisers_only
    async def create(
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        name: app_commands.Range[str, 1, 80] | None = None,
        divisions: app_commands.Range[int, 1, 100] | None = None,
        size: app_commands.Range[int, 3, 16] | None = None,
        days: app_commands.Range[int, 3, 180] | None = None,
        promote: app_commands.Range[int, 1, 8] | None = None,
        relegate: app_commands.Range[int, 0, 8] | None = None,
        signup_days: app_commands.Range[int, 1, 30] | None = None,
        channel: discord.TextChannel | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
    ):
        await seasons.create(
            interaction,
            game.value,
            name=name,
            divisions=divisions,
            size=size,
            days=days,
            promote=promote,
            relegate=relegate,
            signup_days=signup_days,
            channel=channel,
            min_reliability=min_reliability,
        )

    @group.command(name="join", description="Join the seasons (once: you stay from season to season)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    async def join(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await seasons.join(interaction, game.value if game else None)

    @group.command(name="leave", description="Leave the seasons after the current season")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    async def leave(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await seasons.leave(interaction, game.value if game else None)

    @group.command(name="add", description="Organisers: add a member, or a computer player at a level")
    @app_commands.describe(
        member="The member (leave out for a computer player)",
        level="The computer's level (default: medium)",
        game=GAME_HELP,
    )
    @app_commands.choices(game=game_choices())
    @organisers_only
    async def add(
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        level: Level | None = None,
        game: app_commands.Choice[str] | None = None,
    ):
        await seasons.add(interaction, member, level, game.value if game else None)

    @group.command(name="standings", description="A division's standings, in the seasons' channel")
    @app_commands.describe(
        division="Which division (default: yours, else the first)",
        season="Which season (default: the current one)",
        game=GAME_HELP,
    )
    @app_commands.choices(game=game_choices())
    async def standings(
        interaction: discord.Interaction,
        division: app_commands.Range[int, 1, 100] | None = None,
        season: app_commands.Range[int, 1, 10000] | None = None,
        game: app_commands.Choice[str] | None = None,
    ):
        await seasons.standings(interaction, division, season, game.value if game else None)

    @group.command(name="list", description="This server's seasons")
    async def list_(interaction: discord.Interaction):
        await seasons.list(interaction)

    @group.command(name="end", description="Organisers: end the seasons after the current season")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.choices(game=game_choices())
    @organisers_only
    async def end(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await seasons.end(interaction, game.value if game else None)

    return group
