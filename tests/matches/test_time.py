"""Time limits, reminders, claims, abandonment and vacations."""

import pytest

from matches import ClockEvent, MatchClosed, ServiceError
from matches.competitions.skill import Skill, rate
from matches.timing import DAY, due_events, start_clock

from .conftest import ANN, BOB, CAT
from .test_service import moved, started


def test_clock_waits_for_a_player_on_vacation():
    assert start_clock(100.0, 3, None).deadline == 100.0 + 3 * DAY
    assert start_clock(100.0, 3, 500.0) == start_clock(500.0, 3, None)


def test_events_of_a_turn_daily_then_quarter_then_timeout_then_abandon():
    events = due_events(0.0, 3 * DAY, 3, 0, None)
    assert events == [
        (DAY, ClockEvent.DAILY),
        (2.25 * DAY, ClockEvent.QUARTER),
        (3 * DAY, ClockEvent.TIMEOUT),
        (33 * DAY, ClockEvent.ABANDON),
    ]
    # a one-day limit: no daily reminder, the quarter one 6 hours before the end
    assert due_events(0.0, DAY, 1, 0, None)[0] == (0.75 * DAY, ClockEvent.QUARTER)


async def test_deadline_starts_with_the_match_and_restarts_when_the_turn_passes(service, clock):
    match = await started(service)
    assert match.deadline == clock.now + 3 * DAY and match.to_move_id() == ANN.id
    clock.now += 3600
    first = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    assert first.deadline == match.deadline  # same player, second placement
    clock.now += 3600
    second = (await service.move(match.id, ANN.id, first.state().legal_moves()[0])).match
    assert second.to_move_id() == BOB.id and second.deadline == clock.now + 3 * DAY


async def test_days_option_and_server_default(service):
    with pytest.raises(ServiceError, match="1, 2, 3, 5, 7, 10, 14"):
        await service.create_challenge("architekton", 10, 20, ANN, [BOB], days=4)
    await service.set_guild_settings(10, default_days=7)
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])
    assert match.days == 7
    assert (await service.create_challenge("architekton", 10, 20, ANN, [BOB], days=1)).days == 1


async def test_reminders_come_due_in_order_and_a_move_cancels_them(service, clock):
    match = await started(service)
    assert await service.due() == []
    clock.now += DAY
    [(due, event)] = await service.due()
    assert due.id == match.id and event == ClockEvent.DAILY
    await service.mark_sent(due, event)
    assert await service.due() == []
    clock.now += 1.25 * DAY  # a quarter of 3 days left
    [(due, event)] = await service.due()
    assert event == ClockEvent.QUARTER
    await service.mark_sent(due, event)
    clock.now += 0.75 * DAY
    [(due, event)] = await service.due()
    assert event == ClockEvent.TIMEOUT
    stale = due
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    assert await service.mark_sent(stale, event) is None  # the move came first


async def test_after_downtime_only_the_latest_event_is_sent_and_the_backlog_is_limited(service, clock):
    for _ in range(12):
        await started(service)
    clock.now += 3 * DAY + 1
    due = await service.due(limit=10)
    assert len(due) == 10 and {e for _, e in due} == {ClockEvent.TIMEOUT}


async def test_a_channel_with_a_long_backlog_leaves_room_for_the_others(service, clock):
    busy = [await started(service) for _ in range(6)]  # channel 20, due first
    clock.now += 60
    quiet = []
    for channel in (30, 40):
        m = await service.create_challenge("architekton", 10, channel, ANN, [BOB], first="me")
        quiet.append(await service.accept(m.id, BOB.id))
    clock.now += 3 * DAY + 1
    assert [m.id for m, _ in await service.due(limit=4)] == [m.id for m in busy[:4]]
    due = await service.due(limit=4, per_channel=2)
    assert [m.id for m, _ in due] == [busy[0].id, busy[1].id, quiet[0].id, quiet[1].id]  # still most overdue first
    assert len(await service.due(limit=100, per_channel=3)) == 5


async def test_claim_only_after_the_deadline_and_only_by_the_other_player(service, clock):
    match = await moved(service, await started(service))  # ann's first placement; still her turn
    with pytest.raises(ServiceError, match="still has time"):
        await service.claim(match.id, BOB.id)
    clock.now += 3 * DAY
    with pytest.raises(ServiceError, match="against yourself"):
        await service.claim(match.id, ANN.id)
    result = await service.claim(match.id, BOB.id)
    assert result.match.status == "finished"
    assert result.match.result["winners"] == [1] and result.match.result["end"] == "timeout"
    assert (await service.replay(match.id)).to_json() == result.match.state_json


async def test_abandoned_after_thirty_days_past_the_deadline_unrated(service, clock):
    match = await started(service)
    clock.now += 33 * DAY
    [(due, event)] = await service.due()
    assert event == ClockEvent.ABANDON
    closed = await service.mark_sent(due, event)
    assert closed.status == "abandoned"
    assert await service.leaderboard(10, "architekton") == []
    with pytest.raises(MatchClosed):
        await service.claim(match.id, BOB.id)


async def test_vacation_pauses_the_clock_and_is_limited_to_30_days_a_year(service, clock):
    match = await started(service)
    until = await service.start_vacation(ANN.id, 5)
    assert until == clock.now + 5 * DAY
    paused = await service.get(match.id)
    assert paused.deadline == match.deadline + 5 * DAY
    with pytest.raises(ServiceError, match="25 vacation days left"):
        await service.start_vacation(ANN.id, 26)
    await service.start_vacation(ANN.id, 0)  # back early: days return
    back = await service.get(match.id)
    assert back.deadline == match.deadline
    assert (await service.user_settings(ANN.id)).vacation_used == 0
    # a turn that starts during a vacation starts its clock when the vacation ends
    await service.start_vacation(BOB.id, 2)
    state = back.state()
    for _ in range(2):
        moved = await service.move(match.id, ANN.id, state.legal_moves()[0])
        state = moved.match.state()
    assert moved.match.to_move_id() == BOB.id
    assert moved.match.deadline == clock.now + 2 * DAY + 3 * DAY


async def test_ratings_change_after_a_rated_match_and_not_for_a_match_nobody_moved(service):
    match = await started(service)
    void = await service.resign(match.id, BOB.id)  # nobody moved: void, unrated
    assert void.match.status == "void"
    assert await service.leaderboard(10, "architekton") == []
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    await service.resign(match.id, BOB.id)
    board = await service.leaderboard(10, "architekton")
    assert [(r.user_id, r.wins, r.losses) for r in board] == [(ANN.id, 1, 0), (BOB.id, 0, 1)]
    winner, loser = rate([Skill(), Skill()], [1, 2])
    assert (board[0].rating, board[1].rating) == (winner.display, loser.display)
    stats = await service.stats(10, ANN.id)
    assert stats.ratings["architekton"].played == 1 and stats.average_move_seconds is not None


async def test_games_list_puts_the_longest_waiting_first(service, clock):
    first = await started(service)  # ann to move since t0
    clock.now += 100
    second = await started(service, first="opponent")  # bob to move
    clock.now += 100
    third = await started(service)  # ann to move since t0+200
    assert [m.id for m in await service.waiting_list(ANN.id)] == [first.id, third.id, second.id]


async def test_admin_abort_only_on_its_server(service):
    match = await started(service)
    with pytest.raises(ServiceError):
        await service.abort(match.id, 99)
    assert (await service.abort(match.id, 10)).status == "aborted"


async def test_reminder_settings(service):
    assert (await service.user_settings(CAT.id)).reminders == "mention"
    await service.set_reminders(CAT.id, "dm")
    assert (await service.user_settings(CAT.id)).reminders == "dm"
    with pytest.raises(ServiceError):
        await service.set_reminders(CAT.id, "loud")


async def test_next_wakeup_is_the_earliest_reminder_or_challenge_expiry(service, clock):
    assert await service.next_wakeup() is None
    challenge = await service.create_challenge("architekton", 10, 20, ANN, [CAT])
    assert await service.next_wakeup() == challenge.expires_at
    match = await started(service)
    assert await service.next_wakeup() == match.next_event_at == clock.now + DAY


async def test_claim_in_a_three_player_match_drops_the_late_player_and_play_goes_on(service, clock):
    match = await service.create_challenge("tactori", 10, 20, ANN, [BOB, CAT], first="me")
    await service.accept(match.id, BOB.id)
    match = await service.accept(match.id, CAT.id)
    assert match.to_move_id() == ANN.id
    clock.now += 3 * DAY
    result = await service.claim(match.id, CAT.id)
    assert result.match.status == "active" and result.match.resigned_seats == {0}
    assert result.match.to_move_id() == BOB.id
    assert result.match.deadline == clock.now + 3 * DAY  # bob's clock starts now
    assert (await service.replay(match.id)).to_json() == result.match.state_json


async def test_average_time_per_move_counts_from_the_previous_move_on_this_server_only(service, clock):
    match = await started(service)  # created and accepted at clock.now
    for wait, user in ((3600, ANN), (3600, ANN), (1800, BOB)):
        clock.now += wait
        match = (await service.move(match.id, user.id, match.state().legal_moves()[0])).match
    elsewhere = await service.create_challenge("architekton", 99, 20, ANN, [BOB], first="me")
    elsewhere = await service.accept(elsewhere.id, BOB.id)
    clock.now += 50_000
    await service.move(elsewhere.id, ANN.id, elsewhere.state().legal_moves()[0])
    assert (await service.stats(10, ANN.id)).average_move_seconds == pytest.approx(3600)
    assert (await service.stats(10, BOB.id)).average_move_seconds == pytest.approx(1800)
    assert (await service.stats(99, ANN.id)).average_move_seconds == pytest.approx(50_000)


async def test_the_waiting_list_follows_the_turn_as_it_passes(service, clock):
    """ux-notes: /games lists the match waiting longest first (Yucata even insists on it)."""
    older = await started(service)  # ann to move since now
    clock.now += 3600
    newer = await started(service)  # ann to move since an hour later
    clock.now += 3600
    theirs = await started(service, first="opponent")  # bob to move
    clock.now += 3600
    assert [m.id for m in await service.waiting_list(ANN.id)] == [older.id, newer.id, theirs.id]
    for _ in range(2):  # ann's turn in the older match ends (A4: two placements)
        older = (await service.move(older.id, ANN.id, older.state().legal_moves()[0])).match
    assert [m.id for m in await service.waiting_list(ANN.id)] == [newer.id, theirs.id, older.id]
    assert [m.id for m in await service.waiting_list(BOB.id)] == [theirs.id, older.id, newer.id]
