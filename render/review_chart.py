"""The chart of a match review: every seat's win chance before each move (``ai.review``).

Drawn as the score chart is (``render.charts``): 1000 px wide, each seat's line in
its colour with its marker along it and at its end.  Under the title the result, in
the score chart's words (:func:`render.charts.result_text`), then the legend with
every name whole (on two rows, or more, rather than cut), then a key of the marks
the chart shows, and none when it shows none.

Mistakes and blunders are marked on the mover's line just after his move, each by a
badge in the mover's colour with his seat marker at its left: "?" (mistake) or "??"
(blunder), so that the mark never relies on colour alone and tells whose move it was
where lines cross.  Badges never cover each other: a seat's marks of one kind that lie
close together are merged into one badge with their count ("?×4", a dot on the line at
the costliest of them), and each badge takes the first free place above or below its move.

:func:`layout` computes all of it without drawing (the boxes of the legend and the
badges, the lines' points, the result), so that tests can check the layout itself;
:func:`review_chart` draws what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from PIL import Image, ImageDraw

from engines.text import Text

from . import common as C
from .charts import (
    HEIGHT,
    LABEL_SIZE,
    MARKER,
    PAD,
    TITLE_SIZE,
    WIDTH,
    Plot,
    _along,
    _axes,
    _canvas,
    _end_labels,
    _line,
    nice_ticks,
    pixels,
    result_text,
)

# The marks are notation (as in chess), the same in every language; only the words beside them
# in the key are translated.
MISTAKE, BLUNDER = "?", "??"
SYMBOL = {"mistake": MISTAKE, "blunder": BLUNDER}
KEY_SIZE = LABEL_SIZE - 4
BADGE_SIZE = 24  # the text of a badge: 34 px high, about 14 px on a phone
BADGE_MARKER = 32  # the seat marker at its left
GAP = 6  # the least room between two badges
# At most this many badges: more merge into longer runs (a 300-move match of random play has hundreds of
# marks; a dozen badges with their counts still read, two dozen are a barcode again).
MAX_BADGES = 12
LEGEND_GAP = 22  # between a name and the next marker in the legend
# The legend's sizes: on one row down to the first, else on two rows down to the second, else one
# name per row down to the third (only names wider than half the chart get there).
LEGEND_LEAST = (24, 20, 16)
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class LegendItem:
    seat: int
    letter: str  # the seat marker's text
    name: str  # the name as drawn: always whole
    centre: tuple[float, float]  # of the marker
    text_box: Box  # the name's box (as measured)


@dataclass(frozen=True)
class Mark:
    """One badge: the seat's mistakes or blunders in a stretch of the match (usually one move)."""

    seat: int
    letter: str  # the seat marker's text
    label: str  # "mistake" or "blunder"
    plies: tuple[int, ...]  # the moves it stands for (0-based, as in the review)
    text: str  # "?", "??", "?×3"
    box: Box  # the whole badge: the seat marker and the pill
    pill: Box  # the pill in the seat's colour
    marker: tuple[float, float]  # the seat marker's centre
    points: tuple[tuple[float, float], ...]  # each move's point on the mover's line
    anchor: tuple[float, float]  # the point the badge belongs to (the costliest of its moves)


@dataclass
class Layout:
    title: str
    result: str  # "" for no result line (no record given)
    winner: int | None  # whose marker stands before the result
    legend: list[LegendItem]
    legend_size: int
    key: list[tuple[str, str]]  # (mark, words), only for marks the chart shows
    plot: Plot
    lines: list[list[float]]  # per seat: the win chance in % before each move, then the end
    offsets: list[float]  # per seat: its line's few pixels up or down (lines on each other)
    key_y: float = -1  # the key's row (when it has entries)
    marks: list[Mark] = field(default_factory=list)
    unmarked: int = 0  # marks that found no room (drawn only as dots)


def _item_width(name: str, size: int) -> int:
    return MARKER + 8 + C.text_width(name, size)


def _row_width(names: list[str], size: int) -> int:
    return sum(_item_width(n, size) for n in names) + LEGEND_GAP * (len(names) - 1)


def legend_rows(names: list[str], width: int) -> tuple[int, list[list[int]]]:
    """The legend's font size and its rows (seat numbers, in seat order), every name whole: one row
    if the names fit down to ``LEGEND_LEAST[0]``, else two (split where the wider row is narrowest),
    else one name per row; a name too wide even so is the only one to be shortened (by the caller)."""
    seats = list(range(len(names)))
    for rows, least in zip((1, 2), LEGEND_LEAST[:2]):
        if rows > len(names):
            break
        for size in range(LABEL_SIZE, least - 1, -1):
            splits = [[seats]] if rows == 1 else [[seats[:k], seats[k:]] for k in range(1, len(seats))]
            best = min(splits, key=lambda split: max(_row_width([names[s] for s in row], size) for row in split))
            if max(_row_width([names[s] for s in row], size) for row in best) <= width:
                return size, best
    size = LABEL_SIZE
    while size > LEGEND_LEAST[2] and max(_item_width(n, size) for n in names) > width:
        size -= 1
    return size, [[s] for s in seats]


def _badge_shape(text: str) -> tuple[int, int, int]:
    """(width, height, pill's left inside the badge) of a badge reading ``text``: the marker overlaps the
    pill's rounded left end, the text starts right of the marker."""
    pad_x, height = int(BADGE_SIZE * 0.55), int(BADGE_SIZE * 1.45)
    pill_left = BADGE_MARKER - 10
    width = BADGE_MARKER + 4 + C.text_width(text, BADGE_SIZE) + pad_x
    return width, max(height, BADGE_MARKER), pill_left


def _overlaps(a: Box, b: Box, gap: int = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _clusters(marked: list[Any], xs: dict[int, float], reach: float) -> list[list[Any]]:
    """The plies of one seat and kind, in order, in runs no wider than ``reach`` px."""
    runs: list[list[Any]] = []
    for p in sorted(marked, key=lambda p: p.ply):
        if runs and xs[p.ply] - xs[runs[-1][0].ply] <= reach:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _place(
    runs: list[tuple[int, str, list[Any]]], point, plot: Plot, letters: list[str], anywhere: bool = False
) -> tuple[list[Mark], int]:
    """Badges for ``runs`` (seat, label, plies), the worst first, each at the first free place near its
    costliest move's point (:func:`_free`).  Returns the badges and how many marked moves found no place."""
    left, top, right, bottom = plot.box
    order = sorted(runs, key=lambda r: (r[1] != "blunder", -max(p.drop for p in r[2]), r[2][0].ply))
    placed: list[Mark] = []
    missed = 0
    for seat, label, plies in order:
        worst = min(plies, key=lambda p: (-p.drop, p.ply))
        ax, ay = point(worst)
        text = SYMBOL[label] + (f"×{len(plies)}" if len(plies) > 1 else "")
        width, height, pill_left = _badge_shape(text)
        box = _free(placed, ax, ay, width, height, plot, anywhere)
        if box is None:
            missed += len(plies)
            continue
        cy = (box[1] + box[3]) / 2
        pill_h = int(BADGE_SIZE * 1.45)
        pill = (box[0] + pill_left, int(cy - pill_h / 2), box[2], int(cy - pill_h / 2) + pill_h)
        placed.append(
            Mark(
                seat,
                letters[seat],
                label,
                tuple(p.ply for p in plies),
                text,
                box,
                pill,
                (box[0] + BADGE_MARKER / 2, cy),
                tuple(point(p) for p in plies),
                (ax, ay),
            )
        )
    return placed, missed


def _free(
    placed: list[Mark], ax: float, ay: float, width: int, height: int, plot: Plot, anywhere: bool = False
) -> Box | None:
    """The first place for a badge of ``width`` x ``height`` that covers no placed badge, inside the plot:
    with its marker over the point (``ax``, ``ay``), just above it, just below, then further up and down;
    then as much beside it, to the right and to the left (``anywhere``: and further, to the plot's ends)."""
    left, top, right, bottom = plot.box
    near = height / 2 + 10
    rows = int((bottom - top) / (height + GAP)) + 2
    for shift in range(0, 2 * int((right - left) / (width + GAP)) + 2 if anywhere else 3):
        dx = (shift + 1) // 2 * (width + GAP) * (1 if shift % 2 else -1)
        x0 = ax - BADGE_MARKER / 2 + dx
        if x0 < left - width or x0 > right:
            continue
        x0 = min(max(x0, left), right - width)
        for k in range(2 * rows):
            step = near + (k // 2) * (height + GAP)
            cy = ay - step if k % 2 == 0 else ay + step
            if cy - height / 2 < top - MARKER / 2 or cy + height / 2 > bottom:
                continue
            box = (int(x0), int(cy - height / 2), int(x0 + width), int(cy + height / 2))
            if not any(_overlaps(box, m.box, GAP) for m in placed):
                return box
    return None


def _marks(plies: list[Any], point, plot: Plot, letters: list[str]) -> tuple[list[Mark], int]:
    """Every mistake and blunder as a badge: a seat's marks of one kind closer together than a badge
    is wide are one badge; where that makes more than ``MAX_BADGES``, or some find no place, runs are
    made longer until they do not (at worst one run per seat and kind, placed anywhere in the plot)."""
    marked = [p for p in plies if p.label in SYMBOL]
    if not marked:
        return [], 0
    xs = {p.ply: point(p)[0] for p in marked}
    reach = float(_badge_shape("??×9")[0])
    while True:
        runs = [
            (seat, label, run)
            for seat in sorted({p.seat for p in marked})
            for label in SYMBOL
            for run in _clusters([p for p in marked if p.seat == seat and p.label == label], xs, reach)
        ]
        last = reach > plot.box[2] - plot.box[0]
        if len(runs) <= MAX_BADGES or last:
            placed, missed = _place(runs, point, plot, letters, anywhere=last)
            if not missed or last:
                return placed, missed
        reach *= 1.6


def _lines(review: Any, winners: tuple[int, ...] | None) -> list[list[float]]:
    """Per seat: the win chance (%) before each move, then after the last: the result when the match
    ended (``winners``: a win is 100 %, a shared first place its share), else the last review's view."""
    plies, players = review.plies, len(review.players)
    lines = [[p.win[s] * 100 for p in plies] for s in range(players)]
    if winners is not None:
        end = (
            [100 / len(winners) if s in winners else 0.0 for s in range(players)]
            if winners
            else [100 / players] * players
        )
    elif plies:
        last = plies[-1]
        end = [0.0] * players
        end[last.seat] = last.played_win * 100
        rest = [s for s in range(players) if s != last.seat]
        others = sum(last.win[s] for s in rest)
        for s in rest:
            end[s] = (1 - last.played_win) * 100 * (last.win[s] / others if others else 1 / len(rest))
    else:
        end = [100 / players] * players
    for s in range(players):
        lines[s].append(end[s])
    return lines


def layout(review: Any, record: Any = None, *, say=str) -> Layout:
    """Where everything of the chart goes (pure: nothing is drawn).  ``review``: an ``ai.review.Review``
    (or anything with ``players`` and ``plies`` alike); ``record``: the match reviewed, for its result
    (an ``engines.record.Record``; without it the chart has no result line)."""
    said = C.sayer(say)
    names = [said(C.player_name(list(review.players), s)) for s in range(len(review.players))]
    players = len(names)
    letters = C.player_letters(names, players)
    title = said(Text("Win chance before each move"))
    y = PAD + TITLE_SIZE + 34
    result, winner = "", None
    winners: tuple[int, ...] | None = None
    if record is not None:
        from .score_series import score_series

        series = score_series(record)
        if series.winners is not None:  # series.finished
            result = said(result_text(series, names))
            winners = series.winners
            winner = winners[0] if len(winners) == 1 else None
        else:
            result = said(Text("No result: the match was not played to its end"))
    if result:
        y += MARKER + 12
    size, rows = legend_rows(names, WIDTH - 2 * PAD)
    legend: list[LegendItem] = []
    for row in rows:
        x = PAD
        for s in row:
            name = C.fit_text(names[s], size, WIDTH - PAD - x - MARKER - 8)  # whole but for absurd widths
            box = (
                int(x + MARKER + 8),
                int(y - size / 2),
                int(x + MARKER + 8 + C.text_width(name, size)),
                int(y + size / 2),
            )
            legend.append(LegendItem(s, letters[s], name, (x + MARKER / 2, y), box))
            x = box[2] + LEGEND_GAP
        y += MARKER + 10
    lines = _lines(review, winners)
    count = len(review.plies)
    kinds = {p.label for p in review.plies if p.label in SYMBOL}
    key_y = y
    if kinds:
        y += KEY_SIZE + 16
    top = y + LABEL_SIZE / 2
    area = (PAD + 96, top, WIDTH - PAD - 150, HEIGHT - PAD - 2 * LABEL_SIZE - 26)
    plot = Plot(pixels(area), 0, max(1, count), 0, 100)
    offsets = [(s - (players - 1) / 2) * 4 for s in range(players)]

    def point(p) -> tuple[float, float]:
        """Where the mover's line is just after his move (x = ply + 1)."""
        x, yy = plot.px(p.ply + 1, lines[p.seat][p.ply + 1])
        return x, yy + offsets[p.seat]

    marks, unmarked = _marks(list(review.plies), point, plot, letters)
    key: list[tuple[str, str]] = []
    shown = {m.label for m in marks}
    for label in SYMBOL:
        if label in shown:
            key.append((SYMBOL[label], said(Text("mistake") if label == "mistake" else Text("blunder"))))
    merged = max((len(m.plies) for m in marks), default=1)
    if merged > 1:
        key.append((f"×{merged}", said(Text("{count} moves close together", count=merged))))
    if unmarked:
        key.append(("", said(Text("marks without room, shown as dots: {count}", count=unmarked))))
    return Layout(title, result, winner, legend, size, key, plot, lines, offsets, key_y, marks, unmarked)


# ------------------------------------------------------------------ drawing
def _key(img: Image.Image, y: float, entries: list[tuple[str, str]]) -> None:
    """Each mark as a neutral badge (the marks themselves take their mover's colour), then its words."""
    x = PAD
    for mark, words in entries:
        if mark:
            box = C.pill(img, (x, y), mark, KEY_SIZE, C.INK, C.WHITE, anchor="lm")
            x = box[2] + 8
        words = C.fit_text(words, KEY_SIZE, max(60, WIDTH - PAD - x))
        C.draw_text(img, (x, y), words, KEY_SIZE, C.INK, anchor="lm")
        x += C.text_width(words, KEY_SIZE) + 28


def _leader(draw: ImageDraw.ImageDraw, mark: Mark) -> None:
    """A thin line from the badge to its move's point (all are drawn before the badges, under them)."""
    ax, ay = mark.anchor
    edge_y = mark.box[3] if mark.box[3] <= ay else mark.box[1]
    edge_x = min(max(ax, mark.box[0] + BADGE_MARKER / 2), mark.box[2])
    draw.line([(edge_x, edge_y), (ax, ay)], fill=C.INK, width=2)


def _badge(img: Image.Image, draw: ImageDraw.ImageDraw, mark: Mark) -> None:
    style = C.player_style(mark.seat)
    radius = (mark.pill[3] - mark.pill[1]) // 2
    draw.rounded_rectangle(mark.pill, radius, fill=style.colour, outline=C.INK, width=2)
    C.draw_text(
        img,
        (mark.box[0] + BADGE_MARKER + 4, (mark.pill[1] + mark.pill[3]) / 2),
        mark.text,
        BADGE_SIZE,
        style.ink,
        anchor="lm",
    )
    C.draw_marker(img, mark.marker, BADGE_MARKER, mark.seat, mark.letter)


def review_chart(review: Any, record: Any = None, *, say=str) -> Image.Image:
    """The chart of ``review`` (see :func:`layout` for the arguments)."""
    said = C.sayer(say)
    done = layout(review, record, say=say)
    img, draw = _canvas(done.title)
    names = [said(C.player_name(list(review.players), s)) for s in range(len(review.players))]
    letters = C.player_letters(names, len(names))
    if done.result:
        y = PAD + TITLE_SIZE + 34
        x = PAD
        if done.winner is not None:
            C.draw_marker(img, (x + MARKER / 2, y), MARKER, done.winner, letters[done.winner])
            x += MARKER + 10
        size = C.fit_size([done.result], LABEL_SIZE, WIDTH - PAD - x, least=18)
        C.draw_text(
            img,
            (x, y),
            C.fit_text(done.result, size, WIDTH - PAD - x),
            size,
            C.INK,
            anchor="lm",
            stroke=1,
            stroke_fill=C.INK,
        )
    for item in done.legend:
        C.draw_marker(img, item.centre, MARKER, item.seat, item.letter)
        C.draw_text(img, (item.text_box[0], item.centre[1]), item.name, done.legend_size, C.INK, anchor="lm")
    if done.key:
        _key(img, done.key_y, done.key)
    plot = done.plot
    count = len(review.plies)
    xticks = [(v, f"{int(v)}") for v in nice_ticks(0, max(1, count), 8) if v <= max(1, count)]
    _axes(img, draw, plot, [], xticks, said(Text("move")))
    left, _, right, _ = plot.box
    for value in (0, 25, 50, 75, 100):  # the win chance in %, said on every tick
        _, tick_y = plot.px(0, value)
        draw.line([(left, tick_y), (right, tick_y)], fill=C.FAINT, width=2)
        C.draw_text(img, (left - 12, tick_y), f"{value} %", LABEL_SIZE, C.MUTED, anchor="rm")
    for s, line in enumerate(done.lines):
        pts = [(x, yy + done.offsets[s]) for x, yy in (plot.px(i, v) for i, v in enumerate(line))]
        _line(draw, pts, C.player_style(s).colour)
    every = max(1, round(count / 8))
    ends = []
    for s, line in enumerate(done.lines):
        _along(img, plot, line, s, letters[s], done.offsets[s], every)
        end_x, end_y = plot.px(len(line) - 1, line[-1])
        ends.append((s, letters[s], end_x, end_y + done.offsets[s], f"{line[-1]:.0f} %"))
    dots = [(m.anchor, m.seat) for m in done.marks]  # a merged badge's count says how many more
    if done.unmarked:  # the marks without a badge are at least dots on their lines
        shown = {ply for m in done.marks for ply in m.plies}
        for p in review.plies:
            if p.label in SYMBOL and p.ply not in shown:
                dot_x, dot_y = plot.px(p.ply + 1, done.lines[p.seat][p.ply + 1])
                dots.append(((dot_x, dot_y + done.offsets[p.seat]), p.seat))
    for (dot_x, dot_y), seat in dots:
        draw.ellipse(
            (dot_x - 6, dot_y - 6, dot_x + 6, dot_y + 6), fill=C.player_style(seat).colour, outline=C.INK, width=2
        )
    for mark in done.marks:
        _leader(draw, mark)
    for mark in done.marks:
        _badge(img, draw, mark)
    _end_labels(img, ends, plot.box[1], plot.box[3])
    return img


def mark_pairs_overlapping(marks: list[Mark]) -> list[tuple[Mark, Mark]]:
    """Badges that cover each other (none, by construction): for tests and checks."""
    return [(a, b) for a, b in combinations(marks, 2) if _overlaps(a.box, b.box)]
