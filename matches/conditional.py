"""Conditional moves: a player's replies, stored in advance, to the opponent's next moves.

A line is "their move; my reply[; their move; my reply ...]", stored from the position in which
the opponent is to move (its digest is kept with the line).  When the opponent plays the line's
first move, the stored reply is played for the player in the same transaction as that move, so
it happens exactly once whichever process took the move.  Lines that still match go on from the
new position, two moves shorter; every other line of the match is dropped.  A match that ends
(its last move, a resignation, a claim, a draw, an admin's abort: in that transaction) takes
its lines with it, and no line is ever listed for a match that is not running (a tournament
called off aborts its matches and drops their lines itself).

Only where nothing is hidden and nobody moves in between: two players, and a game that declares
perfect information and no chance during play for the match's options (``Game.foreseeable``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from engines import MoveError, get_game
from engines.text import Sentence, Text, excerpt

from .core import Component, Core, dumps
from .errors import ServiceError, StaleRequest
from .models import Match
from .play import Play
from .store import Transaction

# A line of at most this many moves, at most this many lines per player and match.
MOVES_PER_LINE = 20
LINES_PER_MATCH = 10


class ConditionalRefused(ServiceError):
    """The line cannot be stored (the reason names the move at fault)."""


@dataclass(frozen=True)
class ConditionalLine:
    id: int
    moves: list[str]  # canonical: their move, my reply, ...


def digest(snapshot: dict[str, Any] | None) -> str:
    """The position a line starts from, as a short fingerprint of the match's snapshot."""
    return hashlib.sha256(json.dumps(snapshot, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


def refusal(match: Match) -> Text | None:
    """Why conditional moves are not offered in this match (None: they are)."""
    if len(match.players) != 2:
        return Text("Conditional moves need a match of two players: with more, others move in between.")
    game = get_game(match.game)
    if not game.foreseeable(match.options):
        return game.unforeseeable(match.options) or Text(
            "Conditional moves are not offered in {title}.", title=match.title
        )
    return None


def split_line(text: str) -> list[str]:
    return [part.strip() for part in text.split(";")]


class Conditional(Component):
    """Listens to ``move_played`` (plays the stored reply), ``match_ended`` and ``aborted`` (the
    match's lines go with it)."""

    def __init__(self, core: Core, play: Play) -> None:
        super().__init__(core)
        self.play = play
        self.moments.match_ended.listen("conditional", self._drop_lines)
        self.moments.move_played.listen("conditional", self._answer_in_advance)
        self.moments.aborted.listen("conditional", self._drop_lines)

    async def add_conditional(self, match_id: int, user_id: int, text: str) -> list[str]:
        """Store a line for the player; every move is checked by playing the line forward from the
        position, so a line is refused naming the move at fault.  Returns the line, canonical."""
        match = await self.core.get(match_id)
        seat = self.play._seat_in_play(
            match, user_id, Text("You resigned from match #{id}; the others play on.", id=match.id)
        )
        reason = refusal(match)
        if reason is not None:
            raise ConditionalRefused(reason)
        if match.to_move_seat() == seat:
            raise ConditionalRefused(
                Text("It is your turn: make your move first. Conditional moves answer your opponent's next moves.")
            )
        moves = split_line(text)
        if len(moves) < 2 or len(moves) % 2 or "" in moves:
            raise ConditionalRefused(
                Text(
                    "Give the line as pairs separated by semicolons: their move; your "
                    "reply (and more pairs after it if you like)."
                )
            )
        if len(moves) > MOVES_PER_LINE:
            raise ConditionalRefused(Text("A line holds at most {count} moves.", count=MOVES_PER_LINE))
        canonical = self._played_forward(match, seat, moves)
        position = digest(match.state_json)
        existing = await self.conditional_lines(match_id, user_id)
        for line in existing:
            for theirs in range(0, min(len(line.moves), len(canonical)), 2):
                if line.moves[theirs] != canonical[theirs]:
                    break
                if line.moves[theirs + 1] != canonical[theirs + 1]:
                    raise ConditionalRefused(
                        Text(
                            "Your line {number} already answers {move} with {reply}; remove it first to answer "
                            "with {other}.",
                            number=existing.index(line) + 1,
                            move=canonical[theirs],
                            reply=line.moves[theirs + 1],
                            other=canonical[theirs + 1],
                        )
                    )
            if line.moves == canonical:
                raise ConditionalRefused(Text("You have stored this line already."))
        if len(existing) >= LINES_PER_MATCH:
            raise ConditionalRefused(
                Text(
                    "You have {count} lines stored in match #{id}, the most there can be; remove one first.",
                    count=len(existing),
                    id=match.id,
                )
            )
        now = self.clock()

        def work(tx: Transaction) -> None:
            row = tx.fetchone("SELECT version FROM matches WHERE id = ?", (match_id,))
            if row is None or row["version"] != match.version:
                raise StaleRequest(
                    Text("The match changed before your line arrived; look at the new board and try again.")
                )
            tx.execute(
                "INSERT INTO conditional_lines (match_id, user_id, position, moves, created_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, user_id, position, dumps(canonical), now),
            )

        await self.store.write(work)
        return canonical

    @staticmethod
    def _played_forward(match: Match, seat: int, moves: list[str]) -> list[str]:
        """The line in canonical notation, each move played on from the match's position; a move
        the engine refuses (or one after the end, or out of turn) refuses the line."""
        state = match.state()
        opponent = 1 - seat
        canonical: list[str] = []
        for number, move in enumerate(moves, start=1):
            mover = opponent if number % 2 else seat
            if state.outcome() is not None:
                raise ConditionalRefused(
                    Text(
                        "The match would be over before move {number} of the line ({move}).",
                        number=number,
                        move=excerpt(move),
                    )
                )
            if state.current_player() != mover:
                raise ConditionalRefused(
                    Text(
                        "Move {number} of the line ({move}) would not be {name}'s: after the move before it, the "
                        "same player moves again, so the line cannot be decided in advance.",
                        number=number,
                        move=excerpt(move),
                        name=match.names[mover],
                    )
                )
            try:
                canonical.append(state.play(move))
            except MoveError as exc:
                raise ConditionalRefused(
                    Text(
                        "Move {number} of the line, {move}, cannot be played there: {reason}",
                        number=number,
                        move=excerpt(move),
                        reason=Sentence(exc.text),
                    )
                ) from None
        return canonical

    async def conditional_lines(self, match_id: int, user_id: int) -> list[ConditionalLine]:
        """The player's lines that start from the match's position now (others are stale), oldest
        first; none once the match is over (its lines are deleted as it ends: the moments ``match_ended`` and ``aborted``)."""
        match = await self.core.get(match_id)
        if match.status != "active":
            return []
        rows = await self.store.fetchall(
            "SELECT id, moves FROM conditional_lines WHERE match_id = ? AND user_id = ? AND position = ? ORDER BY id",
            (match_id, user_id, digest(match.state_json)),
        )
        return [ConditionalLine(row["id"], json.loads(row["moves"])) for row in rows]

    @staticmethod
    def _drop_lines(tx: Transaction, match: Match) -> None:
        """A match that ends (a last move, a resignation, a claim, a draw) or is aborted takes its
        conditional lines with it, in the same transaction: none outlives it."""
        tx.execute("DELETE FROM conditional_lines WHERE match_id = ?", (match.id,))

    async def remove_conditional(self, match_id: int, user_id: int, line_id: int) -> bool:
        """Remove one of the player's lines; False if it was no longer stored (played or dropped)."""
        done = await self.store.execute(
            "DELETE FROM conditional_lines WHERE id = ? AND match_id = ? AND user_id = ?", (line_id, match_id, user_id)
        )
        return done.rowcount == 1

    def _answer_in_advance(
        self, tx: Transaction, before: Match, after: Match, canonical: str, played_at: float
    ) -> tuple[Match, Text | None] | None:
        """In the transaction of ``canonical``, just played from ``before``: the stored reply of the
        player now to move, if one of his lines begins with it.  Lines that still match go on, two
        moves shorter; every other line of the match is dropped.  None: no reply was played."""
        rows = tx.fetchall(
            "SELECT id, user_id, position, moves FROM conditional_lines WHERE match_id = ? ORDER BY id", (before.id,)
        )
        if not rows:
            return None
        player = after.to_move_id() if after.status == "active" else None
        start = digest(before.state_json)
        lines = [
            (row["id"], json.loads(row["moves"]))
            for row in rows
            if row["user_id"] == player and row["position"] == start
        ]
        lines = [(line_id, moves) for line_id, moves in lines if moves[0] == canonical]
        if not lines:
            tx.execute("DELETE FROM conditional_lines WHERE match_id = ?", (before.id,))
            return None
        reply = lines[0][1][1]
        state = after.state()
        try:
            reply = state.play(reply)
        except MoveError:
            # No longer legal (the rules changed under a stored line): the player moves himself,
            # reminded as for any turn.
            tx.execute("DELETE FROM conditional_lines WHERE match_id = ?", (before.id,))
            return None
        new = self.core._commit(tx, after, state, plies=after.plies + 1)
        tx.execute(
            "INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
            (before.id, after.plies, reply, player, played_at),
        )
        going_on = [
            (line_id, moves[2:])
            for line_id, moves in lines
            if moves[1] == reply and len(moves) > 2 and new.status == "active"
        ]
        kept = [line_id for line_id, _ in going_on]
        tx.execute(
            f"DELETE FROM conditional_lines WHERE match_id = ?"
            f"{' AND id NOT IN (' + ','.join('?' * len(kept)) + ')' if kept else ''}",
            (before.id, *kept),
        )
        position = digest(new.state_json)
        for line_id, moves in going_on:
            tx.execute(
                "UPDATE conditional_lines SET position = ?, moves = ? WHERE id = ?", (position, dumps(moves), line_id)
            )
        seat = after.to_move_seat()
        return new, Text(
            "{name} answered with the conditional move {move}: {words}",
            name=after.names[seat],
            move=reply,
            words=state.describe(reply, after.names),
        )
