"""Ratings with OpenSkill's Plackett-Luce model (pure functions).

A player's skill is a belief ``(mu, sigma)``: new players start at
``mu = 25, sigma = 25/3`` (the model's defaults).  :func:`rate` takes the
skills of a finished game's 2 to 4 players and their places (1 = best, ties
allowed) and returns the new skills.

**The displayed number.**  The conservative estimate (the "ordinal")
``mu - 3 sigma`` is 0 for a new player; the display is::

    display = 1500 + DISPLAY_SCALE * (mu - 3 * sigma)

so a new player shows 1500.  ``DISPLAY_SCALE`` = 400 / ln 10 / (sqrt 2 * beta)
~ 29.5 makes differences read like Elo's between settled players (two
players whose ``mu`` differ by d win about as often as two Elo players whose
ratings differ by ``DISPLAY_SCALE * d``: 100 points ~ 64 %).  Because the
ordinal subtracts the uncertainty, a player's number climbs as ``sigma``
shrinks even at average strength: an average player settles (``sigma``
about 1.6 under the model's default ``tau``) near 1500 + 29.5 * (25 - 4.8)
~ 2100.  That is the price of a conservative number; the leaderboard ranks
by it, so a lucky newcomer never tops it after one game.

A rating is **provisional** until :data:`PROVISIONAL_GAMES` rated games.

:func:`replay` recomputes everyone from a chronological list of results,
for moving the old Elo history over (run it per game and server, as the
Elo ratings are kept).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .model import PlayerId

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
Z = 3.0
DISPLAY_BASE = 1500.0
DISPLAY_SCALE = 400.0 / math.log(10.0) / (math.sqrt(2.0) * BETA)
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    """Rated games played."""

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` (0 for a new player)."""
        return self.mu - Z * self.sigma

    @property
    def display(self) -> int:
        """The number shown to players (see the module)."""
        return display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def display(mu: float, sigma: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - Z * sigma))


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """New skills for a finished game of 2 to 4 players, ``places`` 1 = best
    (equal places are a tie), in the same order as ``skills``."""
    if not 2 <= len(skills) <= 4:
        raise ValueError("a rated game has 2 to 4 players")
    if len(places) != len(skills):
        raise ValueError("one place per player")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma, s.games + 1) for team, s in zip(rated, skills)]


@dataclass(frozen=True)
class RatedGame:
    """One finished game for :func:`replay`: its players and their places."""

    players: tuple[PlayerId, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Change:
    """A player's skill before and after one replayed game."""

    player: PlayerId
    before: Skill
    after: Skill


def replay_history(
    games: Iterable[RatedGame], start: Mapping[PlayerId, Skill] | None = None
) -> Iterator[tuple[RatedGame, list[Change]]]:
    """Rate ``games`` in order, yielding each game with its players'
    changes (for a rating history)."""
    skills = dict(start or {})
    for game in games:
        before = [skills.get(p, Skill()) for p in game.players]
        after = rate(before, game.places)
        skills.update(zip(game.players, after))
        yield game, [Change(p, b, a) for p, b, a in zip(game.players, before, after)]


def replay(games: Iterable[RatedGame], start: Mapping[PlayerId, Skill] | None = None) -> dict[PlayerId, Skill]:
    """Everyone's skill after rating ``games`` in order, from new (or
    ``start``)."""
    skills = dict(start or {})
    for _, changes in replay_history(games, skills):
        for c in changes:
            skills[c.player] = c.after
    return skills
