"""Several bot processes on one database: every action applies once,
every due reminder is delivered by exactly one process, a process that dies
mid-delivery is replaced without loss or double, and what one process changes
the others hear of.

Each "process" here is a store of its own (its own connections, writer threads
and, on PostgreSQL, its own listener) with a service on top, as a second bot
process would have; both backends (tests/conftest.py).
"""

import asyncio

import pytest

from matches import StaleRequest
from matches.errors import ServiceError
from matches.shards import Shards
from matches.store import StoreInUse, store_for
from matches.timing import DAY

from .conftest import ANN, BOB
from .test_service import started


async def test_fifty_identical_moves_through_two_processes_apply_once(service, second):
    match = await started(service)
    move = match.state().legal_moves()[0]
    attempts = [(service if i % 2 else second).move(match.id, ANN.id, move) for i in range(50)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    # the others are told the board changed (or, once the turn passed on, that it is not theirs)
    assert all(isinstance(r, (StaleRequest, ServiceError)) for r in refused), refused
    after = await second.get(match.id)
    assert after.version == match.version + 1 and len(await service.moves(match.id)) == 1


async def clone_active(service, store, count: int) -> list[int]:
    """``count`` active matches, cheaply: one made by the service, the rest copies of its row."""
    match = await started(service)
    row = dict(await store.fetchone("SELECT * FROM matches WHERE id = ?", (match.id,)))
    columns = [c for c in row if c != "id"]
    sql = f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    await store.write(lambda tx: tx.executemany(sql, [tuple(row[c] for c in columns)] * (count - 1)))
    return [r["id"] for r in await store.fetchall("SELECT id FROM matches WHERE status = 'active'")]


async def test_a_thousand_due_reminders_are_claimed_exactly_once_across_two_processes(service, second, store, clock):
    ids = await clone_active(service, store, 1000)
    clock.now += DAY + 1  # every one owes its daily reminder

    async def deliver_all(who, name):
        delivered = []
        while batch := await who.claim_due(name, limit=40, per_channel=None):
            for match, event in batch:
                delivered.append(match.id)
                assert await who.mark_sent(match, event) is not None
        return delivered

    first, other = await asyncio.gather(deliver_all(service, "one"), deliver_all(second, "two"))
    assert sorted(first + other) == sorted(ids)  # nothing lost, nothing twice
    assert await service.due() == []


async def test_a_process_that_dies_mid_delivery_is_replaced_when_its_lease_runs_out(service, second, store, clock):
    ids = await clone_active(service, store, 30)
    clock.now += DAY + 1
    claimed = await service.claim_due("dying", limit=30, lease=120)
    assert sorted(m.id for m, _ in claimed) == sorted(ids)
    for match, event in claimed[:10]:  # it delivered ten, then died
        await service.mark_sent(match, event)
    assert await second.claim_due("heir", limit=30) == []  # the lease still holds
    clock.now += 121
    taken = await second.claim_due("heir", limit=30)
    assert sorted(m.id for m, _ in taken) == sorted(m.id for m, _ in claimed[10:])
    for match, event in taken:
        await second.mark_sent(match, event)
    assert await service.due() == [] and await second.claim_due("heir", limit=30) == []


async def test_a_process_claims_only_the_matches_of_its_shards(service, store, clock):
    guilds = [1 << 22, 2 << 22, 3 << 22, 4 << 22]  # shards 1, 2, 3, 0 of 4
    made = {}
    for guild in guilds:
        challenge = await service.create_challenge("architekton", guild, 20, ANN, [BOB], first="me")
        made[guild] = (await service.accept(challenge.id, BOB.id)).id
    clock.now += DAY + 1
    mine = await service.claim_due("p", limit=10, shards=Shards.parse(4, "0-1"))
    assert sorted(m.id for m, _ in mine) == sorted([made[1 << 22], made[4 << 22]])
    rest = await service.claim_due("q", limit=10, shards=Shards.parse(4, "2,3"))
    assert sorted(m.id for m, _ in rest) == sorted([made[2 << 22], made[3 << 22]])


def test_shard_ids_are_parsed_and_checked():
    assert Shards.parse(4, "0-1,3").ids == (0, 1, 3)
    assert Shards.parse(2, "").ids == (0, 1)
    assert Shards(4, (1,)).serves(5 << 22) and not Shards(4, (1,)).serves(4 << 22)
    assert Shards(4, (0,)).serves(None)
    for bad in ("4", "a-b", "1-", "0-9"):
        with pytest.raises(ValueError):
            Shards.parse(4, bad)


async def test_what_one_process_changes_the_others_hear(service, second, store):
    if store.backend != "postgresql":
        pytest.skip("one SQLite file serves one process (a second is refused), so there is nobody to tell")
    heard, woken = [], []
    second.store.on_notice.append(lambda topic, payload: heard.append((topic, payload)))
    second.store.on_schedule.append(woken.append)
    await service.set_guild_settings(77, language="de")
    await started(service)  # schedules the first reminder
    # NOTIFY arrives within milliseconds on a quiet machine; the generous limit is for a loaded
    # one, and the loop ends as soon as both are heard.
    for _ in range(3000):
        if heard and woken:
            break
        await asyncio.sleep(0.01)
    assert ("guild", "77") in heard
    assert woken and min(woken) > 0
    assert (await second.guild_settings(77)).language == "de"


async def test_a_bot_in_another_schema_of_the_database_hears_nothing(service, second, store):
    """Two bots sharing one database, each in a schema of its own: neither hears the other's notices
    (a NOTIFY channel is the whole database's, and "match 12 changed" is another match there), while
    the processes of one schema still hear each other."""
    if store.backend != "postgresql":
        pytest.skip("one SQLite file serves one bot")
    from tests.conftest import PostgresSchemas, postgres_url

    schemas = PostgresSchemas(postgres_url())
    stranger = await store_for(await schemas.new()).open()
    try:
        heard, theirs = [], []
        second.store.on_notice.append(lambda topic, payload: heard.append(topic))
        stranger.on_notice.append(lambda topic, payload: theirs.append(topic))
        assert stranger.channel != store.channel == second.store.channel
        await service.set_guild_settings(77, language="de")
        for _ in range(3000):  # generous for a loaded machine; ends as soon as the neighbour hears it
            if heard:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # and a moment longer, for the stranger to (not) hear it too
        assert "guild" in heard and theirs == []
    finally:
        await stranger.close()
        await schemas.drop()


async def test_a_second_bot_process_on_one_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "bot.sqlite3"
    first = await store_for(str(path), exclusive=True).open()
    try:
        with pytest.raises(StoreInUse, match="PostgreSQL"):
            await store_for(str(path), exclusive=True).open()
    finally:
        await first.close()
    again = await store_for(str(path), exclusive=True).open()  # free once the first has closed
    await again.close()
