"""The daily digest, the next match waiting for a player, and private notes.

A player who chose ``reminders = 'digest'`` gets one DM a day, at the hour he chose in his own
time zone, listing every match where it is his turn (most urgent deadline first); the daily
per-match reminders stop for him (the quarter-time warning still comes on its own:
``bot.clock.reminders``).  His next digest is due at ``users.digest_next_at`` and is claimed like a
match's due work (:meth:`Timekeeping.claim_due`): a claim names the process and a new token
and moves ``digest_next_at`` to the end of the lease, the process confirms its claim just
before sending and ``mark_digest_sent`` is fenced by owner and token, so of several processes,
across restarts, exactly one sends each digest.  ``digest_sent_on`` (the player's local day)
keeps it to one a day even when he changes the hour after today's went out.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engines.text import Text

from .core import Component, Core
from .errors import NotAPlayer, ServiceError
from .models import Match, UserSettings
from .store import Transaction

DIGEST_LEASE = 120.0
NOTE_MAX = 1000  # characters of a private note


def zone(name: str) -> ZoneInfo:
    try:
        if name in _zones():
            return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    raise ServiceError(
        Text("{zone} is not a time zone I know; pick one from the list (like Europe/Berlin).", zone=name)
    )


_ZONES: set[str] | None = None


def _zones() -> set[str]:
    global _ZONES
    if _ZONES is None:
        _ZONES = available_timezones() | {"UTC"}
    return _ZONES


def timezone_names() -> list[str]:
    """Every IANA zone name this machine knows (``tzdata`` brings them where the system has none)."""
    return sorted(_zones())


def local_day(at: float, tz: ZoneInfo) -> str:
    return dt.datetime.fromtimestamp(at, tz).date().isoformat()


def next_digest_at(now: float, hour: int, tz: ZoneInfo, sent_on: str | None = None) -> float:
    """The next time after ``now`` that is ``hour`` o'clock in ``tz`` (DST-correct: the wall
    clock's hour, 23 or 25 hours after the one before across a change), on a day other than
    ``sent_on``.  An hour that a spring-forward skips comes an hour later that day."""
    day = dt.datetime.fromtimestamp(now, tz).date()
    for offset in range(3):
        date = day + dt.timedelta(days=offset)
        at = dt.datetime(date.year, date.month, date.day, hour, tzinfo=tz).timestamp()
        if at > now and date.isoformat() != sent_on:
            return at
    raise AssertionError("unreachable: one of three days has the hour")


def _urgency(match: Match) -> tuple:
    """The nearest deadline first (a match without one last), then the oldest match."""
    return (match.deadline is None, match.deadline or 0.0, match.id)


@dataclass
class DigestClaim:
    """A digest claimed for sending: whose, for which process, with which token."""

    user_id: int
    owner: str
    token: str
    settings: UserSettings
    matches: list[Match] = field(default_factory=list)  # his turn, most urgent deadline first


class Digests(Component):
    """Daily digests and private notes; declares the wakeup of the next digest."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.moments.wakeups.listen("digests", self.next_wakeup)

    # ------------------------------------------------------------- settings
    async def set_reminder_settings(
        self, user_id: int, *, reminders: str | None = None, digest_hour: int | None = None, timezone: str | None = None
    ) -> UserSettings:
        """Change what is given; schedules (or drops) the player's daily digest to match."""
        if reminders is not None and reminders not in ("mention", "dm", "digest", "off"):
            raise ServiceError(Text("Reminders are sent as a mention, by DM, as a daily digest, or not at all (off)."))
        if digest_hour is not None and not 0 <= digest_hour <= 23:
            raise ServiceError(Text("The digest hour is a whole hour from 0 to 23."))
        if timezone is not None:
            zone(timezone)
        now = self.clock()

        def work(tx: Transaction) -> UserSettings:
            row = tx.fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,))
            current = UserSettings(**dict(row)) if row else UserSettings(user_id)
            mode = reminders or current.reminders
            hour = current.digest_hour if digest_hour is None else digest_hour
            tz_name = timezone or current.timezone
            nxt = next_digest_at(now, hour, zone(tz_name), current.digest_sent_on) if mode == "digest" else None
            tx.execute(
                "INSERT INTO users (user_id, reminders, digest_hour, timezone, digest_next_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders,"
                " digest_hour = excluded.digest_hour, timezone = excluded.timezone,"
                " digest_next_at = excluded.digest_next_at",
                (user_id, mode, hour, tz_name, nxt),
            )
            tx.schedule(nxt)
            return UserSettings(
                **{
                    **current.__dict__,
                    "reminders": mode,
                    "digest_hour": hour,
                    "timezone": tz_name,
                    "digest_next_at": nxt,
                }
            )

        return await self.store.write(work)

    async def set_reminders(self, user_id: int, mode: str) -> None:
        await self.set_reminder_settings(user_id, reminders=mode)

    # ------------------------------------------------------------- the digest
    async def claim_due_digests(
        self, owner: str, *, limit: int = 200, lease: float = DIGEST_LEASE
    ) -> list[DigestClaim]:
        """The digests due now, each claimed for ``owner`` (of several processes exactly one gets
        each), with the matches each lists; a digest with no match to list is simply marked sent
        by its claimant (nothing goes out that day)."""
        now = self.clock()
        token = secrets.token_hex(8)

        def work(tx: Transaction) -> list:
            rows = tx.fetchall(
                "SELECT * FROM users WHERE user_id IN (SELECT user_id FROM users WHERE"
                " digest_next_at <= ? ORDER BY digest_next_at LIMIT ?)",
                (now, limit),
            )
            if not rows:
                return []
            tx.execute(
                f"UPDATE users SET digest_claimed_by = ?, digest_claim_token = ?, digest_next_at = ?"
                f" WHERE user_id IN ({', '.join('?' * len(rows))})",
                (owner, token, now + lease, *(r["user_id"] for r in rows)),
            )
            tx.schedule(now + lease)  # the others look again when the lease ends
            return [dict(r) for r in rows]

        rows = sorted(await self.store.write(work), key=lambda r: (r["digest_next_at"], r["user_id"]))
        claims = {
            row["user_id"]: DigestClaim(
                row["user_id"],
                owner,
                token,
                UserSettings(**{**row, "digest_claimed_by": owner, "digest_claim_token": token}),
            )
            for row in rows
        }
        # Every claimed player's active matches in one read (through match_players, keyed by user),
        # loaded on a worker thread: a round of 200 players in four matches each loads some 800
        # engine states, which on the event loop held up every interaction meanwhile (the loop
        # answered up to 1.5 s late; bench.digest, docs/benchmarks.md).
        seen: set[int] = set()
        for chunk in range(0, len(rows), 500):
            users = [row["user_id"] for row in rows[chunk : chunk + 500]]
            found = await self.store.fetchall(
                "SELECT m.* FROM match_players p CROSS JOIN matches m WHERE p.user_id IN"
                f" ({', '.join('?' * len(users))}) AND m.id = p.match_id AND m.status = 'active'",
                tuple(users),
            )
            for match in await self.core._readable_in_thread(found):
                mover = match.to_move_id()
                if mover in claims and match.id not in seen:
                    seen.add(match.id)
                    claims[mover].matches.append(match)
        for claim in claims.values():
            claim.matches.sort(key=_urgency)
        return list(claims.values())

    async def waiting_for(self, user_id: int) -> list[Match]:
        """The active matches where it is ``user_id``'s turn, the nearest deadline first."""
        return sorted([m for m in await self.core.user_matches(user_id) if m.to_move_id() == user_id], key=_urgency)

    async def confirm_digest(self, claim: DigestClaim) -> bool:
        """Just before sending: whether the claim still holds (nobody took it over after a pause)."""
        row = await self.store.fetchone(
            "SELECT 1 FROM users WHERE user_id = ? AND digest_claimed_by = ? AND digest_claim_token = ?",
            (claim.user_id, claim.owner, claim.token),
        )
        return row is not None

    async def mark_digest_sent(self, claim: DigestClaim) -> bool:
        """Today's digest is done (sent, or nothing to send): the next one is due tomorrow at the
        player's hour, as his settings say now (he may have changed them meanwhile: a change leaves
        a running claim alone).  Fenced by owner and token: False when another process holds the
        claim now."""
        now = self.clock()

        def work(tx: Transaction) -> bool:
            row = tx.fetchone(
                "SELECT reminders, digest_hour, timezone FROM users WHERE user_id = ?"
                " AND digest_claimed_by = ? AND digest_claim_token = ?",
                (claim.user_id, claim.owner, claim.token),
            )
            if row is None:
                return False
            tz = zone(row["timezone"])
            today = local_day(now, tz)
            nxt = next_digest_at(now, row["digest_hour"], tz, today) if row["reminders"] == "digest" else None
            tx.schedule(nxt)
            tx.execute(
                "UPDATE users SET digest_next_at = ?, digest_sent_on = ?, digest_claimed_by = NULL,"
                " digest_claim_token = NULL WHERE user_id = ?",
                (nxt, today, claim.user_id),
            )
            return True

        return await self.store.write(work)

    async def next_wakeup(self) -> float | None:
        """When the next digest is due."""
        row = await self.store.fetchone("SELECT MIN(digest_next_at) FROM users WHERE digest_next_at IS NOT NULL")
        return row[0]

    # ------------------------------------------------------------- notes
    async def set_note(self, match_id: int, user_id: int, text: str) -> None:
        """The player's private note on the match (empty text deletes it)."""
        if len(text) > NOTE_MAX:
            raise ServiceError(Text("A note has at most {count} characters.", count=NOTE_MAX))
        now = self.clock()

        def work(tx: Transaction) -> None:
            if (
                tx.fetchone("SELECT 1 FROM match_players WHERE match_id = ? AND user_id = ?", (match_id, user_id))
                is None
            ):
                raise NotAPlayer(Text("You are not playing in match #{id}.", id=match_id))
            if not text.strip():
                tx.execute("DELETE FROM match_notes WHERE match_id = ? AND user_id = ?", (match_id, user_id))
                return
            tx.execute(
                "INSERT INTO match_notes (match_id, user_id, text, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (match_id, user_id) DO UPDATE SET text = excluded.text,"
                " updated_at = excluded.updated_at",
                (match_id, user_id, text, now),
            )

        await self.store.write(work)

    async def note(self, match_id: int, user_id: int) -> str | None:
        """The note ``user_id`` keeps on the match: only ever his own."""
        row = await self.store.fetchone(
            "SELECT text FROM match_notes WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return row["text"] if row else None
