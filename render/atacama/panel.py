"""The panel under the board: a card per player and the legend.

The legend pastes the board's own ore grounds, so its samples look exactly like
the fields; its rows shrink their words (``C.fit_size``) to fit longer languages.
"""

from __future__ import annotations

from engines.atacama import boards as B
from engines.text import Joined, Text

from .. import common as C
from .. import layers
from .board import sub_board_tab
from .fields import ore_ground
from .geometry import CARD_H, GRID, LEGEND_ROW, PAD, SUB, SUB_EDGE, Layout
from .header import right_signs


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
        _card(
            img,
            draw,
            state,
            names,
            letters,
            perspective,
            seat,
            scores[seat],
            outcome,
            to_move,
            (x0, y0, x0 + w, y0 + CARD_H),
            say,
        )
    rows = (state.players + 1) // 2
    _legend(img, draw, state, y + rows * (CARD_H + gap) - 4, lay, say)


def _card(img, draw, state, names, letters, perspective, seat, score, outcome, to_move, box, say=str) -> None:
    style = C.player_style(seat)
    x0, y0, x1, y1 = box
    active = seat == to_move or (outcome is not None and seat in outcome.winners and not outcome.is_draw)
    out = seat in state.resigned
    draw.rounded_rectangle(box, 14, fill=C.shade(style.colour, 1.82), outline=style.colour, width=5 if active else 2)
    C.draw_marker(img, (x0 + 32, y0 + 30), 40, seat, letters[seat])
    tag = C.card_tag(out=out, winners=outcome.winners if outcome else None, seat=seat, to_move=seat == to_move)
    room = C.card_title(img, box, seat, names, perspective, tag, score, say=say) - (x0 + 16)
    for i, line in enumerate(_card_lines(state, seat)):
        text, size = C.fit_line(say(line), 20, room, 15)
        C.draw_text(img, (x0 + 16, y0 + 70 + i * 28), text, size, C.INK, anchor="lm")
    if out:
        C.veil(img, (x0 + 6, y0 + 52, x1 - 6, y1 - 6), C.shade(style.colour, 1.82), 110)


def _card_lines(state, seat: int) -> list[str]:
    """A player's right and towers, as Texts: the right by its axis and signs (no rulebook colour,
    which would read as a seat's), the towers left and, with tactics, how many of them score
    double (other-colour towers, the legend's x2)."""
    right = state.rights[seat]
    if right is None:
        first = Text("no right yet")
    else:
        first = Text("{axis}: {signs}", axis=B.AXIS_WORDS[right[0]], signs=right_signs(right))
    if state.bought[seat]:
        first = Joined([first, Text("1 paid for the right")], " · ")
    base, other = state.supply[seat]
    count = base + other
    if count == 0:
        left = Text("no towers left")  # not "0 towers left"
    elif count == 1:
        left = Text("{count} tower left", count=count)
    else:
        left = Text("{count} towers left", count=count)
    if state.tactics and count:
        doubled = Text("{count} other-colour (x2)", count=other) if other else Text("no other-colour (x2)")
        left = Joined([left, doubled], " · ")
    if seat in state.resigned and sum(state.forfeited[seat]):
        left = Text("{count} forfeited", count=sum(state.forfeited[seat]))
    return [first, left]


def _legend(img, draw, state, y: int, lay: Layout, say=str) -> None:
    """The legend's three rows, drawn once per language, options and layout.

    The ore letters are the same in every language (as on the cards' ``C+ G+ S-``): French initials
    would give an O that reads as a zero and an A like a sub-board's; the legend says each one's ore."""
    first = [say(Text("{letter} = {ore}", letter=ore, ore=B.ORE_NAMES[ore])) for ore in B.ORES]
    if state.tactics:
        first.append(say(Text("other-colour tower, scores double")))
    second = [
        say(Text("last move")),
        say(Text("pale: no tower may go there")),
        say(Text("line value, scores at 4 towers")),
    ]
    third = [say(Text("sub-board A to I (its letter on the frame, not a player's)"))]
    box = (0, y - 4, lay.width, lay.height)
    layers.layer(
        img,
        ("atacama legend", state.tactics, tuple(first), tuple(second), tuple(third), y),
        [box],
        C.PANEL,
        lambda canvas, pen: _draw_legend(canvas, pen, state.tactics, first, second, third, y, lay),
    )


def _draw_legend(
    img, draw, tactics: bool, first: list[str], second: list[str], third: list[str], y: int, lay: Layout
) -> None:
    sw = 30
    room = lay.width - 2 * PAD
    cy = y + LEGEND_ROW / 2
    x = PAD
    # the first row: each ore (swatch, 6 px, words, 16 px), then the x2 badge (40 px, 6 px, words)
    words = first
    size = C.fit_size(words, 19, room, 3 * (sw + 6 + 16) + (46 if tactics else -16))
    for ore, word in zip(B.ORES, words):
        img.paste(ore_ground(ore, sw), (x, int(cy - sw / 2)))
        draw.rectangle((x, int(cy - sw / 2), x + sw - 1, int(cy + sw / 2) - 1), outline=GRID)
        box = C.draw_text(img, (x + sw + 6, cy), word, size, C.INK, anchor="lm")
        x = box[2] + 16
    if tactics:
        b = (x, int(cy - 13), x + 40, int(cy + 13))
        draw.rounded_rectangle(b, 13, fill=C.INK)
        C.draw_text(img, ((b[0] + b[2]) / 2, cy), "x2", 18, C.WHITE)
        C.draw_text(img, (b[2] + 6, cy), words[-1], size, C.INK, anchor="lm")
    cy += LEGEND_ROW
    x = PAD
    # the second row: frame, faded field and value badge (56 px), each with 6 px and its words
    words = second
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
    cy += LEGEND_ROW
    x = PAD
    # the third row: a corner of a sub-board's frame with its lettered tab, then the words
    top = int(cy - sw / 2) - 2
    corner = (x + sw + 4, top)
    draw.rectangle((x, top, corner[0] - 1, top + SUB - 1), fill=SUB_EDGE)
    draw.rectangle((corner[0] - SUB, top, corner[0] - 1, top + sw + 3), fill=SUB_EDGE)
    sub_board_tab(draw, img, (corner[0] - SUB, top + SUB), "A")
    size = C.fit_size(third, 19, room, sw + 4 + 6)
    C.draw_text(img, (corner[0] + 8, cy), third[0], size, C.INK, anchor="lm")
