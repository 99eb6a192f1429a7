"""Time through the real bot: deadlines, reminders, claims, vacations, lists."""

import pytest

from bot.clock.pacing import BACKGROUND_CHANNEL, CHANNEL_PERIOD
from matches.timing import DAY

from .helpers import advance, deterministic_seeds


async def start_match(w, **options):
    deterministic_seeds(w, 1000)
    r = await w.ann.slash(w.channel, "architekton challenge", opponent=w.bob, first="me", **options)
    await w.bob.click(r.response, label="Accept")
    [match] = await w.service.user_matches(w.ann.id)
    return match


async def test_turn_message_shows_the_deadline_as_a_discord_timestamp(world):
    match = await start_match(world, days=1)
    board = world.channel.last_message
    assert f"<t:{int(match.deadline)}:R>" in board.content and match.days == 1


@pytest.mark.slow
async def test_reminder_after_a_day_and_claim_after_the_deadline(world):
    w = world
    match = await start_match(w)
    before = len(w.channel.history())
    await w.env.advance_time(DAY + 31)
    posted = [m.content for m in w.channel.history()[before:]]
    assert any("⏰" in c and str(w.ann.id) in c for c in posted)
    await w.env.advance_time(2 * DAY + 31)
    timeout = w.channel.last_message
    assert "ran out of time" in timeout.content and str(w.bob.id) in timeout.content
    refused = await w.ann.click(timeout, label="Claim the win")
    assert refused.ephemeral and "yourself" in refused.response.content
    await w.bob.click(timeout, label="Claim the win")
    # ann never moved: the match is void rather than a win (ux-notes: cancel, not score)
    void = await w.service.get(match.id)
    assert void.status == "void" and void.result is None
    board = w.channel.last_message
    assert "ran out of time" in board.content and "**void**" in board.content
    assert [b.label for row in board.components for b in row.children] == [
        "Rematch"
    ]  # the series goes on (a void match has no review)


@pytest.mark.slow
async def test_a_claim_after_the_first_move_wins_and_is_rated(world):
    w = world
    match = await start_match(w)
    while match.to_move_id() == w.ann.id:  # two placements (A4), perhaps a discard (A6)
        match = (await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])).match
    await advance(w.env, 3 * DAY + 31)
    timeout = w.channel.last_message
    assert "bob ran out of time" in timeout.content and w.ann.mention in timeout.content
    await w.ann.click(timeout, label="Claim the win")
    finished = await w.service.get(match.id)
    assert finished.status == "finished" and finished.result["end"] == "timeout"
    assert "ann wins" in w.channel.last_message.content
    assert [r.user_id for r in await w.service.leaderboard(w.guild.id, "architekton")] == [w.ann.id, w.bob.id]


async def test_a_quarter_of_the_time_left_is_announced_once_with_the_deadline(world):
    w = world
    match = await start_match(w, days=2)  # the quarter is left after 36 hours
    before = len(w.channel.history())
    await advance(w.env, 36 * 3600 + 31, step=6 * 3600)
    posted = [m.content for m in w.channel.history()[before:]]
    assert [c for c in posted if "⏰" in c] and w.ann.mention in posted[0]  # the daily one at 24 h
    [quarter] = [c for c in posted if "⏳" in c]
    assert "a quarter of your time is left" in quarter and w.ann.mention in quarter
    assert f"<t:{int(match.deadline)}:R>" in quarter
    await advance(w.env, 6 * 3600, step=6 * 3600)  # no more daily nudges after the quarter
    assert not [m for m in w.channel.history()[before + len(posted) :] if "⏰" in m.content or "⏳" in m.content]


async def test_reminders_can_go_by_dm_or_be_switched_off(world):
    w = world
    r = await w.ann.slash(w.channel, "settings", reminders="dm")
    assert r.ephemeral and "Reminders: **DM**." in r.response.content
    await start_match(w)
    await w.env.advance_time(DAY + 31)
    assert "⏰" in w.ann.user.dm_channel.last_message.content


@pytest.mark.slow
async def test_daily_reminders_vary_their_wording_and_a_match_can_mute_them(world):
    w = world
    match = await start_match(w, days=7)
    before = len(w.channel.history())
    await advance(w.env, 3 * DAY + 31)
    pings = [m.content for m in w.channel.history()[before:] if "⏰" in m.content]
    assert len(pings) == 3 and all(w.ann.mention in p for p in pings)
    assert len({p.split(", ", 1)[1] for p in pings}) == 3  # a new wording each day

    stranger = await w.cat.slash(w.channel, "architekton pings", reminders="off", match=match.id)
    assert stranger.ephemeral and "not playing" in stranger.response.content
    muted = await w.ann.slash(w.channel, "architekton pings", reminders="off")
    assert muted.ephemeral and f"#{match.id}" in muted.response.content
    before = len(w.channel.history())
    await advance(w.env, 2 * DAY)
    assert not [m for m in w.channel.history()[before:] if "⏰" in m.content or "⏳" in m.content]
    await advance(w.env, 2 * DAY)  # the deadline itself still counts
    assert "ran out of time" in w.channel.last_message.content

    assert (await w.ann.slash(w.channel, "architekton pings", reminders="on", match=match.id)).ephemeral
    assert await w.service.match_pings(match.id, w.ann.id)


@pytest.mark.slow
async def test_a_match_left_alone_30_days_after_the_deadline_is_abandoned_and_its_thread_archived(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    match = await start_match(w, days=1)
    [thread] = w.channel.threads
    await advance(w.env, 31 * DAY + 60, step=DAY)
    assert (await w.service.get(match.id)).status == "abandoned"
    assert "closed as abandoned" in thread.history()[-1].content
    assert (await w.env.bot.fetch_channel(thread.id)).archived
    assert await w.service.leaderboard(w.guild.id, "architekton") == []


async def test_vacation_pauses_and_games_lists_the_match(world):
    w = world
    match = await start_match(w)
    r = await w.ann.slash(w.channel, "vacation", days=5)
    assert r.ephemeral and "paused" in r.response.content
    assert (await w.service.get(match.id)).deadline == match.deadline + 5 * DAY
    await w.bob.slash(w.channel, "architekton board")
    assert "on vacation" in w.channel.last_message.content
    games = await w.ann.slash(w.channel, "games")
    assert games.ephemeral and f"#{match.id}" in games.response.content and "your turn" in games.response.content


async def test_reminders_are_rescheduled_after_a_restart(world):
    w = world
    match = await start_match(w)
    await w.restart()
    before = len(w.channel.history())
    await w.env.advance_time(DAY + 1)
    posted = [m.content for m in w.channel.history()[before:]]
    assert any("⏰" in c and f"#{match.id}" in c for c in posted)


async def overdue_after_downtime(w, channels, per_channel):
    """``per_channel`` matches in each of ``channels`` whose deadlines all passed while the bot was down."""
    from matches import Player

    service = w.service
    ann, bob = Player(w.ann.id, "ann"), Player(w.bob.id, "bob")
    for channel in channels:
        for _ in range(per_channel):
            m = await service.create_challenge("architekton", w.guild.id, channel.id, ann, [bob], first="me")
            await service.accept(m.id, bob.id)
    w.env.bot.scheduler.stop()
    now = service.clock()
    await service.store.execute(
        "UPDATE matches SET clock_start = ?, deadline = ?, next_event_at = ?", (now - 4 * DAY, now - DAY, now - DAY)
    )
    await w.restart()


def timeouts(channel):
    return [m for m in channel.history() if "ran out of time" in m.content]


async def test_overdue_notices_in_one_channel_go_out_at_the_pace_discord_allows_there(world):
    """A channel takes 5 messages per 5 seconds: the backlog takes 4 of them (one is left for the
    players) and goes out in seconds, not at 5 every 30 s."""
    w = world
    await overdue_after_downtime(w, [w.channel], 12)
    assert len(timeouts(w.channel)) == BACKGROUND_CHANNEL
    await w.env.advance_time(CHANNEL_PERIOD + 0.5)
    assert len(timeouts(w.channel)) == 2 * BACKGROUND_CHANNEL
    await w.env.advance_time(CHANNEL_PERIOD + 0.5)
    assert len(timeouts(w.channel)) == 12
    stamps = sorted(m.created_at.timestamp() for m in timeouts(w.channel))
    assert all(b - a >= CHANNEL_PERIOD for a, b in zip(stamps, stamps[BACKGROUND_CHANNEL:]))
    await w.env.advance_time(60)
    assert len(timeouts(w.channel)) == 12  # each once


async def test_a_channel_with_a_long_backlog_does_not_hold_up_the_others(world, monkeypatch):
    from bot.clock import reminders

    w = world
    quiet = w.guild.create_text_channel("quiet")
    monkeypatch.setattr(reminders, "BATCH", 6)  # fewer than the busy channel has due
    await overdue_after_downtime(w, [w.channel] * 12 + [quiet] * 2, 1)  # the busy channel's first
    assert len(timeouts(w.channel)) == BACKGROUND_CHANNEL and len(timeouts(quiet)) == 2
    await w.env.advance_time(3 * CHANNEL_PERIOD)
    assert len(timeouts(w.channel)) == 12


async def test_overdue_notices_in_many_channels_go_out_together(world):
    w = world
    channels = [w.channel, *(w.guild.create_text_channel(f"games-{n}") for n in range(5))]
    await overdue_after_downtime(w, channels, 2)
    assert [len(timeouts(c)) for c in channels] == [2] * len(channels)


@pytest.mark.slow
async def test_reminders_switched_off_send_nothing_but_the_deadline_still_counts(world):
    w = world
    await w.ann.slash(w.channel, "settings", reminders="off")
    await start_match(w)
    before = len(w.channel.history())
    await w.env.advance_time(DAY + 31)
    assert not any("⏰" in m.content for m in w.channel.history()[before:])
    assert w.ann.user.dm_channel.last_message is None or "⏰" not in w.ann.user.dm_channel.last_message.content
    await w.env.advance_time(2 * DAY)
    assert "ran out of time" in w.channel.last_message.content


async def test_challenges_go_to_the_channel_the_server_chose(world):
    w = world
    lobby = w.guild.create_text_channel("challenges")
    await w.service.set_guild_settings(w.guild.id, challenge_channel_id=lobby.id)
    r = await w.ann.slash(w.channel, "architekton challenge", opponent=w.bob)
    assert r.ephemeral and f"<#{lobby.id}>" in r.response.content
    posted = lobby.last_message
    assert w.bob.mention in posted.content
    await w.bob.click(posted, label="Accept")
    assert "The match begins" in lobby.last_message.content


async def test_a_reminder_whose_process_died_mid_delivery_goes_out_once_after_its_lease(world):
    """Another process claimed the reminder and died before it was marked sent. Nobody
    doubles it while the claim holds; once the lease has run out this bot sends it, once, with the
    nonce any earlier attempt used, so Discord keeps a single message even if that one got out."""
    from bot.clock.reminders import delivery_nonce
    from matches.timekeeping import CLAIM_LEASE

    w = world
    match = await start_match(w)
    w.env.bot.scheduler.stop()
    await w.env.advance_time(DAY + 1)
    [(claimed, event)] = await w.service.claim_due("a process that died", limit=5)
    await w.restart()  # the survivor
    before, requests = len(w.channel.history()), len(w.env.http_requests)
    await w.env.advance_time(CLAIM_LEASE / 2)
    assert not any("⏰" in m.content for m in w.channel.history()[before:])
    await w.env.advance_time(CLAIM_LEASE / 2 + 31)
    reminders = [m for m in w.channel.history()[before:] if "⏰" in m.content]
    assert len(reminders) == 1 and f"#{match.id}" in reminders[0].content
    sent = [
        r.json
        for r in w.env.http_requests[requests:]
        if isinstance(r.json, dict) and "⏰" in str(r.json.get("content", ""))
    ]
    assert [(b["nonce"], b.get("enforce_nonce")) for b in sent] == [(delivery_nonce(claimed, event), True)]
    after = await w.service.get(match.id)  # marked sent: the next reminder a day later
    assert after.last_reminded_at is not None and after.next_event_at > w.service.clock() + DAY / 2
