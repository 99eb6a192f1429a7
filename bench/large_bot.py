"""The large-database section through the real bot under SimCord (see :mod:`bench.large`).

- ``/move`` and its autocomplete, one at a time (SimCord runs one operation at a
  time), with the old match look-up and the new;
- 10,000 reminders due at once (200 in quick mode) in up to 500 channels,
  delivered by the bot on SimCord's simulated clock: how long Discord would see
  the drain take, the most messages any channel got in 5 s and the bot in 1 s,
  and the real time the work took.
"""

from __future__ import annotations

import logging
import random
import time
from bisect import bisect_left

from bot.clock.pacing import BACKGROUND_CHANNEL, BACKGROUND_GLOBAL, CHANNEL_PERIOD
from matches.store import StoreBase as Store
from matches.store import is_postgres
from matches.timing import DAY

from .lookups import ms_since, old_query, timed_summary
from .stats import busy_and_steal, cpu_ticks
from .store import EPOCH


def settings_for(location: str):
    from bot import Settings

    if is_postgres(location):
        return Settings(token=None, database_url=location)
    return Settings(token=None, database_path=location)


async def bot_phases(path: str, quick: bool, reminders: int, log) -> dict:
    import simcord

    from bot import create_bot

    from .command import close_bot

    logging.getLogger("discord").setLevel(logging.WARNING)
    logging.getLogger("bot").setLevel(logging.ERROR)
    out: dict = {}
    first = create_bot(settings_for(path))
    bots = [first]
    try:
        async with simcord.run(first, settle_timeout=120.0, check_errors=False) as env:
            guild = env.create_guild("Bench")
            here = guild.create_text_channel("games")
            ann, bob = guild.add_member(env.create_user("ann")), guild.add_member(env.create_user("bob"))
            out["commands"] = await bot_commands(env, guild, here, ann, bob, 4 if quick else 30)
            c = out["commands"]
            log(
                f"  under SimCord, one at a time: /move median old {c['move']['old']['median']} ms, "
                f"new {c['move']['new']['median']} ms; autocomplete median old "
                f"{c['autocomplete']['old']['median']} ms, new {c['autocomplete']['new']['median']} ms"
            )
            env.bot.scheduler.stop()
            channels = [guild.create_text_channel(f"r{n}") for n in range(min(500, max(10, reminders // 20)))]
            await make_due(env.bot.store, reminders, guild.id, [c.id for c in channels])
            second = create_bot(settings_for(path))
            bots.append(second)
            await env.restart_bot(second)
            out["reminders"] = await drain(env, channels, reminders, log)
    finally:
        for bot in bots:
            await close_bot(bot)
    return out


async def bot_commands(env, guild, channel, ann, bob, count: int) -> dict:
    from matches import Player

    from .command import fast_idle

    service = env.bot.service
    members = {ann.id: ann, bob.id: bob}
    out: dict = {"move": {}, "autocomplete": {}}
    rng = random.Random(9)
    match = None
    with fast_idle():
        for which in ("new", "old", "new"):  # new first to warm up; the second new counts
            moves, typed = [], []
            with old_query(service, which):
                for _ in range(count):
                    if match is None or match.status != "active":
                        created = await service.create_challenge(
                            "architekton",
                            guild.id,
                            channel.id,
                            Player(ann.id, "ann"),
                            [Player(bob.id, "bob")],
                            first="me",
                        )
                        match = await service.accept(created.id, bob.id)
                        await env.settle()
                    mover = members[match.to_move_id()]
                    t = time.perf_counter_ns()
                    await mover.autocomplete(channel, "architekton move", "move", "")
                    typed.append(ms_since(t))
                    t = time.perf_counter_ns()
                    result = await mover.slash(
                        channel, "architekton move", move=rng.choice(match.state().legal_moves())
                    )
                    moves.append(ms_since(t))
                    after = await service.get(match.id)
                    # a step within the mover's own turn is answered to him alone (with the board)
                    assert result.acknowledged and (not result.ephemeral or after.to_move_id() == match.to_move_id()), (
                        result
                    )
                    match = after
            out["move"][which] = timed_summary(moves)
            out["autocomplete"][which] = timed_summary(typed)
    out["note"] = "SimCord's settle poll at 1 ms (bench.command.fast_idle); includes drawing the board"
    return out


async def make_due(store: Store, count: int, guild_id: int, channel_ids: list[int]) -> None:
    """``count`` active matches whose first reminder fell due an hour ago, spread over ``channel_ids``."""
    rows = await store.fetchall("SELECT id FROM matches WHERE status = 'active' ORDER BY id LIMIT ?", (count,))
    start = EPOCH - DAY - 3600

    def work(tx) -> None:
        tx.executemany(
            "UPDATE matches SET guild_id = ?, channel_id = ?, clock_start = ?, deadline = ?, days = 3,"
            " sent = 0, last_reminded_at = NULL, next_event_at = ? WHERE id = ?",
            [
                (guild_id, channel_ids[n % len(channel_ids)], start, start + 3 * DAY, start + DAY, r[0])
                for n, r in enumerate(rows)
            ],
        )

    await store.write(work)


async def drain(env, channels, count: int, log) -> dict:
    """Advance the simulated clock until every due reminder went out."""
    store = env.bot.store
    started, real = env.now().timestamp(), time.perf_counter()
    ticks = cpu_ticks()
    remaining = count
    while remaining and env.now().timestamp() - started < 3600:
        await env.advance_time(5.0)
        # Claimed reminders (matches.timekeeping.claim_due) are on their way until marked sent.
        remaining = (
            await store.fetchone(
                "SELECT COUNT(*) FROM matches WHERE status = 'active'"
                " AND (next_event_at <= ? OR claimed_by IS NOT NULL)",
                (env.now().timestamp(),),
            )
        )[0]
    simulated = env.now().timestamp() - started
    stamps = {c.id: sorted(m.created_at.timestamp() for m in c.history() if "⏰" in m.content) for c in channels}
    sent = sum(len(s) for s in stamps.values())
    every = sorted(t for s in stamps.values() for t in s)
    out = {
        "due": count,
        "sent": sent,
        "left_due": remaining,
        "channels": len(channels),
        "simulated_s": round(simulated, 1),
        "real_s": round(time.perf_counter() - real, 1),
        "most_in_a_channel_per_5s": max((most_within(s, CHANNEL_PERIOD) for s in stamps.values()), default=0),
        "most_per_1s": most_within(every, 1.0),
        "limits": {"channel_per_5s": BACKGROUND_CHANNEL, "bot_per_1s": BACKGROUND_GLOBAL},
        "before_this_change_s": count / 5 * 30,
        **busy_and_steal(ticks, cpu_ticks()),
    }
    log(
        f"  {count:,} reminders due at once in {len(channels)} channels: all sent in {out['simulated_s']} s on "
        f"Discord's clock ({out['real_s']} s of real work; before: 5 every 30 s = "
        f"{out['before_this_change_s'] / 3600:.1f} h); at most {out['most_in_a_channel_per_5s']} per channel in "
        f"5 s, {out['most_per_1s']} per second in all"
    )
    return out


def most_within(times: list[float], period: float) -> int:
    return max((bisect_left(times, t + period - 1e-9) - i for i, t in enumerate(times)), default=0)
