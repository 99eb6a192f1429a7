"""The computer opponent through the real bot (issue 11, "In Discord").

Players challenge the bot itself; its moves are thought out off the event loop
(a real process pool in one test, the in-process mode elsewhere for speed) and
posted like anybody's.  The human side is driven with random legal moves.
"""
import os
import random
import signal
from types import SimpleNamespace

import pytest
from simcord.actors import MemberActor
from simcord.builders import UserHandle

from bot import Settings
from bot.computer import ComputerPlayer
from bot.settings import SettingsError
from engines import get_game
from matches import Player, ai_seats
from matches.computer import Thinking
from matches.timing import DAY

from .games_helpers import assert_pings_only, assert_refused, challenge
from .helpers import advance, assert_png, button_labels, deterministic_seeds, mentioned_ids, pinged_ids, snapshot

# Thinking takes real time (the pool starts worker processes): more than the usual settle budget.
pytestmark = pytest.mark.simcord(settle_timeout=60)

GAME = "atacama"


@pytest.fixture
def settings(tmp_path, database, request):
    """AI_WORKERS=0 (thinking in a thread of the bot) unless a test asks for a pool of processes;
    on both backends (tests/conftest.py)."""
    workers = getattr(request, "param", 0)
    if database.startswith("postgresql://"):
        return Settings(token=None, database_path=str(tmp_path / "unused.sqlite3"), database_url=database,
                        ai_workers=workers, replay_frames=4)
    return Settings(token=None, database_path=database, ai_workers=workers, replay_frames=4)


def the_bot(w):
    """The bot's own member, as a player picks it in the opponent option."""
    return MemberActor(w.env, w.guild, UserHandle(w.env, w.env.backend.bot_user))


def labels(message) -> list[str]:
    """Button labels of a message, whether SimCord's record or a discord.py Message from the channel."""
    return [getattr(item, "label", None) or (item.get("label") if isinstance(item, dict) else None)
            for row in message.components
            for item in (row.children if hasattr(row, "children") else row.get("components", []))]


def bot_messages(w, after: int = 0):
    return [m for m in w.channel.history() if m.author.id == w.env.backend.bot_user.id][after:]


def assert_no_computer_mention(message) -> None:
    assert "<@-" not in message.content and all(user > 0 for user in mentioned_ids(message))


async def the_only_match(w, user):
    [match] = await w.service.user_matches(user.id, statuses=("challenge", "active", "finished"))
    return match


async def challenge_the_bot(w, *, level="easy", first="opponent", game=GAME, seed=3000):
    deterministic_seeds(w, seed)
    started = await w.ann.slash(w.channel, f"{game} challenge", opponent=the_bot(w), level=level, first=first)
    assert not started.ephemeral, started.response.content
    return started, await the_only_match(w, w.ann)


def ai_seat(match) -> int:
    return next(seat for seat, p in enumerate(match.players) if ai_seats.is_ai(p))


async def computer_replied(w, match_id: int, human) -> object:
    """After a person's move: the computer has moved and posted its board, which pings the person only."""
    match = await w.service.get(match_id)
    last = (await w.service.moves(match_id))[-1]
    assert ai_seats.is_ai(last.user_id)
    message = w.channel.last_message
    assert message.id == match.message_id
    await assert_png(message)
    assert_no_computer_mention(message)
    # A screen reader hears the computer's move in words, like anybody's.
    [image] = message.attachments
    assert f"Last: {match.names[ai_seat(match)]}" in image.description, image.description
    if match.status == "active":
        assert match.to_move_id() == human.id
        assert_pings_only(w.env, message, human.id)
        assert labels(message) == ["Choose a move"]
    return message


# ------------------------------------------------------------ a whole match

@pytest.mark.parametrize("settings", [1], indirect=True)      # the production default: a process pool
async def test_a_whole_match_against_the_easy_computer_in_its_process_pool(world, settings):
    w = world
    assert settings.ai_workers == 1
    started, match = await challenge_the_bot(w, level="easy", first="opponent")
    # No challenge to accept: the first board, and the computer (seated first) has already answered it.
    assert match.status == "active" and match.names == ["Bot (easy)", "ann"]
    assert "The match begins." in started.response.content and "Bot (easy)" in started.response.content
    assert "is thinking" in started.response.content and button_labels(started.response) == []
    assert pinged_ids(w.env, started.response) == set()            # nobody is pinged for the computer's turn
    await computer_replied(w, match.id, w.ann)
    assert w.env.bot.computer._pool is not None                     # it thought in a worker process

    rng = random.Random(7)
    while (match := await w.service.get(match.id)).status == "active":
        assert match.to_move_id() == w.ann.id
        move = rng.choice(match.state().legal_moves())
        posted = await w.ann.slash(w.channel, f"{GAME} move", move=move)
        assert not posted.ephemeral, posted.response.content
        assert_no_computer_mention(posted.response)
        after = await w.service.get(match.id)
        if after.status == "active":
            await computer_replied(w, match.id, w.ann)
    moves = await w.service.moves(match.id)
    assert [m.user_id for m in moves[:4]] == [match.players[0], w.ann.id] * 2
    assert match.status == "finished" and len(moves) == match.plies
    final = w.channel.last_message
    assert labels(final) == ["Rematch"] and ("wins**" in final.content or "a draw" in final.content)
    assert_no_computer_mention(final)

    # Unrated, but counted against the level in /stats.
    assert await w.service.leaderboard(w.guild.id, GAME) == []
    stats = await w.ann.slash(w.channel, "stats")
    assert stats.ephemeral and "Against the computer (easy, unrated): " in stats.response.content
    record = {(1,): "1 W / 0 L / 0 D", (0,): "0 W / 1 L / 0 D", (0, 1): "0 W / 0 L / 1 D"}
    assert f"(easy, unrated): {record[tuple(match.result['winners'])]}" in stats.response.content

    # A rematch against the computer starts at once, seats swapped: ann opens.
    pressed = await w.ann.click(final, label="Rematch")
    assert not pressed.ephemeral
    rematch = await w.service.get((await w.service.get(match.id)).rematch_id)
    assert rematch.status == "active" and rematch.players == [w.ann.id, match.players[0]]
    assert rematch.series_id == match.series_id
    board = w.channel.last_message
    assert "Rematch of #" in board.content and board.id == rematch.message_id
    assert_pings_only(w.env, board, w.ann.id)


async def test_a_match_against_the_computer_gets_its_thread_when_the_server_wants_it(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    started, match = await challenge_the_bot(w, level="easy", first="opponent")
    [thread] = w.channel.threads
    match = await w.service.get(match.id)
    assert match.thread_id == thread.id
    assert any("the match has started" in m.content for m in w.channel.history())
    first, reply = thread.history()[-2:]
    assert "The match begins." in first.content and reply.id == match.message_id
    assert match.plies == 1 and pinged_ids(w.env, reply) == {w.ann.id}
    moved = await w.ann.slash(thread, f"{GAME} move", move=match.state().legal_moves()[0])
    assert not moved.ephemeral and moved.response.channel_id == thread.id
    assert thread.history()[-1].id == (await w.service.get(match.id)).message_id


async def test_the_person_is_reminded_but_nobody_is_told_to_claim_against_the_computer(world):
    w = world
    _, match = await challenge_the_bot(w, level="easy", first="me")
    before = len(bot_messages(w))
    await advance(w.env, match.days * DAY + 60)
    notices = bot_messages(w, before)
    assert len(notices) >= 2                                        # daily nudges and the quarter left
    for notice in notices:
        assert_pings_only(w.env, notice, w.ann.id)
        assert labels(notice) == [] and "claim" not in notice.content
    assert (await w.service.get(match.id)).status == "active"


# ------------------------------------------------------------ restart

async def test_after_a_restart_the_computer_moves_by_itself(world):
    w = world
    _, match = await challenge_the_bot(w, level="medium", first="me")
    # ann's move is saved, then the bot stops before the computer's turn was thought out.
    await w.service.move(match.id, w.ann.id, match.state().legal_moves()[5])
    waiting = await w.service.get(match.id)
    assert waiting.to_move_id() < 0 and waiting.deadline is None
    posted_before = len(bot_messages(w))
    await w.restart()
    await w.env.settle()
    after = await w.service.get(match.id)
    assert after.plies == 2 and after.to_move_id() == w.ann.id
    assert len(bot_messages(w)) == posted_before + 1
    await computer_replied(w, match.id, w.ann)
    assert "Bot (medium)" in w.channel.last_message.content


async def test_a_second_request_for_the_same_position_starts_no_second_search(world):
    w = world
    _, match = await challenge_the_bot(w, level="easy", first="me")
    await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])
    waiting = await w.service.get(match.id)
    computer = w.env.bot.computer
    computer.schedule(waiting)
    [(version, task)] = computer._jobs.values()
    computer.schedule(waiting)
    assert list(computer._jobs.values()) == [(version, task)]
    await task
    assert [m.user_id < 0 for m in await w.service.moves(match.id)] == [False, True]


# ------------------------------------------------------------ hint and undo

async def test_hint_privately_and_undo_granted_at_once(world):
    w = world
    _, match = await challenge_the_bot(w, level="easy", first="me")
    public_before = len(w.channel.history())
    before = await snapshot(w, match.id)
    hinted = await w.ann.slash(w.channel, f"{GAME} hint")
    assert hinted.ephemeral
    [answer] = [hinted.response, *hinted.followups][-1:]
    assert answer.ephemeral and answer.content.startswith("The hard level would play **")
    suggested = answer.content.split("**")[1]
    assert suggested in match.state().legal_moves()
    assert await snapshot(w, match.id) == before and len(w.channel.history()) == public_before

    await w.ann.slash(w.channel, f"{GAME} move", move=suggested)
    replied = await w.service.get(match.id)
    assert replied.plies == 2 and replied.to_move_id() == w.ann.id
    reply = (await w.service.moves(match.id))[-1].move
    undone = await w.ann.slash(w.channel, f"{GAME} undo")
    assert not undone.ephemeral, undone.response.content
    assert f"ann took back {suggested} and the computer's reply {reply}." in undone.response.content
    after = await w.service.get(match.id)
    assert after.plies == 0 and after.state_json == match.state_json and after.to_move_id() == w.ann.id
    assert_pings_only(w.env, undone.response, w.ann.id)
    again = await w.ann.slash(w.channel, f"{GAME} undo")
    assert again.ephemeral and "nothing to take back" in again.response.content


# ------------------------------------------------------------ four players

async def test_four_player_atacama_with_two_computer_seats_and_a_person_who_accepts(world):
    w = world
    deterministic_seeds(w, 4000)
    offered = await challenge(w, GAME, w.ann, [the_bot(w), the_bot(w), w.bob], level="easy", first="me")
    assert not offered.ephemeral, offered.response.content
    message = offered.response
    assert_pings_only(w.env, message, w.bob.id)                     # only the person still to answer
    assert "✅ Bot (easy) 1" in message.content and "✅ Bot (easy) 2" in message.content
    assert "⌛ bob" in message.content and button_labels(message) == ["Accept", "Decline"]
    match = await the_only_match(w, w.ann)
    assert match.status == "challenge" and match.players[0] == w.ann.id

    refused = await w.cat.click(message, label="Accept")
    assert refused.ephemeral and (await w.service.get(match.id)).status == "challenge"
    accepted = await w.bob.click(message, label="Accept")
    assert not accepted.ephemeral
    match = await w.service.get(match.id)
    assert match.status == "active" and sorted(match.names) == ["Bot (easy) 1", "Bot (easy) 2", "ann", "bob"]

    rng = random.Random(3)
    humans = {w.ann.id: w.ann, w.bob.id: w.bob}
    for _ in range(6):                                              # a few rounds, each person in turn
        match = await w.service.get(match.id)
        if match.status != "active":
            break
        player = humans[match.to_move_id()]
        posted_before = len(bot_messages(w))
        moved = await player.slash(w.channel, f"{GAME} move", move=rng.choice(match.state().legal_moves()))
        assert not moved.ephemeral, moved.response.content
        after = await w.service.get(match.id)
        computer_moves = [m for m in (await w.service.moves(match.id))[match.plies + 1:]]
        assert all(ai_seats.is_ai(m.user_id) for m in computer_moves)
        # One board for the person's move and one for each of the computer's.
        assert len(bot_messages(w)) == posted_before + 1 + len(computer_moves)
        for posted in bot_messages(w, posted_before):
            assert_no_computer_mention(posted)
        if after.status == "active":
            assert not ai_seats.is_ai(after.to_move_id())
            assert_pings_only(w.env, w.channel.last_message, after.to_move_id())
    assert {m.user_id for m in await w.service.moves(match.id)} == set(match.players)


# ------------------------------------------------------------ refusals

async def test_nobody_moves_for_the_computer_and_it_answers_no_requests(world):
    w = world
    deterministic_seeds(w, 5000)
    # The computer to move (created in the service: the bot was not asked to think yet).
    match = await w.service.create_challenge(GAME, w.guild.id, w.channel.id, Player(w.ann.id, w.ann.name),
                                             ai_seats.players("easy", 1), first="opponent")
    assert match.to_move_id() < 0
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    move = match.state().legal_moves()[0]
    refused = await w.ann.slash(w.channel, f"{GAME} move", move=move, match=match.id)
    await assert_refused(w, refused, match.id, before, public, "Bot (easy)")
    for command, words in (("claim", "never runs out of time"), ("draw", "does not agree to a draw"),
                           ("hint", "Bot (easy)")):
        refused = await w.ann.slash(w.channel, f"{GAME} {command}", match=match.id)
        await assert_refused(w, refused, match.id, before, public, words)
    stranger = await w.bob.slash(w.channel, f"{GAME} hint", match=match.id)
    await assert_refused(w, stranger, match.id, before, public, "not playing")
    board = await w.ann.slash(w.channel, f"{GAME} board", match=match.id)
    assert button_labels(board.response) == []                    # no button to play the computer's turn


async def test_hints_are_refused_between_people(world):
    w = world
    deterministic_seeds(w, 6000)
    offered = await challenge(w, GAME, w.ann, [w.bob], first="me")
    await w.bob.click(offered.response, label="Accept")
    match = await the_only_match(w, w.ann)
    before, public = await snapshot(w, match.id), len(w.channel.history())
    refused = await w.ann.slash(w.channel, f"{GAME} hint")
    await assert_refused(w, refused, match.id, before, public, "only in matches against the computer")


# ------------------------------------------------------------ the setting

def test_ai_workers_is_read_from_the_environment_and_checked(monkeypatch):
    monkeypatch.delenv("AI_WORKERS", raising=False)
    assert Settings.from_env(None).ai_workers == 1                 # the default: one process
    monkeypatch.setenv("AI_WORKERS", "3")
    assert Settings.from_env(None).ai_workers == 3
    monkeypatch.setenv("AI_WORKERS", "0")
    assert Settings.from_env(None).ai_workers == 0
    for wrong in ("many", "-1", "1000"):
        monkeypatch.setenv("AI_WORKERS", wrong)
        with pytest.raises(SettingsError, match="AI_WORKERS"):
            Settings.from_env(None)


async def test_a_worker_that_dies_is_replaced_and_the_move_still_comes():
    computer = ComputerPlayer(SimpleNamespace(settings=Settings(ai_workers=1)))
    spec = get_game("tactori-fem")
    options = spec.check(2, {})
    state = spec.setup(2, 5, spec.resolve_setup(2, 5, dict(spec.starting_setup), options), options)
    job = Thinking(1, 1, ai_seats.user_id("easy", 1), "tactori-fem", state.to_json(), "easy", 11)
    try:
        first = await computer.think(job)
        pool = computer._pool
        for process in list(pool._processes.values()):     # the worker this test's pool started
            os.kill(process.pid, signal.SIGKILL)
        assert await computer.think(job) == first            # same position, same seed: the same move
        assert computer._pool is not pool
    finally:
        computer.close()
