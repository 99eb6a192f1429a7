"""Engine section: play(), legal_moves(), JSON round-trip, replay of a record."""

from __future__ import annotations

import gc
import json
import random
import time

import engines
from engines import replay

from .positions import Playout
from .stats import summarize


def _ns() -> int:
    return time.perf_counter_ns()


def bench_game(game: str, playouts: list[Playout], *, moves_per_position: int, repeats: int) -> dict:
    spec = engines.get_game(game)
    positions = [p for po in playouts for p in po.positions]
    rng = random.Random(42)
    play_ms: list[float] = []
    legal_ms: list[float] = []
    json_ms: list[float] = []
    replay_ms: list[float] = []
    by_phase: dict[str, dict[str, list[float]]] = {}
    worst_legal = (0.0, None)
    problems: list[str] = []
    gc.collect()
    for pos in positions:
        phase = by_phase.setdefault(pos.phase, {"play": [], "legal_moves": [], "json_roundtrip": []})
        if pos.to_move:
            moves = pos.state.copy().legal_moves()
            sample = rng.sample(moves, min(moves_per_position, len(moves)))
            for _ in range(repeats):
                for move in sample:
                    s = pos.state.copy()  # copy time excluded
                    t = _ns()
                    s.play(move)
                    dt = (_ns() - t) / 1e6
                    play_ms.append(dt)
                    phase["play"].append(dt)
                s = pos.state.copy()
                t = _ns()
                got = s.legal_moves()
                dt = (_ns() - t) / 1e6
                legal_ms.append(dt)
                phase["legal_moves"].append(dt)
                if dt > worst_legal[0]:
                    worst_legal = (dt, pos.summary())
                if len(got) != pos.legal:
                    problems.append(f"{pos.label}: legal_moves() gave {len(got)} moves on a copy, {pos.legal} before")
        original = pos.state.to_json()
        for _ in range(repeats):
            t = _ns()
            back = spec.state_from_json(json.loads(json.dumps(pos.state.to_json())))
            dt = (_ns() - t) / 1e6
            json_ms.append(dt)
            phase["json_roundtrip"].append(dt)
        if back.to_json() != original:
            problems.append(f"{pos.label}: the JSON round-trip changed the state")
    for po in playouts:
        for _ in range(repeats):
            t = _ns()
            state = replay(po.record)
            replay_ms.append((_ns() - t) / 1e6)
        if state.to_json() != po.positions[-1].state.to_json():
            problems.append(f"replay p{po.players} s{po.seed}: the replayed state differs from the playout")
    return {
        "play": summarize(play_ms, "ms"),
        "legal_moves": {**summarize(legal_ms, "ms"), "worst_position": worst_legal[1]},
        "json_roundtrip": summarize(json_ms, "ms"),
        "replay": {
            **summarize(replay_ms, "ms"),
            "record_plies": summarize([len(po.record.moves) for po in playouts], "plies", 1),
        },
        "by_phase": {ph: {k: summarize(v, "ms") for k, v in d.items() if v} for ph, d in by_phase.items()},
        "positions": {
            "count": len(positions),
            "max_legal_moves": max((p.legal for p in positions), default=0),
            "max_json_bytes": max((p.json_bytes for p in positions), default=0),
            "playouts": [
                {"players": po.players, "seed": po.seed, "plies": len(po.record.moves), "finished": po.finished}
                for po in playouts
            ],
        },
        "problems": problems[:20],
    }


def run(games: list[str], playouts: dict[str, list[Playout]], quick: bool, log) -> dict:
    out = {"games": {}, "notes": []}
    for game in games:
        started = time.perf_counter()
        out["games"][game] = result = bench_game(
            game, playouts[game], moves_per_position=3 if quick else 8, repeats=1 if quick else 3
        )
        log(
            f"  engine {game}: {result['positions']['count']} positions, "
            f"play median {result['play'].get('median')} ms, legal_moves max {result['legal_moves'].get('max')} ms "
            f"({time.perf_counter() - started:.1f} s)"
        )
        for problem in result["problems"]:
            log(f"  NOTE engine {game}: {problem}")
    return out
