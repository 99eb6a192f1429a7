"""Reading matches and the one place that writes a change of a match."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from engines import Outcome, get_game
from engines.record import Record, replay
from engines.text import Text

from . import ai_seats, ratings, timing
from .errors import MatchBroken, NotFound, ServiceError, StaleRequest
from .models import DamagedRow, GuildSettings, Match, MoveRow, Series, UserSettings, describe
from .moments import Moments
from .store import Store, Transaction

log = logging.getLogger(__name__)

# Invitations outlive a player's absence (ux-notes: async sites keep them 14 days).
CHALLENGE_TTL = 14 * 24 * 3600
SERIES_TARGET = 2


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def broken_refusal(match_id: int) -> MatchBroken:
    """What a player hears about a match that is marked broken: that one match only."""
    return MatchBroken(
        Text(
            "Match #{id} cannot be played or shown: the bot cannot read its saved data. The bot's "
            "operator finds it in the list of broken matches; your other matches are not affected.",
            id=match_id,
        )
    )


def replayed(match: Match, moves: list[str]) -> tuple[Record, Any, str | None]:
    """The match's record, the state its moves replay to (None before the start), and why they do
    not replay to the saved snapshot (None when they do)."""
    record = match.record(moves)
    if match.state_json is None:
        return record, None, None
    try:
        state = replay(record)
    except Exception as exc:  # noqa: BLE001 - whatever the engine refuses the record with
        return record, None, f"its moves do not replay: {describe(exc)}"
    if state.to_json() != match.state_json:
        return record, state, f"its {len(moves)} moves do not replay to its saved state"
    return record, state, None


def _load_rows(rows) -> tuple[list[Match], list[DamagedRow]]:
    """The matches of ``rows`` that load, and the damage of those that do not (pure: any thread)."""
    loaded, damaged = [], []
    for row in rows:
        try:
            loaded.append(Match.load(row))
        except DamagedRow as exc:
            damaged.append(exc)
    return loaded, damaged


class Matches(list):
    """Matches read from a list of rows; ``broken`` holds the ids of the rows among them that
    could not be read (each marked broken and left out)."""

    def __init__(self, matches=(), broken=()):
        super().__init__(matches)
        self.broken: list[int] = list(broken)


class Core:
    """Reading matches, and the one place that writes a change of a match (:meth:`_commit`), which
    runs the moments ``match_ended`` and ``position_written`` in the changing transaction."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
        challenge_ttl: float = CHALLENGE_TTL,
        moments: Moments | None = None,
    ):
        self.store = store
        self.clock = clock
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.challenge_ttl = challenge_ttl
        self.moments = moments or Moments()

    # ------------------------------------------------------------- reading
    async def get(self, match_id: int) -> Match:
        """The match; :class:`MatchBroken` if its stored data cannot be read (it is marked so)."""
        row = await self.store.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise NotFound(Text("There is no match #{id}.", id=match_id))
        try:
            return Match.load(row)
        except DamagedRow as exc:
            await self._note_damage(exc)
            raise broken_refusal(match_id) from None

    async def _readable(self, rows) -> Matches:
        """The matches of ``rows`` that can be read; each of the others is marked broken and left out,
        so that one bad row costs only itself (its id is in ``broken``)."""
        return await self._noting_damage(*_load_rows(rows))

    async def _readable_in_thread(self, rows) -> Matches:
        """As :meth:`_readable`, for many rows at once: each row's engine state is loaded (a few
        hundred microseconds to milliseconds each), so thousands of them load on a worker thread
        and the event loop goes on serving interactions meanwhile."""
        return await self._noting_damage(*await asyncio.to_thread(_load_rows, rows))

    async def _noting_damage(self, loaded: list[Match], damaged: list[DamagedRow]) -> Matches:
        for exc in damaged:
            await self._note_damage(exc)
        return Matches(loaded, [exc.match_id for exc in damaged])

    async def _note_damage(self, exc: DamagedRow) -> None:
        if not exc.known:
            await self.mark_broken(exc.match_id, exc.reason)

    async def mark_broken(self, match_id: int, reason: str) -> bool:
        """Mark the match broken: nobody plays it, no due work is claimed for it (its
        ``next_event_at`` goes; ``python -m matches broken --repaired`` restores it once the row is
        repaired), every read refuses it alone.  Logged once, by whoever marks it first; True then."""
        now = self.clock()

        def work(tx: Transaction) -> int:
            return tx.execute(
                "UPDATE matches SET broken = ?, broken_at = ?, next_event_at = NULL, claimed_by = NULL,"
                " claimed_until = NULL, claim_token = NULL, version = version + 1"
                " WHERE id = ? AND broken IS NULL",
                (reason, now, match_id),
            ).rowcount

        marked = await self.store.write(work) == 1
        if marked:
            log.error("match %s is broken, marked so and left alone from now on: %s", match_id, reason)
        return marked

    async def checked_record(self, match: Match, moves: list[str]) -> tuple[Record, Any]:
        """The match's record and the state it replays to, which must be the saved snapshot.

        The saved snapshot is what play goes on from; the moves are the match's history, which
        must replay to it.  When they do not (a move the engine refuses, a different position),
        the match is marked broken and :class:`MatchBroken` raised."""
        record, state, reason = replayed(match, moves)
        if reason is not None:
            await self.mark_broken(match.id, reason)
            raise broken_refusal(match.id)
        return record, state

    async def moves(self, match_id: int) -> list[MoveRow]:
        rows = await self.store.fetchall(
            "SELECT ply, move, user_id, played_at FROM moves WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        return [MoveRow(r["ply"], r["move"], r["user_id"], r["played_at"]) for r in rows]

    async def record(self, match_id: int) -> Record:
        """The match's record, checked: it replays to the saved snapshot (else :class:`MatchBroken`)."""
        match = await self.get(match_id)
        return (await self.checked_record(match, [m.move for m in await self.moves(match_id)]))[0]

    async def replay(self, match_id: int):
        """The state rebuilt from the record alone (checked against the snapshot, as ``record``)."""
        match = await self.get(match_id)
        record, state = await self.checked_record(match, [m.move for m in await self.moves(match_id)])
        return replay(record) if state is None else state

    async def series(self, series_id: int | None) -> Series | None:
        if series_id is None:
            return None
        row = await self.store.fetchone("SELECT * FROM series WHERE id = ?", (series_id,))
        return Series.from_row(dict(row)) if row else None

    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        game: str | None = None,
        statuses: tuple[str, ...] = ("active",),
    ) -> Matches:
        """The user's matches; those whose rows cannot be read are left out, their ids in ``broken``."""
        # Driven from match_players, whose key starts with the user: a few rows per player at any
        # size.  A plain JOIN let SQLite start from matches_status instead, reading every active
        # match (52-72 ms at 100,000); CROSS JOIN fixes SQLite's join order (standard SQL elsewhere).
        sql = (
            "SELECT m.* FROM match_players p CROSS JOIN matches m WHERE p.user_id = ? AND m.id = p.match_id"
            f" AND m.status IN ({','.join('?' * len(statuses))})"
        )
        params: list[Any] = [user_id, *statuses]
        if channel_id is not None:
            sql += " AND (m.channel_id = ? OR m.thread_id = ?)"
            params += [channel_id, channel_id]
        if game is not None:
            sql += " AND m.game = ?"
            params.append(game)
        rows = await self.store.fetchall(sql + " ORDER BY m.updated_at", tuple(params))
        return await self._readable(rows)

    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self.store.fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,))
        return UserSettings(**dict(row)) if row else UserSettings(user_id)

    async def time_per_move(self, guild_id: int | None, days: int | None) -> int:
        """The days per move asked for, else the server's default, else ours; one of the offered choices."""
        if days is None:
            days = (await self.guild_settings(guild_id)).default_days or timing.DEFAULT_DAYS
        if days not in timing.DAYS_CHOICES:
            raise ServiceError(
                Text("The time per move is one of {days} days.", days=", ".join(map(str, timing.DAYS_CHOICES)))
            )
        return days

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        row = await self.store.fetchone("SELECT * FROM guilds WHERE guild_id = ?", (guild_id,))
        return guild_settings_of(row, guild_id)

    async def server_languages(self) -> dict[int, str]:
        """The servers whose admins chose the bot's language (the bot keeps this small map in memory)."""
        rows = await self.store.fetchall("SELECT guild_id, language FROM guilds WHERE language IS NOT NULL")
        return {row["guild_id"]: row["language"] for row in rows}

    # ------------------------------------------------------------- writing
    def _clock_for(self, tx: Transaction, user_id: int, days: float, now: float) -> dict[str, Any]:
        if ai_seats.is_ai(user_id):
            # The computer moves at once: no deadline, so no reminder, no timeout, nothing to claim.
            return {"clock_start": now, "deadline": None, "sent": 0, "last_reminded_at": None, "next_event_at": None}
        row = tx.fetchone("SELECT vacation_until FROM users WHERE user_id = ?", (user_id,))
        clock = timing.start_clock(now, days, row["vacation_until"] if row else None)
        return {
            "clock_start": clock.clock_start,
            "deadline": clock.deadline,
            "sent": 0,
            "last_reminded_at": None,
            "next_event_at": timing.next_event_at(clock.clock_start, clock.deadline, days, 0, None),
        }

    def _commit(self, tx: Transaction, match: Match, state, *, result: dict | None = None, **columns: Any) -> Match:
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
            values.update(status="finished", result=dumps(result), ended_at=now, next_event_at=None, deadline=None)
        else:
            seat = state.current_player()
            if match.status != "active" or seat != match.to_move_seat():
                days: float = match.days
                if match.bank is not None:
                    # A time bank: the one whose turn ends pays for it and gains the increment.
                    banks = self._banks_after_turn(match, now)
                    values["banks"] = dumps(banks)
                    days = banks[seat] / timing.DAY
                values.update(self._clock_for(tx, match.players[seat], days, now))
        sets = ", ".join(f"{k} = ?" for k in values)
        row = tx.fetchone(
            f"UPDATE matches SET {sets}, version = version + 1 WHERE id = ? AND version = ? RETURNING *",
            (*values.values(), match.id, match.version),
        )
        if row is None:
            raise StaleRequest(
                Text("The match changed before your request arrived; look at the new board and try again.")
            )
        tx.schedule(values.get("next_event_at"))
        new = Match.from_row(row, snapshot=snapshot)
        # Open web boards (bot/web), in this process and the others, show the change at once.
        tx.notify("match", f"{new.id} {new.plies}")
        if result is not None:
            self._score(tx, new, result)
        if new.status in ("finished", "void"):
            self.moments.match_ended(tx, new)
        self._position_written(tx, new)
        return new

    def _position_written(self, tx: Transaction, match: Match) -> None:
        """A match changed, in the transaction that changed it: its ``position_written`` listeners
        run (the computer's thinking is queued if its turn came: :mod:`matches.jobs`)."""
        self.moments.position_written(tx, match)

    @staticmethod
    def _banks_after_turn(match: Match, now: float) -> list[float]:
        banks = list(match.banks or [match.bank] * len(match.players))
        ending = match.to_move_seat() if match.status == "active" else None
        if ending is not None and match.clock_start is not None:
            banks[ending] = timing.bank_after_turn(
                banks[ending], now - match.clock_start, match.increment or 0.0, match.bank
            )
        return banks

    def _score(self, tx: Transaction, match: Match, result: dict) -> None:
        """Series points and ratings for ``match``, just finished (as written: its resignations
        include a departure that ended it)."""
        outcome = Outcome(tuple(result["winners"]), result["end"], tuple(result["scores"]))
        if match.series_id is not None:
            self._score_series(tx, match, outcome)
        # Ratings compare people; a computer seat has a level, not a rating.
        if ratings.is_rated(match.guild_id, match.players):
            ratings.rate_match(
                tx,
                match.guild_id,
                match.game,
                match.id,
                match.players,
                ratings.places(match.game, len(match.players), result, match.resignations),
                result["winners"],
                self.clock(),
            )

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
        tx.execute(
            "UPDATE series SET points = ?, winner_id = ? WHERE id = ?",
            (dumps({str(k): v for k, v in series.points.items()}), series.winner_id, series.id),
        )

    def _new_series(self, tx: Transaction, game: str, guild_id: int | None, players: list[int]) -> int:
        row = tx.fetchone(
            "INSERT INTO series (game, guild_id, players, points, target, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id",
            (game, guild_id, dumps(players), dumps({str(p): 0 for p in players}), SERIES_TARGET, self.clock()),
        )
        return row["id"]

    def _index_players(self, tx: Transaction, match_id: int, players: list[int]) -> None:
        tx.executemany("INSERT INTO match_players (user_id, match_id) VALUES (?, ?)", [(p, match_id) for p in players])


def guild_settings_of(row, guild_id: int | None) -> GuildSettings:
    """A server's settings from its row (None: the defaults)."""
    if row is None:
        return GuildSettings(guild_id or 0)
    data = dict(row)
    return GuildSettings(
        data["guild_id"], data["default_days"], data["challenge_channel_id"], bool(data["threads"]), data["language"]
    )


class Component:
    """A feature of the match service, composed by :class:`matches.service.MatchService`: it gets
    the core (the store, the clock, reading and writing a match) and the moments explicitly, and
    the other components it calls as constructor arguments."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.moments = core.moments

    # The store and the clock are the core's, looked up at each use (a test may set the clock).
    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock(self) -> Callable[[], float]:
        return self.core.clock
