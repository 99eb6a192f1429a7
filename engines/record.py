"""Match records (``records.md``): the PGN of these games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .core import MoveError, SetupError, State, get_game


class ReplayError(ValueError):
    """A record could not be replayed; ``ply`` is the index of the bad move."""

    def __init__(self, message: str, ply: int | None = None):
        super().__init__(message)
        self.ply = ply


@dataclass
class Record:
    game: str
    players: list[str]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    # [ply, seat]: seat resigned after the first `ply` moves (an extension of records.md)
    resignations: list[list[int]] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise ReplayError("a record is a JSON object")
        try:
            game = data["game"]
            players = data["players"]
        except KeyError as missing:
            raise ReplayError(f"the record has no {missing.args[0]!r}") from None
        seed = data.get("seed", 0)
        options = data.get("options") or {}
        setup = data.get("setup") or {}
        moves = data.get("moves") or []
        resignations = data.get("resignations") or []
        if not isinstance(game, str):
            raise ReplayError("'game' must be a string")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ReplayError("'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ReplayError("'seed' must be an integer")
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise ReplayError("'options' and 'setup' must be objects")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ReplayError("'moves' must be a list of strings")
        if not isinstance(resignations, list) or not all(
            isinstance(r, list) and len(r) == 2 and all(type(v) is int for v in r) for r in resignations
        ):
            raise ReplayError("'resignations' must be a list of [ply, seat] pairs")
        return cls(game, list(players), seed, dict(options), dict(setup), list(moves), [list(r) for r in resignations])

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not JSON: {exc}") from None
        except RecursionError:
            raise ReplayError("not a record: its JSON is nested too deeply") from None

    def to_dict(self) -> dict[str, Any]:
        data = {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "setup": self.setup,
            "moves": self.moves,
        }
        if self.resignations:
            data["resignations"] = self.resignations
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    def initial_state(self) -> State:
        try:
            return get_game(self.game).setup(len(self.players), self.seed, self.setup, self.options)
        except SetupError as exc:
            raise ReplayError(str(exc)) from None


def replay(record: Record, upto: int | None = None) -> State:
    """The state after the record's moves (or its first ``upto`` moves)."""
    *_, state = walk(record, upto)
    return state


def walk(record: Record, upto: int | None = None) -> Iterator[State]:
    """The positions of a record in order: after 0, 1, ... moves (up to ``upto``), each
    with the resignations recorded at that ply applied.  One state is played on and
    yielded again and again: copy it to keep a position."""
    state = record.initial_state()
    moves = record.moves[:upto]
    resigned: dict[int, list[int]] = {}
    for ply, seat in record.resignations:
        if not 0 <= seat < len(record.players) or not 0 <= ply <= len(record.moves):
            raise ReplayError(f"resignation {[ply, seat]} names no seat or ply of this record")
        resigned.setdefault(ply, []).append(seat)
    for ply in range(len(moves) + 1):
        for seat in resigned.get(ply, []):
            state.resign(seat)
        yield state
        if ply == len(moves):
            break
        try:
            state.play(moves[ply])
        except MoveError as exc:
            raise ReplayError(f"move {ply + 1} {moves[ply]!r}: {exc}", ply) from None
