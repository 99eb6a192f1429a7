"""Sends the daily digests the store says are due (``matches.digests``).

Each digest is claimed for this process, confirmed just before it goes out (then paced) and
marked sent after, fenced by the claim's token, so of several processes exactly one sends it; a
Discord nonce of the player and his local day covers a pause between the confirmation and the
send.  The DMs go out at Discord's pace (``bot.clock.pacing``, one budget with the reminders), each
counted as the requests it takes (fetching the user unless cached, opening the DM channel unless
open, the message): 10,000 digests to users not cached go out in about 12 minutes, to cached ones
in about 8 (``bench.digest``, docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text
from matches import Match
from matches.digests import DigestClaim, local_day, zone

from ..locales import say
from ..messages import present
from ..messages.lines import jump_link
from ..replies import CONTENT_MAX, outgoing
from .pacing import Pacer

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
BATCH = 200


def digest_line(match: Match, user_id: int) -> Text:
    parts = [Text("**{title} #{id}** vs {others}", title=match.title, id=match.id, others=match.others(user_id))]
    if match.deadline:
        parts.append(Text("time left: {deadline}", deadline=present.timestamp(match.deadline)))
    if jump_link(match):
        parts.append(Text("[board]({link})", link=jump_link(match)))
    return Joined(parts, " · ")


def compose(matches: list[Match], user_id: int, locale, limit: int = CONTENT_MAX) -> str | None:
    """The digest's text in the player's language, within Discord's limit (the rest as "and N more");
    None when no match waits for him."""
    if not matches:
        return None
    head = say(
        Text("📋 Your daily digest: it is your turn in {count} matches, the most urgent first.", count=len(matches))
        if len(matches) != 1
        else Text("📋 Your daily digest: it is your turn in 1 match."),
        locale,
    )
    lines = [head]
    used = len(head)
    for shown, match in enumerate(matches):
        line = say(digest_line(match, user_id), locale)
        # Room for this line, and for the "and N more" line after it unless it is the last.
        more = say(Text("…and {count} more.", count=len(matches) - shown - 1), locale)
        room = used + 1 + len(line) + (1 + len(more) if shown < len(matches) - 1 else 0)
        if room > limit:
            lines.append(say(Text("…and {count} more.", count=len(matches) - shown), locale))
            break
        lines.append(line)
        used += 1 + len(line)
    return "\n".join(lines)


def digest_nonce(claim: DigestClaim, now: float) -> str:
    return f"d{claim.user_id}.{local_day(now, zone(claim.settings.timezone))}"[:25]


class Digests:
    # The clock the pacing reads and the wait it keeps; ``bench.digest`` replaces them to put
    # 10,000 deliveries on Discord's clock without sleeping through them.
    @staticmethod
    def monotonic() -> float:
        # The clock asyncio.sleep keeps, looked up at each call: a test's simulated clock
        # replaces time.monotonic once the bot runs.
        return time.monotonic()

    @staticmethod
    async def sleep(seconds: float) -> None:
        await asyncio.sleep(seconds)

    def __init__(self, bot: GameBot):
        self.bot = bot
        self.pacer: Pacer = bot.reminders.pacer  # one budget with the reminders

    async def run_once(self) -> bool:
        """Send the digests due now; True while more are due than one round took."""
        service = self.bot.service
        claims = await service.claim_due_digests(
            self.bot.process_name, limit=BATCH, lease=self.bot.settings.claim_lease
        )
        for claim in claims:
            try:
                await self._deliver_claimed(claim)
            except Exception:  # noqa: BLE001 - one player's trouble must not hold up the others
                log.exception("could not deliver the digest of %s", claim.user_id)
        return len(claims) == BATCH

    async def _deliver_claimed(self, claim: DigestClaim) -> None:
        service = self.bot.service
        settings = claim.settings
        text = compose(claim.matches, claim.user_id, settings.language)
        if text is not None:
            if not await service.confirm_digest(claim):
                log.info("digest of %s not sent: another process took it over", claim.user_id)
                return
            # Paced right before the send: the time the pacing counts is then the time Discord
            # sees, not one a database round trip (the confirmation) earlier.  A user the bot has
            # not cached (it asks for no member lists) is fetched first: one request more.
            user = self.bot.get_user(claim.user_id)
            requests = 1 + (user is None) + (user is None or user.dm_channel is None)
            while wait := self.pacer.try_send(("dm", claim.user_id), self.monotonic(), requests):
                await self.sleep(wait)
            try:
                user = user or await self.bot.fetch_user(claim.user_id)
                await user.send(**outgoing(text, nonce=digest_nonce(claim, service.clock())))
            except discord.HTTPException as exc:
                # DMs closed or Discord trouble: today's digest is lost, tomorrow's comes as usual.
                log.warning("could not send the digest of %s: %s", claim.user_id, exc)
        await service.mark_digest_sent(claim)
