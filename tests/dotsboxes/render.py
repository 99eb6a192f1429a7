"""The Dots and Boxes board: the dots, each drawn line and taken box in its player's colour (and
the box with the player's letter, so that colour is never the only cue), the last line
highlighted, and a header with every player's boxes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.text import Text
from render import common as C

from . import parse_dot

SIDE = 900  # the image is square
TOP = 140  # the header's height


def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    said = C.sayer(say)
    img = Image.new("RGB", (SIDE, SIDE + TOP), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    letters = C.player_letters(names, state.players)
    scores = state.scores()
    for seat in range(state.players):
        x = 30 + seat * (SIDE - 60) // state.players
        C.draw_marker(img, (x + 22, 40), 36, seat, letters[seat])
        name = said(C.player_name(names, seat))
        if seat == perspective:
            name = said(Text("{player} (you)", player=name))
        C.draw_text(img, (x + 48, 22), C.fit_text(name, 28, (SIDE - 60) // state.players - 60), 28, anchor="lt")
        C.draw_text(img, (x + 48, 62), said(Text("{count} boxes", count=scores[seat])), 24, C.MUTED, anchor="lt")
    if state.current_player() is not None:
        to_move = Text("{player} to move", player=C.player_name(names, state.turn))
        C.draw_text(img, (30, 100), said(to_move), 26, anchor="lt")
    step = (SIDE - 160) // state.size
    origin = (80, TOP + 40 + state.size * step)

    def at(name: str) -> tuple[int, int]:
        col, row = parse_dot(name)
        return origin[0] + col * step, origin[1] - row * step

    for box, seat in state.owners.items():
        x, y = at(box)
        style = C.player_style(seat)
        draw.rectangle((x, y - step, x + step, y), fill=C.shade(style.colour, 1.6))
        C.draw_marker(img, (x + step // 2, y - step // 2), step // 3, seat, letters[seat])
    for line in state.drawn:
        a, b = (at(d) for d in line.split("-"))
        last = line == state.drawn[-1]
        if last:
            draw.line((a, b), fill=C.INK, width=16)
            draw.line((a, b), fill=C.HIGHLIGHT, width=10)
        else:
            draw.line((a, b), fill=C.INK, width=8)
    for col in range(state.size + 1):
        for row in range(state.size + 1):
            x, y = origin[0] + col * step, origin[1] - row * step
            draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=C.INK)
            if row == 0:
                C.draw_text(img, (x, y + 34), chr(ord("a") + col), 24, C.MUTED)
            if col == 0:
                C.draw_text(img, (x - 40, y), str(row + 1), 24, C.MUTED)
    return img
