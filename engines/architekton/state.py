"""Architekton rules (A3..A10 of ``architekton.md``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..core import IllegalMove, Outcome, SetupError, State, clone_json
from ..text import Text
from . import tiles as T
from .notation import Move
from .sample import sample_move
from .scoring import landscape_neighbours, largest_diagonal_group

Square = T.Square
STOCK_SIZE = 3  # per kind (A3, A7)
KINDS = ("B", "L")


def _kind(tile: str) -> str:
    return "B" if tile in T.BUILDINGS else "L"


def _sq(square: Square) -> str:
    return f"{square[0]},{square[1]}"


class ArchitektonState(State):
    """A position of an Architekton match.  Mutated only by :meth:`play`."""

    def __init__(self) -> None:
        # ("L", terrain) or ("B", id, rotation).  Typed loosely: the readers (here, sample.py, the
        # renderer) index a tile by what its tag or its square says it is, which mypy cannot follow
        # through a union of the two tuples.
        self.tiles: dict[Square, tuple[Any, ...]] = {}
        self.houses: dict[Square, int] = {}  # building square -> seat
        self.supply = [T.HOUSES_PER_PLAYER] * 2
        self.chips = [T.CHIPS_AT_START] * 2
        self.bank = T.CHIPS_TOTAL - 2 * T.CHIPS_AT_START
        self.stock: list[str] = []
        self.piles: dict[str, list[str]] = {"B": [], "L": []}
        self.reserves: dict[str, list[str]] = {"B": [], "L": []}
        self.discarded: list[str] = []
        self.first = 0
        self.turn_player = 0
        self.placement = 0  # 0 or 1 within the turn (A4)
        self.turns = [0, 0]  # completed turns per seat
        self.last_round_target: int | None = None  # turns each seat will have had (A7)
        self.queue: list[Square] = []  # enclosed buildings still to score (A5)
        self.pending: Square | None = None  # head of queue awaiting keep/remove
        self.result: dict[str, Any] | None = None
        self.final: dict[str, Any] | None = None  # A9 breakdown
        self.turn_squares: list[Square] = []  # placed in the current/last turn
        self.events: list[dict[str, Any]] = []  # what the last play() caused
        # (tile count, building squares, landscape squares): the empty squares next to a tile,
        # sorted, when the board held that many tiles; None: not known
        self._front: tuple[int, tuple[Square, ...], tuple[Square, ...]] | None = None

    # ----------------------------------------------------------------- setup
    @staticmethod
    def full_setup(rng: random.Random, setup: dict[str, Any]) -> dict[str, Any]:
        """``setup`` completed from ``rng`` (records.md): replays need no RNG then."""
        buildings = sorted(T.BUILDINGS)
        rng.shuffle(buildings)
        landscapes = [t for t in T.TERRAINS for _ in range(T.LANDSCAPE_COUNTS[t])]
        rng.shuffle(landscapes)
        first = rng.randrange(2)
        for key in ("buildings", "landscapes"):
            given = setup.get(key)
            if given is not None and not (isinstance(given, list) and all(isinstance(t, str) for t in given)):
                raise SetupError(Text("setup.{key} must be a list of tile names", key=key))
        full = {
            "buildings": list(setup.get("buildings", buildings)),
            "landscapes": [str(t).upper() for t in setup.get("landscapes", landscapes)],
            "first": setup.get("first", first),
        }
        if sorted(full["buildings"]) != sorted(T.BUILDINGS):
            raise SetupError(Text("setup.buildings must list B01..B22 once each"))
        expected = sorted(t for t in T.TERRAINS for _ in range(T.LANDSCAPE_COUNTS[t]))
        if sorted(full["landscapes"]) != expected:
            raise SetupError(Text("setup.landscapes must hold 6 of each of E, M, W, F"))
        if type(full["first"]) is not int or full["first"] not in (0, 1):
            raise SetupError(Text("setup.first must be 0 or 1"))
        return full

    @classmethod
    def new(cls, rng: random.Random, setup: dict[str, Any]) -> ArchitektonState:
        """A3: the reserves, the stock, the two start tiles and the piles."""
        full = cls.full_setup(rng, setup)
        buildings, landscapes = full["buildings"], full["landscapes"]
        s = cls()
        s.reserves["B"], s.stock, s.piles["B"] = buildings[:4], buildings[4:7], buildings[7:]
        s.reserves["L"] = landscapes[:4]
        s.stock += landscapes[4:7]
        s.tiles[(0, 0)] = ("L", landscapes[7])
        s.tiles[(1, 1)] = ("L", landscapes[8])
        s.piles["L"] = landscapes[9:]
        s.first = s.turn_player = full["first"]
        return s

    # --------------------------------------------------------------- queries
    def current_player(self) -> int | None:
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.houses[self.pending]
        return self.turn_player

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(tuple(self.result["winners"]), self.result["end"], tuple(self.result["scores"]))

    def scores(self) -> list[int]:
        """Chips plus largest diagonal group, without the A9 removal (records.md)."""
        return [self.chips[p] + self.largest_group(p) for p in (0, 1)]

    def largest_group(self, seat: int) -> int:
        """A9: the seat's largest group of diagonally connected houses, as the board stands."""
        return largest_diagonal_group(self.house_squares(seat))

    def has_hidden(self) -> bool:
        return True

    def resample_hidden(self, rng: random.Random) -> ArchitektonState:
        """A3, A7: the building and landscape piles and reserves lie face down.  Their joint
        contents are public (every tile minus the board, the stock and the discarded ones), their
        order and the split between pile and reserve are not: both are drawn afresh."""
        copy = self.copy()
        for kind in ("B", "L"):
            piles, reserves = copy.piles[kind], copy.reserves[kind]
            unseen = sorted(piles + reserves)  # the public multiset, its order forgotten
            rng.shuffle(unseen)
            copy.piles[kind] = unseen[: len(piles)]
            copy.reserves[kind] = unseen[len(piles) :]
        return copy

    def revealed(self) -> int:
        """Tiles drawn from the face-down piles and reserves so far."""
        hidden = sum(len(v) for v in self.piles.values()) + sum(len(v) for v in self.reserves.values())
        return T.TILES_TOTAL - hidden

    def house_squares(self, seat: int) -> set[Square]:
        return {sq for sq, owner in self.houses.items() if owner == seat}

    def stock_of(self, kind: str) -> list[str]:
        return sorted(t for t in self.stock if _kind(t) == kind)

    def mismatches(self, square: Square) -> int:
        _, building, rotation = self.tiles[square]
        return sum(1 for d, n in enumerate(T.neighbours(square)) if self.tiles[n][1] != T.side(building, rotation, d))

    def legal_moves(self) -> list[str]:
        if self.result is not None:
            return []
        if self.pending is not None:
            return ["keep", "remove"]
        moves = [str(m) for m in self._placements()]
        return sorted(moves) if moves else ["discard"]

    def _placements(self) -> Iterator[Move]:
        building_squares, landscape_squares = self._frontier()
        for terrain in sorted(set(self.stock_of("L"))):
            for sq in sorted(landscape_squares):
                if self._landscape_fits(terrain, sq):
                    yield Move("landscape", terrain, sq)
        sources = sorted(self.house_squares(self.turn_player)) if self.supply[self.turn_player] == 0 else [None]
        for building in self.stock_of("B"):
            for sq in sorted(building_squares):
                for r in T.distinct_rotations(building):
                    if self._building_fits(building, r, sq):
                        for src in sources:
                            yield Move("building", building, sq, r, src)

    def _frontier(self) -> tuple[set[Square], set[Square]]:
        """Empty squares next to a tile: (building squares, landscape squares)."""
        building_squares, landscape_squares = self.frontier()
        return set(building_squares), set(landscape_squares)

    def frontier(self) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
        """Empty squares next to a tile, sorted: (building squares, landscape squares).
        Kept up to date by :meth:`_place` once known (tiles are only ever added); recomputed
        when the tile count says the board changed otherwise (e.g. a test laying tiles by hand)."""
        if self._front is None or self._front[0] != len(self.tiles):
            building_squares: set[Square] = set()
            landscape_squares: set[Square] = set()
            for sq in self.tiles:
                for n in T.neighbours(sq):
                    if n not in self.tiles:
                        (building_squares if T.is_building_square(n) else landscape_squares).add(n)
            self._front = (len(self.tiles), tuple(sorted(building_squares)), tuple(sorted(landscape_squares)))
        return self._front[1], self._front[2]

    def _grow_frontier(self, sq: Square) -> None:
        """The tile just laid on ``sq`` leaves the frontier; its empty neighbours join it."""
        if self._front is None or self._front[0] != len(self.tiles) - 1:
            self._front = None
            return
        building_squares, landscape_squares = set(self._front[1]), set(self._front[2])
        building_squares.discard(sq)
        landscape_squares.discard(sq)
        for n in T.neighbours(sq):
            if n not in self.tiles:
                (building_squares if T.is_building_square(n) else landscape_squares).add(n)
        self._front = (len(self.tiles), tuple(sorted(building_squares)), tuple(sorted(landscape_squares)))

    def _landscape_fits(self, terrain: str, sq: Square) -> bool:
        for d, n in enumerate(T.neighbours(sq)):
            tile = self.tiles.get(n)
            if tile and T.side(tile[1], tile[2], (d + 2) % 4) == terrain:
                return True
        return False

    def _building_fits(self, building: str, rotation: int, sq: Square) -> bool:
        for d, n in enumerate(T.neighbours(sq)):
            tile = self.tiles.get(n)
            if tile and tile[1] == T.side(building, rotation, d):
                return True
        return False

    def sample_move(self, rng: random.Random) -> str:
        return sample_move(self, rng)

    # ------------------------------------------------------------------ play
    def play_trusted(self, text: str) -> str:
        """:meth:`play` without the A4/A6 checks: only for a move from :meth:`legal_moves`
        or :meth:`sample_move` of this position."""
        move = Move.parse(text)
        self.events = []
        if move.kind in ("keep", "remove"):
            self._decide(move.kind == "keep")
        elif move.kind == "discard":
            self._discard()
        else:
            self._place(move)
        return str(move)

    def play(self, text: str) -> str:
        move = Move.parse(text)
        if self.result is not None:
            raise IllegalMove(Text("the match is over"))
        if self.pending is not None:
            if move.kind not in ("keep", "remove"):
                raise IllegalMove(
                    Text(
                        "the building at {square} waits for its owner's decision: keep or remove",
                        square=_sq(self.pending),
                    )
                )
            self.events = []
            self._decide(move.kind == "keep")
            return move.kind
        if move.kind in ("keep", "remove"):
            raise IllegalMove(Text("there is no enclosure decision to make now"))
        if move.kind == "discard":
            if any(True for _ in self._placements()):
                raise IllegalMove(Text("discard is allowed only when no stock tile can be laid anywhere (A6)"))
            self.events = []
            self._discard()
            return "discard"
        move = self._validate_placement(move)
        self.events = []
        self._place(move)
        return str(move)

    def _validate_placement(self, move: Move) -> Move:
        tile, sq = move.tile, move.square
        assert tile is not None and sq is not None  # a parsed placement names its tile and square
        kind = "B" if move.kind == "building" else "L"
        if tile not in self.stock:
            held = ", ".join(self.stock_of(kind))
            raise IllegalMove(self._not_in_stock(kind, tile, held))
        if sq in self.tiles:
            raise IllegalMove(Text("{square} is already taken", square=_sq(sq)))
        if T.is_building_square(sq) != (kind == "B"):
            if kind == "B":
                raise IllegalMove(Text("buildings go on squares where x+y is odd; {square} is not one", square=_sq(sq)))
            raise IllegalMove(Text("landscapes go on squares where x+y is even; {square} is not one", square=_sq(sq)))
        if not any(n in self.tiles for n in T.neighbours(sq)):
            raise IllegalMove(Text("{square} does not touch any tile", square=_sq(sq)))
        if kind == "L":
            if not self._landscape_fits(tile, sq):
                raise IllegalMove(
                    Text(
                        "no neighbouring building shows {terrain} ({tile}) towards {square}",
                        terrain=T.TERRAIN_NAMES[tile],
                        tile=tile,
                        square=_sq(sq),
                    )
                )
            return move
        if not self._building_fits(tile, move.rotation, sq):
            raise IllegalMove(
                Text(
                    "no side of {tile} at r{rotation} matches a neighbouring landscape at {square}",
                    tile=tile,
                    rotation=move.rotation,
                    square=_sq(sq),
                )
            )
        seat = self.turn_player
        if self.supply[seat] > 0 and move.source is not None:
            raise IllegalMove(Text("you still have houses in your supply; leave out the 'from' part"))
        if self.supply[seat] == 0:
            mine = sorted(self.house_squares(seat))
            if move.source is None:
                raise IllegalMove(
                    Text(
                        "your supply is empty: add 'from x,y' naming one of your houses ({houses})",
                        houses=" ".join(_sq(s) for s in mine),
                    )
                )
            if move.source not in mine:
                raise IllegalMove(Text("there is no house of yours on {square}", square=_sq(move.source)))
        return Move("building", tile, sq, T.canonical_rotation(tile, move.rotation), move.source)

    @staticmethod
    def _not_in_stock(kind: str, tile: str, held: str) -> Text:
        """The refusal for a tile the stock does not hold; ``held`` lists the stock tiles of that kind."""
        if kind == "B":
            if held:
                return Text("{tile} is not in the stock; the stock holds {held}", tile=tile, held=held)
            return Text("{tile} is not in the stock; the stock holds none", tile=tile)
        if held:
            return Text(
                "there is no {terrain} tile ({tile}) in the stock; its landscapes are {held}",
                terrain=T.TERRAIN_NAMES[tile],
                tile=tile,
                held=held,
            )
        return Text(
            "there is no {terrain} tile ({tile}) in the stock; its landscapes are none",
            terrain=T.TERRAIN_NAMES[tile],
            tile=tile,
        )

    def _place(self, move: Move) -> None:
        seat, sq, tile = self.turn_player, move.square, move.tile
        assert sq is not None and tile is not None  # a parsed placement names its tile and square
        if self.placement == 0:
            self.turn_squares = []
        self.turn_squares.append(sq)
        self.stock.remove(tile)
        self.events.append(
            {
                "type": "place",
                "seat": seat,
                "tile": move.tile,
                "square": list(sq),
                "rotation": move.rotation if move.kind == "building" else None,
                "source": list(move.source) if move.source else None,
            }
        )
        if move.kind == "landscape":
            self.tiles[sq] = ("L", move.tile)
            enclosed = [
                n
                for n in T.neighbours(sq)
                if n in self.tiles and self.tiles[n][0] == "B" and landscape_neighbours(self.tiles, n) == 4
            ]
        else:
            self.tiles[sq] = ("B", move.tile, move.rotation)
            if move.source is not None:
                del self.houses[move.source]
            else:
                self.supply[seat] -= 1
            self.houses[sq] = seat
            enclosed = [sq] if landscape_neighbours(self.tiles, sq) == 4 else []
        self._grow_frontier(sq)
        self.placement += 1
        self.queue = enclosed
        self._advance()

    def _advance(self) -> None:
        """Score queued enclosures (A5) until one needs a decision, then go on."""
        while self.queue:
            sq = self.queue[0]
            owner = self.houses.get(sq)
            if owner is None:
                self.queue.pop(0)
                continue
            k = self.mismatches(sq)
            base = {"owner": owner, "square": list(sq), "k": k}
            if k == 0:
                gained = 1 if self.bank > 0 else 0
                self.bank -= gained
                self.chips[owner] += gained
                self.events.append({"type": "perfect", **base, "chips": gained})
            elif self.chips[owner] < k - 1:
                self.events.append({"type": "bankrupt", **base})
                self._end([1 - owner], "early", self.scores())
                return
            elif self.chips[owner] == k - 1:
                self._pay(sq, owner, k - 1, remove=True, auto=True)
            else:
                self.pending = sq
                self.events.append({"type": "pending", **base})
                return
            self.queue.pop(0)
        self._continue_turn()

    def _pay(self, sq: Square, owner: int, amount: int, remove: bool, auto: bool = False) -> None:
        self.chips[owner] -= amount
        self.bank += amount
        if remove:
            del self.houses[sq]
            self.supply[owner] += 1
        self.events.append(
            {"type": "pay", "owner": owner, "square": list(sq), "paid": amount, "removed": remove, "auto": auto}
        )

    def _decide(self, keep: bool) -> None:
        sq = self.pending
        assert sq is not None  # a decision is played only while a building waits for one
        owner = self.houses[sq]
        k = self.mismatches(sq)
        self._pay(sq, owner, k if keep else k - 1, remove=not keep)
        self.pending = None
        self.queue.pop(0)
        self._advance()

    def _continue_turn(self) -> None:
        if self.placement >= 2 or not self.stock:
            self._end_turn()

    def _end_turn(self) -> None:
        p = self.turn_player
        self.turns[p] += 1
        self._refill(p, self.turns[p])
        self.turn_player, self.placement = 1 - p, 0
        if self.last_round_target is not None and self.turns == [self.last_round_target] * 2 or not self.stock:
            self._final_scoring()

    def _discard(self) -> None:
        self.events.append({"type": "discard", "tiles": sorted(self.stock)})
        self.discarded += self.stock
        self.stock = []
        p = self.turn_player
        self._refill(p, self.turns[p] + 1)  # timed as if refilled at the end of this turn (A6)
        if not self.stock:
            if self.placement == 0:
                self._final_scoring()
            else:
                self._end_turn()

    def _refill(self, seat: int, turns_after: int) -> None:
        """A7: top the stock up to 3 + 3 from the piles, then from the reserves."""
        for kind in KINDS:
            need = STOCK_SIZE - len(self.stock_of(kind))
            take = self.piles[kind][:need]
            del self.piles[kind][:need]
            if len(take) < need:
                short = need - len(take)
                take += self.reserves[kind][:short]
                del self.reserves[kind][:short]
                if self.last_round_target is None:
                    self._begin_last_round(seat, turns_after)
            self.stock += take

    def _begin_last_round(self, seat: int, turns_after: int) -> None:
        # Second player finished: both get one more turn; starting player finished: the second one does.
        self.last_round_target = turns_after + 1 if seat != self.first else turns_after
        self.events.append({"type": "last-round"})

    def _final_scoring(self) -> None:
        """A9: remove weakly connected buildings, then largest group + chips."""
        removed = sorted(
            sq for sq, t in self.tiles.items() if t[0] == "B" and landscape_neighbours(self.tiles, sq) in (1, 2)
        )
        gone = set(removed)
        groups, houses = [], []
        for p in (0, 1):
            mine = self.house_squares(p) - gone
            groups.append(largest_diagonal_group(mine))
            houses.append(len(mine))
        points = [groups[p] + self.chips[p] for p in (0, 1)]
        self.final = {
            "removed": [list(s) for s in removed],
            "groups": groups,
            "houses": houses,
            "chips": list(self.chips),
            "points": points,
        }
        if points[0] != points[1]:
            winners = [points.index(max(points))]
        elif houses[0] != houses[1]:
            winners = [houses.index(max(houses))]
        else:
            winners = [0, 1]
        self.events.append({"type": "final"})
        self._end(winners, "normal", points)

    def _end(self, winners: list[int], end: str, scores: list[int]) -> None:
        self.result = {"winners": sorted(winners), "end": end, "scores": list(scores)}
        self.queue, self.pending = [], None

    def resign(self, seat: int) -> None:
        if self.result is None:
            self._end([1 - seat], "resign", self.scores())

    # ------------------------------------------------------------ serialise
    def to_json(self) -> dict[str, Any]:
        tiles = []
        for (x, y), t in sorted(self.tiles.items()):
            tiles.append([x, y, *t])
        return {
            "tiles": tiles,
            "houses": [[x, y, s] for (x, y), s in sorted(self.houses.items())],
            "supply": list(self.supply),
            "chips": list(self.chips),
            "bank": self.bank,
            "stock": list(self.stock),
            "piles": {k: list(v) for k, v in self.piles.items()},
            "reserves": {k: list(v) for k, v in self.reserves.items()},
            "discarded": list(self.discarded),
            "first": self.first,
            "turn_player": self.turn_player,
            "placement": self.placement,
            "turns": list(self.turns),
            "last_round_target": self.last_round_target,
            "queue": [list(s) for s in self.queue],
            "pending": list(self.pending) if self.pending else None,
            "result": self.result,
            "final": self.final,
            "turn_squares": [list(s) for s in self.turn_squares],
            "events": self.events,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ArchitektonState:
        s = cls()
        s.tiles = {(t[0], t[1]): tuple(t[2:]) for t in data["tiles"]}
        s.houses = {(x, y): seat for x, y, seat in data["houses"]}
        s.supply, s.chips, s.bank = list(data["supply"]), list(data["chips"]), data["bank"]
        s.stock = list(data["stock"])
        s.piles = {k: list(v) for k, v in data["piles"].items()}
        s.reserves = {k: list(v) for k, v in data["reserves"].items()}
        s.discarded = list(data["discarded"])
        s.first, s.turn_player, s.placement = data["first"], data["turn_player"], data["placement"]
        s.turns, s.last_round_target = list(data["turns"]), data["last_round_target"]
        s.queue = [tuple(q) for q in data["queue"]]
        s.pending = tuple(data["pending"]) if data["pending"] else None
        s.result, s.final = data["result"], data["final"]
        s.turn_squares = [tuple(q) for q in data["turn_squares"]]
        s.events = list(data["events"])
        return s

    def copy(self) -> ArchitektonState:
        """As from_json(to_json()), without the detour: every field is taken over, the mutable
        ones copied (tile and square tuples are immutable, so they are shared)."""
        s = ArchitektonState.__new__(ArchitektonState)
        s.__dict__.update(self.__dict__)
        s.tiles, s.houses = dict(self.tiles), dict(self.houses)
        s.supply, s.chips = list(self.supply), list(self.chips)
        s.stock = list(self.stock)
        s.piles = {k: list(v) for k, v in self.piles.items()}
        s.reserves = {k: list(v) for k, v in self.reserves.items()}
        s.discarded = list(self.discarded)
        s.turns = list(self.turns)
        s.queue = list(self.queue)
        s.result, s.final = clone_json(self.result), clone_json(self.final)
        s.turn_squares = list(self.turn_squares)
        s.events = clone_json(self.events)
        return s

    # --------------------------------------------------------------- words
    def describe(self, move: str, names: list[str]) -> Text | str:
        from .describe import describe_events

        return describe_events(self.events, names)

    def prompt(self) -> Text | str:
        if self.result is not None:
            return ""
        if self.pending is not None:
            k = self.mismatches(self.pending)
            params = {"square": _sq(self.pending), "count": k, "keep": k, "remove": k - 1}
            if k == 1:  # removing costs k-1 = 0: said as free
                return Text(
                    "your building at {square} is enclosed with {count} mismatched side: "
                    "**keep** (pay {keep}) or **remove** (free)",
                    **params,
                )
            return Text(
                "your building at {square} is enclosed with {count} mismatched sides: "
                "**keep** (pay {keep}) or **remove** (pay {remove})",
                **params,
            )
        if self.legal_moves() == ["discard"]:
            return Text("no stock tile fits anywhere, so your only move is `discard` (A6)")
        if self.placement == 0:
            return Text("first placement of your turn")
        return Text("second placement of your turn")

    def summary(self, names: list[str]) -> Text | str:
        from .describe import final_breakdown

        return final_breakdown(self.final, names) if self.final else ""
