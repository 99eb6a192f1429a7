"""Pure, deterministic rules engines for the bot's games."""
from .core import (Game, IllegalMove, InvalidMove, MoveError, Outcome, SetupError,
                   State, game_names, get_game)
from .record import Record, ReplayError, replay
from .text import Joined, Sentence, Text

__all__ = ["Game", "IllegalMove", "InvalidMove", "MoveError", "Outcome", "Record",
           "ReplayError", "Joined", "Sentence", "SetupError", "State", "Text", "game_names", "get_game", "replay"]
