"""The Discord-free match service.  Each public method is one transaction."""
from __future__ import annotations

import json
import random
import secrets
import time
from typing import Any, Callable

from engines import MoveError, SetupError, get_game
from engines.record import Record, replay

from .errors import MatchClosed, NotAPlayer, NotFound, NotYourTurn, ServiceError, StaleRequest
from .models import Match, MoveResult, MoveRow, Player, Series
from .store import Store

CHALLENGE_TTL = 7 * 24 * 3600
SERIES_TARGET = 2


class IllegalMoveError(ServiceError):
    """The engine refused the move."""


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class MatchService:
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
            raise NotFound(f"There is no match #{match_id}.")
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
        sql = ("SELECT m.* FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ?"
               f" AND m.status IN ({','.join('?' * len(statuses))})")
        params: list[Any] = [user_id, *statuses]
        if channel_id is not None:
            sql += " AND m.channel_id = ?"
            params.append(channel_id)
        if game is not None:
            sql += " AND m.game = ?"
            params.append(game)
        rows = await self.store.fetchall(sql + " ORDER BY m.updated_at", tuple(params))
        return [Match.from_row(dict(r)) for r in rows]

    # ---------------------------------------------------------- challenges
    async def create_challenge(self, game: str, guild_id: int | None, channel_id: int | None,
                               challenger: Player, opponents: list[Player], *,
                               options: dict[str, Any] | None = None, first: str = "random") -> Match:
        spec = get_game(game)
        people = [challenger, *opponents]
        if any(p.id == challenger.id for p in opponents):
            raise ServiceError("You cannot challenge yourself.")
        if len({p.id for p in people}) != len(people):
            raise ServiceError("Each opponent can be invited only once.")
        bots = [p.name for p in opponents if p.bot]
        if bots:
            raise ServiceError(f"{', '.join(bots)} is a bot and cannot play.")
        try:
            opts = spec.check(len(people), options)
        except SetupError as exc:
            raise ServiceError(_capital(str(exc)) + ".") from None
        seed = self.seeds()
        order = self._seat_order(people, first, seed)
        setup = spec.resolve_setup(len(order), seed, dict(spec.starting_setup), opts)
        now = self.clock()
        async with self.store.transaction() as db:
            cur = await db.execute(
                "INSERT INTO matches (game, guild_id, channel_id, status, challenger_id, players, names,"
                " accepted, options, seed, setup, created_at, updated_at, expires_at)"
                " VALUES (?, ?, ?, 'challenge', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, guild_id, channel_id, challenger.id, _dumps([p.id for p in order]),
                 _dumps([p.name for p in order]), _dumps([challenger.id]), _dumps(opts), seed,
                 _dumps(setup), now, now, now + self.challenge_ttl))
            match_id = cur.lastrowid
            await self._index_players(db, match_id, [p.id for p in order])
        return await self.get(match_id)

    @staticmethod
    def _seat_order(people: list[Player], first: str, seed: int) -> list[Player]:
        """Seat 0 starts.  ``first``: me (challenger), opponent, or random."""
        if first == "me":
            return list(people)
        if first == "opponent":
            return people[1:] + people[:1]
        if first != "random":
            raise ServiceError("'first' must be me, opponent or random.")
        order = list(people)
        random.Random(seed).shuffle(order)
        return order

    async def _index_players(self, db, match_id: int, players: list[int]) -> None:
        await db.executemany("INSERT INTO match_players (user_id, match_id) VALUES (?, ?)",
                             [(p, match_id) for p in players])

    async def accept(self, match_id: int, user_id: int) -> Match:
        """Record an acceptance; the match starts once every invitee accepted."""
        match = await self._open_challenge(match_id, user_id)
        if user_id in match.accepted:
            raise StaleRequest("You have already accepted this challenge.")
        accepted = match.accepted + [user_id]
        starts = set(accepted) == set(match.players)
        now = self.clock()
        async with self.store.transaction() as db:
            if starts:
                state = get_game(match.game).setup(len(match.players), match.seed, match.setup, match.options)
                series_id = await self._new_series(db, match.game, match.guild_id, match.players)
                cur = await db.execute(
                    "UPDATE matches SET status = 'active', accepted = ?, state = ?, series_id = ?,"
                    " expires_at = NULL, updated_at = ? WHERE id = ? AND status = 'challenge' AND accepted = ?",
                    (_dumps(accepted), _dumps(state.to_json()), series_id, now, match_id, _dumps(match.accepted)))
            else:
                cur = await db.execute(
                    "UPDATE matches SET accepted = ?, updated_at = ? WHERE id = ? AND status = 'challenge'"
                    " AND accepted = ?", (_dumps(accepted), now, match_id, _dumps(match.accepted)))
            if cur.rowcount != 1:
                raise StaleRequest("This challenge changed in the meantime; look at it again.")
        return await self.get(match_id)

    async def decline(self, match_id: int, user_id: int) -> Match:
        """An invitee declines, or the challenger withdraws: the challenge is off."""
        match = await self._open_challenge(match_id, user_id, challenger_may=True)
        status = "cancelled" if user_id == match.challenger_id else "declined"
        await self._set_status(match, status, from_status="challenge")
        return await self.get(match_id)

    async def _open_challenge(self, match_id: int, user_id: int, challenger_may: bool = False) -> Match:
        match = await self.get(match_id)
        if match.status != "challenge":
            raise MatchClosed(f"This challenge is no longer open (it is {match.status}).")
        if match.expires_at is not None and self.clock() >= match.expires_at:
            await self._set_status(match, "expired", from_status="challenge")
            raise MatchClosed("This challenge has expired.")
        if user_id not in match.players or (user_id == match.challenger_id and not challenger_may):
            raise NotAPlayer("Only the invited players can answer this challenge.")
        return match

    async def _set_status(self, match: Match, status: str, from_status: str) -> None:
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
                (status, self.clock(), match.id, from_status))
            if cur.rowcount != 1:
                raise StaleRequest("This challenge changed in the meantime; look at it again.")

    async def expire_challenges(self) -> list[Match]:
        """Mark every challenge past its expiry; returns them (to update their messages)."""
        rows = await self.store.fetchall(
            "SELECT * FROM matches WHERE status = 'challenge' AND expires_at <= ?", (self.clock(),))
        expired = []
        for row in rows:
            match = Match.from_row(dict(row))
            try:
                await self._set_status(match, "expired", from_status="challenge")
            except StaleRequest:
                continue
            expired.append(await self.get(match.id))
        return expired

    async def set_message(self, match_id: int, message_id: int) -> None:
        await self.store.execute("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))

    # --------------------------------------------------------------- play
    def _check_turn(self, match: Match, user_id: int) -> int:
        if match.status != "active":
            raise MatchClosed(f"Match #{match.id} is {match.status}; no more moves.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"You are not playing in match #{match.id}.")
        to_move = match.state().current_player()
        if to_move != seat:
            raise NotYourTurn(f"It is {match.names[to_move]}'s turn." if to_move is not None
                              else "Nobody is to move.")
        return seat

    async def move(self, match_id: int, user_id: int, text: str, expected_version: int | None = None) -> MoveResult:
        match = await self.get(match_id)
        self._check_turn(match, user_id)
        if expected_version is not None and expected_version != match.version:
            raise StaleRequest("That button belongs to an earlier position; use the latest board.")
        state = match.state()
        try:
            canonical = state.play(text)
        except MoveError as exc:
            raise IllegalMoveError(_capital(str(exc)) + ".") from None
        now = self.clock()
        outcome = state.outcome()
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE matches SET state = ?, version = version + 1, updated_at = ?, status = ?, result = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (_dumps(state.to_json()), now, "finished" if outcome else "active",
                 _dumps(self._result(outcome)) if outcome else None, match_id, match.version))
            if cur.rowcount != 1:
                raise await self._stale(match, canonical, user_id)
            await db.execute("INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
                             (match_id, match.plies, canonical, user_id, now))
            series = await self._score_series(db, match, outcome) if outcome else None
        new = await self.get(match_id)
        return MoveResult(new, canonical, state.describe(canonical, match.names),
                          series or await self.series(new.series_id))

    async def _stale(self, match: Match, canonical: str, user_id: int) -> ServiceError:
        row = await self.store.fetchone("SELECT move, user_id FROM moves WHERE match_id = ? AND ply = ?",
                                        (match.id, match.plies))
        if row is not None and row["move"] == canonical and row["user_id"] == user_id:
            return StaleRequest(f"{canonical} was already played; it counted once.")
        return StaleRequest("The match changed before your move arrived; look at the new board and try again.")

    @staticmethod
    def _result(outcome) -> dict[str, Any]:
        return {"winners": list(outcome.winners), "end": outcome.end, "scores": list(outcome.scores)}

    async def resign(self, match_id: int, user_id: int) -> MoveResult:
        match = await self.get(match_id)
        if match.status != "active":
            raise MatchClosed(f"Match #{match.id} is {match.status}.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"You are not playing in match #{match.id}.")
        state = match.state()
        state.resign(seat)
        outcome = state.outcome()
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE matches SET state = ?, version = version + 1, updated_at = ?, status = ?, result = ?,"
                " resignations = ? WHERE id = ? AND version = ? AND status = 'active'",
                (_dumps(state.to_json()), self.clock(), "finished" if outcome else "active",
                 _dumps(self._result(outcome)) if outcome else None,
                 _dumps(match.resignations + [[match.plies, seat]]), match_id, match.version))
            if cur.rowcount != 1:
                raise StaleRequest("The match changed in the meantime; look at the board and try again.")
            series = await self._score_series(db, match, outcome) if outcome else None
        return MoveResult(await self.get(match_id), "resign", f"{match.names[seat]} resigned.", series)

    # ------------------------------------------------------------- series
    async def _new_series(self, db, game: str, guild_id: int | None, players: list[int]) -> int:
        cur = await db.execute(
            "INSERT INTO series (game, guild_id, players, points, target, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (game, guild_id, _dumps(players), _dumps({str(p): 0 for p in players}), SERIES_TARGET, self.clock()))
        return cur.lastrowid

    async def _score_series(self, db, match: Match, outcome) -> Series | None:
        if match.series_id is None:
            return None
        series = Series.from_row(dict(await db.fetchone("SELECT * FROM series WHERE id = ?", (match.series_id,))))
        if series.winner_id is not None:
            return series
        gained = get_game(match.game).victory_points(outcome, len(match.players))
        for seat, points in enumerate(gained):
            series.points[match.players[seat]] = series.points.get(match.players[seat], 0) + points
        leaders = [p for p, v in series.points.items() if v >= series.target]
        if leaders:
            series.winner_id = max(leaders, key=lambda p: series.points[p])
        await db.execute("UPDATE series SET points = ?, winner_id = ? WHERE id = ?",
                         (_dumps({str(k): v for k, v in series.points.items()}), series.winner_id, series.id))
        return series

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """Next match of the series (a new series once it was won): seats rotate, options kept."""
        match = await self.get(match_id)
        if match.status != "finished":
            raise MatchClosed("A rematch can start only after the match has finished.")
        if user_id not in match.players:
            raise NotAPlayer("Only the players of this match can start a rematch.")
        if match.rematch_id is not None:
            raise StaleRequest(f"The rematch has already started: match #{match.rematch_id}.")
        spec = get_game(match.game)
        players, names = match.players[1:] + match.players[:1], match.names[1:] + match.names[:1]
        seed = self.seeds()
        setup = spec.resolve_setup(len(players), seed, dict(spec.starting_setup), match.options)
        state = spec.setup(len(players), seed, setup, match.options)
        series = await self.series(match.series_id)
        now = self.clock()
        async with self.store.transaction() as db:
            series_id = series.id if series and series.winner_id is None else None
            cur = await db.execute(
                "INSERT INTO matches (game, guild_id, channel_id, status, challenger_id, players, names,"
                " accepted, options, seed, setup, state, series_id, created_at, updated_at)"
                " VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match.game, match.guild_id, match.channel_id, user_id, _dumps(players), _dumps(names),
                 _dumps(players), _dumps(match.options), seed, _dumps(setup), _dumps(state.to_json()),
                 series_id, now, now))
            new_id = cur.lastrowid
            if series_id is None:
                series_id = await self._new_series(db, match.game, match.guild_id, players)
                await db.execute("UPDATE matches SET series_id = ? WHERE id = ?", (series_id, new_id))
            taken = await db.execute("UPDATE matches SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL",
                                     (new_id, match_id))
            if taken.rowcount != 1:
                raise StaleRequest("The rematch has already started.")
            await self._index_players(db, new_id, players)
        return await self.get(new_id)
