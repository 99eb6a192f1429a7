"""Seasons: a league in divisions that plays all year, promoting and relegating between seasons.

Each division of a season is an ordinary league event (:mod:`matches.tournaments`, format ``league``)
that knows its season and division (``events.season_id``, ``season_no``, ``division``).  So its
matches, clocks, time-outs, the season's time limit (the event's ``round_days``: every match of a
division starts at once and must end within the season's ``days``), withdrawals, standings and the
posting of boards and standings are the events' own.  This module adds what a season is:

- Players join once (``season_players``) and stay from season to season until they leave (after
  the current season) or withdraw from their division (that ends their season at once, and they
  are not placed again).  A player who joins while a season runs waits for the next one, and
  enters the lowest division.
- The first season starts by itself when sign-up closes (``starts_at``); with fewer than two
  players sign-up stays open for another ``signup_days``.  The divisions of the first season come
  from the players' ratings; later ones from the movements (:mod:`.competitions.divisions`).
- **The turn of a season** happens in the transaction that finishes its last division (a
  listener of the moment ``tournament_finished``): the final orders give the movements, the next
  season's divisions are made and all their matches started, by a conditional update on the
  season's number -- so however many processes see the last match end, the next season starts
  exactly once.  When the organiser ended the season series (``ending``), the turn finishes it
  instead.
- What happened at the turn (``movements``: who went up and down, who left) is kept with the
  season and announced once: ``announced`` moves by a conditional update (:meth:`claim_season_news`).

Two-player games (Architekton, Tactori FEM) meet twice in a season, seats swapped; Atacama and
Tactori, whose two-player tables are one of their forms, meet once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engines import get_game
from engines.text import Text

from . import ai_seats, timing
from .competitions import league_schedule
from .competitions.divisions import Movements, default_promote, first_divisions, next_divisions
from .core import Component, Core, dumps
from .errors import NotAPlayer, NotFound, ServiceError, StaleRequest
from .models import Player
from .reliability import Reliabilities
from .store import Transaction
from .tournaments import NEW_RATING, Tournament, Tournaments, TournamentView

DEFAULT_SIZE = 6
MIN_SIZE, MAX_SIZE = 3, 16
DEFAULT_DAYS = 30
MIN_DAYS, MAX_DAYS = 3, 180
DEFAULT_SIGNUP_DAYS = 7
MAX_SIGNUP_DAYS = 30
MAX_DIVISIONS = 100
# The season's players with their rating in its game on its server (newcomers as a new player).
PLAYERS_SQL = (
    "SELECT p.*, r.rating AS rating FROM season_players p JOIN seasons s ON s.id = p.season_id"
    " LEFT JOIN ratings r ON r.guild_id = s.guild_id AND r.game = s.game AND r.user_id = p.user_id"
    " WHERE p.season_id = ? ORDER BY p.joined_at, p.user_id"
)


def cycles_of(game: str) -> int:
    """Twice, seats swapped, in a game only ever played by two; once in the others."""
    return 2 if tuple(get_game(game).seats) == (2,) else 1


@dataclass
class Season:
    id: int
    guild_id: int
    channel_id: int | None
    name: str
    game: str
    size: int
    divisions: int | None  # the most divisions (None: as many as the players fill)
    days: int  # how long a season lasts
    move_days: int  # time per move in its matches
    promote: int
    relegate: int
    signup_days: int
    status: str  # open, running, finished
    number: int  # the season being played (0: sign-up)
    announced: int  # the last season whose start was announced
    ending: bool  # the organiser ended it: no season after the current one
    organiser_id: int
    starts_at: float | None
    movements: dict = field(default_factory=dict)
    min_reliability: float | None = None
    final_announced: bool = False

    @classmethod
    def from_row(cls, row) -> Season:
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["name"],
            row["game"],
            row["size"],
            row["divisions"],
            row["days"],
            row["move_days"],
            row["promote"],
            row["relegate"],
            row["signup_days"],
            row["status"],
            row["number"],
            row["announced"],
            bool(row["ending"]),
            row["organiser_id"],
            row["starts_at"],
            json.loads(row["movements"]) if row["movements"] else {},
            row["min_reliability"],
            bool(row["final_announced"]),
        )

    @property
    def title(self) -> Text:
        if self.name:
            return Text("{name}", name=self.name)
        return Text("{game} seasons #{id}", game=get_game(self.game).title, id=self.id)


@dataclass
class SeasonPlayer:
    user_id: int
    name: str
    division: int | None  # in the current season; None: waits for the next
    leaving: bool
    rating: float | None

    @property
    def shown(self):
        if ai_seats.is_valid(self.user_id):
            return Text(
                "Bot {number} ({level})",
                number=-self.user_id % 100,
                level=ai_seats.LEVEL_WORDS[ai_seats.level_of(self.user_id)],
            )
        return self.name


@dataclass
class SeasonNews:
    """A season started (its divisions, and the movements that made them), or the series finished."""

    season: Season
    number: int
    divisions: list[TournamentView]
    final: bool = False


def _ranked(players: list[SeasonPlayer]) -> list[int]:
    """Best rating first; among equal ratings the earlier to join."""
    order = sorted(
        enumerate(players), key=lambda ip: (-(ip[1].rating if ip[1].rating is not None else NEW_RATING), ip[0])
    )
    return [p.user_id for _, p in order]


class Seasons(Component):
    """Listens to ``tournament_finished`` (a season turns when its last division finishes); vetoes
    cancelling a division alone; declares the wakeup of sign-ups closing."""

    def __init__(self, core: Core, tournaments: Tournaments, reliability: Reliabilities) -> None:
        super().__init__(core)
        self.tournaments = tournaments
        self.reliability = reliability
        self.moments.tournament_finished.listen("seasons", self._division_finished)
        self.moments.cancel_tournament_veto.listen("seasons", self._no_cancel)
        self.moments.wakeups.listen("seasons", self.next_wakeup)

    # ------------------------------------------------------------- reading
    async def season(self, season_id: int) -> Season:
        row = await self.store.fetchone("SELECT * FROM seasons WHERE id = ?", (season_id,))
        if row is None:
            raise NotFound(Text("There is no season series #{id}.", id=season_id))
        return Season.from_row(row)

    async def seasons(self, guild_id: int, statuses: tuple[str, ...] = ("open", "running", "finished")) -> list[Season]:
        rows = await self.store.fetchall(
            f"SELECT * FROM seasons WHERE guild_id = ? AND status IN ({','.join('?' * len(statuses))})"
            " ORDER BY created_at DESC, id DESC",
            (guild_id, *statuses),
        )
        return [Season.from_row(r) for r in rows]

    async def season_players(self, season_id: int) -> list[SeasonPlayer]:
        rows = await self.store.fetchall(PLAYERS_SQL, (season_id,))
        return [SeasonPlayer(r["user_id"], r["name"], r["division"], bool(r["leaving"]), r["rating"]) for r in rows]

    async def division_events(self, season_id: int, number: int) -> list[Tournament]:
        """The divisions of season ``number``, the first division first."""
        rows = await self.store.fetchall(
            "SELECT * FROM events WHERE season_id = ? AND season_no = ? ORDER BY division", (season_id, number)
        )
        return [Tournament.from_row(r) for r in rows]

    async def season_of_event(self, event_id: int) -> Season | None:
        row = await self.store.fetchone(
            "SELECT s.* FROM events e JOIN seasons s ON s.id = e.season_id WHERE e.id = ?", (event_id,)
        )
        return Season.from_row(row) if row else None

    # ------------------------------------------------------------- organising
    async def create_season(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        *,
        name: str | None = None,
        divisions: int | None = None,
        size: int | None = None,
        days: int | None = None,
        promote: int | None = None,
        relegate: int | None = None,
        signup_days: int | None = None,
        min_reliability: float | None = None,
    ) -> Season:
        spec = get_game(game)
        size = DEFAULT_SIZE if size is None else size
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ServiceError(Text("A division holds {least} to {most} players.", least=MIN_SIZE, most=MAX_SIZE))
        if divisions is not None and not 1 <= divisions <= MAX_DIVISIONS:
            raise ServiceError(Text("A season has 1 to {most} divisions.", most=MAX_DIVISIONS))
        days = DEFAULT_DAYS if days is None else days
        if not MIN_DAYS <= days <= MAX_DAYS:
            raise ServiceError(Text("A season lasts {least} to {most} days.", least=MIN_DAYS, most=MAX_DAYS))
        promote = default_promote(size) if promote is None else promote
        relegate = promote if relegate is None else relegate
        if not 1 <= promote <= size // 2 or not 0 <= relegate <= size // 2:
            raise ServiceError(
                Text("Each division promotes 1 to {most} players and relegates 0 to {most}.", most=size // 2)
            )
        signup_days = DEFAULT_SIGNUP_DAYS if signup_days is None else signup_days
        if not 1 <= signup_days <= MAX_SIGNUP_DAYS:
            raise ServiceError(Text("Sign-up lasts 1 to {most} days.", most=MAX_SIGNUP_DAYS))
        if min_reliability is not None and not 0 <= min_reliability <= 100:
            raise ServiceError(Text("The least reliability is a share from 0 to 100 %."))
        per_move = await self.core.time_per_move(guild_id, None)
        # Nobody may have more time for a move than the season lasts.
        move_days = min(per_move, days)
        now = self.clock()
        starts_at = now + signup_days * timing.DAY

        def work(tx: Transaction) -> Season:
            row = tx.fetchone(
                "INSERT INTO seasons (guild_id, channel_id, name, game, size, divisions, days, move_days, promote,"
                " relegate, signup_days, min_reliability, status, organiser_id, starts_at, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?) RETURNING *",
                (
                    guild_id,
                    channel_id,
                    (name or "").strip()[:80] or spec.title,
                    game,
                    size,
                    divisions,
                    days,
                    move_days,
                    promote,
                    relegate,
                    signup_days,
                    min_reliability,
                    organiser.id,
                    starts_at,
                    now,
                    now,
                ),
            )
            tx.schedule(starts_at)
            return Season.from_row(row)

        return await self.store.write(work)

    async def join_season(self, season_id: int, player: Player) -> tuple[Season, bool]:
        """``player`` joins (a person, or a computer player the organiser adds); True when he waits
        for the next season (one is running)."""
        season = await self.season(season_id)
        if season.status == "finished" or season.ending:
            raise ServiceError(Text("{season} takes no new players: it ends after this season.", season=season.title))
        if player.bot and not ai_seats.is_valid(player.id):
            raise ServiceError(Text("{names} is a bot and cannot play.", names=player.name))
        await self.reliability._check_reliable(season.guild_id, player.id, season.min_reliability)
        now = self.clock()

        def work(tx: Transaction) -> Season:
            if tx.fetchone("SELECT 1 FROM season_players WHERE season_id = ? AND user_id = ?", (season_id, player.id)):
                raise ServiceError(Text("{name} is already in {season}.", name=player.name, season=season.title))
            current = Season.from_row(tx.fetchone("SELECT * FROM seasons WHERE id = ?", (season_id,)))
            if current.status == "finished" or current.ending:
                raise ServiceError(
                    Text("{season} takes no new players: it ends after this season.", season=season.title)
                )
            tx.execute(
                "INSERT INTO season_players (season_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (season_id, player.id, ai_seats.STORED_NAME if ai_seats.is_ai(player.id) else player.name, now),
            )
            return current

        current = await self.store.write(work)
        return current, current.status == "running"

    async def add_season_computer(self, season_id: int, level: str) -> Player:
        if level not in ai_seats.LEVELS:
            raise ServiceError(Text("The computer plays easy, medium or hard."))
        taken = {p.user_id for p in await self.season_players(season_id)}
        free = [n for n in range(1, ai_seats.MOST + 1) if ai_seats.user_id(level, n) not in taken]
        if not free:
            season = await self.season(season_id)
            raise ServiceError(
                Text(
                    "{event} already has {count} computer players at this level; it cannot seat another.",
                    event=season.title,
                    count=ai_seats.MOST,
                )
            )
        player = Player(ai_seats.user_id(level, free[0]), ai_seats.STORED_NAME, bot=True)
        await self.join_season(season_id, player)
        return player

    async def leave_season(self, season_id: int, user_id: int) -> bool:
        """The player leaves: at once when he does not play this season (sign-up, or waiting for the
        next); otherwise after it (True), his current division played to its end."""
        season = await self.season(season_id)

        def work(tx: Transaction) -> bool:
            row = tx.fetchone("SELECT * FROM season_players WHERE season_id = ? AND user_id = ?", (season_id, user_id))
            if row is None:
                raise NotAPlayer(Text("You are not playing in {season}.", season=season.title))
            if row["division"] is None:
                tx.execute("DELETE FROM season_players WHERE season_id = ? AND user_id = ?", (season_id, user_id))
                return False
            if row["leaving"]:
                raise StaleRequest(Text("You already leave {season} after this season.", season=season.title))
            tx.execute(
                "UPDATE season_players SET leaving = 1 WHERE season_id = ? AND user_id = ?", (season_id, user_id)
            )
            return True

        return await self.store.write(work)

    async def end_season_series(self, season_id: int) -> Season:
        """The organiser ends the series: the current season is played to its end, no next one starts
        (before the first season: it is called off at once)."""
        season = await self.season(season_id)
        if season.status == "finished" or season.ending:
            raise ServiceError(Text("{season} already ends after this season.", season=season.title))
        now = self.clock()

        def work(tx: Transaction) -> None:
            if season.status == "open":
                done = tx.execute(
                    "UPDATE seasons SET status = 'finished', ending = 1, final_announced = 1,"
                    " updated_at = ? WHERE id = ? AND status = 'open'",
                    (now, season_id),
                ).rowcount
            else:
                done = tx.execute(
                    "UPDATE seasons SET ending = 1, updated_at = ? WHERE id = ? AND ending = 0", (now, season_id)
                ).rowcount
            if done != 1:
                raise StaleRequest(Text("{season} changed in the meantime; try again.", season=season.title))

        await self.store.write(work)
        return await self.season(season_id)

    # ------------------------------------------------------------- starting and turning
    async def start_due_seasons(self) -> list[tuple[Season, bool]]:
        """Series whose sign-up closed: the first season started (True), or sign-up extended for want
        of players (False).  Each by a conditional update: of several processes one does it."""
        rows = await self.store.fetchall(
            "SELECT * FROM seasons WHERE status = 'open' AND starts_at <= ?", (self.clock(),)
        )
        out = []
        for row in rows:
            season = Season.from_row(row)
            started = await self.store.write(lambda tx, s=season: self._start_first(tx, s))
            if started is not None:
                out.append((await self.season(season.id), started))
        return out

    def _start_first(self, tx: Transaction, season: Season) -> bool | None:
        now = self.clock()
        players = self._players(tx, season.id)
        if len(players) < 2:
            later = now + season.signup_days * timing.DAY
            if (
                tx.execute(
                    "UPDATE seasons SET starts_at = ?, updated_at = ? WHERE id = ? AND status = 'open'"
                    " AND starts_at = ?",
                    (later, now, season.id, season.starts_at),
                ).rowcount
                != 1
            ):
                return None
            tx.schedule(later)
            return False
        if (
            tx.execute(
                "UPDATE seasons SET status = 'running', number = 1, updated_at = ? WHERE id = ?"
                " AND status = 'open' AND number = 0",
                (now, season.id),
            ).rowcount
            != 1
        ):
            return None
        divisions = first_divisions(_ranked(players), season.size, season.divisions)
        self._open_season(tx, season, 1, divisions, {p.user_id: p.name for p in players})
        return True

    @staticmethod
    def _players(tx: Transaction, season_id: int) -> list[SeasonPlayer]:
        return [
            SeasonPlayer(r["user_id"], r["name"], r["division"], bool(r["leaving"]), r["rating"])
            for r in tx.fetchall(PLAYERS_SQL, (season_id,))
        ]

    def _open_season(
        self, tx: Transaction, season: Season, number: int, divisions: list[list[int]], names: dict[int, str]
    ) -> None:
        """Season ``number``: each division a running league with every match started."""
        now = self.clock()
        for division, players in enumerate(divisions, 1):
            row = tx.fetchone(
                "INSERT INTO events (guild_id, channel_id, name, game, format, options, table_size, days, status,"
                " organiser_id, created_at, updated_at, round_days, season_id, season_no, division)"
                " VALUES (?, ?, ?, ?, 'league', '{}', 2, ?, 'running', ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    season.guild_id,
                    season.channel_id,
                    season.name,
                    season.game,
                    season.move_days,
                    season.organiser_id,
                    now,
                    now,
                    season.days,
                    season.id,
                    number,
                    division,
                ),
            )
            event = Tournament.from_row(row)
            tx.executemany(
                "INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                [(event.id, p, names.get(p, ""), now) for p in players],
            )
            view = self.tournaments._read_view(tx, event.id)
            schedule = league_schedule(view.seeds(), (2,), cycles=cycles_of(season.game))
            # The season announces its divisions itself (one message each), not round by round.
            tx.execute(
                "UPDATE events SET rounds = ?, round = ?, announced = ? WHERE id = ?",
                (len(schedule), len(schedule), len(schedule), event.id),
            )
            event.round = len(schedule)
            for n, rnd in enumerate(schedule, 1):
                self.tournaments._open_round(tx, event, view, n, rnd)
            tx.executemany(
                "UPDATE season_players SET division = ? WHERE season_id = ? AND user_id = ?",
                [(division, season.id, p) for p in players],
            )
        tx.schedule(now)

    def _division_finished(self, tx: Transaction, view: TournamentView, winners: list[int]) -> None:
        event = view.event
        if event.season_id is not None:
            self._turn(tx, event.season_id, event.season_no)

    def _turn(self, tx: Transaction, season_id: int, number: int) -> None:
        """If every division of season ``number`` is over: the movements, and the next season (or the
        end of the series).  Exactly once: the season's number moves by a conditional update."""
        season = Season.from_row(tx.fetchone("SELECT * FROM seasons WHERE id = ?", (season_id,)))
        if season.status != "running" or season.number != number:
            return
        rows = tx.fetchall(
            "SELECT id, status FROM events WHERE season_id = ? AND season_no = ? ORDER BY division", (season_id, number)
        )
        if any(r["status"] == "running" for r in rows):
            return
        finals, withdrawn = [], set()
        for r in rows:
            view = self.tournaments._read_view(tx, r["id"])
            finals.append([s.player for s in view.standings()])
            withdrawn |= view.withdrawn
        players = self._players(tx, season_id)
        leaving = {p.user_id for p in players if p.leaving} | withdrawn
        newcomers = _ranked([p for p in players if p.division is None])
        moved: Movements = next_divisions(
            finals, season.promote, season.relegate, season.size, leaving, newcomers, season.divisions
        )
        now = self.clock()
        record = {
            "season": number,
            "promoted": {str(k): v for k, v in moved.promoted.items()},
            "relegated": {str(k): v for k, v in moved.relegated.items()},
            "left": sorted(leaving),
        }
        final = season.ending or sum(map(len, moved.divisions)) < 2
        if final:
            done = tx.execute(
                "UPDATE seasons SET status = 'finished', movements = ?, updated_at = ? WHERE id = ?"
                " AND number = ? AND status = 'running'",
                (dumps(record), now, season_id, number),
            )
            if done.rowcount == 1:
                tx.schedule(now)
            return
        if (
            tx.execute(
                "UPDATE seasons SET number = number + 1, movements = ?, updated_at = ? WHERE id = ?"
                " AND number = ? AND status = 'running'",
                (dumps(record), now, season_id, number),
            ).rowcount
            != 1
        ):
            return
        if leaving:
            tx.executemany(
                "DELETE FROM season_players WHERE season_id = ? AND user_id = ?", [(season_id, p) for p in leaving]
            )
        self._open_season(tx, season, number + 1, moved.divisions, {p.user_id: p.name for p in players})

    async def next_wakeup(self) -> float | None:
        """When a season series' sign-up closes."""
        row = await self.store.fetchone("SELECT MIN(starts_at) FROM seasons WHERE status = 'open'")
        return row[0] if row else None

    # ------------------------------------------------------------- announcements
    async def claim_season_news(self) -> list[SeasonNews]:
        """Seasons started that nobody announced yet, and series finished: each claimed for this caller
        by a conditional update, so that of several processes exactly one announces it."""
        rows = await self.store.fetchall(
            "SELECT * FROM seasons WHERE (status = 'running' AND announced < number)"
            " OR (status = 'finished' AND final_announced = 0)"
        )
        out = []
        for row in rows:
            season = Season.from_row(row)
            final = season.status == "finished"
            if final:
                sql, args = (
                    "UPDATE seasons SET final_announced = 1 WHERE id = ? AND final_announced = 0",
                    (season.id,),
                )
            else:
                sql, args = (
                    "UPDATE seasons SET announced = ? WHERE id = ? AND announced = ?",
                    (season.number, season.id, season.announced),
                )
            if (await self.store.execute(sql, args)).rowcount != 1:
                continue
            views = (
                []
                if final
                else [
                    await self.tournaments.event_view(e.id)
                    for e in await self.division_events(season.id, season.number)
                ]
            )
            out.append(SeasonNews(season, season.number, views, final))
        return out

    async def _no_cancel(self, event_id: int) -> None:
        """A season's division is not called off alone: its organiser ends the series instead."""
        if await self.season_of_event(event_id) is not None:
            raise ServiceError(
                Text(
                    "A division of a season is not cancelled alone; its organiser can end the "
                    "seasons with `/season end`."
                )
            )
