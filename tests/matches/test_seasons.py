"""Seasons in the service, on both backends: divisions by rating, a season played to its end with
a time-out and a withdrawal, promotion and relegation, and the next season started exactly once
however many processes see the last match end."""

import asyncio

import pytest

from matches import Player
from matches.errors import NotAPlayer, ServiceError
from matches.timing import DAY

PEOPLE = [Player(i, f"p{i}") for i in range(1, 15)]
GUILD, CHANNEL = 10, 20


async def finish_division(service, event_id: int, second=None):
    """Every open match of the division: the lower seed (by sign-up) resigns after a first move."""
    view = await service.event_view(event_id)
    for t in view.tables:
        match = await service.get(t.match_id)
        if match.status != "active":
            continue
        if match.plies == 0:
            await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        loser = max(t.players)
        await (second or service).resign(match.id, loser)


async def test_a_season_of_twelve_in_two_divisions_turns_into_the_next_once(service, second, clock):
    season = await service.create_season(
        GUILD, CHANNEL, PEOPLE[0], "architekton", name="League", days=10, signup_days=1
    )
    for p in PEOPLE[:12]:
        await service.join_season(season.id, p)
    with pytest.raises(ServiceError):
        await service.join_season(season.id, PEOPLE[3])  # twice
    clock.now += DAY + 1
    assert await asyncio.gather(service.start_due_seasons(), second.start_due_seasons()) in (
        [[(await service.season(season.id), True)], []],
        [[], [(await service.season(season.id), True)]],
    )
    first, lower = await service.division_events(season.id, 1)
    assert [e.division for e in (first, lower)] == [1, 2]
    # nobody rated: the earlier to join seeds higher
    assert {e.user_id for e in (await service.event_view(first.id)).entrants} == set(range(1, 7))
    assert len((await service.event_view(first.id)).tables) == 30  # twice each pair, seats swapped
    news = await asyncio.gather(service.claim_season_news(), second.claim_season_news())
    assert [n.number for batch in news for n in batch] == [1]  # season 1 announced once
    # a newcomer waits for the next season; a player leaves after this one; one withdraws now
    await service.join_season(season.id, PEOPLE[12])
    assert await service.leave_season(season.id, 3) is True
    await service.leave_event(lower.id, 12)
    await finish_division(service, first.id)
    assert (await service.season(season.id)).number == 1
    await finish_division(service, lower.id)
    assert (await service.event(lower.id)).status == "finished"
    season_now = await service.season(season.id)
    assert season_now.number == 2 and season_now.movements["promoted"] == {"7": 1, "8": 1}
    one, two = await service.division_events(season.id, 2)
    top = {e.user_id for e in (await service.event_view(one.id)).entrants}
    bottom = {e.user_id for e in (await service.event_view(two.id)).entrants}
    # 3 left, 12 withdrew; 5 and 6 went down, 7 and 8 up, 13 joined at the bottom; the place 3 left
    # spares the better of the relegated (5)
    assert top == {1, 2, 4, 5, 7, 8} and bottom == {6, 9, 10, 11, 13}
    assert season_now.movements["relegated"] == {"6": 2} and sorted(season_now.movements["left"]) == [3, 12]
    players = {p.user_id: p for p in await service.season_players(season.id)}
    assert 3 not in players and 12 not in players and players[13].division == 2
    batches = await asyncio.gather(service.claim_season_news(), second.claim_season_news())
    [news2] = [n for batch in batches for n in batch]  # season 2 announced once
    assert news2.number == 2 and [v.event.division for v in news2.divisions] == [1, 2]


async def test_the_season_ends_exactly_once_when_its_last_matches_end_in_two_processes(service, second, clock):
    season = await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", size=3, signup_days=1)
    for p in PEOPLE[:6]:
        await service.join_season(season.id, p)
    clock.now += DAY + 1
    await service.start_due_seasons()
    events = await service.division_events(season.id, 1)
    last = []
    for e in events:
        view = await service.event_view(e.id)
        for t in view.tables:
            match = await service.get(t.match_id)
            await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        for t in view.tables[:-1]:
            await service.resign(t.match_id, max(t.players))
        last.append(view.tables[-1])
    await asyncio.gather(
        service.resign(last[0].match_id, max(last[0].players)), second.resign(last[1].match_id, max(last[1].players))
    )
    assert (await service.season(season.id)).number == 2
    rows = await service.store.fetchall("SELECT id FROM events WHERE season_id = ? AND season_no = 2", (season.id,))
    assert len(rows) == 2


async def test_a_time_out_and_the_seasons_limit_end_matches(service, clock):
    season = await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", size=3, days=5, signup_days=1)
    for p in PEOPLE[:3]:
        await service.join_season(season.id, p)
    clock.now += DAY + 1
    await service.start_due_seasons()
    [division] = await service.division_events(season.id, 1)
    assert division.round_days == 5 and division.days <= 5
    clock.now += 6 * DAY
    await service.end_late_matches()
    assert (await service.event(division.id)).status == "finished"
    assert (await service.season(season.id)).number == 2


async def test_refusals(service, clock):
    with pytest.raises(ServiceError):
        await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", size=2)
    with pytest.raises(ServiceError):
        await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", size=6, promote=4)
    season = await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", signup_days=1)
    with pytest.raises(NotAPlayer):
        await service.leave_season(season.id, 1)
    await service.join_season(season.id, PEOPLE[0])
    clock.now += DAY + 1
    [(same, started)] = await service.start_due_seasons()  # one player: sign-up goes on
    assert not started and same.status == "open" and same.starts_at > clock.now
    assert await service.leave_season(season.id, 1) is False  # not playing yet: gone at once
    ended = await service.end_season_series(season.id)
    assert ended.status == "finished"
    with pytest.raises(ServiceError):
        await service.join_season(season.id, PEOPLE[1])


async def test_ended_by_its_organiser_the_series_stops_after_the_current_season(service, second, clock):
    season = await service.create_season(GUILD, CHANNEL, PEOPLE[0], "architekton", size=3, signup_days=1)
    for p in PEOPLE[:3]:
        await service.join_season(season.id, p)
    clock.now += DAY + 1
    await service.start_due_seasons()
    await service.claim_season_news()
    ended = await service.end_season_series(season.id)
    assert ended.status == "running" and ended.ending
    with pytest.raises(ServiceError):
        await service.end_season_series(season.id)  # once
    with pytest.raises(ServiceError, match="takes no new players"):
        await service.join_season(season.id, PEOPLE[5])
    [division] = await service.division_events(season.id, 1)
    await finish_division(service, division.id)
    done = await service.season(season.id)
    assert done.status == "finished" and done.number == 1
    assert await service.division_events(season.id, 2) == []
    batches = await asyncio.gather(service.claim_season_news(), second.claim_season_news())
    [final] = [n for batch in batches for n in batch]
    assert final.final and final.number == 1
