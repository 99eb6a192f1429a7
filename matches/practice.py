"""Practice: the positions of your own finished matches where you played a mistake or a blunder.

When a match's review is stored (:meth:`store_review`), each person's moves the review labels
``mistake`` or ``blunder`` (and that had a choice) become practice positions of that person
(``practice_items``): only for a finished match, only the player's own moves.  A position is the
board before the move, as every board of the match showed it (the boards and ``/board ply`` show
only what everyone could see), and the answer is checked against the real legal moves, which the
mover could see; the review's best move is one of them, never a hidden tile's order.

- ``/practice position`` gives the position due soonest (``due_at``); it stays the player's
  current one (``practice_sessions``) until solved or missed.
- An answer is right when it is the review's best move, or a move whose win chance for the mover,
  searched as the review searches a played move (as he saw the position: hidden tiles arranged
  afresh), is within :data:`MARGIN` of the best move's.  The move that was played is wrong
  without a search (the review measured it).
- A hint names the first part of the best move; after two wrong answers the answer is shown.
- **Spaced repetition** (Leitner's, simply): a position solved comes back after twice its last
  interval (1, 2, 4, 8 ... days; a hint or a wrong first try keeps the interval), a position
  missed comes back the next day, starting again at one day.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from typing import Any

from engines import MoveError
from engines.record import Record, replay
from engines.text import Text

from . import ai_seats, timing
from .core import Component, Core
from .errors import NotFound, ServiceError
from .models import DamagedRow, Match
from .reviews import Reviewing, Reviews
from .store import Transaction

LABELS = ("mistake", "blunder")
MARGIN = 0.05  # an answer this close to the best move's win chance counts as found
TRIES = 2


@dataclass
class PracticeItem:
    user_id: int
    match_id: int
    ply: int
    game: str
    seat: int
    played: str
    best: str
    best_win: float
    played_win: float
    label: str
    interval: float
    due_at: float
    solved: int
    missed: int

    @classmethod
    def from_row(cls, row) -> PracticeItem:
        return cls(
            row["user_id"],
            row["match_id"],
            row["ply"],
            row["game"],
            row["seat"],
            row["played"],
            row["best"],
            row["best_win"],
            row["played_win"],
            row["label"],
            row["interval"],
            row["due_at"],
            row["solved"],
            row["missed"],
        )

    @property
    def hint(self) -> str:
        """The first part of the best move (its piece, tile or field): a pointer, not the move."""
        first = self.best.split()[0] if " " in self.best else self.best[: max(1, len(self.best) // 2)]
        return first


@dataclass
class PracticePosition:
    item: PracticeItem
    match: Match
    record: Record
    tries: int
    hinted: bool


@dataclass
class PracticeAnswer:
    item: PracticeItem
    right: bool
    move: str  # the answer as the game spells it
    tries: int
    over: bool  # solved, or missed (the answer shown)
    due_at: float | None  # when it comes back (once over)


@dataclass
class PracticeStats:
    positions: int
    due: int
    solved: int
    missed: int
    next_due: float | None
    by_game: dict[str, int]


def items_of(match: Match, review: dict[str, Any], now: float) -> list[tuple]:
    """The practice rows of a finished match's review: each person's mistakes and blunders."""
    if match.status != "finished":
        return []
    rows = []
    for p in review.get("plies", []):
        if p.get("label") not in LABELS or p.get("forced"):
            continue
        seat = p["seat"]
        if not 0 <= seat < len(match.players) or ai_seats.is_ai(match.players[seat]):
            continue
        rows.append(
            (
                match.players[seat],
                match.id,
                p["ply"],
                match.game,
                seat,
                p["move"],
                p["best"],
                p["best_win"],
                p.get("played_win", 0.0),
                p["label"],
                now,
            )
        )
    return rows


INSERT_SQL = (
    "INSERT INTO practice_items (user_id, match_id, ply, game, seat, played, best, best_win, played_win,"
    " label, interval, due_at, solved, missed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, 0,"
    " ?) ON CONFLICT (user_id, match_id, ply) DO NOTHING"
)


def _add(tx: Transaction, rows: list[tuple]) -> None:
    tx.executemany(INSERT_SQL, [(*r, r[-1]) for r in rows])


def backfill(tx: Transaction) -> None:
    """Practice positions from the reviews stored before practice existed (a migration's step)."""
    reviews = tx.fetchall(
        "SELECT r.review, m.* FROM match_reviews r JOIN matches m ON m.id = r.match_id"
        " WHERE m.status = 'finished' AND r.version = m.version"
    )
    for row in reviews:
        _add(tx, items_of(Match.from_row(row), json.loads(row["review"]), row["ended_at"] or 0.0))


def _check(item: PracticeItem, before, move: str) -> tuple[str, bool]:
    """The answer spelled as the game spells it, and whether it is right (see the module).  Runs
    in a worker thread: a move other than the best and the played one is searched."""
    position = before.copy()
    try:
        canonical = position.play(move)
    except MoveError as exc:
        raise ServiceError(
            Text("{move} is not a legal move in this position: {why}", move=move, why=exc.text)
        ) from None
    if canonical == item.best:
        return canonical, True
    if canonical == item.played:
        return canonical, False
    import ai.review  # the search is loaded only when an answer needs it
    from ai.evaluators import evaluator_for
    from ai.levels import budget
    from ai.profiles import profile

    players = len(before.scores())
    plan = budget(item.game, "hard", players)
    share = profile(item.game).share(players)
    iterations = max(16, round(plan.iterations * share))
    rng = random.Random(ai.review.ply_seed(item.match_id, item.ply))
    seen = ai.review.determinise(before, rng)
    if position.current_player() is None:
        win = ai.review._final(position, item.seat)
    else:
        win = ai.review._after(
            before, canonical, item.seat, players, iterations, evaluator_for(seen, plan.evaluator), "hard", rng
        )
    return canonical, item.best_win - win < MARGIN


class Practice(Component):
    """Practice positions from every review stored, wherever it was computed (the ``review_stored``
    moment: the bot's own store or a worker's job finished through the queue)."""

    def __init__(self, core: Core, reviews: Reviews) -> None:
        super().__init__(core)
        self.reviews = reviews
        self.moments.review_stored.listen("practice", self._reviewed)

    def _reviewed(self, tx: Transaction, match_id: int, review: dict[str, Any]) -> None:
        row = tx.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            return
        try:
            match = Match.load(row)
        except DamagedRow:
            return  # a broken match offers no positions; its review is kept all the same
        _add(tx, items_of(match, review, self.clock()))

    async def store_review(self, job: Reviewing, review: dict[str, Any]) -> None:
        await self.reviews.store_review(job, review)

    async def _item(self, user_id: int, match_id: int, ply: int) -> PracticeItem:
        row = await self.store.fetchone(
            "SELECT * FROM practice_items WHERE user_id = ? AND match_id = ? AND ply = ?", (user_id, match_id, ply)
        )
        if row is None:
            raise NotFound(Text("That practice position is gone; ask for another with `/practice position`."))
        return PracticeItem.from_row(row)

    async def practice_position(self, user_id: int, game: str | None = None) -> PracticePosition:
        """The player's current position (an unfinished one), else the one due soonest; a refusal
        saying when the next one is due, or that there are none yet."""
        current = await self.store.fetchone("SELECT * FROM practice_sessions WHERE user_id = ?", (user_id,))
        if current is not None and game in (None, current["game"]):
            item = await self._item(user_id, current["match_id"], current["ply"])
            return await self._position(item, current["tries"], bool(current["hinted"]))
        now = self.clock()
        where, args = ("user_id = ?", [user_id]) if game is None else ("user_id = ? AND game = ?", [user_id, game])
        row = await self.store.fetchone(
            f"SELECT * FROM practice_items WHERE {where} AND due_at <= ? ORDER BY due_at, match_id, ply LIMIT 1",
            (*args, now),
        )
        if row is None:
            soonest = await self.store.fetchone(
                f"SELECT MIN(due_at) AS t FROM practice_items WHERE {where}", tuple(args)
            )
            if soonest is None or soonest["t"] is None:
                raise NotFound(
                    Text(
                        "No practice positions yet: they come from the mistakes and blunders in the "
                        "reviews of your finished matches (the Review button under a final board)."
                    )
                )
            raise NotFound(Text("Nothing to practise now; your next position is due <t:{at}:R>.", at=int(soonest["t"])))
        item = PracticeItem.from_row(row)

        def start(tx: Transaction) -> None:
            tx.execute("DELETE FROM practice_sessions WHERE user_id = ?", (user_id,))
            tx.execute(
                "INSERT INTO practice_sessions (user_id, match_id, ply, game, tries, hinted, started_at)"
                " VALUES (?, ?, ?, ?, 0, 0, ?)",
                (user_id, item.match_id, item.ply, item.game, now),
            )

        await self.store.write(start)
        return await self._position(item, 0, False)

    async def _position(self, item: PracticeItem, tries: int, hinted: bool) -> PracticePosition:
        match = await self.core.get(item.match_id)
        return PracticePosition(item, match, await self.core.record(match.id), tries, hinted)

    async def _session(self, user_id: int):
        row = await self.store.fetchone("SELECT * FROM practice_sessions WHERE user_id = ?", (user_id,))
        if row is None:
            raise NotFound(Text("You have no practice position open; ask for one with `/practice position`."))
        return row

    async def practice_hint(self, user_id: int) -> PracticeItem:
        row = await self._session(user_id)
        await self.store.execute("UPDATE practice_sessions SET hinted = 1 WHERE user_id = ?", (user_id,))
        return await self._item(user_id, row["match_id"], row["ply"])

    async def practice_legal_moves(self, user_id: int) -> list[str]:
        """The legal moves of the open position (for autocomplete): what the mover could see."""
        row = await self.store.fetchone("SELECT * FROM practice_sessions WHERE user_id = ?", (user_id,))
        if row is None:
            return []
        match = await self.core.get(row["match_id"])
        return replay(await self.core.record(match.id), row["ply"]).legal_moves()

    async def practice_answer(self, user_id: int, move: str) -> PracticeAnswer:
        row = await self._session(user_id)
        item = await self._item(user_id, row["match_id"], row["ply"])
        before = replay(await self.core.record(item.match_id), item.ply)
        canonical, right = await asyncio.to_thread(_check, item, before, move.strip())
        tries = row["tries"] + 1
        over = right or tries >= TRIES
        now = self.clock()
        if over:
            first_time = right and tries == 1 and not row["hinted"]
            interval = max(1.0, item.interval * 2) if first_time else (item.interval or 1.0) if right else 1.0
            due = now + interval * timing.DAY
        else:
            interval, due = item.interval, None

        def work(tx: Transaction) -> bool:
            if (
                tx.execute(
                    "UPDATE practice_sessions SET tries = ? WHERE user_id = ? AND tries = ? AND match_id = ?"
                    " AND ply = ?",
                    (tries, user_id, row["tries"], item.match_id, item.ply),
                ).rowcount
                != 1
            ):
                return False
            if over:
                tx.execute("DELETE FROM practice_sessions WHERE user_id = ?", (user_id,))
                tx.execute(
                    f"UPDATE practice_items SET interval = ?, due_at = ?, {'solved' if right else 'missed'} ="
                    f" {'solved' if right else 'missed'} + 1 WHERE user_id = ? AND match_id = ? AND ply = ?",
                    (interval, due, user_id, item.match_id, item.ply),
                )
            return True

        if not await self.store.write(work):
            raise ServiceError(Text("That answer crossed another one; look at the position again."))
        return PracticeAnswer(item, right, canonical, tries, over, due)

    async def practice_stats(self, user_id: int) -> PracticeStats:
        now = self.clock()
        row = await self.store.fetchone(
            "SELECT COUNT(*) AS n, SUM(CASE WHEN due_at <= ? THEN 1 ELSE 0 END) AS due, SUM(solved) AS solved,"
            " SUM(missed) AS missed, MIN(CASE WHEN due_at > ? THEN due_at END) AS next FROM practice_items"
            " WHERE user_id = ?",
            (now, now, user_id),
        )
        games = await self.store.fetchall(
            "SELECT game, COUNT(*) AS n FROM practice_items WHERE user_id = ? GROUP BY game ORDER BY game", (user_id,)
        )
        return PracticeStats(
            row["n"],
            row["due"] or 0,
            row["solved"] or 0,
            row["missed"] or 0,
            row["next"],
            {g["game"]: g["n"] for g in games},
        )
