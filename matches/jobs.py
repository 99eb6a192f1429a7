"""The computer's thinking as jobs in the database (``ai_jobs``, migration 16).

A computer's move becomes a row in the transaction of the change that makes it
the computer's turn (``_position_written``, called by every write of a match's
position), so no turn is lost when a process dies and none is queued for a change
that was rolled back; the same write drops the jobs of the match's earlier
positions (a takeback, a resignation).  A review becomes a row when a player asks
for it.  The row holds everything the search needs (``payload``: the position,
level and seed), so any process that reaches the database thinks it out the same
way: the bot's own (``AI_WORKERS``) or ``python -m ai worker`` on another machine
(:mod:`matches.jobrunner` runs them).

A thinking process claims a job (``claim_job``) on a lease, which it renews while
it thinks; one that dies or stops answering leaves the job to be claimed again
when the lease ends.  Claims pass over the rows other processes are claiming
(``FOR UPDATE SKIP LOCKED`` on PostgreSQL; SQLite's single writer claims alone).
The order: live moves before reviews; among them, the servers with the fewest jobs
running first, and of those the oldest job, so no server's many matches starve
another's.  A job that fails (or whose process stops) ``MAX_TRIES`` times is
parked with its reason (``python -m matches broken`` lists it).

A finished move is written to its row (``result``); the bot process that serves the
match's server plays it through the service's versioned move (a move for a
position that changed meanwhile is refused, and the job dropped) and posts the
board, as it always did.  Whoever waits for a job is told through
``Transaction.notify`` (``JOB_QUEUED`` wakes thinking processes, ``JOB_DONE``
the process waiting for a result; PostgreSQL's NOTIFY carries them to the others).
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from dataclasses import dataclass
from typing import Any

from . import ai_seats
from .computer import Computer, Thinking
from .core import Component, Core, dumps
from .models import Match
from .reviews import Reviewing, Reviews
from .store import Transaction

MOVE, REVIEW = "move", "review"
PRIORITY = {MOVE: 0, REVIEW: 1}  # lower first: a live move never waits behind a review
MAX_TRIES = 3  # tries before a job is parked
LEASE = 60.0  # seconds a claim lasts unless renewed (renewed every third of it)
RETRY_DELAY = 2.0  # seconds before a failed job's next try, times its tries
JOB_QUEUED = "ai_job"  # notice: a job is waiting (payload: its kind)
JOB_DONE = "ai_done"  # notice: a job has a result or was parked (payload: kind:match:version)
SEEN = 60.0  # a thinking process heard from within this is counted as running

# A job's match still stands where the job was made: the same version (and for a move, still played).
_CURRENT = (
    "EXISTS (SELECT 1 FROM matches m WHERE m.id = j.match_id AND m.version = j.version"
    " AND (j.kind <> 'move' OR m.status = 'active'))"
)


def done_notice(kind: str, match_id: int, version: int) -> str:
    return f"{kind}:{match_id}:{version}"


@dataclass(frozen=True)
class Job:
    """A job as claimed: what to think about, and the claim that fences its result."""

    id: int
    kind: str
    match_id: int
    version: int
    guild_id: int | None
    payload: str
    tries: int
    claimed_by: str
    claim_token: str
    claimed_until: float

    def thinking(self) -> Thinking:
        return Thinking(**json.loads(self.payload))

    def reviewing(self) -> Reviewing:
        return Reviewing(**json.loads(self.payload))


@dataclass(frozen=True)
class Claim:
    """What a claim found: a job, or when to look again (``soon``: jobs wait that other processes
    are claiming at this moment; ``next_at``: the next lease end or retry among the jobs)."""

    job: Job | None
    soon: bool = False
    next_at: float | None = None


@dataclass(frozen=True)
class JobState:
    state: str  # waiting, running, done, parked
    result: str | None
    error: str | None
    tries: int
    not_before: float  # waiting: not tried again before this


@dataclass(frozen=True)
class ParkedJob:
    id: int
    kind: str
    match_id: int
    version: int
    tries: int
    error: str
    parked_at: float


@dataclass(frozen=True)
class WorkerSeen:
    name: str
    processes: int
    running: int
    done: int
    seen_at: float


@dataclass(frozen=True)
class QueueStatus:
    waiting: dict[str, int]  # by kind
    running: dict[str, int]
    parked: dict[str, int]
    oldest_wait: float | None  # seconds the oldest waiting job has waited
    workers: list[WorkerSeen]  # thinking processes heard from in the last SEEN seconds

    def total(self, which: str) -> int:
        return sum(getattr(self, which).values())


class Jobs(Component):
    """The computer's thinking as jobs.  Listens to ``position_written``: a computer's turn is queued
    in the transaction that made it its turn (and the jobs of earlier positions go)."""

    def __init__(self, core: Core, reviews: Reviews) -> None:
        super().__init__(core)
        self.reviews = reviews
        self.moments.position_written.listen("jobs", self._queue_computer_turn)

    # ------------------------------------------------------------- queueing
    def _queue_computer_turn(self, tx: Transaction, match: Match) -> None:
        if not any(ai_seats.is_ai(p) for p in match.players):
            return
        # The jobs of earlier positions are moot (a move played, taken back, a resignation).
        tx.execute(
            "DELETE FROM ai_jobs WHERE kind = 'move' AND match_id = ? AND version < ?", (match.id, match.version)
        )
        if match.status == "active":
            thinking = Computer.computer_to_move(match)
            if thinking is not None:
                self._queue(tx, MOVE, match.id, match.version, match.guild_id, dataclasses.asdict(thinking))

    def _queue(
        self, tx: Transaction, kind: str, match_id: int, version: int, guild_id: int | None, payload: dict[str, Any]
    ) -> None:
        now = self.clock()
        tx.execute(
            "INSERT INTO ai_jobs (kind, priority, match_id, version, guild_id, payload, state, created_at,"
            " not_before) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?)"
            " ON CONFLICT (kind, match_id, version) DO NOTHING",
            (kind, PRIORITY[kind], match_id, version, guild_id, dumps(payload), now, now),
        )
        tx.notify(JOB_QUEUED, kind)

    async def ensure_move_job(self, job: Thinking) -> bool:
        """Queue ``job`` if its match still stands at its position (a match left waiting before the
        queue existed, or whose job was lost); False when the match has moved on."""

        def work(tx: Transaction) -> bool:
            row = tx.fetchone("SELECT version, status, guild_id FROM matches WHERE id = ?", (job.match_id,))
            if row is None or row["version"] != job.version or row["status"] != "active":
                return False
            self._queue(tx, MOVE, job.match_id, job.version, row["guild_id"], dataclasses.asdict(job))
            return True

        return await self.store.write(work)

    async def queue_review(self, job: Reviewing, owner: str | None = None, *, lease: float = LEASE) -> Job | None:
        """Queue the review of ``job``'s match (once; asking again after it was parked tries again).

        ``owner``: the asking process thinks about it itself if nobody else does (a bot thinking in
        its own processes): the job is claimed for it in the same transaction, and returned."""

        def work(tx: Transaction) -> Job | None:
            now = self.clock()
            row = tx.fetchone("SELECT guild_id FROM matches WHERE id = ?", (job.match_id,))
            tx.execute(
                "UPDATE ai_jobs SET state = 'waiting', tries = 0, error = NULL, not_before = ?, created_at = ?"
                " WHERE kind = 'review' AND match_id = ? AND version = ? AND state = 'parked'",
                (now, now, job.match_id, job.version),
            )
            self._queue(
                tx, REVIEW, job.match_id, job.version, row["guild_id"] if row else None, dataclasses.asdict(job)
            )
            if owner is None:
                return None
            free = tx.fetchone(
                "SELECT * FROM ai_jobs WHERE kind = 'review' AND match_id = ? AND version = ?"
                " AND ((state = 'waiting' AND not_before <= ?) OR (state = 'running' AND claimed_until <= ?))",
                (job.match_id, job.version, now, now),
            )
            if free is None:
                return None
            if free["state"] == "running" and free["tries"] >= MAX_TRIES:
                self._park(tx, free, f"its thinking process stopped or lost its lease {free['tries']} times", now)
                return None
            return self._claim(tx, free, owner, now, lease)

        return await self.store.write(work)

    def _claim(self, tx: Transaction, row, owner: str, now: float, lease: float) -> Job:
        token = secrets.token_hex(8)
        tx.execute(
            "UPDATE ai_jobs SET state = 'running', tries = tries + 1, claimed_by = ?, claim_token = ?,"
            " claimed_until = ?, started_at = ? WHERE id = ?",
            (owner, token, now + lease, now, row["id"]),
        )
        return Job(
            row["id"],
            row["kind"],
            row["match_id"],
            row["version"],
            row["guild_id"],
            row["payload"],
            row["tries"] + 1,
            owner,
            token,
            now + lease,
        )

    async def job_state(self, kind: str, match_id: int, version: int) -> JobState | None:
        row = await self.store.fetchone(
            "SELECT state, result, error, tries, not_before FROM ai_jobs WHERE kind = ?"
            " AND match_id = ? AND version = ?",
            (kind, match_id, version),
        )
        return (
            None
            if row is None
            else JobState(row["state"], row["result"], row["error"], row["tries"], row["not_before"])
        )

    # ------------------------------------------------------------- thinking processes
    async def claim_job(self, owner: str, kinds: tuple[str, ...] = (MOVE, REVIEW), *, lease: float = LEASE) -> Claim:
        """The next job of ``kinds`` for ``owner`` (a thinking process), claimed until ``lease`` from now."""
        marks = ", ".join("?" * len(kinds))

        def work(tx: Transaction) -> Claim:
            now = self.clock()
            pick = (
                "SELECT j.* FROM ai_jobs j LEFT JOIN (SELECT COALESCE(guild_id, 0) AS g, COUNT(*) AS n"
                " FROM ai_jobs WHERE state = 'running' AND claimed_until > ? GROUP BY COALESCE(guild_id, 0)) r"
                " ON r.g = COALESCE(j.guild_id, 0)"
                f" WHERE j.kind IN ({marks}) AND ((j.state = 'waiting' AND j.not_before <= ?)"
                " OR (j.state = 'running' AND j.claimed_until <= ?))"
                f" AND {_CURRENT}"
                " ORDER BY j.priority, COALESCE(r.n, 0), j.created_at, j.id LIMIT 1" + tx.skip_locked.format(table="j")
            )
            while True:
                row = tx.fetchone(pick, (now, *kinds, now, now))
                if row is None:
                    break
                if row["state"] == "running" and row["tries"] >= MAX_TRIES:
                    # Its process stopped (or lost its lease) on every try: a job that kills its worker.
                    self._park(tx, row, f"its thinking process stopped or lost its lease {row['tries']} times", now)
                    continue
                return Claim(self._claim(tx, row, owner, now, lease))
            # Nothing to take: the jobs of positions that are gone go (an abort, a match marked broken).
            tx.execute(
                "DELETE FROM ai_jobs WHERE state IN ('waiting', 'done') AND id IN"
                f" (SELECT j.id FROM ai_jobs j WHERE NOT {_CURRENT})"
            )
            soonest = tx.fetchone(
                "SELECT MIN(t) AS t FROM (SELECT MIN(claimed_until) AS t FROM ai_jobs WHERE state = 'running'"
                f" AND kind IN ({marks}) UNION ALL SELECT MIN(not_before) FROM ai_jobs WHERE state = 'waiting'"
                f" AND kind IN ({marks})) AS x",
                (*kinds, *kinds),
            )["t"]
            return Claim(None, soon=soonest is not None and soonest <= now, next_at=soonest)

        return await self.store.write(work, relaxed=True)

    def _park(self, tx: Transaction, row, reason: str, now: float) -> None:
        tx.execute(
            "UPDATE ai_jobs SET state = 'parked', error = ?, finished_at = ?, claimed_by = NULL,"
            " claim_token = NULL, claimed_until = NULL WHERE id = ?",
            (reason[:500], now, row["id"]),
        )
        tx.notify(JOB_DONE, done_notice(row["kind"], row["match_id"], row["version"]))

    @staticmethod
    def _fenced(tx: Transaction, job: Job, sets: str, params: tuple) -> bool:
        """Change ``job``'s row only while ``job``'s claim holds (a late or duplicate result changes nothing)."""
        return (
            tx.execute(
                f"UPDATE ai_jobs SET {sets} WHERE id = ? AND claim_token = ? AND state = 'running'",
                (*params, job.id, job.claim_token),
            ).rowcount
            == 1
        )

    async def renew_job(self, job: Job, *, lease: float = LEASE) -> bool:
        """Another ``lease`` for a job still being thought about; False if the claim was lost."""
        return await self.store.write(
            lambda tx: self._fenced(tx, job, "claimed_until = ?", (self.clock() + lease,)), relaxed=True
        )

    async def finish_move_job(self, job: Job, move: str) -> bool:
        """The move chosen for ``job``; False (and nothing written) if the claim was lost meanwhile."""

        def work(tx: Transaction) -> bool:
            if not self._fenced(
                tx, job, "state = 'done', result = ?, finished_at = ?, claimed_until = NULL", (move, self.clock())
            ):
                return False
            tx.notify(JOB_DONE, done_notice(MOVE, job.match_id, job.version))
            return True

        return await self.store.write(work, relaxed=True)

    async def finish_review_job(self, job: Job, review: dict[str, Any]) -> bool:
        """The review of ``job``'s match, stored (and the job gone) if the claim still holds."""

        def work(tx: Transaction) -> bool:
            if not self._fenced(tx, job, "state = 'done', finished_at = ?", (self.clock(),)):
                return False
            self.reviews._store_review(tx, job.reviewing(), review)
            tx.execute("DELETE FROM ai_jobs WHERE id = ?", (job.id,))
            tx.notify(JOB_DONE, done_notice(REVIEW, job.match_id, job.version))
            return True

        return await self.store.write(work, relaxed=True)

    async def fail_job(self, job: Job, reason: str, *, retry_delay: float = RETRY_DELAY) -> str | None:
        """The try failed: the job waits for another try, or is parked after MAX_TRIES; the state it went to."""

        def work(tx: Transaction) -> str | None:
            now = self.clock()
            if job.tries >= MAX_TRIES:
                if not self._fenced(
                    tx,
                    job,
                    "state = 'parked', error = ?, finished_at = ?, claimed_by = NULL,"
                    " claim_token = NULL, claimed_until = NULL",
                    (reason[:500], now),
                ):
                    return None
                tx.notify(JOB_DONE, done_notice(job.kind, job.match_id, job.version))
                return "parked"
            if not self._fenced(
                tx,
                job,
                "state = 'waiting', error = ?, not_before = ?, claimed_by = NULL,"
                " claim_token = NULL, claimed_until = NULL",
                (reason[:500], now + retry_delay * job.tries),
            ):
                return None
            tx.notify(JOB_QUEUED, job.kind)
            return "waiting"

        return await self.store.write(work, relaxed=True)

    async def hand_back(self, job: Job) -> bool:
        """A process stopping hands its job back untried, for another to take at once."""

        def work(tx: Transaction) -> bool:
            if not self._fenced(
                tx,
                job,
                "state = 'waiting', tries = tries - 1, not_before = ?, claimed_by = NULL,"
                " claim_token = NULL, claimed_until = NULL",
                (self.clock(),),
            ):
                return False
            tx.notify(JOB_QUEUED, job.kind)
            return True

        return await self.store.write(work, relaxed=True)

    async def heartbeat(
        self, name: str, host: str, pid: int, processes: int, running: int, done: int, started_at: float
    ) -> None:
        now = self.clock()
        await self.store.write(
            lambda tx: tx.execute(
                "INSERT INTO ai_workers (name, host, pid, processes, running, done, started_at, seen_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET processes = excluded.processes,"
                " running = excluded.running, done = excluded.done, seen_at = excluded.seen_at",
                (name, host, pid, processes, running, done, started_at, now),
            ),
            relaxed=True,
        )

    async def worker_gone(self, name: str) -> None:
        await self.store.write(lambda tx: tx.execute("DELETE FROM ai_workers WHERE name = ?", (name,)), relaxed=True)

    # ------------------------------------------------------------- what the operator sees
    async def queue_status(self, guild_id: int | None = None) -> QueueStatus:
        """The jobs waiting, running and parked (of one server's matches, if ``guild_id``), the oldest
        wait, and the thinking processes heard from in the last minute."""
        now = self.clock()
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self.store.fetchall(
            f"SELECT state, kind, COUNT(*) AS n, MIN(created_at) AS oldest FROM ai_jobs {where} GROUP BY state, kind",
            params,
        )
        counts: dict[str, dict[str, int]] = {"waiting": {}, "running": {}, "parked": {}}
        oldest = None
        for row in rows:
            state = row["state"]
            if state in counts:
                counts[state][row["kind"]] = row["n"]
            if state == "waiting" and (oldest is None or row["oldest"] < oldest):
                oldest = row["oldest"]
        workers = await self.store.fetchall(
            "SELECT name, processes, running, done, seen_at FROM ai_workers WHERE seen_at >= ? ORDER BY name",
            (now - SEEN,),
        )
        return QueueStatus(
            counts["waiting"],
            counts["running"],
            counts["parked"],
            None if oldest is None else max(0.0, now - oldest),
            [WorkerSeen(w["name"], w["processes"], w["running"], w["done"], w["seen_at"]) for w in workers],
        )

    async def park_result(self, match_id: int, version: int, reason: str) -> None:
        """A move the service refused as illegal (a bug in the search): parked, not tried again and again."""
        await self.store.execute(
            "UPDATE ai_jobs SET state = 'parked', error = ?, finished_at = ? WHERE kind = 'move'"
            " AND match_id = ? AND version = ? AND state = 'done'",
            (reason[:500], self.clock(), match_id, version),
        )

    async def parked_jobs(self) -> list[ParkedJob]:
        rows = await self.store.fetchall(
            "SELECT id, kind, match_id, version, tries, error, finished_at FROM ai_jobs"
            " WHERE state = 'parked' ORDER BY finished_at, id"
        )
        return [
            ParkedJob(r["id"], r["kind"], r["match_id"], r["version"], r["tries"], r["error"] or "", r["finished_at"])
            for r in rows
        ]

    async def retry_parked(self, job_id: int) -> bool:
        """The operator tries a parked job again (after repairing what made it fail)."""
        now = self.clock()

        def work(tx: Transaction) -> bool:
            row = tx.fetchone(
                "UPDATE ai_jobs SET state = 'waiting', tries = 0, error = NULL, not_before = ?,"
                " finished_at = NULL WHERE id = ? AND state = 'parked' RETURNING kind",
                (now, job_id),
            )
            if row is None:
                return False
            tx.notify(JOB_QUEUED, row["kind"])
            return True

        return await self.store.write(work)
