"""The web board beside the real bot (SimCord): links from Discord, moves from the page posted in
the channel, Discord moves on the open page's event stream, renewed links refused."""

from __future__ import annotations

import asyncio
import json
import re
import time

import aiohttp
import pytest

from bot import Settings
from tests.web.browser import PHONE, browser, open_board, wait_ply  # noqa: F401

from .helpers import assert_png, mentioned_ids, pinged_ids, start_match

SECRET = "w" * 40
BASE = "http://board.test"
LINK = re.compile(r"http://board\.test/m/([A-Za-z0-9_.-]+)")


@pytest.fixture
def settings(tmp_path, database):
    """The bot with its web board on, listening on a free port of this machine."""
    web = dict(web_base_url=BASE, web_host="127.0.0.1", web_port=0, web_secret=SECRET)
    if database.startswith("postgresql://"):
        return Settings(
            token=None, database_path=str(tmp_path / "unused.sqlite3"), database_url=database, replay_frames=4, **web
        )
    return Settings(token=None, database_path=database, replay_frames=4, **web)


@pytest.fixture
async def web(world):
    board = world.env.bot.web
    yield f"http://127.0.0.1:{board.address[1]}"
    await board.stop()


async def start_fem(w):
    offered = await w.ann.slash(w.channel, "tactori-fem challenge", opponent=w.bob, first="me")
    accepted = await w.bob.click(offered.response, label="Accept")
    [match] = await w.service.user_matches(w.ann.id, game="tactori-fem")
    return match, accepted


def button_labels(message) -> list[str]:
    return [button.label for row in message.components for button in row.children]


def link_in(result) -> str:
    assert result.ephemeral
    [token] = LINK.findall(result.response.content)
    return token


async def test_a_move_on_the_web_board_is_posted_in_the_channel_and_a_discord_move_reaches_the_page(world, web):
    w = world
    match, accepted = await start_fem(w)
    board = w.channel.last_message
    assert "Open board" in button_labels(board)
    ann = link_in(await w.ann.click(board, label="Open board"))
    bob = link_in(await w.bob.click(board, label="Open board"))
    cat = link_in(await w.cat.click(board, label="Open board"))  # not playing: a spectator's
    assert len({ann, bob, cat}) == 3
    assert not [m for m in w.channel.history() if "/m/" in m.content]  # never in public
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{web}/api/m/{cat}") as seen:
            assert seen.status == 200 and (await seen.json())["you"] is None
        events = await http.get(f"{web}/api/m/{bob}/events")
        assert b"event: hello" in await events.content.readuntil(b"\n\n")
        before = len(w.channel.history())
        async with http.post(
            f"{web}/api/m/{ann}/move", json={"move": "+c3", "ply": 0}, headers={"Origin": BASE}
        ) as played:
            assert played.status == 200 and await played.json() == {"ply": 1, "move": "+c3"}
        await w.env.settle()
        event = await asyncio.wait_for(events.content.readuntil(b"\n\n"), 2)
        assert json.loads(event.split(b"data: ")[1]) == {"ply": 1}
        posted = w.channel.last_message
        assert len(w.channel.history()) == before + 1
        await assert_png(posted)
        assert w.bob.id in mentioned_ids(posted) and pinged_ids(w.env, posted) == {w.bob.id}
        assert "+c3" in posted.content or "c3" in posted.content
        assert "Open board" in button_labels(posted)
        # bob answers in Discord: the open page hears of it
        moved = await w.bob.slash(w.channel, "tactori-fem move", move="+d4")
        assert not moved.ephemeral
        event = await asyncio.wait_for(events.content.readuntil(b"\n\n"), 2)
        assert json.loads(event.split(b"data: ")[1]) == {"ply": 2}
        events.close()
        # a spectator's link cannot move, a stale ply is refused
        async with http.post(
            f"{web}/api/m/{cat}/move", json={"move": "+e5", "ply": 2}, headers={"Origin": BASE}
        ) as refused:
            assert refused.status == 403
        async with http.post(
            f"{web}/api/m/{ann}/move", json={"move": "+e5", "ply": 1}, headers={"Origin": BASE}
        ) as stale:
            assert stale.status == 409
        # /settings links:renew: ann's earlier links stop working, a new one works
        renewed = await w.ann.slash(w.channel, "settings", links="renew")
        assert renewed.ephemeral and "stops working" in renewed.response.content
        async with http.get(f"{web}/api/m/{ann}") as old:
            assert old.status == 403
        fresh = link_in(await w.ann.slash(w.channel, "tactori-fem link"))
        async with http.get(f"{web}/api/m/{fresh}") as new:
            assert new.status == 200 and (await new.json())["you"] == 0
    assert [m.move for m in await w.service.moves(match.id)] == ["+c3", "+d4"]


async def test_a_turn_of_two_placements_on_the_web_posts_one_board_when_the_turn_passes(world, web):
    """As from Discord: the first placement of an Architekton turn made on the web posts nothing in
    the channel (whose board loses its buttons: they belong to an earlier position); the second
    posts one board listing both placements, which mentions and pings the next player only."""
    w = world
    match, _ = await start_match(w, seed=1000)
    ann = link_in(await w.ann.click(w.channel.last_message, label="Open board"))
    said = []
    async with aiohttp.ClientSession() as http:
        for placement in range(2):
            match = await w.service.get(match.id)
            assert match.to_move_id() == w.ann.id
            state = match.state()
            move = state.legal_moves()[0]
            preview = state.copy()
            said.append(preview.describe(preview.play(move), match.names))
            before = len(w.channel.history())
            async with http.post(
                f"{web}/api/m/{ann}/move", json={"move": move, "ply": match.plies}, headers={"Origin": BASE}
            ) as played:
                assert played.status == 200
            await w.env.settle()
            after = await w.service.get(match.id)
            assert after.plies == match.plies + 1
            if placement == 0:
                assert after.to_move_id() == w.ann.id
                assert len(w.channel.history()) == before  # nothing public within the turn
                [old] = [m for m in w.channel.history() if m.id == match.message_id]
                assert button_labels(old) == []
                continue
            assert len(w.channel.history()) == before + 1
            posted = w.channel.last_message
            await assert_png(posted)
            assert said[0] and said[0] in posted.content
            assert posted.content.index(said[0]) < posted.content.index(said[1])
            assert after.to_move_id() == w.bob.id
            assert mentioned_ids(posted) == {w.bob.id} and pinged_ids(w.env, posted) == {w.bob.id}
            assert after.message_id == posted.id
    assert len([m for m in w.channel.history() if m.attachments]) == 2  # the start and one board for the turn


async def test_an_open_event_stream_does_not_keep_the_bot_busy(world, web):
    """Settling (every command in the tests) returns while a page listens."""
    w = world
    match, _ = await start_fem(w)
    token = link_in(await w.ann.click(w.channel.last_message, label="Open board"))
    async with aiohttp.ClientSession() as http:
        events = await http.get(f"{web}/api/m/{token}/events")
        await events.content.readuntil(b"\n\n")
        await asyncio.wait_for(w.env.settle(), 5)
        moved = await w.ann.slash(w.channel, "tactori-fem move", move="+c3")
        assert not moved.ephemeral
        events.close()


@pytest.mark.e2e
async def test_a_discord_move_appears_on_the_open_page_within_two_seconds(world, web, browser):
    w = world
    match, _ = await start_fem(w)
    token = link_in(await w.bob.click(w.channel.last_message, label="Open board"))
    page = await open_board(browser, f"{web}/m/{token}", PHONE)
    assert await page.text_content("[data-role=status]") == "ann to move."
    moved = await w.ann.slash(w.channel, "tactori-fem move", move="+c3")
    assert not moved.ephemeral
    started = time.monotonic()
    await wait_ply(page, 1, timeout=2000)
    assert time.monotonic() - started < 2
    assert await page.text_content("[data-role=status]") == "Your turn."
    assert (await page.get_attribute('[data-target="c3"]', "aria-label")).startswith("c3, ann's tower")
    assert page.errors == []
