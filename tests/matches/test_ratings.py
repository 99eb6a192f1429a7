"""OpenSkill ratings per game and server: a finished match is rated from its final ranking."""

import random

import pytest

from matches import Player
from matches.competitions.skill import RatedGame, Skill, rate, replay
from matches.ratings import places, rate_match

from .conftest import ANN, BOB, CAT
from .test_service import moved, play_to_end, started

DAN = Player(4, "dan")


def result(winners, scores, end="normal"):
    return {"winners": winners, "end": end, "scores": scores}


def test_places_rank_winners_then_stayers_by_score_then_leavers_latest_first():
    # four-player Atacama: two non-winners with equal scores tie for second
    assert places("atacama", 4, result([2], [10, 7, 12, 7]), []) == (2, 3, 1, 3)
    assert places("atacama", 4, result([1, 3], [5, 9, 2, 9]), []) == (3, 1, 4, 1)
    # whoever left is below everyone who stayed, whatever his score; the later leaver above the earlier
    assert places("atacama", 4, result([0], [9, 3, 3, 20]), [[8, 3]]) == (1, 2, 2, 4)
    assert places("tactori", 4, result([0], [1, 0, 0, 0], "resign"), [[4, 3], [7, 1], [9, 2]]) == (1, 3, 2, 4)
    # two players: a win, a resignation, a draw
    assert places("architekton", 2, result([1], [30, 12]), []) == (2, 1)
    assert places("architekton", 2, result([0], [3, 12], "resign"), [[5, 1]]) == (1, 2)
    assert places("architekton", 2, result([0, 1], [7, 7], "agreed"), []) == (1, 1)
    # no scores to compare (Tactori FEM is two-player; three stayers would tie)
    assert places("tactori-fem", 2, result([0], [0, 0], "loop"), []) == (1, 2)


def flat(skills: dict) -> list:
    """Skills by player as one flat list of numbers, for pytest.approx."""
    return [x for p in sorted(skills) for x in (p, skills[p].mu, skills[p].sigma, skills[p].games)]


async def board(service, guild=10, game="architekton"):
    return {r.user_id: r for r in await service.leaderboard(guild, game)}


async def skills(store, guild=10, game="architekton"):
    rows = await store.fetchall(
        "SELECT user_id, mu, sigma, played FROM ratings WHERE guild_id = ? AND game = ?", (guild, game)
    )
    return {r["user_id"]: Skill(r["mu"], r["sigma"], r["played"]) for r in rows}


async def test_a_two_player_result_moves_the_winner_up_and_the_loser_down(service, store):
    first = await moved(service, await started(service))
    await service.resign(first.id, BOB.id)  # ann wins the first
    after_first = await board(service)
    assert after_first[ANN.id].rating > 1500 > after_first[BOB.id].rating
    second = await moved(service, await started(service))
    await service.resign(second.id, BOB.id)  # and the second
    after = await board(service)
    assert after[ANN.id].rating > after_first[ANN.id].rating
    assert after[BOB.id].rating < after_first[BOB.id].rating
    assert (after[ANN.id].wins, after[ANN.id].losses, after[BOB.id].wins, after[BOB.id].losses) == (2, 0, 0, 2)
    want = replay([RatedGame((ANN.id, BOB.id), (1, 2))] * 2)
    got = await skills(store)
    assert flat(got) == pytest.approx(flat(want))
    assert {p: r.rating for p, r in after.items()} == {p: s.display for p, s in want.items()}


async def test_a_four_player_ranking_with_a_tie_is_one_result(store):
    """Rated as one game of four (Plackett-Luce), the tied players alike; each gets a history row."""
    players, ranking = (ANN.id, BOB.id, CAT.id, DAN.id), (2, 3, 1, 3)
    await store.write(lambda tx: rate_match(tx, 10, "atacama", 77, players, ranking, [2], 1000.0))
    want = rate([Skill()] * 4, ranking)
    rows = {r["user_id"]: r for r in await store.fetchall("SELECT * FROM ratings WHERE game = 'atacama'")}
    for seat, user in enumerate(players):
        assert (rows[user]["mu"], rows[user]["sigma"], rows[user]["played"]) == pytest.approx(
            (want[seat].mu, want[seat].sigma, 1)
        )
        assert rows[user]["rating"] == want[seat].display
    assert rows[CAT.id]["rating"] > rows[ANN.id]["rating"] > rows[BOB.id]["rating"] == rows[DAN.id]["rating"]
    assert [(rows[u]["wins"], rows[u]["losses"], rows[u]["draws"]) for u in players] == [
        (0, 1, 0),
        (0, 1, 0),
        (1, 0, 0),
        (0, 1, 0),
    ]
    history = {r["user_id"]: r for r in await store.fetchall("SELECT * FROM rating_history WHERE match_id = 77")}
    assert [(history[u]["place"], history[u]["rating_before"], history[u]["rating"]) for u in players] == [
        (p, 1500, s.display) for p, s in zip(ranking, want)
    ]


async def test_a_four_player_atacama_match_is_rated_from_its_whole_ranking(service, store):
    match = await service.create_challenge("atacama", 10, 20, ANN, [BOB, CAT, DAN], first="me")
    for p in (BOB, CAT, DAN):
        match = await service.accept(match.id, p.id)
    rng = random.Random(4)
    for _ in range(4):
        match = (await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))).match
    seats = {p: match.players.index(p.id) for p in (ANN, BOB, CAT, DAN)}
    await service.resign(match.id, DAN.id)  # first to leave: last
    await service.resign(match.id, BOB.id)
    done = (await service.resign(match.id, CAT.id)).match  # ann is left alone and wins
    assert done.status == "finished" and done.result["winners"] == [seats[ANN]]
    ranking = [0] * 4
    for person, place in ((ANN, 1), (CAT, 2), (BOB, 3), (DAN, 4)):
        ranking[seats[person]] = place
    want = dict(zip(done.players, rate([Skill()] * 4, ranking)))
    got = await skills(store, game="atacama")
    assert flat(got) == pytest.approx(flat(want))
    shown = await board(service, game="atacama")
    assert [p for p in shown] == [ANN.id, CAT.id, BOB.id, DAN.id]


async def test_a_rating_is_provisional_until_five_rated_matches(service):
    for n in range(1, 7):
        match = await moved(service, await started(service))
        await service.resign(match.id, BOB.id if n % 2 else ANN.id)
        ratings = await board(service)
        assert ratings[ANN.id].played == n and ratings[ANN.id].provisional == (n < 5)
    stats = await service.stats(10, ANN.id)
    assert not stats.ratings["architekton"].provisional


async def test_the_leaderboard_lists_established_players_first(service, store):
    # bob and cat play five matches (established); ann beats dan once (provisional, but higher)
    for _ in range(5):
        match = await service.create_challenge("architekton", 10, 20, BOB, [CAT], first="me")
        match = await moved(service, await service.accept(match.id, CAT.id))
        await service.resign(match.id, CAT.id)
    match = await service.create_challenge("architekton", 10, 20, ANN, [DAN], first="me")
    match = await moved(service, await service.accept(match.id, DAN.id))
    await service.resign(match.id, DAN.id)
    rows = await service.leaderboard(10, "architekton")
    assert [r.user_id for r in rows] == [BOB.id, CAT.id, ANN.id, DAN.id]
    assert [r.provisional for r in rows] == [False, False, True, True]
    by = {r.user_id: r.rating for r in rows}
    assert by[ANN.id] > by[CAT.id]  # ranked below all the same: only five matches establish a rating
    assert [r.user_id for r in await service.leaderboard(10, "architekton", limit=3)] == [BOB.id, CAT.id, ANN.id]


async def test_each_history_row_keeps_the_place_and_the_number_before_and_after(service, store):
    match = await moved(service, await started(service))
    await service.resign(match.id, ANN.id)  # bob wins
    rows = {
        r["user_id"]: r
        for r in await store.fetchall(
            "SELECT user_id, place, rating_before, rating FROM rating_history WHERE match_id = ?", (match.id,)
        )
    }
    assert (rows[BOB.id]["place"], rows[ANN.id]["place"]) == (1, 2)
    assert rows[BOB.id]["rating_before"] == rows[ANN.id]["rating_before"] == 1500
    assert rows[BOB.id]["rating"] > 1500 > rows[ANN.id]["rating"]


async def test_four_player_atacama_matches_played_to_the_end_are_rated_from_their_rankings(service, store):
    """Whole four-player matches, until one ends with a tie below the winner: every rating is the
    replay of the matches' rankings (the winner first, then the others by score, equal scores tied)."""
    games = []
    while not any(len(set(g.places)) < 4 for g in games):
        assert len(games) < 8, "no four-player match ended with a tie"
        match = await service.create_challenge("atacama", 10, 20, ANN, [BOB, CAT, DAN], first="me")
        for p in (BOB, CAT, DAN):
            match = await service.accept(match.id, p.id)
        match, _ = await play_to_end(service, match, seed=len(games))
        winners, scores = match.result["winners"], match.result["scores"]
        rank = [(seat not in winners, -scores[seat]) for seat in range(4)]
        games.append(RatedGame(tuple(match.players), tuple(1 + sum(r < mine for r in rank) for mine in rank)))
    got = await skills(store, game="atacama")
    assert flat(got) == pytest.approx(flat(replay(games)))
