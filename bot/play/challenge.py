"""``/<game> challenge``, generated from the game's declaration (``engines.core.Game``).

Every game's challenge takes the opponents (as many as its largest table seats, all but the first
optional), the game's own options (``Game.option_specs``: a yes/no flag, or a choice of labels
that map to record values), and the options every challenge shares (who moves first, the clock,
the computer's level).  The descriptions are the declaration's English; the game's command
catalogue (``bot/locales/de|fr/commands/<package>.json``, read by ``bot/setup/i18n.py``) translates them.
"""

from __future__ import annotations

import inspect
from typing import Any, Literal

import discord
from discord import app_commands

from engines import get_game

from ..options import (
    DAYS,
    DESCRIBED,
    LEVEL_HELP,
    Bank,
    Clock,
    Increment,
    Level,
    clock_of,
    option_parameter,
    with_parameters,
)

OPPONENT_HELP = "Who you want to play"
FIRST_HELP = "Who makes the first move (default: random)"
DAYS_HELP = "Time per move (default: the server's, usually 3 days)"


def add_challenge(group: app_commands.Group, actions, name: str) -> None:
    game = get_game(name)
    more = [f"opponent{i}" for i in range(2, max(game.seats))]  # the opponents after the first

    async def challenge(
        interaction: discord.Interaction,
        opponent: discord.Member,
        first: Literal["me", "opponent", "random"] = "random",
        days: app_commands.Choice[int] | None = None,
        level: Level = "medium",
        clock: Clock = "move",
        bank: Bank | None = None,
        increment: Increment | None = None,
        **chosen: Any,
    ):
        opponents = [opponent] + [chosen[o] for o in more if chosen.get(o) is not None]
        await actions.challenge(
            interaction,
            name,
            opponents,
            options=game.command_options(chosen),
            first=first,
            days=days.value if days else None,
            level=level,
            **clock_of(clock, bank, increment),
        )

    extra = [
        inspect.Parameter(o, inspect.Parameter.KEYWORD_ONLY, annotation=discord.Member | None, default=None)
        for o in more
    ] + [option_parameter(spec) for spec in game.option_specs]
    with_parameters(challenge, extra, before="first")
    described = dict(zip(more, game.opponents))
    described.update({spec.name: spec.description for spec in game.option_specs})
    challenge = app_commands.describe(
        opponent=OPPONENT_HELP, **described, first=FIRST_HELP, days=DAYS_HELP, level=LEVEL_HELP, **DESCRIBED
    )(challenge)
    challenge = app_commands.choices(days=DAYS)(challenge)
    group.command(name="challenge", description=game.challenge)(challenge)
