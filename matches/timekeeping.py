"""Reminders, deadlines, abandonment, vacations and per-user / per-server settings."""

from __future__ import annotations

import datetime as dt
import secrets

from engines.text import Text

from . import timing
from .core import Component, Core, guild_settings_of
from .errors import NotAPlayer, ServiceError
from .models import Match
from .shards import Shards
from .store import Transaction
from .timing import ClockEvent


def _year(ts: float) -> int:
    return dt.datetime.fromtimestamp(ts, dt.UTC).year


LANGUAGES = ("en", "de", "fr", "server")  # what a server admin may choose for the bot's public words
# Sending an event makes the earlier once-a-turn events moot; DAILY repeats.
_IMPLIED = {
    ClockEvent.DAILY: 0,
    ClockEvent.QUARTER: ClockEvent.QUARTER,
    ClockEvent.TIMEOUT: ClockEvent.QUARTER | ClockEvent.TIMEOUT,
}
# How long a process may take to deliver what it claimed before another may take it over.
CLAIM_LEASE = 120.0


class Timekeeping(Component):
    """Reminders, deadlines, abandonment (fires ``abandoned`` in the closing transaction),
    vacations and settings; declares the wakeup of the matches' clocks and challenges' expiries."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.moments.wakeups.listen("timekeeping", self.next_wakeup)

    async def due(self, limit: int = 10, per_channel: int | None = None) -> list[tuple[Match, ClockEvent]]:
        """The matches with a reminder, timeout notice or abandonment due now,
        most overdue first, at most ``limit`` (so a backlog after downtime is
        spread over several rounds), and at most ``per_channel`` of each channel
        (so a channel with a long backlog does not fill every round)."""
        if per_channel is None:
            rows = await self.store.fetchall(
                "SELECT * FROM matches WHERE status = 'active' AND next_event_at <= ? ORDER BY next_event_at LIMIT ?",
                (self.clock(), limit),
            )
        else:
            rows = await self.store.fetchall(
                "SELECT m.* FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY COALESCE(thread_id, channel_id)"
                " ORDER BY next_event_at) AS nth FROM matches WHERE status = 'active' AND next_event_at <= ?) d"
                " CROSS JOIN matches m WHERE m.id = d.id AND d.nth <= ? ORDER BY m.next_event_at LIMIT ?",
                (self.clock(), per_channel, limit),
            )
        return await self._due_events(rows)

    async def _due_events(self, rows) -> list[tuple[Match, ClockEvent]]:
        """What is due of each match of ``rows``; a row that cannot be read is marked broken and
        skipped (marking it ends its claim and its due work), so it holds up nothing else."""
        out = []
        for match in await self.core._readable(rows):
            events = timing.due_events(
                match.clock_start, match.deadline, match.turn_days, match.sent, match.last_reminded_at
            )
            due = [e for at, e in events if at <= self.clock()]
            if due:
                # Several due at once (after downtime): only the latest matters.
                out.append((match, max(due)))
        return out

    async def claim_due(
        self,
        owner: str,
        *,
        limit: int = 10,
        per_channel: int | None = None,
        shards: Shards | None = None,
        lease: float = CLAIM_LEASE,
    ) -> list[tuple[Match, ClockEvent]]:
        """Like :meth:`due`, but each match is claimed for ``owner`` (a bot process): of several
        processes on one database, exactly one gets each.

        A claim moves the match's ``next_event_at`` to the end of the lease (and names the owner
        in ``claimed_by``, with a new ``claim_token``): for everybody else it is simply not due until
        then, so no scheduler spins on it and the index on ``next_event_at`` finds the due work as
        before.  ``mark_sent`` sets the real next event; a process that dies first leaves the match
        due again, to whoever looks, when the lease runs out.  The owner confirms its claim just
        before delivering (``confirm_claim``) and ``mark_sent`` is fenced by owner and token, so a
        process paused past its lease neither delivers again nor marks what another delivered."""
        now = self.clock()
        served, served_params = (shards or Shards(1, (0,))).sql()
        free = f"status = 'active' AND next_event_at <= ? AND {served}"
        if per_channel is None:
            pick = f"SELECT id FROM matches WHERE {free} ORDER BY next_event_at LIMIT ?"
            params = (now, *served_params, limit)
        else:
            pick = (
                "SELECT id FROM (SELECT id, next_event_at, ROW_NUMBER() OVER (PARTITION BY"
                f" COALESCE(thread_id, channel_id) ORDER BY next_event_at) AS nth FROM matches WHERE {free}) d"
                " WHERE d.nth <= ? ORDER BY d.next_event_at LIMIT ?"
            )
            params = (now, *served_params, per_channel, limit)

        token = secrets.token_hex(8)

        def work(tx: Transaction) -> list:
            rows = tx.fetchall(f"SELECT * FROM matches WHERE id IN ({pick})", params)
            if not rows:
                return []
            tx.execute(
                f"UPDATE matches SET claimed_by = ?, claimed_until = ?, claim_token = ?, next_event_at = ?"
                f" WHERE id IN ({', '.join('?' * len(rows))})",
                (owner, now + lease, token, now + lease, *(r["id"] for r in rows)),
            )
            tx.schedule(now + lease)  # the others look again when the lease ends
            # As claimed (next_event_at still says when the work fell due: the most overdue goes first).
            return [{**dict(r), "claimed_by": owner, "claimed_until": now + lease, "claim_token": token} for r in rows]

        rows = sorted(await self.store.write(work), key=lambda row: (row["next_event_at"], row["id"]))
        return await self._due_events(rows)

    async def confirm_claim(self, match: Match, *, lease: float = CLAIM_LEASE) -> bool:
        """Just before delivering what ``match`` was claimed for: whether the claim still holds
        (same owner and token, the match unchanged), renewed for another ``lease`` if so.

        A process paused past its lease (SIGSTOP, a long GC) finds its claim taken over, or the work
        done, by another process, and must not deliver: that is what keeps a delivery to one process
        for pauses, not only for crashes.  (A pause between this and the send itself, longer than
        the lease, is left to Discord's nonce: ``bot.clock.reminders.delivery_nonce``.)"""
        if match.claim_token is None:
            return True  # not claimed (``due``): nothing to fence
        now = self.clock()
        if match.claimed_until is not None and now < match.claimed_until - lease / 2:
            # Most of the lease is left: nobody can have taken it over, a read says whether it still holds.
            row = await self.store.fetchone(
                "SELECT 1 FROM matches WHERE id = ? AND claimed_by = ? AND claim_token = ? AND version = ?"
                " AND status = 'active' AND broken IS NULL",
                (match.id, match.claimed_by, match.claim_token, match.version),
            )
            return row is not None

        # Not scheduled (Transaction.schedule): the renewal only puts the work later, nobody need wake sooner.
        def work(tx: Transaction) -> int:
            return tx.execute(
                "UPDATE matches SET claimed_until = ?, next_event_at = ? WHERE id = ? AND claimed_by = ?"
                " AND claim_token = ? AND version = ? AND status = 'active' AND broken IS NULL",
                (now + lease, now + lease, match.id, match.claimed_by, match.claim_token, match.version),
            ).rowcount

        return await self.store.write(work) == 1

    async def next_wakeup(self) -> float | None:
        """When a match's clock or a challenge is next due: a reminder, a deadline, or a challenge's expiry."""
        row = await self.store.fetchone(
            "SELECT MIN(t) FROM (SELECT MIN(next_event_at) AS t FROM matches WHERE status = 'active'"
            " UNION ALL SELECT MIN(expires_at) FROM matches WHERE status = 'challenge' AND broken IS NULL) AS soonest"
        )
        return row[0]

    async def mark_sent(self, match: Match, event: ClockEvent) -> Match | None:
        """Record that ``event`` went out (or closes the match for ABANDON).

        Returns None when the match changed in between (a move beat the reminder), or when it was
        claimed and the claim is no longer ``match``'s (another process took it over and did the work).
        """
        now = self.clock()
        # Fenced: only the holder of the claim the match was read with (same owner, same token).
        fence, fenced = (
            (" AND claimed_by = ? AND claim_token = ?", (match.claimed_by, match.claim_token))
            if match.claim_token is not None
            else ("", ())
        )
        if event == ClockEvent.ABANDON:

            def closing(tx: Transaction):
                done = tx.execute(
                    "UPDATE matches SET status = 'abandoned', ended_at = ?, updated_at = ?, next_event_at = NULL,"
                    " claimed_by = NULL, claimed_until = NULL, claim_token = NULL, version = version + 1"
                    " WHERE id = ? AND version = ? AND status = 'active'" + fence,
                    (now, now, match.id, match.version, *fenced),
                )
                if done.rowcount == 1:
                    self.moments.abandoned(tx, match)
                return done

            done = await self.store.write(closing)
        else:
            sent = match.sent | _IMPLIED[event]
            last = now if event in (ClockEvent.DAILY, ClockEvent.QUARTER) else match.last_reminded_at
            nxt = timing.next_event_at(match.clock_start, match.deadline, match.turn_days, sent, last)

            def work(tx: Transaction):
                tx.schedule(nxt)
                return tx.execute(
                    "UPDATE matches SET sent = ?, last_reminded_at = ?, next_event_at = ?,"
                    " claimed_by = NULL, claimed_until = NULL, claim_token = NULL"
                    " WHERE id = ? AND version = ? AND status = 'active'" + fence,
                    (sent, last, nxt, match.id, match.version, *fenced),
                )

            done = await self.store.write(work)
        if done.rowcount != 1:
            return None
        return await self.core.get(match.id)

    # ------------------------------------------------------------- settings
    async def set_match_pings(self, match_id: int, user_id: int, on: bool) -> None:
        """Reminders for this player in this one match (ux-notes: a match can switch pings off)."""
        done = await self.store.execute(
            "UPDATE match_players SET pings = ? WHERE match_id = ? AND user_id = ?", (int(on), match_id, user_id)
        )
        if done.rowcount != 1:
            raise NotAPlayer(Text("You are not playing in match #{id}.", id=match_id))

    async def match_pings(self, match_id: int, user_id: int) -> bool:
        row = await self.store.fetchone(
            "SELECT pings FROM match_players WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return bool(row and row["pings"])

    async def remember_language(self, user_id: int, language: str) -> None:
        """The player's Discord language (``en``, ``de`` or ``fr``), for what the bot sends him by DM."""
        await self.store.execute(
            "INSERT INTO users (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def start_vacation(self, user_id: int, days: int) -> float:
        """Pause the clocks of all the user's matches for ``days`` days (30 a year).

        ``days = 0`` ends a running vacation and gives back the unused days.
        Returns the end of the vacation.
        """
        if not 0 <= days <= timing.VACATION_DAYS_PER_YEAR:
            raise ServiceError(
                Text("A vacation lasts 1 to {most} days (0 ends yours).", most=timing.VACATION_DAYS_PER_YEAR)
            )
        now = self.clock()
        settings = await self.core.user_settings(user_id)
        used = settings.vacation_used if settings.vacation_year == _year(now) else 0.0
        running = max(0.0, (settings.vacation_until or 0.0) - now)
        if days == 0:
            new_until, used = now, max(0.0, used - running / timing.DAY)
        else:
            left = timing.VACATION_DAYS_PER_YEAR - used
            if days > left + 1e-9:
                raise ServiceError(_vacation_left(int(left)))
            new_until = max(now, settings.vacation_until or now) + days * timing.DAY
            used += days
        shift = new_until - max(now, settings.vacation_until or now)
        waiting = await self._waiting_on(user_id)

        def work(tx: Transaction) -> None:
            tx.execute(
                "INSERT INTO users (user_id, vacation_until, vacation_year, vacation_used) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET vacation_until = excluded.vacation_until,"
                " vacation_year = excluded.vacation_year, vacation_used = excluded.vacation_used",
                (user_id, new_until, _year(now), used),
            )
            # Every match where the user is to move: his clock stops for the vacation.
            for match in waiting:
                start = max(match.clock_start + shift, now) if shift < 0 else match.clock_start + shift
                deadline = match.deadline + shift
                nxt = timing.next_event_at(start, deadline, match.turn_days, match.sent, match.last_reminded_at)
                tx.execute(
                    "UPDATE matches SET clock_start = ?, deadline = ?, next_event_at = ?,"
                    " version = version + 1 WHERE id = ? AND version = ?",
                    (start, deadline, nxt, match.id, match.version),
                )
                tx.schedule(nxt)

        await self.store.write(work)
        return new_until

    async def _waiting_on(self, user_id: int) -> list[Match]:
        return [m for m in await self.core.user_matches(user_id) if m.to_move_id() == user_id]

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        default_days: int | None = None,
        challenge_channel_id: int | None = None,
        threads: bool | None = None,
        language: str | None = None,
    ) -> None:
        """Change what is given; ``language="server"`` goes back to the server's Discord language."""
        if default_days is not None and default_days not in timing.DAYS_CHOICES:
            raise ServiceError(
                Text("The time per move is one of {days} days.", days=", ".join(map(str, timing.DAYS_CHOICES)))
            )
        if language is not None and language not in LANGUAGES:
            raise ServiceError(Text("The bot speaks English (en), German (de) and French (fr)."))

        def work(tx: Transaction) -> None:
            row = tx.fetchone("SELECT * FROM guilds WHERE guild_id = ?", (guild_id,))
            current = guild_settings_of(row, guild_id)
            chosen = current.language if language is None else None if language == "server" else language
            tx.execute(
                "INSERT INTO guilds (guild_id, default_days, challenge_channel_id, threads, language)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET default_days = excluded.default_days,"
                " challenge_channel_id = excluded.challenge_channel_id, threads = excluded.threads,"
                " language = excluded.language",
                (
                    guild_id,
                    default_days if default_days is not None else current.default_days,
                    challenge_channel_id if challenge_channel_id is not None else current.challenge_channel_id,
                    int(threads if threads is not None else current.threads),
                    chosen,
                ),
            )
            # Every process keeps the servers' languages in memory (bot.setup.client): they read it again.
            tx.notify("guild", str(guild_id))

        await self.store.write(work)


def _vacation_left(days: int) -> Text:
    """The vacation days left this year; none left is said in words, not as a 0."""
    if days <= 0:
        return Text("You have no vacation days left this year.")
    if days == 1:
        return Text("You have 1 vacation day left this year.")
    return Text("You have {count} vacation days left this year.", count=days)
