"""Events (tournaments) in the service, on both backends: Swiss, league and knockout played to
the end, the refusals, and a round paired exactly once however many processes see it end."""

import asyncio

import pytest

from matches import Player
from matches.errors import NotAPlayer, NotFound, ServiceError
from matches.timing import DAY

PEOPLE = [Player(i, f"p{i}") for i in range(1, 9)]
GUILD, CHANNEL = 10, 20


async def make(service, game="architekton", fmt="swiss", players=5, **kwargs):
    event = await service.create_event(GUILD, CHANNEL, PEOPLE[0], game, fmt, **kwargs)
    for p in PEOPLE[:players]:
        await service.join_event(event.id, p)
    return event


async def win(service, match_id: int, winner: int):
    """``winner`` wins the two-player match: somebody moves once (so it is not void), the other resigns."""
    match = await service.get(match_id)
    if match.plies == 0:
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        match = await service.get(match_id)
    if match.status == "active":
        loser = next(p for p in match.players if p != winner)
        await service.resign(match.id, loser)


async def open_tables(service, event_id: int):
    view = await service.event_view(event_id)
    return [t for t in view.round_tables(view.event.round) if t.places is None]


async def test_a_five_player_swiss_of_three_rounds_with_a_bye_a_withdrawal_and_a_time_out(service, clock):
    event = await make(service, rounds=3)
    view = await service.start_event(event.id)
    assert view.event.status == "running" and view.event.round == 1 and view.event.rounds == 3
    assert len(view.round_tables(1)) == 2 and len(view.byes[1]) == 1
    for t in view.round_tables(1):
        match = await service.get(t.match_id)
        assert match.status == "active" and match.players == t.players
        await win(service, t.match_id, t.players[0])

    view = await service.event_view(event.id)
    assert view.event.round == 2  # paired by itself when the round's last match ended
    tables = view.round_tables(2)
    assert len(tables) == 2 and len(view.byes[2]) == 1 and view.byes[2] != view.byes[1]
    # a withdrawal: his match is lost by forfeit
    quitter = tables[0].players[1]
    _, results = await service.leave_event(event.id, quitter)
    assert len(results) == 1 and results[0].match.status in ("finished", "void")
    view = await service.event_view(event.id)
    decided = view.round_tables(2)[0]
    assert decided.places == [1, 2] and decided.forfeit
    # a time-out: the late player loses by himself
    late_match = await service.get(tables[1].match_id)
    late = late_match.to_move_id()
    assert await service.time_out(late_match.id) is None  # not yet
    clock.now += late_match.days * DAY + 1
    result = await service.time_out(late_match.id)
    assert result is not None and result.match.status in ("finished", "void")
    assert await service.time_out(late_match.id) is None  # once
    view = await service.event_view(event.id)
    timed = view.round_tables(2)[1]
    assert timed.places[timed.players.index(late)] == 2

    assert view.event.round == 3
    third = view.round_tables(3)
    assert len(third) == 2 and not view.byes[3]  # four left: no bye
    assert all(quitter not in t.players for t in third)
    for t in third:
        await win(service, t.match_id, t.players[0])
    view = await service.event_view(event.id)
    assert view.event.status == "finished" and view.event.winners
    table = view.standings()
    assert [s.rank for s in table] == [1, 2, 3, 4, 5]
    assert table[0].player in view.event.winners
    assert next(s for s in table if s.player == quitter).withdrawn
    assert sum(s.byes for s in table) == 2
    assert sum(s.points for s in table) == 2 + 2 + 2 + 2  # six tables and two byes, a point each


async def test_a_four_player_atacama_league_starts_every_match_at_once_and_ends(service):
    event = await make(service, "atacama", "league", players=4)
    view = await service.start_event(event.id)
    assert view.event.round == 3 and len(view.tables) == 6
    matches = [await service.get(t.match_id) for t in view.tables]
    assert all(m.status == "active" and m.game == "atacama" for m in matches)
    pairs = {frozenset(t.players) for t in view.tables}
    assert len(pairs) == 6  # everyone meets everyone once
    for t in view.tables:
        await win(service, t.match_id, t.players[1])
    view = await service.event_view(event.id)
    assert view.event.status == "finished"
    assert sum(s.points for s in view.standings()) == 6 and view.winners() == view.event.winners


async def test_an_eight_player_knockout_of_series(service):
    event = await make(service, "architekton", "knockout", players=8)
    view = await service.start_event(event.id)
    assert len(view.round_tables(1)) == 4
    games = 0
    while (view := await service.event_view(event.id)).event.status == "running":
        tables = await open_tables(service, event.id)
        for t in tables:
            await win(service, t.match_id, t.players[0])  # the better seed wins each game
            games += 1
    assert view.event.round == 3
    assert view.event.winners == [PEOPLE[0].id]  # first to join: the top seed
    # every bout a series: at least two games each (a win is one victory point, or two for an early end)
    assert games >= 7
    series = {t.series_id for t in view.tables}
    assert len(series) == 7 and None not in series


async def test_a_knockout_is_seeded_by_the_servers_rating_in_the_game(service):
    """The best-rated player is the top seed (he meets the lowest seed in round one, 1 v 8), the
    unrated seed as newcomers at 1500 in the order they joined, and a rating in another game or on
    another server does not count."""
    rated = {PEOPLE[6].id: 1700.0, PEOPLE[3].id: 1600.0, PEOPLE[1].id: 1400.0}
    for user, rating in rated.items():
        await service.store.execute(
            "INSERT INTO ratings (guild_id, game, user_id, rating, played) VALUES (?, ?, ?, ?, 5)",
            (GUILD, "architekton", user, rating),
        )
    await service.store.execute(
        "INSERT INTO ratings (guild_id, game, user_id, rating, played) VALUES (?, ?, ?, ?, 5)",
        (GUILD, "tactori-fem", PEOPLE[7].id, 2500.0),
    )
    await service.store.execute(
        "INSERT INTO ratings (guild_id, game, user_id, rating, played) VALUES (?, ?, ?, ?, 5)",
        (GUILD + 1, "architekton", PEOPLE[5].id, 2500.0),
    )
    event = await make(service, "architekton", "knockout", players=8)
    view = await service.start_event(event.id)
    expected = [PEOPLE[6].id, PEOPLE[3].id] + [p.id for p in PEOPLE if p.id not in rated] + [PEOPLE[1].id]
    assert [e.id for e in sorted(view.seeds(), key=lambda e: -e.rating)] == expected
    first_round = {frozenset(t.players) for t in view.round_tables(1)}
    assert frozenset((expected[0], expected[7])) in first_round  # 1 v 8
    assert frozenset((expected[1], expected[6])) in first_round  # 2 v 7


async def test_a_series_game_alternates_the_first_move(service):
    event = await make(service, "architekton", "knockout", players=4)
    view = await service.start_event(event.id)
    table = view.round_tables(1)[0]
    first = await service.get(table.match_id)
    await win(service, first.id, table.players[0])
    view = await service.event_view(event.id)
    again = next(t for t in view.round_tables(1) if t.table_no == table.table_no)
    if again.places is None:  # the series goes on: seats swapped
        nxt = await service.get(again.match_id)
        assert nxt.id != first.id and nxt.players == first.players[::-1] and nxt.series_id == first.series_id


async def test_refusals_change_nothing(service):
    with pytest.raises(NotFound):
        await service.join_event(999, PEOPLE[0])
    with pytest.raises(ServiceError):
        await service.create_event(GUILD, CHANNEL, PEOPLE[0], "architekton", "league", rounds=3)
    with pytest.raises(ServiceError):
        await service.create_event(GUILD, CHANNEL, PEOPLE[0], "atacama", "knockout", table=4)
    with pytest.raises(ServiceError):
        await service.create_event(GUILD, CHANNEL, PEOPLE[0], "architekton", "swiss", table=4)
    event = await make(service, players=3)
    with pytest.raises(ServiceError, match="already"):
        await service.join_event(event.id, PEOPLE[1])
    with pytest.raises(ServiceError, match="at least"):
        await service.start_event(event.id)  # three players: not two tables
    assert (await service.event(event.id)).status == "open"
    for _ in range(3):
        await service.add_computer(event.id, "easy")
    with pytest.raises(ServiceError, match="cannot seat"):
        await service.add_computer(event.id, "easy")
    with pytest.raises(NotAPlayer):
        await service.leave_event(event.id, 77)
    await service.leave_event(event.id, PEOPLE[2].id)  # before the start: simply leaves
    view = await service.event_view(event.id)
    assert len(view.entrants) == 5
    await service.start_event(event.id)
    with pytest.raises(ServiceError, match="no longer open"):
        await service.join_event(event.id, PEOPLE[5])
    with pytest.raises(ServiceError, match="already started"):
        await service.start_event(event.id)
    assert len((await service.event_view(event.id)).entrants) == 5


async def test_computer_entrants_play_unrated(service):
    event = await make(service, players=3)
    await service.add_computer(event.id, "hard")
    view = await service.start_event(event.id)
    bot_table = next(t for t in view.round_tables(1) if any(p < 0 for p in t.players))
    person = next(p for p in bot_table.players if p > 0)
    await win(service, bot_table.match_id, person)
    assert await service.store.fetchall("SELECT * FROM ratings WHERE user_id < 0") == []


async def test_cancel_aborts_the_running_matches(service):
    event = await make(service, players=4)
    view = await service.start_event(event.id)
    await service.cancel_event(event.id)
    assert (await service.event(event.id)).status == "cancelled"
    for t in view.round_tables(1):
        assert t.ends_at is not None and (await service.get(t.match_id)).status == "aborted"
    # its tables, undecided for ever, no longer have a round limit for the scheduler to look at
    assert all(t.ends_at is None for t in (await service.event_view(event.id)).tables)


async def test_cancel_drops_the_conditional_lines_of_its_matches(service):
    event = await make(service, game="tactori-fem", players=4)
    view = await service.start_event(event.id)
    table = view.round_tables(1)[0]
    waiting = (await service.get(table.match_id)).players[1]
    await service.add_conditional(table.match_id, waiting, "+c3; +e5")
    assert (
        len(await service.store.fetchall("SELECT * FROM conditional_lines WHERE match_id = ?", (table.match_id,))) == 1
    )
    await service.cancel_event(event.id)
    assert await service.store.fetchall("SELECT * FROM conditional_lines WHERE match_id = ?", (table.match_id,)) == []


async def test_sign_up_closes_and_the_event_starts_by_itself(service, clock):
    event = await make(service, players=4, signup_days=2)
    assert await service.start_due_events() == []
    assert await service.next_wakeup() == event.created_at + 2 * DAY
    clock.now += 2 * DAY
    started = await service.start_due_events()
    assert [e.id for e, view in started if view is not None] == [event.id]
    too_few = await make(service, players=2, signup_days=1)
    clock.now += DAY
    assert [(e.id, e.status, v) for e, v in await service.start_due_events()] == [(too_few.id, "cancelled", None)]


async def test_a_round_is_paired_exactly_once_across_two_processes(service, second):
    event = await make(service, players=4)
    view = await service.start_event(event.id)
    tables = view.round_tables(1)
    for t in tables:  # both one move from the end
        match = await service.get(t.match_id)
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    # the round's two last matches end at once, one in each process
    await asyncio.gather(
        service.resign(tables[0].match_id, tables[0].players[1]),
        second.resign(tables[1].match_id, tables[1].players[1]),
    )
    view = await second.event_view(event.id)
    assert view.event.round == 2 and len(view.round_tables(2)) == 2
    rows = await service.store.fetchall("SELECT * FROM event_tables WHERE event_id = ?", (event.id,))
    assert len(rows) == 4
    # announcing and posting: each once, whichever process looks
    news = await asyncio.gather(service.claim_news(), second.claim_news())
    announced = [n for batch in news for n in batch]
    assert len(announced) == 1 and announced[0].rounds == [1, 2]
    assert await service.claim_news() == [] and await second.claim_news() == []
    posted = await asyncio.gather(service.claim_unposted_matches(), second.claim_unposted_matches())
    ids = [m.id for batch in posted for m in batch]
    assert sorted(ids) == sorted(t.match_id for t in view.round_tables(2))


async def test_a_tactori_swiss_at_four_seats_seats_three_where_the_field_does_not_divide(service):
    event = await make(service, "tactori", "swiss", players=7, table=4, options={"chase": True})
    view = await service.start_event(event.id)
    sizes = sorted(len(t.players) for t in view.round_tables(1))
    assert sizes == [3, 4] and not view.byes[1]
    match = await service.get(view.round_tables(1)[0].match_id)
    assert len(match.players) == 4 and match.options.get("chase") is True


async def test_a_withdrawal_from_a_league_forfeits_every_remaining_match(service):
    event = await make(service, "atacama", "league", players=4)
    view = await service.start_event(event.id)
    quitter = PEOPLE[3].id
    _, results = await service.leave_event(event.id, quitter)
    assert len(results) == 3  # his three matches, all running at once
    view = await service.event_view(event.id)
    for t in view.tables:
        if quitter in t.players:
            assert t.forfeit and t.places[t.players.index(quitter)] == 2
    for t in view.tables:
        if t.places is None:
            await win(service, t.match_id, t.players[0])
    view = await service.event_view(event.id)
    assert view.event.status == "finished"
    row = next(s for s in view.standings() if s.player == quitter)
    assert row.withdrawn and row.points == 0 and row.rank == 4


async def test_an_event_match_has_no_rematch_and_no_abort_alone(service):
    event = await make(service, players=4)
    view = await service.start_event(event.id)
    t = view.round_tables(1)[0]
    with pytest.raises(ServiceError, match="belongs to a tournament"):
        await service.abort(t.match_id, GUILD)
    await win(service, t.match_id, t.players[0])
    assert (await service.get(t.match_id)).rematch_id is not None
    with pytest.raises(ServiceError, match="no rematch"):
        await service.rematch(t.match_id, t.players[0])


async def test_a_round_limit_ends_the_late_matches_once_across_two_processes(service, second, clock):
    assert (await make(service, players=0, days=3)).round_days == 9  # the default: 3 times the days
    with pytest.raises(ServiceError):
        await make(service, players=0, days=3, round_days=2)  # shorter than a move may take
    event = await make(service, players=4, days=1, round_days=2)
    view = await service.start_event(event.id)
    start = clock.now
    relaxed, busy = view.round_tables(1)
    assert relaxed.ends_at == busy.ends_at == start + 2 * DAY
    assert await service.next_wakeup() <= start + 2 * DAY
    # at one table the player to move goes on vacation: his clock waits, the round's does not
    on_leave = (await service.get(relaxed.match_id)).to_move_id()
    await service.start_vacation(on_leave, 10)
    assert (await service.get(relaxed.match_id)).deadline > start + 10 * DAY
    # at the other both move within the day, so nobody is ever out of time
    for hours in (12, 30, 45):
        clock.now = start + hours * 3600
        match = await service.get(busy.match_id)
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    late = (await service.get(busy.match_id)).to_move_id()
    assert await service.end_late_matches() == []  # not yet
    clock.now = start + 2 * DAY + 1
    assert await service.time_out(busy.match_id) is None  # his own clock has time left
    done = await asyncio.gather(service.end_late_matches(), second.end_late_matches())
    results = [r for batch in done for r in batch]
    assert sorted(r.match.id for r in results) == sorted([relaxed.match_id, busy.match_id])  # each once
    assert all(r.move == "timeout" and "time limit" in r.description for r in results)
    view = await service.event_view(event.id)
    tables = {t.table_no: t for t in view.round_tables(1)}
    assert tables[1].places[tables[1].players.index(on_leave)] == 2 and tables[1].forfeit  # void: nobody moved
    assert tables[2].places[tables[2].players.index(late)] == 2 and not tables[2].forfeit
    assert view.event.round == 2  # the next round, with a fresh limit
    assert all(t.ends_at == clock.now + 2 * DAY for t in view.round_tables(2))
    assert await service.end_late_matches() == []


async def test_a_knockout_games_limit_starts_afresh_with_each_game_of_the_series(service, clock):
    event = await make(service, "architekton", "knockout", players=4, days=1, round_days=1)
    view = await service.start_event(event.id)
    table = view.round_tables(1)[0]
    first = await service.get(table.match_id)
    await service.move(first.id, first.to_move_id(), first.state().legal_moves()[0])
    clock.now += DAY / 2
    await service.resign(first.id, table.players[1])
    table = (await service.event_view(event.id)).round_tables(1)[0]
    assert table.places is None and table.match_id != first.id  # the series goes on
    assert table.ends_at == clock.now + DAY
    clock.now += DAY / 2 + 1
    ended = await service.end_late_matches()
    assert table.match_id not in [r.match.id for r in ended]  # its own limit has not passed


async def test_an_event_with_a_time_bank_gives_its_matches_the_bank(service, clock):
    with pytest.raises(ServiceError):
        await make(service, players=0, clock="bank", days=3)  # a bank has no time per move
    event = await make(service, players=4, clock="bank", bank=2, increment=12)
    assert event.bank == 2 * DAY and event.increment == 12 * 3600 and event.round_days == 6
    view = await service.start_event(event.id)
    match = await service.get(view.round_tables(1)[0].match_id)
    assert match.bank == 2 * DAY and match.banks == [2 * DAY, 2 * DAY] and match.deadline == clock.now + 2 * DAY
    mover = match.to_move_seat()
    clock.now += DAY
    while match.to_move_seat() == mover:  # his whole turn
        match = (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])).match
    assert match.banks[mover] == DAY + 12 * 3600  # used a day, gained twelve hours


async def test_a_leagues_standings_are_claimed_after_each_decided_round_once(service, second):
    event = await make(service, "atacama", "league", players=4)
    view = await service.start_event(event.id)
    [news] = await service.claim_news()
    assert news.rounds == [1, 2, 3] and not news.standings and not news.final
    second_round = view.round_tables(2)
    await win(service, second_round[0].match_id, second_round[0].players[0])
    assert await service.claim_news() == []  # no round decided yet
    await win(service, second_round[1].match_id, second_round[1].players[1])
    claimed = await asyncio.gather(service.claim_news(), second.claim_news())
    [news] = [n for batch in claimed for n in batch]  # one process posts them
    assert news.standings and not news.rounds and not news.final
    assert await service.claim_news() == []
    for number in (1, 3):
        for t in view.round_tables(number):
            await win(service, t.match_id, t.players[0])
    [news] = await service.claim_news()
    assert news.final and not news.standings  # the last round: the final standings only


async def test_a_knockout_bout_of_draws_goes_on_until_somebody_wins_it(service):
    event = await make(service, "architekton", "knockout", players=4)
    view = await service.start_event(event.id)
    table = view.round_tables(1)[0]
    first_movers = []
    for _ in range(3):  # three games agreed drawn
        table = (await service.event_view(event.id)).round_tables(1)[0]
        match = await service.get(table.match_id)
        first_movers.append(match.to_move_id())
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        offerer = first_movers[-1]
        await service.offer(match.id, offerer, "draw")
        other = next(p for p in match.players if p != offerer)
        result = await service.answer(match.id, other, "draw", True)
        assert result.match.status == "finished" and result.match.result["end"] == "agreed"
        assert (await service.event_view(event.id)).round_tables(1)[0].places is None  # the bout goes on
    assert first_movers[0] != first_movers[1] and first_movers[0] == first_movers[2]  # the first move alternates
    while (table := (await service.event_view(event.id)).round_tables(1)[0]).places is None:
        await win(service, table.match_id, table.players[1])
    assert table.places == [2, 1] and not table.forfeit
