"""The subcommands every game shares."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from engines import get_game

from . import comfort

MATCH_HELP = "Which match (default: yours in this channel)"


def add_common_commands(group: app_commands.Group, actions, game: str, link=None) -> None:
    """The subcommands of ``/<game>`` beside ``challenge``.  Those of other features are reached
    through the bot at run time (``bot.history``); ``link`` (the web board's, when it is on) is
    given by the client, which wires the features together."""
    title = get_game(game).title

    async def match_autocomplete(interaction: discord.Interaction, current: str):
        pairs = await actions.match_choices(interaction, game, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    @group.command(name="move", description=f"Make your move in {title}")
    @app_commands.describe(
        move="Your move; start typing to see the legal ones", match="Which match (only needed if you play several here)"
    )
    async def move(interaction: discord.Interaction, move: app_commands.Range[str, 1, 200], match: int | None = None):
        await actions.move(interaction, game, move, match)

    @move.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction, current: str):
        match_id = interaction.namespace.match
        moves = await actions.move_choices(interaction, game, current, match_id)
        return [app_commands.Choice(name=m, value=m) for m in moves]

    move.autocomplete("match")(match_autocomplete)

    def per_match(name: str, description: str, run) -> None:
        """A subcommand whose only option is the match (default: the user's match in this channel)."""

        @group.command(name=name, description=description)
        @app_commands.describe(match=MATCH_HELP)
        async def command(interaction: discord.Interaction, match: int | None = None):
            await run(interaction, match)

        command.autocomplete("match")(match_autocomplete)

    @group.command(name="board", description=f"Show the board of your {title} match (after any move: ply)")
    @app_commands.describe(match=MATCH_HELP, ply="Privately, the position after this many moves (0: the start)")
    async def board(
        interaction: discord.Interaction,
        match: int | None = None,
        ply: app_commands.Range[int, 0, 100000] | None = None,
    ):
        await actions.board(interaction, game, match, ply)

    board.autocomplete("match")(match_autocomplete)

    @group.command(name="replay", description=f"An animated replay of a {title} match, move by move")
    @app_commands.describe(
        match=MATCH_HELP,
        start="Start after this many moves (default: the start)",
        end="Stop after this many moves (default: the last)",
    )
    @app_commands.rename(start="from", end="to")
    async def replay(
        interaction: discord.Interaction,
        match: int | None = None,
        start: app_commands.Range[int, 0, 100000] | None = None,
        end: app_commands.Range[int, 0, 100000] | None = None,
    ):
        await interaction.client.history.replay(interaction, game, match, start, end)

    replay.autocomplete("match")(match_autocomplete)
    # /<game> link exists only where the host runs the web board
    if link is not None:
        per_match("link", f"Privately, your link to the web board of your {title} match", lambda i, m: link(i, game, m))
    per_match("resign", f"Give up your {title} match (asks for confirmation)", lambda i, m: actions.resign(i, game, m))
    per_match(
        "export", f"The record file of your {title} match (replays anywhere)", lambda i, m: actions.export(i, game, m)
    )
    per_match("claim", "Claim the win when the player to move ran out of time", lambda i, m: actions.claim(i, game, m))
    per_match(
        "undo",
        "Take back your last move (the computer allows it at once; people are asked)",
        lambda i, m: actions.offer(i, game, "undo", m),
    )
    per_match("draw", "Offer a draw (or accept your opponent's offer)", lambda i, m: actions.offer(i, game, "draw", m))
    per_match(
        "hint",
        "Against the computer: privately, the move its hard level would play for you",
        lambda i, m: actions.hint(i, game, m),
    )
    per_match(
        "review",
        "After a match: the computer's view of every move, accuracies and costliest moves",
        lambda i, m: i.client.history.review(i, game, m),
    )

    @group.command(name="history", description=f"The move list of your {title} match")
    @app_commands.describe(match=MATCH_HELP, page="Page of the move list")
    async def history(
        interaction: discord.Interaction, match: int | None = None, page: app_commands.Range[int, 1, 1000] = 1
    ):
        await actions.history(interaction, game, match, page)

    history.autocomplete("match")(match_autocomplete)

    @group.command(name="pings", description="Switch reminders for one match on or off (/settings sets the rest)")
    @app_commands.describe(reminders="on or off for this match", match=MATCH_HELP)
    async def pings(interaction: discord.Interaction, reminders: Literal["on", "off"], match: int | None = None):
        await actions.pings(interaction, game, reminders == "on", match)

    pings.autocomplete("match")(match_autocomplete)

    @group.command(name="conditional", description="Reply in advance to your opponent's next moves, or list your lines")
    @app_commands.describe(
        moves="their move; your reply (more pairs may follow); leave out to list yours", match=MATCH_HELP
    )
    async def conditional(
        interaction: discord.Interaction, moves: app_commands.Range[str, 1, 400] | None = None, match: int | None = None
    ):
        await actions.conditional(interaction, game, moves, match)

    conditional.autocomplete("match")(match_autocomplete)

    @group.command(name="note", description="Your private note on a match (without text: show it)")
    @app_commands.describe(
        text="What to remember (only you ever see it; empty the note with a single space)", match=MATCH_HELP
    )
    async def note(
        interaction: discord.Interaction, text: app_commands.Range[str, 1, 1000] | None = None, match: int | None = None
    ):
        await comfort.note(interaction.client, interaction, game, text, match)

    note.autocomplete("match")(match_autocomplete)

    @group.command(name="rules", description=f"A short summary of the {title} rules and move notation")
    async def rules(interaction: discord.Interaction):
        await actions.rules(interaction, game)
