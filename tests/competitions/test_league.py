"""League schedules: complete, balanced, deterministic."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.competitions import (
    Entrant,
    default_league_rounds,
    forfeit_remaining,
    league_schedule,
    pair_count_spread,
    round_robin,
    standings,
    table_sizes_for,
)


def field(n):
    return [Entrant(i, 2000 - i) for i in range(n)]


@pytest.mark.parametrize("n", range(2, 23))
def test_round_robin_meets_everyone_once_with_balanced_first_moves(n):
    rounds = round_robin(field(n))
    assert len(rounds) == (n if n % 2 else n - 1)
    met = Counter()
    surplus = Counter()
    streak: dict[int, list[int]] = {}
    for rnd in rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert sorted(seated + list(rnd.resting)) == list(range(n))
        assert len(rnd.resting) == n % 2 and rnd.byes == ()
        for t in rnd.tables:
            met[frozenset(t.players)] += 1
            surplus[t.players[0]] += 1
            surplus[t.players[1]] -= 1
            streak.setdefault(t.players[0], []).append(1)
            streak.setdefault(t.players[1], []).append(-1)
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(n), 2)}
    assert set(met.values()) == {1}
    assert all(abs(surplus[p]) <= 1 for p in range(n))
    # first and second alternate: at most two of a colour in a row
    for colours in streak.values():
        assert all(len(set(colours[i : i + 3])) == 2 for i in range(len(colours) - 2))


def test_second_cycle_swaps_colours():
    rounds = round_robin(field(6), cycles=2)
    assert len(rounds) == 10
    first = {frozenset(t.players): t.players for r in rounds[:5] for t in r.tables}
    for r in rounds[5:]:
        for t in r.tables:
            assert t.players == first[frozenset(t.players)][::-1]


@settings(max_examples=12, deadline=None)
@given(n=st.integers(3, 16), sizes=st.sampled_from([(3,), (4,), (3, 4), (2, 3, 4)]))
def test_table_schedules_are_complete_rounds_and_balanced(n, sizes):
    players = list(range(n))
    rounds = league_schedule(field(n), sizes)
    assert len(rounds) == default_league_rounds(n, sizes)
    rests = Counter()
    for rnd in rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert sorted(seated + list(rnd.resting)) == players
        assert sorted((len(t.players) for t in rnd.tables), reverse=True) == table_sizes_for(n, sizes)[0]
        rests.update(rnd.resting)
    assert max(rests[p] for p in players) - min(rests[p] for p in players) <= 1
    fewest, most = pair_count_spread(rounds, players)
    assert most - fewest <= 2


@pytest.mark.parametrize("n, sizes", [(9, (3,)), (16, (4,)), (4, (4,)), (3, (3,))])
def test_perfect_designs_are_found(n, sizes):
    # where a resolvable design exists (affine planes of order 3 and 4), every pair meets exactly once
    rounds = league_schedule(field(n), sizes)
    assert pair_count_spread(rounds, range(n)) == (1, 1)


def test_more_rounds_spread_meetings_evenly():
    rounds = league_schedule(field(12), (4,), rounds=8)
    fewest, most = pair_count_spread(rounds, range(12))
    assert fewest >= 1 and most - fewest <= 2


@pytest.mark.parametrize("n, sizes, rounds", [(8, (4,), 8), (10, (3, 4), 9), (13, (3, 4), None), (9, (3,), 8)])
def test_table_seats_spread_first_moves(n, sizes, rounds):
    schedule = league_schedule(field(n), sizes, rounds=rounds)
    firsts = Counter(t.players[0] for r in schedule for t in r.tables)
    assert max(firsts[p] for p in range(n)) - min(firsts[p] for p in range(n)) <= 1


def test_schedule_is_deterministic():
    assert league_schedule(field(11), (3, 4)) == league_schedule(field(11), (3, 4))


def test_withdrawal_forfeits_the_remaining_games():
    rounds = round_robin(field(4))
    played = [rounds[0].with_results([(1, 2)] * 2)] + rounds[1:]
    after = forfeit_remaining(played, {3})
    assert after[0] == played[0]
    for rnd in after[1:]:
        for t in rnd.tables:
            if 3 in t.players:
                assert t.forfeit and t.places[t.players.index(3)] == 2
            else:
                assert not t.finished
    rows = {r.player: r for r in standings(field(4), after, withdrawn={3})}
    assert rows[3].withdrawn and rows[3].played == 3


def _best_spread(n: int, size: int, rounds: int) -> int:
    """The smallest max - min pair count over every schedule (brute force)."""
    first = [t for t in itertools.combinations(range(n), size) if 0 in t]
    splits = []
    for t in first:  # two tables: a table with player 0 and the rest
        splits.append((t, tuple(p for p in range(n) if p not in t)))
    best = None
    for combo in itertools.combinations_with_replacement(splits, rounds):
        met = Counter()
        for split in combo:
            for table in split:
                met.update(itertools.combinations(table, 2))
        values = [met[pair] for pair in itertools.combinations(range(n), 2)]
        spread = max(values) - min(values)
        best = spread if best is None else min(best, spread)
    return best


@pytest.mark.parametrize("n, size, rounds", [(6, 3, 3), (6, 3, 4), (8, 4, 3)])
def test_small_schedules_reach_the_brute_force_optimum(n, size, rounds):
    schedule = league_schedule(field(n), (size,), rounds=rounds)
    fewest, most = pair_count_spread(schedule, range(n))
    assert most - fewest == _best_spread(n, size, rounds)
