"""Command options that several features offer: the clock every challenge and event offers (time
per move, ``days``, or a time bank), the computer's level, a game's own options."""

from __future__ import annotations

import inspect
from typing import Literal

from discord import app_commands

from engines import game_names, get_game
from engines.core import Option
from matches.timing import DAYS_CHOICES

LEVEL_HELP = "How strong the computer plays when you challenge me (default: medium)"
Level = Literal["easy", "medium", "hard"]
DAYS = [app_commands.Choice(name=f"{d} day{'s' if d > 1 else ''} per move", value=d) for d in DAYS_CHOICES]
Clock = Literal["move", "bank"]
CLOCK_HELP = "move: time per move (days); bank: a time bank per player that runs only on his turn"
BANK_HELP = "With clock bank: each player's bank in days (default 7, also its cap)"
INCREMENT_HELP = "With clock bank: hours added to the bank after each of one's moves (default 24)"
Bank = app_commands.Range[int, 1, 60]
Increment = app_commands.Range[int, 0, 168]
DESCRIBED = {"clock": CLOCK_HELP, "bank": BANK_HELP, "increment": INCREMENT_HELP}


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game as a command choice (its title shown, its name the value)."""
    return [app_commands.Choice(name=get_game(n).title, value=n) for n in game_names()]


def clock_of(clock: str, bank: int | None, increment: int | None) -> dict:
    """The challenge's clock, as the service takes it."""
    return {"clock": clock, "bank": bank, "increment": increment}


def option_parameter(spec: Option) -> inspect.Parameter:
    """The command parameter offering ``spec``: a flag, or one of its labels."""
    annotation = Literal[spec.labels] if spec.choices else bool
    return inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=spec.default)


def with_parameters(callback, extra: list[inspect.Parameter], before: str | None = None):
    """``callback`` (taking ``**chosen``) as discord.py sees it: its own parameters with ``extra``
    inserted before the one called ``before`` (at the end of the named ones when None)."""
    own = [p for p in inspect.signature(callback).parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    at = next((i for i, p in enumerate(own) if p.name == before), len(own))
    named = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) if i else p for i, p in enumerate(own)]
    callback.__signature__ = inspect.Signature(named[:at] + extra + named[at:])
    return callback
