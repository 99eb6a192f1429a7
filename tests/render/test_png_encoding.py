"""The faster PNG encoding (``render.png``) shows what the drawing shows: its palette rounds no
coarser than the old encoder's (224 octree colours from a sample, built anew for every board)
on positions of every game, keeps the players' colours exact, and its zlib stream, put together
from kept bands, decodes to exactly the mapped pixels."""
from __future__ import annotations

import io
import os
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import png, render_image, render_png
from render.common import PLAYER_STYLES
from render_checks import random_playout

NAMES = ["ann", "bob", "cy", "dee"]
GAMES = {   # (game, players, options, seed)
    "architekton": ("architekton", 2, {}, 55),
    "atacama": ("atacama", 2, {"tactics": True}, 11),
    "atacama-4p": ("atacama", 4, {}, 3),
    "tactori": ("tactori", 2, {"centre": 1}, 7),
    "tactori-4p": ("tactori", 4, {"chase": True}, 7),
    "tactori-fem": ("tactori-fem", 2, {"stacks": True}, 7),
}


def old_encoding(img: Image.Image) -> Image.Image:
    """The encoder before issue 12 (commit 86c7c83), decoded: the bound the new one must keep."""
    sample = img.resize((max(1, img.width // 3), max(1, img.height // 3)), Image.NEAREST)
    palette = sample.quantize(colors=224, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")


def decode(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.mode == "P"
        return image.convert("RGB")


def largest_error(a: Image.Image, b: Image.Image) -> int:
    return max(high for _, high in ImageChops.difference(a, b).getextrema())


def exactly(img: Image.Image, colour) -> Image.Image:
    """L mask: 255 where ``img`` is exactly ``colour``."""
    r, g, b = ImageChops.difference(img, Image.new("RGB", img.size, colour)).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point([255] + [0] * 255)


@pytest.fixture(scope="module")
def positions() -> dict[str, list]:
    out = {}
    for key, (game, players, options, seed) in GAMES.items():
        states = random_playout(game, players, seed, options)
        # consecutive boards (as the bot draws them, the encoder keeping what it may) and a late one
        middle = len(states) // 2
        out[key] = states[middle:middle + 3] + [states[-1]]
    return out


@pytest.mark.parametrize("key", list(GAMES))
def test_rounding_stays_within_the_old_encoders_and_player_colours_stay_exact(positions, key):
    png.clear()
    players = GAMES[key][1]
    names = NAMES[:players]
    for n, state in enumerate(positions[key]):
        drawn = render_image(state, names)
        new = decode(render_png(state, names))
        assert new.size == drawn.size
        assert largest_error(new, drawn) <= largest_error(old_encoding(drawn), drawn), (key, n)
        for style in PLAYER_STYLES[:players]:
            in_drawing = exactly(drawn, style.colour)
            assert in_drawing.getbbox() is not None, (key, n, style.name)    # the board shows it
            # every pixel of that colour in the drawing has it in the PNG
            assert ImageChops.subtract(in_drawing, exactly(new, style.colour)).getbbox() is None, (key, n, style.name)


def test_kept_bands_put_together_decode_to_the_mapped_pixels():
    png.clear()
    img = Image.new("RGB", (900, 820), (247, 243, 235))
    draw = ImageDraw.Draw(img)
    draw.ellipse((100, 100, 400, 400), fill=PLAYER_STYLES[0].colour, outline=(33, 33, 38), width=5)
    first = png.encode(img, "kind")
    draw.rectangle((600, 500, 700, 600), fill=PLAYER_STYLES[1].colour)      # the next board: one change
    hits = png.BANDS.hits
    second = png.encode(img, "kind")
    assert png.BANDS.hits > hits                       # the unchanged bands were not compressed again
    palette = png.PALETTES.entries["kind"]
    mapped = img.quantize(palette=palette.image, dither=Image.Dither.NONE).convert("RGB")
    assert decode(second).tobytes() == mapped.tobytes()
    assert decode(first).tobytes() != decode(second).tobytes()
    assert decode(png.encode(img)).size == img.size      # without a key nothing is kept


def test_adler32_of_pieces_combines_to_that_of_the_whole():
    data = os.urandom(70_000) + bytes(50_000)
    for cut in (0, 1, 65_520, 65_521, 100_000, len(data)):
        first, second = data[:cut], data[cut:]
        assert png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(data)
