"""What Tactori and Tactori FEM share: turns of place / move / bridges (R3, R4, R7),
their validation, the serialised state, and the public face of the move generator
(``turns.py``): ``legal_moves``, ``continuations``, ``actions``, ``apply_partial``.

The two games differ in hooks: where a tower may move (:meth:`_targets`),
whether stacks may move, whether bridges may be relocated or removed (FEM),
how many bridges a bridges-only turn lays, and what happens after a turn
(:meth:`_after_turn`: Tactori's last round and scoring, FEM's loop, stuck and
repetition).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, ClassVar, Self

from ..core import IllegalMove, Outcome, State, clone_json
from ..text import Joined, Text
from .board import BRIDGES, COLOUR_WORDS, COLOURS, TOWERS, Board, Key
from .geometry import Geometry, geometry
from .notation import Bridge, Sq, Turn, sq_name
from .polygons import Polygon, polygons_of
from .sample import sample_turn
from .turns import Action, actions, has_turn, one_more_bridge, turns


class PartialTurn:
    """A turn, or the first parts of one, applied to scratch copies of the board and supplies
    (:meth:`TowersState.apply_partial`): ``board``, ``towers`` and ``bridge_supply`` (per seat)
    as they are after it, ``target`` the field of the placed or moved towers (None when none
    stands there), ``laid`` the bridges it laid, in order."""

    __slots__ = ("board", "towers", "bridge_supply", "target", "laid", "events", "last")

    def __init__(self, board: Board, towers: list[int], bridge_supply: list[int]):
        self.board, self.towers, self.bridge_supply = board, towers, bridge_supply
        self.target: int | None = None  # field of the placed / moved tower, when one stands there
        self.laid: list[Key] = []  # bridges laid in this turn, in order
        self.events: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}


class TowersState(State):
    """A position of Tactori or Tactori FEM.  Mutated only by :meth:`play` and :meth:`resign`."""

    NAME: ClassVar[str]
    SIZE: ClassVar[int]
    FEM: ClassVar[bool]

    def __init__(self, players: int, options: dict[str, Any]):
        self.geo: Geometry = geometry(self.SIZE)
        self.players = players
        self.options = dict(options)
        self.board = Board(self.geo)
        self.towers = [TOWERS] * players  # supply of towers per seat
        self.bridge_supply = [BRIDGES] * players  # supply of bridges per seat
        self.to_move = 0
        self.dropped: list[int] = []  # seats that resigned (Tactori, 3-4 players)
        self.ply = 0
        self.result: dict[str, Any] | None = None
        self.history: dict[str, int] = {}  # position key -> occurrences (R5/R7 repetition)
        self.last: dict[str, Any] | None = None  # the last turn, for the renderer
        self.events: list[dict[str, Any]] = []  # what the last play() caused, for describe()
        self._reset_caches()

    def _reset_caches(self) -> None:
        self._legal: list[str] | None = None
        self._polys: dict[int, list[Polygon]] = {}

    @classmethod
    def new(cls, players: int, options: dict[str, Any]) -> Self:
        s = cls(players, options)
        s._count_position()
        return s

    # ----------------------------------------------------------- variations
    @property
    def chase(self) -> bool:
        return bool(self.options.get("chase"))

    def _stack_moves(self) -> bool:
        return True

    def _targets(self, p: int) -> list[int]:
        raise NotImplementedError

    def _check_path(self, p: int, q: int, turn: Turn) -> None:
        pass

    def _after_turn(self, seat: int, turn: Turn, ex: PartialTurn) -> None:
        raise NotImplementedError

    def polygons(self, seat: int) -> list[Polygon]:
        if seat not in self._polys:
            self._polys[seat] = polygons_of(self.board, seat)
        return self._polys[seat]

    # --------------------------------------------------------------- queries
    def current_player(self) -> int | None:
        return None if self.result is not None else self.to_move

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(tuple(self.result["winners"]), self.result["end"], tuple(self.result["scores"]))

    def active(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.dropped]

    def next_seat(self, seat: int) -> int:
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if s not in self.dropped:
                return s
        return seat

    def position_key(self) -> str:
        """A short digest of the position for the repetition count (R5, R7): the pieces on
        the board, the seat to move and the seats still playing (supplies follow from the board)."""
        text = f"{self.to_move}/{''.join(map(str, self.dropped))}/{self.board.key()}"
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    def _count_position(self) -> int:
        key = self.position_key()
        self.history[key] = self.history.get(key, 0) + 1
        return self.history[key]

    def _end(self, winners: list[int], end: str, scores: list[int]) -> None:
        self.result = {"winners": sorted(winners), "end": end, "scores": list(scores)}
        self.events.append({"type": "end", **clone_json(self.result)})

    # ------------------------------------------------------------ messages
    def _colour(self, seat: int) -> Text:
        return COLOUR_WORDS[COLOURS[seat]]

    def _field(self, sq: Sq) -> int:
        x, y = sq
        if not self.geo.on_board(x, y):
            raise IllegalMove(
                Text("there is no field {field}; {board}", field=sq_name(sq), board=self.geo.describe_board())
            )
        return self.geo.at(x, y)

    # ------------------------------------------------------------------ play
    def play(self, text: str) -> str:
        return self._play(text, in_place=False)

    def play_trusted(self, text: str) -> str:
        """:meth:`play` without scratch copies: a refused move would leave the state half changed."""
        return self._play(text, in_place=True)

    def sample_move(self, rng: random.Random) -> str:
        return sample_turn(self, rng)

    def _play(self, text: str, in_place: bool) -> str:
        turn = Turn.parse(text)
        if self.result is not None:
            raise IllegalMove(Text("the match is over"))
        ex = self._execute(turn, in_place)
        canonical = str(turn)
        seat = self.to_move
        self.board, self.towers, self.bridge_supply = ex.board, ex.towers, ex.bridge_supply
        self.events = ex.events
        self.last = {"seat": seat, "move": canonical, "ply": self.ply + 1, **ex.last}
        self._reset_caches()
        self.ply += 1
        self._after_turn(seat, turn, ex)
        self._reset_caches()
        return canonical

    def _execute(self, turn: Turn, in_place: bool = False) -> PartialTurn:
        """Validate ``turn`` step by step on scratch copies (or, ``in_place``, on the position
        itself); raise IllegalMove with the reason."""
        seat = self.to_move
        if in_place:
            ex = PartialTurn(self.board, self.towers, self.bridge_supply)
        else:
            ex = PartialTurn(self.board.clone(), list(self.towers), list(self.bridge_supply))
        board, names = ex.board, self.geo.names
        ex.last = {
            "kind": turn.kind,
            "from": None,
            "to": None,
            "count": 0,
            "chase": 0,
            "chased": [],
            "bridges": [],
            "relocated": [],
            "removed": None,
        }
        if turn.kind == "pass":
            if self.FEM:
                raise IllegalMove(Text("there is no pass in Tactori FEM (R7)"))
            if self._has_turn(seat):
                raise IllegalMove(Text("pass is allowed only when you can neither place, move nor lay a bridge (R3)"))
            ex.events.append({"type": "pass", "seat": seat})
            return ex
        if turn.kind == "remove":
            if not self.FEM:
                raise IllegalMove(Text("removing a bridge (x=...) exists only in Tactori FEM (R7)"))
            assert turn.removed is not None  # a parsed removal has its bridge
            key = self._own_bridge(board, turn.removed, seat, "remove")
            _, floor = board.take_up(key)
            ex.bridge_supply[seat] += 1
            ex.events.append(
                {"type": "remove", "seat": seat, "from": names[key[0]], "to": names[key[1]], "floor": floor}
            )
            ex.last["removed"] = [names[key[0]], names[key[1]]]
            return ex
        if turn.kind == "place":
            assert turn.target is not None  # a parsed place has its field
            q = self._field(turn.target)
            if ex.towers[seat] == 0:
                raise IllegalMove(Text("you have no towers left in your supply; move a tower or lay a bridge instead"))
            board.place(q, seat)
            ex.towers[seat] -= 1
            ex.target = q
            ex.events.append({"type": "place", "seat": seat, "field": names[q], "height": board.height(q)})
            ex.last.update({"to": names[q], "count": 1})
        elif turn.kind == "move":
            self._move(ex, seat, turn)
        if turn.bridges:
            self._lay_all(ex, seat, turn)
        return ex

    def _move(self, ex: PartialTurn, seat: int, turn: Turn) -> None:
        board, names = ex.board, self.geo.names
        assert turn.origin is not None and turn.target is not None  # a parsed move has both fields
        p, q = self._field(turn.origin), self._field(turn.target)
        k, m = turn.count, turn.chase
        P, Q = names[p], names[q]
        top = board.top(p)
        if top is None:
            raise IllegalMove(Text("there is no tower on {field}", field=P))
        if top != seat:
            raise IllegalMove(
                Text(
                    "the top tower on {field} is {colour}, not yours (you play {own})",
                    field=P,
                    colour=self._colour(top),
                    own=self._colour(seat),
                )
            )
        if k > 1 and not self._stack_moves():
            raise IllegalMove(
                Text(
                    "moving {count} towers together needs the option stacks (R7); move one tower: {move}",
                    count=k,
                    move=f"{P}-{Q}",
                )
            )
        free = board.movable(p, seat)
        if free == 0:
            raise IllegalMove(
                Text("your tower on {field} carries a bridge and cannot move; only free towers move (R3)", field=P)
            )
        if k > free:
            h = board.height(p)
            if k > h:
                if h == 1:
                    raise IllegalMove(Text("there is only 1 tower on {field}", field=P))
                raise IllegalMove(Text("there are only {count} towers on {field}", count=h, field=P))
            own = 0
            for owner in reversed(board.stacks[p]):
                if owner != seat:
                    break
                own += 1
            if own < k:
                if own == 1:
                    raise IllegalMove(
                        Text(
                            "the top {count} towers on {field} are not all yours (only the top 1); "
                            "a stack move takes your own towers from the top",
                            count=k,
                            field=P,
                        )
                    )
                raise IllegalMove(
                    Text(
                        "the top {count} towers on {field} are not all yours (only the top {own}); "
                        "a stack move takes your own towers from the top",
                        count=k,
                        field=P,
                        own=own,
                    )
                )
            if free == 1:
                raise IllegalMove(
                    Text(
                        "only the top 1 of your towers on {field} are free of bridges; "
                        "towers with bridges cannot move (R3)",
                        field=P,
                    )
                )
            raise IllegalMove(
                Text(
                    "only the top {count} of your towers on {field} are free of bridges; "
                    "towers with bridges cannot move (R3)",
                    count=free,
                    field=P,
                )
            )
        self._check_path(p, q, turn)
        if m:
            if not self.chase:
                raise IllegalMove(Text("chasing (x{chase}) needs the option chase (R4)", chase=m))
            c = board.chaseable(q, seat)
            if m > c:
                h = board.height(q)
                if m > h:
                    if h == 0:
                        raise IllegalMove(Text("there are no towers on {field} to chase", field=Q))
                    if h == 1:
                        raise IllegalMove(Text("there is only 1 tower on {field} to chase", field=Q))
                    raise IllegalMove(Text("there are only {count} towers on {field} to chase", count=h, field=Q))
                if c == 0:
                    raise IllegalMove(
                        Text(
                            "no tower on top of {field} can be chased: chased towers "
                            "must be other players' and free of bridges (R4)",
                            field=Q,
                        )
                    )
                if c == 1:
                    raise IllegalMove(
                        Text(
                            "only 1 tower on top of {field} can be chased: chased towers "
                            "must be other players' and free of bridges (R4)",
                            field=Q,
                        )
                    )
                raise IllegalMove(
                    Text(
                        "only {count} towers on top of {field} can be chased: chased towers "
                        "must be other players' and free of bridges (R4)",
                        count=c,
                        field=Q,
                    )
                )
        group = board.lift(p, k)
        chased: list[int] = []
        if m:
            chased = board.lift(q, m)
            for owner in chased:
                ex.towers[owner] += 1
            ex.towers[seat] += m
            group = group[m:]
        board.drop(q, group)
        ex.target = q if group else None
        ex.events.append(
            {
                "type": "move",
                "seat": seat,
                "from": P,
                "to": Q,
                "count": k,
                "chased": chased,
                "landed": len(group),
                "height": board.height(q),
            }
        )
        ex.last.update({"from": P, "to": Q, "count": k, "chase": m, "chased": chased})

    def _own_bridge(self, board: Board, pair: tuple[Sq, Sq], seat: int, verb: str) -> Key:
        a, b = self._field(pair[0]), self._field(pair[1])
        key = (a, b)
        text = f"{self.geo.names[a]}-{self.geo.names[b]}"
        remove = verb == "remove"
        if key not in board.bridges:
            if remove:
                raise IllegalMove(Text("there is no bridge on {bridge} to remove", bridge=text))
            raise IllegalMove(Text("there is no bridge on {bridge} to relocate", bridge=text))
        owner, _ = board.bridges[key]
        if owner != seat:
            if remove:
                raise IllegalMove(
                    Text(
                        "the bridge on {bridge} is {colour}'s; you can only remove your own",
                        bridge=text,
                        colour=self._colour(owner),
                    )
                )
            raise IllegalMove(
                Text(
                    "the bridge on {bridge} is {colour}'s; you can only relocate your own",
                    bridge=text,
                    colour=self._colour(owner),
                )
            )
        if board.overbuilt(key):
            raise IllegalMove(
                Text(
                    "your bridge {bridge} is overbuilt (a tower stands on one of its ends), so it "
                    "cannot be taken up (R7)",
                    bridge=text,
                )
            )
        return key

    def _lay_all(self, ex: PartialTurn, seat: int, turn: Turn) -> None:
        names = self.geo.names
        if turn.kind == "move" and ex.target is None:
            raise IllegalMove(Text("all your moving towers chased, so none landed and no bridges can be laid (R4)"))
        if self.FEM and turn.kind == "bridges" and len(turn.bridges) > 1:
            raise IllegalMove(
                Text("in Tactori FEM a turn without a place or move lays or relocates exactly one bridge (R7)")
            )
        for br in turn.bridges:
            self._lay(ex, seat, br)
        # R3: the new bridges form one connected graph (containing the placed / moved tower)
        parent: dict[int, int] = {}

        def find(v: int) -> int:
            parent.setdefault(v, v)
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for a, b in ex.laid:
            parent[find(a)] = find(b)
        if ex.target is not None:
            root = find(ex.target)
            for key in ex.laid:
                if find(key[0]) != root:
                    raise IllegalMove(
                        Text(
                            "the bridges laid after a place or move must connect to the tower on {field} (R3); "
                            "{bridge} does not",
                            field=names[ex.target],
                            bridge=f"{names[key[0]]}-{names[key[1]]}",
                        )
                    )
        else:
            roots = {find(a) for a, _ in ex.laid}
            if len(roots) > 1:
                raise IllegalMove(Text("the bridges of one turn must form one connected group (R3)"))

    def _lay(self, ex: PartialTurn, seat: int, br: Bridge) -> None:
        board, geo = ex.board, self.geo
        names = geo.names
        a, b = self._field(br.a), self._field(br.b)
        key = (a, b)
        place = geo.places[key]
        text = f"{names[a]}-{names[b]}"
        source = None
        if br.source is not None:
            if not self.FEM:
                raise IllegalMove(Text("relocating a bridge (=c3e3<c5e5) exists only in Tactori FEM (R7)"))
            source = self._own_bridge(board, br.source, seat, "relocate")
            if source in ex.laid:
                raise IllegalMove(
                    Text("the bridge {bridge} was laid in this turn", bridge=f"{names[source[0]]}-{names[source[1]]}")
                )
            if source == key:
                raise IllegalMove(Text("a relocation must move the bridge somewhere else (R7)"))
            board.take_up(source)
        elif ex.bridge_supply[seat] == 0:
            if self.FEM:
                raise IllegalMove(Text("you have no bridges left in your supply; relocate one instead (=c3e3<c5e5)"))
            raise IllegalMove(Text("you have no bridges left in your supply"))
        for end in (a, b):
            top = board.top(end)
            if top is None:
                raise IllegalMove(
                    Text("there is no tower on {field} to carry the bridge {bridge}", field=names[end], bridge=text)
                )
            if top != seat:
                raise IllegalMove(
                    Text(
                        "the top tower on {field} is {colour}; a bridge needs your towers on top at both ends (R2)",
                        field=names[end],
                        colour=self._colour(top),
                    )
                )
        ha, hb = board.height(a), board.height(b)
        if ha != hb:
            raise IllegalMove(
                Text(
                    "{field} (height {height}) and {other} (height {other_height}) are not at the "
                    "same height; a bridge joins towers on the same floor (R2)",
                    field=names[a],
                    height=ha,
                    other=names[b],
                    other_height=hb,
                )
            )
        for other in sorted(board.blockers(place)):
            owner = board.bridges[other][0]
            there = f"{names[other[0]]}-{names[other[1]]}"
            if owner == seat:
                raise IllegalMove(
                    Text(
                        "{bridge} would lie along your bridge {other}; bridges may cross but never overlap (R2)",
                        bridge=text,
                        other=there,
                    )
                )
            raise IllegalMove(
                Text(
                    "{bridge} would lie along {colour}'s bridge {other}; bridges may cross but never overlap (R2)",
                    bridge=text,
                    colour=self._colour(owner),
                    other=there,
                )
            )
        board.lay(key, seat, ha)
        if source is None:
            ex.bridge_supply[seat] -= 1
        ex.laid.append(key)
        ex.events.append(
            {
                "type": "bridge",
                "seat": seat,
                "from": names[a],
                "to": names[b],
                "floor": ha,
                "source": [names[source[0]], names[source[1]]] if source else None,
            }
        )
        ex.last["bridges"].append([names[a], names[b]])
        if source is not None:
            ex.last["relocated"].append([names[source[0]], names[source[1]]])

    # ---------------------------------------------------------- legal moves
    def _has_turn(self, seat: int) -> bool:
        """Whether ``seat`` has any turn besides pass."""
        return has_turn(self, seat)

    def legal_moves(self) -> list[str]:
        if self.result is not None:
            return []
        if self._legal is None:
            self._legal = turns(self)
        return list(self._legal)

    def actions(self) -> list[Action]:
        """Every place and move the player to move may make, each with where its towers land
        (:class:`~engines.tactori.turns.Action`): the first part of every turn but the
        bridges-only ones.  Bridges may follow an action whose towers landed (R3, R4)."""
        if self.result is not None:
            return []
        return actions(self)

    def apply_partial(self, text: str) -> PartialTurn:
        """The legal turn (or first parts of a turn) ``text`` applied to scratch copies: the state
        is not changed.  Raises ``ValueError`` (``InvalidMove`` / ``IllegalMove``, with the reason)
        when it is not legal here."""
        if self.result is not None:
            raise IllegalMove(Text("the match is over"))
        return self._execute(Turn.parse(text))

    def continuations(self, prefix: str) -> list[str]:
        """Autocomplete: legal turns one part longer than what was typed, canonical and sorted.

        - ``prefix`` is a legal turn that can take bridges (a place, a move whose towers
          landed, Tactori bridges): the legal turns that add one more bridge to it
          (``+e5`` -> ``+e5 =e5g5``, ...; FEM also relocations ``+e5 =c5e5<a1c1``).
        - ``prefix`` is empty: the legal one-part turns.
        - the last part of ``prefix`` is still being typed (``+e5 =e``, ``c3-c``): the turns
          of the two cases above for the parts before it, which continue the typed text.
        Anything else (unreadable, illegal, ``pass``, FEM single-bridge turns) has none.
        The typed turn itself is never in the list (it is a legal turn, or it is not).
        """
        if self.result is not None:
            return []
        text = " ".join(prefix.split())
        if not text:
            return [m for m in self.legal_moves() if " " not in m]
        longer = one_more_bridge(self, text)
        if longer is not None:
            return longer
        head = text.rsplit(" ", 1)[0] if " " in text else ""
        base = one_more_bridge(self, head) if head else [m for m in self.legal_moves() if " " not in m]
        key = "".join(text.split()).lower()
        return [m for m in base or [] if "".join(m.split()).startswith(key)]

    # ---------------------------------------------------------------- resign
    def resign(self, seat: int) -> None:
        if self.result is not None or seat in self.dropped or not 0 <= seat < self.players:
            return
        self.events = [{"type": "resign", "seat": seat}]
        self._reset_caches()
        if len(self.active()) <= 2:
            # Two players left: the other wins.  In a match of 3-4 the loser is dropped first
            # (he scores nothing); in a two-player match the running scores are reported as they are.
            rest = [s for s in self.active() if s != seat]
            if self.players > 2:
                self.dropped = sorted(self.dropped + [seat])
            self._end(rest, "resign", self.scores())
            return
        self._drop(seat)

    def _drop(self, seat: int) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ serialise
    def _extra_json(self) -> dict[str, Any]:
        return {}

    def _load_extra(self, data: dict[str, Any]) -> None:
        pass

    def to_json(self) -> dict[str, Any]:
        data = {
            "game": self.NAME,
            "size": self.SIZE,
            "players": self.players,
            "options": dict(self.options),
            "colours": list(COLOURS[: self.players]),
            **self.board.to_json(),
            "towers": list(self.towers),
            "bridge_supply": list(self.bridge_supply),
            "to_move": self.to_move,
            "dropped": list(self.dropped),
            "ply": self.ply,
            "result": clone_json(self.result),
            "last": clone_json(self.last),
            "events": clone_json(self.events),
            "history": dict(self.history),
            # derived, for the renderer (ignored by from_json)
            "scores": self.scores(),
            "polygons": [[p.to_json(self.geo) for p in self.polygons(s)] for s in range(self.players)],
        }
        data.update(self._extra_json())
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        s = cls(data["players"], data["options"])
        s.board = Board.from_json(s.geo, data)
        s.towers = list(data["towers"])
        s.bridge_supply = list(data["bridge_supply"])
        s.to_move = data["to_move"]
        s.dropped = list(data["dropped"])
        s.ply = data["ply"]
        s.result = clone_json(data["result"])
        s.last = clone_json(data["last"])
        s.events = clone_json(data["events"])
        s.history = dict(data["history"])
        s._load_extra(data)
        return s

    def copy(self) -> Self:
        s = type(self).__new__(type(self))
        s.__dict__.update(self.__dict__)
        s.board = self.board.clone()
        s.towers, s.bridge_supply = list(self.towers), list(self.bridge_supply)
        s.dropped, s.history = list(self.dropped), dict(self.history)
        s.options = dict(self.options)
        s.result = clone_json(self.result)
        s.events = list(self.events)
        s._reset_caches()
        self._copy_extra(s)
        return s

    def _copy_extra(self, other: Self) -> None:
        pass

    # --------------------------------------------------------------- words
    def summary(self, names: list[str]) -> Text | str:
        """Each player's scoring polygons and points (R5, R6), one line each."""
        scores = self.scores()
        rows = []
        for seat, name in enumerate(names):
            polys = self.polygons(seat)
            counted = [p for p in polys if p.valid]
            text = _polygon_row(name, len(counted), ", ".join(str(p.points) for p in counted), scores[seat])
            if len(polys) > len(counted):
                text = Text("{row}; {count} not connected to the centre", row=text, count=len(polys) - len(counted))
            rows.append(text)
        return Joined(rows, "\n")

    def describe(self, move: str, names: list[str]) -> str:
        from .describe import describe_events

        return describe_events(self.events, names, self.FEM)


def _polygon_row(name: str, count: int, values: str, points: int) -> Text:
    """``ann: 2 polygons (7, 4) = 11 points``: one template for each singular / plural."""
    if count == 0:
        if points == 1:
            return Text("{name}: {count} polygons = {points} point", name=name, count=count, points=points)
        return Text("{name}: {count} polygons = {points} points", name=name, count=count, points=points)
    if count == 1:
        if points == 1:
            return Text("{name}: 1 polygon ({values}) = {points} point", name=name, values=values, points=points)
        return Text("{name}: 1 polygon ({values}) = {points} points", name=name, values=values, points=points)
    if points == 1:
        return Text(
            "{name}: {count} polygons ({values}) = {points} point", name=name, count=count, values=values, points=points
        )
    return Text(
        "{name}: {count} polygons ({values}) = {points} points", name=name, count=count, values=values, points=points
    )
