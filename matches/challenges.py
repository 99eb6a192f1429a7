"""Challenges (a match that has not started), acceptance and rematches."""

from __future__ import annotations

import random
from typing import Any

from engines import SetupError, get_game
from engines.text import Sentence, Text

from . import ai_seats, timing
from .core import Component, dumps
from .errors import MatchClosed, NotAPlayer, ServiceError, StaleRequest
from .models import Match, Player
from .statuses import state_of
from .store import Transaction


class Challenges(Component):
    """Challenges, acceptance and rematches; fires ``challenge_closed`` in the closing transaction
    and asks ``rematch_veto`` before a rematch."""

    async def create_challenge(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int | None,
        challenger: Player,
        opponents: list[Player],
        *,
        options: dict[str, Any] | None = None,
        first: str = "random",
        days: int | None = None,
        clock: str = "move",
        bank: float | None = None,
        increment: float | None = None,
    ) -> Match:
        """A challenge (a match that starts once everyone accepted).  ``clock``: "move", time per
        move (``days``); "bank", a time bank per player of ``bank`` days (default 7) that runs only
        on his turn and gains ``increment`` hours (default 24) after each of his turns, up to the start."""
        spec = get_game(game)
        bank_seconds, increment_seconds = self._bank_of(clock, bank, increment)
        if bank_seconds is not None and days is not None:
            raise ServiceError(Text("A time bank has no time per move: leave out days, or choose clock: move."))
        people = [challenger, *opponents]
        if any(p.id == challenger.id for p in opponents):
            raise ServiceError(Text("You cannot challenge yourself."))
        if len({p.id for p in people}) != len(people):
            raise ServiceError(Text("Each opponent can be invited only once."))
        bots = [p.name for p in opponents if p.bot and not ai_seats.is_valid(p.id)]
        if bots:
            raise ServiceError(
                Text("{names} is a bot and cannot play.", names=bots[0])
                if len(bots) == 1
                else Text("{names} are bots and cannot play.", names=", ".join(bots))
            )
        try:
            opts = spec.check(len(people), options)
        except SetupError as exc:
            raise ServiceError(Sentence(exc.text)) from None
        days = await self.core.time_per_move(guild_id, days)
        seed = self.core.seeds()
        order = self._seat_order(people, first, seed)
        setup = spec.resolve_setup(len(order), seed, dict(spec.starting_setup), opts)
        now = self.clock()
        # The computer accepts at once: a match against it alone starts right away.
        accepted = [challenger.id, *(p.id for p in opponents if ai_seats.is_ai(p.id))]

        def work(tx: Transaction) -> Match:
            row = tx.fetchone(
                "INSERT INTO matches (game, guild_id, channel_id, status, challenger_id, players, names,"
                " accepted, options, seed, setup, days, created_at, updated_at, expires_at, bank, increment, banks)"
                " VALUES (?, ?, ?, 'challenge', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    game,
                    guild_id,
                    channel_id,
                    challenger.id,
                    dumps([p.id for p in order]),
                    dumps([p.name for p in order]),
                    dumps(accepted),
                    dumps(opts),
                    seed,
                    dumps(setup),
                    days,
                    now,
                    now,
                    now + self.core.challenge_ttl,
                    bank_seconds,
                    increment_seconds,
                    dumps([bank_seconds] * len(order)) if bank_seconds is not None else None,
                ),
            )
            self.core._index_players(tx, row["id"], [p.id for p in order])
            return self._start_if_all_accepted(tx, Match.from_row(row), accepted) or self._open(tx, row)

        return await self.store.write(work)

    @staticmethod
    def _bank_of(clock: str, bank: float | None, increment: float | None) -> tuple[float | None, float | None]:
        """The time bank and increment in seconds (None, None: time per move)."""
        if clock == "move":
            if bank is not None or increment is not None:
                raise ServiceError(Text("A bank and an increment go with a time bank (clock: bank)."))
            return None, None
        if clock != "bank":
            raise ServiceError(Text("The clock is either time per move (move) or a time bank (bank)."))
        bank = timing.DEFAULT_BANK_DAYS if bank is None else bank
        increment = timing.DEFAULT_INCREMENT_HOURS if increment is None else increment
        if not 1 <= bank <= timing.MAX_BANK_DAYS:
            raise ServiceError(Text("A time bank holds 1 to {most} days.", most=timing.MAX_BANK_DAYS))
        if not 0 <= increment <= bank * 24:
            raise ServiceError(Text("The increment is 0 to {most} hours (at most the bank).", most=int(bank * 24)))
        return bank * timing.DAY, increment * 3600.0

    @staticmethod
    def _open(tx: Transaction, row) -> Match:
        """A challenge waiting for answers: its expiry is the scheduler's business."""
        tx.schedule(row["expires_at"])
        return Match.from_row(row)

    def _start_if_all_accepted(self, tx: Transaction, match: Match, accepted: list[int]) -> Match | None:
        """The match begins once every player accepted (the computer's seats always have); None until then."""
        if set(accepted) != set(match.players):
            return None
        state = get_game(match.game).setup(len(match.players), match.seed, match.setup, match.options)
        series_id = match.series_id or self.core._new_series(tx, match.game, match.guild_id, match.players)
        return self.core._commit(
            tx, match, state, status="active", accepted=dumps(accepted), series_id=series_id, expires_at=None
        )

    @staticmethod
    def _seat_order(people: list[Player], first: str, seed: int) -> list[Player]:
        """Seat 0 starts.  ``first``: me (challenger), opponent, or random (from the seed)."""
        if first == "me":
            return list(people)
        if first == "opponent":
            return people[1:] + people[:1]
        if first != "random":
            raise ServiceError(Text("'first' must be me, opponent or random."))
        order = list(people)
        random.Random(seed).shuffle(order)
        return order

    async def accept(self, match_id: int, user_id: int) -> Match:
        """Record an acceptance; the match starts once every invitee accepted."""
        match = await self._open_challenge(match_id, user_id)
        if user_id in match.accepted:
            raise StaleRequest(Text("You have already accepted this challenge."))
        accepted = match.accepted + [user_id]
        now = self.clock()

        def work(tx: Transaction) -> Match:
            started = self._start_if_all_accepted(tx, match, accepted)
            if started is not None:
                return started
            row = tx.fetchone(
                "UPDATE matches SET accepted = ?, updated_at = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status = 'challenge' RETURNING *",
                (dumps(accepted), now, match_id, match.version),
            )
            if row is None:
                raise StaleRequest(Text("This challenge changed in the meantime; look at it again."))
            return Match.from_row(row)

        return await self.store.write(work)

    async def decline(self, match_id: int, user_id: int) -> Match:
        """An invitee declines, or the challenger withdraws: the challenge is off."""
        match = await self._open_challenge(match_id, user_id, challenger_may=True)
        await self._close_challenge(match, "cancelled" if user_id == match.challenger_id else "declined")
        return await self.core.get(match_id)

    async def _open_challenge(self, match_id: int, user_id: int, challenger_may: bool = False) -> Match:
        match = await self.core.get(match_id)
        if match.status != "challenge":
            raise MatchClosed(
                Text(
                    "This challenge is no longer open: match #{id} {state}.", id=match.id, state=state_of(match.status)
                )
            )
        if match.expires_at is not None and self.clock() >= match.expires_at:
            await self._close_challenge(match, "expired")
            raise MatchClosed(Text("This challenge has expired."))
        if user_id not in match.players or (user_id == match.challenger_id and not challenger_may):
            raise NotAPlayer(Text("Only the invited players can answer this challenge."))
        return match

    async def _close_challenge(self, match: Match, status: str) -> None:
        def work(tx: Transaction) -> None:
            done = tx.execute(
                "UPDATE matches SET status = ?, updated_at = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status = 'challenge'",
                (status, self.clock(), match.id, match.version),
            )
            if done.rowcount != 1:
                raise StaleRequest(Text("This challenge changed in the meantime; look at it again."))
            # A rematch that does not come about: its match may offer another one.
            tx.execute("UPDATE matches SET rematch_id = NULL WHERE rematch_id = ?", (match.id,))
            self.moments.challenge_closed(tx, match, status)

        await self.store.write(work)

    async def expire_challenges(self) -> list[Match]:
        """Mark every challenge past its expiry; returns them (to update their messages)."""
        rows = await self.store.fetchall(
            "SELECT * FROM matches WHERE status = 'challenge' AND expires_at <= ? AND broken IS NULL", (self.clock(),)
        )
        expired = []
        for match in await self.core._readable(rows):
            try:
                await self._close_challenge(match, "expired")
            except StaleRequest:
                continue
            expired.append(await self.core.get(match.id))
        return expired

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None = None) -> None:
        if thread_id is None:
            await self.store.execute("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))
        else:
            await self.store.execute(
                "UPDATE matches SET message_id = ?, thread_id = ? WHERE id = ?", (message_id, thread_id, match_id)
            )

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """Offer the next match of the series (a new series once it was won): seats rotate,
        options and time per move kept.  It is a challenge the clicker has accepted: it starts
        when the others accept too, so nobody's clock runs in a match he did not agree to."""
        await self.moments.rematch_veto.check(match_id)
        match = await self.core.get(match_id)
        if match.status not in ("finished", "void"):
            raise MatchClosed(Text("A rematch can start only after the match has finished."))
        if user_id not in match.players or ai_seats.is_ai(user_id):
            raise NotAPlayer(Text("Only the players of this match can start a rematch."))
        if match.rematch_id is not None:
            raise StaleRequest(Text("The rematch is already on: match #{id}.", id=match.rematch_id))
        spec = get_game(match.game)
        players, names = match.players[1:] + match.players[:1], match.names[1:] + match.names[:1]
        names = ai_seats.stored_names(players, names)
        seed = self.core.seeds()
        setup = spec.resolve_setup(len(players), seed, dict(spec.starting_setup), match.options)
        series = await self.core.series(match.series_id)
        series_id = series.id if series is not None and series.winner_id is None else None
        accepted = [user_id, *(p for p in players if ai_seats.is_ai(p))]
        now = self.clock()

        def work(tx: Transaction) -> Match:
            taken = tx.execute("UPDATE matches SET rematch_id = -1 WHERE id = ? AND rematch_id IS NULL", (match_id,))
            if taken.rowcount != 1:
                raise StaleRequest(Text("The rematch is already on."))
            row = tx.fetchone(
                "INSERT INTO matches (game, guild_id, channel_id, status, challenger_id, players, names,"
                " accepted, options, seed, setup, series_id, days, created_at, updated_at, expires_at,"
                " bank, increment, banks)"
                " VALUES (?, ?, ?, 'challenge', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    match.game,
                    match.guild_id,
                    match.channel_id,
                    user_id,
                    dumps(players),
                    dumps(names),
                    dumps(accepted),
                    dumps(match.options),
                    seed,
                    dumps(setup),
                    series_id,
                    match.days,
                    now,
                    now,
                    now + self.core.challenge_ttl,
                    match.bank,
                    match.increment,
                    dumps([match.bank] * len(players)) if match.bank is not None else None,
                ),
            )
            tx.execute("UPDATE matches SET rematch_id = ? WHERE id = ?", (row["id"], match_id))
            self.core._index_players(tx, row["id"], players)
            return self._start_if_all_accepted(tx, Match.from_row(row), accepted) or self._open(tx, row)

        return await self.store.write(work)
