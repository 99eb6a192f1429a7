"""``/<game> review`` and the Review button (bot/history/reviews.py) through the real bot.

The reviews here search with small budgets (the search is the same at any budget; the real
ones are measured in bench/); here the review worker is a thread of the bot."""

import asyncio
import io
import threading

import pytest
from PIL import Image

import bot.history.reviews as bot_reviews
from ai import levels
from bot.locales import say
from engines import Text

from .helpers import GAME, button_labels, play_through_service, start_match
from .test_ai import computer_replied, the_bot
from .test_languages import client_locales, german_server  # noqa: F401 - the fixture is used below

# A review searches every ply (the root's moves each valued once even at a small budget): up to a
# few seconds a ply on a busy machine, more than the usual settle budget.  The matches here are
# short: a few random moves, then a resignation.  The deadline must stay well under 300 s: SimCord
# waits in real time for every timer due before it, and on PostgreSQL asyncpg's pool arms one
# 300 s after each release of a connection (its idle-connection timer), so with a deadline of 300 s
# every step waits that timer out and the first slash command seems to hang (test_settling.py).
pytestmark = pytest.mark.simcord(settle_timeout=120)
PLIES = 5


async def finished_match(w, channel=None, ann=None, bob=None, **start):
    """A match of PLIES random moves that ann ends by resigning (through the bot): (match, final board)."""
    import random

    channel, ann, bob = channel or w.channel, ann or w.ann, bob or w.bob
    if channel is w.channel:
        match, _ = await start_match(w, **start)
    else:
        from .helpers import final_match_id

        offered = await ann.slash(channel, f"{GAME} challenge", opponent=bob, first="me")
        match_id = final_match_id(offered.response)
        await bob.click(offered.response, label=say(Text("Accept"), "de"))
        match = await w.service.get(match_id)
    rng = random.Random(5)
    for _ in range(PLIES):
        state = (await w.service.get(match.id)).state()
        await play_through_service(w, match.id, [rng.choice(state.legal_moves())])
    asked = await ann.slash(channel, f"{GAME} resign")
    confirmed = await ann.click(asked.response, label=button_labels(asked.response)[0])
    [board] = confirmed.followups
    match = await w.service.get(match.id)
    assert match.status == "finished" and match.plies == PLIES
    return match, board


@pytest.fixture
def settings(tmp_path, database):
    """The computer thinks, and reviews run, in threads of the bot (the budgets below apply there)."""
    from bot import Settings

    if database.startswith("postgresql://"):
        return Settings(
            token=None,
            database_path=str(tmp_path / "unused.sqlite3"),
            database_url=database,
            ai_workers=1,
            ai_threads=True,
            replay_frames=4,
        )
    return Settings(token=None, database_path=database, ai_workers=1, ai_threads=True, replay_frames=4)


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch):
    for game in levels.BUDGETS:
        monkeypatch.setitem(levels.BUDGETS, game, {"easy": 12, "medium": 24, "hard": 40})


def notes(w, words: str) -> int:
    return len([r for r in w.env.http_requests if words in str(r.json)])


async def test_a_finished_match_is_reviewed_once_then_served_from_the_store(world):
    w = world
    match, final = await finished_match(w)
    first = await w.cat.slash(w.channel, f"{GAME} review", match=match.id)
    assert not first.ephemeral
    content = first.response.content
    assert f"**Review of Architekton #{match.id}**" in content
    assert "**ann**: accuracy " in content and "**bob**: accuracy " in content
    assert notes(w, f"Reviewing Architekton #{match.id}: the computer judges every one of its {match.plies} moves") == 1
    # the costliest moves, under their player's line without his name, each saying what its number is:
    # "**ann**: accuracy 87 % · costliest moves:" then
    # "- Move 23: `...`, win chance -31 points; better `...` · `/architekton board match:7 ply:22`"
    stored = await w.service.stored_review(match.id)
    assert stored is not None and len(stored["plies"]) == match.plies
    worst = [p for p in stored["plies"] if p["label"] != "best" and p["best_win"] > p["played_win"]]
    if worst:
        p = max(worst, key=lambda p: (p["best_win"] - p["played_win"], -p["ply"]))
        drop = round((p["best_win"] - p["played_win"]) * 100)
        line = (
            f"- Move {p['ply'] + 1}: `{p['move']}`, win chance -{drop} points; better `{p['best']}` · "
            f"`/{GAME} board match:{match.id} ply:{p['ply']}`"
        )
        assert line in content.splitlines(), content
        who = match.names[p["seat"]]
        rows = content.splitlines()
        heading = next(i for i, row in enumerate(rows) if row.startswith(f"**{who}**: accuracy "))
        assert rows[heading].endswith(" · costliest moves:") and line in rows[heading + 1 : heading + 4], content
    moves = [row for row in content.splitlines() if row.startswith("- Move ")]
    assert all("ann" not in row and "bob" not in row for row in moves), content  # the name is in the heading
    [chart] = first.response.attachments
    assert chart.filename == f"{GAME}-{match.id}-review.png" and "chance to win" in chart.description
    assert chart.description.endswith(". bob won by resignation."), (
        chart.description
    )  # the result, as the chart says it
    with Image.open(io.BytesIO(await chart.read())) as image:
        assert image.format == "PNG" and image.size == (1000, 640)
    assert w.env.bot.history.reviewer.started == 1
    again = await w.ann.slash(w.channel, f"{GAME} review", match=match.id)
    assert not again.ephemeral and again.response.content == content
    assert w.env.bot.history.reviewer.started == 1  # stored: not computed again
    assert notes(w, f"Reviewing Architekton #{match.id}") == 1  # instant: no progress note
    # the final message's Review button does the same
    pressed = await w.bob.click(final, label="Review")
    assert not pressed.ephemeral
    posted = pressed.response or pressed.followups[-1]
    assert posted.content == content and w.env.bot.history.reviewer.started == 1


async def test_no_review_while_the_match_runs(world):
    w = world
    match, _ = await start_match(w)
    await play_through_service(w, match.id, match.state().legal_moves()[:1])
    refused = await w.ann.slash(w.channel, f"{GAME} review", match=match.id)
    assert refused.ephemeral and "is still being played" in refused.response.content
    assert await w.service.stored_review(match.id) is None
    assert "reviewer" not in vars(w.env.bot.history) or w.env.bot.history.reviewer.started == 0


async def test_review_in_german(world, client_locales):
    w = world
    guild, channel, ann, bob = await german_server(w, client_locales)
    match, final = await finished_match(w, channel, ann, bob)
    match_id = match.id
    assert "Analyse" in [b["label"] for row in final.components for b in row["components"]]
    shown = await ann.slash(channel, f"{GAME} review", match=match_id)
    assert not shown.ephemeral
    assert f"**Analyse von Architekton #{match_id}**" in shown.response.content
    assert "Genauigkeit" in shown.response.content
    german = [row for row in shown.response.content.splitlines() if row.startswith("- Zug ")]
    assert all(", Gewinnchance -" in row and " Prozentpunkte; besser: `" in row for row in german), german
    assert shown.response.attachments[0].description.startswith("Diagramm der Gewinnchance")
    assert notes(w, f"Analyse von Architekton #{match_id}: Der Computer bewertet") == 1
    refused = await bob.slash(channel, f"{GAME} review", match=match_id + 999)
    assert refused.ephemeral


async def test_a_computer_move_does_not_wait_for_a_running_review(world, monkeypatch):
    """A review runs in its own worker: while one is busy (held here until released), a
    computer opponent thinks and moves in another match as usual."""
    w = world
    match, _ = await finished_match(w)
    release, entered = threading.Event(), threading.Event()
    real = bot_reviews.compute

    def held(job):
        entered.set()
        assert release.wait(120)
        return real(job)

    monkeypatch.setattr(bot_reviews, "compute", held)
    reviewer = w.env.bot.history.reviewer
    job = await w.service.review_job(match.id)
    running = asyncio.ensure_future(reviewer.review(job))
    while not entered.is_set():
        await asyncio.sleep(0.01)
    # against the easy computer, in Atacama: ann moves, the computer answers while the review runs
    started = await w.cat.slash(w.channel, "atacama challenge", opponent=the_bot(w), level="easy", first="me")
    assert not started.ephemeral, started.response.content
    [played] = await w.service.user_matches(w.cat.id, statuses=("active",))
    moved = await w.cat.slash(w.channel, "atacama move", move=played.state().legal_moves()[0])
    assert not moved.ephemeral
    await computer_replied(w, played.id, w.cat)
    assert not running.done() and await w.service.stored_review(match.id) is None  # the review still runs
    release.set()
    review = await running
    assert len(review["plies"]) == match.plies and await w.service.stored_review(match.id) == review


@pytest.mark.parametrize("workers", [1, 0], ids=["process", "thread"])
def test_the_review_worker_runs_at_a_lower_priority_than_the_bot(workers):
    """The guarantee of bot/history/reviews.py: the review's worker (a process of its own, or a thread
    with AI_WORKERS=0) runs NICENESS steps nicer than the bot and its computer's pool."""
    import os
    from types import SimpleNamespace

    reviewer = bot_reviews.ReviewWorker(SimpleNamespace(settings=SimpleNamespace(ai_workers=workers)))
    try:
        mine = os.nice(0)
        if workers:
            theirs = reviewer.executor().submit(os.nice, 0).result(timeout=120)  # after its initializer
        else:

            def priority():
                bot_reviews._lower_priority()  # what each review job does first in a thread
                bot_reviews._lower_priority()  # ... the next job too: relative to the bot, not to itself
                return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

            theirs = reviewer.executor().submit(priority).result(timeout=120)
        assert theirs == min(19, mine + bot_reviews.NICENESS)
        assert os.nice(0) == mine  # the bot itself is left as it was
    finally:
        reviewer.close()
