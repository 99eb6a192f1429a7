"""Dots and Boxes, a game that lives entirely here, outside the product's folders.

It proves that a game is its own folders: this package holds the rules (below), the notation's
parts (``steps.py``), the board image (``render.py``), the computer player (``profile.py`` with
``evaluator.py``), the ``/dotsboxes rules`` pages (``help/``) and the German and French catalogue
(``locales/``).  Nothing registers it on import: a test calls ``engines.register(GAME)`` and
``engines.unregister(GAME.name)`` after it (``tests/bot/test_dotsboxes.py``).

Rules: a square of dots, ``size`` boxes a side (3 or 4); the players in turn draw a line between
two neighbouring dots.  Whoever draws the fourth side of a box takes it and draws again.  When
every line is drawn, the most boxes win.  Notation: the two dots, ``a1-b1`` (across) or ``a1-a2``
(up), the lower-left dot first; a box is named by its lower-left dot.
"""

from __future__ import annotations

import random
import re
from typing import Any

from engines.core import Game, IllegalMove, InvalidMove, Option, Outcome, State
from engines.text import Joined, Text

MOVE = re.compile(r"^([a-z])(\d{1,2})-?([a-z])(\d{1,2})$")


def dot(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def lines(size: int) -> list[str]:
    """Every line of the board, canonical (lower-left dot first), sorted."""
    out = [f"{dot(c, r)}-{dot(c + 1, r)}" for r in range(size + 1) for c in range(size)]
    out += [f"{dot(c, r)}-{dot(c, r + 1)}" for r in range(size) for c in range(size + 1)]
    return sorted(out)


def sides(size: int, col: int, row: int) -> tuple[str, str, str, str]:
    """The four lines around the box whose lower-left dot is (col, row)."""
    return (
        f"{dot(col, row)}-{dot(col + 1, row)}",
        f"{dot(col, row + 1)}-{dot(col + 1, row + 1)}",
        f"{dot(col, row)}-{dot(col, row + 1)}",
        f"{dot(col + 1, row)}-{dot(col + 1, row + 1)}",
    )


def boxes_beside(size: int, line: str) -> list[tuple[int, int]]:
    """The boxes (one or two) the line is a side of."""
    (c1, r1), (c2, r2) = (parse_dot(d) for d in line.split("-"))
    if r1 == r2:  # across: the boxes below and above
        candidates = [(c1, r1 - 1), (c1, r1)]
    else:  # up: the boxes left and right
        candidates = [(c1 - 1, r1), (c1, r1)]
    return [(c, r) for c, r in candidates if 0 <= c < size and 0 <= r < size]


def parse_dot(text: str) -> tuple[int, int]:
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


class DotsState(State):
    def __init__(self, size: int, players: int):
        self.size, self.players = size, players
        self.drawn: list[str] = []
        self.owners: dict[str, int] = {}
        self.turn: int | None = 0
        self.dropped: list[int] = []
        self.last_boxes: list[str] = []
        self.mover: int | None = None  # who drew the last line
        self.end: Outcome | None = None

    @classmethod
    def new(cls, players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> DotsState:
        state = cls(options["size"], players)
        state.turn = setup.get("first", 0) % players
        return state

    @staticmethod
    def full_setup(players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> dict:
        return {"first": setup.get("first", rng.randrange(players))}

    # ---- the contract
    def current_player(self) -> int | None:
        return None if self.end else self.turn

    def legal_moves(self) -> list[str]:
        if self.end:
            return []
        drawn = set(self.drawn)
        return [line for line in lines(self.size) if line not in drawn]

    def canonical(self, text: str) -> str:
        m = MOVE.match(text.strip().lower().replace(" ", ""))
        if not m:
            raise InvalidMove(Text("{move} is not a line: name its two dots, like a1-b1", move=text.strip()))
        ends = sorted(
            [(ord(m[1]) - ord("a"), int(m[2]) - 1), (ord(m[3]) - ord("a"), int(m[4]) - 1)], key=lambda d: (d[1], d[0])
        )
        (c1, r1), (c2, r2) = ends
        on_board = all(0 <= c <= self.size and 0 <= r <= self.size for c, r in ends)
        if not on_board or (c2 - c1, r2 - r1) not in ((1, 0), (0, 1)):
            raise InvalidMove(Text("{move} does not join two neighbouring dots", move=text.strip()))
        return f"{dot(c1, r1)}-{dot(c2, r2)}"

    def play(self, text: str) -> str:
        if self.end:
            raise IllegalMove(Text("the match is over"))
        line = self.canonical(text)
        if line in self.drawn:
            raise IllegalMove(Text("{line} is drawn already", line=line))
        return self.play_trusted(line)

    def play_trusted(self, text: str) -> str:
        self.drawn.append(text)
        self.mover = self.turn
        drawn = set(self.drawn)
        self.last_boxes = []
        for col, row in boxes_beside(self.size, text):
            if all(side in drawn for side in sides(self.size, col, row)):
                self.owners[dot(col, row)] = self.turn
                self.last_boxes.append(dot(col, row))
        if len(self.drawn) == 2 * self.size * (self.size + 1):
            self._finish("normal")
        elif not self.last_boxes:
            self.turn = self._next(self.turn)
        return text

    def _next(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.dropped:
                return other
        return seat

    def _finish(self, end: str) -> None:
        scores = self.scores()
        left = [s for s in range(self.players) if s not in self.dropped]
        best = max(scores[s] for s in left)
        winners = left if end == "resign" else [s for s in left if scores[s] == best]
        self.end, self.turn = Outcome(tuple(winners), end, tuple(scores)), None

    def outcome(self) -> Outcome | None:
        return self.end

    def scores(self) -> list[int]:
        return [sum(1 for owner in self.owners.values() if owner == seat) for seat in range(self.players)]

    def resign(self, seat: int) -> None:
        if self.end or seat in self.dropped or not 0 <= seat < self.players:
            return
        self.dropped = sorted(self.dropped + [seat])
        if self.players - len(self.dropped) == 1:
            self._finish("resign")
        elif self.turn == seat:
            self.turn = self._next(seat)

    def describe(self, move: str, names: list[str]) -> Text:
        seat = self.mover if self.mover is not None else 0
        if not self.last_boxes:
            return Text("{player} drew {line}", player=names[seat], line=move)
        if len(self.last_boxes) == 1:
            return Text(
                "{player} drew {line} and took the box {box}", player=names[seat], line=move, box=self.last_boxes[0]
            )
        return Text(
            "{player} drew {line} and took the boxes {box} and {other}",
            player=names[seat],
            line=move,
            box=self.last_boxes[0],
            other=self.last_boxes[1],
        )

    def summary(self, names: list[str]) -> Text:
        scores = self.scores()
        return Joined(
            [
                Text("{player}: {count} boxes", player=name, count=scores[seat])
                if scores[seat] != 1
                else Text("{player}: 1 box", player=name)
                for seat, name in enumerate(names)
            ],
            "\n",
        )

    def copy(self) -> DotsState:
        other = DotsState(self.size, self.players)
        other.drawn, other.owners, other.turn = list(self.drawn), dict(self.owners), self.turn
        other.dropped, other.last_boxes, other.end = list(self.dropped), list(self.last_boxes), self.end
        other.mover = self.mover
        return other

    def to_json(self) -> dict[str, Any]:
        end = self.end and {"winners": list(self.end.winners), "end": self.end.end, "scores": list(self.end.scores)}
        return {
            "size": self.size,
            "players": self.players,
            "drawn": list(self.drawn),
            "owners": dict(self.owners),
            "turn": self.turn,
            "dropped": list(self.dropped),
            "last_boxes": list(self.last_boxes),
            "mover": self.mover,
            "end": end,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DotsState:
        state = cls(data["size"], data["players"])
        state.drawn, state.owners, state.turn = list(data["drawn"]), dict(data["owners"]), data["turn"]
        state.dropped, state.last_boxes = list(data["dropped"]), list(data["last_boxes"])
        state.mover = data["mover"]
        end = data["end"]
        state.end = end and Outcome(tuple(end["winners"]), end["end"], tuple(end["scores"]))
        return state


GAME = Game(
    name="dotsboxes",
    title="Dots and Boxes",
    min_players=2,
    max_players=4,
    default_options={"size": 3},
    new_state=DotsState.new,
    state_from_json=DotsState.from_json,
    full_setup=DotsState.full_setup,
    starting_setup={"first": 0},
    option_specs=(
        Option(
            "size",
            "size",
            "Boxes per side of the board (default 3)",
            "Dots and Boxes: boxes per side of the board",
            choices=(("3", 3), ("4", 4)),
            default="3",
        ),
    ),
    variants=((2, {}), (2, {"size": 4}), (3, {}), (4, {})),
    challenge="Challenge one to three members to Dots and Boxes",
    opponents=("A second opponent", "A third opponent"),
    package="dotsboxes",
    home=__name__,
)
DotsState.game = GAME
