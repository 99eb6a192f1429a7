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


def swiss_event(n: int, seed: int, table_sizes=(2,), rounds: int | None = None, withdraw: float = 0.0) -> Played:
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


def knockout_view(
    names: list[str],
    rounds_done: int,
    decided_now: int = 0,
    upsets: tuple[int, ...] = (),
    withdrawn: tuple[int, ...] = (),
):
    """An :class:`~matches.tournaments.TournamentView` of a knockout as the service stores it (tables, bye tables,
    series points), built with the pure bracket: ``rounds_done`` rounds decided, then ``decided_now``
    series of the next one; the rest of that round in progress at 1 : 0 or 1 : 1.  The better seed wins
    (2 : 0, or 2 : 1 in every third series) unless his series' index is in ``upsets``; players at the
    indexes in ``withdrawn`` withdrew in round 1 (their series lost by forfeit).  Entrant ``i`` has the
    id ``100 + i`` and seeds ``i + 1``-th."""
    from matches.competitions import Bout, knockout_bracket, knockout_next
    from matches.tournaments import Tournament, TournamentEntrant, TournamentTable, TournamentView

    entrants = [
        TournamentEntrant(100 + i, name, 1 if i in withdrawn else None, 1800.0 - 10 * i) for i, name in enumerate(names)
    ]
    gone = {100 + i for i in withdrawn}
    view = TournamentView(
        Tournament(
            7,
            1,
            1,
            "Spring Cup",
            "architekton",
            "knockout",
            {},
            2,
            None,
            3,
            "running",
            1,
            1,
            False,
            1,
            None,
            None,
            [],
            0.0,
        ),
        entrants,
        [],
    )
    bouts: list[Bout] = knockout_bracket(view.seeds())
    number, serial = 1, 0
    while True:
        winners: dict[int, int | None] = {}
        for j, bout in enumerate(bouts):
            players = [p for p in (bout.first, bout.second) if p is not None]
            if len(players) < 2:
                view.tables.append(TournamentTable(number, j + 1, players, [1] * len(players), True, None, None))
                continue
            serial += 1
            better, worse = sorted(players)  # the lower id seeds higher
            if serial in upsets:
                better, worse = worse, better
            decided = (
                number <= rounds_done or (number == rounds_done + 1 and j < decided_now) or bool(gone & set(players))
            )
            if gone & set(players):
                better, worse = (worse, better) if better in gone else (better, worse)
                score = {better: 0, worse: 0}
            elif decided:
                score = {better: 2, worse: 1 if serial % 3 == 0 else 0}
            else:
                score = {better: 1, worse: serial % 2}
            places = [1 if p == better else 2 for p in players] if decided else None
            view.tables.append(
                TournamentTable(number, j + 1, players, places, bool(gone & set(players)), 1000 + serial, serial)
            )
            view.series[serial] = score
            if decided:
                winners[j] = better if better not in gone else None
        view.event.round = number
        if any(t.places is None for t in view.round_tables(number)):
            return view
        advance = knockout_next(bouts, winners, gone)
        if advance.finished:
            view.event.status = "finished"
            view.event.winners = [advance.champion] if advance.champion is not None else []
            return view
        bouts, number = list(advance.bouts), number + 1
