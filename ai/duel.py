"""Seeded matches between two players (levels or baselines), seats rotated, and
the share of wins with a 95 % Wilson interval."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from engines.core import game_names, get_game

from .players import move_of
from .profiles import profile


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Summary(TypedDict):
    """A tally as JSON (``Tally.summary``)."""

    first: str
    second: str
    matches: int
    wins: int
    draws: int
    losses: int
    win_rate: float | None
    ci95: list[float]


@dataclass
class Tally:
    """Results from the first player's side: a win when every winner sat as the first."""

    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    think_ms: dict[str, list[int]] = field(default_factory=dict)

    @property
    def matches(self) -> int:
        return self.wins + self.draws + self.losses

    def summary(self) -> Summary:
        low, high = wilson(self.wins, self.matches)
        return {
            "first": self.first,
            "second": self.second,
            "matches": self.matches,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.wins / self.matches, 3) if self.matches else None,
            "ci95": [round(low, 3), round(high, 3)],
        }


# Games whose seats score the same lines two by two (e.g. two axes of a four-player board, seats 0
# and 2 on one, 1 and 3 on the other): alternating the two players around that table puts both of
# one player's seats on one axis, so each match is decided between the axes, a level fighting
# itself over its own lines; there the players sit in neighbouring pairs instead, so that each
# axis has one seat of each.  Each game's profile says where (ai/profiles/<game>.py, ``paired``,
# with the game's reasons).
PAIRED = {(game, n) for game in game_names() for n in profile(game).paired}


def seats_for(players: int, match: int, first: str, second: str, paired: bool = False) -> list[str]:
    """Alternate the two players around the table, every other match swapping them; or, with
    ``paired`` (four seats), two neighbouring seats each, turned one seat further every match."""
    if paired:
        ring = [first, first, second, second]
        turn = match % 4
        return ring[turn:] + ring[:turn]
    pair = (first, second) if match % 2 == 0 else (second, first)
    return [pair[i % 2] for i in range(players)]


def play_match(
    game: str, players: int, options: dict[str, Any], seats: list[str], seed: int, tally: Tally
) -> tuple[int, ...]:
    state = get_game(game).setup(players, seed, options=options)
    ply = 0
    while (seat := state.current_player()) is not None:
        who = seats[seat]
        start = time.perf_counter()
        move = move_of(who, state, seed * 1000 + ply)
        tally.think_ms.setdefault(who, []).append(int((time.perf_counter() - start) * 1000))
        state.play(move)
        ply += 1
    outcome = state.outcome()
    assert outcome is not None  # nobody is to move: the match is over
    return outcome.winners


def duel(
    game: str,
    first: str,
    second: str,
    matches: int,
    players: int = 2,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    progress: Callable[[int, Tally], None] | None = None,
) -> Tally:
    tally = Tally(first, second)
    for match in range(matches):
        seats = seats_for(players, match, first, second, players in profile(game).paired)
        winners = play_match(game, players, options or {}, seats, seed * 100_000 + match, tally)
        sides = {seats[w] for w in winners}
        if first == second or sides == {first, second}:
            tally.draws += 1
        elif sides == {first}:
            tally.wins += 1
        else:
            tally.losses += 1
        if progress:
            progress(match + 1, tally)
    return tally
