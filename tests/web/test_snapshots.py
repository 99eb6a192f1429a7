"""The match's JSON kept per match version and kind of viewer (bot/web/snapshots.py): never stale
after any change of the match, never one viewer's answer for another."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web.api import WebApp
from bot.web.snapshots import Snapshots

from .conftest import ANN, BOB, CAT, DAY, started


@pytest.fixture
async def board(host):
    """The web app itself (its kept answers) and a client of it."""
    app = WebApp(host)
    async with TestClient(TestServer(app.app())) as client:
        yield app, client


async def fetch(client, token) -> dict:
    response = await client.get(f"/api/m/{token}")
    assert response.status == 200, await response.text()
    return await response.json()


async def test_a_second_request_is_served_the_kept_answer_and_it_is_what_a_fresh_build_says(board, host, service):
    app, client = board
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    first = await fetch(client, ann)
    assert (app.snapshots.built, app.snapshots.served) == (1, 0)
    assert await fetch(client, ann) == first
    assert (app.snapshots.built, app.snapshots.served) == (1, 1)
    app.snapshots.matches.clear()
    assert await fetch(client, ann) == first and app.snapshots.built == 2


@pytest.mark.parametrize("change", ["move", "takeback", "resign", "timeout"])
async def test_the_answer_kept_is_never_served_after_the_match_changed(board, host, service, clock, change):
    app, client = board
    match = await started(service)
    ann, bob = await host.link(match.id, ANN.id), await host.link(match.id, BOB.id)
    match = (await service.move(match.id, ANN.id, "+c3")).match
    before = await fetch(client, ann), await fetch(client, bob)
    assert before[0]["ply"] == 1 and before[1]["steps"]  # bob to move: his steps are offered
    # the change is made without the web board hearing of it (as from another process whose
    # notice has not arrived yet): the version read with the link is what keeps the answer right
    app.host.hub.on_publish.clear()
    if change == "move":
        await service.move(match.id, BOB.id, "+d4")
        expect = {"ply": 2, "to_move": 0, "status": "active"}
    elif change == "takeback":
        await service.offer(match.id, ANN.id, "undo")
        await service.answer(match.id, BOB.id, "undo", True)
        expect = {"ply": 0, "to_move": 0, "status": "active"}
    elif change == "resign":
        await service.resign(match.id, BOB.id)
        expect = {"ply": 1, "to_move": None, "status": "finished"}
    else:
        clock.now += 30 * DAY
        await service.claim(match.id, ANN.id)
        expect = {"ply": 1, "to_move": None, "status": "finished"}
    after = await fetch(client, ann), await fetch(client, bob)
    for seat, seen in enumerate(after):
        assert {k: seen[k] for k in expect} == expect
        assert len(seen["moves"]) == expect["ply"] and seen["finished"] == (expect["status"] == "finished")
        assert bool(seen["steps"]) == (expect["to_move"] == seat)
    stacks = {"move": {"c3": [0], "d4": [1]}, "takeback": {}}.get(change, {"c3": [0]})
    assert after[0]["board"]["stacks"] == after[1]["board"]["stacks"] == stacks
    assert app.snapshots.built == 4


async def test_a_commits_notice_drops_the_matchs_answers(board, host, service):
    app, client = board
    match = await started(service)
    other = await started(service, players=(CAT, BOB))
    links = await host.link(match.id, ANN.id), await host.link(other.id, CAT.id)
    # On PostgreSQL the notices of the set-up's own commits arrive when they will (another
    # connection): fetch until both answers are kept, so that only the move's notice is awaited below.
    for _ in range(100):
        for link in links:
            await fetch(client, link)
        await asyncio.sleep(0.05)
        if set(app.snapshots.matches) == {match.id, other.id}:
            break
    assert set(app.snapshots.matches) == {match.id, other.id}
    await service.move(match.id, ANN.id, "+c3")  # its notice reaches the hub
    for _ in range(200):
        if match.id not in app.snapshots.matches:
            break
        await asyncio.sleep(0.05)
    assert set(app.snapshots.matches) == {other.id}


@pytest.mark.parametrize("game", ["architekton", "atacama"])
async def test_each_player_and_a_spectator_get_their_own_answer_in_the_games_with_hidden_parts(
    board, host, service, game
):
    app, client = board
    match = await started(service, game=game)
    mover = match.to_move_id()
    waiting = next(p for p in match.players if p != mover)
    tokens = {
        "mover": await host.link(match.id, mover),
        "waiting": await host.link(match.id, waiting),
        "spectator": await host.link(match.id, CAT.id, role="spectator"),
    }
    # the mover's answer first, so that a shared key would hand it to the others
    kept = {who: await fetch(client, token) for who, token in tokens.items()}
    assert app.snapshots.built == 3 and len(app.snapshots) == 3
    assert kept["mover"]["steps"] and kept["mover"]["you"] == match.players.index(mover)
    assert kept["waiting"]["steps"] == [] and kept["waiting"]["you"] == match.players.index(waiting)
    assert kept["spectator"]["steps"] == [] and kept["spectator"]["you"] is None
    assert kept["spectator"]["role"] == "spectator"
    # again, kept: the same answers; built afresh with nothing kept: the same again
    assert {who: await fetch(client, token) for who, token in tokens.items()} == kept
    app.snapshots.matches.clear()
    assert {who: await fetch(client, token) for who, token in tokens.items()} == kept
    # the waiting player is told nothing a spectator is not: the answers differ in who he is alone
    personal = ("you", "role", "status_line")
    assert {k: v for k, v in kept["waiting"].items() if k not in personal} == {
        k: v for k, v in kept["spectator"].items() if k not in personal
    }


async def test_two_players_sharing_a_language_never_share_an_answer(board, host, service):
    _, client = board
    match = await started(service)
    await service.remember_language(ANN.id, "de")
    await service.remember_language(BOB.id, "de")
    ann = await fetch(client, await host.link(match.id, ANN.id))
    bob = await fetch(client, await host.link(match.id, BOB.id))
    assert (ann["you"], bob["you"]) == (0, 1) and ann["steps"] and not bob["steps"]
    await service.remember_language(BOB.id, "fr")  # his language is part of what is kept
    assert (await fetch(client, await host.link(match.id, BOB.id)))["lang"] == "fr"


async def test_many_pages_asking_at_once_wait_for_one_build(board, host, service):
    app, client = board
    match = await started(service)
    tokens = [await host.link(match.id, 100 + i, role="spectator") for i in range(12)]
    answers = await asyncio.gather(*(fetch(client, t) for t in tokens))
    assert app.snapshots.built == 1 and app.snapshots.served == 11
    assert all(a == answers[0] for a in answers)


async def test_the_page_has_its_json_built_before_its_script_asks(board, host, service):
    app, client = board
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    assert (await client.get(f"/m/{ann}")).status == 200
    while app._building:
        await asyncio.sleep(0.001)
    assert app.snapshots.built == 1
    assert (await fetch(client, ann))["you"] == 0 and app.snapshots.served == 1


async def test_the_answer_carries_the_time_now_for_the_countdown_and_the_deadline(board, host, service, clock):
    app, client = board
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    first = await fetch(client, ann)
    assert first["now"] == clock.now and first["deadline"] == match.deadline > clock.now
    clock.now += 3600
    assert (await fetch(client, ann))["now"] == clock.now and app.snapshots.served == 1


# ------------------------------------------------------------------ the store of answers alone
async def test_the_store_keeps_a_bounded_number_of_matches_the_least_recently_asked_going_first():
    kept = Snapshots(size=2)

    async def build(text):
        return text.encode()

    assert await kept.get(1, 5, "k", lambda: build("one")) == b"one"
    assert await kept.get(2, 5, "k", lambda: build("two")) == b"two"
    await kept.get(1, 5, "k", lambda: build("never"))  # asked for again: the newest
    await kept.get(3, 5, "k", lambda: build("three"))
    assert list(kept.matches) == [1, 3]
    # a request that read an older version is answered, and the newer answer stays
    assert await kept.get(3, 4, "k", lambda: build("older")) == b"older"
    assert await kept.get(3, 5, "k", lambda: build("never")) == b"three"
    # a newer version replaces the match's answers
    assert await kept.get(3, 6, "k", lambda: build("newer")) == b"newer"
    assert kept.matches[3][0] == 6 and len(kept) == 2


async def test_a_failed_build_is_not_kept_and_its_waiters_hear_why():
    kept = Snapshots()
    gate = asyncio.Event()

    async def failing():
        await gate.wait()
        raise RuntimeError("no database")

    first = asyncio.ensure_future(kept.get(1, 1, "k", failing))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(kept.get(1, 1, "k", lambda: asyncio.sleep(0, b"never")))
    await asyncio.sleep(0)
    gate.set()
    for waiting in (first, second):
        with pytest.raises(RuntimeError):
            await waiting

    async def good():
        return b"ok"

    assert await kept.get(1, 1, "k", good) == b"ok" and kept.built == 2


async def test_a_build_whose_request_went_away_is_built_again_by_who_waited():
    kept = Snapshots()
    gate = asyncio.Event()

    async def slow():
        await gate.wait()
        return b"slow"

    first = asyncio.ensure_future(kept.get(1, 1, "k", slow))
    await asyncio.sleep(0)

    async def quick():
        return b"quick"

    second = asyncio.ensure_future(kept.get(1, 1, "k", quick))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == b"quick"


async def test_the_store_keeps_no_more_bytes_than_its_budget():
    kept = Snapshots(budget=10)

    async def build(text):
        return text.encode()

    await kept.get(1, 1, "a", lambda: build("1234"))
    await kept.get(1, 1, "b", lambda: build("5678"))
    await kept.get(2, 1, "a", lambda: build("abcd"))  # 12 bytes: the oldest match goes
    assert list(kept.matches) == [2] and kept.bytes == 4
    await kept.get(2, 2, "a", lambda: build("abcdef"))  # a new version replaces the old answers
    assert kept.bytes == 6
    kept.forget(2)
    assert kept.bytes == 0 and len(kept) == 0
    assert await kept.get(3, 1, "a", lambda: build("x" * 20)) == b"x" * 20  # too big to keep: served
    assert kept.bytes == 0 and not kept.matches
