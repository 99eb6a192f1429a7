"""The daily digest, /next and private notes through the real bot (both backends)."""

import datetime as dt
import json
import re
from zoneinfo import ZoneInfo

import pytest

from .helpers import deterministic_seeds

BERLIN = ZoneInfo("Europe/Berlin")
UTC = dt.UTC


async def advance_to(w, when: dt.datetime) -> None:
    seconds = when.timestamp() - w.service.clock()
    assert seconds > 0
    while seconds > 0:
        chunk = min(seconds, 12 * 3600)
        await w.env.advance_time(chunk)
        seconds -= chunk


async def started(w, challenger, opponent, channel, days, first="me"):
    r = await challenger.slash(channel, "architekton challenge", opponent=opponent, first=first, days=days)
    assert not r.ephemeral, r.response.content
    await opponent.click(r.response, label="Accept")
    [match] = [m for m in await w.service.user_matches(challenger.id) if m.channel_id == channel.id]
    return match


def last(result):
    return [m for m in (result.response, *result.followups) if m is not None][-1]


def digests(w):
    dm = w.ann.user.dm_channel
    return [m for m in (dm.history() if dm else []) if "digest" in m.content]


@pytest.mark.slow
async def test_the_digest_comes_at_the_chosen_hour_in_berlin_across_the_change_to_summer_time(world):
    w = world
    deterministic_seeds(w, 1000)
    # The simulated clock starts on 2026-01-01; Berlin moves its clocks forward on 2026-03-29.
    await advance_to(w, dt.datetime(2026, 3, 27, 0, 0, tzinfo=UTC))
    r = await w.ann.slash(w.channel, "settings", reminders="digest", digest_hour=9, timezone="Europe/Berlin")
    assert r.ephemeral and "09:00 (Europe/Berlin)" in r.response.content
    await advance_to(w, dt.datetime(2026, 3, 27, 12, 0, tzinfo=UTC))
    assert digests(w) == []  # nothing waits for ann: no digest that day
    channels = [w.guild.create_text_channel(f"table-{n}") for n in range(4)]
    slow = await started(w, w.ann, w.bob, channels[0], days=7)
    fast = await started(w, w.ann, w.cat, channels[1], days=3)
    middle = await started(w, w.bob, w.ann, channels[2], days=5, first="opponent")
    theirs = await started(w, w.ann, w.cat, channels[3], days=3, first="opponent")
    assert {m.to_move_id() for m in (slow, fast, middle)} == {w.ann.id} and theirs.to_move_id() == w.cat.id
    await advance_to(w, dt.datetime(2026, 3, 28, 8, 30, tzinfo=UTC))
    [first] = digests(w)
    ids = [int(i) for i in re.findall(r"#(\d+)\*\*", first.content)]
    assert ids == [fast.id, middle.id, slow.id]  # the most urgent deadline first
    assert f"<t:{int(fast.deadline)}:R>" in first.content and "discord.com/channels/" in first.content
    assert first.created_at.astimezone(BERLIN).hour == 9 and first.created_at.hour == 8  # CET
    await advance_to(w, dt.datetime(2026, 3, 29, 7, 30, tzinfo=UTC))
    [_, second] = digests(w)
    assert second.created_at.astimezone(BERLIN).hour == 9 and second.created_at.hour == 7  # CEST
    # with the digest ann's daily pings stop (cat, who is to move in the fourth, still gets his)
    for channel in channels:
        assert not [m for m in channel.history() if "⏰" in m.content and w.ann.mention in m.content]
    assert [m for m in channels[3].history() if "⏰" in m.content and w.cat.mention in m.content]
    # the quarter-time warning of the 3-day match still comes on its own (after 54 hours), by DM
    await advance_to(w, dt.datetime(2026, 3, 29, 19, 0, tzinfo=UTC))
    assert [m for m in w.ann.user.dm_channel.history() if "⏳" in m.content and f"#{fast.id}" in m.content]


async def test_next_steps_through_the_matches_waiting_for_the_player(world):
    w = world
    deterministic_seeds(w, 1000)
    r = await w.ann.slash(w.channel, "next")
    assert r.ephemeral and "Nothing is waiting for you" in r.response.content
    channels = [w.guild.create_text_channel(f"table-{n}") for n in range(3)]
    slow = await started(w, w.ann, w.bob, channels[0], days=7)
    fast = await started(w, w.ann, w.cat, channels[1], days=2)
    middle = await started(w, w.bob, w.ann, channels[2], days=5, first="opponent")
    r = await w.ann.slash(w.channel, "next")
    board = last(r)
    labels = [c.get("label") for row in board.components for c in row.get("components", [])]
    assert "Choose a move" in labels and "Next" in labels and board.ephemeral
    order = [int(re.search(r"#(\d+)", board.content).group(1))]
    for _ in range(3):
        stepped = last(await w.ann.click(board, label="Next"))
        assert stepped.id == board.id and stepped.attachments  # the same private message, stepped on
        order.append(int(re.search(r"#(\d+)", stepped.content).group(1)))
        board = stepped
    assert order == [fast.id, middle.id, slow.id, fast.id]  # round and round, nearest deadline first
    menu = await w.ann.click(board, label="Choose a move")
    assert menu.ephemeral and last(menu).components  # the move menus, as from the public board
    games = await w.ann.slash(w.channel, "games")
    assert "Next" in [c.get("label") for row in games.response.components for c in row.get("components", [])]
    first = last(await w.ann.click(games.response, label="Next"))
    assert first.attachments and f"#{fast.id}**" in first.content  # the list steps on to the nearest deadline


NOTE = "bob always opens on the left"


def carrying(w, text: str) -> list:
    """Every request the bot made whose body holds ``text``."""
    return [r.json for r in w.env.http_requests if text in json.dumps(r.json, ensure_ascii=False)]


def ephemeral(body) -> bool:
    data = body.get("data", body) if isinstance(body, dict) else {}
    return bool(int(data.get("flags") or 0) & 64)


async def test_a_note_is_seen_by_its_author_alone_anywhere(world):
    w = world
    deterministic_seeds(w, 1000)
    match = await started(w, w.ann, w.bob, w.channel, days=3)
    r = await w.ann.slash(w.channel, "architekton note", text=NOTE)
    assert r.ephemeral and NOTE not in r.response.content  # the confirmation does not repeat it
    assert "(`/architekton export`) never holds it" in r.response.content  # and says where it never goes
    shown = await w.ann.slash(w.channel, "architekton note")
    assert NOTE in shown.response.content and shown.ephemeral
    board = await w.ann.slash(w.channel, "architekton board", ply=0)
    assert NOTE in last(board).content and last(board).ephemeral
    nxt = await w.ann.slash(w.channel, "next")
    assert NOTE in last(nxt).content and last(nxt).ephemeral
    # bob, in every view he has of the match, running and finished: never
    theirs = await w.bob.slash(w.channel, "architekton note")
    assert NOTE not in theirs.response.content
    await w.ann.slash(w.channel, "architekton move", move=match.state().legal_moves()[0])
    for command, options in (("board", {}), ("board", {"ply": 0}), ("history", {}), ("export", {})):
        seen = await w.bob.slash(w.channel, f"architekton {command}", **options)
        assert NOTE not in last(seen).content
    asked = await w.ann.slash(w.channel, "architekton resign")
    await w.ann.click(asked.response, label="Yes, resign")
    assert (await w.service.get(match.id)).status == "finished"
    await w.bob.slash(w.channel, "architekton replay", match=match.id)
    exports = [await who.slash(w.channel, "architekton export", match=match.id) for who in (w.ann, w.bob)]
    for exported in exports:  # not even the author's own export holds it: records are shared
        [attachment] = exported.response.attachments
        assert NOTE not in (await attachment.read()).decode()
    assert not [m for m in w.channel.history() if NOTE in m.content]
    # of everything the bot sent, only ann's three private views carried the note
    assert len(carrying(w, NOTE)) == 3 and all(ephemeral(body) for body in carrying(w, NOTE))
    # once the match is over the note stays hers to read
    assert NOTE in (await w.ann.slash(w.channel, "architekton note", match=match.id)).response.content


async def test_one_digest_a_day_across_a_restart_and_none_on_an_empty_day(world):
    w = world
    deterministic_seeds(w, 1000)
    await w.ann.slash(w.channel, "settings", reminders="digest", digest_hour=9)  # UTC by default
    await advance_to(w, dt.datetime(2026, 1, 1, 10, 0, tzinfo=UTC))
    assert digests(w) == []  # no match yet: nothing that day
    match = await started(w, w.ann, w.bob, w.channel, days=7)
    await advance_to(w, dt.datetime(2026, 1, 2, 9, 30, tzinfo=UTC))
    assert len(digests(w)) == 1
    await w.restart()
    await advance_to(w, dt.datetime(2026, 1, 2, 20, 0, tzinfo=UTC))
    assert len(digests(w)) == 1  # the restarted bot does not send it again
    await advance_to(w, dt.datetime(2026, 1, 3, 9, 30, tzinfo=UTC))
    assert len(digests(w)) == 2 and f"#{match.id}**" in digests(w)[-1].content
    # ann moves: nothing waits for her the next day, so no digest
    while (match := await w.service.get(match.id)).to_move_id() == w.ann.id:
        await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])
    await advance_to(w, dt.datetime(2026, 1, 4, 9, 30, tzinfo=UTC))
    assert len(digests(w)) == 2


async def test_a_long_digest_stays_within_discords_limit(world):
    from bot.clock.digests import compose

    w = world
    deterministic_seeds(w, 1000)
    match = await started(w, w.ann, w.bob, w.channel, days=7)
    for locale in (None, "de", "fr"):
        text = compose([match] * 80, w.ann.id, locale)
        *listed, more = text.splitlines()[1:]
        assert len(text) <= 2000 and len(text) > 1700
        assert len(listed) + int(re.search(r"\d+", more).group()) == 80


async def test_time_zones_are_offered_as_typed_and_an_unknown_one_is_refused(world):
    w = world
    choices = await w.ann.autocomplete(w.channel, "settings", "timezone", "berl")
    assert "Europe/Berlin" in [c["value"] for c in choices]
    refused = await w.ann.slash(w.channel, "settings", timezone="Europe/Atlantis")
    assert refused.ephemeral and "not a time zone" in refused.response.content
    assert (await w.service.user_settings(w.ann.id)).timezone == "UTC"


async def test_a_digest_goes_out_once_across_two_processes_and_a_restart(world):
    """Another process claims ann's digest and dies before sending it: while its claim holds
    nobody sends it; then the restarted bot sends it once, with the nonce any earlier attempt
    used; the next day's comes once more, whichever process is up."""
    from bot.clock.digests import digest_nonce
    from bot.setup.client import virtual_clock
    from matches import MatchService
    from matches.store import store_for

    w = world
    deterministic_seeds(w, 1000)
    await w.ann.slash(w.channel, "settings", reminders="digest", digest_hour=9)
    match = await started(w, w.ann, w.bob, w.channel, days=7)
    other = await store_for(w.settings.database).open()  # the other process: a store of its own
    try:
        elsewhere = MatchService(other, clock=virtual_clock)
        w.env.bot.scheduler.stop()
        await advance_to(w, dt.datetime(2026, 1, 1, 9, 0, 1, tzinfo=UTC))
        [claim] = await elsewhere.claim_due_digests("a process that died", lease=w.settings.claim_lease)
        assert claim.user_id == w.ann.id and [m.id for m in claim.matches] == [match.id]
        await w.restart()
        requests = len(w.env.http_requests)
        await w.env.advance_time(w.settings.claim_lease / 2)
        assert digests(w) == []  # its claim still holds
        await w.env.advance_time(w.settings.claim_lease / 2 + 31)
        [sent] = digests(w)
        assert f"#{match.id}**" in sent.content
        bodies = [
            r.json
            for r in w.env.http_requests[requests:]
            if isinstance(r.json, dict) and "digest" in str(r.json.get("content", ""))
        ]
        assert [b.get("nonce") for b in bodies] == [digest_nonce(claim, w.service.clock())]
        # the dead process's late confirmation finds its claim gone: it would not send
        assert not await elsewhere.confirm_digest(claim) and not await elsewhere.mark_digest_sent(claim)
        await advance_to(w, dt.datetime(2026, 1, 2, 8, 0, tzinfo=UTC))
        assert len(digests(w)) == 1
        # the next day both are up: the other process looks too, and finds it is the bot's to send
        await advance_to(w, dt.datetime(2026, 1, 2, 9, 0, 2, tzinfo=UTC))
        assert await elsewhere.claim_due_digests("the other process") == []
        await advance_to(w, dt.datetime(2026, 1, 2, 23, 0, tzinfo=UTC))
        assert len(digests(w)) == 2
    finally:
        await other.close()


async def test_many_digests_due_at_once_go_out_at_discords_pace(world):
    """25 players' digests fall due at the same moment: they go out in two seconds, never more
    in one second than the pacing's 40 requests allow (two or three requests a digest: the
    user, unless cached, the DM channel, the message); each player gets his own, once."""
    from bisect import bisect_left

    from bot.clock.pacing import BACKGROUND_GLOBAL
    from matches import Player

    w = world
    deterministic_seeds(w, 1000)
    players = [w.guild.add_member(w.env.create_user(f"p{n}")) for n in range(25)]
    for member in players:
        offered = await w.service.create_challenge(
            "architekton",
            w.guild.id,
            w.channel.id,
            Player(w.ann.id, "ann"),
            [Player(member.id, member.name)],
            first="opponent",
        )
        await w.service.accept(offered.id, member.id)
        await w.service.set_reminder_settings(member.id, reminders="digest", digest_hour=9)
    await advance_to(w, dt.datetime(2026, 1, 1, 9, 0, 30, tzinfo=UTC))
    arrived = []
    for member in players:
        [digest] = [m for m in member.user.dm_channel.history() if "digest" in m.content]
        arrived.append(digest.created_at.timestamp())
    arrived.sort()
    per_second = max(bisect_left(arrived, t + 1.0 - 1e-6) - i for i, t in enumerate(arrived))
    assert BACKGROUND_GLOBAL // 3 <= per_second <= BACKGROUND_GLOBAL // 2 < len(players)
    assert 1.0 - 1e-6 <= arrived[-1] - arrived[0] < 3.0
