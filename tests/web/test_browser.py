"""The web board in real Chromium, at 360x740 and 1280x800: moves built by clicks, live updates,
explore, choices, hostile names.  SQLite only: the backends are covered by test_api.py."""

from __future__ import annotations

import random

import pytest
from aiohttp.test_utils import TestServer

from bot.web.api import WebApp
from matches import Player

from .browser import DESKTOP, PHONE, browser, build, free_port, open_board, play, ply_of, wait_ply  # noqa: F401
from .conftest import ANN, BOB, started

# Chromium drives the page: end to end, left out of the fast loop.
pytestmark = pytest.mark.e2e


@pytest.fixture
async def database(tmp_path):
    yield str(tmp_path / "bot.sqlite3")


@pytest.fixture
async def site(host):
    port = free_port()
    host.origin = f"http://127.0.0.1:{port}"
    server = TestServer(WebApp(host).app(), host="127.0.0.1", port=port)
    await server.start_server()
    yield host.origin
    await server.close()


async def board_url(site, host, match_id, user_id, role="player"):
    return f"{site}/m/{await host.link(match_id, user_id, role)}"


def short_playout(state, tries=40):
    """The legal moves of the shortest of a few seeded random playouts that end the match."""
    best = None
    for seed in range(tries):
        trial, rng, moves = state.copy(), random.Random(seed), []
        while trial.outcome() is None and len(moves) < 40:
            moves.append(trial.play(rng.choice(trial.legal_moves())))
        if trial.outcome() is not None and (best is None or len(moves) < len(best)):
            best = moves
    return best


async def test_two_players_play_a_whole_fem_match_by_clicks(browser, site, host, service):
    match = await started(service)
    moves = short_playout(match.state())
    pages = [
        await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE),
        await open_board(browser, await board_url(site, host, match.id, BOB.id), DESKTOP),
    ]
    for ply, move in enumerate(moves):
        mover = pages[(await service.get(match.id)).to_move_seat()]
        assert await mover.text_content("[data-role=status]") == "Your turn."
        await play(mover, move, "tactori-fem")
        for page in pages:  # the other page hears of it without reloading
            await wait_ply(page, ply + 1)
    final = await service.get(match.id)
    assert final.status == "finished" and [m.move for m in await service.moves(match.id)] == moves
    for page in pages:
        assert "won" in await page.text_content("[data-role=status]")
        assert await page.locator("[data-action=play]").is_disabled()
        assert page.errors == []


async def test_a_tactori_turn_with_two_bridges_is_built_shown_undone_and_played(browser, site, host, service):
    match = await started(service, game="tactori")
    for move in ("+c5", "+a1", "+g5", "+a9"):
        match = await service.get(match.id)
        await service.move(match.id, match.to_move_id(), move)
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), DESKTOP)
    await build(page, "+e5 =c5e5 =e5g5", "tactori")  # the second bridge is asked for once the first is laid
    await page.click("[data-action=back]")
    assert await page.text_content("[data-role=move]") == "+e5 =c5e5"
    await build(page, "+e5 =c5e5 =e5g5", "tactori")
    await page.click("[data-action=play]")
    await wait_ply(page, 5)
    assert [m.move for m in await service.moves(match.id)][-1] == "+e5 =c5e5 =e5g5"
    assert page.errors == []


async def test_an_architekton_placement_and_its_decision(browser, site, host, service):
    match = await started(service, game="architekton")
    rng = random.Random(3)
    while True:  # play on until a placement leaves a decision
        match = await service.get(match.id)
        state = match.state()
        deciding = [m for m in state.legal_moves() if state.copy().play(m) and _pending(state, m)]
        if deciding and match.to_move_id() == ANN.id:
            break
        await service.move(match.id, match.to_move_id(), rng.choice(state.legal_moves()))
    move = deciding[0]
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    ply = await ply_of(page)
    await play(page, move, "architekton")
    await page.wait_for_selector('button[data-choice="keep"]')
    assert await page.locator('button[data-choice="remove"]').count() == 1
    await page.click('button[data-choice="keep"]')
    assert await page.text_content("[data-role=move]") == "keep"
    await page.click("[data-action=play]")
    await wait_ply(page, ply + 2)
    assert [m.move for m in await service.moves(match.id)][-2:] == [move, "keep"]
    assert page.errors == []


def _pending(state, move):
    trial = state.copy()
    trial.play(move)
    return trial.pending is not None


async def test_an_atacama_purchase_is_a_choice(browser, site, host, service):
    match = await started(service, game="atacama", options={"buildup": True})
    assert "buy cols" in match.state().legal_moves()
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    await page.click('button[data-choice="buy cols"]')
    assert await page.text_content("[data-role=move]") == "buy cols"
    await page.click("[data-action=play]")
    await wait_ply(page, 1)
    assert [m.move for m in await service.moves(match.id)] == ["buy cols"]


async def test_hostile_names_are_shown_as_text(browser, site, host, service):
    evil = Player(7, '<img src=x onerror="window.owned=1">'), Player(8, '"><script>window.owned=2</script>&amp;')
    match = await started(service, players=evil)
    page = await open_board(browser, await board_url(site, host, match.id, evil[1].id), PHONE)
    text = await page.text_content(".players")
    assert evil[0].name in text and evil[1].name in text
    assert await page.text_content("[data-role=status]") == f"{evil[0].name} to move."
    assert await page.locator("main img, main script").count() == 0
    assert await page.evaluate("window.owned") is None and page.errors == []


async def test_explore_changes_nothing_and_returns_to_the_game(browser, site, host, service):
    match = await started(service)
    ann = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    bob = await open_board(browser, await board_url(site, host, match.id, BOB.id), DESKTOP)
    await ann.click("[data-action=explore]")
    await ann.wait_for_selector("[data-action=return]")
    await build(ann, "+c3", "tactori-fem")
    await ann.click("[data-action=play]")
    await ann.wait_for_selector(".moves .explored")
    assert (await ann.get_attribute('[data-target="c3"]', "aria-label")).startswith("c3, ann's tower")
    await build(ann, "+d4", "tactori-fem")  # bob's move, tried on the scratch board
    await ann.click("[data-action=play]")
    await ann.wait_for_function("() => document.querySelectorAll('.moves .explored').length === 2")
    await ann.click("[data-action=back]")
    await ann.wait_for_function("() => document.querySelectorAll('.moves .explored').length === 1")
    assert await ply_of(ann) == 0 and await ply_of(bob) == 0
    assert await service.moves(match.id) == [] and (await service.get(match.id)).plies == 0
    assert await bob.get_attribute('[data-target="c3"]', "aria-label") == "c3, empty"
    await ann.click("[data-action=return]")
    await ann.wait_for_selector("[data-action=explore]")
    assert await ann.get_attribute('[data-target="c3"]', "aria-label") == "c3, empty, possible"


async def test_the_board_fits_a_phone_and_works_by_keyboard(browser, site, host, service):
    match = await started(service, game="tactori")
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = await page.locator('[data-target="e5"]').bounding_box()
    assert box["width"] >= 32 and box["height"] >= 32
    for button in await page.locator("button").all():
        if await button.is_visible():
            assert (await button.bounding_box())["height"] >= 32
    labels = await page.eval_on_selector_all(
        "[data-target]", "els => els.map(e => [e.dataset.target, e.getAttribute('aria-label')])"
    )
    assert len(labels) == 81 and all(label.startswith(target + ", ") for target, label in labels)
    await page.focus('[data-target="a9"]')
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    assert await page.text_content("[data-role=move]") == "+b8"
    await page.keyboard.press("Tab")
    await page.focus("[data-action=play]")
    await page.keyboard.press("Enter")
    await wait_ply(page, 1)
    assert [m.move for m in await service.moves(match.id)] == ["+b8"]


async def test_the_page_speaks_the_viewers_language(browser, site, host, service):
    match = await started(service)
    await service.remember_language(ANN.id, "de")
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    assert await page.text_content("[data-role=status]") == "Du bist am Zug."
    assert await page.text_content("[data-action=play]") == "Spielen"
    assert await page.get_attribute("html", "lang") == "de"


async def test_a_finished_match_opens_at_its_end_and_steps_back_and_explores_from_there(browser, site, host, service):
    match = await started(service)
    initial = match.state()
    moves = short_playout(initial)
    for move in moves:
        match = await service.get(match.id)
        await service.move(match.id, match.to_move_id(), move)
    page = await open_board(browser, await board_url(site, host, match.id, BOB.id), DESKTOP)
    assert await ply_of(page) == len(moves) and "won" in await page.text_content("[data-role=status]")
    assert await page.get_attribute(f'[data-ply="{len(moves)}"]', "aria-current") == "step"
    await page.click('[data-ply="1"]')
    await page.wait_for_selector("[data-action=return]")
    first = moves[0][1:]
    assert (await page.get_attribute(f'[data-target="{first}"]', "aria-label")).startswith(f"{first}, ann's tower")
    assert await page.get_attribute('[data-ply="1"]', "aria-current") == "step"
    await page.click("[data-action=explore]")  # try another answer than bob's
    await page.wait_for_selector(".mode")
    after_first = initial.copy()
    after_first.play(moves[0])
    answer = next(m for m in after_first.legal_moves() if m != moves[1] and " " not in m)
    await build(page, answer, "tactori-fem")
    await page.click("[data-action=play]")
    await page.wait_for_selector(".moves .explored")
    assert await page.text_content(".moves .explored") == answer
    await page.click("[data-action=return]")
    await page.wait_for_selector("[data-action=explore]")
    assert (await service.get(match.id)).plies == len(moves)


async def test_a_reviewed_match_shows_accuracies_marks_and_the_better_move_on_a_phone(browser, site, host, service):
    from .conftest import reviewed

    evil = Player(BOB.id, '<img src=x onerror="window.owned=1">')
    match = await reviewed(service, players=(ANN, evil))
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    assert await page.eval_on_selector_all("[data-role=accuracy]", "els => els.map(e => e.textContent)") == [
        " · accuracy 81 %",
        " · accuracy 64 %",
    ]
    marks = await page.eval_on_selector_all(
        "[data-mark]",
        "els => els.map(e => [e.dataset.mark, e.textContent, "
        "e.getAttribute('role'), e.getAttribute('aria-label'), e.title])",
    )
    assert marks == [
        [
            "1",
            "?!",
            "img",
            "inaccuracy: win chance -6 points; better: +b3",
            "inaccuracy: win chance -6 points; better: +b3",
        ],
        ["2", "?", "img", "mistake: win chance -14 points; better: +c2", "mistake: win chance -14 points; better: +c2"],
        [
            "4",
            "??",
            "img",
            "blunder: win chance -41 points; better: +a1",
            "blunder: win chance -41 points; better: +a1",
        ],
    ]
    for name in ("mistake: win chance -14 points; better: +c2", "blunder: win chance -41 points; better: +a1"):
        assert await page.get_by_role("img", name=name).count() == 1  # what a screen reader is told
    assert await page.locator("[data-role=advice]").count() == 0  # at the end: no next move
    await page.click('[data-ply="1"]')  # bob's mistake comes next
    await page.wait_for_selector("[data-role=advice]")
    assert (
        await page.text_content("[data-role=advice]")
        == f"Next, {evil.name} played +d4 (mistake, win chance -14 points); better was +c2."
    )
    await page.click('[data-ply="2"]')  # then a good move: no advice
    await page.wait_for_function("() => !document.querySelector('[data-role=advice]')")
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert await page.locator("main img, main script").count() == 0
    assert await page.evaluate("window.owned") is None and page.errors == []


async def test_the_review_speaks_the_viewers_language(browser, site, host, service):
    from .conftest import reviewed

    match = await reviewed(service)
    for lang, accuracy, mark in (
        ("de", " · Genauigkeit 81 %", "Fehler: Gewinnchance -14 Prozentpunkte; besser: +c2"),
        # French typography: no-break spaces before its colons, semicolons and percent signs
        ("fr", " · précision 81\u202f%", "erreur\xa0: chances de gagner -14 points\u202f; mieux\xa0: +c2"),
    ):
        await service.remember_language(ANN.id, lang)
        page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
        assert await page.text_content("[data-role=accuracy]") == accuracy
        assert await page.get_attribute('[data-mark="2"]', "aria-label") == mark
        await page.context.close()


async def test_the_clock_counts_down_the_time_left_with_the_deadline_as_its_title(browser, site, host, service, clock):
    match = await started(service)
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE)
    clock_text = await page.text_content("[data-role=clock]")
    assert clock_text == "2 days 23 h"  # three days per move, just begun
    title = await page.get_attribute("[data-role=clock]", "title")
    assert title.startswith("Deadline: ") and "2027" in title  # the absolute deadline, the test's clock
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360  # fits the phone
    # near the deadline it ticks by the second, down to "Time is up"
    clock.now = match.deadline - 63
    await page.reload()
    await page.wait_for_selector("[data-role=clock]")
    first = await page.text_content("[data-role=clock]")
    assert first in ("1 min 03 s", "1 min 02 s")
    await page.wait_for_function(
        "t => document.querySelector('[data-role=clock]').textContent !== t", arg=first, timeout=3000
    )
    clock.now = match.deadline + 5
    await page.reload()
    await page.wait_for_selector("[data-role=clock]")
    assert await page.text_content("[data-role=clock]") == "Time is up"
    assert page.errors == []


@pytest.mark.parametrize(
    "locale, game, expected",
    [
        ("en-US", "architekton", "12 houses, 1 chip"),
        ("de-DE", "architekton", "12 Häuser, 1 Chip"),
        ("fr-FR", "architekton", "12 maisons, 1 jeton"),
        ("en-US", "atacama", "14 towers, 0 points"),
        ("de-DE", "atacama", "14 Türme, 0 Punkte"),
        ("fr-FR", "atacama", "14 tours, 0 point"),
    ],
)
async def test_counts_under_the_names_are_singular_or_plural_as_the_language_wants(
    browser, site, host, service, locale, game, expected
):
    match = await started(service, game=game)
    page = await open_board(browser, await board_url(site, host, match.id, ANN.id), PHONE, locale=locale)
    facts = await page.eval_on_selector_all(".seat-facts", "nodes => nodes.map(n => n.textContent)")
    assert facts == [" · " + expected] * 2
    assert page.errors == []
