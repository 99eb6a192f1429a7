"""Everything around the matches: a player's list, leaderboards, statistics."""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import ai_seats
from .competitions.skill import PROVISIONAL_GAMES
from .core import Component, Matches
from .models import Rating


@dataclass
class Stats:
    ratings: dict[str, Rating]  # game -> rating row on this server
    series_won: int
    average_move_seconds: float | None


class Community(Component):
    async def waiting_list(self, user_id: int) -> Matches:
        """The user's active matches: those waiting for him first, longest waiting first.  The ids of
        those that cannot be read (marked broken) are in ``broken``: the list goes without them."""
        matches = await self.core.user_matches(user_id)
        return Matches(
            sorted(matches, key=lambda m: (m.to_move_id() != user_id, m.clock_start or m.updated_at)), matches.broken
        )

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        """The best rated players of a game on a server: the established ones first (from the
        highest rating down), then those whose rating is still provisional."""
        rows = await self.store.fetchall(
            "SELECT user_id, rating, played, wins, losses, draws FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY CASE WHEN played >= ? THEN 0 ELSE 1 END, rating DESC, played DESC, user_id LIMIT ?",
            (guild_id, game, PROVISIONAL_GAMES, limit),
        )
        return [Rating(**dict(r)) for r in rows]

    async def stats(self, guild_id: int, user_id: int) -> Stats:
        rows = await self.store.fetchall(
            "SELECT game, user_id, rating, played, wins, losses, draws FROM ratings WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        ratings = {
            r["game"]: Rating(*[r[k] for k in ("user_id", "rating", "played", "wins", "losses", "draws")]) for r in rows
        }
        won = await self.store.fetchone(
            "SELECT COUNT(*) FROM series WHERE guild_id = ? AND winner_id = ?", (guild_id, user_id)
        )
        # Time per move: from the previous move (or the start) to this player's move.  Through
        # match_players (keyed by user) to the moves of his matches: no scan of all moves.
        timing = await self.store.fetchone(
            "SELECT AVG(mv.played_at - COALESCE((SELECT p.played_at FROM moves p WHERE p.match_id = mv.match_id"
            " AND p.ply = mv.ply - 1), m.created_at)) FROM match_players mp"
            " JOIN matches m ON m.id = mp.match_id JOIN moves mv ON mv.match_id = mp.match_id"
            " WHERE mp.user_id = ? AND mv.user_id = mp.user_id AND m.guild_id = ?",
            (user_id, guild_id),
        )
        return Stats(ratings, won[0], timing[0])

    async def rating_history(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> dict[str, list[tuple[float, float]]]:
        """Game -> [(time, rating shown after the match)] of the player's rated matches on this server,
        oldest first."""
        sql = "SELECT game, rated_at, rating FROM rating_history WHERE guild_id = ? AND user_id = ?"
        params: tuple = (guild_id, user_id)
        if game is not None:
            sql, params = sql + " AND game = ?", (*params, game)
        history: dict[str, list[tuple[float, float]]] = {}
        for row in await self.store.fetchall(sql + " ORDER BY rated_at, match_id", params):
            history.setdefault(row["game"], []).append((row["rated_at"], row["rating"]))
        return history

    async def against_computer(self, guild_id: int, user_id: int) -> dict[str, list[int]]:
        """Level -> [wins, losses, draws] in finished matches against the computer on this server
        (unrated, so counted apart from the ratings; a win shared with others counts as a draw)."""
        ids = ai_seats.every_id()
        rows = await self.store.fetchall(
            "SELECT m.players, m.result FROM match_players mp JOIN matches m ON m.id = mp.match_id"
            " WHERE mp.user_id = ? AND m.guild_id = ? AND m.status = 'finished' AND EXISTS (SELECT 1 FROM"
            f" match_players q WHERE q.match_id = m.id AND q.user_id IN ({','.join('?' * len(ids))}))",
            (user_id, guild_id, *ids),
        )
        record: dict[str, list[int]] = {}
        for row in rows:
            players, winners = json.loads(row["players"]), json.loads(row["result"])["winners"]
            seat = players.index(user_id)
            column = 2 if len(winners) > 1 and seat in winners else 0 if winners == [seat] else 1
            for level in sorted({ai_seats.level_of(p) for p in players if ai_seats.is_ai(p)}):
                record.setdefault(level, [0, 0, 0])[column] += 1
        return {level: record[level] for level in ai_seats.LEVELS if level in record}
