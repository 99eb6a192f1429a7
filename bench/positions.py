"""Positions from seeded random legal playouts: start, middle, end of a match,
plus the largest positions seen (most legal moves, biggest JSON)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import engines
from engines import Record, State

MAX_PLIES = 3000
NAMES = ("ann", "bob", "cat", "dan")


@dataclass
class Position:
    game: str
    players: int
    seed: int
    ply: int
    phase: str  # start, middle, end, final, largest, largest-json
    state: State
    legal: int  # number of legal moves (0 when the match is over)
    json_bytes: int

    @property
    def label(self) -> str:
        return f"{self.phase} p{self.players} s{self.seed} ply {self.ply}"

    @property
    def to_move(self) -> bool:
        return self.legal > 0

    def summary(self) -> dict:
        return {
            "phase": self.phase,
            "players": self.players,
            "seed": self.seed,
            "ply": self.ply,
            "legal_moves": self.legal,
            "json_bytes": self.json_bytes,
        }


@dataclass
class Playout:
    game: str
    players: int
    seed: int
    record: Record
    finished: bool
    positions: list[Position] = field(default_factory=list)


def initial_state(game: str, players: int, seed: int) -> tuple[State, Record]:
    """The match a service would start with this seed (setup resolved as in the store)."""
    spec = engines.get_game(game)
    options = spec.check(players, {})
    setup = spec.resolve_setup(players, seed, dict(spec.starting_setup), options)
    state = spec.setup(players, seed, setup, options)
    return state, Record(game, list(NAMES[:players]), seed, dict(options), dict(setup), [])


def json_size(state: State) -> int:
    return len(json.dumps(state.to_json(), separators=(",", ":")))


def playout(game: str, players: int, seed: int, max_plies: int = MAX_PLIES) -> Playout:
    """A random legal match from ``seed``; keeps start, middle, end, final and the largest positions."""
    state, record = initial_state(game, players, seed)
    rng = random.Random(seed * 7919 + players)
    snaps: dict[int, tuple[State, int, int]] = {}
    legal_counts: list[int] = []
    sizes: list[int] = []
    best_legal = best_json = (-1, -1)  # (value, ply)
    while state.outcome() is None and len(record.moves) < max_plies:
        ply = len(record.moves)
        legal = state.legal_moves()
        size = json_size(state)
        legal_counts.append(len(legal))
        sizes.append(size)
        snaps[ply] = (state.copy(), len(legal), size)
        best_legal = max(best_legal, (len(legal), ply))
        best_json = max(best_json, (size, ply))
        record.moves.append(state.play(rng.choice(legal)))
    out = Playout(game, players, seed, record, state.outcome() is not None)
    last = len(record.moves) - 1 if record.moves else 0
    wanted = {
        "start": 0,
        "middle": last // 2 if last > 0 else 0,
        "end": last,
        "largest": best_legal[1],
        "largest-json": best_json[1],
    }
    for phase, ply in wanted.items():
        if ply in snaps:
            s, n, size = snaps[ply]
            out.positions.append(Position(game, players, seed, ply, phase, s, n, size))
    final = state.copy()
    out.positions.append(
        Position(
            game,
            players,
            seed,
            len(record.moves),
            "final",
            final,
            0 if final.current_player() is None else len(final.legal_moves()),
            json_size(final),
        )
    )
    # keep memory low: only the chosen snapshots survive
    snaps.clear()
    return out


def player_counts(game: str) -> list[int]:
    spec = engines.get_game(game)
    return sorted({spec.min_players, spec.max_players})


def collect(game: str, playouts_per_count: int, first_seed: int = 1) -> list[Playout]:
    """``playouts_per_count`` seeded playouts for the fewest and the most players."""
    return [
        playout(game, players, seed)
        for players in player_counts(game)
        for seed in range(first_seed, first_seed + playouts_per_count)
    ]
