"""The ladder: one ranked list per server and game, climbed by challenging the players above.

The order and its rules are the pure core's (:mod:`matches.competitions.ladder`); here they are kept:

- ``ladders`` holds each server's ladder of a game, its order (``ranking``, a JSON list of user
  ids, the first place first), ``reach`` (how many places above one may challenge) and ``days``
  (how long a challenge may wait for its answer).  A newcomer joins at the bottom.
- A ladder challenge is an ordinary challenge (the Accept and Decline buttons, the board, the
  clock) with a row in ``ladder_matches``; a player has one open ladder match at a time (as
  challenger or challenged).  The challenge waits ``days`` for its answer.
- **Results**: when the match ends (in the transaction that ends it: a ``match_ended`` listener) the
  winner below takes the loser's place; a draw moves nobody; a match ended before anybody moved
  is lost by whoever left it.  **Declining, or letting the challenge expire, counts as a loss**
  for the challenged player; a challenger who takes his challenge back loses nothing (nor does
  anybody in a match an admin aborts).  In a ladder match, as in an event's, a player out of time
  loses by himself (:meth:`time_out`).  Each result applies once:
  the ladder match moves from ``open`` to ``done`` by a conditional update, and the ranking is
  rewritten in that transaction.
- Each result is announced once (``announced``, claimed by a conditional update).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engines import get_game
from engines.text import Text

from . import ai_seats, timing
from .challenges import Challenges
from .competitions.ladder import DEFAULT_REACH, after_result, challengeable, joined
from .core import Component, Core, dumps
from .errors import NotAPlayer, NotFound, ServiceError, StaleRequest
from .models import Match, MoveResult, Player
from .play import Play
from .reliability import Reliabilities
from .store import Transaction

DEFAULT_DAYS = 3
MAX_DAYS = 14
MAX_REACH = 10


@dataclass
class Ladder:
    id: int
    guild_id: int
    channel_id: int | None
    game: str
    ranking: list[int]
    reach: int
    days: int
    min_reliability: float | None
    organiser_id: int

    @classmethod
    def from_row(cls, row) -> Ladder:
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["game"],
            json.loads(row["ranking"]),
            row["reach"],
            row["days"],
            row["min_reliability"],
            row["organiser_id"],
        )

    @property
    def game_title(self) -> str:
        return get_game(self.game).title

    @property
    def heading(self) -> Text:
        """The ladder as named in a heading."""
        return Text("{game} ladder", game=get_game(self.game).title)


@dataclass
class LadderResult:
    """A decided ladder match, for its announcement."""

    ladder: Ladder
    challenger: int
    defender: int
    winner: int | None  # None: a draw, or the challenge taken back
    how: str  # played, declined, expired, withdrawn
    place: int | None  # the winner's place now (1-based), when he climbed
    match_id: int


class Ladders(Component):
    """Listens to ``match_ended`` (the result moves the ranking) and ``challenge_closed`` (declined
    or expired: a loss for the challenged); a time-out rule (a player out of time loses by himself)."""

    def __init__(self, core: Core, play: Play, challenges: Challenges, reliability: Reliabilities) -> None:
        super().__init__(core)
        self.play = play
        self.challenges = challenges
        self.reliability = reliability
        self.moments.match_ended.listen("ladders", self._match_ended)
        self.moments.challenge_closed.listen("ladders", self._challenge_closed)
        self.moments.time_out.listen("ladders", self.time_out)

    # ------------------------------------------------------------- reading
    async def ladder(self, guild_id: int, game: str) -> Ladder:
        row = await self.store.fetchone("SELECT * FROM ladders WHERE guild_id = ? AND game = ?", (guild_id, game))
        if row is None:
            raise NotFound(
                Text(
                    "This server has no {game} ladder yet; organisers start one with `/ladder create`.",
                    game=get_game(game).title,
                )
            )
        return Ladder.from_row(row)

    async def ladders(self, guild_id: int) -> list[Ladder]:
        rows = await self.store.fetchall("SELECT * FROM ladders WHERE guild_id = ? ORDER BY game", (guild_id,))
        return [Ladder.from_row(r) for r in rows]

    async def ladder_names(self, ladder_id: int) -> dict[int, str]:
        rows = await self.store.fetchall("SELECT user_id, name FROM ladder_players WHERE ladder_id = ?", (ladder_id,))
        return {r["user_id"]: r["name"] for r in rows}

    async def ladder_record(self, ladder_id: int) -> dict[int, tuple[int, int]]:
        """Each player's ladder wins and losses."""
        rows = await self.store.fetchall(
            "SELECT challenger_id, defender_id, winner_id FROM ladder_matches"
            " WHERE ladder_id = ? AND status = 'done' AND winner_id IS NOT NULL",
            (ladder_id,),
        )
        out: dict[int, list[int]] = {}
        for r in rows:
            loser = r["defender_id"] if r["winner_id"] == r["challenger_id"] else r["challenger_id"]
            out.setdefault(r["winner_id"], [0, 0])[0] += 1
            out.setdefault(loser, [0, 0])[1] += 1
        return {k: (v[0], v[1]) for k, v in out.items()}

    async def ladder_of_match(self, match_id: int) -> Ladder | None:
        row = await self.store.fetchone(
            "SELECT l.* FROM ladder_matches m JOIN ladders l ON l.id = m.ladder_id WHERE m.match_id = ?", (match_id,)
        )
        return Ladder.from_row(row) if row else None

    # ------------------------------------------------------------- organising
    async def create_ladder(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        *,
        reach: int | None = None,
        days: int | None = None,
        min_reliability: float | None = None,
    ) -> Ladder:
        spec = get_game(game)
        reach = DEFAULT_REACH if reach is None else reach
        days = DEFAULT_DAYS if days is None else days
        if not 1 <= reach <= MAX_REACH:
            raise ServiceError(Text("A ladder's reach is 1 to {most} places.", most=MAX_REACH))
        if not 1 <= days <= MAX_DAYS:
            raise ServiceError(Text("A ladder challenge waits 1 to {most} days for its answer.", most=MAX_DAYS))
        if min_reliability is not None and not 0 <= min_reliability <= 100:
            raise ServiceError(Text("The least reliability is a share from 0 to 100 %."))
        now = self.clock()

        def work(tx: Transaction) -> Ladder:
            if tx.fetchone("SELECT 1 FROM ladders WHERE guild_id = ? AND game = ?", (guild_id, game)):
                raise ServiceError(Text("This server already has a {game} ladder.", game=spec.title))
            row = tx.fetchone(
                "INSERT INTO ladders (guild_id, channel_id, game, ranking, reach, days, min_reliability,"
                " organiser_id, created_at) VALUES (?, ?, ?, '[]', ?, ?, ?, ?, ?) RETURNING *",
                (guild_id, channel_id, game, reach, days, min_reliability, organiser.id, now),
            )
            return Ladder.from_row(row)

        return await self.store.write(work)

    async def join_ladder(self, guild_id: int, game: str, player: Player) -> tuple[Ladder, int]:
        """``player`` joins at the bottom; returns the ladder and his place (1-based)."""
        ladder = await self.ladder(guild_id, game)
        if player.bot and not ai_seats.is_valid(player.id):
            raise ServiceError(Text("{names} is a bot and cannot play.", names=player.name))
        if ai_seats.is_ai(player.id):
            raise ServiceError(Text("The computer does not climb ladders."))
        await self.reliability._check_reliable(guild_id, player.id, ladder.min_reliability)
        now = self.clock()

        def work(tx: Transaction) -> tuple[Ladder, int]:
            current = Ladder.from_row(tx.fetchone("SELECT * FROM ladders WHERE id = ?", (ladder.id,)))
            if player.id in current.ranking:
                raise ServiceError(
                    Text("{name} is already on the {game} ladder.", name=player.name, game=ladder.game_title)
                )
            ranking = joined(current.ranking, player.id)
            tx.execute("UPDATE ladders SET ranking = ? WHERE id = ?", (dumps(ranking), ladder.id))
            tx.execute(
                "INSERT INTO ladder_players (ladder_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (ladder.id, player.id, player.name, now),
            )
            current.ranking = ranking
            return current, len(ranking)

        return await self.store.write(work)

    async def ladder_challenge(
        self, guild_id: int, channel_id: int | None, game: str, challenger: Player, defender: Player
    ) -> Match:
        """A challenge on the ladder (see the module); refused, changing nothing, when the defender is
        not within reach above, or either already has an open ladder match."""
        ladder = await self.ladder(guild_id, game)
        if challenger.id not in ladder.ranking:
            raise NotAPlayer(
                Text("You are not on the {game} ladder; join it with `/ladder join`.", game=ladder.game_title)
            )
        if defender.id not in ladder.ranking:
            raise ServiceError(Text("{name} is not on the {game} ladder.", name=defender.name, game=ladder.game_title))
        if defender.id not in challengeable(ladder.ranking, challenger.id, ladder.reach):
            raise ServiceError(
                Text(
                    "On the {game} ladder you may challenge only the {reach} players right above you "
                    "(you are in place {place}).",
                    game=ladder.game_title,
                    reach=ladder.reach,
                    place=ladder.ranking.index(challenger.id) + 1,
                )
            )
        await self._no_open_ladder_match(ladder.id, challenger, defender)
        match = await self.challenges.create_challenge(
            game, guild_id, channel_id or ladder.channel_id, challenger, [defender]
        )
        now = self.clock()
        expires = now + ladder.days * timing.DAY

        def work(tx: Transaction) -> bool:
            busy = tx.fetchone(
                "SELECT 1 FROM ladder_matches WHERE ladder_id = ? AND status = 'open' AND"
                " (challenger_id IN (?, ?) OR defender_id IN (?, ?))",
                (ladder.id, challenger.id, defender.id, challenger.id, defender.id),
            )
            if busy:
                return False
            tx.execute(
                "INSERT INTO ladder_matches (ladder_id, match_id, challenger_id, defender_id, status,"
                " created_at) VALUES (?, ?, ?, ?, 'open', ?)",
                (ladder.id, match.id, challenger.id, defender.id, now),
            )
            tx.execute("UPDATE matches SET expires_at = ? WHERE id = ?", (expires, match.id))
            tx.schedule(expires)
            return True

        if not await self.store.write(work):
            await self.challenges._close_challenge(match, "cancelled")
            await self._no_open_ladder_match(ladder.id, challenger, defender)
        return await self.core.get(match.id)

    async def _no_open_ladder_match(self, ladder_id: int, challenger: Player, defender: Player) -> None:
        for who in (challenger, defender):
            row = await self.store.fetchone(
                "SELECT match_id FROM ladder_matches WHERE ladder_id = ? AND"
                " status = 'open' AND (challenger_id = ? OR defender_id = ?)",
                (ladder_id, who.id, who.id),
            )
            if row is not None:
                raise ServiceError(
                    Text("You already have an open ladder match (#{id}); finish it first.", id=row["match_id"])
                    if who is challenger
                    else Text("{name} already has an open ladder match; try again when it is over.", name=who.name)
                )

    # ------------------------------------------------------------- results
    def _settle(self, tx: Transaction, row, winner: int | None, loser: int | None, how: str) -> None:
        """Records a ladder match's result once (conditional on its being open) and moves the ranking."""
        done = tx.execute(
            "UPDATE ladder_matches SET status = 'done', winner_id = ?, how = ?, decided_at = ?"
            " WHERE ladder_id = ? AND match_id = ? AND status = 'open'",
            (winner, how, self.clock(), row["ladder_id"], row["match_id"]),
        )
        if done.rowcount != 1:
            return
        ladder = Ladder.from_row(tx.fetchone("SELECT * FROM ladders WHERE id = ?", (row["ladder_id"],)))
        ranking = after_result(ladder.ranking, winner, loser)
        if ranking != ladder.ranking:
            tx.execute("UPDATE ladders SET ranking = ? WHERE id = ?", (dumps(ranking), ladder.id))
        tx.schedule(self.clock())  # its announcement

    def _match_ended(self, tx: Transaction, match: Match) -> None:
        row = tx.fetchone("SELECT * FROM ladder_matches WHERE match_id = ? AND status = 'open'", (match.id,))
        if row is None:
            return
        gone = [match.players[s] for _, s in match.resignations]
        if match.status == "void":
            loser = gone[0] if gone else None
            winner = next((p for p in match.players if p != loser), None) if loser is not None else None
        else:
            winners = [match.players[s] for s in (match.result or {}).get("winners", [])]
            winner = winners[0] if len(winners) == 1 else None
            loser = next((p for p in match.players if p != winner), None) if winner is not None else None
        self._settle(tx, row, winner, loser, "played")

    async def time_out(self, match_id: int) -> MoveResult | None:
        """In a ladder match, as in an event's, the player out of time loses by himself (no claim)."""
        match = await self.core.get(match_id)
        if match.status != "active" or match.deadline is None or self.clock() < match.deadline:
            return None
        late = match.to_move_seat()
        if late is None or await self.ladder_of_match(match_id) is None:
            return None
        try:
            return await self.play._drop(
                match, late, "timeout", Text("{late} ran out of time and loses (ladder rules).", late=match.names[late])
            )
        except StaleRequest:
            return None

    def _challenge_closed(self, tx: Transaction, match: Match, status: str) -> None:
        self._settle_closed(tx, match.id)

    async def settle_closed_ladder_challenges(self, match_id: int | None = None) -> None:
        """Ladder challenges declined or expired count as a loss for the challenged player; taken back
        (or a match an admin aborted), as nothing.  Done in the transaction that closes the challenge
        (``challenge_closed``), and by the scheduler (an abort, or a process that stopped in between);
        once, whoever does it."""
        await self.store.write(lambda tx: self._settle_closed(tx, match_id))

    def _settle_closed(self, tx: Transaction, match_id: int | None) -> None:
        rows = tx.fetchall(
            "SELECT l.*, m.status AS match_status FROM ladder_matches l JOIN matches m"
            " ON m.id = l.match_id WHERE l.status = 'open' AND m.status IN"
            " ('declined', 'expired', 'cancelled', 'aborted', 'abandoned')"
            + (" AND l.match_id = ?" if match_id else ""),
            (match_id,) if match_id else (),
        )
        for row in rows:
            if row["match_status"] in ("declined", "expired"):
                self._settle(tx, row, row["challenger_id"], row["defender_id"], row["match_status"])
            else:  # taken back, or ended by an admin without a result: nobody moves
                self._settle(tx, row, None, None, "withdrawn")

    async def claim_ladder_news(self) -> list[LadderResult]:
        """Decided ladder matches nobody announced yet, each claimed by a conditional update."""
        rows = await self.store.fetchall("SELECT * FROM ladder_matches WHERE status = 'done' AND announced = 0")
        out = []
        for row in rows:
            claimed = await self.store.execute(
                "UPDATE ladder_matches SET announced = 1 WHERE ladder_id = ? AND match_id = ? AND announced = 0",
                (row["ladder_id"], row["match_id"]),
            )
            if claimed.rowcount != 1:
                continue
            ladder = Ladder.from_row(
                await self.store.fetchone("SELECT * FROM ladders WHERE id = ?", (row["ladder_id"],))
            )
            winner = row["winner_id"]
            place = ladder.ranking.index(winner) + 1 if winner is not None and winner in ladder.ranking else None
            out.append(
                LadderResult(
                    ladder, row["challenger_id"], row["defender_id"], winner, row["how"], place, row["match_id"]
                )
            )
        return out
