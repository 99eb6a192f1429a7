"""The subcommands every game shares."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from engines import get_game
from matches.timing import DAYS_CHOICES

DAYS = [app_commands.Choice(name=f"{d} day{'s' if d > 1 else ''} per move", value=d) for d in DAYS_CHOICES]


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

    @group.command(name="history", description=f"The move list of a {title} match")
    @app_commands.describe(match="Which match (default: yours in this channel)", page="Page of the move list")
    async def history(interaction: discord.Interaction, match: int | None = None,
                      page: app_commands.Range[int, 1, 1000] = 1):
        await actions.history(interaction, game, match, page)

    history.autocomplete("match")(match_autocomplete)

    @group.command(name="export", description=f"The record file of a {title} match (replays anywhere)")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def export(interaction: discord.Interaction, match: int | None = None):
        await actions.export(interaction, game, match)

    export.autocomplete("match")(match_autocomplete)

    @group.command(name="claim", description="Claim the win when the player to move ran out of time")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def claim(interaction: discord.Interaction, match: int | None = None):
        await actions.claim(interaction, game, match)

    claim.autocomplete("match")(match_autocomplete)

    @group.command(name="undo", description="Ask your opponent to let you take back your last move")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def undo(interaction: discord.Interaction, match: int | None = None):
        await actions.offer(interaction, game, "undo", match)

    undo.autocomplete("match")(match_autocomplete)

    @group.command(name="draw", description="Offer a draw (or accept your opponent's offer)")
    @app_commands.describe(match="Which match (default: yours in this channel)")
    async def draw(interaction: discord.Interaction, match: int | None = None):
        await actions.offer(interaction, game, "draw", match)

    draw.autocomplete("match")(match_autocomplete)

    @group.command(name="pings", description="Switch reminders for one match on or off (/settings sets the rest)")
    @app_commands.describe(reminders="on or off for this match", match="Which match (default: yours in this channel)")
    async def pings(interaction: discord.Interaction, reminders: Literal["on", "off"], match: int | None = None):
        await actions.pings(interaction, game, reminders == "on", match)

    pings.autocomplete("match")(match_autocomplete)

    @group.command(name="rules", description=f"A short summary of the {title} rules and move notation")
    async def rules(interaction: discord.Interaction):
        await actions.rules(interaction, game)
