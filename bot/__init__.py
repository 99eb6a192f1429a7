"""The Discord layer: translates interactions into match service calls."""
from .client import GameBot, create_bot
from .settings import Settings

__all__ = ["GameBot", "Settings", "create_bot"]
