"""Standings: points, then Buchholz, Sonneborn-Berger and rating.

Scoring (:func:`~matches.competitions.model.placement_points`): a two-player
game scores 1, 1/2 or 0; a table of three 1, 1/2, 0 by place; of four 1, 2/3,
1/3, 0; tied players share the average.  A scored bye is worth
:data:`~matches.competitions.model.BYE_POINTS` (a win).  A forfeit scores like
a played game.  Only finished tables count.

Tie-breaks, in order (higher is better each time):

1. **Buchholz**: the sum of the final points of every opponent met, once per
   game (at a table of four that is three opponents).  A bye counts as a game
   against a virtual opponent with the player's *own* final points, as the
   FIDE tie-break rules do for unplayed rounds: a bye then neither lifts nor
   sinks the strength of a player's opposition, where counting it as 0 would
   punish the player the pairing chose for it.
2. **Sonneborn-Berger**: for each game, each opponent's final points times
   the player's result against that opponent (1 above them, 1/2 level, 0
   below), divided by the number of opponents at the table -- for two players
   the usual sum of beaten opponents' points plus half of drawn ones'.  A bye
   adds nothing (nobody was beaten).
3. **Rating** (the entrant's rating, higher first), then the player id, so
   the order is total and deterministic.

Withdrawn players stay in the table with the points they had, flagged
``withdrawn``; their opponents keep the games played against them.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import BYE_POINTS, Entrant, PlayerId, Round


@dataclass(frozen=True)
class Standing:
    rank: int
    player: PlayerId
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    rating: float
    played: int
    """Finished games, forfeits included, byes not."""
    byes: int
    opponents: tuple[PlayerId, ...]
    """Every opponent met, once each, in the order first met."""
    withdrawn: bool = False

    def sort_key(self) -> tuple[Fraction, Fraction, Fraction, float, PlayerId]:
        return (-self.points, -self.buchholz, -self.sonneborn_berger, -self.rating, self.player)


def points_by_player(
    entrants: Sequence[Entrant], rounds: Sequence[Round], bye_points: Fraction = BYE_POINTS
) -> dict[PlayerId, Fraction]:
    points = {e.id: Fraction(0) for e in entrants}
    for rnd in rounds:
        for t in rnd.tables:
            for p, pts in t.points().items():
                points[p] = points.get(p, Fraction(0)) + pts
        for p in rnd.byes:
            points[p] = points.get(p, Fraction(0)) + bye_points
    return points


def standings(
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    withdrawn: Collection[PlayerId] = (),
    bye_points: Fraction = BYE_POINTS,
) -> list[Standing]:
    """The table, best first (see the module's docstring for the order)."""
    rating = {e.id: e.rating for e in entrants}
    points = points_by_player(entrants, rounds, bye_points)
    # The tie-breaks summed as integers over a common denominator, then made Fractions once:
    # exact as before, and a 256-player event's standings no longer spend most of their time
    # in Fraction arithmetic.  A Sonneborn-Berger term is (0, 1 or 2 halves) x points / (k - 1).
    unit = math.lcm(1, *(x.denominator for x in points.values()))
    whole = {p: int(x * unit) for p, x in points.items()}
    shares = math.lcm(1, *(2 * (len(t.players) - 1) for rnd in rounds for t in rnd.tables if t.finished))
    buchholz_whole = {p: 0 for p in points}
    sb_whole = {p: 0 for p in points}
    played = {p: 0 for p in points}
    byes = {p: 0 for p in points}
    opponents: dict[PlayerId, dict[PlayerId, None]] = {p: {} for p in points}
    for rnd in rounds:
        for t in rnd.tables:
            if t.places is None:  # unfinished
                continue
            share = shares // (2 * (len(t.players) - 1))
            for p, mine in zip(t.players, t.places):
                played[p] += 1
                for o, theirs in zip(t.players, t.places):
                    if o == p:
                        continue
                    opponents[p].setdefault(o, None)
                    buchholz_whole[p] += whole[o]
                    halves = 2 if mine < theirs else 1 if mine == theirs else 0
                    sb_whole[p] += halves * whole[o] * share
        for p in rnd.byes:
            byes[p] += 1
            buchholz_whole[p] += whole[p]
    buchholz = {p: Fraction(x, unit) for p, x in buchholz_whole.items()}
    sb = {p: Fraction(x, unit * shares) for p, x in sb_whole.items()}
    rows = [
        Standing(
            0,
            p,
            points[p],
            buchholz[p],
            sb[p],
            rating.get(p, 0.0),
            played[p],
            byes[p],
            tuple(opponents[p]),
            p in withdrawn,
        )
        for p in points
    ]
    rows.sort(key=Standing.sort_key)
    return [
        Standing(
            i + 1,
            r.player,
            r.points,
            r.buchholz,
            r.sonneborn_berger,
            r.rating,
            r.played,
            r.byes,
            r.opponents,
            r.withdrawn,
        )
        for i, r in enumerate(rows)
    ]
