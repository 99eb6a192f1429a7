"""Moves, resignations, time claims and aborts."""

from __future__ import annotations

from engines import MoveError
from engines.text import Joined, Sentence, Text, excerpt

from . import ai_seats
from .core import Component, dumps
from .errors import MatchClosed, NotAPlayer, NotYourTurn, ServiceError, StaleRequest
from .models import Match, MoveResult
from .statuses import state_of
from .store import Transaction


class IllegalMoveError(ServiceError):
    """The engine refused the move."""


def _spelling(move: str) -> str:
    return "".join(move.split()).lower()


class Play(Component):
    """Moves, resignations, claims and aborts.  Fires ``move_played`` (a reply stored in advance),
    ``player_dropped`` and ``aborted`` in their transactions; asks ``abort_veto`` before an abort."""

    @staticmethod
    def _seat_in_play(match: Match, user_id: int, resigned: Text) -> int:
        """The user's seat in an active match he has not left; ``resigned`` is the refusal otherwise."""
        if match.status != "active":
            raise MatchClosed(
                Text("Match #{id} {state}; no move can be made in it.", id=match.id, state=state_of(match.status))
            )
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(Text("You are not playing in match #{id}.", id=match.id))
        if seat in match.resigned_seats:
            raise NotAPlayer(resigned)
        return seat

    def _check_turn(self, match: Match, user_id: int) -> int:
        seat = self._seat_in_play(
            match, user_id, Text("You resigned from match #{id}; the others play on.", id=match.id)
        )
        to_move = match.to_move_seat()
        if to_move != seat:
            raise NotYourTurn(
                Text("It is {name}'s turn.", name=match.names[to_move])
                if to_move is not None
                else Text("Nobody is to move.")
            )
        return seat

    async def move(self, match_id: int, user_id: int, text: str, expected_version: int | None = None) -> MoveResult:
        match = await self.core.get(match_id)
        try:
            self._check_turn(match, user_id)
        except NotYourTurn as exc:
            # A retry after Discord lost our answer: say that the move did count.
            last = await self.store.fetchone(
                "SELECT move, user_id FROM moves WHERE match_id = ? AND ply = ?", (match.id, match.plies - 1)
            )
            if last is not None and last["user_id"] == user_id:
                if expected_version is not None and _spelling(text) != _spelling(last["move"]):
                    # A "Play X" button of an earlier position: X is not what counted.
                    raise NotYourTurn(
                        Text(
                            "This menu belongs to an earlier position: {move} was not played. "
                            "Your move {last} was played and counted. {refusal}",
                            move=excerpt(text),
                            last=last["move"],
                            refusal=exc.text,
                        )
                    ) from None
                raise NotYourTurn(
                    Text("Your move {move} was played and counted. {refusal}", move=last["move"], refusal=exc.text)
                ) from None
            raise
        if expected_version is not None and expected_version != match.version:
            raise StaleRequest(Text("That button belongs to an earlier position; use the latest board."))
        state = match.state()
        try:
            canonical = state.play(text)
        except MoveError as exc:
            # A double submission that arrives after the first one counted, while the
            # same player is still to move (Architekton's second placement).
            if await self._played_last(match, match.plies - 1, text, user_id):
                raise StaleRequest(Text("{move} was already played; it counted once.", move=text)) from None
            raise IllegalMoveError(Sentence(exc.text)) from None
        played_at = self.clock()

        def work(tx: Transaction) -> tuple[Match, Text | None]:
            new = self.core._commit(tx, match, state, plies=match.plies + 1)
            tx.execute(
                "INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, match.plies, canonical, user_id, played_at),
            )
            # The next player's reply stored in advance, if any, in the same transaction.
            return self.moments.move_played.first_answer(tx, match, new, canonical, played_at) or (new, None)

        try:
            new, answered = await self.store.write(work)
        except StaleRequest:
            raise await self._stale(match, canonical, user_id) from None
        series = await self.core.series(new.series_id) if new.status == "finished" else None
        description = state.describe(canonical, match.names)
        if answered is not None:
            description = Joined([description, answered], "\n")
        return MoveResult(new, canonical, description, series)

    async def _stale(self, match: Match, canonical: str, user_id: int) -> StaleRequest:
        if await self._played_last(match, match.plies, canonical, user_id):
            return StaleRequest(Text("{move} was already played; it counted once.", move=canonical))
        return StaleRequest(Text("The match changed before your move arrived; look at the new board and try again."))

    async def _played_last(self, match: Match, ply: int, text: str, user_id: int) -> bool:
        """Whether ``user_id`` played ``text`` (spelled alike, case and spaces aside) at ``ply``."""
        row = await self.store.fetchone(
            "SELECT move, user_id FROM moves WHERE match_id = ? AND ply = ?", (match.id, ply)
        )
        return row is not None and row["user_id"] == user_id and _spelling(row["move"]) == _spelling(text)

    async def _drop(self, match: Match, seat: int, end: str, description: Text) -> MoveResult:
        """The player in ``seat`` leaves (resignation or timeout); the engine decides what follows."""
        state = match.state()
        state.resign(seat)
        outcome = state.outcome()
        result = None
        if outcome is not None:
            # The engine's own end stands when the departure merely completed it (a last round, say).
            cause = end if outcome.end == "resign" else outcome.end
            result = {"winners": list(outcome.winners), "end": cause, "scores": list(outcome.scores)}
        elif self._only_computer_left(match, seat):
            # Nobody would watch the bots play on: those still at the table share the win.
            left = [s for s in range(len(match.players)) if s != seat and s not in match.resigned_seats]
            result = {"winners": left, "end": end, "scores": list(state.scores())}
        resignations = dumps(match.resignations + [[match.plies, seat]])

        def work(tx: Transaction) -> Match:
            new = self.core._commit(tx, match, state, result=result, resignations=resignations)
            self.moments.player_dropped(tx, match, seat, end)
            return new

        new = await self.store.write(work)
        return MoveResult(new, end, description, await self.core.series(new.series_id))

    @staticmethod
    def _only_computer_left(match: Match, leaving: int) -> bool:
        return all(
            ai_seats.is_ai(p) for s, p in enumerate(match.players) if s != leaving and s not in match.resigned_seats
        )

    async def resign(self, match_id: int, user_id: int, expected_version: int | None = None) -> MoveResult:
        match = await self.core.get(match_id)
        seat = self._seat_in_play(match, user_id, Text("You have already resigned from match #{id}.", id=match.id))
        if expected_version is not None and expected_version != match.version:
            raise StaleRequest(Text("The position changed since you asked; resign again if you still want to."))
        return await self._drop(match, seat, "resign", Text("{name} resigned.", name=match.names[seat]))

    async def claim(self, match_id: int, user_id: int) -> MoveResult:
        """After the deadline another player may claim: two players, he wins; more, the late one is dropped."""
        match = await self.core.get(match_id)
        seat = self._seat_in_play(match, user_id, Text("You resigned from match #{id}; you cannot claim.", id=match.id))
        late = match.to_move_seat()
        if seat == late:
            raise ServiceError(Text("You cannot claim against yourself; make your move instead."))
        if ai_seats.is_ai(match.players[late]):
            raise ServiceError(
                Text("{name} is the computer: it moves by itself and never runs out of time.", name=match.names[late])
            )
        if match.deadline is None or self.clock() < match.deadline:
            raise ServiceError(
                Text(
                    "{name} still has time, until <t:{deadline}:f>.",
                    name=match.names[late],
                    deadline=int(match.deadline or 0),
                )
            )
        return await self._drop(
            match,
            late,
            "timeout",
            Text("{late} ran out of time; {claimant} claimed.", late=match.names[late], claimant=match.names[seat]),
        )

    async def abort(self, match_id: int, guild_id: int | None) -> Match:
        """An admin ends a match or challenge without a result (not rated, no series points)."""
        await self.moments.abort_veto.check(match_id)
        match = await self.core.get(match_id)
        if guild_id is None or match.guild_id != guild_id:
            raise NotAPlayer(Text("Match #{id} is not on this server.", id=match_id))
        if match.status not in ("active", "challenge"):
            raise MatchClosed(
                Text("Match #{id} {state}; it can no longer be aborted.", id=match_id, state=state_of(match.status))
            )
        now = self.clock()

        def work(tx: Transaction) -> None:
            done = tx.execute(
                "UPDATE matches SET status = 'aborted', version = version + 1, updated_at = ?, ended_at = ?,"
                " next_event_at = NULL, deadline = NULL WHERE id = ? AND version = ?",
                (now, now, match_id, match.version),
            )
            if done.rowcount != 1:
                raise StaleRequest(Text("The match changed in the meantime; try again."))
            self.moments.aborted(tx, match)

        await self.store.write(work)
        return await self.core.get(match_id)
