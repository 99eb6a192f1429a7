"""Pacing by Discord's limits (bot/clock/pacing.py), on a fake clock: pure, no Discord."""

import random
from bisect import bisect_left

from bot.clock.pacing import (
    BACKGROUND_CHANNEL,
    BACKGROUND_GLOBAL,
    CHANNEL_MESSAGES,
    CHANNEL_PERIOD,
    GLOBAL_REQUESTS,
    Pacer,
    TokenBucket,
)


def most_in_any_window(times: list[float], period: float) -> int:
    """The most events within any half-open interval of ``period`` seconds."""
    times = sorted(times)
    return max((bisect_left(times, t + period) - i for i, t in enumerate(times)), default=0)


def drain(pacer: Pacer, sends: list[tuple[object, int]]) -> list[tuple[float, object, int]]:
    """Send everything as soon as the pacer allows, in order per channel, on a fake clock."""
    now, sent = 0.0, []
    pending = list(sends)
    while pending:
        waits, left = [], []
        for channel, requests in pending:
            wait = pacer.try_send(channel, now, requests)
            if wait == 0:
                sent.append((now, channel, requests))
            else:
                waits.append(wait)
                left.append((channel, requests))
        pending = left
        if pending:
            assert min(waits) > 0
            now += min(waits)
    return sent


def test_a_bucket_gives_its_tokens_then_each_comes_back_a_period_after_it_was_spent():
    bucket = TokenBucket(4, 5.0)
    for t in (0.0, 0.5, 1.0, 1.5):
        assert bucket.wait(t) == 0
        bucket.take(t)
    assert bucket.wait(2.0) == 3.0  # the first token, spent at 0, is back at 5
    assert bucket.wait(5.0) == 0
    assert bucket.wait(5.0, cost=2) == 0.5  # the second is back at 5.5
    assert not bucket.idle(6.0) and bucket.idle(6.5)


def test_a_channel_takes_its_share_and_the_next_message_waits_for_a_token():
    pacer = Pacer()
    for _ in range(BACKGROUND_CHANNEL):
        assert pacer.try_send("general", 100.0) == 0
    assert pacer.try_send("general", 100.0) == CHANNEL_PERIOD
    assert pacer.try_send("other", 100.0) == 0  # another channel is not held up
    assert pacer.try_send("general", 100.0 + CHANNEL_PERIOD) == 0


def test_the_bot_wide_bucket_holds_back_every_channel():
    pacer = Pacer()
    for n in range(BACKGROUND_GLOBAL):
        assert pacer.try_send(n, 0.0) == 0
    assert pacer.try_send("fresh", 0.0) == 1.0
    assert pacer.try_send("fresh", 0.25, requests=2) == 0.75  # the first token spent at 0 is back at 1
    assert pacer.try_send("fresh", 1.0, requests=2) == 0


def test_a_refusal_takes_nothing():
    pacer = Pacer(channel_size=1, global_size=2)
    assert pacer.try_send("a", 0.0) == 0
    assert pacer.try_send("a", 0.0) > 0  # refused: the bot-wide token is not spent
    assert pacer.try_send("b", 0.0) == 0


def test_ten_thousand_reminders_over_many_channels_keep_every_limit_and_drain_in_minutes():
    rng = random.Random(12)
    sends = [(rng.randrange(800), 1 if rng.random() < 0.7 else 2) for _ in range(10_000)]  # 2: a DM
    pacer = Pacer()
    sent = drain(pacer, sends)
    assert len(sent) == len(sends)
    per_channel: dict[object, list[float]] = {}
    for t, channel, _ in sent:
        per_channel.setdefault(channel, []).append(t)
    assert max(most_in_any_window(ts, CHANNEL_PERIOD) for ts in per_channel.values()) <= BACKGROUND_CHANNEL
    requests = [t for t, _, cost in sent for _ in range(cost)]
    assert most_in_any_window(requests, 1.0) <= BACKGROUND_GLOBAL <= GLOBAL_REQUESTS
    assert BACKGROUND_CHANNEL <= CHANNEL_MESSAGES
    total_requests = sum(cost for _, cost in sends)
    # The bot-wide share is the bottleneck: about total / 40 seconds, far below 10 minutes.
    assert sent[-1][0] <= total_requests / BACKGROUND_GLOBAL + CHANNEL_PERIOD < 600


def test_fixed_windows_of_discord_are_kept_however_they_are_aligned():
    sent = drain(Pacer(), [("busy", 1)] * 200)
    times = [t for t, _, _ in sent]
    for offset in (0.0, 0.3, 2.5, 4.99):
        windows: dict[int, int] = {}
        for t in times:
            windows[int((t + offset) // CHANNEL_PERIOD)] = windows.get(int((t + offset) // CHANNEL_PERIOD), 0) + 1
        assert max(windows.values()) <= BACKGROUND_CHANNEL
    assert times[-1] == (200 // BACKGROUND_CHANNEL - 1) * CHANNEL_PERIOD  # and no slower than that


def test_idle_channels_are_forgotten():
    pacer = Pacer()
    now = 0.0
    for n in range(5000):
        now += 0.03
        assert pacer.try_send(n, now) == 0
    assert len(pacer.channels) <= 4 * BACKGROUND_GLOBAL * CHANNEL_PERIOD + 1
