"""The pieces on the board (R1, R2): stacks of towers and the bridges on them.

Shared by Tactori and Tactori FEM.  A :class:`Board` knows nothing about
turns; it answers questions about the position and applies single changes.
"""

from __future__ import annotations

from typing import Any

from ..text import Text
from .geometry import Geometry, Place

TOWERS = 16  # per player (R1)
BRIDGES = 15  # per player (R1)
# The bot draws seats in a colour-blind-safe palette (render/common.py), not the
# rulebook's red/blue/green/yellow: messages must name what players see.
COLOURS = ("blue", "orange", "green", "pink")
# The colours in words for players (the same templates as the bot's seat labels).
COLOUR_WORDS = {"blue": Text("blue"), "orange": Text("orange"), "green": Text("green"), "pink": Text("pink")}

Key = tuple[int, int]  # a bridge is named by its end fields (a < b): no two bridges share a place


class Board:
    """Stacks (owners bottom to top) per field, bridges with owner and floor.

    ``seg[s]`` is the bridge covering unit segment ``s`` (R2: at most one);
    ``bridged[(field, floor)]`` counts the bridges ending on that tower.
    """

    __slots__ = ("geo", "stacks", "bridges", "seg", "bridged")

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.stacks: list[list[int]] = [[] for _ in geo.fields]
        self.bridges: dict[Key, tuple[int, int]] = {}  # (a, b) -> (owner, floor)
        self.seg: list[Key | None] = [None] * geo.nseg
        self.bridged: dict[tuple[int, int], int] = {}

    def clone(self) -> Board:
        other = Board.__new__(Board)
        other.geo = self.geo
        other.stacks = [list(s) for s in self.stacks]
        other.bridges = dict(self.bridges)
        other.seg = list(self.seg)
        other.bridged = dict(self.bridged)
        return other

    # ------------------------------------------------------------- queries
    def height(self, i: int) -> int:
        return len(self.stacks[i])

    def top(self, i: int) -> int | None:
        s = self.stacks[i]
        return s[-1] if s else None

    def has_bridge(self, i: int, floor: int) -> bool:
        """R2: a bridge ends on the tower at ``floor`` of field ``i``."""
        return (i, floor) in self.bridged

    def is_free(self, i: int) -> bool:
        """R2: the top tower of ``i`` exists and has no bridge."""
        h = len(self.stacks[i])
        return h > 0 and (i, h) not in self.bridged

    def movable(self, i: int, seat: int) -> int:
        """How many towers from the top of ``i`` are ``seat``'s and free of bridges (R3 stack move)."""
        s = self.stacks[i]
        k = 0
        for floor in range(len(s), 0, -1):
            if s[floor - 1] != seat or (i, floor) in self.bridged:
                break
            k += 1
        return k

    def chaseable(self, i: int, seat: int) -> int:
        """How many towers from the top of ``i`` belong to other players and have no bridges (R4)."""
        s = self.stacks[i]
        k = 0
        for floor in range(len(s), 0, -1):
            if s[floor - 1] == seat or (i, floor) in self.bridged:
                break
            k += 1
        return k

    def overbuilt(self, key: Key) -> bool:
        """R2: a tower lies on one of the bridge's end towers."""
        floor = self.bridges[key][1]
        return len(self.stacks[key[0]]) > floor or len(self.stacks[key[1]]) > floor

    def blockers(self, place: Place) -> set[Key]:
        """The bridges lying on a unit segment of ``place`` (R2 overlap)."""
        return {k for k in (self.seg[place.segs[0]], self.seg[place.segs[1]]) if k is not None}

    def own_bridges(self, seat: int) -> list[Key]:
        return sorted(k for k, (o, _) in self.bridges.items() if o == seat)

    def towers_of(self, seat: int) -> int:
        return sum(s.count(seat) for s in self.stacks)

    # ------------------------------------------------------------- changes
    def place(self, i: int, seat: int) -> None:
        self.stacks[i].append(seat)

    def lift(self, i: int, k: int) -> list[int]:
        """Take the top ``k`` towers off ``i`` (they keep their order)."""
        s = self.stacks[i]
        group = s[len(s) - k :]
        del s[len(s) - k :]
        return group

    def drop(self, i: int, group: list[int]) -> None:
        self.stacks[i].extend(group)

    def lay(self, key: Key, owner: int, floor: int) -> None:
        place = self.geo.places[key]
        self.bridges[key] = (owner, floor)
        for s in place.segs:
            self.seg[s] = key
        for end in key:
            self.bridged[(end, floor)] = self.bridged.get((end, floor), 0) + 1

    def take_up(self, key: Key) -> tuple[int, int]:
        owner, floor = self.bridges.pop(key)
        for s in self.geo.places[key].segs:
            self.seg[s] = None
        for end in key:
            n = self.bridged[(end, floor)] - 1
            if n:
                self.bridged[(end, floor)] = n
            else:
                del self.bridged[(end, floor)]
        return owner, floor

    # ------------------------------------------------------------ identity
    def key(self) -> str:
        """A compact text that identifies the pieces on the board (for repetition): the stacks
        field by field (a1, a2, ..., owners bottom to top), then the bridges ((a, b), (owner, floor))."""
        return (str(self.stacks) + str(sorted(self.bridges.items()))).replace(" ", "")

    # ----------------------------------------------------------- serialise
    def to_json(self) -> dict[str, Any]:
        names = self.geo.names
        return {
            "stacks": {names[i]: list(s) for i, s in enumerate(self.stacks) if s},
            "bridges": [
                {"from": names[a], "to": names[b], "mid": names[self.geo.places[(a, b)].mid], "owner": o, "floor": f}
                for (a, b), (o, f) in sorted(self.bridges.items())
            ],
        }

    @classmethod
    def from_json(cls, geo: Geometry, data: dict[str, Any]) -> Board:
        board = cls(geo)
        for name, owners in data["stacks"].items():
            board.stacks[geo.index[name]] = list(owners)
        for b in data["bridges"]:
            board.lay((geo.index[b["from"]], geo.index[b["to"]]), b["owner"], b["floor"])
        return board
