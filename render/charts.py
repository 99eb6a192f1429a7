"""Charts for the end of a match and for ``/stats``: a score chart (every player's
score after every move) and a rating chart (a player's Elo over time).

Both are drawn for the ~400 px Discord shows an image on a phone: 1000 px wide, so
text of 28-34 px reads as 11-14 px there, and lines 6 px thick.  Colour is never
the only cue: each player's line carries the shape of his marker on the boards
(:func:`render.common.marker`, with his letter) along it and at its end, next to
the final value.  Lines of equal scores are drawn a few pixels apart so that none
hides another.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.text import Text

from . import common as C
from .score_series import ScoreSeries

WIDTH = 1000
HEIGHT = 640
TITLE_SIZE = 34
LABEL_SIZE = 28          # legend, tick labels, end values
LINE = 6                 # a player's line
CASING = 10              # the dark edge under it: orange on beige needs one
MARKER = 34              # markers along and at the end of a line
PAD = 24


@dataclass
class Plot:
    """The plotting area and its scales: data (x, y) to pixels."""

    box: tuple[int, int, int, int]
    x0: float
    x1: float
    y0: float
    y1: float

    def px(self, x: float, y: float) -> tuple[float, float]:
        left, top, right, bottom = self.box
        fx = 0.5 if self.x1 == self.x0 else (x - self.x0) / (self.x1 - self.x0)
        fy = 0.5 if self.y1 == self.y0 else (y - self.y0) / (self.y1 - self.y0)
        return left + fx * (right - left), bottom - fy * (bottom - top)


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values covering ``low``..``high``, at most ``most`` of them."""
    span = max(high - low, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= most - 1:
            break
    start = (low // step) * step
    ticks, value = [], start
    while value <= high + 1e-9:
        ticks.append(value)
        value += step
    if ticks[-1] < high:
        ticks.append(value)
    return ticks


def _canvas(title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (WIDTH, HEIGHT), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    C.draw_text(img, (PAD, PAD + TITLE_SIZE / 2), C.fit_text(title, TITLE_SIZE, WIDTH - 2 * PAD), TITLE_SIZE,
                C.INK, anchor="lm", stroke=1, stroke_fill=C.INK)
    return img, draw


def _legend(img: Image.Image, y: float, entries: list[tuple[int, str, str]], extra: str = "") -> None:
    """One row: each entry's marker (seat, letter) and name; ``extra`` (a dashed line's meaning) last."""
    texts = [name for _, _, name in entries] + ([extra] if extra else [])
    size = C.fit_size(texts, LABEL_SIZE, WIDTH - 2 * PAD, fixed=len(texts) * (MARKER + 30), least=20)
    x = PAD
    for seat, letter, name in entries:
        C.draw_marker(img, (x + MARKER / 2, y), MARKER, seat, letter)
        box = C.draw_text(img, (x + MARKER + 8, y), name, size, C.INK, anchor="lm")
        x = box[2] + 22
    if extra:
        draw = ImageDraw.Draw(img)
        _dashed(draw, [(x, y), (x + 44, y)], C.MUTED, 4, 10)
        C.draw_text(img, (x + 52, y), extra, size, C.INK, anchor="lm")


def _dashed(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour, width: int, dash: int) -> None:
    """A dashed polyline (dashes of ``dash`` px, gaps as long)."""
    on, left = True, dash
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            if on:
                t0, t1 = pos / length, (pos + step) / length
                draw.line([(ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1)],
                          fill=colour, width=width)
            pos += step
            left -= step
            if left <= 0:
                on, left = not on, dash


def _axes(img: Image.Image, draw: ImageDraw.ImageDraw, plot: Plot, yticks: list[float],
          xticks: list[tuple[float, str]], xtitle: str) -> None:
    left, top, right, bottom = plot.box
    for value in yticks:
        _, y = plot.px(plot.x0, value)
        draw.line([(left, y), (right, y)], fill=C.FAINT, width=2)
        C.draw_text(img, (left - 12, y), f"{value:g}", LABEL_SIZE, C.MUTED, anchor="rm")
    draw.line([(left, bottom), (right, bottom)], fill=C.MUTED, width=2)
    for value, label in xticks:
        x, _ = plot.px(value, plot.y0)
        draw.line([(x, bottom), (x, bottom + 8)], fill=C.MUTED, width=2)
        C.draw_text(img, (x, bottom + 12), label, LABEL_SIZE, C.MUTED, anchor="mt")
    if xtitle:
        C.draw_text(img, (right, bottom + 12 + LABEL_SIZE + 10), xtitle, LABEL_SIZE - 2, C.MUTED, anchor="rt")


def _steps(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A value holds until the next one: horizontal, then vertical."""
    out = points[:1]
    for (x, y) in points[1:]:
        out += [(x, out[-1][1]), (x, y)]
    return out


def _line(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour) -> None:
    if len(points) == 1:
        points = points * 2
    draw.line(points, fill=C.INK, width=CASING, joint="curve")
    draw.line(points, fill=colour, width=LINE, joint="curve")


def _end_labels(img: Image.Image, ends: list[tuple[int, str, float, float, str]], top: int, bottom: int) -> None:
    """At each line's end its marker and value, pushed apart vertically so none covers another."""
    ends = sorted(ends, key=lambda e: e[3])
    ys: list[float] = []
    for _, _, _, y, _ in ends:
        y = max(y, top + MARKER / 2, (ys[-1] + MARKER + 4) if ys else -1e9)
        ys.append(y)
    overflow = ys[-1] - (bottom - MARKER / 2) if ys else 0
    if overflow > 0:
        ys = [y - overflow for y in ys]
    for (seat, letter, x, _, text), y in zip(ends, ys):
        C.draw_marker(img, (x + MARKER / 2 + 6, y), MARKER, seat, letter)
        C.draw_text(img, (x + MARKER + 14, y), text, LABEL_SIZE, C.INK, anchor="lm", stroke=1, stroke_fill=C.INK)


def _along(img: Image.Image, plot: Plot, values: Sequence[float], seat: int, letter: str, offset: float,
           every: int) -> None:
    """The seat's marker on its line every ``every`` points, staggered by seat so that
    markers of lines lying on each other show side by side."""
    start = (seat * max(1, every // 4)) % max(1, every)
    for i in range(start, len(values) - 1, every):
        x, y = plot.px(i, values[i])
        C.draw_marker(img, (x, y + offset), MARKER - 8, seat, letter)


def score_chart(series: ScoreSeries, names: list[str], *, say=str) -> Image.Image:
    """Every player's score after every move (FEM: bridges on the board, and the move
    that closed the loop); Architekton's chips dashed beside the score."""
    said = C.sayer(say)
    title = said(Text("Score after each move") if series.uses_scores else Text("Bridges on the board after each move"))
    img, draw = _canvas(title)
    letters = C.player_letters(names, series.players)
    legend_y = PAD + TITLE_SIZE + 34
    entries = [(s, letters[s], C.fit_text(said(C.player_name(names, s)), LABEL_SIZE, 260))
               for s in range(series.players)]
    _legend(img, legend_y, entries, said(Text("dashed: chips")) if series.extra else "")
    plies = series.plies
    lines = [[row[s] for row in series.values] for s in range(series.players)]
    extras = [[row[s] for row in series.extra] for s in range(series.players)] if series.extra else []
    everything = [v for line in lines + extras for v in line] or [0]
    yticks = nice_ticks(min(0, min(everything)), max(1, max(everything)))
    top = legend_y + MARKER / 2 + (70 if series.loop_ply is not None else 28)   # room for the loop's label
    box = (PAD + 64, top, WIDTH - PAD - 150, HEIGHT - PAD - 2 * LABEL_SIZE - 26)
    plot = Plot(tuple(int(v) for v in box), 0, max(1, plies), yticks[0], yticks[-1])
    xticks = [(v, f"{int(v)}") for v in nice_ticks(0, max(1, plies), 8) if v <= max(1, plies)]
    _axes(img, draw, plot, yticks, xticks, said(Text("move")))
    if series.loop_ply is not None:
        x, _ = plot.px(series.loop_ply, plot.y0)
        _dashed(draw, [(x, plot.box[1] - 24), (x, plot.box[3])], C.ALERT, 5, 14)
        label = said(Text("loop closed at move {move}", move=series.loop_ply))
        C.pill(img, (min(x + 60, WIDTH - PAD), plot.box[1] - 24), label, 24, C.ALERT, C.WHITE, anchor="rm")
    n = series.players
    offsets = [(s - (n - 1) / 2) * 4 for s in range(n)]
    for s, chips in enumerate(extras):
        pts = _steps([plot.px(i, v) for i, v in enumerate(chips)])
        _dashed(draw, [(x, y + offsets[s]) for x, y in pts], C.player_style(s).colour, 4, 12)
    every = max(1, round(plies / 8))
    ends = []
    for s, line in enumerate(lines):
        pts = [(x, y + offsets[s]) for x, y in _steps([plot.px(i, v) for i, v in enumerate(line)])]
        _line(draw, pts, C.player_style(s).colour)
    for s, line in enumerate(lines):
        _along(img, plot, line, s, letters[s], offsets[s], every)
        x, y = plot.px(len(line) - 1, line[-1])
        ends.append((s, letters[s], x, y + offsets[s], str(line[-1])))
    _end_labels(img, ends, plot.box[1], plot.box[3])
    return img


@dataclass(frozen=True)
class RatingPoint:
    at: float          # seconds since the epoch
    rating: float


def rating_chart(lines: dict[str, list[RatingPoint]], *, start: float, say=str,
                 date=lambda seconds: "") -> Image.Image:
    """Ratings over time, one line per game (``lines``: the game's title -> its points in
    time order, each the rating after a match); every line starts at ``start`` (the
    initial rating) just before its first match.  ``date`` writes a time as a date
    in the reader's way."""
    said = C.sayer(say)
    img, draw = _canvas(said(Text("Rating after each rated match")))
    titles = list(lines)
    legend_y = PAD + TITLE_SIZE + 34
    _legend(img, legend_y, [(i, "", title) for i, title in enumerate(titles)])
    every_point = [p for points in lines.values() for p in points]
    first = min(p.at for p in every_point)
    last = max(p.at for p in every_point)
    values = [p.rating for p in every_point] + [start]
    yticks = nice_ticks(min(values) - 5, max(values) + 5)
    box = (PAD + 84, legend_y + MARKER / 2 + 28, WIDTH - PAD - 130, HEIGHT - PAD - 2 * LABEL_SIZE - 26)
    span = max(last - first, 1.0)
    plot = Plot(tuple(int(v) for v in box), first - span * 0.02, last, yticks[0], yticks[-1])
    xticks = [(first, date(first))] + ([(last, date(last))] if last - first > span * 0.3 else [])
    _axes(img, draw, plot, yticks, xticks, "")
    ends = []
    for i, title in enumerate(titles):
        points = [RatingPoint(plot.x0, start)] + lines[title]
        pts = _steps([plot.px(p.at, p.rating) for p in points])
        offset = (i - (len(titles) - 1) / 2) * 4
        _line(draw, [(x, y + offset) for x, y in pts], C.player_style(i).colour)
        for p in lines[title][-12:]:
            x, y = plot.px(p.at, p.rating)
            C.draw_marker(img, (x, y + offset), MARKER - 12, i)
        x, y = plot.px(points[-1].at, points[-1].rating)
        ends.append((i, "", x, y + offset, f"{points[-1].rating:.0f}"))
    _end_labels(img, ends, plot.box[1], plot.box[3])
    return img
