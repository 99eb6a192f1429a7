"""Matches against the computer: the service's rules.

The computer's choice itself is the ``ai`` package's business; here its moves
are random legal ones played through ``computer_move``, as the bot would.
"""

import random

import pytest

from engines import replay
from matches import MatchClosed, NotAPlayer, NotYourTurn, Player, ServiceError, StaleRequest, ai_seats
from matches.computer import Thinking

from .conftest import ANN, BOB, CAT

HARD, MEDIUM = ai_seats.players("hard", 1)[0], ai_seats.players("medium", 1)[0]


async def against(service, game="tactori-fem", level="hard", first="me", count=1, humans=(), options=None):
    return await service.create_challenge(
        game, 10, 20, ANN, [*humans, *ai_seats.players(level, count)], first=first, options=options
    )


async def computer_replies(service, match, rng=None):
    """Let the computer play (random legal moves) until a person is to move or the match ends."""
    rng = rng or random.Random(0)
    while (job := service.computer_to_move(match)) is not None:
        match = (await service.computer_move(job, rng.choice(match.state().legal_moves()))).match
    return match


def test_seat_ids_encode_level_and_number_and_never_look_like_discord_ids():
    ids = ai_seats.every_id()
    assert len(set(ids)) == len(ai_seats.LEVELS) * ai_seats.MOST and all(i < 0 for i in ids)
    assert [ai_seats.level_of(i) for i in ids] == [lvl for lvl in ai_seats.LEVELS for _ in range(ai_seats.MOST)]
    # Their names are not stored: they are built from the ids when a match is read.
    assert [p.name for p in ai_seats.players("easy", 3)] == [ai_seats.STORED_NAME] * 3 == [""] * 3
    assert all(p.bot for p in ai_seats.players("medium", 2))
    for wrong in (0, 5, -5, -100, -104, -401, 10**18):
        assert not ai_seats.is_valid(wrong)
        with pytest.raises(ValueError):
            ai_seats.level_of(wrong)


async def test_a_challenge_to_the_computer_starts_at_once_and_it_moves_first_if_seated_so(service):
    match = await against(service, first="opponent")
    assert match.status == "active" and match.players == [HARD.id, ANN.id]
    assert match.names == ["Bot (hard)", "ann"] and match.series_id is not None
    job = service.computer_to_move(match)
    assert job == Thinking(
        match.id, match.version, HARD.id, "tactori-fem", match.state_json, "hard", match.seed + match.plies
    )
    # No clock runs for the computer: nothing to remind, nothing to claim.
    assert match.deadline is None and match.next_event_at is None
    assert await service.computer_turns() == [job]


async def test_other_bots_than_the_computer_are_still_refused(service):
    with pytest.raises(ServiceError, match="bot"):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [Player(9, "robo", bot=True)])
    with pytest.raises(ServiceError, match="bot"):  # a forged negative id is no computer seat
        await service.create_challenge("tactori-fem", 10, 20, ANN, [Player(-5, "robo", bot=True)])
    with pytest.raises(ServiceError, match="only once"):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [HARD, HARD])


async def test_several_computer_seats_with_a_person_who_must_still_accept(service):
    match = await against(service, game="atacama", level="medium", count=2, humans=[BOB])
    assert match.status == "challenge"
    assert set(match.accepted) == {ANN.id, *ai_seats.every_id()[3:5]}
    assert sorted(match.names) == ["Bot 1 (medium)", "Bot 2 (medium)", "ann", "bob"]
    with pytest.raises(NotAPlayer):
        await service.accept(match.id, CAT.id)
    started = await service.accept(match.id, BOB.id)
    assert started.status == "active" and started.version == match.version + 1
    assert [m.id for m in await service.user_matches(ai_seats.user_id("medium", 2))] == [match.id]


async def test_the_computer_moves_only_on_its_turn_and_only_for_the_position_it_saw(service):
    match = await against(service, first="me")
    move = match.state().legal_moves()[0]
    forged = Thinking(match.id, match.version, HARD.id, match.game, match.state_json, "hard", 0)
    with pytest.raises(NotYourTurn):  # ann is to move, not the computer
        await service.computer_move(forged, move)
    with pytest.raises(ServiceError, match="Only the computer"):
        await service.computer_move(
            Thinking(match.id, match.version, ANN.id, match.game, match.state_json, "hard", 0), move
        )
    moved = (await service.move(match.id, ANN.id, move)).match
    assert moved.deadline is None and moved.to_move_id() == HARD.id
    with pytest.raises(NotYourTurn, match="Bot \\(hard\\)"):  # ann cannot move for the computer
        await service.move(match.id, ANN.id, moved.state().legal_moves()[0])
    job = service.computer_to_move(moved)
    stale = Thinking(job.match_id, job.version - 1, *list(vars(job).values())[2:])
    with pytest.raises(StaleRequest):
        await service.computer_move(stale, moved.state().legal_moves()[0])
    assert (await service.get(match.id)).version == moved.version
    replied = (await service.computer_move(job, moved.state().legal_moves()[0])).match
    assert replied.to_move_id() == ANN.id and replied.deadline is not None
    assert [m.user_id for m in await service.moves(match.id)] == [ANN.id, HARD.id]


async def test_nobody_claims_against_the_computer_and_it_is_never_due_for_reminders(service, clock):
    match = await against(service, first="opponent")
    clock.now += 365 * 86400
    with pytest.raises(ServiceError, match="computer"):
        await service.claim(match.id, ANN.id)
    assert await service.due() == []
    assert (await service.get(match.id)).status == "active"


async def test_takeback_against_the_computer_is_granted_at_once_with_its_reply(service):
    match = await against(service, first="me")
    before = match.state_json
    match = (await service.move(match.id, ANN.id, match.state().legal_moves()[3])).match
    match = await computer_replies(service, match)
    assert match.plies == 2
    result = await service.take_back(match.id, ANN.id)
    assert result.match.state_json == before and result.match.plies == 0
    assert result.match.to_move_id() == ANN.id and result.match.deadline is not None
    assert await service.moves(match.id) == []
    assert replay(await service.record(match.id)).to_json() == before
    with pytest.raises(ServiceError, match="nothing to take back"):
        await service.take_back(match.id, ANN.id)


async def test_takeback_while_the_computer_thinks_makes_its_move_a_no_op(service):
    match = await against(service, first="me")
    match = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    job = service.computer_to_move(match)
    undone = (await service.take_back(match.id, ANN.id)).match
    with pytest.raises(NotYourTurn):
        await service.computer_move(job, match.state().legal_moves()[0])
    assert (await service.get(match.id)).version == undone.version and await service.moves(match.id) == []


async def test_takeback_never_crosses_a_tile_draw(service):
    match = await against(service, game="architekton", first="me")
    for _ in range(2):  # the second placement refills the stock
        match = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    match = await computer_replies(service, match)
    with pytest.raises(ServiceError, match="revealed new tiles"):
        await service.take_back(match.id, ANN.id)
    assert len(await service.moves(match.id)) == match.plies


async def test_takeback_and_offers_between_people_keep_their_rules(service):
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me")
    match = await service.accept(match.id, BOB.id)
    match = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    with pytest.raises(ServiceError, match="asks the opponent"):
        await service.take_back(match.id, ANN.id)
    with pytest.raises(ServiceError, match="only in matches against the computer"):
        await service.hint(match.id, BOB.id)
    # ... and the computer answers no offers.
    bot_match = await against(service, first="me")
    for kind in ("draw", "undo"):
        with pytest.raises(ServiceError, match="computer"):
            await service.offer(bot_match.id, ANN.id, kind)


async def test_hint_only_for_the_player_to_move_against_the_computer(service):
    match = await against(service, level="easy", first="opponent")
    with pytest.raises(NotYourTurn):
        await service.hint(match.id, ANN.id)
    with pytest.raises(NotAPlayer):
        await service.hint(match.id, BOB.id)
    match = await computer_replies(service, match)
    job = await service.hint(match.id, ANN.id)
    assert (job.user_id, job.level, job.version, job.state) == (ANN.id, "hard", match.version, match.state_json)
    move = match.state().legal_moves()[0]
    words = await service.hint_words(job, move)
    assert words.template.startswith("The hard level would play") and move in str(words)
    await service.move(match.id, ANN.id, move)
    assert "changed" in str(await service.hint_words(job, move))
    assert (await service.get(match.id)).plies == 2  # a hint plays nothing


async def test_matches_against_the_computer_are_unrated_and_counted_per_level(service):
    lost = await against(service, level="hard", first="me")
    await service.move(lost.id, ANN.id, lost.state().legal_moves()[0])
    await service.resign(lost.id, ANN.id)
    won = await against(service, level="medium", first="me")
    won = (await service.move(won.id, ANN.id, won.state().legal_moves()[0])).match
    won = await computer_replies(service, won)
    # The computer resigns only here, to give ann a win; it never does so on its own.
    await service.resign(won.id, MEDIUM.id)
    assert (await service.stats(10, ANN.id)).ratings == {} and await service.leaderboard(10, "tactori-fem") == []
    assert await service.against_computer(10, ANN.id) == {"medium": [1, 0, 0], "hard": [0, 1, 0]}
    assert await service.against_computer(11, ANN.id) == {}  # another server
    assert await service.against_computer(10, BOB.id) == {}


async def test_rematch_against_the_computer_starts_at_once_in_the_same_series(service):
    match = await against(service, first="me")
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    finished = (await service.resign(match.id, ANN.id)).match
    with pytest.raises(NotAPlayer):
        await service.rematch(finished.id, HARD.id)
    rematch = await service.rematch(finished.id, ANN.id)
    assert rematch.status == "active" and rematch.players == [HARD.id, ANN.id]
    assert rematch.series_id == finished.series_id
    assert service.computer_to_move(rematch) is not None
    assert (await service.series(rematch.series_id)).points == {ANN.id: 0, HARD.id: 1}


async def test_the_last_person_leaving_a_table_of_bots_ends_the_match(service):
    match = await against(service, game="atacama", level="easy", count=3, first="me")
    assert match.status == "active" and len(match.players) == 4
    match = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    ended = (await service.resign(match.id, ANN.id)).match
    assert ended.status == "finished" and ended.result["winners"] == [1, 2, 3]
    assert service.computer_to_move(ended) is None and await service.computer_turns() == []
    with pytest.raises(MatchClosed):
        await service.take_back(match.id, ANN.id)


TABLES = [
    ("atacama", 1, ()),
    ("atacama", 2, (BOB,)),
    ("architekton", 1, ()),
    ("tactori-fem", 1, ()),
    ("tactori", 2, ()),
]


@pytest.mark.parametrize("game,bots,people", TABLES, ids=[f"{g}-{n}bots-{len(p)}people" for g, n, p in TABLES])
@pytest.mark.parametrize("seed", range(3))
async def test_random_requests_against_the_computer_keep_the_invariants(service, clock, game, bots, people, seed):
    """Random playouts where the people also ask for takebacks, hints, claims and moves out of
    turn: the store and the record always agree, the computer has no clock, nobody moves for it."""
    rng = random.Random(seed)
    match = await against(service, game=game, level="easy", count=bots, humans=people, first="random")
    for person in people:
        match = await service.accept(match.id, person.id)
    humans = [ANN.id, *(p.id for p in people)]
    for _ in range(60):
        if match.status != "active":
            break
        mover = match.to_move_id()
        if ai_seats.is_ai(mover):
            assert match.deadline is None and match.next_event_at is None
            assert service.computer_to_move(match).user_id == mover
            for human in humans:
                with pytest.raises(ServiceError):
                    await service.move(match.id, human, rng.choice(match.state().legal_moves()))
            match = (
                await service.computer_move(service.computer_to_move(match), rng.choice(match.state().legal_moves()))
            ).match
        else:
            assert match.deadline is not None and service.computer_to_move(match) is None
            action = rng.random()
            try:
                if action < 0.15:
                    match = (await service.take_back(match.id, rng.choice(humans))).match
                elif action < 0.25:
                    await service.hint(match.id, rng.choice(humans))
                elif action < 0.3:
                    await service.claim(match.id, rng.choice(humans))
                else:
                    match = (await service.move(match.id, mover, rng.choice(match.state().legal_moves()))).match
            except ServiceError:
                pass
            clock.now += 60
        match = await service.get(match.id)
        moves = await service.moves(match.id)
        assert [m.ply for m in moves] == list(range(match.plies))
        assert replay(await service.record(match.id)).to_json() == match.state_json
        assert match.resignations == []
        state = replay(match.record([]))
        for m in moves:  # each move was made by the seat to move
            assert match.players[state.current_player()] == m.user_id
            state.play(m.move)
    assert await service.leaderboard(10, game) == []


async def test_the_record_against_the_computer_reads_no_table_whole(service, store):
    """Its statement, as the service runs it, is planned on the player's own rows and primary keys."""
    if store.backend != "sqlite":
        pytest.skip("SQLite's query plan; PostgreSQL's planner scans tiny tables whatever the indexes")
    for i in range(20):
        match = await service.create_challenge(
            "tactori-fem", 10, 20, Player(100 + i, f"p{i}"), ai_seats.players("easy", 1), first="me"
        )
        await service.resign(match.id, 100 + i)
    await store.execute("ANALYZE")
    seen, read = [], store.fetchall

    async def recording(sql, params=()):
        seen.append((sql, params))
        return await read(sql, params)

    store.fetchall = recording
    await service.against_computer(10, ANN.id)
    [(sql, params)] = seen
    steps = [row[3] for row in await store.reader.execute_fetchall("EXPLAIN QUERY PLAN " + sql, params)]
    assert not any(step.startswith("SCAN") for step in steps), steps
