"""One bad row harms only itself; deliveries are fenced against a process paused past its lease.

A match whose stored state is not JSON, or JSON its engine cannot load, or whose moves do not
replay to its snapshot, is marked broken (logged once with its id) and refused alone: the
player's other matches are listed, the due work claimed beside it is delivered.  Both backends.
"""

import logging

import pytest

from matches import MatchBroken, MatchService
from matches.timing import DAY

from .conftest import ANN, BOB, CAT
from .test_service import moved, started

# What a row can hold that nobody can read.
DAMAGE = {
    "not JSON": '{"board": [1, 2',
    "JSON the engine cannot load": '{"surprise": true}',
}


async def damage(store, match_id: int, state: str) -> None:
    await store.execute("UPDATE matches SET state = ? WHERE id = ?", (state, match_id))


def broken_logs(caplog, match_id: int) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.ERROR and f"match {match_id} is broken" in r.getMessage()
    ]


@pytest.mark.parametrize("kind", DAMAGE)
async def test_a_damaged_match_leaves_the_players_other_matches_listed(service, store, caplog, kind):
    healthy = [await started(service) for _ in range(6)]
    bad = await started(service)
    await damage(store, bad.id, DAMAGE[kind])

    with caplog.at_level(logging.ERROR):
        listed = await service.waiting_list(ANN.id)
        assert sorted(m.id for m in listed) == sorted(m.id for m in healthy)
        assert listed.broken == [bad.id]
        again = await service.waiting_list(BOB.id)  # the other player, and a second read
        assert len(again) == 6 and again.broken == [bad.id]
    assert len(broken_logs(caplog, bad.id)) == 1  # logged once, with its id

    with pytest.raises(MatchBroken, match=f"#{bad.id} cannot be played"):
        await service.move(bad.id, ANN.id, "anything")
    with pytest.raises(MatchBroken):
        await service.get(bad.id)
    [listed] = await service.broken_matches()
    assert listed.id == bad.id and listed.game == "architekton" and listed.reason
    # the healthy ones play on
    assert (await moved(service, healthy[0])).plies == 1


async def test_a_damaged_match_does_not_hold_up_the_due_work_claimed_beside_it(service, store, clock):
    matches = [await started(service) for _ in range(5)]
    bad = matches[2]
    await damage(store, bad.id, DAMAGE["not JSON"])
    clock.now += DAY + 1  # every one owes its daily reminder

    claimed = await service.claim_due("one", limit=10)
    assert sorted(m.id for m, _ in claimed) == sorted(m.id for m in matches if m.id != bad.id)
    for match, event in claimed:
        assert await service.confirm_claim(match)
        assert await service.mark_sent(match, event) is not None
    clock.now += 3600  # long past the lease
    assert await service.claim_due("one", limit=10) == []  # nothing claimed again, ever
    soonest = await service.next_wakeup()
    assert soonest is None or soonest > clock.now  # and the scheduler does not spin on it
    assert [b.id for b in await service.broken_matches()] == [bad.id]


async def test_a_damaged_match_does_not_stop_the_computer_resuming_nor_challenges_expiring(service, store, clock):
    bad = await started(service)
    await damage(store, bad.id, DAMAGE["JSON the engine cannot load"])
    challenge = await service.create_challenge("architekton", 10, 20, ANN, [CAT])
    assert await service.computer_turns() == []
    clock.now += 15 * DAY
    assert [m.id for m in await service.expire_challenges()] == [challenge.id]


async def test_moves_that_do_not_replay_mark_the_match_broken_where_they_are_read(service, store):
    match = await started(service)
    for _ in range(3):
        match = await moved(service, match)
    # the second move becomes one the engine refuses; the snapshot still reads
    await store.execute("UPDATE moves SET move = 'no such move' WHERE match_id = ? AND ply = 1", (match.id,))
    assert (await service.get(match.id)).plies == 3  # play reads the snapshot...
    with pytest.raises(MatchBroken):
        await service.record(match.id)  # ...export and replays read the moves
    with pytest.raises(MatchBroken):
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    [listed] = await service.broken_matches()
    assert listed.id == match.id and "do not replay" in listed.reason


async def test_a_sweep_finds_every_broken_match_and_a_repaired_one_is_taken_back(service, store, clock):
    good = await moved(service, await started(service))
    short = await moved(service, await moved(service, await started(service)))
    garbled = await started(service)
    await damage(store, garbled.id, DAMAGE["not JSON"])
    # a move list that replays, but to another position than the snapshot: its last move lost
    await store.execute("DELETE FROM moves WHERE match_id = ? AND ply = 1", (short.id,))
    assert sorted(await service.find_broken()) == sorted([garbled.id, short.id])
    assert sorted(b.id for b in await service.broken_matches()) == sorted([garbled.id, short.id])
    assert await service.find_broken() == []  # marked once
    assert (await service.get(good.id)).plies == 1

    # the operator repairs the row: it is taken back, its reminders due again
    assert await service.take_back_repaired(garbled.id) is not None  # not repaired yet
    await store.execute(
        "UPDATE matches SET state = ? WHERE id = ?", (__import__("json").dumps(garbled.state_json), garbled.id)
    )
    assert await service.take_back_repaired(garbled.id) is None
    again = await service.get(garbled.id)
    assert again.next_event_at == garbled.next_event_at
    clock.now += DAY + 1
    assert garbled.id in [m.id for m, _ in await service.claim_due("p", limit=10)]


# ------------------------------------------------------------- fencing


async def test_a_process_paused_past_its_lease_delivers_nothing_and_marks_nothing(service, store, clock):
    """The pause is simulated: the lease runs out while "one" holds its claim, "two" claims and
    delivers, then "one" wakes and tries to deliver and to mark sent."""
    match = await started(service)
    clock.now += DAY + 1
    [(paused, event)] = await service.claim_due("one", limit=10, lease=120)
    clock.now += 121  # "one" is stopped past its lease
    [(heir, heir_event)] = await service.claim_due("two", limit=10, lease=120)
    assert heir.id == paused.id and heir.claim_token != paused.claim_token
    assert await service.confirm_claim(heir, lease=120)
    delivered = await service.mark_sent(heir, heir_event)
    assert delivered is not None and delivered.claim_token is None

    # "one" wakes: its claim is gone, so it sends nothing and changes nothing
    assert not await service.confirm_claim(paused, lease=120)
    assert await service.mark_sent(paused, event) is None
    assert (await service.get(match.id)).last_reminded_at == delivered.last_reminded_at


async def test_a_claim_taken_over_before_the_first_owner_delivers_is_not_delivered_by_it(service, clock):
    await started(service)
    clock.now += DAY + 1
    [(paused, event)] = await service.claim_due("one", limit=10, lease=120)
    clock.now += 121
    [(heir, _)] = await service.claim_due("two", limit=10, lease=120)
    # "one" wakes before "two" has delivered: still not its claim
    assert not await service.confirm_claim(paused, lease=120)
    assert await service.mark_sent(paused, event) is None
    assert await service.confirm_claim(heir, lease=120)


async def test_confirming_a_claim_renews_its_lease(service, clock):
    await started(service)
    clock.now += DAY + 1
    [(mine, _)] = await service.claim_due("one", limit=10, lease=120)
    clock.now += 100
    assert await service.confirm_claim(mine, lease=120)  # renewed until now + 120
    clock.now += 100  # 200 s after the claim
    assert await service.claim_due("two", limit=10, lease=120) == []


async def test_a_move_voids_the_claim_on_the_reminder_it_made_moot(service, clock):
    match = await started(service)
    clock.now += DAY + 1
    [(claimed, event)] = await service.claim_due("one", limit=10)
    await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    assert not await service.confirm_claim(claimed)
    assert await service.mark_sent(claimed, event) is None


async def test_postgresql_connections_carry_statement_and_idle_timeouts(database, backend):
    if backend != "postgresql":
        pytest.skip("timeouts on the server's side are PostgreSQL's")
    from matches.store import store_for

    default = await store_for(database).open()
    chosen = await store_for(database, statement_timeout=5, idle_in_transaction_timeout=7.5).open()
    try:
        assert (await default.fetchone("SHOW statement_timeout"))[0] == "30s"
        assert (await default.fetchone("SHOW idle_in_transaction_session_timeout"))[0] == "1min"
        assert (await chosen.fetchone("SHOW statement_timeout"))[0] == "5s"
        assert (await chosen.fetchone("SHOW idle_in_transaction_session_timeout"))[0] == "7500ms"
        # a unit of work runs under them too
        value = await chosen.write(lambda tx: tx.fetchone("SHOW statement_timeout")[0])
        assert value == "5s"
    finally:
        await default.close()
        await chosen.close()


async def test_postgresql_ends_a_transaction_left_idle_and_its_locks_go(database, backend):
    """A process stopped in the middle of a transaction (SIGSTOP) holds its locks only until the
    server's idle-in-transaction timeout ends its session."""
    if backend != "postgresql":
        pytest.skip("timeouts on the server's side are PostgreSQL's")
    import asyncio

    import asyncpg

    from matches.store import store_for

    store = await store_for(database, idle_in_transaction_timeout=0.3).open()
    other = await store_for(database).open()
    try:
        service = MatchService(store)
        match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])
        async with store.pool.acquire() as stuck:
            await stuck.execute("BEGIN")
            await stuck.execute("SELECT * FROM matches WHERE id = $1 FOR UPDATE", match.id)
            await asyncio.sleep(1.5)  # "paused" well past the timeout
            with pytest.raises(
                (
                    asyncpg.exceptions.IdleInTransactionSessionTimeoutError,
                    asyncpg.exceptions.ConnectionDoesNotExistError,
                    asyncpg.InterfaceError,
                )
            ):
                await stuck.execute("SELECT 1")
        # the row lock went with the session: another process writes the row at once
        done = await other.execute("UPDATE matches SET updated_at = updated_at + 1 WHERE id = ?", (match.id,))
        assert done.rowcount == 1
    finally:
        await store.close()
        await other.close()
