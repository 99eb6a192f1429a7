"""Tactori / Tactori FEM move notation (R8): a small value with ``parse`` and ``str``.

Case-insensitive; parts separated by spaces (spaces are optional between parts
and ignored inside them, since every part starts with a sign or a field):

- place ``+e5``; move ``c3-c7``; stack move ``2c3-c7``; chase ``2c3-c7x1``;
- bridge ``=c3e3`` (after a place or move, or alone); FEM relocation
  ``=c3e3<c5e5``; FEM removal ``x=c3e3``; ``pass``.

Fields are kept as raw ``(column, row)`` pairs from 0 (``a1`` is ``(0, 0)``);
whether they lie on the board is checked by the state, which knows its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..core import InvalidMove
from ..text import Text, excerpt
from .geometry import COLUMNS

Sq = tuple[int, int]

EXAMPLES = Text("+e5 (place), c3-c7 (move), 2c3-c7x1 (stack move chasing 1), +c3 =c3e3 =e3e5 (place, then bridges)")
FEM_EXAMPLES = Text("=c3e3<c5e5 (relocate a bridge), x=c3e3 (remove a bridge)")

_F = r"([a-z])(\d)"
_TOKENS = [
    ("pass", re.compile(r"pass")),
    ("place", re.compile(rf"\+{_F}")),
    ("remove", re.compile(rf"x={_F}{_F}")),
    ("bridge", re.compile(rf"={_F}{_F}(?:<{_F}{_F})?")),
    ("move", re.compile(rf"(\d*){_F}-{_F}(?:x(\d+))?")),
]


def sq_name(sq: Sq) -> str:
    x, y = sq
    col = COLUMNS[x] if 0 <= x < len(COLUMNS) else chr(ord("a") + x)
    return f"{col}{y + 1}"


def _sq(letter: str, digit: str) -> Sq:
    return (ord(letter) - ord("a"), int(digit) - 1)


def _pair(a: Sq, b: Sq) -> tuple[Sq, Sq]:
    return (a, b) if a <= b else (b, a)


def _check_span(a: Sq, b: Sq, text: str) -> None:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if sorted((dx, dy)) != [0, 2]:
        raise InvalidMove(
            Text(
                "{bridge} is not a bridge: its two fields must be exactly two apart "
                "in one row or column (e.g. =c3e3 or =c3c5)",
                bridge=text,
            )
        )


@dataclass(frozen=True)
class Bridge:
    """A bridge laid in a turn; ``source`` is the FEM bridge taken up for it (relocation)."""

    a: Sq
    b: Sq
    source: tuple[Sq, Sq] | None = None

    def __str__(self) -> str:
        text = f"={sq_name(self.a)}{sq_name(self.b)}"
        if self.source is not None:
            text += f"<{sq_name(self.source[0])}{sq_name(self.source[1])}"
        return text


@dataclass(frozen=True)
class Turn:
    """One whole turn.  ``kind`` is place, move, bridges, remove or pass."""

    kind: str
    target: Sq | None = None  # place field / move destination
    origin: Sq | None = None  # move source
    count: int = 1  # towers moved (k)
    chase: int = 0  # towers chased (m)
    bridges: tuple[Bridge, ...] = ()
    removed: tuple[Sq, Sq] | None = None

    @classmethod
    def parse(cls, text: str) -> Turn:
        # A class is hashable; mypy checks type[Turn] against Turn's own (instance) __hash__ here.
        return _parse(cls, text)  # type: ignore[arg-type]

    @classmethod
    def _parse(cls, text: str) -> Turn:
        compact = "".join(text.split()).lower()
        shown = excerpt(text) or "an empty move"
        if not compact:
            raise InvalidMove(Text("an empty move is not a move. Examples: {examples}", examples=EXAMPLES))
        parts: list[tuple[str, re.Match[str]]] = []
        pos = 0
        while pos < len(compact):
            for kind, rx in _TOKENS:
                m = rx.match(compact, pos)
                if m:
                    parts.append((kind, m))
                    pos = m.end()
                    break
            else:
                rest = compact[pos:]
                raise InvalidMove(
                    Text(
                        "{move!r}: cannot read {rest!r}. Examples: {examples}; in Tactori FEM also {fem_examples}",
                        move=shown,
                        rest=excerpt(rest, 16),
                        examples=EXAMPLES,
                        fem_examples=FEM_EXAMPLES,
                    )
                )
        action: Turn | None = None
        bridges: list[Bridge] = []
        for kind, m in parts:
            if kind == "bridge":
                a, b = _sq(m[1], m[2]), _sq(m[3], m[4])
                _check_span(a, b, m[0])
                source = None
                if m[5]:
                    s1, s2 = _sq(m[5], m[6]), _sq(m[7], m[8])
                    _check_span(s1, s2, "=" + m[0].split("<")[1])
                    source = _pair(s1, s2)
                a, b = _pair(a, b)
                bridges.append(Bridge(a, b, source))
                continue
            if kind in ("pass", "remove") and len(parts) > 1:
                if kind == "pass":
                    raise InvalidMove(Text("{move!r}: pass is a whole turn on its own", move=shown))
                raise InvalidMove(
                    Text("{move!r}: the removal {removal} is a whole turn on its own", move=shown, removal=m[0])
                )
            if action is not None:
                raise InvalidMove(
                    Text("{move!r}: a turn has only one place or move; bridges (=c3e3) may follow it", move=shown)
                )
            if bridges:
                raise InvalidMove(Text("{move!r}: write the place or move first, then its bridges", move=shown))
            if kind == "pass":
                action = cls("pass")
            elif kind == "place":
                action = cls("place", target=_sq(m[1], m[2]))
            elif kind == "remove":
                a, b = _sq(m[1], m[2]), _sq(m[3], m[4])
                _check_span(a, b, m[0][1:])
                action = cls("remove", removed=_pair(a, b))
            else:
                count = int(m[1]) if m[1] else 1
                chase = int(m[6]) if m[6] else 0
                if count < 1:
                    raise InvalidMove(Text("{move!r}: a move takes at least one tower", move=shown))
                origin, target = _sq(m[2], m[3]), _sq(m[4], m[5])
                if origin == target:
                    raise InvalidMove(Text("{move!r}: a move must go to another field", move=shown))
                if chase > count:
                    raise InvalidMove(
                        Text(
                            "{move!r}: you cannot chase more towers (x{chase}) than you move ({count})",
                            move=shown,
                            chase=chase,
                            count=count,
                        )
                    )
                action = cls("move", target=target, origin=origin, count=count, chase=chase)
        if action is None:
            return cls("bridges", bridges=tuple(bridges))
        return cls(
            action.kind, action.target, action.origin, action.count, action.chase, tuple(bridges), action.removed
        )

    def action_text(self) -> str:
        if self.kind == "pass":
            return "pass"
        if self.kind == "place":
            assert self.target is not None  # a place has its field
            return f"+{sq_name(self.target)}"
        if self.kind == "remove":
            assert self.removed is not None  # a removal has its bridge
            return f"x={sq_name(self.removed[0])}{sq_name(self.removed[1])}"
        if self.kind == "move":
            assert self.origin is not None and self.target is not None  # a move has both fields
            k = str(self.count) if self.count > 1 else ""
            x = f"x{self.chase}" if self.chase else ""
            return f"{k}{sq_name(self.origin)}-{sq_name(self.target)}{x}"
        return ""

    def __str__(self) -> str:
        parts = [self.action_text()] if self.kind != "bridges" else []
        parts += [str(b) for b in self.bridges]
        return " ".join(parts)

    @property
    def lays_after_action(self) -> bool:
        return self.kind in ("place", "move")


@lru_cache(maxsize=4096)
def _parse(cls: type[Turn], text: str) -> Turn:
    """Parsing is pure and turns are immutable: cache the texts seen (legal lists repeat a lot)."""
    return cls._parse(text)
