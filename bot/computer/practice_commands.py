"""``/practice``: positions from your own reviewed matches where a better move was there to find.

A group, since Discord runs a group's subcommands and never the group itself: ``/practice position
[game]`` gives one, ``/practice answer``, ``/practice hint`` and ``/practice stats``."""

from __future__ import annotations

import discord
from discord import app_commands

from ..options import game_choices


def build_practice_group(bot) -> app_commands.Group:
    practice = bot.practice
    group = app_commands.Group(name="practice", description="Practise the positions you got wrong in your matches")

    @group.command(name="position", description="Privately, a position where you played a mistake or a blunder")
    @app_commands.describe(game="Only this game (default: any)")
    @app_commands.choices(game=game_choices())
    async def position(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await practice.position(interaction, game.value if game else None)

    @group.command(name="answer", description="Answer the open practice position with a move")
    @app_commands.describe(move="Your move, in the game's notation")
    async def answer(interaction: discord.Interaction, move: app_commands.Range[str, 1, 100]):
        await practice.answer(interaction, move)

    @answer.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=m, value=m) for m in await practice.moves(interaction, current)]

    @group.command(name="hint", description="A hint for the open practice position")
    async def hint(interaction: discord.Interaction):
        await practice.hint(interaction)

    @group.command(name="stats", description="Your practice positions: how many, due, solved and missed")
    async def stats(interaction: discord.Interaction):
        await practice.stats(interaction)

    return group
