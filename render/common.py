"""Drawing helpers shared by every game's renderer.

Everything here is pure and cached: fonts, text and marker sprites are built
once per size and pasted afterwards, because drawing text with FreeType is the
slowest part of a render.  The default font is Pillow's bundled FreeType font
(``ImageFont.load_default(size=...)``), so nothing has to be downloaded.  It
covers ASCII, digits and the middle dot ``·``, but not arrows or geometric
symbols: draw those as shapes (see :func:`marker`).  Text with letters it lacks
(``ä``, ``ß``, ``é``: German, French, names) is drawn in the same typeface from
``fonts/`` (:data:`FULL_FONT`), and text beyond Latin-1 (players' names in Polish, Czech,
Romanian, Turkish, Vietnamese, Greek, Cyrillic) in Arimo (:data:`WIDE_FONT`), a
typeface of nearly the same widths (:func:`font_for`).

Discord names are any Unicode, and no font here has CJK, emoji or most symbols, so every
text is drawn as :func:`drawable` says, never as missing-glyph boxes: letters the fonts lack
by a base letter (NFKD) or a transliteration ("田中" → "TianZhong"), emoji and symbols left
out ("🦊 fox49" → "fox49"), an emoji-only name by the emoji's name ("😀" → "grinning"), and a
name with nothing drawable at all as the seat's "Player 2" (:func:`player_name`).  Seat
markers take the first letter of the name as drawn ("Łukasz": "Ł").

Words drawn into an image are :class:`~engines.text.Text`s, said through the
``say`` function a renderer is given (``str`` by default: English); the
fitting helpers (:func:`fit_text`, :func:`fit_size`) keep longer translations
inside the layout.
"""

from __future__ import annotations

import re
import struct
import unicodedata
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from engines.text import Joined, Text

from . import palette
from .png import palette_png

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
Say = Callable[[Text], str]


def sayer(say: Say) -> Callable[[Any], str]:
    """``say`` for anything drawn: a Text in the reader's language, anything
    else (a name, a number, a move) as it is."""

    def said(value: Any) -> str:
        return say(value) if isinstance(value, Text) else str(value)

    return said


# ------------------------------------------------------------------ colours
BACKGROUND: RGB = (247, 243, 235)
PANEL: RGB = (236, 231, 221)
INK: RGB = (33, 33, 38)
MUTED: RGB = (112, 106, 96)
FAINT: RGB = (214, 207, 193)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 214, 10)  # last move: yellow between black edges
ALERT: RGB = (200, 30, 90)  # decisions, last round (with text, never colour alone)


@dataclass(frozen=True)
class PlayerStyle:
    """How a seat is drawn: a colour of the Okabe-Ito palette, which stays
    distinct under the common colour-vision deficiencies, plus a shape, so that
    colour is never the only cue."""

    colour: RGB
    ink: RGB  # text colour on top of ``colour``
    shape: str  # circle, square, triangle, diamond
    name: str  # the colour in words, for legends and messages


PLAYER_STYLES: tuple[PlayerStyle, ...] = (
    PlayerStyle((0, 114, 178), WHITE, "circle", "blue"),
    PlayerStyle((230, 159, 0), INK, "square", "orange"),
    PlayerStyle((0, 158, 115), WHITE, "triangle", "green"),
    PlayerStyle((204, 121, 167), INK, "diamond", "pink"),
)


def player_style(seat: int) -> PlayerStyle:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def player_name(names: list[str], seat: int) -> str:
    """The seat's display name as the images draw it (:func:`drawable`: "🦊 fox49" is "fox49");
    ``Player 2`` (a Text) when there is none, or nothing of it can be drawn."""
    if 0 <= seat < len(names):
        name = drawable(names[seat].strip()).strip()
        if any(not c.isspace() and unicodedata.category(c)[0] != "C" for c in name):  # not only invisibles
            return name
    return Text("Player {seat}", seat=seat + 1)


def name_and_score(name: str, score: int) -> Text:
    """A name with its score in a tally: ``Bot (hard) 1: 20``.  The colon keeps them apart, since
    names may end in a digit ("Bot (hard) 1 20" reads as 120); French puts a space before it."""
    return Text("{player}: {points}", player=name, points=score)


def tally(names: list[str], scores, skip=()) -> Joined:
    """``ann: 3 · bob: -1 · ...``: every player's name and score, the highest first (``skip``: seats left out)."""
    return Joined([name_and_score(player_name(names, s), scores[s]) for s in by_score(scores) if s not in skip], " · ")


def signed(number: int) -> str:
    """A coordinate as drawn: an en dash for the minus sign, which a hyphen's few pixels lose when
    Discord shows the image 400 px wide on a phone (Aileron has no U+2212 minus)."""
    return f"\u2013{-number}" if number < 0 else str(number)


def winner_first(values, winner: int) -> str:
    """``"4 : 3"`` with the winner's figure first: in seat order the winner's could come second
    ("bob wins 3 : 4"), which reads as if he had lost."""
    values = list(values)
    return " : ".join(str(v) for v in [values[winner]] + values[:winner] + values[winner + 1 :])


def by_score(scores) -> list[int]:
    """The seats, highest score first (seat order among equals): a final tally read from the top."""
    return sorted(range(len(scores)), key=lambda seat: -scores[seat])


def player_letters(names: list[str], seats: int) -> list[str]:
    """Each seat's marker text, the same on every picture of a match (header, cards, the board's
    pieces, the chart): never a bare digit, which would read as a tower height or an ore value.

    - Every seat's initial (its name's first letter, upper case) when they all differ: "A", "B".
    - Seats whose initials collide add the first character, after the initial, at which their
      name differs from every other colliding name, in lower case: "Bob" and "Bot (hard)" are
      "Bb" and "Bt", "Bot (hard) 1" and "Bot (hard) 2" are "B1" and "B2" (a letter and the
      computer's own number: never a bare digit).
    - Names that no character tells apart (two "Bob"s) take the initial and their order among
      them: "B1", "B2".
    A name without a letter counts as "P" (player).  Names are taken as drawn (:func:`player_name`), so
    the initial is their first drawable letter: "Łukasz" is "Ł", "田中" (drawn "TianZhong") "T"."""

    def initial(name: str) -> str:
        letter = next((c for c in name if c.isalpha()), "P")
        upper = letter.upper()  # "ß" stays one letter, "ɐ" too (no font has its capital)
        return upper if len(upper) == 1 and drawable(upper) == upper else letter

    def rest(name: str) -> str:
        """The name's letters and digits after its initial, in lower case."""
        chars = [c.lower() for c in name if c.isalnum()]
        first = next((i for i, c in enumerate(chars) if c.isalpha()), None)
        return "".join(chars[first + 1 :]) if first is not None else "".join(chars)

    texts = [str(player_name(names, s)) for s in range(seats)]
    initials = [initial(t) for t in texts]
    letters = list(initials)
    for letter in set(initials):
        group = [s for s in range(seats) if initials[s] == letter]
        if len(group) == 1:
            continue
        tails = {s: rest(texts[s]) for s in group}
        for s in group:
            others = [tails[t] for t in group if t != s]
            mine = tails[s]
            pick = next((c for i, c in enumerate(mine) if all(i >= len(o) or o[i] != c for o in others)), None)
            letters[s] = letter + pick if pick is not None else ""
        taken = [letters[s] for s in group]
        if "" in taken or len(set(taken)) < len(group):  # no character tells them apart
            for k, s in enumerate(group):
                letters[s] = f"{letter}{k + 1}"
    return letters


def shade(colour: RGB, factor: float) -> RGB:
    """Darker (< 1) or lighter (> 1, towards white) version of ``colour``."""
    if factor <= 1:
        return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]
    t = factor - 1
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


# -------------------------------------------------------------------- fonts
@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font at ``size`` px (FreeType-backed since Pillow 10.1)."""
    return ImageFont.load_default(size=max(6, int(size)))


# Aileron with the whole Latin-1 range (Pillow bundles an ASCII subset); see fonts/README.md
FULL_FONT = Path(__file__).parent / "fonts" / "aileron-latin-400-normal.woff"
# Arimo: Latin Extended, Greek and Cyrillic, with Aileron's metrics nearly (fonts/README.md)
WIDE_FONT = Path(__file__).parent / "fonts" / "arimo-400-normal.woff"

BUNDLED, FULL, WIDE = 0, 1, 2  # the fonts in the order they are tried: the first that has every letter


@lru_cache(maxsize=64)
def full_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """:data:`FULL_FONT` at ``size`` px; the bundled font if the file is missing."""
    try:
        return ImageFont.truetype(str(FULL_FONT), max(6, int(size)))
    except OSError:
        return font(size)


@lru_cache(maxsize=64)
def wide_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """:data:`WIDE_FONT` at ``size`` px; :func:`full_font` if the file is missing."""
    try:
        return ImageFont.truetype(str(WIDE_FONT), max(6, int(size)))
    except OSError:
        return full_font(size)


def _font(tier: int, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return (font, full_font, wide_font)[tier](size)


def cmap_codepoints(data: bytes) -> frozenset[int]:
    """The characters a TrueType or OpenType font (plain, or WOFF 1.0) has a glyph for: the code
    points its Unicode ``cmap`` maps to a glyph other than the missing one (glyph 0, the box)."""
    tables: dict[bytes, tuple[int, ...]] = {}
    if data[:4] == b"wOFF":
        for i in range(struct.unpack_from(">H", data, 12)[0]):
            tag, offset, packed, length, _ = struct.unpack_from(">4sIIII", data, 44 + 20 * i)
            tables[tag] = (offset, packed, length)
        offset, packed, length = tables[b"cmap"]
        cmap = data[offset : offset + packed]
        cmap = zlib.decompress(cmap) if packed < length else cmap
    else:
        for i in range(struct.unpack_from(">H", data, 4)[0]):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag] = (offset, length)
        offset, length = tables[b"cmap"]
        cmap = data[offset : offset + length]
    subtables: dict[tuple[int, int], int] = {}
    for i in range(struct.unpack_from(">H", cmap, 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        subtables[(platform, encoding)] = offset
    # the whole Unicode range (format 12) before the Basic Multilingual Plane alone (format 4)
    for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0)):
        found = subtables.get(key)
        if found is None:
            continue
        offset = found
        fmt = struct.unpack_from(">H", cmap, offset)[0]
        if fmt == 12:
            points: set[int] = set()
            for g in range(struct.unpack_from(">I", cmap, offset + 12)[0]):
                first, last, glyph = struct.unpack_from(">III", cmap, offset + 16 + 12 * g)
                points.update(range(first + (glyph == 0), last + 1))
            return frozenset(points)
        if fmt == 4:
            twice = struct.unpack_from(">H", cmap, offset + 6)[0]
            count = twice // 2
            ends = struct.unpack_from(f">{count}H", cmap, offset + 14)
            starts = struct.unpack_from(f">{count}H", cmap, offset + 16 + twice)
            deltas = struct.unpack_from(f">{count}H", cmap, offset + 16 + 2 * twice)
            at = offset + 16 + 3 * twice  # idRangeOffset[], counted from each entry's own place
            ranges = struct.unpack_from(f">{count}H", cmap, at)
            points = set()
            for s in range(count):
                for c in range(starts[s], ends[s] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[s] == 0:
                        glyph = (c + deltas[s]) & 0xFFFF
                    else:
                        glyph = struct.unpack_from(">H", cmap, at + 2 * s + ranges[s] + 2 * (c - starts[s]))[0]
                        glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(c)
            return frozenset(points)
    raise ValueError("the font has no Unicode cmap of format 4 or 12")


_BLANKS = frozenset(map(ord, " \t\n\r\x0b\x0c"))  # drawn as space by every font, in its cmap or not


@cache
def coverage(tier: int) -> frozenset[int]:
    """The characters the font of ``tier`` (:data:`BUNDLED`, :data:`FULL`, :data:`WIDE`) draws,
    read from the font actually loaded (a missing file's stand-in)."""
    loaded = _font(tier, 24)
    assert isinstance(loaded, ImageFont.FreeTypeFont)  # every tier is a FreeType font (font())
    # the bundled font keeps its bytes; the others were opened by their path, a str (full_font())
    data = getattr(loaded, "font_bytes", None) or Path(cast(str, loaded.path)).read_bytes()
    # control characters draw nothing readable, whatever glyph a font gives them (Arimo: U+0000)
    return frozenset(p for p in cmap_codepoints(data) if unicodedata.category(chr(p)) != "Cc") | _BLANKS


@lru_cache(maxsize=8192)
def _tier(text: str) -> int:
    """The first font that has every character of ``text``; :data:`WIDE` if none has them all."""
    if text.isascii() and text.isprintable():
        return BUNDLED
    points = set(map(ord, text))
    return next((t for t in (BUNDLED, FULL) if points <= coverage(t)), WIDE)


try:  # transliteration of scripts the fonts lack (CJK, Arabic, Hebrew, ...): a pure-Python table
    from anyascii import anyascii as _transliterate
except ImportError:  # without it, such letters are left out

    def _transliterate(string: str) -> str:
        return ""


def _substitute(char: str, wide: frozenset[int]) -> str:
    """What is drawn for ``char``, which no font has (see :func:`drawable`)."""
    category = unicodedata.category(char)
    if category[0] == "Z":
        return " "
    if category[0] in "LNP":
        # the compatibility form first: fullwidth and mathematical letters, ligatures, circled digits
        plain = "".join(
            c for c in unicodedata.normalize("NFKD", char) if ord(c) in wide and not unicodedata.combining(c)
        )
        if plain.strip():
            return plain
        said = _transliterate(char)
        if said and ":" not in said and all(ord(c) in wide for c in said):
            return said
    return ""  # symbols and emoji, marks without a base, controls, private use


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` as the images draw it: only characters one of the fonts has, never a box.

    - Text one font draws whole (ASCII, German, French, Latin Extended, Greek, Cyrillic, and any
      mix of those) is drawn as it is, composed (NFC) first.
    - Any other letter, digit or punctuation mark becomes a drawable base letter when its
      compatibility decomposition (NFKD) has one ("Ｓａｋｕｒａ", "𝐀lice", "ﬁ"), else its
      transliteration by ``anyascii`` (CJK, kana, Hangul, Arabic, Hebrew: "田中" → "TianZhong";
      Hebrew and Arabic too, which the fonts would draw left to right).
    - Emoji and symbols are left out ("🦊 fox49" → "fox49"), and so are marks, joiners, variation
      selectors and private-use characters; blanks around what was left out are closed up.
    - When that leaves no letter or digit, the text is said with emoji names
      ("😀😀" → "grinning grinning"), and failing that is ``""``: :func:`player_name` then draws the
      seat's generic name ("Player 2").
    """
    if text.isascii() and text.isprintable():
        return text
    text = unicodedata.normalize("NFC", text)
    points = set(map(ord, text))
    wide = coverage(WIDE)
    if points <= wide or points <= coverage(FULL):
        return text
    out = "".join(
        ("" if unicodedata.category(c) == "Cf" else c) if ord(c) in wide else _substitute(c, wide) for c in text
    )  # joiners and direction marks go with the emoji and scripts left out
    out = re.sub(" {2,}", " ", out).strip(" ")
    if not any(c.isalnum() for c in out):
        named = re.sub(" {2,}", " ", re.sub("[:_]", " ", _transliterate(text))).strip()
        if any(c.isalnum() for c in named) and all(ord(c) in wide for c in named):
            return named
    return out


def font_for(text: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font that draws ``drawable(text)``: the bundled one when it has every letter, else
    :data:`FULL_FONT` (the same typeface with Latin-1), else :data:`WIDE_FONT`."""
    return _font(_tier(drawable(text)), size)


@lru_cache(maxsize=128)
def _metrics(size: int, tier: int = BUNDLED) -> tuple[int, int, int]:
    """(ascent, descent, cap height) of the font of ``tier`` at ``size``."""
    f = _font(tier, size)
    assert isinstance(f, ImageFont.FreeTypeFont)  # every tier is a FreeType font (font())
    ascent, descent = f.getmetrics()
    cap = -int(f.getbbox("H", anchor="ls")[1])  # an int already: FreeType measures in whole pixels
    return ascent, descent, cap


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, stroke: int = 0) -> int:
    # cached: measuring with FreeType was a tenth of a render, and the same labels recur every turn
    text = drawable(text)
    return int(_font(_tier(text), size).getlength(text)) + 2 * stroke


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int) -> str:
    """``text`` shortened with an ellipsis so that it fits in ``width`` px."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_line(text: str, size: int, width: float, least: int) -> tuple[str, int]:
    """``text`` in ``width`` px: at ``size`` if it fits, else at the largest size down to ``least``
    at which it does, and only below that shortened with an ellipsis.  Returns (text, size)."""
    while size > least and text_width(text, size) > width:
        size -= 1
    return fit_text(text, size, width), size


def fit_size(texts: list[str], size: int, room: float, fixed: float = 0, least: int = 12) -> int:
    """The largest font size up to ``size`` (at least ``least``) at which
    ``texts`` side by side, plus ``fixed`` px of icons and gaps, take at most
    ``room`` px: a row of words (a legend) that a longer language shrinks."""
    while size > least and fixed + sum(text_width(t, size) + 2 for t in texts) > room:
        size -= 1
    return size


@dataclass(frozen=True)
class _Sprite:
    image: Image.Image  # RGBA
    baseline: int  # y of the baseline inside the image
    cap: int  # cap height


@lru_cache(maxsize=4096)
def _text_sprite(text: str, size: int, fill: RGB, stroke: int, stroke_fill: RGB | None) -> _Sprite:
    text = drawable(text)
    tier = _tier(text)
    ascent, descent, cap = _metrics(size, tier)
    f = _font(tier, size)
    width = max(1, int(f.getlength(text)) + 2 * stroke + 2)
    height = ascent + descent + 2 * stroke
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).text(
        (stroke + 1, stroke + ascent),
        text,
        font=f,
        fill=fill,
        anchor="ls",
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )
    return _Sprite(image, stroke + ascent, cap)


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    *,
    anchor: str = "mm",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> Box:
    """Paste ``text`` at ``xy`` and return its box.

    ``anchor`` is two letters like Pillow's: horizontal ``l``/``m``/``r``,
    vertical ``t`` (top of the line), ``m`` (middle of the capitals, so that
    labels look centred), ``s`` (baseline) or ``b`` (bottom of the line).
    ``stroke`` draws an outline (halo) of ``stroke_fill`` around the glyphs.
    """
    if not text:
        return (int(xy[0]), int(xy[1]), int(xy[0]), int(xy[1]))
    sprite = _text_sprite(text, int(size), fill, stroke, stroke_fill if stroke else None)
    w, h = sprite.image.size
    x = xy[0] - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    y = xy[1] - {"t": 0, "m": sprite.baseline - sprite.cap / 2, "s": sprite.baseline, "b": h}[anchor[1]]
    x, y = int(round(x)), int(round(y))
    img.paste(sprite.image, (x, y), sprite.image)
    return (x, y, x + w, y + h)


def outlined_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = WHITE,
    outline: RGB = INK,
    *,
    anchor: str = "mm",
) -> Box:
    """Text with a halo, readable on any background."""
    return draw_text(img, xy, text, size, fill, anchor=anchor, stroke=max(1, round(size / 9)), stroke_fill=outline)


# ------------------------------------------------------------------ shapes
_SS = 4  # supersampling factor for the antialiased sprites below


def _shape_points(shape: str, box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if shape == "triangle":
        return [(cx, y0), (x1, y1 - (y1 - y0) * 0.08), (x0, y1 - (y1 - y0) * 0.08)]
    if shape == "diamond":
        return [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
    return []


def _draw_shape(draw: ImageDraw.ImageDraw, shape: str, box, fill, outline=None, width: int = 0) -> None:
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    elif shape == "square":
        r = (box[2] - box[0]) * 0.12
        draw.rounded_rectangle(box, r, fill=fill, outline=outline, width=width)
    else:
        pts = _shape_points(shape, box)
        draw.polygon(pts, fill=fill)
        if outline is not None and width:
            draw.line(pts + [pts[0], pts[1]], fill=outline, width=width, joint="curve")


@lru_cache(maxsize=256)
def marker(seat: int, size: int, letter: str = "") -> Image.Image:
    """An antialiased player marker: the seat's shape in its colour, a white
    and a dark rim, and optionally a letter.  RGBA, ``size`` x ``size``."""
    style = player_style(seat)
    big = size * _SS
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    rim = max(_SS, big // 14)
    pad = 1 * _SS
    _draw_shape(draw, style.shape, (pad, pad, big - pad, big - pad), INK)
    inset = pad + rim
    _draw_shape(draw, style.shape, (inset, inset, big - inset, big - inset), WHITE)
    inset += rim
    _draw_shape(draw, style.shape, (inset, inset, big - inset, big - inset), style.colour)
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    if letter:
        ty = size * (0.58 if style.shape == "triangle" else 0.5)
        ls = int(size * (0.36 if style.shape in ("triangle", "diamond") else 0.48))
        # two letters ("B1", "Bt") shrink to stay inside the shape's middle
        room = size * {"circle": 0.62, "square": 0.66, "triangle": 0.40, "diamond": 0.46}[style.shape]
        while ls > 7 and text_width(letter, ls) > room:
            ls -= 1
        draw_text(image, (size / 2, ty), letter, ls, style.ink, anchor="mm")
    return image


def paste_centred(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    w, h = sprite.size
    img.paste(sprite, (int(round(centre[0] - w / 2)), int(round(centre[1] - h / 2))), sprite)


def draw_marker(img: Image.Image, centre: tuple[float, float], size: int, seat: int, letter: str = "") -> None:
    paste_centred(img, marker(seat, int(size), letter), centre)


def pill(
    img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, ink: RGB = WHITE, *, anchor: str = "lm"
) -> Box:
    """A rounded label (badge) with ``text``; ``anchor`` as in :func:`draw_text`
    (vertical ``m`` only).  Returns its box."""
    pad_x, height = int(size * 0.55), int(size * 1.45)
    width = text_width(text, size) + 2 * pad_x
    x0 = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    y0 = xy[1] - height / 2
    box = (int(x0), int(y0), int(x0 + width), int(y0 + height))
    ImageDraw.Draw(img).rounded_rectangle(box, height // 2, fill=fill)
    draw_text(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, size, ink, anchor="mm")
    return box


def veil(img: Image.Image, box: Box, colour: RGB = WHITE, alpha: int = 150) -> None:
    """Cover ``box`` with a translucent ``colour`` (faded, removed things)."""
    w, h = box[2] - box[0], box[3] - box[1]
    img.paste(colour, box, Image.new("L", (w, h), alpha))


def bold_frame(draw: ImageDraw.ImageDraw, box: Box, width: int, colour: RGB = HIGHLIGHT, edge: RGB = INK) -> None:
    """A thick frame inside ``box``: ``colour`` between two dark edges, visible
    on light and dark ground and for every colour vision."""
    x0, y0, x1, y1 = box
    e = max(1, width // 4)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=edge, width=width)
    draw.rectangle((x0 + e, y0 + e, x1 - 1 - e, y1 - 1 - e), outline=colour, width=width - 2 * e)


def dashed_rect(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    colour: RGB,
    width: int,
    dash: int,
    inset: float = 0,
) -> None:
    """Dashed lines along the edges of ``box``, ``inset`` pixels inwards."""
    x0, y0, x1, y1 = box
    for a, b, fixed, horizontal in (
        (x0, x1, y0 + inset, True),
        (x0, x1, y1 - inset, True),
        (y0, y1, x0 + inset, False),
        (y0, y1, x1 - inset, False),
    ):
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            seg = [(pos, fixed), (end, fixed)] if horizontal else [(fixed, pos), (fixed, end)]
            draw.line(seg, fill=colour, width=width)
            pos += 2 * dash


def dashed_frame(draw: ImageDraw.ImageDraw, box: Box, width: int, colour: RGB, dash: int) -> None:
    """A dashed frame inside ``box`` (dashes of ``colour`` over white)."""
    x0, y0, x1, y1 = box
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=WHITE, width=width)
    dashed_rect(draw, (x0, y0, x1 - 1, y1 - 1), colour, width, dash, inset=width / 2)


TITLE = 32  # px, the header's status line


def title_and_detail(
    img: Image.Image, x: float, cy: float, right: float, title: str, detail: str, detail_size: int
) -> None:
    """The header's title, with a line of detail under it when there is one."""
    title_y = cy - 14 if detail else cy
    title, size = fit_line(title, TITLE, right - x, TITLE - 8)
    draw_text(img, (x, title_y), title, size, INK, anchor="lm", stroke=1, stroke_fill=INK)
    if detail:
        detail, size = fit_line(detail, detail_size, right - x, min(detail_size, 16))
        draw_text(img, (x, cy + 22), detail, size, INK, anchor="lm")


# ---------------------------------------------------------------- encoding
def encode_png(img: Image.Image, colours: int = 224) -> bytes:
    """PNG bytes, small and fast to make: a palette image (``render.palette``: about half the
    size of RGB, and much faster to compress) written by ``render.png`` (ISA-L's deflate)."""
    if img.mode != "P":
        img = palette.quantize(img if img.mode == "RGB" else img.convert("RGB"), colours)
    return palette_png(img)


def header_band(
    img: Image.Image, draw: ImageDraw.ImageDraw, width: int, height: int, pad: int, seat: int | None, letter: str
) -> float:
    """The status band at the top: background, rule, and the marker of the seat
    it is about.  Returns the x where the status text starts."""
    draw.rectangle((0, 0, width, height), fill=PANEL)
    draw.line([(0, height), (width, height)], fill=FAINT, width=2)
    x = pad
    if seat is not None:
        draw_marker(img, (x + 27, height / 2), 54, seat, letter)
        x += 70
    return x


# The score on a player card: large enough to read at the ~400 px Discord shows an image on a phone.
SCORE_SIZE = 40


def card_tag(*, out: bool, winners: list[int] | tuple[int, ...] | None, seat: int, to_move: bool) -> str:
    """The pill on a player card: RESIGNED, WINNER, DRAW or TO MOVE (a Text), or ""."""
    if out:
        return Text("RESIGNED")
    if winners is not None:
        if seat in winners:
            return Text("DRAW") if len(winners) > 1 else Text("WINNER")
        return ""
    return Text("TO MOVE") if to_move else ""


def card_title(
    img: Image.Image,
    box: Box,
    seat: int,
    names: list[str],
    perspective: int | None,
    tag: str,
    score: int | None,
    *,
    say: Say = str,
) -> float:
    """A player card's top line: the score (large, right), the tag and the name.

    Returns the x up to which the card's text lines may run."""
    said = sayer(say)
    x0, y0, x1, _ = box
    right = x1 - 14
    if score is not None:
        score_text = str(score)
        sw = max(text_width(score_text, SCORE_SIZE, 1), 40)
        draw_text(img, (x1 - 16, y0 + 44), score_text, SCORE_SIZE, INK, anchor="rm", stroke=1, stroke_fill=INK)
        draw_text(img, (x1 - 16 - sw / 2, y0 + 82), fit_text(said(Text("points")), 18, sw + 24), 18, MUTED, anchor="mm")
        right = x1 - 16 - sw - 16
    if tag:
        right = pill(img, (right, y0 + 30), said(tag), 16, INK, WHITE, anchor="rm")[0] - 10
    you = " " + said(Text("(you)")) if seat == perspective else ""
    # a long name shrinks (to 16 px) before it is shortened
    name, size = fit_line(said(player_name(names, seat)), 26, max(40, right - x0 - 60 - text_width(you, 26)), 16)
    box = draw_text(img, (x0 + 60, y0 + 30), name, size, INK, anchor="lm", stroke=1, stroke_fill=INK)
    if you:
        draw_text(img, (box[2] - 4, y0 + 30), you, size, INK, anchor="lm", stroke=1, stroke_fill=INK)
    return right if score is None else x1 - 16 - 56
