"""Atacama rules (T1..T8 of ``atacama.md``).

Readings where the spec is silent (tested in ``tests/engines/test_atacama_*``):

- Every move is a turn: a placement, a buy and a pass.  The build-up stages
  change after the 6th and the 12th move (T5).
- Which fields are free does not depend on the player, so "no player has a
  move other than passing" (T3) means: no free field and no right left to buy,
  or no unplaced tower.  The match then ends, towers left over or not, except
  while sub-boards are still to be laid: then the players pass until the next
  stage brings new fields.  A pass is thus possible only in the build-up game.
- While the rights are open, buying is always a legal move, so a player with
  no free field must buy rather than pass.  The forced buy (T5) counts base and
  other-colour towers together: one tower left in all.
- An other-colour tower doubles its field for every player who scores the line.
- Resigning with four players: the seat's towers on the board stay and keep
  scoring for whoever scores their lines; its own running score is still shown,
  but it cannot win.  At the normal end the winners are the best of the seats
  still playing.  If the resignation leaves nobody with towers, the match ends
  normally; if it leaves one player, he wins (end ``resign``).
"""

from __future__ import annotations

import random
from typing import Any

from ..core import IllegalMove, Outcome, SetupError, State, clone_json
from ..text import Text
from . import boards as B
from .boards import Field
from .describe import and_list
from .notation import Move
from .scoring import Towers, rights_scores

SETUP_KEYS = ("boards",)
BUYS = ("buy cols", "buy rows")


def check_options(options: dict[str, Any], players: int) -> None:
    """T5/T7: 2 or 4 players; the build-up game only with 2."""
    if players not in (2, 4):
        raise SetupError(Text("Atacama is played by 2 or 4 players, not {count}", count=players))
    if options.get("buildup") and players != 2:
        raise SetupError(
            Text("the build-up game (option buildup) is for 2 players only; play the 4-player game without it")
        )


class AtacamaState(State):
    """A position of an Atacama match.  Mutated only by :meth:`play` and :meth:`resign`."""

    def __init__(self, players: int = 2, buildup: bool = False, tactics: bool = False) -> None:
        self.players = players
        self.buildup = buildup
        self.tactics = tactics
        self.slots: list[str | None] = list(B.BASIC_SLOTS)  # sub-board per slot, None: not laid
        self.pile: list[str] = []  # face-down sub-boards, top first (T5)
        self.towers: Towers = {}  # field -> (seat, other colour)
        base, other = B.TOWERS[(players, tactics)]
        self.supply: list[list[int]] = [[base, other] for _ in range(players)]
        self.rights: list[tuple[str, str] | None] = [None] * players if buildup else list(B.SEAT_RIGHTS[players])
        self.bought: list[int] = [0] * players  # towers paid for a right (T5)
        self.forfeited: list[list[int]] = [[0, 0] for _ in range(players)]  # on resigning (4 players)
        self.resigned: list[int] = []
        self.turn: int | None = 0  # seat to move (T3: seat 0 first)
        self.turns = 0  # moves played: places, buys and passes
        self.last: dict[str, Any] | None = None  # {"seat", "move"} of the last move
        self.events: list[dict[str, Any]] = []  # what the last move caused
        self.result: dict[str, Any] | None = None
        # (key, free_fields()) cache; the key: the towers' identity and count, the slots
        self._free: tuple[tuple[int, int, tuple[str | None, ...]], list[Field]] | None = None

    # ----------------------------------------------------------------- setup
    @staticmethod
    def full_setup(players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        """``setup`` completed from ``rng`` (records.md): the build-up game's
        draw order of the nine sub-boards; the basic game has nothing random."""
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise SetupError(Text("atacama setup has no key {keys}; it knows only boards", keys=", ".join(unknown)))
        if not options.get("buildup"):
            if "boards" in setup:
                raise SetupError(
                    Text("setup.boards is for the build-up game only; the basic game lays A B C / D E F / G H I")
                )
            return {}
        letters = list(B.LETTERS)
        rng.shuffle(letters)
        given = setup.get("boards", letters)
        if not isinstance(given, list) or not all(isinstance(t, str) for t in given):
            raise SetupError(Text("setup.boards must be a list of the sub-board letters A..I"))
        boards = [t.strip().upper() for t in given]
        if sorted(boards) != list(B.LETTERS):
            raise SetupError(Text("setup.boards must list the sub-boards A..I once each, in draw order"))
        return {"boards": boards}

    @classmethod
    def new(cls, players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> AtacamaState:
        check_options(options, players)
        full = cls.full_setup(players, rng, setup, options)
        s = cls(players, bool(options.get("buildup")), bool(options.get("tactics")))
        if s.buildup:
            # T5: the first three drawn sub-boards form the triangle; the rest wait face down.
            s.slots = [None] * 9
            s.pile = list(full["boards"])
            s._lay_stage()
        return s

    # --------------------------------------------------------------- queries
    @property
    def ores(self) -> dict[Field, B.Ore]:
        """The ore of every field on a laid sub-board (shared: read only)."""
        return B.ore_map(tuple(self.slots))

    @property
    def stage(self) -> int | None:
        """Build-up stage 1..3 (T5); None in the basic game."""
        if not self.buildup:
            return None
        return sum(1 for letter in self.slots if letter is not None) // 3

    @property
    def rights_open(self) -> bool:
        """T5: the rights are still to be bought."""
        return self.buildup and all(r is None for r in self.rights)

    @property
    def last_field(self) -> Field | None:
        """The field of the last move, for the board image (None after a buy or pass)."""
        if self.last is None:
            return None
        move = Move.parse(self.last["move"])
        return move.field

    def towers_left(self, seat: int) -> int:
        return sum(self.supply[seat])

    def active(self, seat: int) -> bool:
        """Still in the match with unplaced towers (T3: otherwise skipped)."""
        return seat not in self.resigned and self.towers_left(seat) > 0

    def must_buy(self, seat: int) -> bool:
        """T5: one unplaced tower left and the rights still open."""
        return self.rights_open and self.towers_left(seat) == 1

    def current_player(self) -> int | None:
        return None if self.result is not None else self.turn

    def blockers(self, field: Field) -> list[Field]:
        """Occupied fields next to ``field`` (T3)."""
        return [n for n in B.neighbours(field) if n in self.towers]

    def free_fields(self) -> list[Field]:
        """Fields where a tower may go (T3, T5): laid, empty, no occupied neighbour."""
        return list(self._free_fields())

    def _free_fields(self) -> list[Field]:
        """:meth:`free_fields`, cached per position (do not modify the result)."""
        key = (id(self.towers), len(self.towers), tuple(self.slots))
        if self._free is None or self._free[0] != key:
            blocked = set(self.towers)
            for f in self.towers:
                blocked.update(B.NEIGHBOURS[f])
            ores = self.ores
            self._free = (key, [f for f in B.ALL_FIELDS if f in ores and f not in blocked])
        return self._free[1]

    def _has_move(self, seat: int) -> bool:
        """A legal move other than ``pass``."""
        return self.active(seat) and (self.rights_open or bool(self._free_fields()))

    def legal_moves(self) -> list[str]:
        if self.result is not None or self.turn is None:
            return []
        seat = self.turn
        if self.must_buy(seat):
            return ["buy cols", "buy rows"]
        base, other = self.supply[seat]
        names = B.FIELD_NAMES
        moves = []
        for f in self._free_fields():
            if base:
                moves.append(names[f])
            if other:
                moves.append(names[f] + "*")
        if self.rights_open:
            moves += ["buy cols", "buy rows"]
        return sorted(moves) if moves else ["pass"]

    def sample_move(self, rng: random.Random) -> str:
        """Uniform over :meth:`legal_moves` without building and sorting the list."""
        if self.result is not None or self.turn is None:
            return rng.choice(self.legal_moves())
        seat = self.turn
        if self.must_buy(seat):
            return BUYS[rng.randrange(2)]
        base, other = self.supply[seat]
        free = self._free_fields()
        kinds = (1 if base else 0) + (1 if other else 0)
        placements = len(free) * kinds
        total = placements + (2 if self.rights_open else 0)
        if total == 0:
            return "pass"
        i = rng.randrange(total)
        if i >= placements:
            return BUYS[i - placements]
        f, k = divmod(i, kinds)
        return B.FIELD_NAMES[free[f]] + ("*" if k or not base else "")

    def play_trusted(self, text: str) -> str:
        """:meth:`play` without the legality check (T3, T5): only for a move from
        :meth:`legal_moves` or :meth:`sample_move` of this position."""
        return self._apply(Move.parse(text))

    def _apply(self, move: Move) -> str:
        seat = self.turn
        assert seat is not None  # moves are played only while a seat is to move
        self.events = []
        if move.kind == "place":
            self._place(seat, move)
        elif move.kind == "buy":
            assert move.axis is not None  # a parsed buy names its axis
            self._buy(seat, move.axis)
        else:
            self.events.append({"type": "pass", "seat": seat})
        self.turns += 1
        canonical = str(move)
        self.last = {"seat": seat, "move": canonical}
        self._lay_stage()
        self._settle(after=seat)
        return canonical

    def scores(self) -> list[int]:
        """T4 for every seat, 0 while a seat holds no right (records.md)."""
        return rights_scores(self.towers, self.ores, self.rights)

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(tuple(self.result["winners"]), self.result["end"], tuple(self.result["scores"]))

    # ------------------------------------------------------------------ play
    def play(self, text: str) -> str:
        move = Move.parse(text)
        if self.result is not None:
            raise IllegalMove(Text("the match is over"))
        assert self.turn is not None  # only a finished match has no seat to move
        self._check(move, self.turn)
        return self._apply(move)

    def _check(self, move: Move, seat: int) -> None:
        """Raise IllegalMove with the reason when ``move`` is not legal for ``seat``."""
        if move.kind == "pass":
            if self._has_move(seat):
                if self.must_buy(seat) or not self.free_fields():
                    raise IllegalMove(Text("you cannot pass while you can buy a right (buy cols or buy rows)"))
                example = B.name(self.free_fields()[0])
                raise IllegalMove(
                    Text(
                        "pass only when you have no legal move; you can still place a tower, e.g. {field}",
                        field=example,
                    )
                )
            return
        if move.kind == "buy":
            if not self.buildup:
                raise IllegalMove(
                    Text(
                        "rights are bought only in the build-up game; here every player holds his right from the start"
                    )
                )
            if not self.rights_open:
                right = self.rights[seat]
                assert right is not None  # the build-up game's rights are all held once none is open
                if right[0] == "cols":
                    raise IllegalMove(Text("the rights are already assigned; you score the columns"))
                raise IllegalMove(Text("the rights are already assigned; you score the rows"))
            return
        if self.must_buy(seat):
            raise IllegalMove(
                Text("you hold your last tower and the rights are still open: you must buy one (buy cols or buy rows)")
            )
        assert move.field is not None  # a parsed place names its field
        f = B.name(move.field)
        base, other = self.supply[seat]
        if move.other and not self.tactics:
            raise IllegalMove(
                Text("other-colour towers ({field}*) are used only in the tactics variant; place {field}", field=f)
            )
        if move.other and not other:
            raise IllegalMove(Text("you have no other-colour tower left; place a base-colour one: {field}", field=f))
        if not move.other and not base:
            raise IllegalMove(Text("you have no base-colour tower left; place an other-colour one: {field}*", field=f))
        if move.field not in self.ores:
            slot = B.slot_of(move.field)
            order = [3 * r + c for r, c in B.BUILDUP_SLOTS].index(slot)
            stage = order // 3 + 1
            due = B.STAGE_TURNS * (stage - 1)
            left = due - self.turns
            if left == 1:
                raise IllegalMove(
                    Text(
                        "{field} is on a sub-board slot not laid yet: stage {stage} lays it "
                        "after turn {turn}, {count} turn from now",
                        field=f,
                        stage=stage,
                        turn=due,
                        count=left,
                    )
                )
            raise IllegalMove(
                Text(
                    "{field} is on a sub-board slot not laid yet: stage {stage} lays it "
                    "after turn {turn}, {count} turns from now",
                    field=f,
                    stage=stage,
                    turn=due,
                    count=left,
                )
            )
        if move.field in self.towers:
            raise IllegalMove(Text("{field} already holds a tower", field=f))
        near = self.blockers(move.field)
        if near:
            names = [B.name(n) for n in near]
            if len(names) == 1:
                raise IllegalMove(Text("{field} is next to {other}, which holds a tower", field=f, other=names[0]))
            raise IllegalMove(Text("{field} is next to {others}, which hold towers", field=f, others=and_list(names)))

    def _place(self, seat: int, move: Move) -> None:
        field = move.field
        assert field is not None  # a parsed place names its field
        cache = self._free
        was_free = (
            cache[1]
            if cache is not None and cache[0] == (id(self.towers), len(self.towers), tuple(self.slots))
            else None
        )
        self.towers[field] = (seat, move.other)
        self._free = None
        if was_free is not None:
            # T3: the new tower takes its field and blocks its neighbours; nothing else changes
            blocks = B.BLOCKS[field]
            free = [f for f in was_free if f not in blocks]
            self._free = ((id(self.towers), len(self.towers), tuple(self.slots)), free)
        self.supply[seat][1 if move.other else 0] -= 1
        ore, value = self.ores[field]
        self.events.append(
            {
                "type": "place",
                "seat": seat,
                "field": B.name(field),
                "other": move.other,
                "ore": ore,
                "value": value,
            }
        )

    def _buy(self, seat: int, axis: str) -> None:
        """T5: pay one unplaced tower (base colour first); the other player gets the other right."""
        forced = self.must_buy(seat)
        kind = 0 if self.supply[seat][0] > 0 else 1
        self.supply[seat][kind] -= 1
        self.bought[seat] += 1
        self.rights[seat] = (axis, B.AXIS_COLOUR[axis])
        self.events.append(
            {
                "type": "buy",
                "seat": seat,
                "axis": axis,
                "colour": B.AXIS_COLOUR[axis],
                "forced": forced,
                "paid": "base" if kind == 0 else "other",
            }
        )
        rest = "rows" if axis == "cols" else "cols"
        for other in range(self.players):
            if other != seat:
                self.rights[other] = (rest, B.AXIS_COLOUR[rest])
                self.events.append({"type": "receive", "seat": other, "axis": rest, "colour": B.AXIS_COLOUR[rest]})

    def _lay_stage(self) -> None:
        """T5: at the start and after every six turns, the next three sub-boards are laid."""
        if not self.buildup or not self.pile:
            return
        stage = self.stage
        assert stage is not None  # the build-up game has stages
        if self.turns < B.STAGE_TURNS * stage:
            return
        laid = []
        for slot, letter in zip(B.stage_slots(stage + 1), self.pile[:3]):
            self.slots[slot] = letter
            laid.append([letter, slot])
        del self.pile[:3]
        self._free = None
        if stage > 0:
            self.events.append({"type": "stage", "stage": stage + 1, "boards": laid})

    def _settle(self, after: int, keep: int | None = None) -> None:
        """End the match when no player has a move besides passing (T3) and
        no sub-board is left to lay (T5); otherwise hand the turn to ``keep``
        or to the next seat after ``after`` with towers left (T3, T7)."""
        seats = [(after + k) % self.players for k in range(1, self.players + 1)]
        active = [s for s in seats if self.active(s)]
        if not active or (not self.pile and not any(self._has_move(s) for s in active)):
            self._finish("normal")
            return
        self.turn = keep if keep is not None and keep in active else active[0]

    def _finish(self, end: str) -> None:
        scores = self.scores()
        contenders = [s for s in range(self.players) if s not in self.resigned]
        best = max(scores[s] for s in contenders)
        winners = [s for s in contenders if scores[s] == best]
        self._end(winners, end, scores)
        placed = not any(self.active(s) for s in range(self.players))
        self.events.append(
            {"type": "final", "winners": winners, "scores": scores, "reason": "placed" if placed else "blocked"}
        )

    def _end(self, winners: list[int], end: str, scores: list[int]) -> None:
        self.result = {"winners": sorted(winners), "end": end, "scores": list(scores)}
        self.turn = None

    def resign(self, seat: int) -> None:
        """Two players: the other wins.  Four players: the seat's unplaced
        towers are forfeited and it is skipped from now on; the last player
        left wins."""
        if self.result is not None or seat in self.resigned or not 0 <= seat < self.players:
            return
        if self.players == 2:
            self.resigned.append(seat)
            self._end([1 - seat], "resign", self.scores())
            return
        self.resigned.append(seat)
        self.forfeited[seat] = [a + b for a, b in zip(self.forfeited[seat], self.supply[seat])]
        self.supply[seat] = [0, 0]
        left = [s for s in range(self.players) if s not in self.resigned]
        if len(left) == 1:
            self._end(left, "resign", self.scores())
            return
        if self.turn == seat:
            self._settle(after=seat)
        else:
            self._settle(after=seat, keep=self.turn)

    # ------------------------------------------------------------ serialise
    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "buildup": self.buildup,
            "tactics": self.tactics,
            "slots": list(self.slots),
            "pile": list(self.pile),
            "towers": [[B.FIELD_NAMES[f], seat, other] for f, (seat, other) in sorted(self.towers.items())],
            "supply": [list(s) for s in self.supply],
            "rights": [list(r) if r else None for r in self.rights],
            "bought": list(self.bought),
            "forfeited": [list(f) for f in self.forfeited],
            "resigned": list(self.resigned),
            "turn": self.turn,
            "turns": self.turns,
            "last": dict(self.last) if self.last else None,
            "events": clone_json(self.events),
            "result": clone_json(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AtacamaState:
        s = cls(data["players"], data["buildup"], data["tactics"])
        s.slots = list(data["slots"])
        s.pile = list(data["pile"])
        s.towers = {B.FIELD_BY_NAME[f]: (seat, bool(other)) for f, seat, other in data["towers"]}
        s.supply = [list(x) for x in data["supply"]]
        s.rights = [tuple(r) if r else None for r in data["rights"]]
        s.bought = list(data["bought"])
        s.forfeited = [list(x) for x in data["forfeited"]]
        s.resigned = list(data["resigned"])
        s.turn, s.turns = data["turn"], data["turns"]
        s.last = dict(data["last"]) if data["last"] else None
        s.events = clone_json(data["events"])
        s.result = clone_json(data["result"])
        return s

    def has_hidden(self) -> bool:
        return bool(self.pile)

    def resample_hidden(self, rng: random.Random) -> AtacamaState:
        """T5: the build-up game's sub-boards still face down, in a fresh random order."""
        copy = self.copy()
        if self.pile:
            unseen = sorted(copy.pile)
            rng.shuffle(unseen)
            copy.pile = unseen
        return copy

    def copy(self) -> AtacamaState:
        """As from_json(to_json()), without the detour: every field is taken over, the mutable
        ones copied; the free-field cache goes along."""
        s = AtacamaState.__new__(AtacamaState)
        s.__dict__.update(self.__dict__)
        s.slots, s.pile = list(self.slots), list(self.pile)
        s.towers = dict(self.towers)
        s.supply = [list(x) for x in self.supply]
        s.rights = list(self.rights)
        s.bought = list(self.bought)
        s.forfeited = [list(x) for x in self.forfeited]
        s.resigned = list(self.resigned)
        s.last = dict(self.last) if self.last else None
        s.events = clone_json(self.events)
        s.result = clone_json(self.result)
        s._free = None
        if self._free is not None and self._free[0] == (id(self.towers), len(self.towers), tuple(self.slots)):
            s._free = ((id(s.towers), len(s.towers), tuple(s.slots)), self._free[1])
        return s

    # --------------------------------------------------------------- words
    def describe(self, move: str, names: list[str]) -> str:
        from .describe import describe_events

        return describe_events(self.events, names)

    def summary(self, names: list[str]) -> str:
        """The score breakdown in words (T4), one line per player."""
        from .describe import score_breakdown

        return score_breakdown(self, names)
