"""Restarts in the middle of a match, Discord failing while a move is answered, a slow store, a damaged match."""

import asyncio

import discord
import pytest

from bot.replies import SLOW_CALL
from matches.timing import DAY

from .helpers import (
    GAME,
    advance,
    assert_png,
    button_labels,
    challenge,
    decision_labels,
    final_match_id,
    member_of,
    reach_decision_by_the_non_mover,
    snapshot,
    start_match,
)


async def first_legal(w, match_id):
    match = await w.service.get(match_id)
    return member_of(w, match.to_move_id()), match.state().legal_moves()[0]


async def a_move_goes_through(w, match_id, moves_after: int) -> None:
    """The player to move plays a legal move with the slash command: a board (public once the turn
    passes, the mover's alone within his turn), the move stored."""
    player, move = await first_legal(w, match_id)
    played = await player.slash(w.channel, f"{GAME} move", move=move)
    assert played.ephemeral == ((await w.service.get(match_id)).to_move_id() == player.id)
    await assert_png(played.response)
    assert len(await w.service.moves(match_id)) == moves_after


async def first_placement_played(w, match_id) -> None:
    """ann's first placement, through the service: her next move passes the turn and posts its board."""
    player, move = await first_legal(w, match_id)
    await w.service.move(match_id, player.id, move)


# ------------------------------------------------------------------ restarts


async def test_a_challenge_posted_before_a_restart_can_be_accepted_after_it(world):
    w = world
    offered = (await challenge(w, w.ann, w.bob, first="me")).response
    old_bot = w.env.bot
    await w.restart()
    assert w.env.bot is not old_bot and w.env.bot.is_ready()

    accepted = await w.bob.click(offered, label="Accept")
    assert "accepted" in offered.content and offered.components == []
    [board] = accepted.followups
    await assert_png(board)
    [match] = await w.service.user_matches(w.ann.id)
    assert match.status == "active" and w.ann.mention in board.content

    await a_move_goes_through(w, match.id, moves_after=1)


async def test_play_continues_from_the_store_after_a_restart(world):
    w = world
    match, board, mover, owner = await reach_decision_by_the_non_mover(w)
    KEEP = decision_labels(match.state())[0]
    before = await snapshot(w, match.id)
    await w.restart()
    assert await snapshot(w, match.id) == before  # the new bot reads the same store

    # the Keep button posted by the previous bot still works
    choices = await owner.autocomplete(w.channel, f"{GAME} move", "move", "")
    assert sorted(c["value"] for c in choices) == ["keep", "remove"]
    refused = await mover.click(board, label=KEEP)
    assert refused.ephemeral and await snapshot(w, match.id) == before
    decided = await owner.click(board, label=KEEP)
    assert board.components == []
    await assert_png(decided.followups[0])
    assert (await w.service.moves(match.id))[-1].move == "keep"

    # ... and so does a slash command move, after one more restart
    await w.restart()
    player, move = await first_legal(w, match.id)
    played = await player.slash(w.channel, f"{GAME} move", move=move)
    assert not played.ephemeral, played.response.content
    await assert_png(played.response)
    after = await w.service.get(match.id)
    assert after.plies == before[2] + 2
    assert (await w.service.replay(match.id)).to_json() == after.state_json  # store and record agree


# ------------------------------------------------------- Discord failures


async def test_a_failed_board_post_still_counts_the_move_once(world):
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    before = await snapshot(w, match.id)
    player, move = await first_legal(w, match.id)

    w.env.inject_error("POST", "/webhooks/*", status=500)  # the followup with the board fails
    result = await player.slash(w.channel, f"{GAME} move", move=move)
    assert result.acknowledged
    # the turn still goes out in words, mentioning whoever moves next, and the
    # "thinking…" placeholder is cleaned up
    notice = w.channel.last_message
    assert "could not be posted" in notice.content
    nxt = (await w.service.get(match.id)).to_move_id()
    assert f"<@{nxt}>" in notice.content and nxt in notice.raw_mentions
    assert result.response is None
    after = await w.service.get(match.id)
    assert after.version == before[0] + 1 and len(await w.service.moves(match.id)) == 2
    assert w.env.errors == []  # handled, nothing escaped

    await a_move_goes_through(w, match.id, moves_after=3)  # the bot goes on normally


async def test_when_every_followup_fails_the_move_still_counts_once(world):
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    before = await snapshot(w, match.id)
    player, move = await first_legal(w, match.id)

    w.env.inject_error("POST", "/webhooks/*", status=500, times=2)  # board and the apology both fail
    w.env.inject_error("POST", "/channels/*/messages", status=500)  # and so does the words-only retry
    await player.slash(w.channel, f"{GAME} move", move=move)
    assert len(await w.service.moves(match.id)) == 2
    assert (await w.service.get(match.id)).version == before[0] + 1
    assert w.env.errors == []

    retried = await player.slash(w.channel, f"{GAME} move", move=move)  # the user tries again
    assert retried.ephemeral
    assert len(await w.service.moves(match.id)) == 2

    shown = await player.slash(w.channel, f"{GAME} board")
    assert not shown.ephemeral
    await assert_png(shown.response)


async def test_a_failed_interaction_response_still_counts_the_move_once(world):
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    before = await snapshot(w, match.id)
    player, move = await first_legal(w, match.id)

    w.env.inject_error("POST", "/interactions/*/callback", status=500)  # the defer itself fails
    failed = await player.slash(w.channel, f"{GAME} move", move=move)
    assert not failed.acknowledged
    errors = w.env.errors  # reading them acknowledges them
    assert len(errors) == 1
    original = getattr(errors[0], "original", errors[0])
    assert isinstance(original, discord.HTTPException) and original.status == 500
    assert len(await w.service.moves(match.id)) == 2
    assert (await w.service.get(match.id)).version == before[0] + 1

    retried = await player.slash(w.channel, f"{GAME} move", move=move)  # not counted twice
    assert retried.ephemeral
    assert len(await w.service.moves(match.id)) == 2

    await first_placement_played(w, match.id)  # bob's first placement
    player, move = await first_legal(w, match.id)
    again = await player.slash(w.channel, f"{GAME} move", move=move)
    assert not again.ephemeral
    await assert_png(again.response)
    assert button_labels(again.response) == ["Choose a move"] or (await w.service.get(match.id)).state().pending


# ------------------------------------------------------------ a slow store


def slow_down(monkeypatch, service, name: str, seconds: float) -> None:
    """The service call ``name`` takes ``seconds`` longer (a store stuck behind a long write)."""
    real = getattr(type(service), name).__get__(service)  # the unpatched method, however often slowed

    async def slow(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await real(*args, **kwargs)

    monkeypatch.setattr(service, name, slow)


async def test_a_slow_store_is_acknowledged_in_time_and_the_board_still_comes(world, monkeypatch):
    """ux-notes: defer before database work that might be slow (Discord's 3 seconds)."""
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    player, move = await first_legal(w, match.id)
    slow_down(monkeypatch, w.service, "move", SLOW_CALL + 2.0)  # past Discord's 3 seconds
    played = await player.slash(w.channel, f"{GAME} move", move=move)
    assert played.acknowledged and played.ephemeral and "the board is below" in played.response.content
    board = w.channel.last_message
    await assert_png(board)
    assert f"{player.name} " in board.content and len(await w.service.moves(match.id)) == 2

    # a refusal that comes slowly stays private, and nothing public is posted
    slow_down(monkeypatch, w.service, "move", SLOW_CALL + 0.3)
    public = len(w.channel.history())
    refused = await w.cat.slash(w.channel, f"{GAME} move", move=move, match=match.id)
    assert refused.ephemeral and "not playing" in refused.response.content
    assert len(w.channel.history()) == public


async def test_a_slow_store_behind_a_button_is_acknowledged_and_the_board_follows(world, monkeypatch):
    w = world
    match, board, mover, owner = await reach_decision_by_the_non_mover(w)
    slow_down(monkeypatch, w.service, "move", SLOW_CALL + 2.0)  # past Discord's 3 seconds
    clicked = await owner.click(board, label=decision_labels(match.state())[0])
    assert clicked.acknowledged
    assert board.components == []  # the decision buttons are gone
    after = w.channel.last_message
    assert after.id != board.id and "keep" in after.content.lower()
    await assert_png(after)
    assert [m.move for m in await w.service.moves(match.id)][-1] == "keep"


async def test_a_slow_acceptance_is_acknowledged_and_the_match_begins(world, monkeypatch):
    w = world
    offered = (await challenge(w, w.ann, w.bob, first="me")).response
    slow_down(monkeypatch, w.service, "accept", SLOW_CALL + 2.0)  # past Discord's 3 seconds
    accepted = await w.bob.click(offered, label="Accept")
    assert accepted.acknowledged
    assert "accepted" in offered.content and offered.components == []
    board = w.channel.last_message
    assert "The match begins" in board.content and w.ann.mention in board.content
    await assert_png(board)


async def test_a_slow_match_lookup_is_acknowledged_in_time_and_the_board_still_comes(world, monkeypatch):
    """A /move typed without ``match`` first finds the player's match: at scale that look-up is
    what was slow, so it runs under the same acknowledgement as the move itself."""
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    player, move = await first_legal(w, match.id)
    slow_down(monkeypatch, w.service, "user_matches", SLOW_CALL + 2.0)  # past Discord's 3 seconds
    played = await player.slash(w.channel, f"{GAME} move", move=move)
    assert played.acknowledged and played.ephemeral and "the board is below" in played.response.content
    await assert_png(w.channel.last_message)
    assert len(await w.service.moves(match.id)) == 2

    # a slow look-up that finds nothing to play stays private, and nothing public is posted
    public = len(w.channel.history())
    refused = await w.cat.slash(w.channel, f"{GAME} move", move=move)
    assert refused.acknowledged and refused.ephemeral and "no" in refused.response.content.lower()
    assert len(w.channel.history()) == public and len(await w.service.moves(match.id)) == 2


async def test_a_slow_lookup_of_a_named_match_is_acknowledged_in_time(world, monkeypatch):
    w = world
    match, _ = await start_match(w)
    await first_placement_played(w, match.id)
    player, move = await first_legal(w, match.id)
    real_get = w.service.get
    slowed = []

    async def slow_first_get(match_id):  # the look-up; the move's own reads stay quick
        if not slowed:
            slowed.append(match_id)
            await asyncio.sleep(SLOW_CALL + 2.0)
        return await real_get(match_id)

    monkeypatch.setattr(w.service, "get", slow_first_get)
    played = await player.slash(w.channel, f"{GAME} move", move=move, match=match.id)
    assert slowed == [match.id]
    assert played.acknowledged and played.ephemeral and "the board is below" in played.response.content
    await assert_png(w.channel.last_message)
    assert len(await w.service.moves(match.id)) == 2


# ------------------------------------------------------- a damaged match


async def damaged_among_healthy(w):
    """ann: two healthy matches against bob here, and one against cat in a second channel whose
    saved state the database lost (not JSON any more)."""
    healthy = [(await start_match(w, seed=1000 + i))[0] for i in range(2)]
    elsewhere = w.guild.create_text_channel("elsewhere")
    offered = await challenge(w, w.ann, w.cat, channel=elsewhere, first="me")
    await w.cat.click(offered.response, label="Accept")
    bad = await w.service.get(final_match_id(offered.response))
    await w.env.bot.store.execute("UPDATE matches SET state = ? WHERE id = ?", ('{"board": [[1, 2', bad.id))
    return healthy, bad, elsewhere


@pytest.mark.simcord(settle_timeout=90)
async def test_games_lists_the_healthy_matches_and_one_line_for_a_damaged_one(world):
    w = world
    healthy, bad, elsewhere = await damaged_among_healthy(w)
    listed = await w.ann.slash(w.channel, "games")
    assert listed.ephemeral
    text = listed.response.content
    for match in healthy:
        assert f"#{match.id}" in text
    assert f"Match #{bad.id} cannot be shown" in text
    assert w.env.errors == []
    # bob, who is not in the damaged match, sees nothing of it
    bobs = (await w.bob.slash(w.channel, "games")).response.content
    assert all(f"#{m.id}" in bobs for m in healthy) and f"#{bad.id}" not in bobs


@pytest.mark.simcord(settle_timeout=90)
async def test_a_move_on_a_damaged_match_is_refused_privately_for_that_match_only(world):
    w = world
    healthy, bad, elsewhere = await damaged_among_healthy(w)
    public = len(elsewhere.history())
    named = await w.ann.slash(w.channel, f"{GAME} move", move="anything", match=bad.id)
    assert named.ephemeral and f"Match #{bad.id} cannot be played" in named.response.content
    unnamed = await w.ann.slash(elsewhere, f"{GAME} move", move="anything")  # his only match there
    assert unnamed.ephemeral and f"Match #{bad.id} cannot be played" in unnamed.response.content
    assert len(elsewhere.history()) == public and w.env.errors == []
    # the healthy matches play on
    await first_placement_played(w, healthy[0].id)
    player, move = await first_legal(w, healthy[0].id)
    played = await player.slash(w.channel, f"{GAME} move", move=move, match=healthy[0].id)
    assert not played.ephemeral and len(await w.service.moves(healthy[0].id)) == 2


@pytest.mark.simcord(settle_timeout=90)
async def test_reminders_beside_a_damaged_match_go_out_once_and_it_is_never_claimed_again(world):
    w = world
    healthy, bad, elsewhere = await damaged_among_healthy(w)
    before = len(w.channel.history())
    await advance(w.env, DAY + 60)
    reminded = [m for m in w.channel.history()[before:] if "⏰" in m.content]
    assert len(reminded) == len(healthy)
    assert not any("⏰" in m.content for m in elsewhere.history())
    assert [b.id for b in await w.service.broken_matches()] == [bad.id]
    await advance(w.env, 3600)  # leases long past: nothing is delivered twice
    assert len([m for m in w.channel.history()[before:] if "⏰" in m.content]) == len(healthy)
    assert w.env.errors == []


# ------------------------------------------------------------- settings


def test_the_lease_and_the_database_timeouts_are_settings(monkeypatch):
    from bot.setup.settings import Settings, SettingsError

    for name in (
        "CLAIM_LEASE_SECONDS",
        "DATABASE_STATEMENT_TIMEOUT_SECONDS",
        "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS",
    ):
        monkeypatch.delenv(name, raising=False)
    defaults = Settings.from_env(env_file=None)
    assert (defaults.claim_lease, defaults.statement_timeout, defaults.idle_in_transaction_timeout) == (120, 30, 60)
    monkeypatch.setenv("CLAIM_LEASE_SECONDS", "300")
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT_SECONDS", "0")
    monkeypatch.setenv("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS", "12.5")
    chosen = Settings.from_env(env_file=None)
    assert (chosen.claim_lease, chosen.statement_timeout, chosen.idle_in_transaction_timeout) == (300, 0, 12.5)
    for name, bad in (
        ("CLAIM_LEASE_SECONDS", "5"),
        ("CLAIM_LEASE_SECONDS", "soon"),
        ("DATABASE_STATEMENT_TIMEOUT_SECONDS", "-1"),
        ("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS", "nan"),
    ):
        monkeypatch.setenv(name, bad)
        with pytest.raises(SettingsError, match=name):
            Settings.from_env(env_file=None)
        monkeypatch.delenv(name)


# ------------------------------------------------------- a paused process


@pytest.mark.simcord(settle_timeout=90)
async def test_a_process_paused_past_its_lease_does_not_send_the_reminder_again(world):
    """Another process claims the reminder and is paused past its lease; the bot takes the work
    over and delivers it; then the paused process wakes and goes on with its batch, through the
    bot's own delivery code: nothing is sent twice, nothing is marked twice."""
    from matches import MatchService

    w = world
    match, _ = await start_match(w)
    due_at = match.next_event_at
    paused_service = MatchService(w.env.bot.store, clock=lambda: due_at + 1)
    [(paused, event)] = await paused_service.claim_due("paused", limit=10, lease=120)
    assert paused.claim_token is not None

    before = len(w.channel.history())
    await advance(w.env, due_at - w.service.clock() + 1 + 121)  # the lease runs out; the bot delivers
    reminders = [m for m in w.channel.history()[before:] if "⏰" in m.content]
    assert len(reminders) == 1
    delivered = await w.service.get(match.id)
    assert delivered.claim_token is None and delivered.last_reminded_at is not None

    await w.env.bot.reminders._deliver_in_order([(paused, event)])  # the paused process wakes
    await w.env.settle()
    assert len([m for m in w.channel.history()[before:] if "⏰" in m.content]) == 1
    assert await paused_service.mark_sent(paused, event) is None
    assert (await w.service.get(match.id)).last_reminded_at == delivered.last_reminded_at
    assert w.env.errors == []


@pytest.mark.simcord(settle_timeout=90)
async def test_an_export_of_moves_that_do_not_replay_is_refused_privately_and_play_stops(world):
    """The saved state is what play goes on from; the moves must replay to it.  Where they are
    read (here /export) and do not, the match is marked broken: refused alone, from then on."""
    w = world
    match, _ = await start_match(w)
    await a_move_goes_through(w, match.id, moves_after=1)
    await w.env.bot.store.execute("UPDATE moves SET move = 'no such move' WHERE match_id = ?", (match.id,))
    public = len(w.channel.history())
    exported = await w.ann.slash(w.channel, f"{GAME} export")
    assert exported.ephemeral and f"Match #{match.id} cannot be played" in exported.response.content
    assert not exported.response.attachments
    refused = await w.bob.slash(w.channel, f"{GAME} move", move="anything", match=match.id)
    assert refused.ephemeral and f"Match #{match.id} cannot be played" in refused.response.content
    assert len(w.channel.history()) == public and w.env.errors == []
    assert [b.id for b in await w.service.broken_matches()] == [match.id]
