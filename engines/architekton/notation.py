"""Architekton move notation (A11): a small value with ``parse`` and ``str``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import InvalidMove
from ..text import Text, excerpt
from .tiles import BUILDINGS, TERRAINS, Square

# Spaces may separate the parts of a move but never split a number (A11).
_NUM = r"\s*(-?\d+)\s*"
_LANDSCAPE = re.compile(rf"\s*([EMWF])\s*@{_NUM},{_NUM}", re.I | re.A)
_BUILDING = re.compile(rf"\s*B(\d{{1,2}})\s*@{_NUM},{_NUM}R\s*(\d+)\s*(?:FROM{_NUM},{_NUM})?", re.I | re.A)
WORDS = ("keep", "remove", "discard")

EXAMPLES = Text("W@2,0 (landscape), B07@1,0r2 (building), B07@1,0r2 from 3,2, keep, remove, discard")


@dataclass(frozen=True)
class Move:
    """One Architekton move: a placement, a decision or a discard."""

    kind: str  # "landscape", "building", or one of WORDS
    tile: str | None = None  # terrain letter or building id
    square: Square | None = None
    rotation: int = 0
    source: Square | None = None  # square whose house is moved (supply empty)

    @classmethod
    def parse(cls, text: str) -> Move:
        compact = "".join(text.split()).upper()
        if compact.lower() in WORDS:
            return cls(compact.lower())
        if m := _LANDSCAPE.fullmatch(text):
            return cls("landscape", m[1].upper(), (int(m[2]), int(m[3])))
        if m := _BUILDING.fullmatch(text):
            tile = f"B{int(m[1]):02d}"
            if tile not in BUILDINGS:
                raise InvalidMove(Text("there is no building tile {tile}; they are B01..B22", tile=tile))
            rotation = int(m[4])
            if rotation > 3:
                raise InvalidMove(Text("rotation r{rotation} does not exist; use r0, r1, r2 or r3", rotation=rotation))
            source = (int(m[5]), int(m[6])) if m[5] is not None else None
            return cls("building", tile, (int(m[2]), int(m[3])), rotation, source)
        raise InvalidMove(_explain(compact, text))

    def __str__(self) -> str:
        if self.kind in WORDS:
            return self.kind
        assert self.square is not None
        x, y = self.square
        if self.kind == "landscape":
            return f"{self.tile}@{x},{y}"
        text = f"{self.tile}@{x},{y}r{self.rotation}"
        if self.source is not None:
            text += f" from {self.source[0]},{self.source[1]}"
        return text


def _explain(compact: str, original: str) -> Text:
    shown = excerpt(original)
    if not shown:
        return Text("'an empty move' is not a move. Examples: {examples}", examples=EXAMPLES)
    if compact[:1] in TERRAINS and "@" not in compact:
        return Text(
            "{move!r}: put @ and the square after the terrain, e.g. {example}", move=shown, example=f"{compact[:1]}@2,0"
        )
    if compact.startswith("B") and "@" in compact and "R" not in compact.split("@", 1)[1]:
        return Text(
            "{move!r}: a building needs a rotation, e.g. {example} (r0..r3 quarter turns clockwise)",
            move=shown,
            example=f"{excerpt(compact)}r0",
        )
    return Text("{move!r} is not a move. Examples: {examples}", move=shown, examples=EXAMPLES)
