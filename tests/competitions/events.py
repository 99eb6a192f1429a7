"""Random events for the property tests: seeded results and withdrawals."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from matches.competitions import Entrant, Round, default_rounds, pair_swiss


@dataclass
class Played:
    entrants: list[Entrant]
    rounds: list[Round] = field(default_factory=list)
    active: list[set[int]] = field(default_factory=list)
    """The players not withdrawn when each round was paired."""
    withdrawn: set[int] = field(default_factory=set)


def entrants(n: int, rng: random.Random) -> list[Entrant]:
    return [Entrant(100 + i, round(rng.gauss(1500, 200))) for i in range(n)]


def random_places(k: int, rng: random.Random, ties: bool = True) -> tuple[int, ...]:
    if ties:
        return tuple(rng.randint(1, k) for _ in range(k))
    order = list(range(1, k + 1))
    rng.shuffle(order)
    return tuple(order)


def swiss_event(n: int, seed: int, table_sizes=(2,), rounds: int | None = None,
                withdraw: float = 0.0) -> Played:
    """A Swiss event played to the end: random places (ties included) and,
    after each round, each player withdrawing with probability ``withdraw``."""
    rng = random.Random(seed)
    played = Played(entrants(n, rng))
    for _ in range(rounds or default_rounds(n)):
        rnd = pair_swiss(played.entrants, played.rounds, played.withdrawn, table_sizes)
        played.active.append({e.id for e in played.entrants} - played.withdrawn)
        played.rounds.append(rnd.with_results([random_places(len(t.players), rng) for t in rnd.tables]))
        for e in played.entrants:
            if e.id not in played.withdrawn and rng.random() < withdraw:
                played.withdrawn.add(e.id)
    return played
