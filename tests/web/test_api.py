"""The web board's JSON, moves, explore and events (bot/web/api.py) against the real service."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.web import links

from .conftest import ANN, BOB, CAT, DAY, ORIGIN, SECRET, started

MOVE = {"Origin": ORIGIN}


async def get(client, token, path=""):
    response = await client.get(f"/api/m/{token}{path}")
    return response.status, (await response.json() if response.content_type == "application/json" else None)


async def post_move(client, token, move, ply, headers=MOVE):
    response = await client.post(f"/api/m/{token}/move", json={"move": move, "ply": ply}, headers=headers)
    return response.status, await response.json()


async def test_the_json_says_whose_turn_it_is_and_offers_the_mover_the_steps_of_his_moves(client, host, service):
    match = await started(service)
    ann, bob = await host.link(match.id, ANN.id), await host.link(match.id, BOB.id)
    status, mine = await get(client, ann)
    assert status == 200
    assert (mine["game"], mine["ply"], mine["to_move"], mine["you"], mine["finished"], mine["moves"]) == (
        "tactori-fem",
        0,
        0,
        0,
        False,
        [],
    )
    assert mine["names"] == ["ann", "bob"] and mine["board"]["size"] == 5
    assert {step["text"] for step in mine["steps"]} == {f"+{c}{r}" for c in "abcde" for r in range(1, 6)}
    assert all(step["target"] == step["text"][1:] for step in mine["steps"])
    status, theirs = await get(client, bob)
    assert status == 200 and theirs["you"] == 1 and theirs["steps"] == []


async def test_a_move_from_the_page_is_played_as_by_move_and_answered_with_the_new_ply(client, host, service):
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    assert await post_move(client, ann, "+c3", 0) == (200, {"ply": 1, "move": "+c3"})
    [result] = host.posted
    assert result.match.plies == 1 and result.move == "+c3"
    assert [m.move for m in await service.moves(match.id)] == ["+c3"]
    status, after = await get(client, ann)
    assert after["moves"] == [{"ply": 1, "move": "+c3", "seat": 0}] and after["to_move"] == 1
    assert after["board"]["stacks"] == {"c3": [0]} and after["board"]["last"]["to"] == "c3"


async def test_stale_plies_other_turns_and_illegal_moves_are_refused_and_change_nothing(client, host, service):
    match = await started(service)
    ann, bob = await host.link(match.id, ANN.id), await host.link(match.id, BOB.id)
    status, body = await post_move(client, ann, "+c3", 3)
    assert status == 409 and body["ply"] == 0
    assert (await post_move(client, bob, "+c3", 0))[0] == 409  # not his turn
    await service.remember_language(ANN.id, "de")
    status, body = await post_move(client, ann, "+z9", 0)
    assert status == 422 and body["error"] and "z9" in body["error"]
    english = (await post_move(client, bob, "+z9", 0))[1]["error"]
    assert body["error"] != english  # said in ann's language
    assert await service.moves(match.id) == [] and host.posted == []


async def test_two_clicks_of_play_make_one_move(client, host, service):
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    answers = await asyncio.gather(*(post_move(client, ann, "+c3", 0) for _ in range(2)))
    assert sorted(status for status, _ in answers) == [200, 409]
    assert [m.move for m in await service.moves(match.id)] == ["+c3"] and len(host.posted) == 1


async def test_forged_foreign_expired_renewed_and_spectators_links_are_refused(client, host, service, clock):
    match = await started(service)
    other = await started(service, players=(CAT, BOB))
    good = await host.link(match.id, ANN.id)
    assert (await get(client, good))[0] == 200
    body, mac = good.split(".")
    forged = body + "." + ("A" if mac[0] != "A" else "B") + mac[1:]
    wrong_key = links.sign("t" * 40, links.read(SECRET, good))
    stranger = await host.link(other.id, ANN.id)  # ann plays no part in cat's match
    for token in (forged, wrong_key, stranger, "nothing", good[:-1]):
        status, answer = await get(client, token)
        assert status == 403 and set(answer) == {"error"}, token
        assert (await post_move(client, token, "+c3", 0))[0] == 403
    spectator = await host.link(match.id, CAT.id, role="spectator")
    status, seen = await get(client, spectator)
    assert status == 200 and seen["you"] is None and seen["steps"] == []
    assert (await post_move(client, spectator, "+c3", 0))[0] == 403
    clock.now += 31 * DAY
    assert (await get(client, good))[0] == 403
    fresh = await host.link(match.id, ANN.id)
    assert (await get(client, fresh))[0] == 200
    await service.renew_links(ANN.id)
    assert (await get(client, fresh))[0] == 403 and (await post_move(client, fresh, "+c3", 0))[0] == 403
    assert (await get(client, await host.link(match.id, ANN.id)))[0] == 200
    assert await service.moves(match.id) == []


async def test_a_move_needs_the_boards_origin_and_a_json_body(client, host, service):
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    assert (await post_move(client, ann, "+c3", 0, headers={}))[0] == 403
    assert (await post_move(client, ann, "+c3", 0, headers={"Origin": "http://evil.test"}))[0] == 403
    form = await client.post(f"/api/m/{ann}/move", data={"move": "+c3", "ply": "0"}, headers=MOVE)
    assert form.status == 415
    assert (await post_move(client, ann, "+c3", "0"))[0] == 400
    assert await service.moves(match.id) == []


async def test_a_move_made_elsewhere_reaches_an_open_event_stream(client, host, service):
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    response = await client.get(f"/api/m/{ann}/events")
    assert response.status == 200 and response.headers["Content-Type"].startswith("text/event-stream")
    hello = await response.content.readuntil(b"\n\n")
    assert b"event: hello" in hello
    await service.move(match.id, ANN.id, "+c3")  # as /move in Discord does
    event = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 2)
    assert event.startswith(b"event: ply\n") and json.loads(event.split(b"data: ")[1]) == {"ply": 1}
    response.close()


async def test_explore_tries_moves_on_a_scratch_board_and_stores_nothing(client, host, service):
    match = await started(service)
    ann, bob = await host.link(match.id, ANN.id), await host.link(match.id, BOB.id)
    before = await service.get(match.id)
    response = await client.post(f"/api/m/{bob}/explore", json={"ply": 0, "moves": ["+c3", "+d4"]})
    tried = await response.json()
    assert response.status == 200 and tried["moves"] == ["+c3", "+d4"] and tried["to_move"] == 0
    assert tried["board"]["stacks"] == {"c3": [0], "d4": [1]} and tried["steps"]
    response = await client.post(f"/api/m/{bob}/explore", json={"ply": 0, "moves": ["+c3", "+z9"]})
    assert response.status == 422 and (await response.json())["index"] == 1
    after = await service.get(match.id)
    assert (after.version, after.plies) == (before.version, before.plies)
    assert (await get(client, ann))[1]["board"]["stacks"] == {}


async def test_hidden_tiles_are_never_served(client, host, service):
    match = await started(service, game="architekton")
    ann = await host.link(match.id, ANN.id)
    state = match.state()
    seen = set(state.stock) | {t for *_, t in [(x, y, k, i) for x, y, k, i, *_ in state.to_json()["tiles"]]}
    hidden = {t for t in state.piles["B"] + state.reserves["B"] if t not in seen}
    assert hidden
    text = (await (await client.get(f"/api/m/{ann}")).read()).decode()
    assert not [t for t in hidden if t in text]
    data = json.loads(text)
    assert "reserves" not in data["board"] and data["board"]["piles"]["B"] == len(state.piles["B"]) + len(
        state.reserves["B"]
    )
    # exploring draws face-down tiles afresh, from what anyone may know
    move = state.legal_moves()[0]
    explored = await (await client.post(f"/api/m/{ann}/explore", json={"ply": 0, "moves": [move]})).json()
    real = match.state()
    real.play(move)
    assert explored["board"]["piles"] == {k: len(real.piles[k]) + len(real.reserves[k]) for k in ("B", "L")}


async def test_a_link_that_asks_too_often_is_slowed_down(client, host, service, monkeypatch):
    from bot.web import api

    monkeypatch.setattr(api.Limits, "now", staticmethod(lambda: 1000.0))  # no refill while it asks
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    statuses = [(await client.get(f"/api/m/{ann}")).status for _ in range(160)]
    assert statuses[0] == 200 and statuses[-1] == 429


async def test_the_page_is_a_shell_under_a_strict_policy(client, host, service):
    match = await started(service)
    ann = await host.link(match.id, ANN.id)
    response = await client.get(f"/m/{ann}")
    text = await response.text()
    assert response.status == 200 and '<script src="/static/board.js' in text
    assert "<script>" not in text and "style=" not in text and ann not in text
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert response.headers["Referrer-Policy"] == "no-referrer"
    refused = await client.get(f"/m/{ann[:-2]}xx")
    assert refused.status == 403 and "ann" not in await refused.text()


async def test_the_page_loads_its_games_drawing_code_from_beside_the_renderer(client, host, service):
    from pathlib import Path

    import render

    match = await started(service, game="atacama")
    text = await (await client.get(f"/m/{await host.link(match.id, ANN.id)}")).text()
    assert '<script src="/static/board.js' in text and '<script src="/static/games/atacama.js?v=' in text
    assert text.index("/static/board.js") < text.index("/static/games/atacama.js")  # its helpers come first
    response = await client.get("/static/games/atacama.js")
    assert response.status == 200 and response.content_type == "text/javascript"
    drawing = Path(render.__file__).parent / "atacama" / "web.js"
    assert await response.read() == drawing.read_bytes()
    fem = await client.get("/static/games/tactori-fem.js")  # one package's drawing serves both its games
    assert fem.status == 200 and b"register(name" in await fem.read()


@pytest.mark.parametrize(
    "path",
    [
        "/static/games/chess.js",
        "/static/games/atacama",
        "/static/games/atacama.py",
        "/static/games/web.js",
        "/static/games/..%2Fboard.js",
        "/static/games/%2E%2E%2Fboard.js",
        "/static/games/..%2F..%2F..%2Fatacama%2Fweb.py",
        "/static/games/atacama%2Fweb.js",
        "/static/games/atacama.js%00",
        "/static/games/../board.js.js",
        "/static/games/",
        "/static/games",
        "/static/web.js",
    ],
)
async def test_a_games_drawing_is_served_only_by_a_registered_games_name(client, path):
    response = await client.get(path)
    assert response.status == 404, (path, response.status)
    assert b"use strict" not in await response.read()


async def test_a_move_made_by_another_bot_process_reaches_the_page_through_postgresql(
    client, host, service, database, backend
):
    if backend != "postgresql":
        pytest.skip("only PostgreSQL joins several bot processes")
    from matches import MatchService
    from matches.store import store_for

    other = MatchService(await store_for(database).open(), clock=service.clock)
    try:
        match = await started(service)
        ann = await host.link(match.id, ANN.id)
        response = await client.get(f"/api/m/{ann}/events")
        await response.content.readuntil(b"\n\n")
        await other.move(match.id, ANN.id, "+c3")  # the other process's /move
        event = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 2)
        assert json.loads(event.split(b"data: ")[1]) == {"ply": 1}
        response.close()
    finally:
        await other.store.close()


async def test_atacamas_face_down_sub_boards_are_never_served(client, host, service):
    match = await started(service, game="atacama", options={"buildup": True})
    state = match.state()
    assert state.pile
    data = await (await client.get(f"/api/m/{await host.link(match.id, ANN.id)}")).json()
    board = data["board"]
    assert board["unlaid"] == len(state.pile) and "pile" not in board and "slots" not in board
    laid = {f for f in board["fields"]}
    assert laid == {name for name in _laid_fields(state)}


def _laid_fields(state):
    from engines.atacama.boards import name

    return [name(f) for f in state.ores]


async def test_page_script_and_styles_weigh_under_150_kb_together(client, host, service):
    match = await started(service)
    sizes = [
        len(await (await client.get(path)).read())
        for path in (
            f"/m/{await host.link(match.id, ANN.id)}",
            "/static/board.js",
            f"/static/games/{match.game}.js",
            "/static/board.css",
        )
    ]
    assert all(sizes) and sum(sizes) < 150 * 1024, sizes


async def test_a_finished_match_brings_its_stored_review_and_a_running_one_none(client, host, service):
    from .conftest import reviewed, store_review

    match = await reviewed(service)
    status, body = await get(client, await host.link(match.id, BOB.id, "spectator"))
    assert status == 200 and body["finished"]
    review = body["review"]
    assert review["accuracy"] == [81, 64]
    assert review["plies"] == [
        {"ply": 1, "label": "inaccuracy", "better": "+b3", "drop": 6},
        {"ply": 2, "label": "mistake", "better": "+c2", "drop": 14},
        {"ply": 3, "label": "good"},
        {"ply": 4, "label": "blunder", "better": "+a1", "drop": 41},
    ]
    assert [m["move"] for m in body["moves"]] == ["+c3", "+d4", "+b2", "+e5"]
    running = await started(service)
    await service.move(running.id, ANN.id, "+c3")
    await store_review(service, running, plies=[("+c3", "blunder", "+b3", 0.5)])  # never for a running match
    assert await service.stored_review(running.id) is not None
    for user in (ANN.id, BOB.id):
        status, body = await get(client, await host.link(running.id, user))
        assert status == 200 and body["review"] is None and body["status"] == "active"
    other = await started(service)  # finished, never reviewed
    await service.move(other.id, ANN.id, "+c3")
    await service.resign(other.id, ANN.id)
    status, body = await get(client, await host.link(other.id, BOB.id))
    assert status == 200 and body["status"] == "finished" and body["review"] is None


@pytest.fixture
def dotsboxes():
    """The test game (tests/dotsboxes): registered from elsewhere, with no web part and no drawing."""
    import engines
    from tests.dotsboxes import GAME

    game = engines.register(GAME)
    yield game
    assert engines.unregister(game.name) is game


async def test_a_game_without_a_web_part_has_a_page_without_a_board(dotsboxes, client, host, service):
    match = await started(service, game=dotsboxes.name)
    ann = await host.link(match.id, ANN.id)
    text = await (await client.get(f"/m/{ann}")).text()
    assert '<script src="/static/board.js' in text and "/static/games/" not in text
    assert (await client.get(f"/static/games/{dotsboxes.name}.js")).status == 404
    status, body = await get(client, ann)
    assert status == 200 and body["board"] is None and body["steps"]
    assert set(body["words"]["count"]) == {"days"} and "tower" not in body["words"]


async def test_each_game_brings_its_own_words_to_the_page(client, host, service):
    atacama = await started(service, game="atacama")
    _, words = await get(client, await host.link(atacama.id, ANN.id))
    words = words["words"]
    assert set(words["ore"]) == {"G", "S", "C"} and "terrain" not in words and "house" not in words
    assert {"towers", "points", "days"} <= set(words["count"]) and "chips" not in words["count"]
    fem = await started(service)
    _, words = await get(client, await host.link(fem.id, ANN.id))
    words = words["words"]
    assert words["bridge"] == "{name}'s bridge" and {"towers", "bridges"} <= set(words["count"]) and "ore" not in words
