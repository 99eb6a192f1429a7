"""A knockout's bracket as an image: its rounds as columns, each series a box of two lines.

Each line of a box holds a name and that player's victory points in the series.  Whoever goes on
is drawn bold and his line is joined to the next round's box by a dark connector; whoever is out
is grey (struck through if he withdrew); a series still being played has neither.  A bye reads
"bye" in place of the second name; a slot nobody has reached yet is empty.  The champion's line
is gold; the reader's own lines are framed.

Drawn for a phone's 400 px as the tables are (:mod:`.standings`): 1000 px wide, and at most
:data:`MOST_STAGES` columns, so a bracket of 16 fits one image with names of 28 px (11 px on a
phone).  A bigger bracket is shown a section at a time by the caller (:func:`window`).  A name too
long for its line is drawn smaller, then cut (the text beside the image names everyone in full).

:func:`bracket_layout` is pure: where every box, name and score goes, so that tests can check that
every player is placed, nothing overlaps and nothing leaves the image; :func:`bracket_image` draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import common as C
from .standings import FRAME, GOLD, wrap

WIDTH = 1000
PAD = 24
TITLE_SIZE = 34
TITLE_LEAST = 26
SUB_SIZE = 24
HEAD_SIZE = 26
NAME_SIZE = 28
NAME_LEAST = 24
NOTE_SIZE = 24
SLOT = 46  # one line of a box
BOX_GAP = 18  # between two boxes of the first column
GUTTER = 24  # between two columns, where the connectors run
MOST_STAGES = 4
BOX_FILL = (255, 253, 248)
EDGE = (176, 168, 154)
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Entry:
    """One player's line in a series."""

    name: str
    score: str = ""
    through: bool = False
    """Goes on to the next round (or won the final)."""
    out: bool = False
    withdrawn: bool = False
    own: bool = False
    champion: bool = False


@dataclass(frozen=True)
class Series:
    top: Entry | None = None
    bottom: Entry | None = None
    """None: nobody yet (or, with ``bye``, nobody at all)."""
    bye: bool = False
    """The bottom line reads the bye word: ``top`` goes on without playing."""


@dataclass(frozen=True)
class Stage:
    """A column: a round's title and its series, top to bottom (series ``i`` feeds ``i // 2`` of the next)."""

    title: str
    series: tuple[Series, ...]


@dataclass(frozen=True)
class Line:
    box: Box
    entry: Entry | None
    text: str
    size: int


@dataclass(frozen=True)
class Placed:
    stage: int
    index: int
    box: Box
    lines: tuple[Line, Line]
    series: Series


@dataclass(frozen=True)
class BracketLayout:
    height: int
    title: tuple[str, ...]
    title_size: int
    subtitle_y: int
    heads: tuple[tuple[int, int, str, int], ...]
    """(x, y, text, size) of each column's title."""
    boxes: tuple[Placed, ...]
    links: tuple[tuple[tuple[tuple[int, int], ...], bool], ...]
    """Connector polylines, each with whether it carries a player who goes on."""
    score_width: int
    notes: tuple[str, ...]
    notes_top: int


def window(stages: list[Stage], page: int) -> list[Stage]:
    """The columns page ``page`` (1-based) shows: all of a bracket of up to :data:`MOST_STAGES` rounds;
    of a bigger one, page 1 the last four rounds, and pages 2 on each a section of 16 players through
    its first four rounds."""
    if len(stages) <= MOST_STAGES:
        return stages
    if page == 1:
        return stages[-MOST_STAGES:]
    section = page - 2
    out = []
    for c, stage in enumerate(stages[:MOST_STAGES]):
        span = (1 << (MOST_STAGES - 1)) >> c
        out.append(Stage(stage.title, stage.series[section * span : (section + 1) * span]))
    return out


def pages(stages: int) -> int:
    """How many pages a bracket of ``stages`` rounds takes (see :func:`window`)."""
    return 1 if stages <= MOST_STAGES else 1 + (1 << (stages - MOST_STAGES))


def bracket_layout(
    title: str, stages: list[Stage], bye: str, subtitle: str = "", notes: Sequence[str] = ()
) -> BracketLayout:
    inner = WIDTH - 2 * PAD
    title_size = TITLE_SIZE
    while title_size > TITLE_LEAST and C.text_width(title, title_size, 1) > inner:
        title_size -= 1
    title_lines = wrap(title, title_size, inner - 2, 3)
    y = PAD + len(title_lines) * (title_size + 10)
    subtitle_y = y
    if subtitle:
        y += SUB_SIZE + 10
    y += 10
    count = len(stages)
    column = (inner - (max(count, 1) - 1) * GUTTER) // max(count, 1)
    scores = [e.score for s in stages for x in s.series for e in (x.top, x.bottom) if e is not None]
    score_width = max([C.text_width("0", NAME_SIZE, 1)] + [C.text_width(t, NAME_SIZE, 1) for t in scores]) + 16
    heads = []
    for c, stage in enumerate(stages):
        text, size = C.fit_line(stage.title, HEAD_SIZE, column, 16)
        heads.append((PAD + c * (column + GUTTER), y + HEAD_SIZE // 2, text, size))
    top = y + HEAD_SIZE + 16
    pitch = 2 * SLOT + BOX_GAP
    centres: list[list[float]] = []
    boxes: list[Placed] = []
    links = []
    for c, stage in enumerate(stages):
        x0 = PAD + c * (column + GUTTER)
        here = []
        for i, series in enumerate(stage.series):
            centre: float
            if c == 0:
                centre = top + i * pitch + SLOT
            else:
                prev = centres[c - 1]
                feeders = (
                    [prev[j] for j in (2 * i, 2 * i + 1) if j < len(prev)]
                    if len(prev) == 2 * len(stage.series)
                    else [prev[i]]
                )
                centre = sum(feeders) / len(feeders)
            here.append(centre)
            box = (x0, int(centre - SLOT), x0 + column, int(centre + SLOT))
            lines = []
            for k, entry in enumerate((series.top, series.bottom)):
                slot = (box[0], box[1] + k * SLOT, box[2], box[1] + (k + 1) * SLOT)
                room = column - score_width - 14
                if entry is not None:
                    text, size = C.fit_line(entry.name, NAME_SIZE, room, NAME_LEAST)
                elif k == 1 and series.bye:
                    text, size = C.fit_line(bye, NAME_SIZE - 4, room, NAME_LEAST - 4)
                else:
                    text, size = "", NAME_SIZE
                lines.append(Line(slot, entry, text, size))
            boxes.append(Placed(c, i, box, (lines[0], lines[1]), series))
        centres.append(here)
    # connectors: from each box (the line of whoever goes on, if decided) to its slot in the next round
    by_stage: dict[int, list[Placed]] = {}
    for placed in boxes:
        by_stage.setdefault(placed.stage, []).append(placed)
    for c in range(count - 1):
        nxt = by_stage.get(c + 1, [])
        pairs = len(nxt) * 2 == len(by_stage.get(c, []))
        for placed in by_stage.get(c, []):
            target = nxt[placed.index // 2 if pairs else placed.index] if nxt else None
            if target is None:
                continue
            winner = next((ln for ln in placed.lines if ln.entry is not None and ln.entry.through), None)
            start_y = (winner.box[1] + winner.box[3]) // 2 if winner else (placed.box[1] + placed.box[3]) // 2
            k = placed.index % 2 if pairs else 0
            end_line = target.lines[k].box
            end_y = (end_line[1] + end_line[3]) // 2
            mid = placed.box[2] + GUTTER // 2
            links.append(
                (((placed.box[2], start_y), (mid, start_y), (mid, end_y), (target.box[0], end_y)), winner is not None)
            )
    bottom = max((p.box[3] for p in boxes), default=top)
    y = bottom + 16
    notes_top = y
    note_lines = tuple(line for note in notes for line in wrap(note, NOTE_SIZE, inner, 3))
    y += len(note_lines) * (NOTE_SIZE + 8)
    return BracketLayout(
        y + PAD,
        title_lines,
        title_size,
        subtitle_y,
        tuple(heads),
        tuple(boxes),
        tuple(links),
        score_width,
        note_lines,
        notes_top,
    )


def bracket_image(
    title: str, stages: list[Stage], bye: str, subtitle: str = "", notes: Sequence[str] = ()
) -> Image.Image:
    """The bracket of ``stages`` under ``title`` (and ``subtitle``: the round, the page), ``notes`` below;
    ``bye``: the word a bye's empty line reads."""
    lay = bracket_layout(title, stages, bye, subtitle, notes)
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
            (PAD, lay.subtitle_y + SUB_SIZE / 2),
            C.fit_text(subtitle, SUB_SIZE, WIDTH - 2 * PAD),
            SUB_SIZE,
            C.MUTED,
            anchor="lm",
        )
    for x, head_y, text, size in lay.heads:
        C.draw_text(img, (x, head_y), text, size, C.MUTED, anchor="lm")
    for points, strong in lay.links:
        if not strong:
            draw.line(points, fill=C.FAINT, width=3, joint="curve")
    for points, strong in lay.links:
        if strong:
            draw.line(points, fill=C.INK, width=4, joint="curve")
    for placed in lay.boxes:
        x0, y0, x1, y1 = placed.box
        draw.rectangle(placed.box, fill=BOX_FILL, outline=EDGE, width=2)
        draw.line([(x0 + 2, (y0 + y1) // 2), (x1 - 2, (y0 + y1) // 2)], fill=C.FAINT, width=1)
        score_x = x1 - lay.score_width
        draw.line([(score_x, y0 + 2), (score_x, y1 - 2)], fill=C.FAINT, width=1)
        for line in placed.lines:
            bx0, by0, bx1, by1 = line.box
            cy = (by0 + by1) / 2
            entry = line.entry
            if entry is not None and entry.champion:
                draw.rectangle((bx0 + 2, by0 + 2, bx1 - 2, by1 - 2), fill=GOLD)
            if entry is None:
                C.draw_text(img, (bx0 + 10, cy), line.text, line.size, C.MUTED, anchor="lm")
                continue
            strong = entry.through
            colour = C.MUTED if entry.out else C.INK
            box = C.draw_text(
                img,
                (bx0 + 10, cy),
                line.text,
                line.size,
                colour,
                anchor="lm",
                stroke=1 if strong else 0,
                stroke_fill=C.INK if strong else None,
            )
            if entry.withdrawn:
                draw.line([(box[0], cy), (box[2], cy)], fill=C.MUTED, width=3)
            if entry.score:
                C.draw_text(
                    img,
                    (bx1 - lay.score_width / 2, cy),
                    entry.score,
                    NAME_SIZE,
                    colour,
                    anchor="mm",
                    stroke=1 if strong else 0,
                    stroke_fill=C.INK if strong else None,
                )
            if entry.own:
                draw.rectangle((bx0 - 1, by0 - 1, bx1 + 1, by1 + 1), outline=FRAME, width=4)
    y = lay.notes_top
    for note in lay.notes:
        C.draw_text(img, (PAD, y + NOTE_SIZE / 2), note, NOTE_SIZE, C.MUTED, anchor="lm")
        y += NOTE_SIZE + 8
    return img
