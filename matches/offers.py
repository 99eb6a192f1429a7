"""Draw offers and takeback requests between the two players of a match.

An offer belongs to the position it was made in (the match version): any change
of the match voids it.
"""

from __future__ import annotations

from engines.record import replay
from engines.text import Text

from . import ai_seats
from .core import Component, dumps
from .errors import MatchClosed, NotAPlayer, ServiceError, StaleRequest
from .models import Match, MoveResult
from .statuses import state_of
from .store import Transaction

# One sentence per kind of offer: the words for "a draw" and "taking back" differ in grammar.
ALREADY_ASKED = {
    "draw": Text("You already asked for a draw; wait for the answer."),
    "undo": Text("You already asked for taking back the last move; wait for the answer."),
}
NO_OPEN_OFFER = {
    "draw": Text("There is no open offer of a draw; it lapses when the position changes."),
    "undo": Text("There is no open offer of taking back the last move; it lapses when the position changes."),
}

# The computer answers nothing: it plays on, and grants takebacks at once (matches/computer.py).
TO_THE_COMPUTER = {
    "draw": Text("The computer plays every match to its end; it does not agree to a draw."),
    "undo": Text("The computer answers no requests; against it a takeback is granted at once."),
}


class Offers(Component):
    def _two_player_match(self, match: Match, user_id: int) -> int:
        if match.status != "active":
            raise MatchClosed(Text("Match #{id} {state}.", id=match.id, state=state_of(match.status)))
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(Text("You are not playing in match #{id}.", id=match.id))
        if len(match.players) != 2:
            raise ServiceError(Text("Draw offers and takebacks exist only in two-player matches."))
        return seat

    async def offer(self, match_id: int, user_id: int, kind: str) -> Match:
        """Offer a draw or ask to take back your last move; the opponent answers."""
        match = await self.core.get(match_id)
        self._two_player_match(match, user_id)
        if any(ai_seats.is_ai(p) for p in match.players):
            raise ServiceError(TO_THE_COMPUTER[kind])
        current = match.offer if match.offer and match.offer["version"] == match.version else None
        if current and current["user"] == user_id:
            raise StaleRequest(ALREADY_ASKED[current["kind"]])
        if kind == "undo":
            await self._check_undo(match, user_id)
        done = await self.store.execute(
            "UPDATE matches SET offer = ? WHERE id = ? AND version = ?",
            (dumps({"kind": kind, "user": user_id, "version": match.version}), match_id, match.version),
        )
        if done.rowcount != 1:
            raise StaleRequest(Text("The match changed in the meantime; try again."))
        return await self.core.get(match_id)

    async def _check_undo(self, match: Match, user_id: int):
        moves = await self.core.moves(match.id)
        if not moves or moves[-1].user_id != user_id:
            raise ServiceError(Text("You can take back only your own last move, before anyone else has moved."))
        if match.resignations and match.resignations[-1][0] == match.plies:
            raise ServiceError(Text("The last change was a resignation; it cannot be taken back."))
        await self.core.checked_record(match, [m.move for m in moves])  # the move taken back must be the real one
        before = replay(match.record([m.move for m in moves[:-1]]))
        if before.revealed() != match.position.revealed():
            raise ServiceError(
                Text("That move revealed new tiles from the face-down piles, so it cannot be taken back.")
            )
        return before

    async def answer(
        self, match_id: int, user_id: int, kind: str, accept: bool, expected_version: int | None = None
    ) -> MoveResult | Match:
        match = await self.core.get(match_id)
        self._two_player_match(match, user_id)
        offer = match.offer
        if (
            not offer
            or offer["kind"] != kind
            or offer["version"] != match.version
            or (expected_version is not None and expected_version != match.version)
        ):
            raise StaleRequest(NO_OPEN_OFFER[kind])
        if offer["user"] == user_id:
            raise NotAPlayer(Text("It is your own offer; your opponent answers it."))
        if not accept:
            done = await self.store.execute(
                "UPDATE matches SET offer = NULL WHERE id = ? AND version = ?", (match_id, match.version)
            )
            if done.rowcount != 1:
                raise StaleRequest(Text("The match changed in the meantime."))
            return await self.core.get(match_id)
        names = dict(zip(match.players, match.names))
        if kind == "draw":
            state = match.state()
            result = {"winners": [0, 1], "end": "agreed", "scores": state.scores()}
            new = await self.store.write(lambda tx: self.core._commit(tx, match, state, result=result))
            return MoveResult(new, "draw", Text("The players agreed to a draw."), await self.core.series(new.series_id))
        state = await self._check_undo(match, offer["user"])

        def work(tx: Transaction) -> Match:
            tx.execute("DELETE FROM moves WHERE match_id = ? AND ply = ?", (match_id, match.plies - 1))
            return self.core._commit(tx, match, state, plies=match.plies - 1)

        new = await self.store.write(work)
        return MoveResult(
            new,
            "undo",
            Text("{name} allowed {asker} to take back the last move.", name=names[user_id], asker=names[offer["user"]]),
        )
