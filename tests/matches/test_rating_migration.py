"""Migration 10: the Elo ladders of an older database become OpenSkill ratings, recomputed from the
finished matches in the order they ended (both backends)."""

import json
import sqlite3

import pytest

from matches import MatchService
from matches.competitions.skill import RatedGame, replay, replay_history
from matches.dialect import migration_statements
from matches.ratings import recompute
from matches.store import store_for

ELO_ERA = 9  # the schema version before OpenSkill
ANN, BOB, CAT, DAN, BOT = 1, 2, 3, 4, -201

# (id, guild, game, players, winners, scores, resignations, ended_at); every match finished.
MATCHES = [
    (1, 10, "architekton", [ANN, BOB], [0], [20, 15], [], 5000.0),
    (2, 10, "architekton", [BOB, ANN], [0], [3, 9], [[6, 1]], 4000.0),  # ended before match 1
    (3, 10, "architekton", [ANN, BOB], [0, 1], [8, 8], [], 6000.0),  # an agreed draw
    (4, 10, "atacama", [ANN, BOB, CAT, DAN], [2], [10, 7, 12, 7], [], 7000.0),  # bob and dan tie
    (5, 10, "atacama", [DAN, CAT, BOB, ANN], [1], [4, 14, 4, 30], [[9, 3]], 8000.0),  # ann left
    (6, 11, "architekton", [CAT, ANN], [0], [12, 11], [], 1000.0),  # another server
    (7, 10, "architekton", [ANN, BOT], [0], [12, 11], [], 9000.0),  # the computer: unrated
    (8, None, "architekton", [ANN, BOB], [0], [12, 11], [], 9100.0),  # in DMs: unrated
    (9, 10, "architekton", [ANN, BOB], [1], [12, 13], [], None),  # before ratings existed
]
# What the Elo era stored: ratings per (guild, game, user) and history rows (none for matches that
# finished before the history table came, like match 2 here).
ELO_RATINGS = [
    (10, "architekton", ANN, 1501.2, 3, 1, 1, 1),
    (10, "architekton", BOB, 1498.8, 3, 1, 1, 1),
    (10, "atacama", ANN, 1490.0, 2, 0, 2, 0),
    (10, "atacama", BOB, 1495.0, 2, 0, 2, 0),
    (10, "atacama", CAT, 1520.0, 2, 2, 0, 0),
    (10, "atacama", DAN, 1495.0, 2, 0, 2, 0),
    (11, "architekton", CAT, 1516.0, 1, 1, 0, 0),
    (11, "architekton", ANN, 1484.0, 1, 0, 1, 0),
]
ELO_HISTORY = [
    (10, "architekton", ANN, 1, 1516.0, 5000.0),
    (10, "architekton", BOB, 1, 1484.0, 5000.0),
    (10, "architekton", ANN, 3, 1501.2, 6000.0),
    (10, "architekton", BOB, 3, 1498.8, 6000.0),
]


def match_row(m):
    mid, guild, game, players, winners, scores, resignations, ended = m
    return (
        mid,
        game,
        guild,
        20,
        "finished",
        players[0],
        json.dumps(players),
        json.dumps(["p"] * len(players)),
        json.dumps(players[1:]),
        "{}",
        1,
        "{}",
        json.dumps({"winners": winners, "end": "normal", "scores": scores}),
        json.dumps(resignations),
        10,
        10,
        ended,
        ended or 0.0,
        0.0,
    )


MATCH_INSERT = (
    "INSERT INTO matches (id, game, guild_id, channel_id, status, challenger_id, players, names, accepted,"
    " options, seed, setup, result, resignations, version, plies, ended_at, updated_at, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
RATING_INSERT = (
    "INSERT INTO ratings (guild_id, game, user_id, rating, played, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
HISTORY_INSERT = (
    "INSERT INTO rating_history (guild_id, game, user_id, match_id, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?)"
)


async def elo_era_database(database):
    """The database as the last Elo bot left it: schema version 9 and its rows."""
    if database.startswith("postgresql://"):
        import asyncpg

        from matches.dialect import postgres_sql

        conn = await asyncpg.connect(database)
        try:
            async with conn.transaction():
                await conn.execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
                for number in range(1, ELO_ERA + 1):
                    for statement in migration_statements(number, "postgresql"):
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                await conn.executemany(postgres_sql(MATCH_INSERT), [match_row(m) for m in MATCHES])
                await conn.executemany(postgres_sql(RATING_INSERT), ELO_RATINGS)
                await conn.executemany(postgres_sql(HISTORY_INSERT), ELO_HISTORY)
        finally:
            await conn.close()
        return
    conn = sqlite3.connect(database)
    try:
        for number in range(1, ELO_ERA + 1):
            for statement in migration_statements(number, "sqlite"):
                conn.execute(statement)
        conn.executemany(MATCH_INSERT, [match_row(m) for m in MATCHES])
        conn.executemany(RATING_INSERT, ELO_RATINGS)
        conn.executemany(HISTORY_INSERT, ELO_HISTORY)
        conn.execute(f"PRAGMA user_version = {ELO_ERA}")
        conn.commit()
    finally:
        conn.close()


def expected_games():
    """The rated results per (server, game), in the order the matches ended, as the test reads them."""
    return {
        (10, "architekton"): [
            (2, RatedGame((BOB, ANN), (1, 2))),
            (1, RatedGame((ANN, BOB), (1, 2))),
            (3, RatedGame((ANN, BOB), (1, 1))),
        ],
        (10, "atacama"): [
            (4, RatedGame((ANN, BOB, CAT, DAN), (2, 3, 1, 3))),
            (5, RatedGame((DAN, CAT, BOB, ANN), (2, 1, 2, 4))),
        ],
        (11, "architekton"): [(6, RatedGame((CAT, ANN), (1, 2)))],
    }


async def tables(store):
    ratings = {(r["guild_id"], r["game"], r["user_id"]): dict(r) for r in await store.fetchall("SELECT * FROM ratings")}
    history = {
        (r["guild_id"], r["game"], r["user_id"], r["match_id"]): dict(r)
        for r in await store.fetchall("SELECT * FROM rating_history")
    }
    return ratings, history


async def test_the_elo_ladders_are_recomputed_with_openskill_in_the_order_the_matches_ended(database):
    await elo_era_database(database)
    store = await store_for(database).open()
    try:
        assert await store.schema_version() >= 10
        ratings, history = await tables(store)
        want_ratings, want_history = {}, {}
        for (guild, game), games in expected_games().items():
            for user, skill in replay(g for _, g in games).items():
                want_ratings[guild, game, user] = (skill.mu, skill.sigma, skill.games, skill.display)
            ends = {m[0]: m[7] for m in MATCHES}
            for (match_id, _), (game_played, changes) in zip(games, replay_history(g for _, g in games)):
                for seat, c in enumerate(changes):
                    want_history[guild, game, c.player, match_id] = (
                        game_played.places[seat],
                        c.before.display,
                        c.after.display,
                        c.after.mu,
                        c.after.sigma,
                        ends[match_id],
                    )
        assert set(ratings) == set(want_ratings)  # the computer, DMs and pre-rating matches stay out
        for key, (mu, sigma, games, shown) in want_ratings.items():
            row = ratings[key]
            assert (row["mu"], row["sigma"], row["played"], row["rating"]) == pytest.approx((mu, sigma, games, shown))
        assert set(history) == set(want_history)
        for key, want in want_history.items():
            row = history[key]
            assert (
                row["place"],
                row["rating_before"],
                row["rating"],
                row["mu"],
                row["sigma"],
                row["rated_at"],
            ) == pytest.approx(want), key
        # the record beside the number is recounted from the same results (the Elo table's, here)
        assert {k: (r["wins"], r["losses"], r["draws"]) for k, r in ratings.items()} == {
            (g, game, u): (w, lo, d) for g, game, u, _, _, w, lo, d in ELO_RATINGS
        }
        # the leaderboard and the chart read the new numbers
        service = MatchService(store)
        board = await service.leaderboard(10, "atacama")
        assert [r.rating for r in board] == sorted((r.rating for r in board), reverse=True)
        assert all(r.provisional for r in board)
        chart = await service.rating_history(10, ANN)
        assert [at for at, _ in chart["architekton"]] == [4000.0, 5000.0, 6000.0]
        assert chart["architekton"][-1][1] == want_ratings[10, "architekton", ANN][3]
        # recomputing again changes nothing
        await store.write(recompute)
        assert await tables(store) == (ratings, history)
    finally:
        await store.close()
    again = await store_for(database).open()  # opening it again migrates nothing
    try:
        assert await tables(again) == (ratings, history)
    finally:
        await again.close()


async def test_a_database_without_ratings_migrates_to_empty_tables(database):
    store = await store_for(database).open()
    try:
        await store.write(recompute)
        assert await tables(store) == ({}, {})
    finally:
        await store.close()
