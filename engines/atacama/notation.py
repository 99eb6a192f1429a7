"""Atacama move notation (T8): a small value with ``parse`` and ``str``.

Canonical forms: ``e5`` (a base-colour tower), ``e5*`` (an other-colour tower,
tactics), ``buy cols`` / ``buy rows`` (build-up) and ``pass``.  Input is
case-insensitive and spaces are free (``E5 *``, ``Buy  Cols``); ``buy`` also
takes ``columns``/``column``/``col`` and ``row``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import InvalidMove
from ..text import Text, excerpt
from .boards import FIELD_BY_NAME, Field, name, parse_field

_PLACE = re.compile(r"\s*([a-z])\s*(\d+)\s*(\*?)\s*", re.I | re.A)
_BUY = re.compile(r"\s*buy\s*(cols|columns|column|col|rows|row)\s*", re.I | re.A)
_PASS = re.compile(r"\s*pass\s*", re.I | re.A)

EXAMPLES = Text("e5 (a tower), e5* (an other-colour tower, tactics), buy cols, buy rows, pass")


@dataclass(frozen=True)
class Move:
    """One Atacama move."""

    kind: str  # "place", "buy" or "pass"
    field: Field | None = None
    other: bool = False  # place: an other-colour tower (T6)
    axis: str | None = None  # buy: "cols" or "rows"

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidMove(Text("a move is a text like e5"))
        field = FIELD_BY_NAME.get(text.rstrip("*")) if text.count("*") <= 1 else None
        if field is not None:  # the canonical forms, fast
            return cls("place", field, text.endswith("*"))
        if _PASS.fullmatch(text):
            return cls("pass")
        if m := _BUY.fullmatch(text):
            return cls("buy", axis="cols" if m[1].lower().startswith("col") else "rows")
        if m := _PLACE.fullmatch(text):
            field = parse_field(m[1] + m[2])
            if field is None:
                raise InvalidMove(
                    Text("{field!r} is not a field: columns are a..i, rows 1..9", field=excerpt((m[1] + m[2]).lower()))
                )
            return cls("place", field, bool(m[3]))
        raise InvalidMove(_explain(text))

    def __str__(self) -> str:
        if self.kind == "place":
            assert self.field is not None
            return name(self.field) + ("*" if self.other else "")
        if self.kind == "buy":
            return f"buy {self.axis}"
        return "pass"


def _explain(text: str) -> Text:
    shown = excerpt(text)
    if not shown:
        return Text("'an empty move' is not a move. Examples: {examples}", examples=EXAMPLES)
    compact = "".join(text.split()).lower()
    if compact.startswith("buy"):
        return Text("{move!r}: say which right to buy, buy cols (the columns) or buy rows (the rows)", move=shown)
    return Text("{move!r} is not a move. Examples: {examples}", move=shown, examples=EXAMPLES)
