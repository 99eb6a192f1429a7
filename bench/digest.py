"""Daily digests due in one hour: ``python -m bench.digest [--matches 40000] [--digests 10000] [--batch 200]
[--loading thread|loop] [--users fetched|cached]``.

On the cached large database (``bench.largedb``: real matches, each player in four), 10,000
players choose the digest at hours that fall due in the same hour in a dozen zones.

- Composition: the clock is set to the end of that hour and every digest is claimed, composed
  (the bot's own text, within Discord's 2000 characters) and marked sent, in rounds of
  ``--batch`` as the bot's scheduler does, without Discord; meanwhile a ticker measures how late
  the event loop answers (the matches load on a worker thread, ``Core._readable_in_thread``).
- Delivery: the next day's digests, due in the same hour again, go through the bot's own
  ``bot.digests.Digests`` (claim, pacing by ``bot.pacing``, confirmation, send, mark) to a
  stand-in for Discord that notes when each DM arrives.  The waits the pacing asks for are kept
  on a simulated clock instead of slept: Discord's clock is the real work plus those waits.  It
  prints how long the delivery takes on that clock, the most DMs (and requests) in any second
  against the pacing's limit, and the real time the work took.

Nothing is asserted: it prints numbers for people to read.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import shutil
import statistics
import tempfile
import time
from bisect import bisect_left
from types import SimpleNamespace

from matches import MatchService, Store
from matches.digests import next_digest_at, zone

from .largedb import ensure, players_of
from .stats import busy_and_steal, cpu_ticks, percentile
from .store import EPOCH

# Zones whose 9 o'clock (or another hour) falls within the same UTC hour; the hour differs per zone.
ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Helsinki",
    "Asia/Kolkata",
    "Asia/Tokyo",
    "Australia/Sydney",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Pacific/Auckland",
)


async def run(
    source: str, matches: int, digests: int, batch: int, loading: str = "thread", known: str = "fetched"
) -> None:
    folder = tempfile.mkdtemp(prefix="bench-digest-")
    path = os.path.join(folder, "bot.sqlite3")
    shutil.copy(source, path)
    now = [EPOCH + 0.5 * 86400]
    store = await Store(path).open()  # migrates the cached copy to this schema
    try:
        service = MatchService(store, clock=lambda: now[0])
        if loading == "loop":  # as before the matches loaded on a worker thread, to compare
            service.core._readable_in_thread = service.core._readable
        # The digest falls due in the hour after ``now`` for every player, whatever his zone.
        due_hour = dt.datetime.fromtimestamp(now[0] + 3600, dt.UTC)
        users = sorted({u for i in range(matches) for u in players_of(i, matches)})[:digests]
        rows = []
        for k, user in enumerate(users):
            name = ZONES[k % len(ZONES)]
            hour = due_hour.astimezone(zone(name)).hour
            rows.append((user, "digest", hour, name, next_digest_at(now[0], hour, zone(name))))
        started = time.perf_counter()
        await store.write(
            lambda tx: tx.executemany(
                "INSERT INTO users (user_id, reminders, digest_hour, timezone, digest_next_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, digest_hour = excluded.digest_hour,"
                " timezone = excluded.timezone, digest_next_at = excluded.digest_next_at",
                rows,
            )
        )
        print(f"  {len(rows):,} players chose the digest ({time.perf_counter() - started:.1f} s)")
        now[0] += 2 * 3600
        await composition(service, batch)
        left = await store.fetchone("SELECT COUNT(*) FROM users WHERE digest_next_at <= ?", (now[0],))
        print(f"  due afterwards: {left[0]} (every digest once)")
        now[0] += 86400  # the next day's digests, due in the same hour again
        await delivery(service, known == "cached")
        left = await store.fetchone("SELECT COUNT(*) FROM users WHERE digest_next_at <= ?", (now[0],))
        print(f"  due afterwards: {left[0]} (every digest once)")
    finally:
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)


async def composition(service: MatchService, batch: int) -> None:
    """Claim, compose and mark every due digest, as the bot does, without Discord."""
    from bot.clock.digests import compose  # the bot's own text (imports discord.py)

    rounds, sent, empty, longest, cut = [], 0, 0, 0, 0
    lags: list[float] = []
    ticker = asyncio.create_task(loop_lag(lags))
    started = time.perf_counter()
    while True:
        t = time.perf_counter()
        claims = await service.claim_due_digests("bench", limit=batch)
        if not claims:
            break
        for claim in claims:
            text = compose(claim.matches, claim.user_id, claim.settings.language)
            if text is None:
                empty += 1
            else:
                sent += 1
                longest = max(longest, len(text))
                cut += "more." in text
            assert await service.confirm_digest(claim) and await service.mark_digest_sent(claim)
        rounds.append(time.perf_counter() - t)
    total = time.perf_counter() - started
    ticker.cancel()
    handled = sent + empty
    print(
        f"  composition: {handled:,} digests claimed, composed and marked in {total:.2f} s"
        f" ({total / max(handled, 1) * 1000:.2f} ms each); {sent:,} would be sent, {empty:,} had nothing"
        f" waiting; longest {longest} characters, {cut} cut short"
    )
    if rounds:
        print(
            f"  per round of {batch}: median {statistics.median(rounds) * 1000:.0f} ms,"
            f" p95 {percentile(sorted(rounds), 95) * 1000:.0f} ms, max {max(rounds) * 1000:.0f} ms"
        )
    if lags:
        lags.sort()
        print(
            f"  the event loop answered a 5 ms timer late by median {statistics.median(lags) * 1000:.1f} ms,"
            f" p99 {percentile(lags, 99) * 1000:.1f} ms, max {lags[-1] * 1000:.1f} ms meanwhile"
        )


async def loop_lag(lags: list[float], period: float = 0.005) -> None:
    """How late the event loop wakes a timer of ``period`` seconds, again and again."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(period)
        lags.append(max(0.0, time.perf_counter() - t - period))


class DiscordClock:
    """Discord's view of the delivery: the real time the work took plus every wait the pacing
    asked for, kept on paper rather than slept."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.waited = 0.0

    def now(self) -> float:
        return time.perf_counter() - self.started + self.waited

    async def sleep(self, seconds: float) -> None:
        self.waited += seconds
        await asyncio.sleep(0)


class StandIn:
    """What ``bot.digests.Digests`` uses of the bot: its service, name, lease and pacer, and users
    to DM, whose ``send`` notes when on Discord's clock each DM arrived.  ``cached``: the bot
    knows the users (two requests a digest: the DM channel, the message); else it fetches each
    first (three), as a bot without the members intent mostly must."""

    def __init__(self, service: MatchService, clock: DiscordClock, cached: bool):
        from bot.clock.pacing import Pacer

        self.service, self.clock, self.cached = service, clock, cached
        self.process_name = "bench"
        self.settings = SimpleNamespace(claim_lease=120.0)
        self.reminders = SimpleNamespace(pacer=Pacer())
        self.arrivals: list[float] = []

    def get_user(self, user_id: int):
        return self._user(user_id) if self.cached else None

    async def fetch_user(self, user_id: int):
        return self._user(user_id)

    def _user(self, user_id: int):
        async def send(**fields) -> None:
            assert fields.get("nonce") and len(fields["content"]) <= 2000
            self.arrivals.append(self.clock.now())

        return SimpleNamespace(id=user_id, dm_channel=None, send=send)


async def delivery(service: MatchService, cached: bool) -> None:
    """The bot's own delivery, paced as on Discord, to a stand-in that notes each DM's arrival."""
    from bot.clock.digests import Digests
    from bot.clock.pacing import BACKGROUND_GLOBAL, GLOBAL_PERIOD

    clock = DiscordClock()
    bot = StandIn(service, clock, cached)
    digests = Digests(bot)
    digests.monotonic, digests.sleep = clock.now, clock.sleep
    real = time.perf_counter()
    rounds = 1
    while await digests.run_once():  # as the scheduler: again while a round was full
        rounds += 1
    work = time.perf_counter() - real
    took = clock.now()
    sent = sorted(bot.arrivals)
    peak = most_within(sent, 1.0)
    # The pacing counts a send when it lets it go; the DM arrives after the send's own work (and
    # whatever the machine's scheduler adds), so a second on Discord's clock can catch one more.
    print(
        f"  delivery to {'cached' if cached else 'fetched'} users: {len(sent):,} digests sent by the bot's Digests"
        f" in {rounds} rounds, in {took:.0f} s on"
        f" Discord's clock ({took / 60:.1f} min; {len(sent) / max(took, 1e-9):.1f} DMs/s on average);"
        f" at most {peak} DMs = {(2 if cached else 3) * peak} requests in any second as they arrived (the pacing lets"
        f" {BACKGROUND_GLOBAL} requests per {GLOBAL_PERIOD:.0f} s go, Discord allows 50);"
        f" {work:.1f} s of real work"
    )


def most_within(times: list[float], period: float) -> int:
    """The most of the sorted ``times`` within any ``period`` seconds."""
    return max((bisect_left(times, t + period - 1e-9) - i for i, t in enumerate(times)), default=0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.digest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40_000, help="matches in the large database")
    parser.add_argument("--digests", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=200, help="digests claimed per round (the bot's)")
    parser.add_argument(
        "--loading",
        choices=("thread", "loop"),
        default="thread",
        help="where the claimed players' matches load: a worker thread (the bot's) or, to compare, the event loop",
    )
    parser.add_argument(
        "--users",
        choices=("fetched", "cached"),
        default="fetched",
        help="whether the bot must fetch each user before the DM (three requests, the usual"
        " case without the members intent) or has him cached (two)",
    )
    args = parser.parse_args(argv)
    before = cpu_ticks()
    source = ensure(args.matches, print)  # built once (outside the event loop), then cached
    asyncio.run(run(source, args.matches, args.digests, args.batch, args.loading, args.users))
    load = busy_and_steal(before, cpu_ticks())
    if load:
        print(f"machine busy {load['machine_busy_pct']} % (steal {load['steal_pct']} %) while measuring")


if __name__ == "__main__":
    main()
