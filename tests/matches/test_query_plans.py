"""The reads behind every keystroke and command use an index, whatever the size of the database.

The statements are the ones the service really runs (recorded from the store),
and SQLite's own EXPLAIN QUERY PLAN says how it would execute them.  After
ANALYZE of a database where most matches are active (statistics that once led
the planner to read every active match), the plans must stay the same.
"""

import pytest

from matches import NotFound, Player

from .conftest import ANN, BOB


@pytest.fixture
def backend():
    """SQLite only: its EXPLAIN QUERY PLAN is what these tests read.  PostgreSQL plans a table of
    a few rows with a sequential scan whatever its indexes, so its plans are only meaningful at
    scale: bench/large.py measures the same reads at 100,000 matches on it."""
    return "sqlite"


def record_reads(store) -> list[tuple[str, tuple]]:
    seen = []
    read = store.fetchall

    async def recording(sql, params=()):
        seen.append((sql, params))
        return await read(sql, params)

    store.fetchall = recording
    return seen


async def plan(store, sql, params) -> list[str]:
    return [row[3] for row in await store.reader.execute_fetchall("EXPLAIN QUERY PLAN " + sql, params)]


async def many_active_matches(service, store, count=60):
    for i in range(count):
        a, b = Player(100 + 2 * i, f"a{i}"), Player(101 + 2 * i, f"b{i}")
        challenge = await service.create_challenge("architekton", 10, 20, a, [b], first="me")
        await service.accept(challenge.id, b.id)
    challenge = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first="me")
    await service.accept(challenge.id, BOB.id)
    await store.execute("ANALYZE")


@pytest.mark.parametrize("analyzed", [False, True])
async def test_a_players_matches_are_found_from_his_rows_of_match_players(service, store, analyzed):
    if analyzed:
        await many_active_matches(service, store)
    seen = record_reads(store)
    calls = [
        service.user_matches(ANN.id),
        service.user_matches(ANN.id, channel_id=20, game="architekton"),
        service.user_matches(ANN.id, game="architekton", statuses=("active", "finished")),
        service.waiting_list(ANN.id),
    ]
    for call in calls:
        await call
    assert len(seen) == len(calls)
    for sql, params in seen:
        steps = await plan(store, sql, params)
        # Outer loop: the player's own rows (primary key user_id, match_id); then each match by its id.
        assert steps[0].startswith("SEARCH p USING PRIMARY KEY (user_id=?)"), steps
        assert "SEARCH m USING INTEGER PRIMARY KEY (rowid=?)" in steps, steps
        assert not any(s.startswith("SCAN") or "matches_status" in s for s in steps), steps


async def test_user_matches_still_filters_by_status_channel_and_game(service):
    await many_active_matches(service, service.store, count=3)
    other = await service.create_challenge("atacama", 10, 30, ANN, [BOB], first="me")
    await service.accept(other.id, BOB.id)
    pending = await service.create_challenge("architekton", 10, 20, ANN, [Player(7, "eve")], first="me")
    assert [m.game for m in await service.user_matches(ANN.id)] == ["architekton", "atacama"]
    assert [m.id for m in await service.user_matches(ANN.id, channel_id=30)] == [other.id]
    assert [m.game for m in await service.user_matches(ANN.id, game="atacama")] == ["atacama"]
    assert [m.id for m in await service.user_matches(ANN.id, statuses=("challenge",))] == [pending.id]
    assert await service.user_matches(Player(999, "nobody").id) == []


@pytest.mark.parametrize("analyzed", [False, True])
async def test_stats_read_no_table_whole(service, store, analyzed):
    if analyzed:
        await many_active_matches(service, store)
    seen = record_reads(store)
    await service.stats(10, ANN.id)
    assert len(seen) == 3
    for sql, params in seen:
        steps = await plan(store, sql, params)
        assert not any(s.startswith("SCAN") for s in steps), (sql, steps)
    series_steps = await plan(store, *seen[1])
    assert any("series_winner" in s for s in series_steps), series_steps


@pytest.mark.parametrize("analyzed", [False, True])
async def test_the_schedulers_event_reads_start_from_the_undecided_tables(service, store, analyzed):
    """What the scheduler reads of events on every round (a round's limit, late matches, boards to
    post) is found from the undecided tables' index, never by reading every active match."""
    if analyzed:
        await many_active_matches(service, store)
    event = await service.create_event(10, 20, ANN, "architekton", "swiss", rounds=3)
    for i in range(4):
        await service.join_event(event.id, Player(500 + i, f"e{i}"))
    await service.start_event(event.id)
    if analyzed:
        await store.execute("ANALYZE")
    seen = record_reads(store)
    store_fetchone = store.fetchone

    async def recording_one(sql, params=()):
        seen.append((sql, params))
        return await store_fetchone(sql, params)

    store.fetchone = recording_one
    await service.next_wakeup()
    await service.end_late_matches()
    await service.claim_unposted_matches()
    reads = list(dict.fromkeys((sql, params) for sql, params in seen if "event_tables" in sql))
    assert len(reads) == 3, reads
    for sql, params in reads:
        steps = await plan(store, sql, params)
        # a partial index: only undecided tables, or only those whose board is pending
        assert "INDEX event_tables_due" in steps[0] or "INDEX event_tables_board" in steps[0], (sql, steps)
        assert not any("matches_due" in s or "matches_status" in s or s.startswith("SCAN m") for s in steps), steps


@pytest.mark.parametrize("analyzed", [False, True])
async def test_practice_reliability_and_ladder_reads_use_their_indexes(service, store, analyzed):
    """The reads of /practice position, a player's reliability and a match's end (is it a ladder
    match?) search an index; none reads a table whole (matches.practice, .reliability, .ladder)."""
    if analyzed:
        await many_active_matches(service, store)
    seen = []
    for name in ("fetchall", "fetchone"):
        read = getattr(store, name)

        def recording(sql, params=(), read=read):
            seen.append((sql, params))
            return read(sql, params)

        setattr(store, name, recording)
    with pytest.raises(NotFound):
        await service.practice_position(ANN.id, "architekton")  # nothing to practise: refused
    await service.reliability(10, ANN.id)
    await service.ladder_of_match(1)
    wanted = [
        (sql, params)
        for sql, params in seen
        if any(t in sql for t in ("practice_items", "reliability_faults", "ladder_matches"))
    ]
    assert len(wanted) >= 4
    for sql, params in wanted:
        steps = await plan(store, sql, params)
        assert not any(s.startswith("SCAN") and "recent" not in s for s in steps), (sql, steps)
