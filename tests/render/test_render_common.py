"""Shared drawing helpers."""

from __future__ import annotations

import io

from PIL import Image, ImageFont

from render import common as C


def test_default_font_is_scalable_freetype():
    f = C.font(30)
    assert isinstance(f, ImageFont.FreeTypeFont)
    assert C.text_width("B07", 40) > C.text_width("B07", 20)


def test_player_letters():
    assert C.player_letters(["ann", "bob"], 2) == ["A", "B"]
    assert C.player_letters(["Anna", "alex"], 2) == ["An", "Al"]
    assert C.player_letters([], 2) == ["P1", "P2"]  # "Player 1", "Player 2": same initial
    assert C.player_name([], 1) == "Player 2"


def test_fit_text_shortens_with_ellipsis():
    text = "a very long player name indeed"
    short = C.fit_text(text, 20, 100)
    assert short.endswith("…") and C.text_width(short, 20) <= 100
    assert C.fit_text("ok", 20, 100) == "ok"


def test_draw_text_and_markers_paint_pixels():
    img = Image.new("RGB", (200, 100), C.WHITE)
    box = C.draw_text(img, (100, 50), "B07", 30, C.INK)
    assert box[0] < 100 < box[2]
    C.draw_marker(img, (30, 50), 40, 1, "B")
    assert img.getpixel((30, 50)) != C.WHITE


def test_encode_png_is_a_palette_png():
    img = Image.new("RGB", (900, 900), C.BACKGROUND)
    C.draw_text(img, (450, 450), "Architekton", 60, C.INK)
    png = C.encode_png(img)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == (900, 900)
    # the palette keeps flat colours to within a step or two per channel
    corner = decoded.convert("RGB").getpixel((5, 5))
    assert all(abs(a - b) <= 3 for a, b in zip(corner, C.BACKGROUND))


def test_french_no_break_spaces_are_drawn_as_spaces_not_as_missing_glyph_boxes():
    """French sets U+202F before ; ! ? and U+00A0 before :; the bundled font has neither and would
    draw its box (as for U+FFFF), so such text is drawn with the full font, which has both."""
    for space in ("\u202f", "\u00a0"):
        assert any(bytes(C.font(24).getmask(space)))  # the bundled font's box
        drawn_with = C.font_for(f"Total{space}!", 24)
        assert not any(bytes(drawn_with.getmask(space)))  # a space: no ink
        assert any(bytes(drawn_with.getmask("\uffff")))  # where a missing glyph has ink
