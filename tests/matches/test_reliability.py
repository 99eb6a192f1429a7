"""Reliability in the service, on both backends: time-outs and abandonment count against the
player who left, never against his opponent nor against a player on vacation; the window of the
last 50 ended matches; organisers' minimums refuse, saying why, and change nothing."""

import pytest

from matches import Player
from matches.errors import ServiceError
from matches.timing import DAY

from .conftest import ANN, BOB
from .test_service import moved, started

GUILD = 10


async def timed_out(service, clock):
    """A match in which ann (to move after her first placement) runs out of time and bob claims."""
    match = await moved(service, await started(service))
    clock.now += 3 * DAY
    await service.claim(match.id, BOB.id)
    return match


async def test_a_time_out_counts_against_the_late_player_only(service, clock):
    assert (await service.reliability(GUILD, ANN.id)).percent is None  # nothing ended yet
    await timed_out(service, clock)
    match = await moved(service, await started(service))
    await service.resign(match.id, ANN.id)  # a resignation is no fault
    ann, bob = await service.reliability(GUILD, ANN.id), await service.reliability(GUILD, BOB.id)
    assert (ann.matches, ann.faults, ann.percent) == (2, 1, 50)
    assert (bob.matches, bob.faults, bob.percent) == (2, 0, 100)
    assert (await service.reliability(GUILD + 1, ANN.id)).percent is None  # per server


async def test_abandoning_counts_against_the_player_to_move(service, clock):
    await started(service)  # ann to move
    clock.now += 33 * DAY
    [(due, event)] = await service.due()
    assert (await service.mark_sent(due, event)).status == "abandoned"
    assert (await service.reliability(GUILD, ANN.id)).faults == 1
    bob = await service.reliability(GUILD, BOB.id)
    assert (bob.matches, bob.faults) == (1, 0)  # his opponent abandoned


async def test_a_limit_passing_on_vacation_is_no_fault(service, clock):
    event = await service.create_event(GUILD, 20, ANN, "architekton", "league", days=1, round_days=2)
    people = [ANN, BOB, Player(3, "cat"), Player(4, "dan")]
    for p in people:
        await service.join_event(event.id, p)
    view = await service.start_event(event.id)
    away = {(await service.get(t.match_id)).to_move_id() for t in view.tables}
    for user in away:
        await service.start_vacation(user, 10)
    clock.now += 2 * DAY + 1
    await service.end_late_matches()
    rows = await service.store.fetchall("SELECT * FROM reliability_faults")
    assert rows == []
    assert {(await service.get(t.match_id)).status for t in view.tables} <= {"finished", "void"}


async def test_only_the_last_fifty_ended_matches_count(service, clock):
    await timed_out(service, clock)
    for _ in range(50):
        match = await moved(service, await started(service))
        await service.resign(match.id, BOB.id)
    ann = await service.reliability(GUILD, ANN.id)
    assert (ann.matches, ann.faults, ann.percent) == (50, 0, 100)


async def test_minimums_refuse_saying_why_and_change_nothing(service, clock):
    await timed_out(service, clock)  # ann: 0 % over 1 match
    event = await service.create_event(GUILD, 20, BOB, "architekton", "swiss", min_reliability=90)
    with pytest.raises(ServiceError, match="at least 90 %; yours on this server is 0 %: 1 of your last 1"):
        await service.join_event(event.id, ANN)
    await service.join_event(event.id, BOB)
    assert [e.user_id for e in (await service.event_view(event.id)).entrants] == [BOB.id]
    season = await service.create_season(GUILD, 20, BOB, "architekton", min_reliability=50)
    with pytest.raises(ServiceError, match="at least 50 %"):
        await service.join_season(season.id, ANN)
    assert await service.season_players(season.id) == []
    await service.create_ladder(GUILD, 20, BOB, "architekton", min_reliability=75)
    with pytest.raises(ServiceError, match="at least 75 %"):
        await service.join_ladder(GUILD, "architekton", ANN)
    await service.join_ladder(GUILD, "architekton", Player(7, "newcomer"))  # no figure: welcome
    assert (await service.ladder(GUILD, "architekton")).ranking == [7]
