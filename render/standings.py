"""An event's standings as a table image (Swiss and league; a knockout is a bracket: :mod:`.bracket`).

Drawn for the ~400 px Discord shows an image on a phone, as the charts are
(:mod:`render.charts`): 1000 px wide, so text of 30 px reads as 12 px there.
Rows alternate their shade; the winners' rows are marked with a gold band
*and* a trophy-less star in the rank column (colour is never the only cue), a
withdrawn player's name is struck through.  The reader's own row is framed and carries a
"you" badge in his language.  A row marked ``apart`` (the reader's own, shown
beside another page of a big event's table) follows a gap with a dotted rule, so it does not
read as the next place.

Nothing is cut: the columns are measured (:func:`table_layout`), each as wide as its widest head
or cell in the reader's language ("Wertungszahl", "Classement"), and the name column takes the
rest; a name too long for it is drawn smaller, then on two lines.  A footnote explains the
tie-break columns.  A row may carry a short figure after its name (the player's reliability,
"92 %"), drawn smaller and muted, before the "you" badge: with the badge it goes after the
name's last line when there is room, else on a line of its own below.  A pure function of its words: the caller says everything in the reader's
language first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import common as C

WIDTH = 1000
PAD = 24
TITLE_SIZE = 34
TITLE_LEAST = 26
SUB_SIZE = 24
HEAD_SIZE = 26
TEXT_SIZE = 30
NAME_LEAST = 24  # a long name shrinks to this size before it wraps
WRAP_LEAST = 20  # and a wrapped one to this
NOTE_SIZE = 24
BADGE_SIZE = 25
ROW = 48
GAP = ROW // 2
COL_GAP = 24  # between a column's widest text and the next column
GOLD = (246, 214, 120)
STRIPE = (236, 230, 218)
OWN = (214, 232, 246)  # the reader's own row (with a frame and a badge: never colour alone)
FRAME = (40, 90, 150)


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
    rating: str = ""
    own: bool = False
    """The reader's own row: framed, with the ``you`` badge."""
    reliability: str = ""
    """A figure after the name ("92 %"), or nothing."""


@dataclass(frozen=True)
class Column:
    x: int
    width: int
    """The room for text: the next column starts ``COL_GAP`` further (the last ends at the edge)."""


@dataclass(frozen=True)
class Line:
    """One row as laid out: its top, height, and the name's lines and size."""

    top: int
    height: int
    name: tuple[str, ...]
    name_size: int
    badge: int | None = None
    """The line the figure and the "you" badge go on: after the name's line of that index (the name's
    line count: below it)."""


@dataclass(frozen=True)
class TableLayout:
    title: tuple[str, ...]
    title_size: int
    columns: tuple[Column, ...]
    """rank, name, then one per head after the name."""
    head_top: int
    lines: tuple[Line, ...]
    notes: tuple[str, ...]
    notes_top: int
    height: int


def wrap(text: str, size: int, width: int, most: int) -> tuple[str, ...]:
    """``text`` in lines of at most ``width`` px at ``size``: broken at spaces (a hyphen keeps its word's
    first half), a word wider than a line broken where it must; at most ``most`` lines, the last cut
    with an ellipsis only if even that is too little."""
    words: list[str] = []
    for word in text.split(" "):
        parts = word.split("-")
        words += [p + "-" for p in parts[:-1]] + [parts[-1]]
    lines: list[str] = []
    line = ""
    for word in words:
        joined = word if not line else line + word if line.endswith("-") else f"{line} {word}"
        if C.text_width(joined, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = word
        while C.text_width(line, size) > width and len(line) > 1:  # one word wider than a line
            cut = len(line) - 1
            while cut > 1 and C.text_width(line[:cut], size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    if len(lines) > most:
        lines = lines[: most - 1] + [C.fit_text(" ".join(lines[most - 1 :]), size, width)]
    return tuple(lines)


def name_lines(name: str, room: int) -> tuple[tuple[str, ...], int]:
    """A name in ``room`` px: on one line, shrunk down to :data:`NAME_LEAST` if need be; else on two
    lines, then three, each as large as lets it fit (down to :data:`WRAP_LEAST`).  Only a name longer
    than three lines of its column at that size is cut."""
    size = TEXT_SIZE
    while size > NAME_LEAST and C.text_width(name, size) > room:
        size -= 1
    if C.text_width(name, size) <= room:
        return (name,), size
    for most in (2, 3):
        for size in range(NAME_LEAST + 2, WRAP_LEAST - 1, -1):
            lines = wrap(name, size, room, most + 1)
            if len(lines) <= most:
                return lines, size
    return wrap(name, WRAP_LEAST, room, 3), WRAP_LEAST


def badge_width(word: str) -> int:
    """The "you" badge's width beside a name (with its gap)."""
    return C.text_width(word, BADGE_SIZE) + int(BADGE_SIZE * 1.1) + 12 if word else 0


def figure_width(figure: str) -> int:
    """A figure's width after a name (with its gap)."""
    return C.text_width(figure, BADGE_SIZE) + 12 if figure else 0


def tail_width(row: StandingRow, you: str) -> int:
    """What goes after a row's name: its figure, then the badge on the reader's row."""
    return figure_width(row.reliability) + (badge_width(you) if row.own and you else 0)


def table_layout(
    title: str, header: list[str], rows: list[StandingRow], notes: Sequence[str] = (), subtitle: str = "", you: str = ""
) -> TableLayout:
    """Where everything goes: a pure function of the words, so that tests can measure what is drawn."""
    inner = WIDTH - 2 * PAD
    title_size = TITLE_SIZE
    while title_size > TITLE_LEAST and C.text_width(title, title_size, 1) > inner:
        title_size -= 1
    title_lines = wrap(title, title_size, inner - 2, 3)
    y = PAD + len(title_lines) * (title_size + 10) + (SUB_SIZE + 10 if subtitle else 0) + 10
    # The numeric columns: each as wide as its head or its widest cell, whichever is wider.
    cells = [
        [r.points for r in rows],
        [r.buchholz for r in rows],
        [r.sonneborn_berger for r in rows],
        [r.rating for r in rows],
        [r.played for r in rows],
    ][: len(header) - 1]
    widths = []
    for i, head in enumerate(header[1:]):
        stroke = 1 if i == 0 else 0
        widths.append(max([C.text_width(head, HEAD_SIZE)] + [C.text_width(c, TEXT_SIZE, stroke) for c in cells[i]]))
    rank_width = max([C.text_width("#", HEAD_SIZE)] + [C.text_width(rank_text(r), TEXT_SIZE) for r in rows])
    name_width = inner - rank_width - sum(widths) - COL_GAP * (len(widths) + 1)
    xs = [PAD, PAD + rank_width + COL_GAP]
    x = xs[1] + name_width + COL_GAP
    for w in widths:
        xs.append(x)
        x += w + COL_GAP
    columns = (
        Column(xs[0], rank_width),
        Column(xs[1], name_width),
        *(Column(xs[i + 2], w) for i, w in enumerate(widths)),
    )
    head_top = y
    y += ROW
    lines = []
    for row in rows:
        if row.apart:
            y += GAP
        name, size = name_lines(row.name, name_width)
        badge = None
        tail = tail_width(row, you)
        if tail:  # after the name's last line if it has room there, else on a line of its own
            badge = len(name) - 1 if C.text_width(name[-1], size) + tail <= name_width else len(name)
        count = len(name) + (badge == len(name))
        height = ROW if count == 1 else count * (size + 6) + 16
        lines.append(Line(y, height, name, size, badge))
        y += height
    y += 12 if notes else 0
    notes_top = y
    note_lines = tuple(line for note in notes for line in wrap(note, NOTE_SIZE, inner, 3))
    y += len(note_lines) * (NOTE_SIZE + 8)
    return TableLayout(title_lines, title_size, columns, head_top, tuple(lines), note_lines, notes_top, y + PAD)


def rank_text(row: StandingRow) -> str:
    return f"{row.rank}*" if row.winner else str(row.rank)


def standings_image(
    title: str, header: list[str], rows: list[StandingRow], notes: Sequence[str] = (), subtitle: str = "", you: str = ""
) -> Image.Image:
    """The table: ``title`` (and ``subtitle``: which page), then ``header`` (player, points, Buchholz,
    Sonneborn-Berger, rating, played; the rank column has none: fewer heads draw fewer columns) and one
    line per row, best first, then ``notes`` (what the heads mean).  ``you``: the badge on the reader's row."""
    lay = table_layout(title, header, rows, notes, subtitle, you)
    img = Image.new("RGB", (WIDTH, lay.height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    y = PAD
    for title_line in lay.title:
        C.draw_text(
            img,
            (PAD, y + lay.title_size / 2),
            title_line,
            lay.title_size,
            C.INK,
            anchor="lm",
            stroke=1,
            stroke_fill=C.INK,
        )
        y += lay.title_size + 10
    if subtitle:
        C.draw_text(
            img,
            (PAD, y + SUB_SIZE / 2),
            C.fit_text(subtitle, SUB_SIZE, WIDTH - 2 * PAD),
            SUB_SIZE,
            C.MUTED,
            anchor="lm",
        )
    cols = lay.columns
    cy = lay.head_top + ROW / 2
    for col, label in zip(cols, ["#", *header]):
        C.draw_text(
            img,
            (col.x, cy),
            label if col is not cols[1] else C.fit_text(label, HEAD_SIZE, col.width),
            HEAD_SIZE,
            C.MUTED,
            anchor="lm",
        )
    draw.line([(PAD, lay.head_top + ROW - 2), (WIDTH - PAD, lay.head_top + ROW - 2)], fill=C.MUTED, width=2)
    for n, (row, line) in enumerate(zip(rows, lay.lines)):
        top, bottom = line.top, line.top + line.height
        if row.apart:
            for x in range(PAD, WIDTH - PAD, 16):
                draw.line([(x, top - GAP / 2), (x + 6, top - GAP / 2)], fill=C.MUTED, width=3)
        band = GOLD if row.winner else OWN if row.own else STRIPE if n % 2 else None
        if band is not None:
            draw.rectangle([PAD - 8, top, WIDTH - PAD + 8, bottom], fill=band)
        if row.own:
            draw.rectangle([PAD - 8, top, WIDTH - PAD + 8, bottom], outline=FRAME, width=3)
        cy = top + line.height / 2
        C.draw_text(img, (cols[0].x, cy), rank_text(row), TEXT_SIZE, C.INK, anchor="lm")
        colour = C.MUTED if row.withdrawn else C.INK
        step = line.name_size + 6
        count = len(line.name) + (line.badge == len(line.name))
        first = cy - step * (count - 1) / 2
        right = cols[1].x - 10
        for i, text in enumerate(line.name):
            box = C.draw_text(img, (cols[1].x, first + i * step), text, line.name_size, colour, anchor="lm")
            right = box[2]
            if row.withdrawn:
                draw.line([(box[0], first + i * step), (box[2], first + i * step)], fill=C.MUTED, width=3)
        if line.badge is not None:
            x = right + 10 if line.badge < len(line.name) else cols[1].x
            size = min(BADGE_SIZE, line.name_size)
            if row.reliability:
                box = C.draw_text(img, (x, first + line.badge * step), row.reliability, size, C.MUTED, anchor="lm")
                x = box[2] + 12
            if row.own and you:
                C.pill(img, (x, first + line.badge * step), you, size, FRAME, anchor="lm")
        values = [row.points, row.buchholz, row.sonneborn_berger, row.rating, row.played]
        for i, (col, cell) in enumerate(zip(cols[2:], values)):
            C.draw_text(
                img,
                (col.x, cy),
                cell,
                TEXT_SIZE,
                C.INK,
                anchor="lm",
                stroke=1 if i == 0 else 0,
                stroke_fill=C.INK if i == 0 else None,
            )
    y = lay.notes_top
    for note in lay.notes:
        C.draw_text(img, (PAD, y + NOTE_SIZE / 2), note, NOTE_SIZE, C.MUTED, anchor="lm")
        y += NOTE_SIZE + 8
    return img
