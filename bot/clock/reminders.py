"""Delivers due reminders, timeout notices and abandonments from the store.

Everything due is found by one indexed query, so nothing is lost across a
restart; a backlog after downtime goes out as fast as Discord's limits allow
(``bot.clock.pacing``): every channel gets its share each round, the bot as a whole
about 40 requests a second.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

import discord

from engines import Text, Verbatim
from matches import ClockEvent as Event
from matches import Match, ai_seats
from matches.timing import DAY

from ..locales import say
from ..messages import present
from ..messages.lines import jump_link
from ..persistent import view_of
from ..replies import outgoing
from .pacing import BACKGROUND_CHANNEL, Pacer

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
BATCH = 200  # due matches read per round; a channel takes BACKGROUND_CHANNEL of them

# One wording per day of the wait, in turn.
DAILY_WORDING = (
    lambda **f: Text("⏰ {player}, it's your move in {game}. Deadline {deadline}{link}.", **f),
    lambda **f: Text("⏰ {player}, {game} is waiting for you. Deadline {deadline}{link}.", **f),
    lambda **f: Text(
        "⏰ {player}, your opponents would love to see your next move in {game}. Deadline {deadline}{link}.", **f
    ),
    lambda **f: Text("⏰ {player}, a friendly nudge: {game} needs your move. Deadline {deadline}{link}.", **f),
)


def reminder_text(match: Match, event: Event, mention: str | Text, now: float) -> Text:
    link = jump_link(match)
    fields = dict(
        player=mention,
        game=Verbatim(f"**{match.title} #{match.id}**"),
        link=Verbatim(f" ({link})" if link else ""),
        deadline=present.timestamp(match.deadline) if match.deadline else Text("soon"),
    )
    if event == Event.QUARTER:
        return Text("⏳ {player}, a quarter of your time is left in {game}: move by {deadline}{link}.", **fields)
    # A new wording every day of the wait (and matches start at different ones).
    days = int((now - (match.clock_start or now)) // DAY)
    return DAILY_WORDING[(match.id + days) % len(DAILY_WORDING)](**fields)


def silenced_by_digest(mode: str, event: Event) -> bool:
    """With the daily digest (``bot.clock.digests``) the daily per-match reminders stop; the warning when
    a quarter of the time is left still comes on its own, by DM."""
    return mode == "digest" and event == Event.DAILY


def delivery_nonce(match: Match, event: Event) -> str:
    """The same for every attempt at one reminder of one turn: Discord keeps one message per
    nonce for a few minutes (discord.py sends ``enforce_nonce``), so a process that takes over
    a delivery another process died in the middle of cannot post it twice."""
    return f"r{match.id}.{match.version}.{int(event)}"[:25]


def claim_consequence(match: Match) -> Text | str:
    if match.plies == 0:
        return Text(" (nobody has moved yet, so the match would be void: no winner, no points)")
    return Text(" (the late player is dropped and play goes on)") if len(match.players) > 2 else ""


class Reminders:
    def __init__(self, bot: GameBot):
        self.bot = bot
        self.pacer = Pacer()

    async def run_once(self) -> bool:
        """Send what is due now, paced by Discord's limits; True while more is due than one round sent."""
        # Claimed, so that of several processes on one database exactly one delivers each (docs/hosting.md: PostgreSQL and shards).
        due = await self.bot.service.claim_due(
            self.bot.process_name,
            limit=BATCH,
            per_channel=BACKGROUND_CHANNEL,
            shards=self.bot.settings.shards,
            lease=self.bot.settings.claim_lease,
        )
        by_channel: dict[Hashable, list[tuple[Match, Event]]] = {}
        for match, event in due:
            by_channel.setdefault(match.home_channel_id, []).append((match, event))
        # A channel gets what its bucket holds each round (the rest stays due for the next one),
        # so one busy channel does not hold up the others; the channels go out side by side.
        rounds = [self._deliver_in_order(items) for items in by_channel.values()]
        failures = [r for r in await asyncio.gather(*rounds, return_exceptions=True) if r is not None]
        if failures:
            raise failures[0]
        return len(due) == BATCH or any(len(items) == BACKGROUND_CHANNEL for items in by_channel.values())

    async def _deliver_in_order(self, items: list[tuple[Match, Event]]) -> None:
        for match, event in items:
            try:
                await self._deliver_claimed(match, event)
            except Exception:  # noqa: BLE001 - one match's trouble must not hold up the others
                log.exception("could not deliver %s for match %s", event.name, match.id)

    async def _deliver_claimed(self, match: Match, event: Event) -> None:
        service = self.bot.service
        channel, requests = await self._cost(match, event)
        if requests:
            await self._paced(channel, requests)
        # Fenced: a process paused past its lease finds the work taken over (or done) and sends nothing.
        if not await service.confirm_claim(match, lease=self.bot.settings.claim_lease):
            log.info(
                "%s for match %s not sent: the match changed or another process took the work over",
                event.name,
                match.id,
            )
            return
        try:
            await self.deliver(match, event)
        except discord.HTTPException as exc:
            # Missing permissions or Discord trouble: note it and move on, the
            # match itself is untouched. Marking it sent avoids a retry storm.
            log.warning("could not deliver %s for match %s: %s", event.name, match.id, exc)
        except Exception:  # noqa: BLE001 - a bug here must not make the work due again and again
            log.exception("could not deliver %s for match %s", event.name, match.id)
        await service.mark_sent(match, event)

    async def _paced(self, channel: Hashable, requests: int) -> None:
        # time.monotonic: the clock asyncio.sleep keeps (a test's simulated clock follows it too).
        while wait := self.pacer.try_send(channel, time.monotonic(), requests):
            await asyncio.sleep(wait)

    async def _cost(self, match: Match, event: Event) -> tuple[Hashable, int]:
        """Where ``deliver`` will post, and how many requests to Discord it takes (0: it posts nothing)."""
        if event == Event.ABANDON:
            return match.home_channel_id, 3 if match.thread_id else 1  # + fetching and archiving the thread
        if event == Event.TIMEOUT:
            return match.home_channel_id, 1 if match.home_channel_id else 0
        mover = match.to_move_id()
        settings = await self.bot.service.user_settings(mover)
        if settings.reminders == "off" or silenced_by_digest(settings.reminders, event):
            return None, 0
        if settings.reminders in ("dm", "digest"):
            return ("dm", mover), 2  # opening the DM channel, the message
        return match.home_channel_id, 1 if match.home_channel_id else 0

    async def deliver(self, match: Match, event: Event) -> None:
        channel = self.bot.get_partial_messageable(match.home_channel_id) if match.home_channel_id else None
        mover = match.to_move_id()
        locale = self.bot.boards.match_locale(match)
        if event == Event.ABANDON:
            await self.bot.boards.announce_closed(
                match,
                Text(
                    "**{title} #{id}** was closed as abandoned: nobody acted for 30 days after the "
                    "deadline. It does not count for ratings.",
                    title=match.title,
                    id=match.id,
                ),
            )
            return
        if event == Event.TIMEOUT and await self.bot.tournaments.time_out(match):
            return  # in an event match the late player loses by himself: nothing to claim
        if event == Event.TIMEOUT:
            # Only people may claim: the computer never does, so with nobody else at the table nothing is said.
            others = [present.mention(p) for p in match.players if p != mover and not ai_seats.is_ai(p)]
            if channel and others:
                fields = dict(
                    late=match.name_of(mover),
                    title=match.title,
                    id=match.id,
                    game=match.game,
                    consequence=claim_consequence(match),
                    others=Verbatim(" ".join(others)),
                )
                text = (
                    Text(
                        "⌛ {late} ran out of time in **{title} #{id}**. {others}: you may claim the win with the "
                        "button or `/{game} claim`{consequence}.",
                        **fields,
                    )
                    if len(others) == 1
                    else Text(
                        "⌛ {late} ran out of time in **{title} #{id}**. {others}: any of you may claim the win with "
                        "the button or `/{game} claim`{consequence}.",
                        **fields,
                    )
                )
                await channel.send(
                    **outgoing(
                        say(text, locale),
                        notify=[p for p in match.players if p != mover],
                        view=view_of(self.bot.actions.claim_button(match), locale=locale),
                        nonce=delivery_nonce(match, event),
                    )
                )
            return
        settings = await self.bot.service.user_settings(mover)
        if (
            settings.reminders == "off"
            or silenced_by_digest(settings.reminders, event)
            or not await self.bot.service.match_pings(match.id, mover)
        ):
            return
        now = self.bot.service.clock()
        if settings.reminders in ("dm", "digest"):
            try:
                user = self.bot.get_user(mover) or await self.bot.fetch_user(mover)
                # A DM is private: in the player's own language, once he has used the bot.
                await user.send(
                    **outgoing(
                        say(reminder_text(match, event, Text("Hi"), now), settings.language or locale),
                        nonce=delivery_nonce(match, event),
                    )
                )
                return
            except discord.HTTPException as exc:
                log.info("DM to %s failed (%s); mentioning in the channel instead", mover, exc)
        if channel:
            await channel.send(
                **outgoing(
                    say(reminder_text(match, event, present.mention(mover), now), locale),
                    notify=[mover],
                    nonce=delivery_nonce(match, event),
                )
            )
