"""Pure, deterministic rules engines for the bot's games."""

from .core import (
    Game,
    IllegalMove,
    InvalidMove,
    MoveError,
    Outcome,
    SetupError,
    State,
    game_names,
    get_game,
    register,
    registered,
    unregister,
)
from .record import Record, ReplayError, replay
from .text import Joined, Sentence, Text, Verbatim, excerpt

__all__ = [
    "Game",
    "IllegalMove",
    "InvalidMove",
    "MoveError",
    "Outcome",
    "Record",
    "ReplayError",
    "Joined",
    "Sentence",
    "SetupError",
    "State",
    "Text",
    "Verbatim",
    "excerpt",
    "game_names",
    "get_game",
    "register",
    "registered",
    "replay",
    "unregister",
]
