"""Charts for the end of a match and for ``/stats``: a score chart (every player's
score after every move) and a rating chart (a player's rating over time).

Both are drawn for the ~400 px Discord shows an image on a phone: 1000 px wide, so
text of 28-34 px reads as 11-14 px there, and lines 6 px thick.  Colour is never
the only cue: each player's line carries the shape of his marker on the boards
(:func:`render.common.marker`, with the seat's marker text, as on the boards) along
it and at its end, next to the final value.  Lines of equal scores are drawn a few
pixels apart so that none hides another.

A finished match's chart agrees with its final board: the result stated under the
title in the board header's words (:func:`result_text`, which a description of the
chart can use too), and the lines ending at the result's scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.text import Joined, Text

from . import chart_of
from . import common as C
from .score_series import ScoreSeries

WIDTH = 1000
HEIGHT = 640
TITLE_SIZE = 34
LABEL_SIZE = 28  # legend, tick labels, end values
LINE = 6  # a player's line
CASING = 10  # the dark edge under it: orange on beige needs one
MARKER = 34  # markers along and at the end of a line
PAD = 24


def pixels(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A box's edges in whole pixels (towards zero, as ``int``)."""
    x0, y0, x1, y1 = box
    return int(x0), int(y0), int(x1), int(y1)


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
    C.draw_text(
        img,
        (PAD, PAD + TITLE_SIZE / 2),
        C.fit_text(title, TITLE_SIZE, WIDTH - 2 * PAD),
        TITLE_SIZE,
        C.INK,
        anchor="lm",
        stroke=1,
        stroke_fill=C.INK,
    )
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
                draw.line(
                    [(ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1)],
                    fill=colour,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 0:
                on, left = not on, dash


def _axes(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    plot: Plot,
    yticks: list[float],
    xticks: list[tuple[float, str]],
    xtitle: str,
) -> None:
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
    for x, y in points[1:]:
        out += [(x, out[-1][1]), (x, y)]
    return out


def _line(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour) -> None:
    if len(points) == 1:
        points = points * 2
    draw.line(points, fill=C.INK, width=CASING, joint="curve")
    draw.line(points, fill=colour, width=LINE, joint="curve")


def label_ys(wanted: Sequence[float], top: float, bottom: float, step: float) -> list[float]:
    """Where end labels go: each as near its line's end (``wanted``) as it can be, at least
    ``step`` apart and inside ``top``..``bottom`` (centres).  Labels that would overlap are
    gathered into a block centred on their lines and only that block moves, so a crowd at
    the bottom pushes its own labels up without lifting the others."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    blocks: list[list[int]] = []  # runs of labels (indices into order), top to bottom

    def place(block: list[int]) -> float:
        """The first label's y of a block: its labels' wishes on average, kept inside the range."""
        first = sum(wanted[order[k]] - step * j for j, k in enumerate(block)) / len(block)
        return min(max(first, top), bottom - step * (len(block) - 1))

    for k in range(len(order)):
        blocks.append([k])
        while len(blocks) > 1:
            upper, lower = blocks[-2], blocks[-1]
            if place(upper) + step * len(upper) <= place(lower) + 1e-9:
                break
            blocks[-2:] = [upper + lower]
    ys = [0.0] * len(wanted)
    for block in blocks:
        y = place(block)
        for j, k in enumerate(block):
            ys[order[k]] = y + step * j
    return ys


def _end_labels(img: Image.Image, ends: list[tuple[int, str, float, float, str]], top: int, bottom: int) -> None:
    """At each line's end its marker and value, beside it; labels that would cover each other
    are moved apart locally (:func:`label_ys`), never out of the plot."""
    ys = label_ys([e[3] for e in ends], top + MARKER / 2, bottom - MARKER / 2, MARKER + 4)
    for (seat, letter, x, _, text), y in zip(ends, ys):
        C.draw_marker(img, (x + MARKER / 2 + 6, y), MARKER, seat, letter)
        C.draw_text(img, (x + MARKER + 14, y), text, LABEL_SIZE, C.INK, anchor="lm", stroke=1, stroke_fill=C.INK)


def _along(
    img: Image.Image, plot: Plot, values: Sequence[float], seat: int, letter: str, offset: float, every: int
) -> None:
    """The seat's marker on its line every ``every`` points, staggered by seat so that
    markers of lines lying on each other show side by side."""
    start = (seat * max(1, every // 4)) % max(1, every)
    for i in range(start, len(values) - 1, every):
        x, y = plot.px(i, values[i])
        C.draw_marker(img, (x, y + offset), MARKER - 8, seat, letter)


def result_text(series: ScoreSeries, names: list[str]) -> str:
    """The result as the final board's header states it (a Text, "" while the match goes on):
    the winner, for two players the score with the winner's first, and how the match ended
    (early end, tie-break, resignation, loop).  For the chart, and for anything describing it."""
    winners, end = series.winners, series.end
    if winners is None:  # not series.finished
        return ""
    scores = series.final_scores or []

    def name(seat: int) -> str:
        return C.player_name(names, seat)

    two = series.players == 2 and series.uses_scores
    if len(winners) != 1:
        if two:
            return Text("Draw {score}", score=" : ".join(str(v) for v in scores))
        if series.players > 2 and len(winners) < series.players:
            drawn = [name(s) for s in winners]
            draw_list = getattr(chart_of(series.game), "draw_list", None)
            if draw_list is not None:  # as its board's header lists them
                return Text("Draw: {players}", players=draw_list(drawn))
            return Text("Draw: {players}", players=Joined(drawn, ", "))
        return Text("Draw")
    winner = winners[0]
    if two and end not in ("early", "resign"):
        head = Text("{player} wins {score}", player=name(winner), score=C.winner_first(scores, winner))
    else:
        head = Text("{player} wins", player=name(winner))
    why: str = ""
    others = [s for s in range(series.players) if s != winner]
    if end == "early":
        why = Text("early end: {player} cannot pay for an enclosed building", player=name(others[0]))
    elif end == "resign":
        gone = series.resigned or others
        why = (
            Text("{player} resigned", player=name(gone[0]))
            if len(gone) == 1
            else Text("{players} resigned", players=Joined([name(s) for s in gone], ", "))
        )
    elif end == "loop":
        why = Text("closed a loop of bridges")
    elif end == "stuck":
        why = Text("{player} had no legal turn", player=name(others[0]))
    elif series.tiebreak:
        why = Text("on houses left on the table ({houses})", houses=C.winner_first(series.tiebreak, winner))
    return Joined([head, why], " · ") if why else head


def _mark(img: Image.Image, draw: ImageDraw.ImageDraw, plot: Plot, x_value: float, label: str, colour) -> None:
    """A dashed vertical line at ``x_value`` with ``label`` in a pill above the plot."""
    x, _ = plot.px(x_value, plot.y0)
    _dashed(draw, [(x, plot.box[1] - 24), (x, plot.box[3])], colour, 5, 14)
    size = 24
    while size > 16 and C.text_width(label, size) + 2 * int(size * 0.55) > WIDTH - 2 * PAD:
        size -= 1
    label = C.fit_text(label, size, WIDTH - 2 * PAD - 2 * int(size * 0.55))
    width = C.text_width(label, size) + 2 * int(size * 0.55)
    right = min(max(x + 60, PAD + width), WIDTH - PAD)
    C.pill(img, (right, plot.box[1] - 24), label, size, colour, C.WHITE, anchor="rm")


def score_chart(series: ScoreSeries, names: list[str], *, say=str) -> Image.Image:
    """Every player's score after every move (FEM: bridges on the board, and the move
    that closed the loop); Architekton's chips dashed beside the score.

    A finished match's chart states its result under the title, as the final board does, and
    its lines end at the result's scores: where a final scoring changed them after the last
    move (Architekton's removal) the step is drawn after the last move and marked; an early
    end or a closed loop is marked at its move, with whose it was."""
    said = C.sayer(say)
    title = said(Text("Score after each move") if series.uses_scores else Text("Bridges on the board after each move"))
    img, draw = _canvas(title)
    letters = C.player_letters(names, series.players)
    y = PAD + TITLE_SIZE + 34
    result = said(result_text(series, names))
    if result:
        winners = series.winners or ()  # there is a result: the match is finished
        winner = winners[0] if len(winners) == 1 else None
        x = PAD
        if winner is not None:
            C.draw_marker(img, (x + MARKER / 2, y), MARKER, winner, letters[winner])
            x += MARKER + 10
        size = C.fit_size([result], LABEL_SIZE, WIDTH - PAD - x, least=18)
        C.draw_text(
            img,
            (x, y),
            C.fit_text(result, size, WIDTH - PAD - x),
            size,
            C.INK,
            anchor="lm",
            stroke=1,
            stroke_fill=C.INK,
        )
        y += MARKER + 12
    legend_y = y
    entries = [
        (s, letters[s], C.fit_text(said(C.player_name(names, s)), LABEL_SIZE, 260)) for s in range(series.players)
    ]
    _legend(img, legend_y, entries, said(Text("dashed: chips")) if series.extra else "")
    plies = series.plies
    lines = [[row[s] for row in series.values] for s in range(series.players)]
    xs: list[float] = list(range(plies + 1))
    final_x = None
    if series.rescored:  # the final scoring after the last move: one more step, a little to the right
        final_x = plies + max(1.0, plies / 24)
        xs.append(final_x)
        for s, line in enumerate(lines):
            line.append(series.ends[s])
    extras = [[row[s] for row in series.extra] for s in range(series.players)] if series.extra else []
    everything = [v for line in lines + extras for v in line] or [0]
    yticks = nice_ticks(min(0, min(everything)), max(1, max(everything)))
    marked = series.loop_ply is not None or final_x is not None or series.end == "early"
    top = legend_y + MARKER / 2 + (70 if marked else 28)  # room for a mark's label
    box = (PAD + 64, top, WIDTH - PAD - 150, HEIGHT - PAD - 2 * LABEL_SIZE - 26)
    plot = Plot(pixels(box), 0, max(1, xs[-1]), yticks[0], yticks[-1])
    xticks = [(v, f"{int(v)}") for v in nice_ticks(0, max(1, plies), 8) if v <= max(1, plies)]
    _axes(img, draw, plot, yticks, xticks, said(Text("move")))
    if series.loop_ply is not None:
        who = C.player_name(names, series.loop_seat) if series.loop_seat is not None else ""
        label = (
            Text("loop closed at move {move} by {player}", move=series.loop_ply, player=who)
            if who
            else Text("loop closed at move {move}", move=series.loop_ply)
        )
        _mark(img, draw, plot, series.loop_ply, said(label), C.ALERT)
    elif series.end == "early":
        _mark(img, draw, plot, plies, said(Text("early end at move {move}", move=plies)), C.ALERT)
    if final_x is not None:
        _mark(img, draw, plot, (plies + final_x) / 2, said(Text("final scoring")), C.MUTED)
    n = series.players
    offsets = [(s - (n - 1) / 2) * 4 for s in range(n)]
    for s, chips in enumerate(extras):
        pts = _steps([plot.px(i, v) for i, v in enumerate(chips)])
        _dashed(draw, [(x, y + offsets[s]) for x, y in pts], C.player_style(s).colour, 4, 12)
    every = max(1, round(plies / 8))
    ends = []
    for s, line in enumerate(lines):
        pts = [(x, y + offsets[s]) for x, y in _steps([plot.px(i, v) for i, v in zip(xs, line)])]
        _line(draw, pts, C.player_style(s).colour)
    for s, line in enumerate(lines):
        _along(img, plot, line[: plies + 1], s, letters[s], offsets[s], every)
        end_x, end_y = plot.px(xs[-1], line[-1])
        ends.append((s, letters[s], end_x, end_y + offsets[s], str(line[-1])))
    _end_labels(img, ends, plot.box[1], plot.box[3])
    return img


@dataclass(frozen=True)
class RatingPoint:
    at: float  # seconds since the epoch
    rating: float


def rating_chart(lines: dict[str, list[RatingPoint]], *, start: float, say=str, date=lambda seconds: "") -> Image.Image:
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
    plot = Plot(pixels(box), first - span * 0.02, last, yticks[0], yticks[-1])
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
