"""Ratings: OpenSkill (Plackett-Luce, ``competitions.skill``) per player, game and server.

A finished match on a server between people (a computer seat has a level, not
a rating: a match with one is not rated) is rated from its final ranking, its
**places** (:func:`places`): 1 = best, equal places a tie, so a four-player
Atacama result is a ranking of four, not just a winner and three others.

Each player keeps ``mu``, ``sigma`` and ``played`` (rated matches) in
``ratings``, with ``rating``, the number shown (``skill.display``: 1500 for a
new player), which the leaderboard orders by.  A rating is **provisional**
until ``skill.PROVISIONAL_GAMES`` rated matches; the leaderboard lists the
established players first.  Every rated match adds a row per player to
``rating_history``: his place, the shown number before and after, and his
``mu`` and ``sigma`` after, which is all a later recomputation needs.

:func:`recompute` (migration 10) rebuilds every rating from the finished
matches in the order they ended, so the Elo ladders of the past carry over.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines import get_game

from . import ai_seats
from .competitions.skill import DISPLAY_BASE, PROVISIONAL_GAMES, RatedGame, Skill, rate, replay_history
from .unit_of_work import Transaction

log = logging.getLogger(__name__)

INITIAL = DISPLAY_BASE  # the number a new player shows (the rating chart starts there)
__all__ = ["INITIAL", "PROVISIONAL_GAMES", "is_rated", "places", "rate_match", "recompute", "tally"]


def is_rated(guild_id: int | None, players: Sequence[int]) -> bool:
    """Whether a finished match counts for ratings: on a server, 2 to 4 people, no computer seat."""
    return guild_id is not None and 2 <= len(players) <= 4 and not any(ai_seats.is_ai(p) for p in players)


def places(game: str, seats: int, result: Mapping[str, Any], resignations: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """The final ranking of a finished match, per seat (1 = best; equal places are a tie).

    - The winners (every seat sharing the best result) share first place.
    - Then the others who stayed to the end, by their final score (equal scores tie; all tie
      in a game without scores, Tactori FEM).
    - Then those who left (resigned or ran out of time) and did not win, below everyone who
      stayed: the one who left later above the one who left earlier.

    Places are numbered as in sport: two seats tied for second are both 2, the next is 4.
    """
    winners = set(result["winners"])
    scores = list(result.get("scores") or [])
    by_score = get_game(game).has_scores and len(scores) == seats
    left = list(dict.fromkeys(seat for _, seat in resignations if seat not in winners))
    key: dict[int, tuple[int, float]] = {}
    for seat in range(seats):
        if seat in winners:
            key[seat] = (0, 0)
        elif seat in left:
            key[seat] = (2, -left.index(seat))
        else:
            key[seat] = (1, -scores[seat] if by_score else 0)
    return tuple(1 + sum(key[other] < key[seat] for other in range(seats)) for seat in range(seats))


def tally(seat: int, winners: Sequence[int]) -> tuple[int, int, int]:
    """(won, lost, drew) for the record beside a rating: a win alone, a shared win (a draw), else a loss."""
    if seat in winners:
        return (1, 0, 0) if len(winners) == 1 else (0, 0, 1)
    return 0, 1, 0


def _history_row(
    guild_id: int, game: str, user: int, match_id: int, place: int, before: Skill, after: Skill, at: float
) -> tuple:
    return (guild_id, game, user, match_id, place, before.display, after.display, after.mu, after.sigma, at)


HISTORY_INSERT = (
    "INSERT INTO rating_history (guild_id, game, user_id, match_id, place, rating_before, rating,"
    " mu, sigma, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def rate_match(
    tx: Transaction,
    guild_id: int,
    game: str,
    match_id: int,
    players: Sequence[int],
    ranking: Sequence[int],
    winners: Sequence[int],
    at: float,
) -> list[Skill]:
    """Rate one finished match inside its unit of work: every player's rating row and history row.
    Returns the players' new skills, by seat."""
    before = []
    for user in players:
        row = tx.fetchone(
            "SELECT mu, sigma, played FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user),
        )
        before.append(Skill(row["mu"], row["sigma"], row["played"]) if row else Skill())
    after = rate(before, ranking)
    for seat, user in enumerate(players):
        won, lost, drew = tally(seat, winners)
        tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, rating, mu, sigma, played, wins, losses, draws)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " rating = excluded.rating, mu = excluded.mu, sigma = excluded.sigma, played = excluded.played,"
            " wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,"
            " draws = ratings.draws + excluded.draws",
            (
                guild_id,
                game,
                user,
                after[seat].display,
                after[seat].mu,
                after[seat].sigma,
                after[seat].games,
                won,
                lost,
                drew,
            ),
        )
        tx.execute(
            HISTORY_INSERT, _history_row(guild_id, game, user, match_id, ranking[seat], before[seat], after[seat], at)
        )
    return after


def rated_games(tx: Transaction) -> dict[tuple[int, str], list[tuple[int, float, RatedGame, tuple[int, ...]]]]:
    """Every rated match, per (server, game) in the order they ended: (match id, end time, the
    game for ``skill.replay``, its winners).  A rated match is one that :func:`is_rated` accepts
    and that finished once ratings existed (it has an end time: matches that finished before
    ratings came in schema version 3 have none, and were never rated).  A row whose result
    cannot be read is left out (logged)."""
    rows = tx.fetchall(
        "SELECT id, guild_id, game, players, result, resignations, ended_at FROM matches"
        " WHERE status = 'finished' AND guild_id IS NOT NULL AND ended_at IS NOT NULL"
        " ORDER BY ended_at, id"
    )
    games: dict[tuple[int, str], list] = {}
    unreadable = []
    for row in rows:
        try:
            players = tuple(json.loads(row["players"]))
            if not is_rated(row["guild_id"], players):
                continue
            result = json.loads(row["result"])
            ranking = places(row["game"], len(players), result, json.loads(row["resignations"]))
            winners = tuple(result["winners"])
        except Exception:  # noqa: BLE001 - a damaged row costs only itself
            unreadable.append(row["id"])
            continue
        games.setdefault((row["guild_id"], row["game"]), []).append(
            (row["id"], row["ended_at"], RatedGame(players, ranking), winners)
        )
    if unreadable:
        log.warning(
            "ratings recomputed without %d finished matches whose result cannot be read: %s",
            len(unreadable),
            unreadable[:20],
        )
    return games


def recompute(tx: Transaction) -> None:
    """Rebuild ``ratings`` and ``rating_history`` from the finished matches (migration 10): per
    server and game, every rated match in the order they ended, replayed from new players.

    The win / loss / draw counts are recounted the same way; each history row gets the match's
    end time.  Running it again gives the same tables."""
    previous = {
        (r["guild_id"], r["game"], r["user_id"]): r["played"]
        for r in tx.fetchall("SELECT guild_id, game, user_id, played FROM ratings")
    }
    history, ratings = [], []
    for (guild_id, game), games in rated_games(tx).items():
        skills: dict[int, Skill] = {}
        record: dict[int, list[int]] = {}
        replayed = replay_history(g for _, _, g, _ in games)
        for (match_id, at, _, winners), (rated, changes) in zip(games, replayed):
            for seat, change in enumerate(changes):
                history.append(
                    _history_row(
                        guild_id, game, change.player, match_id, rated.places[seat], change.before, change.after, at
                    )
                )
                skills[change.player] = change.after
                counts = record.setdefault(change.player, [0, 0, 0])
                for i, n in enumerate(tally(seat, winners)):
                    counts[i] += n
        for user, skill in skills.items():
            ratings.append((guild_id, game, user, skill.display, skill.mu, skill.sigma, skill.games, *record[user]))
    changed = sum(previous.get(row[:3]) != row[6] for row in ratings) + len(
        set(previous) - {row[:3] for row in ratings}
    )
    if changed:
        log.warning(
            "ratings recomputed: %d of the %d players' counts of rated matches differ from the table replaced",
            changed,
            len(previous),
        )
    tx.execute("DELETE FROM rating_history")
    tx.execute("DELETE FROM ratings")
    if ratings:
        tx.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, rating, mu, sigma, played, wins, losses, draws)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ratings,
        )
    if history:
        tx.executemany(HISTORY_INSERT, history)
    log.info("ratings recomputed with OpenSkill: %d players, %d rated results", len(ratings), len(history))
