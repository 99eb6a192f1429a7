"""The clock options every challenge offers: time per move (``days``) or a time bank."""
from __future__ import annotations

from typing import Literal

from discord import app_commands

Clock = Literal["move", "bank"]
CLOCK_HELP = "move: time per move (days); bank: a time bank per player that runs only on his turn"
BANK_HELP = "With clock bank: each player's bank in days (default 7, also its cap)"
INCREMENT_HELP = "With clock bank: hours added to the bank after each of one's moves (default 24)"
Bank = app_commands.Range[int, 1, 60]
Increment = app_commands.Range[int, 0, 168]
DESCRIBED = {"clock": CLOCK_HELP, "bank": BANK_HELP, "increment": INCREMENT_HELP}


def clock_of(clock: str, bank: int | None, increment: int | None) -> dict:
    """The challenge's clock, as the service takes it."""
    return {"clock": clock, "bank": bank, "increment": increment}
