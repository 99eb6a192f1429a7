"""What Tactori and Tactori FEM add to their charts (``render/score_series.py``, ``render/charts.py``)."""

from __future__ import annotations

from engines.tactori.board import BRIDGES
from engines.text import Text


def values(state) -> list[int]:
    """FEM scores nothing (the first closed loop wins): its chart follows the bridges each player
    has on the board."""
    return [BRIDGES - left for left in state.bridge_supply]


def values_said(tally: Text) -> Text:
    """The values in words (``bot/messages/alt_text.py``): each player's bridges, highest first."""
    return Text("Bridges on the board: {bridges}.", bridges=tally)


def chart_said(title: str, match_id: int) -> Text:
    """What the chart of a match shows, for its description (``bot/history/replays.py``)."""
    return Text(
        "Chart of every player's bridges on the board after each move in {title} #{id}", title=title, id=match_id
    )


def draw_list(players: list[str]) -> str:
    """The players sharing a draw, listed as the board's header lists them."""
    from .header import _list

    return _list(players)
