"""Atacama moves in parts (engines/builder.py): ``e5`` ``*`` | ``buy cols`` | ``pass``."""

from __future__ import annotations

from ..builder import tokenizer

split = tokenizer(
    [
        r"buy cols|buy rows|pass",
        r"(?P<target>[a-z]\d+)",
        r"\*",  # an other-colour tower (tactics)
    ]
)
