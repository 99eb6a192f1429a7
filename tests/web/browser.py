"""Real Chromium for the web board's tests (Playwright, Debian's chromium: no browser download).

Without chromium or Playwright the browser tests skip, saying why; under CI=true they fail
instead, as the PostgreSQL tests do (tests/conftest.py): CI must never pass by skipping them."""

from __future__ import annotations

import os
import shutil
import socket

import pytest

from engines.builder import steps

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def chromium() -> str:
    path = shutil.which("chromium") or "/usr/bin/chromium"
    problem = None
    if not os.path.exists(path):
        problem = "the browser tests need chromium (apt-get install -y chromium)"
    else:
        try:
            import playwright.async_api  # noqa: F401
        except ImportError:
            problem = "the browser tests need Playwright (pip install -e '.[test]')"
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {problem}; .ci/run installs both", pytrace=False)
        pytest.skip(problem)
    return path


@pytest.fixture
async def browser():
    from playwright.async_api import async_playwright

    path = chromium()
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def open_board(browser, url: str, viewport=PHONE, locale: str = "en-US"):
    context = await browser.new_context(viewport=viewport, locale=locale)
    page = await context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    await page.goto(url)
    await page.wait_for_selector("[data-role=ply]")
    return page


async def ply_of(page) -> int:
    return int(await page.text_content("[data-role=ply]"))


async def wait_ply(page, ply: int, timeout: float = 10000) -> None:
    await page.wait_for_function(
        "ply => document.querySelector('[data-role=ply]') && "
        "document.querySelector('[data-role=ply]').textContent === String(ply)",
        arg=ply,
        timeout=timeout,
    )


async def build(page, move: str, game: str) -> None:
    """Click ``move`` together as a player would: each part's place, or its choice button."""
    done = ""
    for step in steps(move, game):
        done += step.text
        built = await page.text_content("[data-role=move]")
        if built.startswith(done):  # built already, or a part that was the only way on
            continue
        if step.target is not None:
            # low in the place: a bridge's spot may lie over the middle of the field between its ends
            place = page.locator(f'[data-target="{step.target}"]')
            box = None
            while box is None:  # the page may be drawing the board again (a live event) just now
                box = await place.bounding_box()
            low = 0.5 if len(step.target) == 4 and step.target.isalnum() else 0.85  # a bridge: its spot
            await place.click(position={"x": box["width"] / 2, "y": box["height"] * low})
            if await page.text_content("[data-role=move]") != done:
                # several parts start at that place: small buttons choose
                await page.click(f'button[data-choice="{step.text}"]')
        else:
            await page.click(f'button[data-choice="{step.text}"]')
        await page.wait_for_function(
            "text => document.querySelector('[data-role=move]').textContent === text", arg=done, timeout=5000
        )
    assert await page.text_content("[data-role=move]") == move


async def play(page, move: str, game: str) -> None:
    ply = await ply_of(page)
    await build(page, move, game)
    await page.click("[data-action=play]")
    try:
        await wait_ply(page, ply + 1)
    except Exception:
        note = await page.text_content("[data-role=note]")
        raise AssertionError(f"{move} at ply {ply} was not played: {note!r}") from None
