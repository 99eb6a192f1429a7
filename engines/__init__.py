"""Pure, deterministic rules engines for the bot's games."""
from .core import (Game, IllegalMove, InvalidMove, MoveError, Outcome, SetupError,
                   State, game_names, get_game)
from .record import Record, ReplayError, replay

__all__ = ["Game", "IllegalMove", "InvalidMove", "MoveError", "Outcome", "Record",
           "ReplayError", "SetupError", "State", "game_names", "get_game", "replay"]
