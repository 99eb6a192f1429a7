"""What Tactori and Tactori FEM add to their charts (``render/score_series.py``, ``render/charts.py``)."""
from __future__ import annotations

from engines.tactori.board import BRIDGES


def values(state) -> list[int]:
    """FEM scores nothing (the first closed loop wins): its chart follows the bridges each player
    has on the board."""
    return [BRIDGES - left for left in state.bridge_supply]


def draw_list(players: list[str]) -> str:
    """The players sharing a draw, listed as the board's header lists them."""
    from .header import _list

    return _list(players)
