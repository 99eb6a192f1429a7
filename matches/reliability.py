"""Reliability: who finishes the matches they start.

Per player and server: of his last :data:`WINDOW` ended matches there (finished, void, or closed
as abandoned), the share he did *not* end by running out of time or by abandoning it.  A person
with no ended matches yet has no figure (and passes any organiser's minimum).

A fault is recorded when it happens, in ``reliability_faults`` (one row per match and player):

- **out of time**: a player dropped for his clock (a claim, an event's automatic loss, a round or
  season limit passing while he is to move);
- **abandoning**: a match closed as abandoned, for the player whose turn it was.

Nobody else is blamed: the opponent of a player who abandoned, or ran out of time, has a match
that counts in his favour; and a player on vacation at that moment (a limit that counts vacations
passed) is not blamed either.  A resignation is not a fault: it ends a match properly.

Organisers may ask for a least reliability (``min_reliability``, percent) to join an event, a
season or a ladder; the refusal says the player's figure and what it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.text import Text

from . import ai_seats
from .core import Component, Core
from .errors import ServiceError
from .models import Match
from .store import Transaction

WINDOW = 50


@dataclass(frozen=True)
class Reliability:
    matches: int  # ended matches counted (at most WINDOW)
    faults: int  # of them, ended by his time-out or abandonment

    @property
    def percent(self) -> int | None:
        """The share not ended by a fault, in whole percent (rounded down, so 99.5 % is not 100 %);
        None without matches."""
        if not self.matches:
            return None
        return (100 * (self.matches - self.faults)) // self.matches


RECENT_SQL = (
    "SELECT COUNT(*) AS n, COUNT(f.match_id) AS bad FROM (SELECT m.id FROM match_players p JOIN matches m"
    " ON m.id = p.match_id WHERE p.user_id = ? AND m.guild_id = ? AND m.status IN ('finished', 'void',"
    " 'abandoned') ORDER BY m.ended_at DESC, m.id DESC LIMIT ?) AS recent LEFT JOIN reliability_faults f"
    " ON f.match_id = recent.id AND f.user_id = ?"
)


class Reliabilities(Component):
    """Listens to ``player_dropped`` (out of time) and ``abandoned``: the fault is recorded in the
    transaction that drops the player or closes the match."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.moments.player_dropped.listen("reliability", self._timed_out)
        self.moments.abandoned.listen("reliability", self._abandoned)

    async def reliability(self, guild_id: int, user_id: int) -> Reliability:
        row = await self.store.fetchone(RECENT_SQL, (user_id, guild_id, WINDOW, user_id))
        return Reliability(row["n"], row["bad"])

    async def reliabilities(self, guild_id: int, user_ids) -> dict[int, Reliability]:
        """Each person's figure (the computer has none)."""
        return {u: await self.reliability(guild_id, u) for u in user_ids if not ai_seats.is_ai(u)}

    async def _check_reliable(self, guild_id: int, user_id: int, least: float | None) -> None:
        """Refuses, saying why, a player whose reliability is below an organiser's ``least``."""
        if least is None or ai_seats.is_ai(user_id):
            return
        mine = await self.reliability(guild_id, user_id)
        if mine.percent is not None and mine.percent < least:
            raise ServiceError(
                Text(
                    "This asks for a reliability of at least {least} %; yours on this server is "
                    "{percent} %: {faults} of your last {count} ended matches ended by your running "
                    "out of time or abandoning them.",
                    least=int(least),
                    percent=mine.percent,
                    faults=mine.faults,
                    count=mine.matches,
                )
            )

    def _fault(self, tx: Transaction, match: Match, seat: int, kind: str) -> None:
        user = match.players[seat]
        if match.guild_id is None or ai_seats.is_ai(user):
            return
        now = self.clock()
        away = tx.fetchone("SELECT 1 FROM users WHERE user_id = ? AND vacation_until > ?", (user, now))
        if away is not None:
            return
        if tx.fetchone("SELECT 1 FROM reliability_faults WHERE match_id = ? AND user_id = ?", (match.id, user)):
            return
        tx.execute(
            "INSERT INTO reliability_faults (guild_id, user_id, match_id, kind, at) VALUES (?, ?, ?, ?, ?)",
            (match.guild_id, user, match.id, kind, now),
        )

    def _timed_out(self, tx: Transaction, match: Match, seat: int, end: str) -> None:
        if end == "timeout":
            self._fault(tx, match, seat, "timeout")

    def _abandoned(self, tx: Transaction, match: Match) -> None:
        seat = match.to_move_seat()
        if seat is not None:
            self._fault(tx, match, seat, "abandoned")
