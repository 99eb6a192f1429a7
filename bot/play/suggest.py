"""Autocomplete over legal moves: filter by what was typed, at most 25 choices."""

from __future__ import annotations

from collections import OrderedDict
from itertools import zip_longest

LIMIT = 25
RECENT = 1024  # positions whose legal moves are kept: a player types several keys per move


def _norm(text: str) -> str:
    return "".join(text.split()).lower()


class Moves:
    """A position's legal moves and their forms as compared with what is typed, computed once."""

    def __init__(self, moves: list[str]):
        self.moves = moves
        self.keys = [_norm(m) for m in moves]
        self.heads = [m.split("@")[0].split(" ")[0] for m in moves]  # the tile or field a move starts with


class RecentMoves:
    """The legal moves of the positions players look at now: every keystroke in /move's
    autocomplete asks again for the same position.  A match's id and version name its position
    in one database (every change counts up the version), so one bot keeps one of these."""

    def __init__(self, size: int = RECENT):
        self.size = size
        self._kept: OrderedDict[tuple[int, int], Moves] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def of(self, match) -> Moves:
        key = (match.id, match.version)
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = Moves(match.position.legal_moves())
            if len(self._kept) > self.size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return found


def suggest(legal: list[str] | Moves, typed: str, limit: int = LIMIT) -> list[str]:
    """Moves starting with ``typed`` (spaces and case ignored), else containing it.

    When more match than fit, take them round-robin over their first part (the
    tile or field before ``@``/space) so every tile stays reachable; typing more
    narrows the list down.
    """
    if not isinstance(legal, Moves):
        legal = Moves(legal)
    key = _norm(typed)
    hits = [n for n, k in enumerate(legal.keys) if k.startswith(key)]
    if not hits:
        hits = [n for n, k in enumerate(legal.keys) if key in k]
    if len(hits) <= limit:
        return [legal.moves[n] for n in hits]
    groups: dict[str, list[str]] = {}
    for n in hits:
        group = legal.keys[n][: len(key) + 1] if key else legal.heads[n]
        groups.setdefault(group, []).append(legal.moves[n])
    spread = [m for row in zip_longest(*groups.values()) for m in row if m is not None]
    return sorted(spread[:limit])
