"""render.palette keeps the last palette of an image size while it fits (cheaper
boards): the next board of a match keeps it, an image it does not fit gets a new one, and
either way the PNG shows the drawing to within palette rounding."""

from __future__ import annotations

import io
import random
import threading

import pytest
from PIL import Image, ImageChops, ImageStat

import render
from engines import get_game
from render import palette
from render.common import encode_png

NAMES = ["ann", "bob", "cy", "dee"]


@pytest.fixture(autouse=True)
def no_kept_palettes():
    palette.forget()
    yield
    palette.forget()


def boards(game: str, players: int, seed: int, count: int) -> list[Image.Image]:
    """The drawings of ``count`` consecutive plies of a seeded random match."""
    state, rng = get_game(game).setup(players, seed), random.Random(seed)
    drawn = []
    for _ in range(count):
        drawn.append(render.render_image(state, NAMES[:players]))
        if state.current_player() is None:
            break
        state.play(rng.choice(state.legal_moves()))
    return drawn


def rounding(png: bytes, drawn: Image.Image) -> tuple[int, float]:
    """(largest, mean) difference in a channel between the decoded PNG and its drawing."""
    with Image.open(io.BytesIO(png)) as image:
        diff = ImageChops.difference(image.convert("RGB"), drawn)
    return max(high for _, high in diff.getextrema()), sum(ImageStat.Stat(diff).mean) / 3


@pytest.mark.parametrize("game,players", [("architekton", 2), ("atacama", 4), ("tactori", 3), ("tactori-fem", 2)])
def test_the_next_boards_of_a_match_keep_the_palette_and_show_their_drawing(game, players):
    drawn = boards(game, players, seed=4, count=8)
    for image in drawn:
        largest, mean = rounding(encode_png(image), image)
        # a fresh octree palette rounds antialiased edges by up to 35-56 levels, 0.8-2.2 on average
        assert largest <= 64 and mean < 2.5, (largest, mean)
    assert palette.counts["chosen"] >= 1
    assert palette.counts["kept"] >= len(drawn) // 2, palette.counts


def test_an_image_the_kept_palette_does_not_fit_gets_its_own():
    board = boards("tactori", 2, seed=4, count=1)[0]
    encode_png(board)
    # the same size, in colours no board has: a kept palette would round them by far more than FIT
    rng = random.Random(1)
    stripes = Image.new("RGB", board.size)
    for x in range(0, board.width, 40):
        stripes.paste(tuple(rng.randrange(256) for _ in range(3)), (x, 0, x + 40, board.height))
    assert not palette.fits(
        stripes.resize((stripes.width // 3, stripes.height // 3)),
        palette.choose(board.resize((board.width // 3, board.height // 3), Image.NEAREST), 224),
    )
    before = dict(palette.counts)
    largest, _ = rounding(encode_png(stripes), stripes)
    assert palette.counts["chosen"] == before["chosen"] + 1 and palette.counts["kept"] == before["kept"]
    assert largest <= 8, largest  # 26 flat colours: the new palette holds each of them


def test_threads_encoding_at_once_each_get_a_faithful_png():
    drawn = boards("atacama", 2, seed=9, count=6)
    expected = [encode_png(image) for image in drawn]
    errors = []

    def encode(k: int) -> None:
        for i in range(len(drawn)):
            image = drawn[(i + k) % len(drawn)]
            largest, mean = rounding(encode_png(image), image)
            if largest > 64 or mean >= 2.5:
                errors.append((k, i, largest, mean))

    threads = [threading.Thread(target=encode, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(expected) == len(drawn)
