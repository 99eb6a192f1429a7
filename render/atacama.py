"""The Atacama board: the 9x9 fields, the towers and what every line is worth.

Layout, top to bottom: a status line (whose turn / the result), the board with
its coordinates (columns ``a``..``i`` above and below, rows ``1``..``9`` left
and right), the running value of every column under the board and of every row
to its right, one strip per player who scores that axis (greyed while the line
holds fewer than four towers, T4), then a panel with the players and a legend.

Every field shows its ore as a letter and its value (``G3``), on a tinted
ground, so the ores differ by more than colour.  Towers are the players'
markers (colour + shape, ``render.common``); an other-colour tower (T6) carries
a black ``x2`` badge.  Fields where no tower may go any more are faded, the
last move is framed in yellow, and in the build-up game the slots not laid yet
are hatched with the stage that lays them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.atacama import boards as B
from engines.atacama.scoring import line_value
from engines.text import Joined, Text

from . import common as C

# ------------------------------------------------------------------ sizes
CELL = 92
PAD = 24
HEADER = 88
TITLE = C.TITLE
COORD = 36             # px of the coordinate gutters
AXIS_SIZE = 28         # font size of the coordinates
PILL_W = 66            # a line's value badge
PILL_H = 38
STRIP = 42             # px per scorer strip (under the board / right of it)
CARD_H = 118
TEXT = 22
SUB = 4                # px of the sub-board borders
LEGEND_ROW = 36
TOWER = int(CELL * 0.6)   # px of a tower marker

ORE_COLOURS: dict[str, C.RGB] = {
    "G": (246, 206, 84),    # gold: warm yellow
    "S": (205, 213, 222),   # silver: cool grey
    "C": (206, 122, 78),    # copper: reddish brown
}
ORE_INK: dict[str, C.RGB] = {"G": (92, 64, 0), "S": (40, 52, 66), "C": (60, 22, 4)}
GRID: C.RGB = (120, 108, 90)
SUB_EDGE: C.RGB = (52, 44, 36)
UNLAID: C.RGB = (222, 212, 192)
UNLAID_HATCH: C.RGB = (200, 186, 160)
# The rulebook's turquoise and orange, dark enough to stay apart from the seat colours (one seat
# is orange, one bluish green) and the ores, also for protanopes and deuteranopes (tests/render/test_colours.py).
RIGHT_COLOURS: dict[str, C.RGB] = {"turquoise": (20, 90, 95), "orange": (170, 62, 0)}


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Layout:
    """Where things lie in the image; ``box`` gives a field's pixels."""

    cols_strips: int       # scorer strips under the board
    rows_strips: int       # ... and right of it
    cards: int

    @property
    def left(self) -> int:
        return PAD + COORD

    @property
    def top(self) -> int:
        return HEADER + 14 + COORD

    @property
    def right(self) -> int:
        return self.left + 9 * CELL

    @property
    def bottom(self) -> int:
        return self.top + 9 * CELL

    @property
    def width(self) -> int:
        return self.right + COORD + max(1, self.rows_strips) * STRIP * 2 - 12 + PAD

    @property
    def strips_top(self) -> int:
        return self.bottom + COORD

    @property
    def panel_top(self) -> int:
        return self.strips_top + max(1, self.cols_strips) * STRIP + 14

    @property
    def height(self) -> int:
        rows = (self.cards + 1) // 2
        return self.panel_top + 16 + rows * (CARD_H + 14) + 2 * LEGEND_ROW + PAD

    def box(self, field: B.Field) -> C.Box:
        x0 = self.left + field[0] * CELL
        y0 = self.top + (8 - field[1]) * CELL
        return (x0, y0, x0 + CELL, y0 + CELL)

    def centre(self, field: B.Field) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(field)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def tower_centre(self, field: B.Field) -> tuple[float, float]:
        """Where a tower stands on ``field``: low and right, clear of the ore label."""
        cx, cy = self.centre(field)
        return (cx + 8, cy + 12)

    def col_pill(self, k: int, col: int) -> tuple[float, float]:
        """Centre of column ``col``'s value badge in the k-th strip under the board."""
        return (self.left + (col + 0.5) * CELL, self.strip_y(k))

    def row_pill(self, k: int, row: int) -> tuple[float, float]:
        """Centre of row ``row``'s value badge (0 = row 1) in the k-th strip right of the board."""
        return (self.strip_x(k), self.top + (8 - row + 0.5) * CELL)

    def strip_x(self, k: int) -> float:
        """Centre x of the k-th row-scorer strip right of the board."""
        return self.right + COORD + STRIP + k * 2 * STRIP - 6

    def strip_y(self, k: int) -> float:
        """Centre y of the k-th column-scorer strip under the board."""
        return self.strips_top + (k + 0.5) * STRIP


def scorers(state, axis: str) -> list[tuple[int | None, str]]:
    """Who scores the lines of ``axis``: ``(seat, right colour)``; while the
    build-up rights are open, ``(None, colour)`` for the right to be bought."""
    if getattr(state, "rights_open", False):
        return [(None, B.AXIS_COLOUR[axis])]
    return [(seat, right[1]) for seat, right in enumerate(state.rights) if right and right[0] == axis]


def layout(state) -> Layout:
    return Layout(len(scorers(state, "cols")), len(scorers(state, "rows")), state.players)


# ---------------------------------------------------------------- sprites
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
    C.draw_text(img, (4 + w / 2, 4 + h / 2), f"{ore}{value}", int(size * 0.27), ORE_INK[ore],
                anchor="mm", stroke=1, stroke_fill=ORE_INK[ore])
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
    for slot, letter in enumerate(slots):
        sr, sc = divmod(slot, 3)
        x0, y0 = sc * 3 * CELL, sr * 3 * CELL
        draw.rectangle((x0, y0, x0 + 3 * CELL - 1, y0 + 3 * CELL - 1), outline=SUB_EDGE, width=SUB)
    return img


def _board_letters(img: Image.Image, draw: ImageDraw.ImageDraw, slots, lay: Layout) -> None:
    """Each laid sub-board's letter at its top right (T1)."""
    b = 26
    for slot, letter in enumerate(slots):
        if letter is None:
            continue
        sr, sc = divmod(slot, 3)
        x1, y0 = lay.left + (sc + 1) * 3 * CELL, lay.top + sr * 3 * CELL
        box = (x1 - SUB - b - 1, y0 + SUB + 1, x1 - SUB - 1, y0 + SUB + b + 1)
        draw.rounded_rectangle(box, 5, fill=SUB_EDGE)
        C.draw_text(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), letter, 20, C.WHITE)


@lru_cache(maxsize=32)
def tower(seat: int, other: bool, letter: str, size: int) -> Image.Image:
    """A tower: the seat's marker (RGBA, ``size`` square); an other-colour
    tower (T6) carries a black ``x2`` badge over its bottom-left."""
    img = C.marker(seat, size, letter).copy()
    if other:
        canvas = Image.new("RGBA", img.size, (0, 0, 0, 0))
        canvas.paste(img, (0, 0))
        draw = ImageDraw.Draw(canvas)
        bw, bh = int(size * 0.6), int(size * 0.4)
        box = (0, size - bh, bw, size - 1)
        draw.rounded_rectangle(box, bh // 2, fill=C.INK, outline=C.WHITE, width=2)
        C.draw_text(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "x2", int(bh * 0.66), C.WHITE,
                    stroke=1, stroke_fill=C.WHITE)
        img = canvas
    return img


# ------------------------------------------------------------------ render
def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    """The position as an image; the words on it are said with ``say`` (English by default)."""
    said = C.sayer(say)
    lay = layout(state)
    letters = C.player_letters(names, state.players)
    img = Image.new("RGB", (lay.width, lay.height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    _header(img, draw, state, names, letters, lay, said)
    _board(img, draw, state, lay, letters, said)
    _margins(img, draw, state, lay, letters, said)
    _panel(img, draw, state, names, letters, perspective, lay, said)
    return img


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: Layout, letters: list[str], say=str) -> None:
    slots = tuple(state.slots)
    img.paste(board_base(slots, stage_labels(say) if None in slots else None), (lay.left, lay.top))
    if state.outcome() is None:
        # fields where no tower may go any more are faded; their labels stay sharp
        free = set(state.free_fields())
        for f, (ore, value) in state.ores.items():
            if f not in free and f not in state.towers:
                x0, y0, x1, y1 = lay.box(f)
                C.veil(img, (x0 + 1, y0 + 1, x1 - 1, y1 - 1), C.WHITE, 130)
                label = ore_label(ore, value)
                img.paste(label, (x0, y0), label)
    _board_letters(img, draw, state.slots, lay)
    for f, (seat, other) in state.towers.items():
        C.paste_centred(img, tower(seat, other, letters[seat], TOWER), lay.tower_centre(f))
    last = state.last_field
    if last is not None:
        x0, y0, x1, y1 = lay.box(last)
        frame = 8
        h = frame // 2
        C.bold_frame(draw, (x0 - h, y0 - h, x1 + h, y1 + h), frame)
    _axes(img, lay)


def _axes(img: Image.Image, lay: Layout) -> None:
    # no stroke: it would melt the dot of the i into its stem
    size = AXIS_SIZE
    g = COORD / 2
    for c in range(9):
        cx = lay.left + (c + 0.5) * CELL
        C.draw_text(img, (cx, lay.top - g), B.COLUMNS[c], size, C.INK)
        C.draw_text(img, (cx, lay.bottom + g), B.COLUMNS[c], size, C.INK)
    for r in range(9):
        cy = lay.top + (8 - r + 0.5) * CELL
        C.draw_text(img, (lay.left - g, cy), str(r + 1), size, C.INK)
        C.draw_text(img, (lay.right + g, cy), str(r + 1), size, C.INK)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _value_pill(img, draw, centre, value: int, count: int, colour: C.RGB, ink: C.RGB) -> None:
    """A line's value: solid in the scorer's colour when the line scores
    (>= 4 towers); pale with grey text while it does not, with four pips
    under the value, one filled per tower the line holds."""
    cx, cy = centre
    box = (int(cx - PILL_W / 2), int(cy - PILL_H / 2), int(cx + PILL_W / 2), int(cy + PILL_H / 2))
    if count >= B.THRESHOLD:
        draw.rounded_rectangle(box, 9, fill=colour, outline=C.INK, width=2)
        C.draw_text(img, (cx, cy), _signed(value), 26, ink, stroke=1, stroke_fill=ink)
        return
    draw.rounded_rectangle(box, 9, fill=C.PANEL, outline=C.FAINT, width=2)
    if count:
        C.draw_text(img, (cx, cy - 6), _signed(value), 22, C.MUTED)
    for i in range(B.THRESHOLD):
        px, py = cx + (i - 1.5) * 10, box[3] - 7
        if i < count:
            draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=C.MUTED)
        else:
            draw.ellipse((px - 3, py - 3, px + 3, py + 3), outline=C.FAINT, width=1)


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
        _scorer_tag(img, draw, (lay.left - COORD / 2 - 2, lay.strip_y(k)), seat, colour, letters,
                    said(B.AXIS_WORDS["cols"]))
    for k, (seat, colour) in enumerate(scorers(state, "rows")):
        fill, ink = _pill_colours(seat, colour)
        for r in range(9):
            count, value = line_value(towers, ores, "rows", r, colour)
            _value_pill(img, draw, lay.row_pill(k, r), value, count, fill, ink)
        _scorer_tag(img, draw, (lay.strip_x(k), lay.top - COORD / 2), seat, colour, letters,
                    said(B.AXIS_WORDS["rows"]))


def _pill_colours(seat: int | None, colour: str) -> tuple[C.RGB, C.RGB]:
    if seat is None:
        return RIGHT_COLOURS[colour], C.WHITE
    style = C.player_style(seat)
    return style.colour, style.ink


# ------------------------------------------------------------------ header
def _name(names: list[str], seat: int, width: int = 420) -> str:
    return C.fit_text(C.player_name(names, seat), TITLE, width)


def _tally(names: list[str], scores: list[int]) -> Joined:
    """``ann 3 · bob -1 · ...``: every player's name and points, the highest first."""
    return Joined([Joined([C.player_name(names, s), scores[s]], " ") for s in C.by_score(scores)], " · ")


def _status(state, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""
    outcome = state.outcome()
    if outcome is not None:
        scores = list(outcome.scores)
        if state.players == 2:
            tally = " : ".join(str(s) for s in scores)
        else:
            tally = _tally(names, scores)
        if outcome.end == "resign":
            gone = [C.player_name(names, s) for s in state.resigned]
            if len(gone) == 1:
                detail = Text("{player} resigned", player=gone[0])
            else:
                detail = Text("{players} resigned", players=Joined(gone, ", "))
            return outcome.winners[0], Text("{player} wins", player=_name(names, outcome.winners[0])), detail
        placed = not any(state.active(s) for s in range(state.players))
        why = Text("all towers are placed") if placed else Text("no free field is left")
        if outcome.is_draw:
            if state.players == 2:
                return None, Text("Draw {score}", score=tally), why
            return (None, Text("Draw: {players}", players=Joined([C.player_name(names, s) for s in outcome.winners],
                                                                   ", ")),
                    Joined([why, tally], " · "))
        winner = outcome.winners[0]
        if state.players == 2:
            return winner, Text("{player} wins {score}", player=_name(names, winner),
                                score=C.winner_first(scores, winner)), why
        return winner, Text("{player} wins", player=_name(names, winner)), Joined([why, tally], " · ")
    seat = state.current_player()
    legal = state.legal_moves()
    if state.must_buy(seat):
        detail = Text("last tower: buy cols or buy rows")
    elif legal == ["pass"]:
        detail = Text("no free field: pass")
    elif state.rights_open:
        detail = Text("place a tower or buy a right (buy cols, buy rows)")
    else:
        right = state.rights[seat]
        colour = B.COLOUR_WORDS[right[1]]
        if right[0] == "cols":
            detail = Text("scores the columns ({colour})", colour=colour)
        else:
            detail = Text("scores the rows ({colour})", colour=colour)
    if state.stage is not None and state.pile:
        left = B.STAGE_TURNS * state.stage - state.turns
        if left == 1:
            nxt = Text("stage {stage}, next in {count} turn", stage=state.stage, count=left)
        else:
            nxt = Text("stage {stage}, next in {count} turns", stage=state.stage, count=left)
        detail = Joined([detail, nxt], " · ")
    return seat, Text("{player} to move", player=_name(names, seat)), detail


def _alert(state) -> str:
    """A word for the header's alert badge (a Text): a move the player is forced to make."""
    if state.outcome() is not None:
        return ""
    if state.must_buy(state.current_player()):
        return Text("MUST BUY")
    if state.legal_moves() == ["pass"]:
        return Text("MUST PASS")
    return ""


def _last_words(state, names: list[str]) -> str:
    """The last move when it left no tower to frame (a buy or a pass), as a Text."""
    if not state.last or state.last_field is not None:
        return ""
    who = C.player_name(names, state.last["seat"])
    move = state.last["move"]
    if move == "pass":
        return Text("{player} passed", player=who)
    if move.split()[1] == "cols":
        return Text("{player} bought the columns", player=who)
    return Text("{player} bought the rows", player=who)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, state, names, letters, lay: Layout, say=str) -> None:
    width = lay.width
    seat, title, detail = _status(state, names)
    title, detail = say(title), say(detail)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    alert = _alert(state)
    if alert:
        box = C.pill(img, (right, cy), say(alert), 22, C.ALERT, anchor="rm")
        right = box[0] - 16
    if state.outcome() is None:
        box = C.draw_text(img, (right, cy - 14), say(Text("Turn {number}", number=state.turns + 1)), 26, C.MUTED,
                          anchor="rm")
        last = say(_last_words(state, names))
        if last:
            C.draw_text(img, (right, cy + 22), C.fit_text(last, 20, 300), 20, C.MUTED, anchor="rm")
            right = min(box[0], right - min(300, C.text_width(last, 20))) - 16
        else:
            right = box[0] - 16
    C.title_and_detail(img, x, cy, right, title, detail, 21)


# ------------------------------------------------------------------- panel
def _panel(img, draw, state, names, letters, perspective, lay: Layout, say=str) -> None:
    top = lay.panel_top
    draw.rectangle((0, top, lay.width, lay.height), fill=C.PANEL)
    draw.line([(0, top), (lay.width, top)], fill=C.FAINT, width=2)
    outcome = state.outcome()
    to_move = state.current_player()
    scores = list(outcome.scores) if outcome else state.scores()
    gap = 14
    w = (lay.width - 2 * PAD - gap) // 2
    y = top + 16
    for seat in range(state.players):
        row, col = divmod(seat, 2)
        x0 = PAD + col * (w + gap)
        y0 = y + row * (CARD_H + gap)
        _card(img, draw, state, names, letters, perspective, seat, scores[seat], outcome, to_move,
              (x0, y0, x0 + w, y0 + CARD_H), say)
    rows = (state.players + 1) // 2
    _legend(img, draw, state, y + rows * (CARD_H + gap) - 4, lay, say)


def _card(img, draw, state, names, letters, perspective, seat, score, outcome, to_move, box, say=str) -> None:
    style = C.player_style(seat)
    x0, y0, x1, y1 = box
    active = seat == to_move or (outcome is not None and seat in outcome.winners and not outcome.is_draw)
    out = seat in state.resigned
    draw.rounded_rectangle(box, 14, fill=C.shade(style.colour, 1.82), outline=style.colour,
                           width=5 if active else 2)
    C.draw_marker(img, (x0 + 32, y0 + 30), 40, seat, letters[seat])
    tag = C.card_tag(out=out, winners=outcome.winners if outcome else None, seat=seat, to_move=seat == to_move)
    room = C.card_title(img, box, seat, names, perspective, tag, score, say=say) - (x0 + 16)
    for i, line in enumerate(_card_lines(state, seat)):
        C.draw_text(img, (x0 + 16, y0 + 70 + i * 28), C.fit_text(say(line), 20, room), 20, C.INK, anchor="lm")
    if out:
        C.veil(img, (x0 + 6, y0 + 52, x1 - 6, y1 - 6), C.shade(style.colour, 1.82), 110)


def _card_lines(state, seat: int) -> list[str]:
    """A player's right and towers, as Texts."""
    right = state.rights[seat]
    if right is None:
        first = Text("no right yet")
    else:
        signs = "G+ S+ C-" if right[1] == "turquoise" else "C+ G+ S-"
        first = Text("{axis}, {colour}: {signs}", axis=B.AXIS_WORDS[right[0]], colour=B.COLOUR_WORDS[right[1]],
                     signs=signs)
    base, other = state.supply[seat]
    count = base + other
    left = Text("{count} towers left", count=count) if count != 1 else Text("{count} tower left", count=count)
    if state.tactics:
        left = Joined([left, f"({other} x2)"], " ")
    if state.bought[seat]:
        left = Joined([left, Text("1 paid for the right")], " · ")
    if seat in state.resigned and sum(state.forfeited[seat]):
        left = Text("{count} forfeited", count=sum(state.forfeited[seat]))
    return [first, left]


def _legend(img, draw, state, y: int, lay: Layout, say=str) -> None:
    sw = 30
    room = lay.width - 2 * PAD
    cy = y + LEGEND_ROW / 2
    x = PAD
    # the first row: each ore (swatch, 6 px, words, 16 px), then the x2 badge (40 px, 6 px, words)
    words = [say(Joined([ore, B.ORE_NAMES[ore]], " ")) for ore in B.ORES]
    if state.tactics:
        words.append(say(Text("other-colour tower, scores double")))
    size = C.fit_size(words, 19, room, 3 * (sw + 6 + 16) + (46 if state.tactics else -16))
    for ore, word in zip(B.ORES, words):
        img.paste(ore_ground(ore, sw), (x, int(cy - sw / 2)))
        draw.rectangle((x, int(cy - sw / 2), x + sw - 1, int(cy + sw / 2) - 1), outline=GRID)
        box = C.draw_text(img, (x + sw + 6, cy), word, size, C.INK, anchor="lm")
        x = box[2] + 16
    if state.tactics:
        b = (x, int(cy - 13), x + 40, int(cy + 13))
        draw.rounded_rectangle(b, 13, fill=C.INK)
        C.draw_text(img, ((b[0] + b[2]) / 2, cy), "x2", 18, C.WHITE)
        C.draw_text(img, (b[2] + 6, cy), words[-1], size, C.INK, anchor="lm")
    cy += LEGEND_ROW
    x = PAD
    # the second row: frame, faded field and value badge (56 px), each with 6 px and its words
    words = [say(Text("last move")), say(Text("pale: no tower may go there")),
             say(Text("line value, scores at 4 towers"))]
    size = C.fit_size(words, 19, room, 2 * (sw + 6 + 16) + 56 + 6)
    C.bold_frame(draw, (x, int(cy - sw / 2), x + sw, int(cy + sw / 2)), 6)
    box = C.draw_text(img, (x + sw + 6, cy), words[0], size, C.INK, anchor="lm")
    x = box[2] + 16
    face = ore_ground("G", sw).copy()
    C.veil(face, (0, 0, sw, sw), C.WHITE, 130)
    img.paste(face, (x, int(cy - sw / 2)))
    draw.rectangle((x, int(cy - sw / 2), x + sw - 1, int(cy + sw / 2) - 1), outline=GRID)
    box = C.draw_text(img, (x + sw + 6, cy), words[1], size, C.INK, anchor="lm")
    x = box[2] + 16
    box = (x, int(cy - 15), x + 56, int(cy + 15))
    draw.rounded_rectangle(box, 8, fill=C.PANEL, outline=C.FAINT, width=2)
    C.draw_text(img, ((box[0] + box[2]) / 2, cy), "+5", 18, C.MUTED)
    C.draw_text(img, (box[2] + 6, cy), words[2], size, C.INK, anchor="lm")
