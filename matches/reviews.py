"""Match reviews: what the computer thinks of every move of an ended match (``ai.review``).

Only for a match that has ended (never while it runs: a review would tell a player
what to play).  Computed once per match, by a thinking process (a job: ``matches.jobs``), and kept in
``match_reviews`` (migration 14), so asking again is instant.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engines.text import Text

from .core import Component
from .errors import ServiceError
from .statuses import state_of
from .store import Transaction

REVIEW_LEVEL = "hard"
ENDED = ("finished", "aborted", "abandoned")


@dataclass(frozen=True)
class Reviewing:
    """A match to review, made only of what the match stores (any worker gets the same answer)."""

    match_id: int
    version: int
    record: dict[str, Any]
    level: str
    seed: int


def review_record(job: Reviewing) -> dict[str, Any]:
    """The review as JSON (``ai.review.Review.to_json``).  Runs in the review worker."""
    import ai.review  # the search is loaded in the workers, not by the bot's event loop
    from engines.record import Record

    return ai.review.review(Record.from_dict(job.record), job.level, job.seed).to_json()


class Reviews(Component):
    async def review_job(self, match_id: int) -> Reviewing:
        """What to review for an ended match; a refusal while it runs or when nothing was played."""
        match = await self.core.get(match_id)
        if match.status == "active":
            raise ServiceError(
                Text(
                    "{title} #{id} is still being played: its review comes once it has ended.",
                    title=match.title,
                    id=match.id,
                )
            )
        if match.status not in ENDED:
            raise ServiceError(
                Text(
                    "{title} #{id} {state}: there is nothing to review.",
                    title=match.title,
                    id=match.id,
                    state=state_of(match.status),
                )
            )
        record = await self.core.record(match.id)
        if not record.moves:
            raise ServiceError(
                Text("Nobody moved in {title} #{id}: there is nothing to review.", title=match.title, id=match.id)
            )
        return Reviewing(match.id, match.version, record.to_dict(), REVIEW_LEVEL, match.seed % (1 << 31))

    async def stored_review(self, match_id: int) -> dict[str, Any] | None:
        row = await self.store.fetchone("SELECT version, review FROM match_reviews WHERE match_id = ?", (match_id,))
        if row is None:
            return None
        match = await self.core.get(match_id)
        if row["version"] != match.version:
            return None
        return json.loads(row["review"])

    async def store_review(self, job: Reviewing, review: dict[str, Any]) -> None:
        await self.store.write(lambda tx: self._store_review(tx, job, review))

    def _store_review(self, tx: Transaction, job: Reviewing, review: dict[str, Any]) -> None:
        tx.execute(
            "INSERT INTO match_reviews (match_id, version, level, review, created_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, level = excluded.level,"
            " review = excluded.review, created_at = excluded.created_at",
            (job.match_id, job.version, job.level, json.dumps(review), self.clock()),
        )
        self.moments.review_stored(tx, job.match_id, review)
