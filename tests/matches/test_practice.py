"""Practice in the service, on both backends, from a review stored directly (none is computed):
positions only from one's own moves in finished matches, right and wrong answers, the hint, the
answer after two tries, and the positions coming back at growing intervals."""

import pytest

from engines.record import replay
from matches import Player
from matches.errors import NotFound, ServiceError
from matches.reviews import Reviewing
from matches.timing import DAY

from .conftest import ANN, BOB
from .test_service import started


def player_of(who) -> Player:
    """A service player, or a SimCord member as one."""
    return who if isinstance(who, Player) else Player(who.id, who.name)


GUILD = 10


async def reviewed_match(service, players=(ANN, BOB), through_queue=False):
    """A finished match of four moves (ann resigns) whose review calls ann's first move a blunder and
    bob's first a mistake (each with another legal move as the best); returns (match, the plies).
    ``through_queue``: the review comes back as a worker hands it in (its job claimed, then finished)."""
    ann, bob = players
    challenge = await service.create_challenge("architekton", GUILD, 20, player_of(ann), [player_of(bob)], first="me")
    match = await service.accept(challenge.id, bob.id)
    for _ in range(6):
        match = (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[-1])).match
    await service.resign(match.id, ann.id)
    match = await service.get(match.id)
    record = await service.record(match.id)
    plies, labelled = [], set()
    for ply, move in enumerate(record.moves):
        before = replay(record, ply)
        seat = before.current_player()
        others = [m for m in before.legal_moves() if before.copy().play(m) != move]
        label = "best"
        if seat not in labelled and others:
            label = "blunder" if seat == 0 else "mistake"
            labelled.add(seat)
        best = before.copy().play(others[0]) if label != "best" else move
        plies.append(
            {
                "ply": ply,
                "seat": seat,
                "move": move,
                "win": [0.5, 0.5],
                "best": best,
                "best_win": 0.7,
                "played_win": 0.3 if label != "best" else 0.7,
                "label": label,
                "forced": False,
                "missed_win": False,
            }
        )
    assert labelled == {0, 1}
    review = {
        "game": "architekton",
        "players": ["ann", "bob"],
        "level": "hard",
        "seed": 0,
        "accuracy": [50.0, 50.0],
        "plies": plies,
    }
    reviewing = Reviewing(match.id, match.version, {}, "hard", 0)
    if through_queue:
        job = await service.queue_review(reviewing, "a worker")
        assert job is not None and await service.finish_review_job(job, review)
    else:
        await service.store_review(reviewing, review)
    return match, plies


async def test_a_review_a_worker_hands_in_through_the_queue_makes_the_same_positions(service):
    match, plies = await reviewed_match(service, through_queue=True)
    assert await service.stored_review(match.id) is not None
    mine = [p for p in plies if p["label"] in ("mistake", "blunder") and match.players[p["seat"]] == ANN.id]
    position = await service.practice_position(ANN.id)
    assert (position.item.match_id, position.item.ply, position.item.played) == (
        match.id,
        mine[0]["ply"],
        mine[0]["move"],
    )
    assert (await service.practice_stats(BOB.id)).positions == 1


async def test_a_position_from_my_own_blunder_right_after_a_wrong_try(service, clock):
    match, plies = await reviewed_match(service)
    mine = [p for p in plies if p["label"] in ("mistake", "blunder") and match.players[p["seat"]] == ANN.id]
    theirs = [p for p in plies if p["label"] in ("mistake", "blunder") and match.players[p["seat"]] == BOB.id]
    assert mine and theirs
    position = await service.practice_position(ANN.id)
    assert (position.item.match_id, position.item.ply) == (match.id, mine[0]["ply"])
    assert position.item.played == mine[0]["move"] and position.tries == 0
    # bob's practice holds his own move only
    assert (await service.practice_position(BOB.id)).item.ply == theirs[0]["ply"]
    with pytest.raises(ServiceError, match="not a legal move"):
        await service.practice_answer(ANN.id, "nonsense")
    wrong = await service.practice_answer(ANN.id, mine[0]["move"])  # the move that was played
    assert not wrong.right and not wrong.over and wrong.tries == 1
    hint = await service.practice_hint(ANN.id)
    assert mine[0]["best"].startswith(hint.hint)
    right = await service.practice_answer(ANN.id, mine[0]["best"])
    assert right.right and right.over and right.due_at == pytest.approx(clock.now + DAY)
    with pytest.raises(NotFound, match="next position is due"):
        await service.practice_position(ANN.id)
    clock.now += DAY + 1
    again = await service.practice_position(ANN.id)
    assert again.item.ply == mine[0]["ply"]
    first_time = await service.practice_answer(ANN.id, mine[0]["best"])
    assert first_time.right and first_time.due_at == pytest.approx(clock.now + 2 * DAY)  # the interval doubles
    stats = await service.practice_stats(ANN.id)
    assert (stats.positions, stats.solved, stats.missed, stats.due) == (len(mine), 2, 0, 0)


async def test_two_wrong_answers_show_it_and_it_comes_back_the_next_day(service, clock):
    await reviewed_match(service)
    position = await service.practice_position(ANN.id)
    played = position.item.played
    await service.practice_answer(ANN.id, played)
    missed = await service.practice_answer(ANN.id, played)
    assert not missed.right and missed.over and missed.due_at == pytest.approx(clock.now + DAY)
    assert (await service.practice_stats(ANN.id)).missed == 1
    with pytest.raises(NotFound):
        await service.practice_answer(ANN.id, played)  # nothing open now


async def test_nothing_to_practise_without_reviews_and_only_finished_matches(service):
    with pytest.raises(NotFound, match="No practice positions yet"):
        await service.practice_position(ANN.id)
    match = await started(service)
    await service.abort(match.id, GUILD)
    review = {
        "game": "architekton",
        "players": ["ann", "bob"],
        "plies": [
            {
                "ply": 0,
                "seat": 0,
                "move": "x",
                "win": [0.5, 0.5],
                "best": "y",
                "best_win": 0.9,
                "played_win": 0.1,
                "label": "blunder",
            }
        ],
        "accuracy": [0, 0],
    }
    aborted = await service.get(match.id)
    await service.store_review(Reviewing(match.id, aborted.version, {}, "hard", 0), review)
    with pytest.raises(NotFound, match="No practice positions yet"):
        await service.practice_position(ANN.id)


async def test_the_migration_step_makes_positions_of_the_reviews_stored_before(service):
    from matches.practice import backfill

    await reviewed_match(service)
    before = await service.store.fetchall("SELECT user_id, match_id, ply FROM practice_items ORDER BY ply")
    await service.store.execute("DELETE FROM practice_items")
    await service.store.write(backfill)
    after = await service.store.fetchall("SELECT user_id, match_id, ply FROM practice_items ORDER BY ply")
    assert [tuple(r) for r in after] == [tuple(r) for r in before] and len(after) == 2


async def test_another_move_counts_when_its_searched_win_chance_is_close_to_the_best(service):
    """A move that is neither the best nor the played one is searched as the review searches a played
    move; whether it counts depends on the best move's win chance the review stored."""
    await reviewed_match(service)
    position = await service.practice_position(ANN.id)
    before = replay(position.record, position.item.ply)
    third = next(
        m for m in before.legal_moves() if before.copy().play(m) not in (position.item.best, position.item.played)
    )
    await service.store.execute("UPDATE practice_items SET best_win = 1.0 WHERE user_id = ?", (ANN.id,))
    far = await service.practice_answer(ANN.id, third)  # nothing early in a match is a sure win
    assert not far.right and far.move == before.copy().play(third)
    await service.store.execute("UPDATE practice_items SET best_win = 0.0 WHERE user_id = ?", (ANN.id,))
    close = await service.practice_answer(ANN.id, third)  # nothing is worse than a sure loss
    assert close.right and close.over
