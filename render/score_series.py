"""The numbers a score chart draws, read from a record: every player's score after
every move (``state.scores()``, the figures of the records format), plus what each
game adds to them.

- Architekton: the chips of each player as well (the score is chips plus the largest
  group of houses, so the gap between the two lines is that group).
- Tactori FEM: its scores are always 0 (the first closed loop wins), so the chart
  follows the bridges each player has on the board, and marks the move that closed
  the loop.

Pure: a record in, lists of integers out.  One pass over the record.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engines import get_game
from engines.record import Record, walk

from engines.tactori.board import BRIDGES


@dataclass
class ScoreSeries:
    game: str
    players: int
    # scores[ply][seat]: state.scores() after the first ``ply`` moves (ply 0: the start)
    scores: list[list[int]] = field(default_factory=list)
    # what the chart draws as each player's main line (scores, or FEM's bridges on the board)
    values: list[list[int]] = field(default_factory=list)
    # a second, dashed line per player where the game has one (Architekton's chips), else empty
    extra: list[list[int]] = field(default_factory=list)
    # the ply (number of moves) after which a loop closed the match (FEM), if one did
    loop_ply: int | None = None
    loop_seat: int | None = None
    # the seat that made each move (movers[i] made move i + 1)
    movers: list[int | None] = field(default_factory=list)
    final_scores: list[int] | None = None   # the outcome's scores when the match is over

    @property
    def plies(self) -> int:
        return len(self.scores) - 1

    @property
    def uses_scores(self) -> bool:
        """Whether the main line is the score (not so for FEM, whose scores are always 0)."""
        return get_game(self.game).has_scores


def score_series(record: Record) -> ScoreSeries:
    game = get_game(record.game)
    series = ScoreSeries(record.game, len(record.players))
    previous_seat = None
    for ply, state in enumerate(walk(record)):
        if ply > 0:
            series.movers.append(previous_seat)
        previous_seat = state.current_player()
        scores = list(state.scores())
        series.scores.append(scores)
        if record.game == "architekton":
            series.extra.append(list(state.chips))
        if game.has_scores:
            series.values.append(scores)
        else:
            series.values.append([BRIDGES - left for left in state.bridge_supply])
        outcome = state.outcome()
        if outcome is not None and outcome.end == "loop" and series.loop_ply is None:
            series.loop_ply, series.loop_seat = ply, outcome.winners[0]
        if outcome is not None:
            series.final_scores = list(outcome.scores)
    return series
