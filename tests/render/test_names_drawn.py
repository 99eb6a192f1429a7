"""Every name is drawn with its letters, never as missing-glyph boxes: Discord names are any Unicode.

Latin Extended (Polish, Czech, Romanian, Turkish), Greek and Cyrillic names are drawn as they
are; CJK, Hangul and Arabic are transliterated, emoji and symbols left out (render/common.py,
``drawable``).  The checks read the fonts' character maps with fontTools, apart from the
renderer's own reader, and look at every text the renderer hands to Pillow."""

from __future__ import annotations

import io

import pytest
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw
from test_replay import random_record

from ai.review import Ply, Review
from engines.record import replay
from render import common as C
from render import layers, render_image
from render.charts import score_chart
from render.replay import make_replay
from render.review_chart import review_chart
from render.score_series import score_series
from render.standings import StandingRow, standings_image

# drawn as they are: (name, the language)
NATIVE = {
    "Łukasz Wiśniewski": "pl",
    "Kateřina Dvořáková": "cs",
    "Tomáš Ševčík": "cs",
    "Ștefan Țurcanu": "ro",
    "İlkay Ağaoğlu": "tr",
    "Işık Şahin": "tr",
    "Δημήτρης Παπαδόπουλος": "el",
    "Дмитрий Ёлкин": "ru",
    "Ольга Українка": "uk",
    "Nguyễn Thị Hương": "vi",
}
# drawn as a readable substitute: (name, what is drawn)
SUBSTITUTED = {
    "🦊 fox49": "fox49",
    "fox49 🦊": "fox49",
    "😀😀": "grinning grinning",
    "👨‍👩‍👧": "man woman girl",
    "田中太郎": "TianZhongTaiLang",
    "김민수": "GimMinSu",
    "✨Ｓａｋｕｒａ✨": "Sakura",
    "𝐀𝐥𝐢𝐜𝐞": "Alice",
    "Anna (田中) ★": "Anna (TianZhong)",
    "Łukasz 🦊 Ωμέγα": "Łukasz Ωμέγα",
}


def _data(f) -> bytes:
    return getattr(f, "font_bytes", None) or open(f.path, "rb").read()


def _cmap(data: bytes) -> set[int]:
    """fontTools' reading of a font's characters: those mapped to a glyph other than glyph 0 (the box)."""
    font = TTFont(io.BytesIO(data))
    missing = font.getGlyphOrder()[0]
    return {point for point, glyph in font.getBestCmap().items() if glyph != missing}


_CMAPS: dict[bytes, set[int]] = {}


def _has(f, char: str) -> bool:
    data = _data(f)
    if data not in _CMAPS:
        _CMAPS[data] = _cmap(data)
    return ord(char) in _CMAPS[data] or (char.isascii() and char.isspace())


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, object]]:
    """Every (text, font) the renderer hands to Pillow, its caches emptied first so that all is drawn anew."""
    seen: list[tuple[str, object]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        seen.append((text, font))
        return real(self, xy, text, fill, font, *args, **kwargs)

    for cached in (C._text_sprite, C.marker, C.text_width, C.fit_text):
        cached.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    with layers.uncached():
        yield seen


def _no_box(seen) -> list[tuple[str, str]]:
    return [(text, c) for text, f in seen for c in text if not _has(f, c)]


def test_the_renderer_reads_the_fonts_character_maps_as_fonttools_does():
    for f in (C.font(24), C.full_font(24), C.wide_font(24)):
        assert C.cmap_codepoints(_data(f)) == _cmap(_data(f))
    # a plain TrueType file (not WOFF) whose only Unicode map is of format 4 (the BMP), and one of format 12
    for fmt in (4, 12):
        arimo = TTFont(io.BytesIO(_data(C.wide_font(24))))
        arimo.flavor = None
        table = CmapSubtable.newSubtable(fmt)
        table.platformID, table.platEncID, table.language = 3, (1 if fmt == 4 else 10), 0
        table.cmap = dict(arimo.getBestCmap())
        arimo["cmap"].tables = [table]
        out = io.BytesIO()
        arimo.save(out)
        assert out.getvalue()[:4] != b"wOFF"
        assert C.cmap_codepoints(out.getvalue()) == _cmap(out.getvalue()) == _cmap(_data(C.wide_font(24))), fmt


def test_the_fonts_cover_latin_extended_greek_and_cyrillic():
    wide = _cmap(_data(C.wide_font(24)))
    for first, last in ((0x0100, 0x017F), (0x0391, 0x03A9), (0x03B1, 0x03C9), (0x0410, 0x044F)):
        assert set(range(first, last + 1)) - {0x03A2} <= wide  # U+03A2 is unassigned
    assert {ord(c) for c in "ȘșȚțĞğİıŞş\u00a0\u202f−←→≤●■▲"} <= wide
    assert C.drawable("→ Max −1 ←") == "→ Max −1 ←"


def test_native_names_are_drawn_with_their_letters():
    for name in NATIVE:
        assert C.drawable(name) == name
        assert all(_has(C.font_for(name, 26), c) for c in name), name


@pytest.mark.parametrize("name,shown", list(SUBSTITUTED.items()))
def test_other_names_are_drawn_as_a_readable_substitute(name, shown):
    assert C.drawable(name) == shown
    assert all(_has(C.font_for(name, 26), c) for c in shown)


def test_a_name_with_nothing_drawable_is_the_seats_generic_name():
    assert C.drawable("★★★") == "" and C.drawable("\ue000") == ""
    assert C.player_name(["ann", "★★★"], 1) == "Player 2"
    assert C.player_name(["ann", "\u200b"], 1) == "Player 2"  # only an invisible character
    assert C.player_name(["Łukasz", "ann"], 0) == "Łukasz"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_whatever_the_text_one_font_has_every_character_drawn(text):
    shown = C.drawable(text)
    f = C.font_for(text, 20)
    assert all(_has(f, c) for c in shown)
    assert C.drawable(shown) == shown


def test_markers_take_the_first_drawable_letter():
    assert C.player_letters(["Łukasz", "Anna"], 2) == ["Ł", "A"]
    assert C.player_letters(["Łukasz", "Lena"], 2) == ["Ł", "L"]
    assert C.player_letters(["Ștefan", "Δημήτρης", "Дмитрий", "İlkay"], 4) == ["Ș", "Δ", "Д", "İ"]
    assert C.player_letters(["😀😀", "Bob"], 2) == ["G", "B"]  # "grinning grinning"
    assert C.player_letters(["🦊 fox49", "田中", "★★★"], 3) == ["F", "T", "P"]
    for letters in (C.player_letters(list(NATIVE), len(NATIVE)), C.player_letters(list(SUBSTITUTED), 10)):
        assert len(set(letters)) == len(letters)
        assert all(letter[0].isalpha() and all(_has(C.font_for(letter, 20), c) for c in letter) for letter in letters)


def test_the_marker_of_lukasz_shows_l_stroke_not_a_box(drawn):
    img = Image.new("RGB", (60, 60), C.WHITE)
    C.draw_marker(img, (30, 30), 54, 0, C.player_letters(["Łukasz", "Anna"], 2)[0])
    assert ("Ł", C.wide_font(25).path) in [(t, getattr(f, "path", None)) for t, f in drawn]
    assert _no_box(drawn) == []


def test_names_beyond_latin_1_keep_the_width_of_their_latin_spelling():
    """Arimo's widths are Aileron's within a few per cent, so a layout that fits "Lukasz" fits "Łukasz"."""
    for name, plain in (
        ("Łukasz Wiśniewski", "Lukasz Wisniewski"),
        ("Kateřina Dvořáková", "Katerina Dvorakova"),
        ("Ștefan Țurcanu", "Stefan Turcanu"),
        ("İlkay Ağaoğlu", "Ilkay Agaoglu"),
    ):
        assert abs(C.text_width(name, 26) - C.text_width(plain, 26)) <= 0.06 * C.text_width(plain, 26), name


def test_no_break_spaces_are_spaces_in_every_font():
    for text in ("Łukasz\u202f!", "Дмитрий\u00a0:"):
        f = C.font_for(text, 24)
        assert f.path == C.wide_font(24).path
        assert _has(f, text[-2]) and not any(bytes(f.getmask(text[-2])))  # a space, no ink


BOARDS = [
    ("architekton", 2, ["Łukasz Wiśniewski", "田中太郎"]),
    ("atacama", 4, ["Kateřina Dvořáková", "Ștefan Țurcanu", "Δημήτρης", "Дмитрий Ёлкин"]),
    ("tactori", 4, ["🦊 fox49", "İlkay Ağaoğlu", "😀😀", "김민수"]),
    ("tactori-fem", 2, ["Łukasz 🦊 Ωμέγα", "Tomáš Ševčík"]),
]


@pytest.mark.parametrize("game,players,names", BOARDS)
def test_boards_and_charts_draw_every_name_without_a_box(drawn, monkeypatch, game, players, names):
    cut = []
    fit = C.fit_text

    def recording(text, size, width):
        out = fit(text, size, width)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(C, "fit_text", recording)
    record = random_record(game, players, 5)
    for state in (replay(record, upto=10), replay(record)):
        render_image(state, names)
    score_chart(score_series(record), names)
    assert _no_box(drawn) == []
    texts = " ".join(t for t, _ in drawn)
    for name in names:
        assert str(C.player_name(names, names.index(name))) in texts
    assert "Łukasz" in texts or "Ștefan" in texts or "İlkay" in texts or "Tomáš" in texts
    assert not [t for t in cut if any(str(C.player_name(names, s)) in t for s in range(players))]


def test_standings_draw_every_name_without_a_box(drawn):
    names = [*NATIVE, *SUBSTITUTED]
    rows = [
        StandingRow(i + 1, name, str(len(names) - i), "12.5", "30.25", "7", withdrawn=i == 3, winner=i == 0)
        for i, name in enumerate(names)
    ]
    img = standings_image("Swiss · round 7", ["Player", "Points", "Buchholz", "Sonneborn-Berger", "Played"], rows)
    assert img.width == 1000
    assert _no_box(drawn) == []
    texts = [t for t, _ in drawn]
    assert all(name in texts for name in NATIVE)
    assert all(shown in texts for shown in SUBSTITUTED.values())


def test_a_review_chart_and_a_replay_draw_every_name_without_a_box(drawn):
    names = ["Łukasz Wiśniewski", "😀😀", "Дмитрий Ёлкин"]
    plies = [
        Ply(i, i % 3, "a1", [0.2, 0.3, 0.5], "a1", 0.4, 0.1 if i == 2 else 0.4, "blunder" if i == 2 else "good")
        for i in range(6)
    ]
    review_chart(Review("tactori", names, "hard", 1, plies))
    replay_ = make_replay(random_record("tactori", 3, 2, limit=4), names, end=3)
    assert len(replay_.frames) >= 2
    assert _no_box(drawn) == []
    texts = " ".join(t for t, _ in drawn)
    assert "Łukasz Wiśniewski" in texts and "grinning grinning" in texts and "Дмитрий Ёлкин" in texts
