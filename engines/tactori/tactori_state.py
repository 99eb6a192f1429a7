"""Tactori (9x9, 2-4 players): R3 turns, R4 chasing, R5 end and scoring, R6 centre."""

from __future__ import annotations

from typing import Any, Self

from ..core import IllegalMove
from ..text import Text
from .base import PartialTurn, TowersState
from .notation import Turn
from .polygons import Polygon, mark_centre_v1, mark_centre_v2, polygons_of


class TactoriState(TowersState):
    NAME = "tactori"
    SIZE = 9
    FEM = False

    def __init__(self, players: int, options: dict[str, Any]):
        super().__init__(players, options)
        self.trigger: int | None = None  # seat whose placement emptied his supply first (R5)
        self.countdown: list[int] | None = None  # seats still owed their one extra turn

    # ------------------------------------------------------------ rules
    def _targets(self, p: int) -> list[int]:
        return self.geo.lines[p]

    def _check_path(self, p: int, q: int, turn: Turn) -> None:
        if not self.geo.straight(p, q):
            names = self.geo.names
            raise IllegalMove(
                Text(
                    "{move} is not a straight line: in Tactori towers move along their row or column (R3)",
                    move=f"{names[p]}-{names[q]}",
                )
            )

    def _after_turn(self, seat: int, turn: Turn, ex: PartialTurn) -> None:
        if turn.kind == "place" and self.towers[seat] == 0 and self.trigger is None:
            self.trigger = seat
            self.countdown = [
                (seat + i) % self.players
                for i in range(1, self.players)
                if (seat + i) % self.players not in self.dropped
            ]
            self.events.append({"type": "last-round", "seat": seat, "countdown": list(self.countdown)})
        elif self.countdown and seat in self.countdown:
            self.countdown.remove(seat)
        self.to_move = self.next_seat(seat)
        seen = self._count_position()
        if self.countdown is not None and not self.countdown:
            self._finish("normal")
        elif seen >= 3:
            self._finish("repetition")

    def _finish(self, end: str) -> None:
        scores = self.scores()
        active = self.active()
        best = max(scores[s] for s in active)
        self._end([s for s in active if scores[s] == best], end, scores)

    def _drop(self, seat: int) -> None:
        """3-4 players: the seat is skipped from now on; his pieces stay and score nothing."""
        self.dropped = sorted(self.dropped + [seat])
        if self.countdown is not None and seat in self.countdown:
            self.countdown.remove(seat)
        if self.to_move == seat:
            self.to_move = self.next_seat(seat)
        self._count_position()
        if self.countdown is not None and not self.countdown:
            self._finish("normal")

    # ----------------------------------------------------------- scoring
    def polygons(self, seat: int) -> list[Polygon]:
        if seat not in self._polys:
            polys = polygons_of(self.board, seat)
            centre = self.options.get("centre", 0)
            if centre == 1:
                mark_centre_v1(self.board, seat, polys)
            elif centre == 2:
                mark_centre_v2(self.board, seat, polys)
            self._polys[seat] = polys
        return self._polys[seat]

    def scores(self) -> list[int]:
        """R5 sum over the valid polygons; a dropped seat scores nothing."""
        return [
            0 if s in self.dropped else sum(p.points for p in self.polygons(s) if p.valid) for s in range(self.players)
        ]

    # ---------------------------------------------------------- serialise
    def _extra_json(self) -> dict[str, Any]:
        return {"trigger": self.trigger, "countdown": None if self.countdown is None else list(self.countdown)}

    def _load_extra(self, data: dict[str, Any]) -> None:
        self.trigger = data.get("trigger")
        cd = data.get("countdown")
        self.countdown = None if cd is None else list(cd)

    def _copy_extra(self, other: Self) -> None:
        other.countdown = None if self.countdown is None else list(self.countdown)
