"""Conditional moves in the service: stored, checked, played in the opponent's move's transaction
(both backends, tests/conftest.py)."""

import asyncio

import pytest

from matches.conditional import ConditionalRefused, digest

from .conftest import ANN, BOB, CAT


async def fem(service):
    """Tactori FEM, ann first; ann has played +c3, so bob is to move."""
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me")
    match = await service.accept(match.id, BOB.id)
    return (await service.move(match.id, ANN.id, "+c3")).match


async def test_a_line_fires_twice_in_a_row_then_is_used_up(service):
    match = await fem(service)
    assert await service.add_conditional(match.id, ANN.id, "+ A1; +e5; +a5; +e1") == ["+a1", "+e5", "+a5", "+e1"]
    result = await service.move(match.id, BOB.id, "+a1")
    assert result.match.to_move_id() == BOB.id and result.match.plies == 3
    assert "+e5" in str(result.description)
    assert [line.moves for line in await service.conditional_lines(match.id, ANN.id)] == [["+a5", "+e1"]]
    result = await service.move(match.id, BOB.id, "+a5")
    assert [m.move for m in await service.moves(match.id)] == ["+c3", "+a1", "+e5", "+a5", "+e1"]
    assert [m.user_id for m in await service.moves(match.id)] == [ANN.id, BOB.id, ANN.id, BOB.id, ANN.id]
    assert await service.conditional_lines(match.id, ANN.id) == []
    assert result.match.to_move_id() == BOB.id
    await service.replay(match.id)  # the record replays to the snapshot


async def test_a_diverging_move_drops_the_lines(service):
    match = await fem(service)
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    await service.add_conditional(match.id, ANN.id, "+a2; +e4")
    result = await service.move(match.id, BOB.id, "+b1")
    assert result.match.to_move_id() == ANN.id and result.match.plies == 2
    assert await service.conditional_lines(match.id, ANN.id) == []
    assert await service.store.fetchall("SELECT id FROM conditional_lines") == []


async def test_a_line_is_checked_when_stored(service):
    match = await fem(service)
    with pytest.raises(ConditionalRefused) as refused:
        await service.add_conditional(match.id, ANN.id, "a1-a2; +e5")
    assert "Move {number} of the line" in refused.value.text.template and refused.value.text.params["number"] == 1
    with pytest.raises(ConditionalRefused) as refused:
        await service.add_conditional(match.id, ANN.id, "+a1; b2-b3")  # no tower on b2
    assert refused.value.text.params["number"] == 2
    with pytest.raises(ConditionalRefused) as refused:
        await service.add_conditional(match.id, ANN.id, "+a1; +e5; b2-b3; +b2")
    assert refused.value.text.params["number"] == 3
    with pytest.raises(ConditionalRefused):
        await service.add_conditional(match.id, ANN.id, "+a1")  # not a pair
    with pytest.raises(ConditionalRefused):
        await service.add_conditional(match.id, BOB.id, "+a1; +e5")  # his own turn
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    with pytest.raises(ConditionalRefused):
        await service.add_conditional(match.id, ANN.id, "+a1; +e4")  # answers +a1 otherwise
    assert len(await service.store.fetchall("SELECT id FROM conditional_lines")) == 1


async def started(service, game, opponents=(BOB,), **options):
    match = await service.create_challenge(game, 10, 20, ANN, list(opponents), first="me", options=options)
    for opponent in opponents:
        match = await service.accept(match.id, opponent.id)
    return match


async def test_offered_in_two_player_tactori_and_basic_atacama_refused_elsewhere(service):
    match = await started(service, "tactori")
    await service.move(match.id, ANN.id, "+c3")
    # Tactori turns have spaces: moves are separated by semicolons, compared in canonical notation
    assert await service.add_conditional(match.id, ANN.id, "+a1 ; +a3   =a3c3") == ["+a1", "+a3 =a3c3"]
    assert "+a3 =a3c3" in str((await service.move(match.id, BOB.id, "+a1")).description)

    match = await started(service, "atacama")
    await service.move(match.id, ANN.id, "a1")
    assert await service.add_conditional(match.id, ANN.id, "a3; a5") == ["a3", "a5"]

    refusals = {}
    for game, opponents, options in (
        ("architekton", (BOB,), {}),
        ("atacama", (BOB,), {"buildup": True}),
        ("tactori", (BOB, CAT), {}),
    ):
        match = await started(service, game, opponents, **options)
        with pytest.raises(ConditionalRefused) as refused:
            await service.add_conditional(match.id, BOB.id, "a; b")
        refusals[game] = refused.value.text.template
    assert "hidden tiles" in refusals["architekton"] and "basic board" in refusals["atacama"]
    assert "two players" in refusals["tactori"]


async def test_a_reply_no_longer_legal_is_dropped_and_the_player_moves_himself(service, store):
    match = await fem(service)
    # a line stored before the rules changed: its reply is no longer legal there
    await store.execute(
        "INSERT INTO conditional_lines (match_id, user_id, position, moves, created_at) VALUES (?, ?, ?, ?, ?)",
        (match.id, ANN.id, digest(match.state_json), '["+a1","b2-b3"]', 0.0),
    )
    result = await service.move(match.id, BOB.id, "+a1")
    assert result.match.to_move_id() == ANN.id and result.match.plies == 2
    assert result.match.deadline is not None
    assert await service.store.fetchall("SELECT id FROM conditional_lines") == []


async def test_removing_a_line(service):
    match = await fem(service)
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    [line] = await service.conditional_lines(match.id, ANN.id)
    assert not await service.remove_conditional(match.id, BOB.id, line.id)
    assert await service.remove_conditional(match.id, ANN.id, line.id)
    assert (await service.move(match.id, BOB.id, "+a1")).match.plies == 2


async def test_the_reply_is_played_exactly_once_across_two_processes(service, second):
    match = await fem(service)
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    attempts = [(service if i % 2 else second).move(match.id, BOB.id, "+a1") for i in range(20)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    moves = [m.move for m in await second.moves(match.id)]
    # An attempt that arrives after the first one and its reply were committed is bob's next turn
    # (a tower may go on top of a1 again), not a duplicate; the reply itself is played once, at once.
    assert applied and moves[:3] == ["+c3", "+a1", "+e5"] and moves.count("+e5") == 1
    assert len(moves) == 1 + len(applied) + 1  # +c3, the applied moves and the one reply
    assert (await second.get(match.id)).plies == len(moves)


async def lines_left(service) -> list:
    return [row["match_id"] for row in await service.store.fetchall("SELECT match_id FROM conditional_lines")]


async def test_a_match_that_ends_takes_its_lines_with_it(service, clock):
    # by a resignation (bob resigns while ann's lines wait for his move)
    resigned = await fem(service)
    await service.add_conditional(resigned.id, ANN.id, "+a1; +e5")
    # by a claim: bob lets his time run out and ann claims
    claimed = await fem(service)
    await service.add_conditional(claimed.id, ANN.id, "+a1; +e5; +a5; +e1")
    # by an admin's abort
    aborted = await fem(service)
    await service.add_conditional(aborted.id, ANN.id, "+a2; +e4")
    kept = await fem(service)
    await service.add_conditional(kept.id, ANN.id, "+a1; +e5")
    assert sorted(await lines_left(service)) == sorted([resigned.id, claimed.id, aborted.id, kept.id])

    assert (await service.resign(resigned.id, BOB.id)).match.status == "finished"
    assert await lines_left(service) and resigned.id not in await lines_left(service)
    clock.now = (await service.get(claimed.id)).deadline + 1
    assert (await service.claim(claimed.id, ANN.id)).match.status == "finished"
    assert (await service.abort(aborted.id, 10)).status == "aborted"
    assert await lines_left(service) == [kept.id]  # only the running match keeps its line
    for ended in (resigned, claimed, aborted):
        assert await service.conditional_lines(ended.id, ANN.id) == []


async def test_a_line_left_over_from_before_is_never_shown_once_the_match_is_over(service, store):
    match = await fem(service)
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    ended = (await service.resign(match.id, BOB.id)).match
    # a line an older version left behind, from the final position itself
    await store.execute(
        "INSERT INTO conditional_lines (match_id, user_id, position, moves, created_at) VALUES (?, ?, ?, ?, ?)",
        (match.id, ANN.id, digest(ended.state_json), '["+a1","+e5"]', 0.0),
    )
    assert await service.conditional_lines(match.id, ANN.id) == []
