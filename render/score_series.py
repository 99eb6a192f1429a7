"""The numbers a score chart draws, read from a record: every player's score after
every move (``state.scores()``, the figures of the records format), plus what each
game adds to them.

- each game's own figures, from its ``render/<package>/chart.py`` (``render.chart_of``):
  ``extra`` per seat (Architekton: the chips, the score being chips plus the largest group
  of houses, so the gap between the two lines is that group), ``tiebreak`` at the end, and
  ``values`` drawn instead of the scores of a game without scores (Tactori FEM: its scores
  are always 0, the first closed loop wins, so the chart follows the bridges each player has
  on the board);
- the move that closed a loop, where a game ends so.

Pure: a record in, lists of integers out.  One pass over the record.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines import get_game
from engines.record import Record, walk


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
    final_scores: list[int] | None = None  # the outcome's scores when the match is over
    # how the match ended (None while it goes on): the winners, the engine's reason word
    # (normal, early, resign, loop, stuck, ...) and, for an Architekton tie on points, each
    # seat's houses left on the table after the final removal (the tie-break, A9)
    winners: tuple[int, ...] | None = None
    end: str | None = None
    tiebreak: list[int] | None = None
    resigned: list[int] = field(default_factory=list)  # seats that resigned, in order

    @property
    def finished(self) -> bool:
        return self.winners is not None

    @property
    def rescored(self) -> bool:
        """Whether the match ended with a final scoring that changed the scores after the last
        move (Architekton's removal, A9): the chart then draws that step, after the last move."""
        return bool(
            self.uses_scores and self.final_scores is not None and self.scores and self.final_scores != self.scores[-1]
        )

    @property
    def ends(self) -> list[int]:
        """Every player's last value on the chart: the result's scores once the match is over
        (after a final scoring), else the scores after the last move; FEM: bridges on the board."""
        if self.uses_scores and self.final_scores is not None:
            return list(self.final_scores)
        return list(self.values[-1]) if self.values else [0] * self.players

    @property
    def plies(self) -> int:
        return len(self.scores) - 1

    @property
    def uses_scores(self) -> bool:
        """Whether the main line is the score (not so for FEM, whose scores are always 0)."""
        return get_game(self.game).has_scores


def score_series(record: Record) -> ScoreSeries:
    from . import chart_of

    game = get_game(record.game)
    chart = chart_of(record.game)
    extra, tiebreak = getattr(chart, "extra", None), getattr(chart, "tiebreak", None)
    series = ScoreSeries(record.game, len(record.players))
    series.resigned = [seat for _, seat in sorted(record.resignations)]
    previous_seat = None
    for ply, state in enumerate(walk(record)):
        if ply > 0:
            series.movers.append(previous_seat)
        previous_seat = state.current_player()
        scores = list(state.scores())
        series.scores.append(scores)
        if extra is not None:
            series.extra.append(extra(state))
        if game.has_scores:
            series.values.append(scores)
        else:
            series.values.append(chart.values(state))
        outcome = state.outcome()
        if outcome is not None and outcome.end == "loop" and series.loop_ply is None:
            series.loop_ply, series.loop_seat = ply, outcome.winners[0]
        if outcome is not None:
            series.final_scores = list(outcome.scores)
            series.winners, series.end = tuple(outcome.winners), outcome.end
            broken = tiebreak(state, outcome) if tiebreak is not None else None
            if broken is not None:
                series.tiebreak = broken
    return series
