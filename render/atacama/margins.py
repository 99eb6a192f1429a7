"""The strips beside the board: every line's running value, per player who scores that axis (T4)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.atacama import boards as B
from engines.atacama.scoring import line_value

from .. import common as C
from .. import layers
from .geometry import COORD, PILL_H, PILL_W, RIGHT_COLOURS, Layout, scorers


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _value_pill(img, draw, centre, value: int, count: int, colour: C.RGB, ink: C.RGB) -> None:
    """A line's value: solid in the scorer's colour when the line scores
    (>= 4 towers); pale with grey text while it does not, with four pips
    under the value, one filled per tower the line holds.  Drawn once per
    look (a board has up to 36 of them, on the background) and pasted."""
    key: tuple[object, ...]  # the look, for the stamp's cache
    if count >= B.THRESHOLD:
        key = (value, B.THRESHOLD, colour, ink)
    else:
        key = (value if count else None, count)
    layers.stamp(
        img,
        ("atacama value", key),
        centre,
        (PILL_W // 2 + 1, PILL_H // 2 + 1),
        C.BACKGROUND,
        lambda canvas, pen, at: _draw_value_pill(canvas, pen, at, value, count, colour, ink),
    )


# A line's value is read at the ~400 px a phone shows the board (0.36 of its width): 30 px
# figures stay about 11-12 px there.  The pale ones are dark grey, not the legend's muted tone.
VALUE_SIZE = 32
PALE_INK: C.RGB = (78, 73, 66)


def _draw_value_pill(img, draw, centre, value: int, count: int, colour: C.RGB, ink: C.RGB) -> None:
    cx, cy = centre
    box = (int(cx - PILL_W / 2), int(cy - PILL_H / 2), int(cx + PILL_W / 2), int(cy + PILL_H / 2))
    if count >= B.THRESHOLD:
        draw.rounded_rectangle(box, 9, fill=colour, outline=C.INK, width=2)
        C.draw_text(img, (cx, cy), _signed(value), VALUE_SIZE, ink, stroke=1, stroke_fill=ink)
        return
    draw.rounded_rectangle(box, 9, fill=C.PANEL, outline=C.FAINT, width=2)
    if count:
        C.draw_text(img, (cx, cy - 5), _signed(value), VALUE_SIZE - 2, PALE_INK)
    for i in range(B.THRESHOLD):
        px, py = cx + (i - 1.5) * 12, box[3] - 7
        if i < count:
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=PALE_INK)
        else:
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), outline=C.MUTED, width=1)


def _scorer_tag(img, draw, centre, seat: int | None, colour: str, letters: list[str], word: str) -> None:
    """Whose strip it is: the seat's marker, or, while the right is open, its axis in the reader's words."""
    if seat is not None:
        C.draw_marker(img, centre, 34, seat, letters[seat])
    else:
        # The tag sits in the coordinate margin: a long word ("Spalten", "colonnes") gets a smaller size.
        size = C.fit_size([word], 16, 2 * COORD - 16, least=11)
        C.pill(img, centre, word, size, RIGHT_COLOURS[colour], C.WHITE, anchor="mm")


def _margins(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: Layout, letters: list[str], said) -> None:
    towers, ores = state.towers, state.ores
    for k, (seat, colour) in enumerate(scorers(state, "cols")):
        fill, ink = _pill_colours(seat, colour)
        for c in range(9):
            count, value = line_value(towers, ores, "cols", c, colour)
            _value_pill(img, draw, lay.col_pill(k, c), value, count, fill, ink)
        _scorer_tag(
            img, draw, (lay.left - COORD / 2 - 2, lay.strip_y(k)), seat, colour, letters, said(B.AXIS_WORDS["cols"])
        )
    for k, (seat, colour) in enumerate(scorers(state, "rows")):
        fill, ink = _pill_colours(seat, colour)
        for r in range(9):
            count, value = line_value(towers, ores, "rows", r, colour)
            _value_pill(img, draw, lay.row_pill(k, r), value, count, fill, ink)
        _scorer_tag(img, draw, (lay.strip_x(k), lay.top - COORD / 2), seat, colour, letters, said(B.AXIS_WORDS["rows"]))


def _pill_colours(seat: int | None, colour: str) -> tuple[C.RGB, C.RGB]:
    if seat is None:
        return RIGHT_COLOURS[colour], C.WHITE
    style = C.player_style(seat)
    return style.colour, style.ink
