"""``/architekton challenge`` and its Accept/Decline buttons, through the real bot."""

import pytest
from simcord import SetupError

from matches import MatchClosed
from matches.core import CHALLENGE_TTL

from .helpers import (
    advance,
    assert_png,
    button_labels,
    challenge,
    deterministic_seeds,
    mentioned_ids,
    pinged_ids,
    snapshot,
    start_match,
)

SWEEP_WITHIN = 10 * 60  # the expiry sweep runs at least every ten minutes


async def only_challenge(w):
    [match] = await w.service.user_matches(
        w.ann.id, statuses=("challenge", "active", "declined", "cancelled", "expired")
    )
    return match


async def test_challenge_mentions_the_opponent_and_offers_accept_and_decline(world):
    w = world
    result = await challenge(w, w.ann, w.bob)
    assert result.acknowledged and not result.ephemeral
    message = result.response
    assert w.bob.mention in message.content and "ann" in message.content
    assert mentioned_ids(message) == {w.bob.id}
    assert pinged_ids(w.env, message) == {w.bob.id}  # and bob is really notified
    assert button_labels(message) == ["Accept", "Decline"]
    assert w.channel.last_message.id == message.id  # public, in the channel
    match = await only_challenge(w)
    assert match.status == "challenge" and set(match.players) == {w.ann.id, w.bob.id}
    assert match.message_id == message.id
    assert match.expires_at - match.created_at == CHALLENGE_TTL == 14 * 24 * 3600


async def test_challenging_yourself_or_a_bot_is_refused_ephemerally(world):
    w = world
    own = await challenge(w, w.ann, w.ann)
    assert own.ephemeral and "yourself" in own.response.content

    robot = w.guild.add_member(w.env.create_user("robot", bot=True))
    other_bot = await challenge(w, w.ann, robot)
    assert other_bot.ephemeral and "bot" in other_bot.response.content

    assert w.channel.history() == []  # nothing public was posted
    assert await w.service.user_matches(w.ann.id, statuses=("challenge",)) == []


async def test_only_the_challenged_member_can_accept_or_decline(world):
    w = world
    offered = (await challenge(w, w.ann, w.bob)).response
    content_before = offered.content
    match = await only_challenge(w)
    before = (match.status, match.accepted, match.version)

    for who, label in ((w.cat, "Accept"), (w.cat, "Decline"), (w.ann, "Accept")):
        refused = await who.click(offered, label=label)
        assert refused.ephemeral, (who.name, label)
        assert "invited" in refused.response.content
        assert refused.response.id != offered.id
        match = await only_challenge(w)
        assert (match.status, match.accepted, match.version) == before
        assert offered.content == content_before and button_labels(offered) == ["Accept", "Decline"]
    assert [m.id for m in w.channel.history()] == [offered.id]  # the refusals were private

    accepted = await w.bob.click(offered, label="Accept")
    assert not accepted.ephemeral
    assert (await only_challenge(w)).status == "active"


async def test_decline_closes_the_challenge(world):
    w = world
    offered = (await challenge(w, w.ann, w.bob)).response
    declined = await w.bob.click(offered, label="Decline")
    assert declined.response.id == offered.id  # the challenge message itself was updated
    assert "declined" in offered.content
    assert offered.components == []  # buttons removed
    match = await only_challenge(w)
    assert match.status == "declined"

    # Accept is gone from the message, so Discord cannot deliver a click any more ...
    with pytest.raises(SetupError):
        await w.bob.click(offered, label="Accept")
    # ... and nothing can start the match through the store either.
    with pytest.raises(MatchClosed, match="no longer open"):
        await w.service.accept(match.id, w.bob.id)
    assert (await only_challenge(w)).status == "declined"
    assert len(w.channel.history()) == 1  # no board was ever posted


async def test_challenger_may_withdraw_with_decline(world):
    w = world
    offered = (await challenge(w, w.ann, w.bob)).response
    await w.ann.click(offered, label="Decline")
    assert "withdrawn" in offered.content and offered.components == []
    assert (await only_challenge(w)).status == "cancelled"


async def test_challenges_expire_after_seven_days(world):
    """The background sweep marks an expired challenge and edits its message."""
    w = world
    env = w.env
    offered = (await challenge(w, w.ann, w.bob)).response
    match = await only_challenge(w)

    await advance(env, CHALLENGE_TTL - 60)  # one minute before expiry: still open
    assert button_labels(offered) == ["Accept", "Decline"] and "expires" in offered.content
    assert (await w.service.get(match.id)).status == "challenge"

    await advance(env, 60 + SWEEP_WITHIN)  # the sweep has run since the expiry
    assert (await w.service.get(match.id)).status == "expired"
    assert "expired" in offered.content and offered.components == []
    assert len(w.channel.history()) == 1  # edited in place, nothing new posted


async def test_accept_on_a_challenge_that_expired_unnoticed_is_refused_and_cleans_up(world):
    """The sweep marked the challenge expired but Discord failed the message edit.

    The Accept button is then still on the message.  A click must be refused,
    and since the sweep never looks at that challenge again, the click must take
    the stale buttons off the message.
    """
    w = world
    env = w.env
    offered = (await challenge(w, w.ann, w.bob)).response
    match = await only_challenge(w)

    env.inject_error("PATCH", f"/channels/{w.channel.id}/messages/*", status=500)
    await advance(env, CHALLENGE_TTL + SWEEP_WITHIN)
    assert (await w.service.get(match.id)).status == "expired"
    assert button_labels(offered) == ["Accept", "Decline"]  # the sweep's edit was lost

    late = await w.bob.click(offered, label="Accept")
    refusals = [m for m in [late.response, *late.followups] if m is not None and m.ephemeral]
    assert refusals and "expired" in refusals[0].content
    assert (await w.service.get(match.id)).status == "expired"
    assert await w.service.user_matches(w.bob.id) == []
    assert "expired" in offered.content and offered.components == []
    assert [m.id for m in w.channel.history()] == [offered.id]


@pytest.mark.parametrize("first, starter", [("me", "ann"), ("opponent", "bob")])
async def test_accept_starts_the_match_with_a_public_board(world, first, starter):
    w = world
    match, accepted = await start_match(w, first=first)
    starter = getattr(w, starter)
    assert match.to_move_id() == starter.id
    assert match.players[0] == starter.id

    # the challenge message says it was accepted and lost its buttons
    assert "accepted" in accepted.response.content and accepted.response.components == []
    [board] = accepted.followups
    assert not board.ephemeral
    await assert_png(board)
    assert f"#{match.id}" in board.content
    assert starter.mention in board.content and mentioned_ids(board) == {starter.id}
    assert pinged_ids(w.env, board) == {starter.id}
    assert w.channel.last_message.id == board.id
    assert (await w.service.get(match.id)).message_id == board.id


async def test_first_defaults_to_random_and_the_board_mentions_whoever_starts(world):
    w = world
    deterministic_seeds(w, 7)
    offered = (await challenge(w, w.ann, w.bob)).response  # no `first` option
    await w.bob.click(offered, label="Accept")
    [match] = await w.service.user_matches(w.ann.id)
    starter = match.to_move_id()
    assert starter == match.players[0] and set(match.players) == {w.ann.id, w.bob.id}
    assert f"<@{starter}>" in w.channel.last_message.content
    assert await snapshot(w, match.id) == (match.version, match.state_json, 0, "active")
