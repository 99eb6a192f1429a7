"""render.png writes the board PNGs itself (faster deflate): the files must decode,
with Pillow and with nothing but the standard library, to exactly the pixels Pillow's own
encoder gives, with ISA-L's deflate and with zlib's where ISA-L is missing."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

import render
from engines import get_game
from render import png
from render.common import encode_png

GAMES = [("architekton", 2), ("atacama", 4), ("tactori", 3), ("tactori-fem", 2)]


def palette_board(game: str, players: int, seed: int) -> Image.Image:
    """A board somewhere in a seeded random match, quantized as encode_png does."""
    state, rng = get_game(game).setup(players, seed), random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        if state.current_player() is None:
            break
        state.play(rng.choice(state.legal_moves()))
    drawn = render.render_image(state, ["ann", "bob", "cy", "dee"][:players])
    return Image.open(io.BytesIO(encode_png(drawn)))


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == png.SIGNATURE
    out, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        out.append((kind, body))
        at += 12 + length
    return out


@pytest.mark.parametrize("deflater", [None, zlib], ids=["default", "zlib"])
@pytest.mark.parametrize("game,players", GAMES)
def test_the_file_shows_what_pillow_would_write(game, players, deflater):
    for seed in (1, 2):
        img = palette_board(game, players, seed)
        ours = png.palette_png(img, deflater)
        pillows = io.BytesIO()
        img.save(pillows, "PNG")
        with Image.open(io.BytesIO(ours)) as mine, Image.open(io.BytesIO(pillows.getvalue())) as theirs:
            assert mine.format == "PNG" and mine.mode == "P" and mine.size == img.size
            assert mine.convert("RGB").tobytes() == theirs.convert("RGB").tobytes() == img.convert("RGB").tobytes()
        assert len(ours) < 300_000


def test_plain_chunks_and_a_standard_zlib_stream():
    img = palette_board("tactori", 2, 3)
    parts = chunks(png.palette_png(img))
    assert [kind for kind, _ in parts] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    assert (width, height, depth, colour, interlace) == (*img.size, 8, 3, 0)
    rows = zlib.decompress(parts[2][1])  # any zlib reads it
    assert rows == png.scanlines(img) and len(rows) == height * (width + 1)
    assert all(rows[y * (width + 1)] == 0 for y in range(height))  # every row unfiltered
    assert len(parts[1][1]) % 3 == 0 and max(img.tobytes()) < len(parts[1][1]) // 3


def test_only_palette_images():
    with pytest.raises(ValueError, match="palette image"):
        png.palette_png(Image.new("RGB", (4, 4)))
