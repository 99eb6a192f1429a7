"""The web board: click to move, live, for every game (settings WEB_*; see server.py)."""

from .server import WebBoard

__all__ = ["WebBoard"]
