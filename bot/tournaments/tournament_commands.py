"""``/tournament``: events (Swiss, league, knockout) of one game, played as ordinary matches."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from engines import game_names, get_game

from ..errors import organisers_only
from ..options import (
    DAYS,
    DESCRIBED,
    Bank,
    Clock,
    Increment,
    Level,
    clock_of,
    game_choices,
    option_parameter,
    with_parameters,
)

EVENT_HELP = "Which tournament (default: the only one that fits)"


def build_tournament_group(bot) -> app_commands.Group:
    events = bot.tournaments
    group = app_commands.Group(name="tournament", description="Tournaments: Swiss, league or knockout", guild_only=True)

    async def event_autocomplete(interaction: discord.Interaction, current: str):
        return [
            app_commands.Choice(name=label, value=value) for label, value in await events.choices(interaction, current)
        ]

    # Every game's options (Game.option_specs), each once: an option two games share (the same
    # name in two families' games) is offered once, with the first game's description.
    specs = {}
    for game_name in game_names():
        for spec in get_game(game_name).option_specs:
            specs.setdefault(spec.name, spec)

    async def create(
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        fmt: Literal["swiss", "league", "knockout"],
        name: app_commands.Range[str, 1, 80] | None = None,
        rounds: app_commands.Range[int, 1, 30] | None = None,
        table: app_commands.Range[int, 2, 4] = 2,
        days: app_commands.Choice[int] | None = None,
        signup_days: app_commands.Range[int, 1, 30] | None = None,
        channel: discord.TextChannel | None = None,
        clock: Clock = "move",
        bank: Bank | None = None,
        increment: Increment | None = None,
        round_days: app_commands.Range[int, 1, 180] | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
        **chosen,
    ):
        options = get_game(game.value).command_options(chosen)
        await events.create(
            interaction,
            game.value,
            fmt,
            name=name,
            rounds=rounds,
            table=table,
            days=days.value if days else None,
            signup_days=signup_days,
            channel=channel,
            options=options,
            round_days=round_days,
            min_reliability=min_reliability,
            **clock_of(clock, bank, increment),
        )

    organisers_only(create)
    with_parameters(create, [option_parameter(spec) for spec in specs.values()], before="clock")
    create = app_commands.describe(
        game="The game",
        fmt="swiss, league or knockout",
        name="The tournament's name",
        rounds="Swiss: how many rounds (default: log2 of the players, at least 3)",
        table="Players per match (as the game allows; default 2)",
        days="Time per move (default: the server's)",
        round_days=("Most days a round's match may last, vacations included (default: 3 × days or bank)"),
        signup_days="Start by itself when sign-up closes after this many days",
        channel="Where the tournament is announced and played (default: here)",
        min_reliability=("Least share of finished matches a player played out, in % (default: none)"),
        **{spec.name: spec.event for spec in specs.values()},
        **DESCRIBED,
    )(create)
    create = app_commands.choices(game=game_choices(), days=DAYS)(create)
    create = app_commands.rename(fmt="format")(create)
    group.command(name="create", description="Organisers: announce a tournament with a Join button")(create)

    @group.command(name="join", description="Sign up for a tournament")
    @app_commands.describe(tournament=EVENT_HELP)
    async def join(interaction: discord.Interaction, tournament: int | None = None):
        await events.join(interaction, tournament)

    @group.command(name="leave", description="Leave a tournament (once it runs: withdraw, your matches are forfeited)")
    @app_commands.describe(tournament=EVENT_HELP)
    async def leave(interaction: discord.Interaction, tournament: int | None = None):
        await events.leave(interaction, tournament)

    @group.command(name="add", description="Organisers: add a member, or a computer player at a level")
    @app_commands.describe(
        member="The member (leave out for a computer player)",
        level="The computer's level (default: medium)",
        tournament=EVENT_HELP,
    )
    @organisers_only
    async def add(
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        level: Level | None = None,
        tournament: int | None = None,
    ):
        await events.add(interaction, member, level, tournament)

    @group.command(name="start", description="Organisers: close sign-up and pair the first round")
    @app_commands.describe(tournament=EVENT_HELP)
    @organisers_only
    async def start(interaction: discord.Interaction, tournament: int | None = None):
        await events.start(interaction, tournament)

    @group.command(name="cancel", description="Organisers: call a tournament off (its matches end without a result)")
    @app_commands.describe(tournament=EVENT_HELP)
    @organisers_only
    async def cancel(interaction: discord.Interaction, tournament: int | None = None):
        await events.cancel(interaction, tournament)

    @group.command(name="standings", description="The standings of a tournament, in its channel")
    @app_commands.describe(
        tournament=EVENT_HELP, page="Big tournaments: which page of the table (default: 1, the leaders)"
    )
    async def standings(
        interaction: discord.Interaction,
        tournament: int | None = None,
        page: app_commands.Range[int, 1, 10000] | None = None,
    ):
        await events.standings(interaction, tournament, page)

    @group.command(name="list", description="This server's tournaments, newest first")
    async def list_(interaction: discord.Interaction):
        await events.list(interaction)

    for command in (join, leave, add, start, cancel, standings):
        command.autocomplete("tournament")(event_autocomplete)
    return group
