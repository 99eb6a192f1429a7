"""Broken matches: the operator's list, a sweep that finds them, and taking a repaired one back.

What the store trusts: a match's saved snapshot (``state``) is what play goes on from; its
moves are its history and must replay to that snapshot.  Both are checked where they are read:
every read of a match loads its row and its snapshot (``Match.load``), every read of its moves
(export, replays, takebacks, the copy's verification) replays them against the snapshot
(``Core.checked_record``).  A match that fails either is marked broken (``Core.mark_broken``):
logged once with its id, left out of lists and due work, refused alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import timing
from .core import Component, replayed
from .errors import MatchBroken
from .models import DamagedRow, Match
from .store import Transaction


@dataclass(frozen=True)
class BrokenMatch:
    id: int
    game: str
    status: str
    reason: str
    found_at: float


class Health(Component):
    async def broken_matches(self) -> list[BrokenMatch]:
        """Every match marked broken, the first found first (plain columns only: the rest may not decode)."""
        rows = await self.store.fetchall(
            "SELECT id, game, status, broken, broken_at FROM matches WHERE broken IS NOT NULL ORDER BY broken_at, id"
        )
        return [BrokenMatch(r["id"], r["game"], r["status"], r["broken"], r["broken_at"]) for r in rows]

    async def find_broken(self, progress: Callable[[str], None] = lambda line: None) -> list[int]:
        """Read every match that has a position, and its moves, as a player's request would: marks
        those that fail.  The ids marked broken by this sweep."""
        found, last, seen = [], 0, 0
        while True:
            rows = await self.store.fetchall(
                "SELECT * FROM matches WHERE id > ? AND state IS NOT NULL AND broken IS NULL ORDER BY id LIMIT ?",
                (last, 500),
            )
            if not rows:
                return found
            for row in rows:
                if not await self.readable(row):
                    found.append(row["id"])
            seen += len(rows)
            last = rows[-1]["id"]
            progress(f"read {seen} matches, {len(found)} broken")

    async def readable(self, row) -> bool:
        """Whether the match of ``row`` can be read, its moves replaying to its snapshot; marks it broken if not."""
        try:
            match = Match.load(row)
            await self.core.checked_record(match, [m.move for m in await self.core.moves(match.id)])
        except DamagedRow as exc:
            await self.core._note_damage(exc)
            return False
        except MatchBroken:
            return False
        return True

    async def take_back_repaired(self, match_id: int) -> str | None:
        """After the operator repaired a broken match's row: None once it reads and replays (it is
        no longer broken; its due work is due again), else why it is still broken."""
        row = await self.store.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            return "there is no such match"
        if row["broken"] is None:
            return None
        try:
            match = Match.load({**dict(row), "broken": None})
        except DamagedRow as exc:
            return exc.reason
        _, _, reason = replayed(match, [m.move for m in await self.core.moves(match_id)])
        if reason is not None:
            return reason
        nxt = None
        if match.status == "active" and match.deadline is not None and match.clock_start is not None:
            nxt = timing.next_event_at(
                match.clock_start, match.deadline, match.turn_days, match.sent, match.last_reminded_at
            )

        def work(tx: Transaction) -> None:
            row = tx.fetchone(
                "UPDATE matches SET broken = NULL, broken_at = NULL, next_event_at = ?,"
                " version = version + 1 WHERE id = ? AND version = ? RETURNING *",
                (nxt, match_id, match.version),
            )
            tx.schedule(nxt)
            if row is not None:  # the computer's turn, if it is one, is thought out again
                self.core._position_written(tx, Match.from_row(row, snapshot=match.state_json))

        await self.store.write(work)
        return None
