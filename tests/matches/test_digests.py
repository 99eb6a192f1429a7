"""The daily digest in the service: its hour in the player's zone across a DST change, exactly
one claim across two processes and a restart; private notes (both backends)."""

import asyncio
import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from matches import MatchService
from matches.digests import next_digest_at
from matches.errors import NotAPlayer, ServiceError
from matches.store import store_for
from matches.timing import DAY

from .conftest import ANN, BOB, CAT
from .test_service import started

BERLIN = ZoneInfo("Europe/Berlin")


def berlin(*args) -> float:
    return dt.datetime(*args, tzinfo=BERLIN).timestamp()


def test_the_digest_hour_follows_the_wall_clock_across_daylight_saving_time():
    # Europe/Berlin goes from CEST to CET on 2026-10-25: 07:00 local is 05:00 UTC, then 06:00 UTC.
    before = next_digest_at(berlin(2026, 10, 23, 8), 7, BERLIN)
    assert before == berlin(2026, 10, 24, 7)
    after = next_digest_at(before, 7, BERLIN)
    assert after == berlin(2026, 10, 25, 7) and after - before == 25 * 3600
    assert dt.datetime.fromtimestamp(after, dt.UTC).hour == 6
    # a day already served is skipped
    assert next_digest_at(berlin(2026, 10, 24, 6), 7, BERLIN, "2026-10-24") == berlin(2026, 10, 25, 7)
    # an hour the spring change skips (02:00 on 2026-03-29) comes an hour later
    assert next_digest_at(berlin(2026, 3, 28, 12), 2, BERLIN) == berlin(2026, 3, 29, 3)


async def test_settings_are_checked_and_the_digest_scheduled_only_in_digest_mode(service, clock):
    with pytest.raises(ServiceError):
        await service.set_reminder_settings(ANN.id, timezone="Mars/Olympus")
    with pytest.raises(ServiceError):
        await service.set_reminder_settings(ANN.id, digest_hour=24)
    settings = await service.set_reminder_settings(ANN.id, digest_hour=9, timezone="Europe/Berlin")
    assert settings.digest_next_at is None and settings.timezone == "Europe/Berlin"
    settings = await service.set_reminder_settings(ANN.id, reminders="digest")
    assert settings.digest_next_at == next_digest_at(clock.now, 9, BERLIN)
    assert await service.next_wakeup() <= settings.digest_next_at
    await service.set_reminders(ANN.id, "dm")
    assert (await service.user_settings(ANN.id)).digest_next_at is None


async def test_a_digest_is_claimed_and_sent_exactly_once_across_two_processes_and_a_restart(
    service, second, database, clock
):
    users = list(range(100, 160))
    for user in users:
        await service.set_reminder_settings(user, reminders="digest", digest_hour=7, timezone="Europe/Berlin")
    due = (await service.user_settings(users[0])).digest_next_at
    clock.now = due + 1
    first, other = await asyncio.gather(
        service.claim_due_digests("one", limit=40), second.claim_due_digests("two", limit=40)
    )
    claimed = [c.user_id for c in first + other]
    assert sorted(claimed) == users  # every one, by one process each
    # "one" dies before sending: its claims come back after the lease, to the other process
    for claim in other:
        assert await second.confirm_digest(claim) and await second.mark_digest_sent(claim)
    assert await service.claim_due_digests("one") == []
    clock.now += 121
    restarted = await store_for(database).open()
    try:
        again = MatchService(restarted, clock=clock)
        taken_over = await again.claim_due_digests("three")
        assert sorted(c.user_id for c in taken_over) == sorted(c.user_id for c in first)
        # the paused first process finds its claims gone: it neither sends nor marks
        assert not any([await service.confirm_digest(c) for c in first])
        assert not any([await service.mark_digest_sent(c) for c in first])
        assert all([await again.mark_digest_sent(c) for c in taken_over])
    finally:
        await restarted.close()
    assert await service.claim_due_digests("one") == [] and await second.claim_due_digests("two") == []
    # tomorrow at 07:00 in Berlin, once more
    nxt = (await service.user_settings(users[0])).digest_next_at
    assert dt.datetime.fromtimestamp(nxt, BERLIN).hour == 7 and nxt - due < 26 * 3600
    # changing the hour after today's digest does not bring a second one today
    late = await service.set_reminder_settings(users[0], digest_hour=23)
    assert (
        dt.datetime.fromtimestamp(late.digest_next_at, BERLIN).date()
        > dt.datetime.fromtimestamp(clock.now, BERLIN).date()
    )


async def test_the_digest_lists_the_players_turns_nearest_deadline_first(service, clock):
    a = await started(service)  # ann to move
    clock.now += 3600
    b = await service.create_challenge("architekton", 10, 20, BOB, [ANN], first="opponent", days=1)
    b = await service.accept(b.id, ANN.id)
    c = await service.create_challenge("architekton", 10, 20, ANN, [CAT], first="opponent")
    c = await service.accept(c.id, CAT.id)  # cat to move: not listed for ann
    await service.set_reminder_settings(ANN.id, reminders="digest", digest_hour=0)
    clock.now = (await service.user_settings(ANN.id)).digest_next_at
    [claim] = await service.claim_due_digests("one")
    assert [m.id for m in claim.matches] == [b.id, a.id] and c.to_move_id() == CAT.id


async def test_a_note_is_private_to_its_author(service):
    match = await started(service)
    await service.set_note(match.id, ANN.id, "push the left flank")
    assert await service.note(match.id, ANN.id) == "push the left flank"
    assert await service.note(match.id, BOB.id) is None
    with pytest.raises(NotAPlayer):
        await service.set_note(match.id, CAT.id, "spy")
    with pytest.raises(ServiceError):
        await service.set_note(match.id, ANN.id, "x" * 1001)
    await service.set_note(match.id, ANN.id, "")
    assert await service.note(match.id, ANN.id) is None


async def test_a_change_of_settings_during_a_delivery_leaves_it_one_digest_that_day(service, clock):
    match = await started(service)
    await service.set_reminder_settings(ANN.id, reminders="digest", digest_hour=7, timezone="Europe/Berlin")
    clock.now = (await service.user_settings(ANN.id)).digest_next_at + 1
    [claim] = await service.claim_due_digests("one")
    assert [m.id for m in claim.matches] == [match.id]
    # ann moves her digest to 22:00 while it is being sent: the claim holds, the next one is tomorrow
    await service.set_reminder_settings(ANN.id, digest_hour=22)
    assert await service.confirm_digest(claim) and await service.mark_digest_sent(claim)
    after = await service.user_settings(ANN.id)
    assert after.digest_next_at == berlin(*dt.datetime.fromtimestamp(clock.now, BERLIN).timetuple()[:3], 22) + DAY
    assert await service.claim_due_digests("one") == []


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_the_due_digests_are_found_through_their_index(service, store, backend):
    from .test_query_plans import plan

    for user in range(100, 400):
        await service.set_reminder_settings(user, reminders="digest" if user % 7 == 0 else "dm")
    for sql in (
        "SELECT user_id FROM users WHERE digest_next_at <= ? ORDER BY digest_next_at LIMIT ?",
        "SELECT MIN(digest_next_at) FROM users WHERE digest_next_at IS NOT NULL",
    ):
        steps = await plan(store, sql, (1e12, 200)[: sql.count("?")])
        assert any("users_digest" in s for s in steps) and not any(
            s.startswith("SCAN users") and "INDEX" not in s for s in steps
        ), steps


async def test_the_digests_matches_load_off_the_event_loop_and_a_damaged_one_costs_only_itself(
    service, store, clock, monkeypatch
):
    import threading

    from matches.models import Match

    waiting = await started(service)  # ann to move
    damaged = await service.create_challenge("architekton", 10, 20, BOB, [ANN], first="opponent")
    damaged = await service.accept(damaged.id, ANN.id)
    await store.execute("UPDATE matches SET state = 'garbage' WHERE id = ?", (damaged.id,))
    await service.set_reminder_settings(ANN.id, reminders="digest", digest_hour=0)
    clock.now = (await service.user_settings(ANN.id)).digest_next_at
    threads = []
    load = Match.load.__func__

    def watched(cls, row):
        threads.append(threading.get_ident())
        return load(cls, row)

    monkeypatch.setattr(Match, "load", classmethod(watched))
    [claim] = await service.claim_due_digests("one")
    assert [m.id for m in claim.matches] == [waiting.id]
    assert len(threads) == 2 and threading.get_ident() not in threads  # both loaded on a worker thread
    assert (await store.fetchone("SELECT broken FROM matches WHERE id = ?", (damaged.id,)))["broken"]
