"""Playing against the computer: its turns, takebacks it grants at once, hints.

The computer's move goes through :meth:`Play.move` like anybody's, for the
position it was shown: if the match changed while it thought (a takeback), the
version check turns the late move into a refusal that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import get_game
from engines.record import replay
from engines.text import Text

from . import ai_seats
from .core import Component, Core
from .errors import ServiceError
from .models import Match, MoveResult
from .play import Play
from .shards import Shards
from .store import Transaction


@dataclass(frozen=True)
class Thinking:
    """A position to think about, made only of what the match stores (so any worker
    process gets the same answer for it): the snapshot, the level and a seed."""

    match_id: int
    version: int
    user_id: int  # whose move it is: a computer seat, or the player asking for a hint
    game: str
    state: dict[str, Any]
    level: str
    seed: int


def think(job: Thinking) -> str:
    """The move the level chooses (canonical text).  Runs in a worker process."""
    import ai  # the search is loaded in the workers, not by the bot's event loop

    state = get_game(job.game).state_from_json(job.state)
    return ai.choose_move(state, job.level, seed=job.seed)


def _seed(match: Match) -> int:
    # Reproducible per position: the same match at the same ply gets the same move.
    return (match.seed + match.plies) % (1 << 62)


class Computer(Component):
    """The computer's turns, the takebacks it grants and hints; plays through :class:`Play`."""

    def __init__(self, core: Core, play: Play) -> None:
        super().__init__(core)
        self.play = play

    @staticmethod
    def has_computer(match: Match) -> bool:
        return any(ai_seats.is_ai(p) for p in match.players)

    @staticmethod
    def _only_computer_against(match: Match, seat: int) -> bool:
        """Everyone still at the table besides ``seat`` is the computer."""
        others = [p for s, p in enumerate(match.players) if s != seat and s not in match.resigned_seats]
        return bool(others) and all(ai_seats.is_ai(p) for p in others)

    @staticmethod
    def computer_to_move(match: Match) -> Thinking | None:
        """What the computer must think about, if one of its seats is to move in this match."""
        mover = match.to_move_id()
        if mover is None or not ai_seats.is_ai(mover):
            return None
        return Thinking(
            match.id, match.version, mover, match.game, match.state_json, ai_seats.level_of(mover), _seed(match)
        )

    async def computer_turns(self, shards: Shards | None = None) -> list[Thinking]:
        """Every match waiting for the computer (after a restart, they go on by themselves),
        on the servers of ``shards`` only (each process resumes its own)."""
        ids = ai_seats.every_id()
        served, served_params = (shards or Shards(1, (0,))).sql("m.guild_id")
        rows = await self.store.fetchall(
            "SELECT DISTINCT m.* FROM matches m JOIN match_players p ON p.match_id = m.id"
            f" WHERE m.status = 'active' AND p.user_id IN ({','.join('?' * len(ids))}) AND {served}"
            " ORDER BY m.updated_at",
            (*ids, *served_params),
        )
        turns = (self.computer_to_move(match) for match in await self.core._readable(rows))
        return [turn for turn in turns if turn is not None]

    async def computer_move(self, job: Thinking, move: str) -> MoveResult:
        """The computer plays the move it chose for ``job``'s position, by the same rules as a person."""
        if not ai_seats.is_ai(job.user_id):
            raise ServiceError(Text("Only the computer plays the computer's moves."))
        return await self.play.move(job.match_id, job.user_id, move, expected_version=job.version)

    async def take_back(self, match_id: int, user_id: int) -> MoveResult:
        """Against the computer a takeback is granted at once: your last move goes, with the
        computer's replies after it, unless they revealed hidden tiles or someone resigned since."""
        match = await self.core.get(match_id)
        seat = self.play._seat_in_play(
            match, user_id, Text("You resigned from match #{id}; the others play on.", id=match.id)
        )
        if not self._only_computer_against(match, seat):
            raise ServiceError(
                Text("Only the computer grants a takeback at once; between people, `/undo` asks the opponent.")
            )
        moves = await self.core.moves(match.id)
        mine = [m for m in moves if m.user_id == user_id]
        if not mine:
            raise ServiceError(Text("You have not moved yet; there is nothing to take back."))
        last = mine[-1]
        if any(ply > last.ply for ply, _ in match.resignations):
            raise ServiceError(Text("The last change was a resignation; it cannot be taken back."))
        await self.core.checked_record(match, [m.move for m in moves])  # the moves taken back must be the real ones
        before = replay(match.record([m.move for m in moves[: last.ply]]))
        if before.revealed() != match.position.revealed():
            raise ServiceError(
                Text(
                    "Your move or the computer's reply revealed new tiles from the face-down piles, "
                    "so it cannot be taken back."
                )
            )
        replies = [m.move for m in moves[last.ply + 1 :]]

        def work(tx: Transaction) -> Match:
            tx.execute("DELETE FROM moves WHERE match_id = ? AND ply >= ?", (match_id, last.ply))
            return self.core._commit(tx, match, before, plies=last.ply)

        new = await self.store.write(work)
        name = match.names[seat]
        if not replies:
            said = Text("{name} took back {move}.", name=name, move=last.move)
        elif len(replies) == 1:
            said = Text(
                "{name} took back {move} and the computer's reply {replies}.",
                name=name,
                move=last.move,
                replies=replies[0],
            )
        else:  # several computer seats replied (four players)
            said = Text(
                "{name} took back {move} and the computer's replies {replies}.",
                name=name,
                move=last.move,
                replies=", ".join(replies),
            )
        return MoveResult(new, "undo", said)

    async def hint(self, match_id: int, user_id: int) -> Thinking:
        """What the hard level would play in your place: only against the computer, only on your turn."""
        match = await self.core.get(match_id)
        seat = self.play._check_turn(match, user_id)
        if not self._only_computer_against(match, seat):
            raise ServiceError(
                Text("Hints exist only in matches against the computer; between people, every move is your own.")
            )
        return Thinking(
            match.id, match.version, user_id, match.game, match.state_json, ai_seats.HINT_LEVEL, _seed(match)
        )

    async def hint_words(self, job: Thinking, move: str) -> Text:
        """The hint in words, for the position it was asked in."""
        match = await self.core.get(job.match_id)
        state = get_game(job.game).state_from_json(job.state)
        canonical = state.play(move)
        # The engines describe a turn once played, in the past tense: quoted as the record would read,
        # so the hint does not say a move nobody made "was" made.
        said = Text(
            "The hard level would play **{move}**, recorded as “{words}”",
            move=canonical,
            words=state.describe(canonical, match.names),
        )
        if match.version != job.version:
            return Text("{hint} (The position has changed since you asked.)", hint=said)
        return said
