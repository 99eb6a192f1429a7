"""Moves, resignations, time claims and aborts."""
from __future__ import annotations

from engines import MoveError

from .core import Core, capital, dumps
from .errors import MatchClosed, NotAPlayer, NotYourTurn, ServiceError, StaleRequest
from .models import Match, MoveResult
from .store import Transaction


class IllegalMoveError(ServiceError):
    """The engine refused the move."""


def _spelling(move: str) -> str:
    return "".join(move.split()).lower()


class Play(Core):
    @staticmethod
    def _seat_in_play(match: Match, user_id: int, resigned: str) -> int:
        """The user's seat in an active match he has not left; ``resigned`` is the refusal otherwise."""
        if match.status != "active":
            raise MatchClosed(f"Match #{match.id} is {match.status}; nothing more can happen in it.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"You are not playing in match #{match.id}.")
        if seat in match.resigned_seats:
            raise NotAPlayer(resigned.format(id=match.id))
        return seat

    def _check_turn(self, match: Match, user_id: int) -> int:
        seat = self._seat_in_play(match, user_id, "You resigned from match #{id}; the others play on.")
        to_move = match.to_move_seat()
        if to_move != seat:
            raise NotYourTurn(f"It is {match.names[to_move]}'s turn." if to_move is not None
                              else "Nobody is to move.")
        return seat

    async def move(self, match_id: int, user_id: int, text: str, expected_version: int | None = None) -> MoveResult:
        match = await self.get(match_id)
        try:
            self._check_turn(match, user_id)
        except NotYourTurn as exc:
            # A retry after Discord lost our answer: say that the move did count.
            last = await self.store.fetchone("SELECT move, user_id FROM moves WHERE match_id = ? AND ply = ?",
                                             (match.id, match.plies - 1))
            if last is not None and last["user_id"] == user_id:
                raise NotYourTurn(f"Your move {last['move']} was played and counted. {exc}") from None
            raise
        if expected_version is not None and expected_version != match.version:
            raise StaleRequest("That button belongs to an earlier position; use the latest board.")
        state = match.state()
        try:
            canonical = state.play(text)
        except MoveError as exc:
            # A double submission that arrives after the first one counted, while the
            # same player is still to move (Architekton's second placement).
            if await self._played_last(match, match.plies - 1, text, user_id):
                raise StaleRequest(f"{text} was already played; it counted once.") from None
            raise IllegalMoveError(capital(str(exc)) + ".") from None
        played_at = self.clock()

        def work(tx: Transaction) -> Match:
            new = self._commit(tx, match, state, plies=match.plies + 1)
            tx.execute("INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
                       (match_id, match.plies, canonical, user_id, played_at))
            return new

        try:
            new = await self.store.write(work)
        except StaleRequest:
            raise await self._stale(match, canonical, user_id) from None
        series = await self.series(new.series_id) if new.status == "finished" else None
        return MoveResult(new, canonical, state.describe(canonical, match.names), series)

    async def _stale(self, match: Match, canonical: str, user_id: int) -> StaleRequest:
        if await self._played_last(match, match.plies, canonical, user_id):
            return StaleRequest(f"{canonical} was already played; it counted once.")
        return StaleRequest("The match changed before your move arrived; look at the new board and try again.")

    async def _played_last(self, match: Match, ply: int, text: str, user_id: int) -> bool:
        """Whether ``user_id`` played ``text`` (spelled alike, case and spaces aside) at ``ply``."""
        row = await self.store.fetchone("SELECT move, user_id FROM moves WHERE match_id = ? AND ply = ?",
                                        (match.id, ply))
        return row is not None and row["user_id"] == user_id and _spelling(row["move"]) == _spelling(text)

    async def _drop(self, match: Match, seat: int, end: str, description: str) -> MoveResult:
        """The player in ``seat`` leaves (resignation or timeout); the engine decides what follows."""
        state = match.state()
        state.resign(seat)
        outcome = state.outcome()
        result = None
        if outcome is not None:
            # The engine's own end stands when the departure merely completed it (a last round, say).
            cause = end if outcome.end == "resign" else outcome.end
            result = {"winners": list(outcome.winners), "end": cause, "scores": list(outcome.scores)}
        resignations = dumps(match.resignations + [[match.plies, seat]])
        new = await self.store.write(
            lambda tx: self._commit(tx, match, state, result=result, resignations=resignations))
        return MoveResult(new, end, description, await self.series(new.series_id))

    async def resign(self, match_id: int, user_id: int, expected_version: int | None = None) -> MoveResult:
        match = await self.get(match_id)
        seat = self._seat_in_play(match, user_id, "You have already resigned from match #{id}.")
        if expected_version is not None and expected_version != match.version:
            raise StaleRequest("The position changed since you asked; resign again if you still want to.")
        return await self._drop(match, seat, "resign", f"{match.names[seat]} resigned.")

    async def claim(self, match_id: int, user_id: int) -> MoveResult:
        """After the deadline another player may claim: two players, he wins; more, the late one is dropped."""
        match = await self.get(match_id)
        seat = self._seat_in_play(match, user_id, "You resigned from match #{id}; you cannot claim.")
        late = match.to_move_seat()
        if seat == late:
            raise ServiceError("You cannot claim against yourself; make your move instead.")
        if match.deadline is None or self.clock() < match.deadline:
            raise ServiceError(f"{match.names[late]} still has time, until <t:{int(match.deadline or 0)}:f>.")
        return await self._drop(match, late, "timeout",
                                f"{match.names[late]} ran out of time; {match.names[seat]} claimed.")

    async def abort(self, match_id: int, guild_id: int | None) -> Match:
        """An admin ends a match or challenge without a result (not rated, no series points)."""
        match = await self.get(match_id)
        if guild_id is None or match.guild_id != guild_id:
            raise NotAPlayer(f"Match #{match_id} is not on this server.")
        if match.status not in ("active", "challenge"):
            raise MatchClosed(f"Match #{match_id} is already {match.status}.")
        now = self.clock()
        done = await self.store.execute(
            "UPDATE matches SET status = 'aborted', version = version + 1, updated_at = ?, ended_at = ?,"
            " next_event_at = NULL, deadline = NULL WHERE id = ? AND version = ?",
            (now, now, match_id, match.version))
        if done.rowcount != 1:
            raise StaleRequest("The match changed in the meantime; try again.")
        return await self.get(match_id)
