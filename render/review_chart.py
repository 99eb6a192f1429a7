"""The chart of a match review: every seat's win chance before each move (``ai.review``).

Drawn as the score chart is (``render.charts``): 1000 px wide, each seat's line in
its colour with its marker along it and at its end, the legend above.  Mistakes
and blunders are marked on the line of the player who made them, at the move: a
pill with "?" (mistake) or "??" (blunder) in the alert colour, so the mark does
not rely on colour alone; the key under the legend shows both marks with their words.
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from engines.text import Text

from . import common as C
from .charts import (HEIGHT, LABEL_SIZE, MARKER, PAD, TITLE_SIZE, WIDTH, Plot, _along, _axes, _canvas, _end_labels,
                     _legend, _line, nice_ticks)


# The marks are notation (as in chess), the same in every language; only the words beside them
# in the key are translated.
MISTAKE, BLUNDER = "?", "??"
KEY_SIZE = LABEL_SIZE - 4


def _key(img: Image.Image, y: int, entries: list[tuple[str, str]]) -> None:
    """Each mark as a pill drawn as on the lines, then its word, left to right."""
    x = PAD
    for mark, word in entries:
        box = C.pill(img, (x, y), mark, KEY_SIZE, C.ALERT, C.WHITE, anchor="lm")
        x = box[2] + 8
        word = C.fit_text(word, KEY_SIZE, 300)
        C.draw_text(img, (x, y), word, KEY_SIZE, C.INK, anchor="lm")
        x += C.text_width(word, KEY_SIZE) + 28


def review_chart(review: Any, *, say=str) -> Image.Image:
    """``review``: an ``ai.review.Review`` (or anything with ``players`` and ``plies`` alike)."""
    said = C.sayer(say)
    names = list(review.players)
    players = len(names)
    img, draw = _canvas(said(Text("Win chance before each move")))
    letters = C.player_letters(names, players)
    y = PAD + TITLE_SIZE + 34
    entries = [(s, letters[s], C.fit_text(said(C.player_name(names, s)), LABEL_SIZE, 220)) for s in range(players)]
    _legend(img, y, entries)
    y += MARKER + 14
    _key(img, y, [(MISTAKE, said(Text("mistake"))), (BLUNDER, said(Text("blunder")))])
    plies = review.plies
    count = len(plies)
    # a line per seat: its win chance before each move, and after the last move the result as
    # the last review saw it (the played move's win chance for the mover, the rest shared)
    lines = [[p.win[s] * 100 for p in plies] for s in range(players)]
    if plies:
        last = plies[-1]
        end = [0.0] * players
        end[last.seat] = last.played_win
        rest = [s for s in range(players) if s != last.seat]
        others = sum(last.win[s] for s in rest)
        for s in rest:
            end[s] = (1 - last.played_win) * (last.win[s] / others if others else 1 / len(rest))
        for s in range(players):
            lines[s].append(end[s] * 100)
    else:
        for s in range(players):
            lines[s].append(100 / players)
    top = y + LABEL_SIZE
    box = (PAD + 64, top, WIDTH - PAD - 150, HEIGHT - PAD - 2 * LABEL_SIZE - 26)
    plot = Plot(tuple(int(v) for v in box), 0, max(1, count), 0, 100)
    xticks = [(v, f"{int(v)}") for v in nice_ticks(0, max(1, count), 8) if v <= max(1, count)]
    _axes(img, draw, plot, [0, 25, 50, 75, 100], xticks, said(Text("move")))
    offsets = [(s - (players - 1) / 2) * 4 for s in range(players)]
    for s, line in enumerate(lines):
        pts = [(x, yy + offsets[s]) for x, yy in (plot.px(i, v) for i, v in enumerate(line))]
        _line(draw, pts, C.player_style(s).colour)
    every = max(1, round(count / 8))
    ends = []
    for s, line in enumerate(lines):
        _along(img, plot, line, s, letters[s], offsets[s], every)
        x, yy = plot.px(len(line) - 1, line[-1])
        ends.append((s, letters[s], x, yy + offsets[s], f"{line[-1]:.0f} %"))
    for p in plies:
        if p.label not in ("mistake", "blunder"):
            continue
        # the mark sits where the mover's line falls: just after his move (x = ply + 1)
        x, yy = plot.px(p.ply + 1, lines[p.seat][p.ply + 1])
        C.pill(img, (x, yy - MARKER / 2 - 4), BLUNDER if p.label == "blunder" else MISTAKE, 22, C.ALERT,
               C.WHITE, anchor="mm")
    _end_labels(img, ends, plot.box[1], plot.box[3])
    return img
