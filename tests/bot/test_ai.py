"""The computer opponent through the real bot.

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
from bot.computer.player import ComputerPlayer
from bot.locales import say
from bot.messages import boards as boards_module
from bot.messages import present
from bot.setup.settings import SettingsError
from engines import get_game
from matches import Player, ai_seats
from matches.computer import Thinking
from matches.timing import DAY

from .games_helpers import assert_pings_only, assert_refused, challenge
from .helpers import advance, assert_png, button_labels, deterministic_seeds, mentioned_ids, pinged_ids, snapshot

# Thinking takes real time (the pool starts worker processes): more than the usual settle budget.
pytestmark = pytest.mark.simcord(settle_timeout=90)

GAME = "atacama"


@pytest.fixture
def settings(tmp_path, database, request):
    """Thinking in threads of the bot unless a test asks for a pool of processes (param: how many);
    on both backends (tests/conftest.py)."""
    workers = getattr(request, "param", 0)
    # "none": AI_WORKERS=0, the bot thinks nowhere (workers elsewhere do)
    threads = dict(ai_workers=0) if workers == "none" else dict(ai_workers=workers or 1, ai_threads=not workers)
    if database.startswith("postgresql://"):
        return Settings(
            token=None,
            database_path=str(tmp_path / "unused.sqlite3"),
            database_url=database,
            replay_frames=4,
            **threads,
        )
    return Settings(token=None, database_path=database, replay_frames=4, **threads)


def the_bot(w):
    """The bot's own member, as a player picks it in the opponent option."""
    return MemberActor(w.env, w.guild, UserHandle(w.env, w.env.backend.bot_user))


def labels(message) -> list[str]:
    """Button labels of a message, whether SimCord's record or a discord.py Message from the channel."""
    return [
        getattr(item, "label", None) or (item.get("label") if isinstance(item, dict) else None)
        for row in message.components
        for item in (row.children if hasattr(row, "children") else row.get("components", []))
    ]


def bot_messages(w, after: int = 0):
    return [m for m in w.channel.history() if m.author.id == w.env.backend.bot_user.id][after:]


def posted_since(w, since: int) -> list[dict]:
    """What the bot posted since its REST request number ``since`` (content, attachments, components), in order,
    whether the message is still there or not."""
    out = []
    for e in w.env.http_requests[since:]:
        body = e.json if isinstance(e.json, dict) else {}
        if e.method == "POST" and e.path.endswith("/callback"):
            body = body.get("data") or {}
        elif not (e.method == "POST" and (e.path.endswith("/messages") or "/webhooks/" in e.path)):
            continue
        if "content" in body:
            out.append(body)
    return out


def boards_posted_since(w, since: int) -> list[dict]:
    return [body for body in posted_since(w, since) if body.get("attachments")]


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
    # A screen reader hears the computer's move in words, like anybody's (a finished board says the result).
    [image, *extras] = message.attachments
    if match.status == "active":
        assert not extras and "Last: " in image.description, image.description
        assert f"{match.names[ai_seat(match)]} placed" in image.description, image.description
        assert match.to_move_id() == human.id
        assert_pings_only(w.env, message, human.id)
        assert labels(message) == ["Choose a move"]
    return message


# ------------------------------------------------------------ a whole match


@pytest.mark.slow
@pytest.mark.parametrize("settings", [1], indirect=True)  # the production default: a process pool
async def test_a_whole_match_against_the_easy_computer_in_its_process_pool(world, settings):
    w = world
    assert settings.ai_workers == 1
    since = len(w.env.http_requests)
    started, match = await challenge_the_bot(w, level="easy", first="opponent")
    # No challenge to accept: the first board, and the computer (seated first) has already answered it.
    assert match.status == "active" and match.names == ["Bot (easy)", "ann"]
    [thinking, answered] = boards_posted_since(w, since)
    assert "The match begins." in thinking["content"] and "**Bot (easy)** is thinking…" in thinking["content"]
    assert not thinking.get("components") and "<@" not in thinking["content"]  # nobody pinged for the computer
    reply = await computer_replied(w, match.id, w.ann)
    # The board after the computer's move took the place of the one that said it was thinking.
    assert started.response is None and [m.id for m in boards(w)] == [reply.id]
    assert answered["content"] == reply.content
    assert "The match begins." in reply.content and "is thinking" not in reply.content
    assert w.env.bot.computer._pool is not None  # it thought in a worker process

    rng = random.Random(7)
    while (match := await w.service.get(match.id)).status == "active":
        assert match.to_move_id() == w.ann.id
        move = rng.choice(match.state().legal_moves())
        before = len(boards(w))
        posted = await w.ann.slash(w.channel, f"{GAME} move", move=move)
        assert not posted.ephemeral
        assert len(boards(w)) == before + 1  # one board a round
        if (await w.service.moves(match.id))[-1].user_id != w.ann.id:
            await computer_replied(w, match.id, w.ann)
            assert posted.response is None  # the thinking board went
        else:
            assert_no_computer_mention(posted.response)
    moves = await w.service.moves(match.id)
    assert [m.user_id for m in moves[:4]] == [match.players[0], w.ann.id] * 2
    assert match.status == "finished" and len(moves) == match.plies
    final = w.channel.last_message
    assert labels(final) == ["Rematch", "Review"] and ("wins**" in final.content or "a draw" in final.content)
    assert_no_computer_mention(final)
    # The board, the replay and the chart each say the result to a screen reader; the board says it once.
    board, replay, chart = (a.description for a in final.attachments)
    result = (
        "The match ended in a draw."
        if match.outcome().is_draw
        else next(s for s in ("won.", "won by resignation.", "won on time.") if board.endswith(s))
    )
    assert board.count(" won") + board.count("draw") == 1 and "Last:" not in board, board
    assert board.count("Final score: ") == 1 and "Scores:" not in board, board
    assert replay.startswith("Animated replay of Atacama #") and replay.endswith(result), replay
    assert chart.startswith("Chart of every player's score") and "Final score: " in chart and chart.endswith(result)

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


@pytest.mark.parametrize("settings", ["none"], indirect=True)
async def test_with_ai_workers_0_the_bot_thinks_nowhere_and_a_worker_elsewhere_moves_for_it(world, settings):
    """AI_WORKERS=0: the computer's turns wait in the database for a worker (here a runner on a store of its
    own, as python -m ai worker runs it); the bot plays and posts what it chose, one board a round."""
    import asyncio

    from matches import MatchService
    from matches.computer import think
    from matches.jobrunner import JobRunner
    from matches.store import store_for

    if not settings.database_url:
        pytest.skip("workers in other processes need PostgreSQL")
    w = world
    computer = w.env.bot.computer
    assert settings.ai_workers == 0 and computer.runner is None
    since = len(w.env.http_requests)
    started, match = await challenge_the_bot(w, level="easy", first="opponent")
    [thinking] = boards_posted_since(w, since)
    assert "**Bot (easy)** is thinking…" in thinking["content"]
    assert (await w.service.get(match.id)).plies == 0  # nobody thought about it
    [job] = await w.service.store.fetchall("SELECT state FROM ai_jobs")
    assert job["state"] == "waiting"

    store = await store_for(settings.database_url).open()

    async def in_a_thread(job):
        return await asyncio.to_thread(think, job)

    worker = JobRunner(MatchService(store), "elsewhere", moves=1, reviews=0, think=in_a_thread, review=None, poll=0.5)
    worker.start()
    try:
        for _ in range(600):
            await asyncio.sleep(0.05)
            await w.env.settle()
            now = await w.service.get(match.id)
            if now.plies and w.channel.last_message.id == now.message_id:  # moved, and its board is up
                break
        reply = await computer_replied(w, match.id, w.ann)
        assert "The match begins." in reply.content and [m.id for m in boards(w)] == [reply.id]
        assert worker.done == 1 and computer._pool is None  # it thought elsewhere
    finally:
        await worker.stop()
        await store.close()


async def test_a_match_against_the_computer_gets_its_thread_when_the_server_wants_it(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    started, match = await challenge_the_bot(w, level="easy", first="opponent")
    [thread] = w.channel.threads
    match = await w.service.get(match.id)
    assert match.thread_id == thread.id
    assert any("the match has started" in m.content for m in w.channel.history())
    # One board: the first one said the computer was thinking; the board after its move took its place.
    [reply] = [m for m in thread.history() if m.attachments]
    assert "The match begins." in reply.content and reply.id == match.message_id
    assert not any("is thinking" in m.content for m in thread.history())
    assert match.plies == 1 and pinged_ids(w.env, reply) == {w.ann.id}
    moved = await w.ann.slash(thread, f"{GAME} move", move=match.state().legal_moves()[0])
    assert not moved.ephemeral and moved.response is None  # its board said "thinking" and went
    assert thread.history()[-1].id == (await w.service.get(match.id)).message_id
    assert len([m for m in thread.history() if m.attachments]) == 2  # one board a round


async def test_the_person_is_reminded_but_nobody_is_told_to_claim_against_the_computer(world):
    w = world
    _, match = await challenge_the_bot(w, level="easy", first="me")
    before = len(bot_messages(w))
    await advance(w.env, match.days * DAY + 60)
    notices = bot_messages(w, before)
    assert len(notices) >= 2  # daily nudges and the quarter left
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
    # it thought in this process, which says so to python -m matches status
    assert [p.name for p in (await w.service.queue_status()).workers] == [w.env.bot.process_name]


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
    assert_pings_only(w.env, message, w.bob.id)  # only the person still to answer
    assert "✅ Bot 1 (easy)" in message.content and "✅ Bot 2 (easy)" in message.content
    assert "⌛ bob" in message.content and button_labels(message) == ["Accept", "Decline"]
    match = await the_only_match(w, w.ann)
    assert match.status == "challenge" and match.players[0] == w.ann.id

    refused = await w.cat.click(message, label="Accept")
    assert refused.ephemeral and (await w.service.get(match.id)).status == "challenge"
    accepted = await w.bob.click(message, label="Accept")
    assert not accepted.ephemeral
    match = await w.service.get(match.id)
    assert match.status == "active" and sorted(match.names) == ["Bot 1 (easy)", "Bot 2 (easy)", "ann", "bob"]
    # Numbered in seat order, each with its colour beside its level (no "(easy) (orange)").
    bots = [seat for seat, p in enumerate(match.players) if ai_seats.is_ai(p)]
    assert [match.names[seat] for seat in bots] == ["Bot 1 (easy)", "Bot 2 (easy)"]

    rng = random.Random(3)
    humans = {w.ann.id: w.ann, w.bob.id: w.bob}
    for _ in range(6):  # a few rounds, each person in turn
        match = await w.service.get(match.id)
        if match.status != "active":
            break
        player = humans[match.to_move_id()]
        posted_before = len(bot_messages(w))
        moved = await player.slash(w.channel, f"{GAME} move", move=rng.choice(match.state().legal_moves()))
        assert not moved.ephemeral, moved.response.content
        after = await w.service.get(match.id)
        computer_moves = [m for m in (await w.service.moves(match.id))[match.plies + 1 :]]
        assert all(ai_seats.is_ai(m.user_id) for m in computer_moves)
        # One board a round: the person's (when the other person is next), or the one after the computer's
        # moves in a row, which replaced the person's board that said the computer was thinking.
        assert len(bot_messages(w)) == posted_before + 1
        if computer_moves:
            assert moved.response is None  # the thinking board went
            assert w.channel.last_message.content.count("placed") >= len(computer_moves)
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
    match = await w.service.create_challenge(
        GAME, w.guild.id, w.channel.id, Player(w.ann.id, w.ann.name), ai_seats.players("easy", 1), first="opponent"
    )
    assert match.to_move_id() < 0
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    move = match.state().legal_moves()[0]
    refused = await w.ann.slash(w.channel, f"{GAME} move", move=move, match=match.id)
    await assert_refused(w, refused, match.id, before, public, "Bot (easy)")
    for command, words in (
        ("claim", "never runs out of time"),
        ("draw", "does not agree to a draw"),
        ("hint", "Bot (easy)"),
    ):
        refused = await w.ann.slash(w.channel, f"{GAME} {command}", match=match.id)
        await assert_refused(w, refused, match.id, before, public, words)
    stranger = await w.bob.slash(w.channel, f"{GAME} hint", match=match.id)
    await assert_refused(w, stranger, match.id, before, public, "not playing")
    since = len(w.env.http_requests)
    await w.ann.slash(w.channel, f"{GAME} board", match=match.id)
    [board, _] = boards_posted_since(w, since)
    assert not board.get("components")  # no button to play the computer's turn


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
    assert Settings.from_env(None).ai_workers == 1  # the default: one process
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
        for process in list(pool._processes.values()):  # the worker this test's pool started
            os.kill(process.pid, signal.SIGKILL)
        assert await computer.think(job) == first  # same position, same seed: the same move
        assert computer._pool is not pool
    finally:
        computer.close()


# ------------------------------------------------------------ one board a round


def boards(w, channel=None) -> list:
    """The messages with a board (an image) in the channel, oldest first."""
    return [m for m in (channel or w.channel).history() if m.attachments]


async def test_three_computer_seats_post_one_board_a_round_listing_their_moves(world):
    w = world
    deterministic_seeds(w, 7000)
    started = await challenge(w, "tactori", w.ann, [the_bot(w)] * 3, level="easy", first="me")
    assert not started.ephemeral, started.response.content
    match = await the_only_match(w, w.ann)
    assert match.status == "active" and match.players[0] == w.ann.id
    # Named in seat order, numbered beside the word, the colour beside the level.
    assert match.names == ["ann", "Bot 1 (easy)", "Bot 2 (easy)", "Bot 3 (easy)"]
    heading = started.response.content.splitlines()[0]
    assert "■ Bot 1 (easy, orange) vs ▲ Bot 2 (easy, green) vs ◆ Bot 3 (easy, pink)" in heading
    assert "(easy) (" not in heading

    rng = random.Random(5)
    for _ in range(3):
        match = await w.service.get(match.id)
        if match.status != "active":
            break
        assert match.to_move_id() == w.ann.id
        before = {m.id for m in boards(w)}
        since = len(w.env.http_requests)
        moved = await w.ann.slash(w.channel, "tactori move", move=rng.choice(match.state().legal_moves()))
        assert not moved.ephemeral
        # Two boards posted: ann's, saying the computer is thinking, and the one after its three moves.
        thinking, _ = boards_posted_since(w, since)
        assert "**Bot 1 (easy)** is thinking…" in thinking["content"]
        after = await w.service.get(match.id)
        computer_moves = (await w.service.moves(match.id))[match.plies + 1 :]
        assert [m.user_id for m in computer_moves] == match.players[1:4][: len(computer_moves)]
        # One board for the round, in place of ann's (which said the computer was thinking).
        new = [m for m in boards(w) if m.id not in before]
        assert len(new) == 1 and moved.response is None
        [board] = new
        assert board.id == after.message_id and "is thinking" not in board.content
        lines = board.content.splitlines()
        # ann's move, then each computer move in turn, one line each.
        listed = lines[1 : 2 + len(computer_moves)]
        assert listed[0].startswith("ann (blue) ")
        assert [line.split(" (")[0] for line in listed[1:]] == [f"Bot {n}" for n in range(1, len(computer_moves) + 1)]
        if after.status == "active":
            assert len(computer_moves) == 3
            scores = after.position.scores()
            assert (
                f"Score: ann: {scores[0]} · Bot 1 (easy): {scores[1]} · Bot 2 (easy): {scores[2]} · "
                f"Bot 3 (easy): {scores[3]}" in board.content
            )
            assert_pings_only(w.env, board, w.ann.id)
            [image] = board.attachments
            assert image.description.count("Last: ") == 1
            assert all(name in image.description for name in after.names)
            assert "Scores: ann: " in image.description and ", Bot 3 (easy): " in image.description


async def test_the_computers_placements_in_architekton_come_on_one_board(world):
    w = world
    since = len(w.env.http_requests)
    started, match = await challenge_the_bot(w, level="easy", first="opponent", game="architekton", seed=3100)
    thinking, _ = boards_posted_since(w, since)
    assert "**Bot (easy)** is thinking…" in thinking["content"]
    match = await w.service.get(match.id)
    moves = await w.service.moves(match.id)
    assert len(moves) >= 2 and all(ai_seats.is_ai(m.user_id) for m in moves)  # its whole first turn
    [board] = boards(w)
    assert board.id == match.message_id and started.response is None
    lines = board.content.splitlines()
    assert lines[1] == "The match begins." and all(line.startswith("Bot (easy) ") for line in lines[2 : 2 + len(moves)])
    assert "Score: Bot (easy): " in board.content and " · ann: " in board.content
    [image] = board.attachments
    assert "The match begins." not in image.description and "Last: Bot (easy) " in image.description

    # ann's turn: her first placement is shown to her alone; after her second the computer plays its
    # two (or more) and one board, with her placements and its own, replaces the one that said it was thinking.
    rng = random.Random(2)
    hers = 0
    for _ in range(2):
        match = await w.service.get(match.id)
        if match.status != "active" or match.to_move_id() != w.ann.id:
            break
        before = {m.id for m in boards(w)}
        plies = match.plies
        moved = await w.ann.slash(w.channel, "architekton move", move=rng.choice(match.state().legal_moves()))
        hers += 1
        computer = [m for m in (await w.service.moves(match.id))[plies + 1 :]]
        new = [m for m in boards(w) if m.id not in before]
        if (await w.service.get(match.id)).to_move_id() == w.ann.id and not computer:
            assert moved.ephemeral and new == [] and "second placement of your turn" in moved.response.content
            continue
        assert len(new) == 1, [m.content for m in new]
        if computer:
            assert moved.response is None
            assert new[0].content.count("\nBot (easy) ") == len(computer)
            assert new[0].content.count("\nann ") == hers  # the whole of her turn, then its moves


async def test_a_german_server_reads_the_computers_names_in_german(world, monkeypatch):
    w = world
    guild = w.env.create_guild("Brettspiele", preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann = guild.add_member(w.ann.user)
    me = MemberActor(w.env, guild, UserHandle(w.env, w.env.backend.bot_user))
    drawn = []
    real = boards_module.render_png

    def render_png(state, names, **kwargs):  # the real drawing, its names noted
        drawn.append(list(names))
        return real(state, names, **kwargs)

    monkeypatch.setattr(boards_module, "render_png", render_png)
    deterministic_seeds(w, 7100)
    started = await ann.slash(channel, "tactori challenge", opponent=me, opponent2=me, level="medium", first="me")
    assert not started.ephemeral, started.response.content
    [match] = await w.service.user_matches(ann.id, statuses=("active",))
    content = started.response.content
    assert "■ Bot 1 (mittel, orange) gegen ▲ Bot 2 (mittel, grün)" in content, content
    assert "Punkte: ann: 0 · Bot 1 (mittel): 0 · Bot 2 (mittel): 0" in content
    # The board images are drawn with the German names (header, cards, markers).
    assert drawn[-1] == ["ann", "Bot 1 (mittel)", "Bot 2 (mittel)"]
    [image] = started.response.attachments
    assert "Punkte: ann: 0, Bot 1 (mittel): 0, Bot 2 (mittel): 0." in image.description

    since = len(w.env.http_requests)
    await ann.slash(channel, "tactori move", move=match.state().legal_moves()[0])
    thinking, _ = boards_posted_since(w, since)
    assert "**Bot 1 (mittel)** denkt nach" in thinking["content"], thinking["content"]
    board = channel.last_message
    lines = board.content.splitlines()
    # the mover's colour shares the name's bracket: "Bot 1 (mittel, orange) hat …", not "(mittel) (orange)"
    assert lines[2].startswith("Bot 1 (mittel, ") and lines[3].startswith("Bot 2 (mittel, ")
    assert drawn[-1] == ["ann", "Bot 1 (mittel)", "Bot 2 (mittel)"]
    for text in (content, image.description, board.content, board.attachments[0].description):
        assert "medium" not in text and "Bot (" not in text


async def test_the_computer_has_no_time_bank_and_whole_durations_have_no_decimals(world):
    w = world
    guild = w.env.create_guild("Jeux", preferred_locale="fr")
    channel = guild.create_text_channel("parties")
    ann, bob = guild.add_member(w.ann.user), guild.add_member(w.bob.user)
    me = MemberActor(w.env, guild, UserHandle(w.env, w.env.backend.bot_user))
    deterministic_seeds(w, 1000)
    offered = await ann.slash(channel, "tactori-fem challenge", opponent=bob, clock="bank", bank=3, increment=24)
    assert "une réserve de temps de 3 jours chacun, plus 24 h par coup" in offered.response.content.replace("\xa0", " ")
    started = await ann.slash(
        channel,
        "tactori challenge",
        opponent=me,
        opponent2=me,
        level="easy",
        first="me",
        clock="bank",
        bank=3,
        increment=24,
    )
    assert not started.ephemeral, started.response.content
    [bank] = [line for line in started.response.content.splitlines() if line.startswith("Réserves de temps")]
    # The computer has no clock: only the person's bank is shown.
    assert bank.replace("\xa0", " ") == "Réserves de temps : ann : 3 jours", bank
    # A part of an hour or a day keeps its tenth, with the reader's decimal mark.
    assert say(present.duration(1.5 * 3600), "fr") == "1,5 h" and say(present.duration(1.5 * 3600), None) == "1.5 h"
    assert say(present.duration(2.5 * DAY), "de") == "2,5 Tage" and say(present.duration(3 * DAY), "de") == "3 Tage"


@pytest.mark.parametrize("settings", ["none"], indirect=True)
async def test_admins_see_their_own_servers_jobs_privately(world):
    import discord

    w = world
    role = w.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[role])
    assert "admin jobs" not in w.ann.available_commands(w.channel)
    _, match = await challenge_the_bot(w, level="easy", first="opponent")  # nobody thinks: it waits
    other = w.env.create_guild("Elsewhere")
    await w.service.create_challenge(
        GAME, other.id, 5, Player(w.bob.id, "bob"), ai_seats.players("easy", 1), first="opponent"
    )  # another server's job
    shown = await mod.slash(w.channel, "admin jobs")
    assert shown.ephemeral
    lines = shown.response.content.splitlines()
    assert lines[:4] == [
        "**The computer's jobs for this server's matches**",
        "Moves waiting: 1",
        "Reviews waiting: 0",
        "Being thought about: 0",
    ], lines
    assert lines[4].startswith("The oldest has waited since <t:") and lines[4].endswith(":T>.")
    assert lines[5:] == ["Parked after failing: 0", "Thinking processes heard from in the last minute: 0"]
    assert (await w.service.queue_status()).waiting == {"move": 2}
    assert (await w.service.get(match.id)).plies == 0
