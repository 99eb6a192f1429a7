"""The move builder: a move in steps, each step a part of its notation.

Every interface that lets a player put a move together from parts (the Discord
select menus, the web board's clicks) takes the parts from here, so that where a
move splits is known once, beside each game's notation: ``split(move)`` in the module
``steps`` of the game's rules package (``engines/<package>/steps.py``, ``Game.part("steps")``),
usually made with :func:`tokenizer`; a game without one has moves of one part each.

A :class:`Step` is the exact text of its part (the parts of a move joined give
the move back, spaces included) and, where the part names a place, that place as
the notation writes it (``c3``, ``1,0``, ``c7e7`` for a line between c7 and e7):
the place a player clicks for it.  Parts without a place (a rotation, a tile, a
chase, a word) are choices.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from .core import State


@dataclass(frozen=True)
class Step:
    text: str  # exactly as in the move ("-c7", " =c7e7", "r2")
    target: str | None = None  # the place it names ("c7", "c7e7", "1,0"), None for a choice

    @property
    def label(self) -> str:
        return self.text.strip()


Tokenizer = Callable[[str], "list[Step] | None"]


def tokenizer(patterns: list[str]) -> Tokenizer:
    """A tokenizer from regexes tried in order at each position; a part's place is the
    named group ``target`` of the regex that matched it, when it has one."""
    compiled = [re.compile(p) for p in patterns]

    def split(move: str) -> list[Step] | None:
        steps: list[Step] = []
        pos = 0
        while pos < len(move):
            for rx in compiled:
                m = rx.match(move, pos)
                if m and m.end() > pos:
                    target = m.groupdict().get("target")
                    steps.append(Step(m[0], target))
                    pos = m.end()
                    break
            else:
                return None
        return steps

    return split


def _tokenizer(game: str) -> Tokenizer | None:
    """The game's ``split`` (its ``steps`` module), None when its moves are not split."""
    from .core import get_game

    name = get_game(game).part("steps")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name and name.startswith(missing.name):
            return None
        raise
    return getattr(module, "split", None)


def steps(move: str, game: str | None = None) -> list[Step]:
    """The parts of the canonical ``move`` of ``game`` (of whichever game's notation reads it
    when ``game`` is None); a text no notation reads is one part."""
    return list(_parts(move, game))


def _parts(move: str, game: str | None) -> tuple[Step, ...]:
    from .core import game_names

    # without a game, every registered notation is tried: the registry is part of the answer
    return _steps(move, (game,) if game else tuple(game_names()))


@lru_cache(maxsize=16384)  # legal move lists repeat from one menu or page to the next
def _steps(move: str, names: tuple[str, ...]) -> tuple[Step, ...]:
    splitters = dict.fromkeys(split for split in map(_tokenizer, names) if split is not None)
    for split in splitters:
        found = split(move)
        if found:
            return tuple(found)
    return (Step(move),)


def cuts(move: str, game: str | None = None) -> list[int]:
    """Where the parts of ``move`` end (the last is ``len(move)``)."""
    ends, pos = [], 0
    for step in _parts(move, game):
        pos += len(step.text)
        ends.append(pos)
    return ends


class Node(TypedDict):
    """A node of :func:`tree` (see there)."""

    text: str
    target: str | None
    end: bool
    next: list[Node]


class _Growing(TypedDict):
    """A node while :func:`tree` builds it: its children by their text."""

    text: str
    target: str | None
    end: bool
    next: dict[str, _Growing]


def tree(legal: Iterable[str], game: str | None = None) -> list[Node]:
    """The legal moves as a tree of steps, for an interface that builds a move part by part.

    Each node is ``{"text", "target", "end", "next"}``: ``end`` says that the parts from the
    root to this one are a whole legal move (it may still go on: ``+e5`` and ``+e5 =e5g5``);
    ``next`` holds the nodes that continue it.  Children keep the order of ``legal``."""
    # the root's own fields are never shown: only its children are returned
    root: _Growing = {"text": "", "target": None, "end": False, "next": {}}
    for move in legal:
        node = root
        for step in steps(move, game):
            child = node["next"].get(step.text)
            if child is None:
                child = node["next"][step.text] = {"text": step.text, "target": step.target, "end": False, "next": {}}
            node = child
        node["end"] = True

    def listed(node: _Growing) -> list[Node]:
        return [
            {"text": child["text"], "target": child["target"], "end": child["end"], "next": listed(child)}
            for child in node["next"].values()
        ]

    return listed(root)


def follow(legal: Iterable[str], chosen: Iterable[str], game: str | None = None) -> tuple[list[Step], bool]:
    """After the parts ``chosen``: the parts that may come next, and whether ``chosen`` is a whole move."""
    chosen = list(chosen)
    nexts: dict[str, Step] = {}
    whole = False
    for move in legal:
        parts = steps(move, game)
        if [p.text for p in parts[: len(chosen)]] != chosen:
            continue
        if len(parts) == len(chosen):
            whole = True
        else:
            nexts.setdefault(parts[len(chosen)].text, parts[len(chosen)])
    return list(nexts.values()), whole


def longer(state: State, move: str, game: str | None = None) -> list[Node]:
    """Tree nodes that continue the whole legal ``move`` by one more part, for the turns that
    ``legal_moves`` leaves out because they are too many to list (Tactori: a second, third...
    bridge after a place or move; ``State.continuations``).  Each is a whole move by itself."""
    more = getattr(state, "continuations", None)
    if more is None or not move:
        return []
    head = [p.text for p in steps(move, game)]
    nodes: dict[str, Node] = {}
    for text in more(move):
        parts = steps(text, game)
        if len(parts) == len(head) + 1 and [p.text for p in parts[:-1]] == head:
            last = parts[-1]
            nodes.setdefault(last.text, {"text": last.text, "target": last.target, "end": True, "next": []})
    return list(nodes.values())
