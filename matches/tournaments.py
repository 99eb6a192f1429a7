"""Tournaments: Swiss, league and knockout, played as ordinary matches.

The pairing, schedule, bracket and standings come from the pure core
(:mod:`matches.competitions`); this keeps the records and enforces the rules:

- An event is **open** for sign-up, then **running**, then **finished** (or
  **cancelled** by its organiser).  It starts when the organiser says so, or by
  itself when sign-up closes (``starts_at``); it needs two tables of players.
- Each pairing is an event table with one ordinary match (a knockout bout: a
  series of matches won at 2 victory points, the rematch series' scoring).
- **A match's end counts in the transaction that ends it** (a ``match_ended`` listener):
  its places go to its table, and when that was the round's last undecided
  table the next round is paired and its matches started in that same
  transaction.  The round advances by a conditional update on the event's
  round number, so however many processes see a round's last match end, the
  next round is paired exactly once (PostgreSQL runs units SERIALIZABLE, so two
  last matches ending at once are retried, never both missed).
- In event matches a player out of time loses automatically (:meth:`time_out`;
  for three or four players he is dropped and the others play on).  The clock is
  time per move (``days``) or a time bank (``bank``, ``increment``), as a challenge's.
- **A round has a time limit** (``round_days``, the organiser's; default
  :data:`ROUND_LIMIT_FACTOR` times the days per move, or times the bank): vacations
  pause a match's clock as usual but not the round's.  Each event table keeps when
  its match reaches the limit (``ends_at``; a knockout series' next game starts a
  fresh limit, as it is a match of its own).  When it passes, the player to move
  loses as if out of time (:meth:`end_late_matches`; at three or four seats each
  player to move in turn, so the match ends); the computer moves by itself and is
  never late.  Each drop is a conditional update on the match's version, so of
  several processes exactly one makes it.
- A player who withdraws loses his remaining matches by forfeit and is paired
  no more.  A match ended before anybody moved (void) is a forfeit too: the
  player who resigned or ran out of time loses it.
- Places at a table: the winners first, then the others by score, then those
  who resigned or ran out of time, the latest to leave best.

- A league starts every match at once (its pairings are announced together);
  its standings are posted each time another of its rounds is decided, and when
  it ends (and on request).
- A knockout series scores as the rematch series does (``victory_points``:
  Architekton's early-end win counts 2, a draw nothing), so a series of draws
  goes on.  A game void before anybody moved loses the bout for whoever left it.
- Tournament matches have no rematch, and an admin cannot abort one alone (the
  organiser cancels the event).
- Pairing runs inside the ending transaction, on the store's writer thread (off
  the event loop).

Entrants are seeded by their rating in the game on the server (newcomers as 1500), then by sign-up order.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from typing import Any

from engines import SetupError, get_game
from engines.text import Sentence, Text

from . import ai_seats, timing
from .challenges import Challenges
from .competitions import (
    Bout,
    Entrant,
    Round,
    Standing,
    Table,
    default_rounds,
    knockout_bracket,
    knockout_next,
    league_schedule,
    pair_swiss,
    standings,
)
from .competitions.skill import DISPLAY_BASE
from .core import Component, Core, dumps
from .errors import NotAPlayer, NotFound, ServiceError, StaleRequest
from .models import Match, MoveResult, Player
from .play import Play
from .reliability import Reliabilities
from .store import Transaction

FORMATS = ("swiss", "league", "knockout")
SIGNUP_DAYS = 30
ROUND_LIMIT_FACTOR = 3  # default round limit: this many times the days per move (or the bank)
MAX_ROUND_DAYS = 180
NEW_RATING = DISPLAY_BASE  # a player with no rating yet seeds as a newcomer
# An event's entrants in sign-up order, each with his rating in the event's game on its server.
ENTRANTS_SQL = (
    "SELECT p.*, r.rating AS rating FROM event_entrants p JOIN events e ON e.id = p.event_id"
    " LEFT JOIN ratings r ON r.guild_id = e.guild_id AND r.game = e.game AND r.user_id = p.user_id"
    " WHERE p.event_id = ? ORDER BY p.joined_at, p.user_id"
)


def table_sizes(game: str, table: int) -> tuple[int, ...]:
    """The table sizes pairing may use: a table of more than two seats one player fewer where the
    field does not divide, if the game is played by that many (Tactori at four: three)."""
    if table - 1 > 2 and table - 1 in get_game(game).seats:
        return (table - 1, table)
    return (table,)


def format_word(fmt: str) -> Text:
    return {"swiss": Text("Swiss"), "league": Text("league"), "knockout": Text("knockout")}[fmt]


@dataclass
class Tournament:
    id: int
    guild_id: int
    channel_id: int | None
    name: str
    game: str
    format: str
    options: dict[str, Any]
    table_size: int
    rounds: int | None
    days: int
    status: str
    round: int
    announced: int
    final_announced: bool
    organiser_id: int
    starts_at: float | None
    message_id: int | None
    winners: list[int]
    created_at: float
    round_days: int | None = None  # how long a round's match may last (None: no limit)
    bank: float | None = None  # a time bank per player, seconds (None: time per move)
    increment: float | None = None  # what a turn gives back to the bank, seconds
    season_id: int | None = None  # a division of a season (matches.seasons): its series,
    season_no: int | None = None  # the season's number
    division: int | None = None  # and the division's (1: the first)
    min_reliability: float | None = None  # the least reliability a player needs to join (percent)

    @classmethod
    def from_row(cls, row) -> Tournament:
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["name"],
            row["game"],
            row["format"],
            json.loads(row["options"]),
            row["table_size"],
            row["rounds"],
            row["days"],
            row["status"],
            row["round"],
            row["announced"],
            bool(row["final_announced"]),
            row["organiser_id"],
            row["starts_at"],
            row["message_id"],
            json.loads(row["winners"]) if row["winners"] else [],
            row["created_at"],
            row["round_days"],
            row["bank"],
            row["increment"],
            row["season_id"],
            row["season_no"],
            row["division"],
            row["min_reliability"],
        )

    @property
    def sizes(self) -> tuple[int, ...]:
        return table_sizes(self.game, self.table_size)

    @property
    def title(self) -> Text:
        """The event's name: the organiser's, else the game, format and number ("Atacama Swiss #3")."""
        if self.season_id is not None:
            return Text(
                "{name}, season {season}, division {division}",
                name=self.name,
                season=self.season_no,
                division=self.division,
            )
        if self.name:
            return Text("{name}", name=self.name)
        return Text(
            "{game} {format} #{id}", game=get_game(self.game).title, format=format_word(self.format), id=self.id
        )


@dataclass
class TournamentEntrant:
    user_id: int
    name: str
    withdrawn: int | None = None
    rating: float | None = None  # the server's rating in the event's game; None: unrated

    @property
    def shown(self) -> str:
        """The name to show: a person's as he joined, the computer's said in the reader's language."""
        if ai_seats.is_valid(self.user_id):
            return ai_seats.entrant_name(self.user_id)
        return self.name


@dataclass
class TournamentTable:
    round: int
    table_no: int
    players: list[int]
    places: list[int] | None
    forfeit: bool
    match_id: int | None
    series_id: int | None
    ends_at: float | None = None  # when its match reaches the round's limit

    @classmethod
    def from_row(cls, row) -> TournamentTable:
        return cls(
            row["round"],
            row["table_no"],
            json.loads(row["players"]),
            json.loads(row["places"]) if row["places"] else None,
            bool(row["forfeit"]),
            row["match_id"],
            row["series_id"],
            row["ends_at"],
        )


@dataclass
class TournamentView:
    """An event with its entrants, tables and byes: everything its standings are computed from."""

    event: Tournament
    entrants: list[TournamentEntrant]
    tables: list[TournamentTable]
    byes: dict[int, list[int]] = field(default_factory=dict)
    resting: dict[int, list[int]] = field(default_factory=dict)
    series: dict[int, dict[int, int]] = field(default_factory=dict)
    """A knockout's series by id: each player's victory points so far (what its bracket shows)."""

    @property
    def withdrawn(self) -> set[int]:
        return {e.user_id for e in self.entrants if e.withdrawn is not None}

    @property
    def active(self) -> list[int]:
        return [e.user_id for e in self.entrants if e.withdrawn is None]

    def entrant(self, user_id: int) -> TournamentEntrant | None:
        return self._by_id.get(user_id)

    @functools.cached_property
    def _by_id(self) -> dict[int, TournamentEntrant]:
        # standings name every player and his opponents: a scan each time was quadratic (256 players: 0.3 s)
        return {e.user_id: e for e in self.entrants}

    def name_of(self, user_id: int) -> str:
        e = self.entrant(user_id)
        return e.shown if e else "?"

    def seeds(self) -> list[Entrant]:
        """Entrants with their rating in this game on this server (a newcomer's and the computer's:
        the rating a new player starts with); among equal ratings the earlier to join seeds higher,
        by a margin far below anything a rating shows."""
        count = len(self.entrants)
        return [
            Entrant(e.user_id, (e.rating if e.rating is not None else NEW_RATING) + (count - i) * 1e-6)
            for i, e in enumerate(self.entrants)
        ]

    def round_tables(self, number: int) -> list[TournamentTable]:
        return sorted((t for t in self.tables if t.round == number), key=lambda t: t.table_no)

    def rounds(self) -> list[Round]:
        out = []
        for number in range(1, self.event.round + 1):
            tables, byes = [], list(self.byes.get(number, ()))
            for t in self.round_tables(number):
                if len(t.players) >= 2:
                    tables.append(Table(tuple(t.players), tuple(t.places) if t.places else None, t.forfeit))
                elif t.players and t.places:
                    byes.extend(t.players)  # a knockout walkover scores like a bye
            out.append(Round(tuple(tables), tuple(byes), tuple(self.resting.get(number, ()))))
        return out

    def standings(self) -> list[Standing]:
        return standings(self.seeds(), self.rounds(), self.withdrawn)

    def winners(self) -> list[int]:
        if self.event.format == "knockout":
            return list(self.event.winners)
        table = self.standings()
        if not table:
            return []
        best = table[0]
        return [
            s.player
            for s in table
            if (s.points, s.buchholz, s.sonneborn_berger) == (best.points, best.buchholz, best.sonneborn_berger)
        ]


@dataclass
class TournamentNews:
    """What to announce of an event: the pairings of ``rounds`` (and the standings before each), the
    standings when a league decided another round (``standings``), and the final standings when ``final``."""

    view: TournamentView
    rounds: list[int]
    final: bool
    standings: bool = False


def places_of(match: Match) -> tuple[int, ...]:
    """Each seat's place in a match that ended (see the module)."""
    n = len(match.players)
    left = [seat for _, seat in match.resignations]
    winners = set(match.result["winners"]) if match.result else set()
    scores = list(match.result.get("scores") or []) if match.result else []
    scores += [0] * (n - len(scores))

    def key(seat: int) -> tuple:
        if seat in winners:
            return (0, 0)
        if seat not in left:
            return (1, -scores[seat])
        return (2, -left.index(seat))

    keys = [key(s) for s in range(n)]
    return tuple(1 + sum(1 for other in keys if other < k) for k in keys)


class Tournaments(Component):
    """Listens to ``match_ended`` (a tournament's match counts for its table; the next round is
    paired); fires ``tournament_finished``; vetoes the abort and the rematch of a tournament's match;
    a time-out rule (a player out of time loses by himself); declares the wakeup of sign-ups
    closing and rounds' limits."""

    def __init__(self, core: Core, play: Play, challenges: Challenges, reliability: Reliabilities) -> None:
        super().__init__(core)
        self.play = play
        self.challenges = challenges
        self.reliability = reliability
        self.moments.match_ended.listen("tournaments", self._match_ended)
        self.moments.abort_veto.listen("tournaments", self._no_abort)
        self.moments.rematch_veto.listen("tournaments", self._no_rematch)
        self.moments.time_out.listen("tournaments", self.time_out)
        self.moments.wakeups.listen("tournaments", self.next_wakeup)

    # ------------------------------------------------------------- reading
    async def event(self, event_id: int) -> Tournament:
        row = await self.store.fetchone("SELECT * FROM events WHERE id = ?", (event_id,))
        if row is None:
            raise NotFound(Text("There is no tournament #{id}.", id=event_id))
        return Tournament.from_row(row)

    async def event_view(self, event_id: int) -> TournamentView:
        event = await self.event(event_id)
        entrants = await self.store.fetchall(ENTRANTS_SQL, (event_id,))
        tables = await self.store.fetchall("SELECT * FROM event_tables WHERE event_id = ?", (event_id,))
        rounds = await self.store.fetchall("SELECT * FROM event_rounds WHERE event_id = ?", (event_id,))
        view = _view(event, entrants, tables, rounds)
        if event.format == "knockout":
            rows = await self.store.fetchall(
                "SELECT s.id, s.points FROM series s JOIN event_tables t ON t.series_id = s.id WHERE t.event_id = ?",
                (event_id,),
            )
            view.series = {r["id"]: {int(k): v for k, v in json.loads(r["points"]).items()} for r in rows}
        return view

    async def events(
        self, guild_id: int, statuses: tuple[str, ...] = ("open", "running", "finished")
    ) -> list[Tournament]:
        """The server's events of ``statuses``, newest first."""
        rows = await self.store.fetchall(
            f"SELECT * FROM events WHERE guild_id = ? AND status IN ({','.join('?' * len(statuses))})"
            " ORDER BY created_at DESC, id DESC",
            (guild_id, *statuses),
        )
        return [Tournament.from_row(r) for r in rows]

    async def events_of(self, guild_id: int, user_id: int, statuses: tuple[str, ...]) -> list[Tournament]:
        """The server's events of ``statuses`` that ``user_id`` is in (not withdrawn), newest first."""
        rows = await self.store.fetchall(
            "SELECT e.* FROM events e JOIN event_entrants p ON p.event_id = e.id WHERE e.guild_id = ?"
            f" AND p.user_id = ? AND p.withdrawn IS NULL AND e.status IN ({','.join('?' * len(statuses))})"
            " ORDER BY e.created_at DESC, e.id DESC",
            (guild_id, user_id, *statuses),
        )
        return [Tournament.from_row(r) for r in rows]

    async def event_of_match(self, match_id: int) -> tuple[Tournament, int] | None:
        """The event and round a match belongs to, if any."""
        row = await self.store.fetchone(
            "SELECT e.*, t.round AS table_round FROM event_tables t JOIN events e ON e.id = t.event_id"
            " WHERE t.match_id = ?",
            (match_id,),
        )
        if row is None:
            row = await self.store.fetchone(
                "SELECT e.*, t.round AS table_round FROM matches m JOIN event_tables t ON t.series_id = m.series_id"
                " JOIN events e ON e.id = t.event_id WHERE m.id = ?",
                (match_id,),
            )
        return (Tournament.from_row(row), row["table_round"]) if row else None

    # ------------------------------------------------------------- sign-up
    async def create_event(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        fmt: str,
        *,
        name: str | None = None,
        rounds: int | None = None,
        table: int = 2,
        days: int | None = None,
        signup_days: int | None = None,
        options: dict[str, Any] | None = None,
        clock: str = "move",
        bank: float | None = None,
        increment: float | None = None,
        round_days: int | None = None,
        min_reliability: float | None = None,
    ) -> Tournament:
        """An event open for sign-up.  The clock as a challenge's (``days`` per move, or a time bank
        of ``bank`` days gaining ``increment`` hours a turn); ``round_days``: how long a round's match
        may last (default :data:`ROUND_LIMIT_FACTOR` times the days per move, or the bank)."""
        spec = get_game(game)
        if fmt not in FORMATS:
            raise ServiceError(Text("A tournament is a Swiss, a league or a knockout."))
        seats = spec.seats
        if table not in seats:
            raise ServiceError(
                Text("{title} is played {sizes} players a table.", title=spec.title, sizes=" / ".join(map(str, seats)))
            )
        if fmt == "knockout" and table != 2:
            raise ServiceError(Text("A knockout is played two players a table."))
        if rounds is not None and fmt != "swiss":
            raise ServiceError(Text("Only a Swiss tournament has a number of rounds to choose."))
        if rounds is not None and not 1 <= rounds <= 30:
            raise ServiceError(Text("A Swiss tournament has 1 to 30 rounds."))
        try:
            for size in table_sizes(game, table):
                spec.check(size, options)
        except SetupError as exc:
            raise ServiceError(Sentence(exc.text)) from None
        bank_seconds, increment_seconds = self.challenges._bank_of(clock, bank, increment)
        if bank_seconds is not None and days is not None:
            raise ServiceError(Text("A time bank has no time per move: leave out days, or choose clock: move."))
        days = await self.core.time_per_move(guild_id, days)
        turn_days = days if bank_seconds is None else math.ceil(bank_seconds / timing.DAY)
        if round_days is None:
            round_days = ROUND_LIMIT_FACTOR * turn_days
        elif not turn_days <= round_days <= MAX_ROUND_DAYS:
            raise ServiceError(
                Text(
                    "A round lasts {least} to {most} days (at least the time a player has for a move).",
                    least=turn_days,
                    most=MAX_ROUND_DAYS,
                )
            )
        if signup_days is not None and not 1 <= signup_days <= SIGNUP_DAYS:
            raise ServiceError(Text("Sign-up lasts 1 to {most} days.", most=SIGNUP_DAYS))
        if min_reliability is not None and not 0 <= min_reliability <= 100:
            raise ServiceError(Text("The least reliability is a share from 0 to 100 %."))
        now = self.clock()
        starts_at = now + signup_days * timing.DAY if signup_days else None

        def work(tx: Transaction) -> Tournament:
            row = tx.fetchone(
                "INSERT INTO events (guild_id, channel_id, name, game, format, options, table_size, rounds, days,"
                " status, organiser_id, starts_at, created_at, updated_at, round_days, bank, increment,"
                " min_reliability) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?)"
                " RETURNING *",
                (
                    guild_id,
                    channel_id,
                    (name or "").strip()[:80],
                    game,
                    fmt,
                    dumps(options or {}),
                    table,
                    rounds,
                    days,
                    organiser.id,
                    starts_at,
                    now,
                    now,
                    round_days,
                    bank_seconds,
                    increment_seconds,
                    min_reliability,
                ),
            )
            tx.schedule(starts_at)
            return Tournament.from_row(row)

        return await self.store.write(work)

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        await self.store.execute("UPDATE events SET message_id = ? WHERE id = ?", (message_id, event_id))

    async def join_event(self, event_id: int, player: Player) -> Tournament:
        """``player`` joins an open event (a person, or a computer seat added by the organiser)."""
        event = await self.event(event_id)
        if event.status != "open":
            raise ServiceError(Text("{event} is no longer open for sign-up.", event=event.title))
        if player.bot and not ai_seats.is_valid(player.id):
            raise ServiceError(Text("{names} is a bot and cannot play.", names=player.name))
        await self.reliability._check_reliable(event.guild_id, player.id, event.min_reliability)
        now = self.clock()

        def work(tx: Transaction) -> Tournament:
            if tx.fetchone("SELECT 1 FROM event_entrants WHERE event_id = ? AND user_id = ?", (event_id, player.id)):
                raise ServiceError(
                    Text("{name} has already joined {event}.", name=player.name, event=event.title)
                    if ai_seats.is_ai(player.id) or player.bot
                    else Text("{name} is already in {event}.", name=player.name, event=event.title)
                )
            if (
                tx.execute(
                    "UPDATE events SET updated_at = ? WHERE id = ? AND status = 'open'", (now, event_id)
                ).rowcount
                != 1
            ):
                raise ServiceError(Text("{event} is no longer open for sign-up.", event=event.title))
            tx.execute(
                "INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (event_id, player.id, ai_seats.STORED_NAME if ai_seats.is_ai(player.id) else player.name, now),
            )
            return event

        return await self.store.write(work)

    async def add_computer(self, event_id: int, level: str) -> Player:
        """A computer player at ``level`` joins: at most :data:`ai_seats.MOST` of each level (each
        is a seat of its own at every table)."""
        if level not in ai_seats.LEVELS:
            raise ServiceError(Text("The computer plays easy, medium or hard."))
        view = await self.event_view(event_id)
        taken = {e.user_id for e in view.entrants}
        free = [n for n in range(1, ai_seats.MOST + 1) if ai_seats.user_id(level, n) not in taken]
        if not free:
            raise ServiceError(
                Text(
                    "{event} already has {count} computer players at this level; it cannot seat another.",
                    event=view.event.title,
                    count=ai_seats.MOST,
                )
            )
        player = Player(ai_seats.user_id(level, free[0]), ai_seats.STORED_NAME, bot=True)
        await self.join_event(event_id, player)
        return player

    async def leave_event(self, event_id: int, user_id: int) -> tuple[Tournament, list[MoveResult]]:
        """Before the start, the player leaves; after it, he withdraws: his running matches are lost by
        forfeit (the results, for posting), and he is paired no more."""
        view = await self.event_view(event_id)
        event = view.event
        me = view.entrant(user_id)
        if me is None or me.withdrawn is not None or event.status not in ("open", "running"):
            raise NotAPlayer(Text("You are not playing in {event}.", event=event.title))
        if event.status == "open":

            def leave(tx: Transaction) -> None:
                tx.execute("DELETE FROM event_entrants WHERE event_id = ? AND user_id = ?", (event_id, user_id))

            await self.store.write(leave)
            return event, []

        def withdraw(tx: Transaction) -> None:
            done = tx.execute(
                "UPDATE event_entrants SET withdrawn = (SELECT round FROM events WHERE id = ?)"
                " WHERE event_id = ? AND user_id = ? AND withdrawn IS NULL",
                (event_id, event_id, user_id),
            )
            if done.rowcount != 1:
                raise StaleRequest(Text("You have already withdrawn from {event}.", event=event.title))
            if event.format == "knockout":
                # A bout is lost at once, not game by game.
                for row in tx.fetchall("SELECT * FROM event_tables WHERE event_id = ? AND places IS NULL", (event_id,)):
                    table = TournamentTable.from_row(row)
                    if user_id in table.players:
                        self._decide(tx, event_id, table, [2 if p == user_id else 1 for p in table.players], True)
                self._advance(tx, event_id)

        await self.store.write(withdraw)
        results = []
        for match in await self._event_matches(event_id, user_id):
            seat = match.seat_of(user_id)
            if seat is None or seat in match.resigned_seats:
                continue
            try:
                results.append(
                    await self.play._drop(
                        match,
                        seat,
                        "resign",
                        Text(
                            "{name} withdrew from {event}; the match is lost by forfeit.",
                            name=match.names[seat],
                            event=event.title,
                        ),
                    )
                )
            except StaleRequest:
                continue
        return event, results

    async def _event_matches(self, event_id: int, user_id: int) -> list[Match]:
        rows = await self.store.fetchall(
            "SELECT m.* FROM event_tables t JOIN matches m ON m.id = t.match_id JOIN match_players p"
            " ON p.match_id = m.id WHERE t.event_id = ? AND p.user_id = ? AND m.status = 'active'",
            (event_id, user_id),
        )
        return list(await self.core._readable(rows))

    # ------------------------------------------------------------- start, cancel
    async def start_event(self, event_id: int) -> TournamentView:
        view = await self.event_view(event_id)
        event = view.event
        if event.status != "open":
            raise ServiceError(
                Text("{event} has already started.", event=event.title)
                if event.status == "running"
                else Text("{event} is over.", event=event.title)
            )
        need = 2 * min(event.sizes)
        if len(view.entrants) < need:
            raise ServiceError(
                Text(
                    "{event} needs at least {need} players to start (two tables); it has {count}.",
                    event=event.title,
                    need=need,
                    count=len(view.entrants),
                )
            )
        now = self.clock()

        def work(tx: Transaction) -> None:
            if (
                tx.execute(
                    "UPDATE events SET status = 'running', round = 1, updated_at = ? WHERE id = ? AND status = 'open'",
                    (now, event_id),
                ).rowcount
                != 1
            ):
                raise StaleRequest(Text("{event} has already started.", event=event.title))
            seeds = view.seeds()
            if event.format == "swiss":
                rounds = event.rounds or default_rounds(len(seeds))
                tx.execute("UPDATE events SET rounds = ? WHERE id = ?", (rounds, event_id))
                self._open_round(tx, event, view, 1, pair_swiss(seeds, [], (), event.sizes))
            elif event.format == "league":
                schedule = league_schedule(seeds, event.sizes)
                tx.execute(
                    "UPDATE events SET rounds = ?, round = ? WHERE id = ?", (len(schedule), len(schedule), event_id)
                )
                for number, rnd in enumerate(schedule, 1):
                    self._open_round(tx, event, view, number, rnd)
            else:
                bouts = knockout_bracket(seeds)
                self._open_bouts(tx, event, view, 1, bouts)
            tx.schedule(now)  # the schedulers announce the pairings
            self._advance(tx, event_id)  # a round of byes only (cannot happen with two tables; harmless)

        await self.store.write(work)
        return await self.event_view(event_id)

    async def cancel_event(self, event_id: int) -> Tournament:
        """The organiser calls the event off: its running matches are aborted (no result)."""
        await self.moments.cancel_tournament_veto.check(event_id)
        event = await self.event(event_id)
        if event.status not in ("open", "running"):
            raise ServiceError(Text("{event} is over.", event=event.title))
        now = self.clock()

        def work(tx: Transaction) -> None:
            if (
                tx.execute(
                    "UPDATE events SET status = 'cancelled', updated_at = ? WHERE id = ?"
                    " AND status IN ('open', 'running')",
                    (now, event_id),
                ).rowcount
                != 1
            ):
                raise StaleRequest(Text("{event} changed in the meantime; try again.", event=event.title))
            tx.execute(
                "UPDATE matches SET status = 'aborted', version = version + 1, updated_at = ?, ended_at = ?,"
                " next_event_at = NULL, deadline = NULL WHERE status = 'active' AND id IN"
                " (SELECT match_id FROM event_tables WHERE event_id = ?)",
                (now, now, event_id),
            )
            # Its tables stay undecided: without a limit they leave the index the scheduler reads.
            tx.execute("UPDATE event_tables SET ends_at = NULL WHERE event_id = ? AND places IS NULL", (event_id,))
            # Conditional lines end with their match, as a finished or aborted match's do.
            tx.execute(
                "DELETE FROM conditional_lines WHERE match_id IN"
                " (SELECT match_id FROM event_tables WHERE event_id = ?)",
                (event_id,),
            )

        await self.store.write(work)
        return await self.event(event_id)

    async def start_due_events(self) -> list[tuple[Tournament, TournamentView | None]]:
        """Tournaments whose sign-up closed: started, or cancelled when too few joined (view None)."""
        rows = await self.store.fetchall(
            "SELECT id FROM events WHERE status = 'open' AND starts_at <= ?", (self.clock(),)
        )
        out = []
        for row in rows:
            try:
                out.append((await self.event(row["id"]), await self.start_event(row["id"])))
            except StaleRequest:
                continue  # another process started it
            except ServiceError:
                try:
                    out.append((await self.cancel_event(row["id"]), None))
                except ServiceError:
                    continue
        return out

    async def next_wakeup(self) -> float | None:
        """When a tournament's sign-up closes, or a round's limit passes where a person is to move."""
        row = await self.store.fetchone("SELECT MIN(starts_at) FROM events WHERE status = 'open'")
        start = row[0] if row else None
        # A round's limit, where a person is to move (the computer is never late: waking for it would spin).
        # Walked in the order of the undecided tables' limits (CROSS JOIN keeps SQLite from starting at
        # every active match instead: a second at 100,000 matches).
        row = await self.store.fetchone(
            "SELECT t.ends_at FROM event_tables t CROSS JOIN matches m WHERE m.id = t.match_id"
            " AND t.places IS NULL AND t.ends_at IS NOT NULL AND m.status = 'active' AND m.deadline IS NOT NULL"
            " ORDER BY t.ends_at LIMIT 1"
        )
        limit = row[0] if row else None
        return min((t for t in (start, limit) if t is not None), default=None)

    # ------------------------------------------------------------- matches of an event
    def _names(self, tx: Transaction, event_id: int) -> dict[int, str]:
        return {
            r["user_id"]: r["name"]
            for r in tx.fetchall("SELECT user_id, name FROM event_entrants WHERE event_id = ?", (event_id,))
        }

    def _event_match(
        self, tx: Transaction, event: Tournament, players: list[int], series_id: int | None = None
    ) -> Match:
        """A match of the event, started at once (everyone has accepted by joining)."""
        spec = get_game(event.game)
        options = spec.check(len(players), event.options)
        seed = self.core.seeds()
        setup = spec.resolve_setup(len(players), seed, dict(spec.starting_setup), options)
        names = self._names(tx, event.id)
        now = self.clock()
        row = tx.fetchone(
            "INSERT INTO matches (game, guild_id, channel_id, status, challenger_id, players, names, accepted,"
            " options, seed, setup, series_id, days, created_at, updated_at, bank, increment, banks)"
            " VALUES (?, ?, ?, 'challenge', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (
                event.game,
                event.guild_id,
                event.channel_id,
                event.organiser_id,
                dumps(players),
                dumps(ai_seats.stored_names(players, [names.get(p, "?") for p in players])),
                dumps(players),
                dumps(options),
                seed,
                dumps(setup),
                series_id,
                event.days,
                now,
                now,
                event.bank,
                event.increment,
                dumps([event.bank] * len(players)) if event.bank is not None else None,
            ),
        )
        self.core._index_players(tx, row["id"], players)
        started = self.challenges._start_if_all_accepted(tx, Match.from_row(row), list(players))
        assert started is not None
        return started

    def _open_round(self, tx: Transaction, event: Tournament, view: TournamentView, number: int, rnd: Round) -> None:
        tx.execute(
            "INSERT INTO event_rounds (event_id, round, byes, resting) VALUES (?, ?, ?, ?)",
            (event.id, number, dumps(list(rnd.byes)), dumps(list(rnd.resting))),
        )
        for table_no, table in enumerate(rnd.tables, 1):
            players = list(table.players)
            match = self._event_match(tx, event, players)
            tx.execute(
                "INSERT INTO event_tables (event_id, round, table_no, players, match_id, series_id, ends_at,"
                " board_pending) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
                (event.id, number, table_no, dumps(players), match.id, match.series_id, self._ends_at(tx, event)),
            )

    def _open_bouts(self, tx: Transaction, event: Tournament, view: TournamentView, number: int, bouts) -> None:
        tx.execute(
            "INSERT INTO event_rounds (event_id, round, byes, resting) VALUES (?, ?, '[]', '[]')", (event.id, number)
        )
        for table_no, bout in enumerate(bouts, 1):
            players = [p for p in (bout.first, bout.second) if p is not None]
            if len(players) < 2:  # a bye (or nobody): decided without playing
                tx.execute(
                    "INSERT INTO event_tables (event_id, round, table_no, players, places, forfeit)"
                    " VALUES (?, ?, ?, ?, ?, 1)",
                    (event.id, number, table_no, dumps(players), dumps([1] * len(players))),
                )
                continue
            series_id = self.core._new_series(tx, event.game, event.guild_id, players)
            match = self._event_match(tx, event, players, series_id)
            tx.execute(
                "INSERT INTO event_tables (event_id, round, table_no, players, match_id, series_id, ends_at,"
                " board_pending) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
                (event.id, number, table_no, dumps(players), match.id, series_id, self._ends_at(tx, event)),
            )

    def _ends_at(self, tx: Transaction, event: Tournament) -> float | None:
        """When a match starting now reaches the round's limit (the scheduler wakes then)."""
        if event.round_days is None:
            return None
        at = self.clock() + event.round_days * timing.DAY
        tx.schedule(at)
        return at

    @staticmethod
    def _decide(tx: Transaction, event_id: int, table: TournamentTable, places: list[int], forfeit: bool) -> None:
        tx.execute(
            "UPDATE event_tables SET places = ?, forfeit = ? WHERE event_id = ? AND round = ? AND table_no = ?"
            " AND places IS NULL",
            (dumps(places), int(forfeit), event_id, table.round, table.table_no),
        )

    def _match_ended(self, tx: Transaction, match: Match) -> None:
        """An event match ended: its result goes to its table; a knockout series goes on or is
        decided; the round's last result pairs the next round (all in the ending transaction)."""
        row = tx.fetchone("SELECT * FROM event_tables WHERE match_id = ?", (match.id,))
        if row is None:
            return
        # The event pairs the next match: no rematch (a rematch id nobody has marks that).
        tx.execute("UPDATE matches SET rematch_id = -1 WHERE id = ?", (match.id,))
        match.rematch_id = -1
        table = TournamentTable.from_row(row)
        event_row = tx.fetchone("SELECT * FROM events WHERE id = ?", (row["event_id"],))
        event = Tournament.from_row(event_row)
        if event.status != "running" or table.places is not None:
            return
        withdrawn = {
            r["user_id"]
            for r in tx.fetchall(
                "SELECT user_id FROM event_entrants WHERE event_id = ? AND withdrawn IS NOT NULL", (event.id,)
            )
        }
        gone = [match.players[s] for _, s in match.resignations]
        if event.format == "knockout":
            first, second = table.players
            loser = next((p for p in table.players if p in withdrawn), None)
            if loser is None and match.status == "void":
                loser = gone[0] if gone else None  # out of time (or resigned) before any move: the bout is lost
            if loser is not None:
                self._decide(tx, event.id, table, [2 if p == loser else 1 for p in table.players], True)
            else:
                series = tx.fetchone("SELECT winner_id FROM series WHERE id = ?", (table.series_id,))
                winner = series["winner_id"] if series else None
                if winner is not None:
                    self._decide(tx, event.id, table, [1 if p == winner else 2 for p in table.players], False)
                else:
                    games = tx.fetchone("SELECT COUNT(*) AS n FROM matches WHERE series_id = ?", (table.series_id,))[
                        "n"
                    ]
                    seats = [first, second] if games % 2 == 0 else [second, first]
                    nxt = self._event_match(tx, event, seats, table.series_id)
                    tx.execute(
                        "UPDATE event_tables SET match_id = ?, ends_at = ?, board_pending = 1 WHERE event_id = ?"
                        " AND round = ? AND table_no = ?",
                        (nxt.id, self._ends_at(tx, event), event.id, table.round, table.table_no),
                    )
                    tx.schedule(self.clock())  # its board is posted by whoever looks first
                    return
        else:
            by_seat = places_of(match)
            places = [by_seat[match.players.index(p)] for p in table.players]
            forfeit = match.status == "void" or any(p in withdrawn for p in table.players)
            self._decide(tx, event.id, table, places, forfeit)
        self._advance(tx, event.id)

    def _read_view(self, tx: Transaction, event_id: int) -> TournamentView:
        event = Tournament.from_row(tx.fetchone("SELECT * FROM events WHERE id = ?", (event_id,)))
        return _view(
            event,
            tx.fetchall(ENTRANTS_SQL, (event_id,)),
            tx.fetchall("SELECT * FROM event_tables WHERE event_id = ?", (event_id,)),
            tx.fetchall("SELECT * FROM event_rounds WHERE event_id = ?", (event_id,)),
        )

    def _advance(self, tx: Transaction, event_id: int) -> None:
        """If the current round is decided: pair the next one, or finish the event.  Exactly once:
        the round number moves by a conditional update."""
        view = self._read_view(tx, event_id)
        event = view.event
        if event.status != "running":
            return
        if any(t.places is None for t in view.round_tables(event.round)):
            return
        if event.format == "league":
            if any(t.places is None for t in view.tables):
                return
            self._finish(tx, view, view.winners())
            return
        now = self.clock()
        if event.format == "knockout":
            tables = view.round_tables(event.round)
            bouts, winners = [], {}
            for i, t in enumerate(tables):
                ps = t.players + [None] * (2 - len(t.players))
                bouts.append(Bout(ps[0], ps[1]))
                if len(t.players) == 2:
                    alive = [p for p in t.players if p not in view.withdrawn]
                    winners[i] = t.players[t.places.index(1)] if alive else None
            advance = knockout_next(bouts, winners, view.withdrawn)
            if advance.finished:
                self._finish(tx, view, [advance.champion] if advance.champion is not None else [])
                return
            if not self._next_round(tx, event, now):
                return
            self._open_bouts(tx, event, view, event.round + 1, advance.bouts)
        else:
            if event.round >= (event.rounds or 0) or len(view.active) < 2:
                self._finish(tx, view, view.winners())
                return
            rnd = pair_swiss(view.seeds(), view.rounds(), view.withdrawn, event.sizes)
            if not self._next_round(tx, event, now):
                return
            self._open_round(tx, event, view, event.round + 1, rnd)
        tx.schedule(now)
        self._advance(tx, event_id)  # a round of byes and walkovers only is decided at once

    @staticmethod
    def _next_round(tx: Transaction, event: Tournament, now: float) -> bool:
        return (
            tx.execute(
                "UPDATE events SET round = round + 1, updated_at = ? WHERE id = ? AND round = ? AND status = 'running'",
                (now, event.id, event.round),
            ).rowcount
            == 1
        )

    def _finish(self, tx: Transaction, view: TournamentView, winners: list[int]) -> None:
        now = self.clock()
        tx.execute(
            "UPDATE events SET status = 'finished', winners = ?, updated_at = ? WHERE id = ?"
            " AND status = 'running' AND round = ?",
            (dumps(winners), now, view.event.id, view.event.round),
        )
        tx.schedule(now)
        self.moments.tournament_finished(tx, view, winners)

    async def _no_rematch(self, match_id: int) -> None:
        if await self.event_of_match(match_id) is not None:
            raise ServiceError(Text("A tournament match has no rematch: the tournament pairs the next match."))

    async def _no_abort(self, match_id: int) -> None:
        if await self.event_of_match(match_id) is not None:
            raise ServiceError(
                Text(
                    "Match #{id} belongs to a tournament: its organiser can cancel the tournament, or a player can resign.",
                    id=match_id,
                )
            )

    # ------------------------------------------------------------- the clock
    async def time_out(self, match_id: int) -> MoveResult | None:
        """In an event match the player out of time loses by himself (no claim): dropped like a
        resignation.  None when the match is not an event's, or no longer late, or another process
        did it first."""
        match = await self.core.get(match_id)
        if match.status != "active" or match.deadline is None or self.clock() < match.deadline:
            return None
        if await self.event_of_match(match.id) is None:
            return None
        late = match.to_move_seat()
        if late is None or ai_seats.is_ai(match.players[late]):
            return None
        try:
            return await self.play._drop(
                match,
                late,
                "timeout",
                Text("{late} ran out of time and loses (tournament rules).", late=match.names[late]),
            )
        except StaleRequest:
            return None

    async def end_late_matches(self) -> list[MoveResult]:
        """Matches of a running event past their round's limit: the player to move loses as if out of
        time (at three or four seats each in turn, so the match ends; a computer to move first moves).
        Each drop is conditional on the match's version: of several processes exactly one makes it."""
        rows = await self.store.fetchall(
            "SELECT t.match_id FROM event_tables t CROSS JOIN matches m CROSS JOIN events e WHERE m.id = t.match_id"
            " AND e.id = t.event_id AND t.places IS NULL AND t.ends_at <= ? AND e.status = 'running'"
            " AND m.status = 'active' ORDER BY t.ends_at",
            (self.clock(),),
        )
        results = []
        for row in rows:
            while True:
                match = await self.core.get(row["match_id"])
                late = match.to_move_seat() if match.status == "active" else None
                if late is None or ai_seats.is_ai(match.players[late]):
                    break
                try:
                    results.append(
                        await self.play._drop(
                            match,
                            late,
                            "timeout",
                            Text(
                                "{late} was to move when the round's time limit passed and loses (tournament rules).",
                                late=match.names[late],
                            ),
                        )
                    )
                except StaleRequest:
                    break  # another process (or a move) came first; it is seen to there
        return results

    # ------------------------------------------------------------- announcements
    async def claim_news(self) -> list[TournamentNews]:
        """Rounds paired and events finished that nobody announced yet, each claimed for this caller
        by a conditional update: of several processes exactly one announces each."""
        rows = await self.store.fetchall(
            "SELECT * FROM events WHERE (status IN ('running', 'finished') AND announced < round)"
            " OR (status = 'finished' AND final_announced = 0)"
        )
        out = []
        leagues = await self.store.fetchall(
            "SELECT e.id, e.standings_posted, (SELECT COUNT(*) FROM event_rounds r WHERE r.event_id = e.id AND NOT"
            " EXISTS (SELECT 1 FROM event_tables t WHERE t.event_id = r.event_id AND t.round = r.round"
            " AND t.places IS NULL)) AS decided FROM events e WHERE e.format = 'league' AND e.status = 'running'"
        )
        for row in leagues:
            if row["decided"] <= row["standings_posted"] or any(r["id"] == row["id"] for r in rows):
                continue  # nothing new, or its pairings go first (their claim comes next time)
            done = await self.store.execute(
                "UPDATE events SET standings_posted = ? WHERE id = ? AND standings_posted = ? AND status = 'running'",
                (row["decided"], row["id"], row["standings_posted"]),
            )
            if done.rowcount == 1:
                out.append(TournamentNews(await self.event_view(row["id"]), [], False, standings=True))
        for row in rows:
            event = Tournament.from_row(row)
            final = event.status == "finished"

            def work(tx: Transaction, event=event, final=final) -> int:
                return tx.execute(
                    "UPDATE events SET announced = ?, final_announced = ? WHERE id = ? AND announced = ?"
                    " AND final_announced = ?",
                    (
                        event.round,
                        int(final or event.final_announced),
                        event.id,
                        event.announced,
                        int(event.final_announced),
                    ),
                ).rowcount

            if await self.store.write(work) == 1:
                out.append(
                    TournamentNews(
                        await self.event_view(event.id),
                        list(range(event.announced + 1, event.round + 1)),
                        final and not event.final_announced,
                    )
                )
        return out

    async def claim_unposted_matches(self) -> list[Match]:
        """Tournament matches started without a board yet (a new round, a series' next game), each claimed
        (its ``message_id`` set to 0 until the board is posted) so exactly one process posts it."""
        # The tables whose board is pending (a small index), not every active match.
        rows = await self.store.fetchall("SELECT match_id FROM event_tables WHERE board_pending = 1 ORDER BY match_id")
        out = []
        for row in rows:

            def claim(tx: Transaction, match_id: int = row["match_id"]) -> int:
                tx.execute(
                    "UPDATE event_tables SET board_pending = 0 WHERE match_id = ? AND board_pending = 1", (match_id,)
                )
                return tx.execute(
                    "UPDATE matches SET message_id = 0 WHERE id = ? AND message_id IS NULL AND status = 'active'",
                    (match_id,),
                ).rowcount

            if await self.store.write(claim) == 1:
                out.append(await self.core.get(row["match_id"]))
        return out


def _view(event: Tournament, entrants, tables, rounds) -> TournamentView:
    return TournamentView(
        event,
        [TournamentEntrant(r["user_id"], r["name"], r["withdrawn"], r["rating"]) for r in entrants],
        [TournamentTable.from_row(r) for r in tables],
        {r["round"]: json.loads(r["byes"]) for r in rounds},
        {r["round"]: json.loads(r["resting"]) for r in rounds},
    )
