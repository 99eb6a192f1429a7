"""Tactori FEM (5x5, 2 players): R7 turns, the loop win, stuck and repetition."""

from __future__ import annotations

from typing import Any

from ..text import Text
from .base import PartialTurn, TowersState
from .notation import Turn


class FemState(TowersState):
    NAME = "tactori-fem"
    SIZE = 5
    FEM = True

    def _stack_moves(self) -> bool:
        return bool(self.options.get("stacks"))

    def _targets(self, p: int) -> list[int]:
        return self.geo.others[p]  # R7: any other field, no straight-line rule

    def _after_turn(self, seat: int, turn: Turn, ex: PartialTurn) -> None:
        """R7, in this order: the mover's polygon, the repetition, the next player's lack of a turn."""
        self.to_move = 1 - seat
        seen = self._count_position()
        if self.polygons(seat):
            self._end([seat], "loop", self.scores())
        elif seen >= 3:
            self._end([0, 1], "repetition", self.scores())
        elif not self._has_turn(self.to_move):
            self._end([seat], "stuck", self.scores())

    def _drop(self, seat: int) -> None:  # pragma: no cover - two players: resign() ends the match
        raise AssertionError("Tactori FEM has two players")

    def scores(self) -> list[int]:
        return [0, 0]  # records.md: FEM reports 0

    def summary(self, names: list[str]) -> Text | str:
        """R7: only the winning loop matters in FEM."""
        if self.result is None or self.result["end"] != "loop":
            return ""
        winner = self.result["winners"][0]
        corners = sorted({f for p in self.polygons(winner) for pair in p.bridges for f in pair})
        fields = " ".join(self.geo.names[f] for f in corners)
        return Text("{name} closed a loop of bridges through {fields}.", name=names[winner], fields=fields)

    def _extra_json(self) -> dict[str, Any]:
        loop = None
        if self.result is not None and self.result["end"] == "loop":
            loop = [p.to_json(self.geo) for p in self.polygons(self.result["winners"][0])]
        return {"loop": loop}
