"""Architekton moves in parts (engines/builder.py): ``B07`` ``@1,0`` ``r2`` `` from 3,2``."""

from __future__ import annotations

from ..builder import tokenizer

_SQ = r"-?\d+,-?\d+"

split = tokenizer(
    [
        r"keep|remove|discard",
        r"B\d\d|[EMWF](?=@)",  # the tile
        rf"@(?P<target>{_SQ})",
        r"r\d",  # the rotation
        rf" from (?P<target>{_SQ})",  # the house taken from the board
    ]
)
