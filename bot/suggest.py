"""Autocomplete over legal moves: filter by what was typed, at most 25 choices."""
from __future__ import annotations

from itertools import zip_longest

LIMIT = 25


def _norm(text: str) -> str:
    return "".join(text.split()).lower()


def suggest(legal: list[str], typed: str, limit: int = LIMIT) -> list[str]:
    """Moves starting with ``typed`` (spaces and case ignored), else containing it.

    When more match than fit, take them round-robin over their first part (the
    tile or field before ``@``/space) so every tile stays reachable; typing more
    narrows the list down.
    """
    key = _norm(typed)
    hits = [m for m in legal if _norm(m).startswith(key)]
    if not hits:
        hits = [m for m in legal if key in _norm(m)]
    if len(hits) <= limit:
        return hits
    groups: dict[str, list[str]] = {}
    for move in hits:
        groups.setdefault(_norm(move)[: len(key) + 1] if key else move.split("@")[0].split(" ")[0], []).append(move)
    spread = [m for row in zip_longest(*groups.values()) for m in row if m is not None]
    return sorted(spread[:limit])
