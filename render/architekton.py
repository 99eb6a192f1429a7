"""The Architekton board: the city, the last turn, the stock and the standing.

Layout, top to bottom: a status line (whose turn / the result), the board with
coordinates on all four sides (north up, ``x`` to the right, ``y`` upwards, as
in the notation), and a panel with the open stock, the players and a legend.
The board is cut to the occupied squares plus one empty square all round, so
every square a tile could go to is visible; those frontier squares carry their
coordinates.  Terrains have a colour, a texture and a letter each; houses have
their owner's colour and shape.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.architekton import tiles as T
from engines.text import Text

from . import common as C

# ------------------------------------------------------------------ sizes
CELL_MAX = 120           # px per square on a small board
CELL_MIN = 48            # ... and the least on a sprawling one (the image widens instead)
CELL_STEP = 8            # cell sizes are multiples of this, so tile sprites get reused
BOARD_TARGET = 1120      # px the board may take along its longer side
MIN_WIDTH = 1000
MIN_HEIGHT = 800
MARGIN = 1               # empty squares around the occupied area
MIN_SQUARES = 5          # the board shows at least 5 x 5 squares
HEADER = 88
TITLE = C.TITLE
PAD = 24

# ---------------------------------------------------------------- terrains
TERRAIN_COLOURS: dict[str, C.RGB] = {
    "E": (196, 140, 88),    # earth: sandy brown, dotted
    "M": (190, 224, 112),   # meadow: light yellow-green, grass tufts
    "W": (96, 170, 226),    # water: blue, waves
    "F": (44, 116, 62),     # forest: dark green, trees
}
TERRAIN_PATTERN: dict[str, C.RGB] = {
    "E": (150, 100, 58),
    "M": (120, 170, 60),
    "W": (214, 236, 250),
    "F": (24, 76, 38),
}
SQUARE_EMPTY: C.RGB = (243, 238, 228)
SQUARE_EMPTY_ODD: C.RGB = (236, 230, 218)   # building squares (x+y odd), a faint chequer
SQUARE_FRONTIER: C.RGB = (226, 218, 202)
CREAM: C.RGB = (251, 248, 241)
GROUT: C.RGB = (70, 62, 52)


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class BoardLayout:
    """Where the board lies in the image; ``box`` gives a square's pixels."""

    xmin: int
    xmax: int
    ymin: int
    ymax: int
    cell: int
    left: int
    top: int
    width: int          # of the whole image

    @property
    def cols(self) -> int:
        return self.xmax - self.xmin + 1

    @property
    def rows(self) -> int:
        return self.ymax - self.ymin + 1

    @property
    def right(self) -> int:
        return self.left + self.cols * self.cell

    @property
    def bottom(self) -> int:
        return self.top + self.rows * self.cell

    @property
    def label_size(self) -> int:
        return max(20, min(28, int(self.cell * 0.3)))

    @property
    def gutter(self) -> int:
        return int(self.label_size * 1.9)

    def box(self, square: T.Square) -> C.Box:
        x0 = self.left + (square[0] - self.xmin) * self.cell
        y0 = self.top + (self.ymax - square[1]) * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def centre(self, square: T.Square) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(square)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def squares(self):
        for y in range(self.ymax, self.ymin - 1, -1):
            for x in range(self.xmin, self.xmax + 1):
                yield (x, y)


def _grow(lo: int, hi: int, least: int) -> tuple[int, int]:
    missing = least - (hi - lo + 1)
    if missing > 0:
        lo -= missing // 2
        hi += missing - missing // 2
    return lo, hi


def layout(state) -> BoardLayout:
    """The board geometry for ``state`` (also used by tests to find squares)."""
    xs = [x for x, _ in state.tiles] or [0]
    ys = [y for _, y in state.tiles] or [0]
    xmin, xmax = _grow(min(xs) - MARGIN, max(xs) + MARGIN, MIN_SQUARES)
    ymin, ymax = _grow(min(ys) - MARGIN, max(ys) + MARGIN, MIN_SQUARES)
    cols, rows = xmax - xmin + 1, ymax - ymin + 1
    cell = min(CELL_MAX, BOARD_TARGET // max(cols, rows))
    cell = max(CELL_MIN, cell // CELL_STEP * CELL_STEP)
    probe = BoardLayout(xmin, xmax, ymin, ymax, cell, 0, 0, 0)
    width = max(MIN_WIDTH, cols * cell + 2 * probe.gutter + 2 * PAD)
    left = (width - cols * cell) // 2
    return BoardLayout(xmin, xmax, ymin, ymax, cell, left, HEADER + probe.gutter, width)


def _frontier(tiles) -> set[T.Square]:
    """Empty squares next to a tile: where the next tiles can go (A4.3)."""
    return {n for sq in tiles for n in T.neighbours(sq) if n not in tiles}


# ---------------------------------------------------------------- sprites
@lru_cache(maxsize=64)
def _texture(terrain: str, size: int) -> Image.Image:
    """A square of ``terrain``: its colour with a pattern, so that the
    terrains differ by more than colour."""
    img = Image.new("RGB", (size, size), TERRAIN_COLOURS[terrain])
    draw = ImageDraw.Draw(img)
    ink = TERRAIN_PATTERN[terrain]
    step = max(8, size // 5)
    lw = max(1, size // 60)
    for row, y in enumerate(range(step // 2, size + step, step)):
        offset = (step // 2) * (row % 2)
        for x in range(step // 2 - offset, size + step, step):
            if terrain == "E":
                r = max(1, size // 55)
                draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
            elif terrain == "M":
                a = max(2, size // 30)
                draw.line([(x - a, y - a), (x, y + a // 2), (x + a, y - a)], fill=ink, width=lw)
            elif terrain == "F":
                a = max(2, size // 26)
                draw.polygon([(x, y - a - a // 2), (x + a, y + a // 2), (x - a, y + a // 2)], fill=ink)
        if terrain == "W" and row % 2 == 0:
            amp, wave = max(1, size // 45), max(6, size // 6)
            pts = [(x, y + (amp if (x // (wave // 2)) % 2 else -amp)) for x in range(0, size + wave, wave // 2)]
            draw.line(pts, fill=ink, width=lw, joint="curve")
    return img


@lru_cache(maxsize=32)
def _triangle_masks(size: int) -> tuple[Image.Image, ...]:
    """Masks of the four triangles N, E, S, W of a square."""
    c = size / 2
    corners = [(0, 0), (size, 0), (size, size), (0, size)]
    masks = []
    for d in range(4):
        mask = Image.new("L", (size, size), 0)
        ImageDraw.Draw(mask).polygon([corners[d], corners[(d + 1) % 4], (c, c)], fill=255)
        masks.append(mask)
    return tuple(masks)


def _band(size: int) -> int:
    return max(9, round(size * 0.23))


@lru_cache(maxsize=128)
def landscape_face(terrain: str, size: int) -> Image.Image:
    img = _texture(terrain, size).copy()
    C.outlined_text(img, (size / 2, size / 2), terrain, max(12, int(size * 0.42)))
    ImageDraw.Draw(img).rectangle((0, 0, size - 1, size - 1), outline=GROUT, width=1)
    return img


@lru_cache(maxsize=512)
def building_face(building: str, rotation: int, size: int, caption: bool = True) -> Image.Image:
    """A building tile: the terrain of each side as a triangle with its letter,
    a cream centre for the house and, with ``caption``, ``B07 r2`` below it."""
    img = Image.new("RGB", (size, size), CREAM)
    masks = _triangle_masks(size)
    for d in range(4):
        img.paste(_texture(T.side(building, rotation, d), size), (0, 0), masks[d])
    draw = ImageDraw.Draw(img)
    band = _band(size)
    draw.line([(0, 0), (size, size)], fill=GROUT, width=1)
    draw.line([(0, size), (size, 0)], fill=GROUT, width=1)
    draw.rounded_rectangle((band, band, size - 1 - band, size - 1 - band), max(2, size // 16),
                           fill=CREAM, outline=GROUT, width=1)
    letter = max(9, int(band * 0.88))
    half = band / 2 + 0.5
    spots = [(size / 2, half), (size - half, size / 2), (size / 2, size - half), (half, size / 2)]
    for d, spot in enumerate(spots):
        C.outlined_text(img, spot, T.side(building, rotation, d), letter)
    if caption:
        inner = size - 2 * band
        C.draw_text(img, (size / 2, band + inner * 0.83), f"{building} r{rotation}",
                    max(9, int(size * 0.125)), C.INK, anchor="mm")
    draw.rectangle((0, 0, size - 1, size - 1), outline=GROUT, width=1)
    return img


def _house_geometry(box: C.Box) -> tuple[tuple[float, float], int]:
    size = box[2] - box[0]
    band = _band(size)
    inner = size - 2 * band
    return (box[0] + size / 2, box[1] + band + inner * 0.37), int(inner * 0.62)


# ------------------------------------------------------------------ render
def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    """The position as an image; the words on it are said with ``say`` (English by default)."""
    said = C.sayer(say)
    lay = layout(state)
    letters = C.player_letters(names, 2)
    panel = _Panel(state, names, letters, perspective, lay.width, said)
    height = max(MIN_HEIGHT, lay.bottom + lay.gutter + panel.height)
    img = Image.new("RGB", (lay.width, height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    _header(img, draw, state, names, letters, lay.width, said)
    _board(img, draw, state, lay, letters)
    panel.draw(img, draw, height - panel.height)
    return img


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: BoardLayout, letters: list[str]) -> None:
    cell = lay.cell
    frontier = _frontier(state.tiles) if state.outcome() is None else set()
    coord_size = max(12, int(cell * 0.24))
    for sq in lay.squares():
        if sq in state.tiles:
            continue
        x0, y0, x1, y1 = lay.box(sq)
        box = (x0, y0, x1 - 1, y1 - 1)
        if sq in frontier:
            draw.rectangle(box, fill=SQUARE_FRONTIER, outline=C.FAINT)
            C.draw_text(img, lay.centre(sq), f"{C.signed(sq[0])},{C.signed(sq[1])}", coord_size, C.MUTED)
        else:
            draw.rectangle(box, fill=SQUARE_EMPTY_ODD if T.is_building_square(sq) else SQUARE_EMPTY,
                           outline=C.FAINT)

    for sq, tile in state.tiles.items():
        box = lay.box(sq)
        face = landscape_face(tile[1], cell) if tile[0] == "L" else building_face(tile[1], tile[2], cell)
        img.paste(face, box[:2])
        if sq in state.houses:
            centre, size = _house_geometry(box)
            seat = state.houses[sq]
            C.draw_marker(img, centre, size, seat, letters[seat])

    if state.final:
        for x, y in state.final.get("removed", []):
            box = lay.box((x, y))
            C.veil(img, box, C.WHITE, 165)
            inset, w = cell * 0.16, max(3, cell // 14)
            draw.line([(box[0] + inset, box[1] + inset), (box[2] - inset, box[3] - inset)], fill=C.INK, width=w)
            draw.line([(box[0] + inset, box[3] - inset), (box[2] - inset, box[1] + inset)], fill=C.INK, width=w)

    frame = max(6, cell // 11)
    badge = max(14, int(cell * 0.22))
    for order, sq in enumerate(state.turn_squares, start=1):
        # the frame straddles the square's edge, so it hides little of the tile's side letters
        x0, y0, x1, y1 = lay.box(sq)
        h = frame // 2
        C.bold_frame(draw, (x0 - h, y0 - h, x1 + h, y1 + h), frame)
        if len(state.turn_squares) > 1:
            cx, cy = x0 + h + badge * 0.5, y0 + h + badge * 0.5
            draw.ellipse((cx - badge / 2, cy - badge / 2, cx + badge / 2, cy + badge / 2), fill=C.INK)
            C.draw_text(img, (cx, cy), str(order), int(badge * 0.7), C.HIGHLIGHT)

    for sq, mark in _scrutinised(state):
        _scrutiny(img, draw, state, lay, sq, mark)

    _axes(img, lay)


def _scrutinised(state) -> list[tuple[T.Square, str]]:
    """Enclosed buildings to point at: the pending keep/remove decision (``?``)
    or, after an early end, the enclosure its owner could not pay for (``!``)."""
    if state.pending is not None:
        return [(tuple(state.pending), "?")]
    if state.outcome() is not None and state.outcome().end == "early":
        return [(tuple(e["square"]), "!") for e in state.events if e.get("type") == "bankrupt"]
    return []


def _mismatch_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    mx, my = centre
    draw.ellipse((mx - r, my - r, mx + r, my + r), fill=C.ALERT, outline=C.WHITE, width=2)
    a, w = r * 0.45, max(2, int(r) // 4)
    draw.line([(mx - a, my - a), (mx + a, my + a)], fill=C.WHITE, width=w)
    draw.line([(mx - a, my + a), (mx + a, my - a)], fill=C.WHITE, width=w)


def _scrutiny(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: BoardLayout, sq: T.Square,
              mark: str) -> None:
    """An enclosed building whose owner must pay (A5): a dashed frame round its
    house, ``mark`` in a badge, and a cross on each side that does not match."""
    cell = lay.cell
    box = lay.box(sq)
    band = _band(cell)
    inner = (box[0] + band, box[1] + band, box[2] - band, box[3] - band)
    C.dashed_frame(draw, inner, max(3, cell // 24), C.ALERT, max(4, cell // 14))
    badge = max(14, int(cell * 0.2))
    C.pill(img, (inner[2] + badge * 0.3, inner[1] - badge * 0.1), mark, badge, C.ALERT, anchor="mm")
    _, building, rotation = state.tiles[sq]
    r = max(8, int(cell * 0.12))
    cx, cy = lay.centre(sq)
    for d, (dx, dy) in enumerate(T.DIRECTIONS):
        neighbour = state.tiles.get((sq[0] + dx, sq[1] + dy))
        if neighbour is None or neighbour[1] == T.side(building, rotation, d):
            continue
        # on the shared edge, pushed a little into the landscape
        _mismatch_mark(draw, (cx + dx * (cell / 2 + r * 0.6), cy - dy * (cell / 2 + r * 0.6)), r)


def _axes(img: Image.Image, lay: BoardLayout) -> None:
    size, g = lay.label_size, lay.gutter
    for x in range(lay.xmin, lay.xmax + 1):
        cx = lay.left + (x - lay.xmin + 0.5) * lay.cell
        C.draw_text(img, (cx, lay.top - g / 2), C.signed(x), size, C.INK, stroke=1, stroke_fill=C.INK)
        C.draw_text(img, (cx, lay.bottom + g / 2), C.signed(x), size, C.INK, stroke=1, stroke_fill=C.INK)
    for y in range(lay.ymin, lay.ymax + 1):
        cy = lay.top + (lay.ymax - y + 0.5) * lay.cell
        C.draw_text(img, (lay.left - g / 2, cy), C.signed(y), size, C.INK, stroke=1, stroke_fill=C.INK)
        C.draw_text(img, (lay.right + g / 2, cy), C.signed(y), size, C.INK, stroke=1, stroke_fill=C.INK)
    C.draw_text(img, (lay.left - g / 2, lay.top - g / 2), "y", size - 2, C.MUTED)
    C.draw_text(img, (lay.right + g / 2, lay.bottom + g / 2), "x", size - 2, C.MUTED)


# ------------------------------------------------------------------ header
def _status(state, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""
    def name(seat: int) -> str:
        return C.fit_text(C.player_name(names, seat), TITLE, 420)

    outcome = state.outcome()
    if outcome is not None:
        score = " : ".join(str(s) for s in outcome.scores)
        if outcome.is_draw:
            return None, Text("Draw {score}", score=score), Text("same points and as many houses on the table")
        winner = outcome.winners[0]
        loser = 1 - winner
        score = C.winner_first(outcome.scores, winner)
        if outcome.end == "early":
            return (winner, Text("{player} wins", player=name(winner)),
                    Text("{player} cannot pay for an enclosed building", player=name(loser)))
        if outcome.end == "resign":
            return winner, Text("{player} wins", player=name(winner)), Text("{player} resigned", player=name(loser))
        if len(set(outcome.scores)) == 1 and state.final:
            houses = C.winner_first(state.final["houses"], winner)
            return (winner, Text("{player} wins {score}", player=name(winner), score=score),
                    Text("on houses left on the table ({houses})", houses=houses))
        return winner, Text("{player} wins {score}", player=name(winner), score=score), ""
    if state.pending is not None:
        sq = tuple(state.pending)
        owner = state.houses[sq]
        k = state.mismatches(sq)
        return (owner, Text("{player} decides about {square}", player=name(owner), square=f"{sq[0]},{sq[1]}"),
                Text("keep the house and pay {keep} · remove it and pay {remove}", keep=k, remove=k - 1))
    seat = state.turn_player
    return (seat, Text("{player} to move", player=name(seat)),
            Text("tile {number} of 2 this turn", number=state.placement + 1))


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, state, names, letters, width: int, say=str) -> None:
    seat, title, detail = _status(state, names)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    if state.outcome() is None:
        if state.last_round_target is not None:
            left = sum(state.last_round_target - t for t in state.turns)
            alert = Text("FINAL TURN") if left <= 1 else Text("LAST ROUND")
            box = C.pill(img, (right, cy), say(alert), 22, C.ALERT, anchor="rm")
            right = box[0] - 16
        box = C.draw_text(img, (right, cy), say(Text("Turn {number}", number=sum(state.turns) + 1)), 26, C.MUTED,
                          anchor="rm")
        right = box[0] - 16
    C.title_and_detail(img, x, cy, right, say(title), say(detail), 22)


# ------------------------------------------------------------------- panel
STOCK_B = 92
STOCK_L = 68
TEXT = 22


class _Panel:
    """The strip under the board: stock, piles, players, legend."""

    def __init__(self, state, names, letters, perspective, width, say=str):
        self.state, self.names, self.letters = state, names, letters
        self.perspective, self.width, self.say = perspective, width, say
        self.card_h = 132
        self.height = 16 + 34 + STOCK_B + 40 + 18 + self.card_h + 18 + 40 + PAD

    def draw(self, img, draw, top: int) -> None:
        draw.rectangle((0, top, self.width, top + self.height), fill=C.PANEL)
        draw.line([(0, top), (self.width, top)], fill=C.FAINT, width=2)
        y = top + 16
        y = self._stock(img, draw, y)
        y = self._players(img, draw, y + 18)
        self._legend(img, draw, y + 18)

    def _stock(self, img, draw, y: int) -> int:
        s, say = self.state, self.say
        caption = C.fit_text(say(Text("Stock (buildings shown at r0)")), 24, self.width - 2 * PAD)
        C.draw_text(img, (PAD, y + 14), caption, 24, C.MUTED, anchor="lm")
        y += 34
        x = PAD
        buildings, landscapes = s.stock_of("B"), s.stock_of("L")
        for b in buildings:
            img.paste(building_face(b, 0, STOCK_B, caption=False), (x, y))
            C.draw_text(img, (x + STOCK_B / 2, y + STOCK_B + 20), b, 26, C.INK, stroke=1, stroke_fill=C.INK)
            x += STOCK_B + 14
        if not buildings:
            none = say(Text("no buildings"))
            C.draw_text(img, (x, y + STOCK_B / 2), none, TEXT, C.MUTED, anchor="lm")
            x += max(150, C.text_width(none, TEXT) + 10)
        x += 16
        ly = y + (STOCK_B - STOCK_L) // 2
        for t in landscapes:
            img.paste(landscape_face(t, STOCK_L), (x, ly))
            C.draw_text(img, (x + STOCK_L / 2, y + STOCK_B + 20), t, 26, C.INK, stroke=1, stroke_fill=C.INK)
            x += STOCK_L + 12
        if not landscapes:
            none = say(Text("no landscapes"))
            C.draw_text(img, (x, y + STOCK_B / 2), none, TEXT, C.MUTED, anchor="lm")
            x += max(160, C.text_width(none, TEXT) + 10)
        # piles, reserves and bank, right-aligned beside the stock
        lines = [
            Text("Bank: {count} chips", count=s.bank) if s.bank != 1 else Text("Bank: {count} chip", count=s.bank),
            Text("Buildings: pile {pile} · reserve {reserve}", pile=len(s.piles['B']), reserve=len(s.reserves['B'])),
            Text("Landscapes: pile {pile} · reserve {reserve}", pile=len(s.piles['L']), reserve=len(s.reserves['L'])),
        ]
        if s.discarded:
            lines.append(Text("Discarded: {count}", count=len(s.discarded)))
        lines = [say(line) for line in lines]
        room = self.width - PAD - (x + 12)
        size = TEXT
        while size > 14 and max(C.text_width(line, size) for line in lines) > room:
            size -= 1
        step = (STOCK_B + 30) / len(lines)
        for i, line in enumerate(lines):
            C.draw_text(img, (self.width - PAD, y + step * (i + 0.5)), C.fit_text(line, size, room),
                        size, C.INK, anchor="rm")
        return y + STOCK_B + 40

    def _players(self, img, draw, y: int) -> int:
        s = self.state
        outcome = s.outcome()
        to_move = s.current_player()
        gap = 16
        w = (self.width - 2 * PAD - gap) // 2
        for seat in (0, 1):
            style = C.player_style(seat)
            x0 = PAD + seat * (w + gap)
            box = (x0, y, x0 + w, y + self.card_h)
            active = seat == to_move or (outcome is not None and seat in outcome.winners and not outcome.is_draw)
            draw.rounded_rectangle(box, 14, fill=C.shade(style.colour, 1.82), outline=style.colour,
                                   width=5 if active else 2)
            C.draw_marker(img, (x0 + 32, y + 30), 40, seat, self.letters[seat])
            tag = C.card_tag(out=False, winners=outcome.winners if outcome else None, seat=seat,
                             to_move=seat == to_move)
            if outcome is None and seat == to_move and s.pending is not None:
                tag = Text("DECIDES")
            # The score as large as Atacama's and Tactori's: on a phone the card lines are small print.
            score = s.final["points"][seat] if s.final else s.scores()[seat]
            right = C.card_title(img, box, seat, self.names, self.perspective, tag, score, say=self.say)
            for i, line in enumerate(self._card_lines(seat)):
                C.draw_text(img, (x0 + 16, y + 74 + i * 32), C.fit_text(self.say(line), TEXT, right - x0 - 16),
                            TEXT, C.INK, anchor="lm")
        return y + self.card_h

    def _card_lines(self, seat: int) -> list[str]:
        s = self.state
        on_board = sum(1 for owner in s.houses.values() if owner == seat)
        if s.final:
            f = s.final
            return [Text("Points {points} = largest group {group} + chips {chips}",
                         points=f['points'][seat], group=f['groups'][seat], chips=f['chips'][seat]),
                    Text("Houses on the table after removal: {houses}", houses=f['houses'][seat])]
        # Ends other than the normal one (final) score the board as it stands: scores() is the outcome.
        return [Text("Chips {chips} · houses: {supply} in supply, {placed} placed",
                     chips=s.chips[seat], supply=s.supply[seat], placed=on_board),
                Text("Score {score} (largest group {group} + chips {chips})",
                     score=s.scores()[seat], group=s.largest_group(seat), chips=s.chips[seat])]

    def _legend(self, img, draw, y: int) -> None:
        x, cy, sw = PAD, y + 16, 30
        say = self.say
        mismatch = bool(_scrutinised(self.state))
        removed = bool(self.state.final and self.state.final.get("removed"))
        words = [say(T.TERRAIN_NAMES[t]) for t in T.TERRAINS] + [say(Text("last turn"))]
        if mismatch:
            words.append(say(Text("side does not match")))
        if removed:
            words.append(say(Text("removed (A9)")))
        # each entry: a swatch, 8 px, its word, 18 px; 8 px more before "last turn"
        size = C.fit_size(words, 20, self.width - 2 * PAD, len(words) * (sw + 8 + 18) - 18 + 8)
        words = iter(words)
        for t in T.TERRAINS:
            img.paste(landscape_face(t, sw), (x, int(cy - sw / 2)))
            box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
            x = box[2] + 18
        x += 8
        C.bold_frame(draw, (x, int(cy - sw / 2), x + sw, int(cy + sw / 2)), 6)
        box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
        x = box[2] + 18
        if mismatch:
            _mismatch_mark(draw, (x + sw / 2, cy), sw / 2 - 1)
            box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
            x = box[2] + 18
        if removed:
            b = (x, int(cy - sw / 2), x + sw, int(cy + sw / 2))
            draw.rectangle(b, fill=C.WHITE, outline=C.FAINT)
            draw.line([(b[0] + 5, b[1] + 5), (b[2] - 5, b[3] - 5)], fill=C.INK, width=3)
            draw.line([(b[0] + 5, b[3] - 5), (b[2] - 5, b[1] + 5)], fill=C.INK, width=3)
            C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
