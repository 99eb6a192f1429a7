"""The subcommands every game shares."""
from __future__ import annotations

import discord
from discord import app_commands

from engines import get_game


def add_common_commands(group: app_commands.Group, actions, game: str) -> None:
    title = get_game(game).title

    async def match_autocomplete(interaction: discord.Interaction, current: str):
        pairs = await actions.match_choices(interaction, game, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @group.command(name="move", description=f"Make your move in a {title} match")
    @app_commands.describe(move="Your move; start typing to see the legal ones",
                           match="Which match (only needed if you play several here)")
    async def move(interaction: discord.Interaction, move: app_commands.Range[str, 1, 200],
                   match: int | None = None):
        await actions.move(interaction, game, move, match)

    @move.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction, current: str):
        match_id = interaction.namespace.match
        moves = await actions.move_choices(interaction, game, current, match_id)
        return [app_commands.Choice(name=m, value=m) for m in moves]

    move.autocomplete("match")(match_autocomplete)

    @group.command(name="board", description=f"Show the current board of a {title} match")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def board(interaction: discord.Interaction, match: int | None = None):
        await actions.board(interaction, game, match)

    board.autocomplete("match")(match_autocomplete)

    @group.command(name="resign", description=f"Give up a {title} match (asks for confirmation)")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def resign(interaction: discord.Interaction, match: int | None = None):
        await actions.resign(interaction, game, match)

    resign.autocomplete("match")(match_autocomplete)

    @group.command(name="rules", description=f"A short summary of the {title} rules and move notation")
    async def rules(interaction: discord.Interaction):
        await actions.rules(interaction, game)
