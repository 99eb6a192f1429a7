"""Select menus over the legal moves: piece, then destination, ... then the move.

Pure and Discord-free.  Discord shows at most 25 options per select menu, so a
long list of legal moves is offered in steps: each option either narrows the
choice to the moves starting with a longer prefix, or is a complete move.

The steps follow the notation's own parts, as the engines' move builder
(``engines.builder``) splits them: ``B07`` | ``@1,0`` | ``r2`` | `` from 3,2``,
``c3`` | ``-c7`` | ``x1`` | `` =c7e7``, ``e5`` | ``*``.  When one step still has
more than 25 different parts (Tactori: 81 placements), they are bucketed by a
shorter prefix ("+a", "+b", ...) first.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines import Text
from engines.builder import cuts

LIMIT = 25  # options per Discord select menu
LABEL_MAX = 100  # characters per option label
# Ends the value of an option that narrows further, so that the group "+e5…"
# (every move starting with +e5) and the move "+e5" itself stay apart.
MORE = "…"


@dataclass(frozen=True)
class Option:
    label: str  # a move, or a Text saying how many moves a group holds
    value: str  # a complete move, or a prefix followed by MORE
    moves: int  # how many legal moves this option leads to

    @property
    def is_move(self) -> bool:
        return not self.value.endswith(MORE)

    @property
    def prefix(self) -> str:
        """The moves this option narrows to start with this (the move itself for a move)."""
        return self.value.removesuffix(MORE)


@dataclass(frozen=True)
class Menu:
    prefix: str  # what every option starts with (may be longer than asked: see ``menu``)
    options: list[Option]  # empty when no legal move starts with the prefix


def group_value(prefix: str) -> str:
    return prefix + MORE


def _next_cut(move: str, start: int, game: str | None = None) -> int:
    """End of the part of ``move`` that begins at ``start`` (the move builder's parts of ``game``)."""
    return next((end for end in cuts(move, game) if end > start), len(move))


def _groups(moves: list[str], keys: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for key, move in zip(keys, moves):
        groups.setdefault(key, []).append(move)
    return groups


def _split(moves: list[str], prefix: str, game: str | None = None) -> dict[str, list[str]]:
    """The moves (all starting with ``prefix``) grouped by their next part; when
    those are more than LIMIT, by the longest shorter prefix that gives at most LIMIT."""
    start = len(prefix)
    cuts = [_next_cut(m, start, game) if len(m) > start else start for m in moves]
    groups = _groups(moves, [m[:cut] for m, cut in zip(moves, cuts)])
    length = max(cuts) - start
    while len(groups) > LIMIT and length > 1:
        length -= 1
        groups = _groups(moves, [m[: min(cut, start + length)] for m, cut in zip(moves, cuts)])
    return groups


def _option(key: str, moves: list[str]) -> Option:
    if len(moves) == 1:
        return Option(moves[0][:LABEL_MAX], moves[0], 1)
    room = LABEL_MAX - len(f" …  ({len(moves)} moves)") - 4  # a little more for longer languages
    return Option(Text("{start} …  ({count} moves)", start=key[:room], count=len(moves)), group_value(key), len(moves))


def menu(legal: list[str], prefix: str = "", game: str | None = None) -> Menu:
    """The next menu for the moves in ``legal`` (of ``game``: its notation's parts; None: whichever
    notation reads them) that start with ``prefix``.

    At most LIMIT options; up to LIMIT remaining moves are listed whole.  A step
    with a single group is skipped (``Menu.prefix`` is then longer than asked),
    so every menu offers a real choice.
    """
    moves = [m for m in legal if m.startswith(prefix)]
    while len(moves) > LIMIT:
        groups = _split(moves, prefix, game)
        if len(groups) == 1:
            [(longer, _)] = groups.items()
            if longer == prefix:  # cannot happen with distinct moves; never loop
                break
            prefix = longer
            continue
        # [:LIMIT] only guards Discord's limit: the notations use fewer than 25
        # different characters after any prefix, so one-character buckets always fit.
        return Menu(prefix, [_option(key, group) for key, group in groups.items()][:LIMIT])
    return Menu(prefix, [Option(m[:LABEL_MAX], m, 1) for m in moves[:LIMIT]])
