"""Tactori and FEM moves in parts (engines/builder.py): ``2c3`` ``-c7`` ``x1`` `` =c7e7`` ``<c5e5``."""

from __future__ import annotations

from ..builder import tokenizer

_F = r"[a-z]\d"

split = tokenizer(
    [
        r"pass",
        rf"x=(?P<target>{_F}{_F})",  # removing a bridge (FEM): click the bridge
        rf" ?=(?P<target>{_F}{_F})",  # laying one: click where it goes
        rf"<(?P<target>{_F}{_F})",  # the bridge taken up for it (FEM)
        rf"\+(?P<target>{_F})",
        rf"\d*(?P<target>{_F})(?=-)",  # "2c3": the count is part of the start
        rf"-(?P<target>{_F})",
        r"x\d+",  # towers chased
    ]
)
