"""The fields and the empty board: ore grounds, ``G3`` labels, unlaid slots.

The board without towers depends only on the sub-boards laid (and, while some
are not, on the words of their stage labels), so :func:`board_base` is cached
and a render pastes it whole.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.atacama import boards as B
from engines.text import Text

from .. import common as C
from .geometry import CELL, GRID, ORE_COLOURS, ORE_INK, SUB, SUB_EDGE, UNLAID, UNLAID_HATCH


@lru_cache(maxsize=32)
def field_face(ore: str, value: int, size: int = CELL) -> Image.Image:
    """A field: its ore's tint and texture, and ``G3`` in the top-left corner."""
    img = ore_ground(ore, size).copy()
    label = ore_label(ore, value, size)
    img.paste(label, (0, 0), label)
    ImageDraw.Draw(img).rectangle((0, 0, size - 1, size - 1), outline=GRID, width=1)
    return img


@lru_cache(maxsize=8)
def ore_ground(ore: str, size: int) -> Image.Image:
    """The ore's tint with a faint texture, a second cue besides the letter:
    dots for gold, diagonal hatching for silver, horizontal lines for copper."""
    img = Image.new("RGB", (size, size), ORE_COLOURS[ore])
    draw = ImageDraw.Draw(img)
    ink = C.shade(ORE_COLOURS[ore], 0.9)
    step = max(8, size // 6)
    if ore == "G":
        for row, y in enumerate(range(step // 2, size, step)):
            for x in range(step // 2 + (row % 2) * step // 2, size, step):
                draw.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=ink)
    elif ore == "S":
        for d in range(-size, size, step):
            draw.line([(d, size), (d + size, 0)], fill=ink, width=1)
    else:
        for y in range(step // 2, size, step):
            draw.line([(0, y), (size, y)], fill=ink, width=1)
    return img


@lru_cache(maxsize=64)
def ore_label(ore: str, value: int, size: int = CELL) -> Image.Image:
    """``G3`` on a light badge, for the field's top-left corner (RGBA, field-sized)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    w, h = int(size * 0.47), int(size * 0.34)
    ImageDraw.Draw(img).rounded_rectangle((4, 4, 4 + w, 4 + h), 6, fill=C.shade(ORE_COLOURS[ore], 1.55))
    C.draw_text(
        img,
        (4 + w / 2, 4 + h / 2),
        f"{ore}{value}",
        int(size * 0.27),
        ORE_INK[ore],
        anchor="mm",
        stroke=1,
        stroke_fill=ORE_INK[ore],
    )
    return img


@lru_cache(maxsize=8)
def unlaid_face(size: int) -> Image.Image:
    """A sub-board slot not laid yet: hatched sand."""
    img = Image.new("RGB", (size, size), UNLAID)
    draw = ImageDraw.Draw(img)
    for d in range(-size, size, 18):
        draw.line([(d, size), (d + size, 0)], fill=UNLAID_HATCH, width=3)
    return img


def stage_labels(say=str) -> tuple[tuple[str, str], ...]:
    """What an unlaid slot of each stage says (``stage 2``, ``laid after turn 6``),
    by stage from 1, fitted into the slot."""
    stages = (len(B.BUILDUP_SLOTS) + 2) // 3
    room = 3 * CELL - 24
    labels = []
    for stage in range(1, stages + 1):
        badge = C.fit_text(say(Text("stage {stage}", stage=stage)), 26, room - 30)
        when = C.fit_text(say(Text("laid after turn {turn}", turn=B.STAGE_TURNS * (stage - 1))), 22, room)
        labels.append((badge, when))
    return tuple(labels)


@lru_cache(maxsize=16)
def board_base(slots: tuple[str | None, ...], labels: tuple[tuple[str, str], ...] | None = None) -> Image.Image:
    """The 9x9 fields with the sub-board borders and letters, no towers; an
    unlaid slot shows its stage's ``labels`` (:func:`stage_labels`)."""
    labels = labels or stage_labels()
    size = 9 * CELL
    img = Image.new("RGB", (size, size), UNLAID)
    draw = ImageDraw.Draw(img)
    ores = B.ore_map(slots)
    stage_of = {3 * r + c: i // 3 + 1 for i, (r, c) in enumerate(B.BUILDUP_SLOTS)}
    for slot, letter in enumerate(slots):
        sr, sc = divmod(slot, 3)
        x0, y0 = sc * 3 * CELL, sr * 3 * CELL
        if letter is None:
            img.paste(unlaid_face(3 * CELL), (x0, y0))
            stage = stage_of[slot]
            cx, cy = x0 + 1.5 * CELL, y0 + 1.5 * CELL
            badge, when = labels[stage - 1]
            C.pill(img, (cx, cy - 22), badge, 26, C.MUTED, C.WHITE, anchor="mm")
            C.draw_text(img, (cx, cy + 26), when, 22, C.INK)
            continue
        for f in B.slot_fields(slot):
            ore, value = ores[f]
            img.paste(field_face(ore, value), (f[0] * CELL, (8 - f[1]) * CELL))
    for slot in range(len(slots)):
        sr, sc = divmod(slot, 3)
        x0, y0 = sc * 3 * CELL, sr * 3 * CELL
        draw.rectangle((x0, y0, x0 + 3 * CELL - 1, y0 + 3 * CELL - 1), outline=SUB_EDGE, width=SUB)
    return img


def fade_field(img: Image.Image, box: C.Box, ore: str, value: int) -> None:
    """A field no tower may go to any more: faded, its label still sharp."""
    x0, y0, x1, y1 = box
    C.veil(img, (x0 + 1, y0 + 1, x1 - 1, y1 - 1), C.WHITE, 130)
    label = ore_label(ore, value)
    img.paste(label, (x0, y0), label)


@lru_cache(maxsize=4)
def faded_base(slots: tuple[str | None, ...], labels: tuple[tuple[str, str], ...] | None = None) -> Image.Image:
    """:func:`board_base` with every laid field faded: a board pastes its faded fields from it."""
    img = board_base(slots, labels).copy()
    ores = B.ore_map(slots)
    for f, (ore, value) in ores.items():
        x0, y0 = f[0] * CELL, (8 - f[1]) * CELL
        fade_field(img, (x0, y0, x0 + CELL, y0 + CELL), ore, value)
    return img
