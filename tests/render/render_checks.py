"""Random playouts, image budgets and pixel checks shared by the renderer tests."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from engines import get_game
from render import render_png

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "fixtures" / "examples"  # the rules' example records
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_SIDE = 800  # budgets of every board image: its shorter side in pixels ...
MAX_PNG_BYTES = 300_000  # ... and the size of its PNG, to stay quick to send
PLAYER_NAMES = ("ann", "bob", "cy", "dee")


def names_for(state: Any) -> list[str]:
    return list(PLAYER_NAMES[: state.players])


def random_move(state: Any, rng: random.Random) -> str:
    return rng.choice(state.legal_moves())


def random_playout(
    game: str,
    players: int,
    seed: int,
    options: dict | None = None,
    *,
    pick: Callable[[Any, random.Random], str] = random_move,
    limit: int | None = None,
) -> list:
    """Every state of a match from ``seed`` whose moves ``pick`` chooses with
    ``random.Random(seed)``, until the end or ``limit`` moves."""
    rng = random.Random(seed)
    state = get_game(game).setup(players, seed, None, options)
    states = [state.copy()]
    while state.outcome() is None and (limit is None or len(states) - 1 < limit):
        state.play(pick(state, rng))
        states.append(state.copy())
    return states


def decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def assert_within_budgets(png: bytes) -> Image.Image:
    """``png`` is a valid PNG within the size budgets; returns it decoded."""
    img = decode(png)
    assert min(img.size) >= MIN_SIDE
    assert len(png) < MAX_PNG_BYTES
    return img


def median_render_ms(state: Any, names: list[str], runs: int) -> tuple[float, bytes]:
    """The median time of ``render_png`` (image + PNG) in ms over ``runs`` runs, and the PNG.

    The sprite caches are warmed first, as in a running bot.
    """
    render_png(state, names)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        png = render_png(state, names)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, png


def close(a, b, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def count(img: Image.Image, colour, tol: int) -> int:
    """Pixels of ``img`` within ``tol`` of ``colour`` in every channel."""
    raw = img.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(raw), 3) if close(raw[i : i + 3], colour, tol))
