"""Daily digests due in one hour: ``python -m bench.digest [--matches 40000] [--digests 10000] [--batch 200]``.

On the cached large database (``bench.largedb``: real matches, each player in four), 10,000
players choose the digest at hours that fall due in the same hour in a dozen zones; the clock is
then set to the end of that hour and every digest is claimed, composed (the bot's own text, within
Discord's 2000 characters) and marked sent, in rounds of ``--batch`` as the bot's scheduler does,
without Discord.  It prints the total, the time per digest and per round, and how many went out
(a player with no match waiting gets none).  Nothing is asserted: it prints numbers for people
to read.
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

from matches import MatchService, Store
from matches.digests import next_digest_at, zone

from .largedb import ensure, players_of
from .stats import busy_and_steal, cpu_ticks, percentile
from .store import EPOCH

# Zones whose 9 o'clock (or another hour) falls within the same UTC hour; the hour differs per zone.
ZONES = ("UTC", "Europe/London", "Europe/Berlin", "Europe/Helsinki", "Asia/Kolkata", "Asia/Tokyo",
         "Australia/Sydney", "America/New_York", "America/Chicago", "America/Los_Angeles", "America/Sao_Paulo",
         "Pacific/Auckland")


async def run(source: str, matches: int, digests: int, batch: int) -> None:
    folder = tempfile.mkdtemp(prefix="bench-digest-")
    path = os.path.join(folder, "bot.sqlite3")
    shutil.copy(source, path)
    now = [EPOCH + 0.5 * 86400]
    store = await Store(path).open()        # migrates the cached copy to this schema
    try:
        service = MatchService(store, clock=lambda: now[0])
        # The digest falls due in the hour after ``now`` for every player, whatever his zone.
        due_hour = dt.datetime.fromtimestamp(now[0] + 3600, dt.timezone.utc)
        users = sorted({u for i in range(matches) for u in players_of(i, matches)})[:digests]
        rows = []
        for k, user in enumerate(users):
            name = ZONES[k % len(ZONES)]
            hour = due_hour.astimezone(zone(name)).hour
            rows.append((user, "digest", hour, name, next_digest_at(now[0], hour, zone(name))))
        started = time.perf_counter()
        await store.write(lambda tx: tx.executemany(
            "INSERT INTO users (user_id, reminders, digest_hour, timezone, digest_next_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, digest_hour = excluded.digest_hour,"
            " timezone = excluded.timezone, digest_next_at = excluded.digest_next_at", rows))
        print(f"  {len(rows):,} players chose the digest ({time.perf_counter() - started:.1f} s)")
        from bot.digests import compose       # the bot's own text (imports discord.py)

        now[0] += 2 * 3600
        rounds, sent, empty, longest, cut = [], 0, 0, 0, 0
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
        handled = sent + empty
        print(f"  {handled:,} digests claimed, composed and marked in {total:.2f} s"
              f" ({total / max(handled, 1) * 1000:.2f} ms each); {sent:,} would be sent, {empty:,} had nothing"
              f" waiting; longest {longest} characters, {cut} cut short")
        if rounds:
            print(f"  per round of {batch}: median {statistics.median(rounds) * 1000:.0f} ms,"
                  f" p95 {percentile(sorted(rounds), 95) * 1000:.0f} ms, max {max(rounds) * 1000:.0f} ms")
        left = await store.fetchone("SELECT COUNT(*) FROM users WHERE digest_next_at <= ?", (now[0],))
        print(f"  due afterwards: {left[0]} (every digest once)")
    finally:
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.digest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40_000, help="matches in the large database")
    parser.add_argument("--digests", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=200, help="digests claimed per round (the bot's)")
    args = parser.parse_args(argv)
    before = cpu_ticks()
    source = ensure(args.matches, print)           # built once (outside the event loop), then cached
    asyncio.run(run(source, args.matches, args.digests, args.batch))
    load = busy_and_steal(before, cpu_ticks())
    if load:
        print(f"machine busy {load['machine_busy_pct']} % (steal {load['steal_pct']} %) while measuring")


if __name__ == "__main__":
    main()
