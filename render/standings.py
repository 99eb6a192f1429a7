"""An event's standings as a table image.

Drawn for the ~400 px Discord shows an image on a phone, as the charts are
(:mod:`render.charts`): 1000 px wide, so text of 30 px reads as 12 px there.
Rows alternate their shade; the winners' rows are marked with a gold band
*and* a trophy-less star in the rank column (colour is never the only cue), a
withdrawn player's name is struck through.  A row marked ``apart`` (the reader's own, shown
beside another page of a big event's table) follows a gap with a dotted rule, so it does not
read as the next place.  A pure function of its words: the
caller says everything in the reader's language first.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import common as C

WIDTH = 1000
PAD = 24
TITLE_SIZE = 34
TEXT_SIZE = 30
ROW = 48
GAP = ROW // 2
GOLD = (246, 214, 120)
STRIPE = (236, 230, 218)
# Column starts as fractions of the width inside the padding: rank, name, points, Bh, SB, played.
COLUMNS = (0.0, 0.08, 0.56, 0.69, 0.80, 0.91)


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    points: str
    buchholz: str
    sonneborn_berger: str
    played: str
    withdrawn: bool = False
    winner: bool = False
    apart: bool = False
    """Not the next place after the row above: drawn after a gap."""


def standings_image(title: str, header: list[str], rows: list[StandingRow]) -> Image.Image:
    """The table: ``title``, then ``header`` (player, points, Buchholz, Sonneborn-Berger, played; the
    rank column has none) and one line per row, best first."""
    height = PAD * 2 + TITLE_SIZE + 20 + ROW * (len(rows) + 1) + GAP * sum(r.apart for r in rows)
    img = Image.new("RGB", (WIDTH, height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    C.draw_text(img, (PAD, PAD + TITLE_SIZE / 2), C.fit_text(title, TITLE_SIZE, WIDTH - 2 * PAD), TITLE_SIZE,
                C.INK, anchor="lm", stroke=1, stroke_fill=C.INK)
    inner = WIDTH - 2 * PAD
    xs = [PAD + int(f * inner) for f in COLUMNS] + [WIDTH - PAD]
    top = PAD + TITLE_SIZE + 20
    cy = top + ROW / 2
    for i, label in enumerate(["#", *header]):
        width = xs[i + 1] - xs[i] - 10
        C.draw_text(img, (xs[i], cy), C.fit_text(label, TEXT_SIZE - 4, width), TEXT_SIZE - 4, C.MUTED, anchor="lm")
    draw.line([(PAD, top + ROW - 2), (WIDTH - PAD, top + ROW - 2)], fill=C.MUTED, width=2)
    y0 = top
    for n, row in enumerate(rows):
        y0 += ROW
        if row.apart:
            for x in range(PAD, WIDTH - PAD, 16):
                draw.line([(x, y0 + GAP / 2), (x + 6, y0 + GAP / 2)], fill=C.MUTED, width=3)
            y0 += GAP
        if row.winner:
            draw.rectangle([PAD - 8, y0, WIDTH - PAD + 8, y0 + ROW], fill=GOLD)
        elif n % 2:
            draw.rectangle([PAD - 8, y0, WIDTH - PAD + 8, y0 + ROW], fill=STRIPE)
        cy = y0 + ROW / 2
        rank = f"{row.rank}*" if row.winner else str(row.rank)
        cells = [rank, row.name, row.points, row.buchholz, row.sonneborn_berger, row.played]
        for i, cell in enumerate(cells):
            width = xs[i + 1] - xs[i] - 10
            colour = C.MUTED if row.withdrawn and i == 1 else C.INK
            box = C.draw_text(img, (xs[i], cy), C.fit_text(cell, TEXT_SIZE, width), TEXT_SIZE, colour, anchor="lm",
                              stroke=1 if i == 2 else 0, stroke_fill=C.INK if i == 2 else None)
            if row.withdrawn and i == 1:
                draw.line([(box[0], cy), (box[2], cy)], fill=C.MUTED, width=3)
    return img
