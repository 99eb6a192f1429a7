"""Security: members with hostile display names, played through the real bot.

Whatever a name says (@everyone, @here, a role's or another member's mention,
markdown), no message of the bot pings anyone but the players it means to notify;
each name reads escaped but recognisable.  Checked on every message-bearing REST
request the bot made (it states its allowed mentions) and on what SimCord
delivered (who was really pinged)."""

import pytest

from matches.timing import DAY

from .helpers import advance, deterministic_seeds, final_match_id

GAME = "architekton"


@pytest.fixture
async def hostile(simcord_env, settings, started_bots):
    env = simcord_env
    guild = env.create_guild("Hostile Names")
    channel = guild.create_text_channel("games")
    staff = guild.create_role("staff", mentionable=True)
    cat = guild.add_member(env.create_user("cat"), roles=[staff])  # uninvolved, must never be pinged
    mal = guild.add_member(env.create_user("mal"), nick="@everyone **bold** `x`")
    eve = guild.add_member(env.create_user("eve"), nick=f"<@&{staff.id}> @here")
    tom = guild.add_member(env.create_user("tom"), nick=f"<@{cat.id}> _it_")
    deterministic_seeds(type("W", (), {"service": env.bot.service})(), 1000)
    return type(
        "Hostile",
        (),
        dict(
            env=env,
            guild=guild,
            channel=channel,
            staff=staff,
            cat=cat,
            mal=mal,
            eve=eve,
            tom=tom,
            service=env.bot.service,
        ),
    )()


def message_bodies(env, start: int = 0):
    """The JSON of every request of the bot that posts or edits a message."""
    for request in env.http_requests[start:]:
        body = request.json if isinstance(request.json, dict) else None
        if (
            body is None
            or "/messages" not in request.path
            and "/callback" not in request.path
            and "/webhooks/" not in request.path
        ):
            continue
        if "/callback" in request.path:
            if body.get("type") not in (4, 7):  # deferrals carry no message
                continue
            body = body.get("data") or {}
        if {"content", "components", "embeds"} & body.keys():
            yield request, body


def assert_pings_at_most(env, allowed: set[int], start: int = 0) -> int:
    """Every message request since ``start`` states its mentions: no @everyone/@here, no
    role, no user outside ``allowed``.  Returns how many requests were checked."""
    checked = 0
    for request, body in message_bodies(env, start):
        mentions = body.get("allowed_mentions")
        assert mentions is not None, f"{request.method} {request.path} states no allowed mentions"
        assert mentions.get("parse", []) == [], (request.path, mentions)
        assert not mentions.get("roles"), (request.path, mentions)
        assert {int(u) for u in mentions.get("users", [])} <= allowed, (request.path, mentions, body.get("content"))
        assert mentions.get("replied_user") in (None, False)
        checked += 1
    return checked


def delivered(env, channel):
    """The backend's record of each message in ``channel``: who it really pinged."""
    return [env.backend.get_message(channel.id, m.id) for m in channel.history()]


def assert_nobody_else_pinged(h, players: set[int]):
    for m in delivered(h.env, h.channel):
        assert not m.mention_everyone and list(m.ping_role_ids) == [], m.content
        assert set(m.ping_user_ids) <= players, m.content
        assert h.cat.id not in m.ping_user_ids
        assert "@everyone" not in m.content and "@here" not in m.content, m.content
        assert f"<@&{h.staff.id}>" not in m.content and f"<@{h.cat.id}>" not in m.content, m.content


def pinged(h, message) -> set[int]:
    channel_id = getattr(message, "channel_id", None) or message.channel.id
    return set(h.env.backend.get_message(channel_id, message.id).ping_user_ids)


async def play_until_turn_of(h, match, user_id):
    while match.to_move_id() != user_id:
        match = (await h.service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])).match
    return match


async def test_hostile_names_ping_nobody_in_challenge_board_offers_reminders_timeout_end_and_rematch(hostile):
    h = hostile
    players = {h.mal.id, h.eve.id}
    offered = await h.mal.slash(h.channel, f"{GAME} challenge", opponent=h.eve, first="me")
    challenge = offered.response
    assert not offered.ephemeral and pinged(h, challenge) == {h.eve.id}
    assert "@\u200beveryone \\*\\*bold\\*\\* \\`x\\`" in challenge.content  # escaped, still readable

    accepted = await h.eve.click(challenge, label="Accept")
    [board] = accepted.followups
    assert pinged(h, board) == {h.mal.id} and "<@\u200b&" in board.content  # eve's name, role defused
    match = await h.service.get(final_match_id(challenge))

    draw = await h.mal.slash(h.channel, f"{GAME} draw")
    assert pinged(h, draw.response) == {h.eve.id} and "@\u200beveryone" in draw.response.content
    await h.eve.click(draw.response, label="Decline")

    match = await h.service.get(match.id)
    await h.service.move(match.id, h.mal.id, match.state().legal_moves()[0])  # mal's first placement
    undo = await h.mal.slash(h.channel, f"{GAME} undo")
    assert pinged(h, undo.response) == {h.eve.id}, undo.response.content
    await h.eve.click(undo.response, label="Refuse")
    match = await play_until_turn_of(h, await h.service.get(match.id), h.eve.id)

    before = len(h.channel.history())
    await advance(h.env, 3 * DAY + 31)  # the 24 h reminders, the quarter, then the time-out
    notices = h.channel.history()[before:]
    reminders = [m for m in notices if "⏰" in m.content or "⏳" in m.content]
    [timeout] = [m for m in notices if "⌛" in m.content]
    assert any("⏰" in m.content for m in reminders) and any("⏳" in m.content for m in reminders)  # 24 h, quarter
    assert all(pinged(h, m) == {h.eve.id} for m in reminders)
    assert pinged(h, timeout) == {h.mal.id} and "<@\u200b&" in timeout.content

    await h.mal.click(timeout, label="Claim the win")
    final = h.channel.last_message
    assert (await h.service.get(match.id)).status == "finished" and "wins" in final.content
    assert pinged(h, final) <= players

    pressed = await h.eve.click(final, label="Rematch")
    [rematch] = pressed.followups
    assert pinged(h, rematch) == {h.mal.id}
    await h.mal.click(rematch, label="Accept")

    assert assert_pings_at_most(h.env, players) > 10
    assert_nobody_else_pinged(h, players)


def test_the_client_pings_nobody_unless_a_message_says_so(hostile):
    assert hostile.env.bot.allowed_mentions.to_dict() == {"parse": []}


async def test_resignation_and_a_typed_mention_as_a_move_ping_nobody(hostile):
    h = hostile
    offered = await h.tom.slash(h.channel, f"{GAME} challenge", opponent=h.mal, first="me")
    await h.mal.click(offered.response, label="Accept")
    start = len(h.env.http_requests)
    refused = await h.tom.slash(h.channel, f"{GAME} move", move=f"@everyone <@&{h.staff.id}> **x**")
    assert refused.ephemeral and refused.response.content.startswith("'@\u200beveryone <@\u200b&")
    assert pinged(h, refused.response) == set()
    assert assert_pings_at_most(h.env, set(), start) == 1  # the refusal pings nobody

    confirm = await h.tom.slash(h.channel, f"{GAME} resign")
    assert confirm.ephemeral and "@\u200beveryone" in confirm.response.content
    await h.tom.click(confirm.response, label="Yes, resign")
    final = h.channel.last_message
    assert " _it_" not in final.content and "\\_it\\_" in final.content  # tom's markdown escaped
    assert_nobody_else_pinged(h, {h.tom.id, h.mal.id})
    assert_pings_at_most(h.env, {h.tom.id, h.mal.id})
