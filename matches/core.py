"""Reading matches and the one place that writes a change of a match."""
from __future__ import annotations

import json
import secrets
import time
from typing import Any, Callable

from engines import Outcome, get_game
from engines.record import Record, replay
from engines.text import Text

from . import ai_seats, timing
from .errors import NotFound, StaleRequest
from .models import GuildSettings, Match, MoveRow, Series, UserSettings
from .ratings import INITIAL, elo_changes
from .store import Store, Transaction

# Invitations outlive a player's absence (ux-notes: async sites keep them 14 days).
CHALLENGE_TTL = 14 * 24 * 3600
SERIES_TARGET = 2


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Core:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], int] | None = None, challenge_ttl: float = CHALLENGE_TTL):
        self.store = store
        self.clock = clock
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.challenge_ttl = challenge_ttl

    # ------------------------------------------------------------- reading
    async def get(self, match_id: int) -> Match:
        row = await self.store.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise NotFound(Text("There is no match #{id}.", id=match_id))
        return Match.from_row(dict(row))

    async def moves(self, match_id: int) -> list[MoveRow]:
        rows = await self.store.fetchall(
            "SELECT ply, move, user_id, played_at FROM moves WHERE match_id = ? ORDER BY ply", (match_id,))
        return [MoveRow(r["ply"], r["move"], r["user_id"], r["played_at"]) for r in rows]

    async def record(self, match_id: int) -> Record:
        match = await self.get(match_id)
        return match.record([m.move for m in await self.moves(match_id)])

    async def replay(self, match_id: int):
        """The state rebuilt from the record alone."""
        return replay(await self.record(match_id))

    async def series(self, series_id: int | None) -> Series | None:
        if series_id is None:
            return None
        row = await self.store.fetchone("SELECT * FROM series WHERE id = ?", (series_id,))
        return Series.from_row(dict(row)) if row else None

    async def user_matches(self, user_id: int, *, channel_id: int | None = None, game: str | None = None,
                           statuses: tuple[str, ...] = ("active",)) -> list[Match]:
        # Driven from match_players, whose key starts with the user: a few rows per player at any
        # size.  A plain JOIN let SQLite start from matches_status instead, reading every active
        # match (52-72 ms at 100,000); CROSS JOIN fixes SQLite's join order (standard SQL elsewhere).
        sql = ("SELECT m.* FROM match_players p CROSS JOIN matches m WHERE p.user_id = ? AND m.id = p.match_id"
               f" AND m.status IN ({','.join('?' * len(statuses))})")
        params: list[Any] = [user_id, *statuses]
        if channel_id is not None:
            sql += " AND (m.channel_id = ? OR m.thread_id = ?)"
            params += [channel_id, channel_id]
        if game is not None:
            sql += " AND m.game = ?"
            params.append(game)
        rows = await self.store.fetchall(sql + " ORDER BY m.updated_at", tuple(params))
        return [Match.from_row(dict(r)) for r in rows]

    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self.store.fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,))
        return UserSettings(**dict(row)) if row else UserSettings(user_id)

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        row = await self.store.fetchone("SELECT * FROM guilds WHERE guild_id = ?", (guild_id,))
        return guild_settings_of(row, guild_id)

    async def server_languages(self) -> dict[int, str]:
        """The servers whose admins chose the bot's language (the bot keeps this small map in memory)."""
        rows = await self.store.fetchall("SELECT guild_id, language FROM guilds WHERE language IS NOT NULL")
        return {row["guild_id"]: row["language"] for row in rows}

    # ------------------------------------------------------------- writing
    def _clock_for(self, tx: Transaction, user_id: int, days: int, now: float) -> dict[str, Any]:
        if ai_seats.is_ai(user_id):
            # The computer moves at once: no deadline, so no reminder, no timeout, nothing to claim.
            return {"clock_start": now, "deadline": None, "sent": 0, "last_reminded_at": None,
                    "next_event_at": None}
        row = tx.fetchone("SELECT vacation_until FROM users WHERE user_id = ?", (user_id,))
        clock = timing.start_clock(now, days, row["vacation_until"] if row else None)
        return {"clock_start": clock.clock_start, "deadline": clock.deadline, "sent": 0,
                "last_reminded_at": None,
                "next_event_at": timing.next_event_at(clock.clock_start, clock.deadline, days, 0, None)}

    def _commit(self, tx: Transaction, match: Match, state, *, result: dict | None = None,
                **columns: Any) -> Match:
        """Write ``state`` as the match's new snapshot if nobody changed it first.

        Restarts the clock when another player is to move, ends the match when
        the state (or ``result``) says so, and scores series and ratings.
        Runs inside a unit of work (on the writer thread).
        """
        now = self.clock()
        outcome = state.outcome()
        if result is None and outcome is not None:
            result = {"winners": list(outcome.winners), "end": outcome.end, "scores": list(outcome.scores)}
        snapshot = state.to_json()
        values: dict[str, Any] = {"state": dumps(snapshot), "updated_at": now, "offer": None, **columns}
        plies = values.get("plies", match.plies)
        if result is not None and plies == 0:
            # ux-notes: cancel, not score, a match where nobody ever moved.
            values.update(status="void", ended_at=now, next_event_at=None, deadline=None)
            result = None
        elif result is not None:
            values.update(status="finished", result=dumps(result), ended_at=now, next_event_at=None,
                          deadline=None)
        else:
            seat = state.current_player()
            if match.status != "active" or seat != match.to_move_seat():
                values.update(self._clock_for(tx, match.players[seat], match.days, now))
        sets = ", ".join(f"{k} = ?" for k in values)
        row = tx.fetchone(f"UPDATE matches SET {sets}, version = version + 1 WHERE id = ? AND version = ?"
                          " RETURNING *", (*values.values(), match.id, match.version))
        if row is None:
            raise StaleRequest(Text("The match changed before your request arrived; look at the new board and "
                                    "try again."))
        tx.schedule(values.get("next_event_at"))
        if result is not None:
            self._score(tx, match, result)
        return Match.from_row(row, snapshot=snapshot)

    def _score(self, tx: Transaction, match: Match, result: dict) -> None:
        outcome = Outcome(tuple(result["winners"]), result["end"], tuple(result["scores"]))
        if match.series_id is not None:
            self._score_series(tx, match, outcome)
        # Elo compares people; a computer seat has a level, not a rating.
        if match.guild_id is not None and not any(ai_seats.is_ai(p) for p in match.players):
            self._rate(tx, match, outcome)

    def _score_series(self, tx: Transaction, match: Match, outcome: Outcome) -> None:
        row = tx.fetchone("SELECT * FROM series WHERE id = ?", (match.series_id,))
        series = Series.from_row(dict(row))
        if series.winner_id is not None:
            return
        gained = get_game(match.game).victory_points(outcome, len(match.players))
        for seat, points in enumerate(gained):
            series.points[match.players[seat]] = series.points.get(match.players[seat], 0) + points
        leaders = [p for p, v in series.points.items() if v >= series.target]
        if leaders:
            series.winner_id = max(leaders, key=lambda p: series.points[p])
        tx.execute("UPDATE series SET points = ?, winner_id = ? WHERE id = ?",
                   (dumps({str(k): v for k, v in series.points.items()}), series.winner_id, series.id))

    def _rate(self, tx: Transaction, match: Match, outcome: Outcome) -> None:
        ratings = []
        for user in match.players:
            row = tx.fetchone("SELECT rating FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                              (match.guild_id, match.game, user))
            ratings.append(row["rating"] if row else INITIAL)
        winners = list(outcome.winners)
        changes = elo_changes(ratings, winners)
        draw = len(winners) != 1
        for seat, user in enumerate(match.players):
            won = seat in winners and not draw
            tx.execute(
                "INSERT INTO ratings (guild_id, game, user_id, rating, played, wins, losses, draws)"
                " VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " rating = excluded.rating, played = ratings.played + 1, wins = ratings.wins + excluded.wins,"
                " losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws",
                (match.guild_id, match.game, user, ratings[seat] + changes[seat], int(won),
                 int(not won and not (draw and seat in winners)), int(draw and seat in winners)))
            tx.execute("INSERT INTO rating_history (guild_id, game, user_id, match_id, rating, rated_at)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (match.guild_id, match.game, user, match.id, ratings[seat] + changes[seat], self.clock()))

    def _new_series(self, tx: Transaction, game: str, guild_id: int | None, players: list[int]) -> int:
        row = tx.fetchone(
            "INSERT INTO series (game, guild_id, players, points, target, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id",
            (game, guild_id, dumps(players), dumps({str(p): 0 for p in players}), SERIES_TARGET, self.clock()))
        return row["id"]

    def _index_players(self, tx: Transaction, match_id: int, players: list[int]) -> None:
        tx.executemany("INSERT INTO match_players (user_id, match_id) VALUES (?, ?)",
                       [(p, match_id) for p in players])


def guild_settings_of(row, guild_id: int | None) -> GuildSettings:
    """A server's settings from its row (None: the defaults)."""
    if row is None:
        return GuildSettings(guild_id or 0)
    data = dict(row)
    return GuildSettings(data["guild_id"], data["default_days"], data["challenge_channel_id"],
                         bool(data["threads"]), data["language"])
