"""Load does not change the move: the search's safety cap counts the thinking thread's CPU time,
so a CPU-bound neighbour (which halves the wall-clock share of the cores, or worse) neither cuts
a search short nor changes its result.  The full comparison, 50 moves per game beside three
such processes, is ``python -m bench.ai_load``."""

from __future__ import annotations

import multiprocessing
import time

import ai
from ai import levels

from .conftest import random_positions


def _burn() -> None:  # pragma: no cover - runs in a child process until terminated
    x = 0
    while True:
        x = (x * 31 + 7) % 1_000_003


def _moves(states, level: str) -> tuple[list, float]:
    started = time.thread_time()
    infos = [ai.choose_move_info(s, level, seed=i) for i, s in enumerate(states)]
    out = [(info.move, info.iterations) for info in infos]
    return out, time.thread_time() - started


def test_a_cpu_bound_neighbour_changes_no_move(monkeypatch):
    states = list(random_positions("tactori-fem", 2, {}, seed=3, every=9, limit=40))[:3]
    idle, cpu = _moves(states, "medium")
    # A cap of twice the CPU a search takes: as wall time it would cut searches short beside
    # a neighbour that takes half the cores; as CPU time it never does.
    monkeypatch.setitem(levels.CPU_CAP, "medium", max(0.2, 2 * cpu / len(states)))
    burners = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(3)]
    for p in burners:
        p.start()
    try:
        loaded, _ = _moves(states, "medium")
    finally:
        for p in burners:
            p.terminate()
            p.join()
    assert loaded == idle
    assert all(iterations in (0, levels.budget("tactori-fem", "medium").iterations) for _, iterations in idle)
