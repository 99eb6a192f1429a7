"""Every commit that brings the next due event closer says so (``Store.on_schedule``).

The bot's scheduler sleeps until ``next_wakeup()`` and learns of earlier work
only from these reports: a write of ``next_event_at`` or ``expires_at`` that
forgot to report would delay a reminder until the scheduler wakes for
something else.  Random requests, after each of which the invariant is checked.
"""

import random

import pytest

from matches import Player, ServiceError
from matches.timing import DAY, DAYS_CHOICES

PLAYERS = [Player(1, "ann"), Player(2, "bob"), Player(3, "cat")]


async def test_a_commit_reports_the_soonest_time_it_schedules_and_a_rollback_nothing(store):
    reported = []
    store.on_schedule.append(reported.append)

    def work(tx):
        tx.execute("INSERT INTO users (user_id) VALUES (1)")
        for at in (50.0, None, 20.0, 30.0):
            tx.schedule(at)

    await store.write(work)
    await store.execute("INSERT INTO users (user_id) VALUES (2)")  # schedules nothing
    with pytest.raises(ZeroDivisionError):
        await store.write(lambda tx: (tx.schedule(1.0), 1 / 0))
    assert reported == [20.0]


@pytest.mark.parametrize("seed", range(6))
async def test_whenever_the_next_wakeup_comes_sooner_a_commit_said_so(service, store, clock, seed):
    rng = random.Random(seed)
    reported: list[float] = []
    store.on_schedule.append(reported.append)

    async def request():
        kind = rng.choice(
            [
                "challenge",
                "challenge",
                "accept",
                "move",
                "move",
                "move",
                "vacation",
                "remind",
                "resign",
                "rematch",
                "wait",
            ]
        )
        mine = [
            m for p in PLAYERS for m in await service.user_matches(p.id, statuses=("challenge", "active", "finished"))
        ]
        if kind == "challenge":
            a, b = rng.sample(PLAYERS, 2)
            await service.create_challenge("architekton", 10, 20, a, [b], first="me", days=rng.choice(DAYS_CHOICES))
        elif kind == "accept" and (open_ := [m for m in mine if m.status == "challenge"]):
            m = rng.choice(open_)
            await service.accept(m.id, next(p for p in m.players if p not in m.accepted))
        elif kind in ("move", "resign") and (active := [m for m in mine if m.status == "active"]):
            m = rng.choice(active)
            if kind == "move":
                await service.move(m.id, m.to_move_id(), rng.choice(m.state().legal_moves()))
            else:
                await service.resign(m.id, m.to_move_id())
        elif kind == "rematch" and (done := [m for m in mine if m.status == "finished" and m.rematch_id is None]):
            m = rng.choice(done)
            await service.rematch(m.id, m.players[0])
        elif kind == "vacation":
            await service.start_vacation(rng.choice(PLAYERS).id, rng.choice([0, 1, 2]))
        elif kind == "remind":
            for m, event in await service.due(limit=5):
                await service.mark_sent(m, event)
        else:
            clock.now += rng.choice([0.3, 0.8, 1.5]) * DAY

    for _ in range(120):
        before = await service.next_wakeup()
        reported.clear()
        try:
            await request()
        except ServiceError:
            continue
        after = await service.next_wakeup()
        if after is not None and (before is None or after < before):
            assert reported and min(reported) <= after, (before, after, reported)
