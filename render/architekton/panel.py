"""The panel under the board: the open stock and piles, a card per player, the legend.

The stock and the legend paste the board's own tile faces, so their samples
look exactly like the board; their words shrink to fit longer languages.
"""

from __future__ import annotations

from engines.architekton import tiles as T
from engines.text import Text

from .. import common as C
from .. import layers
from .board import _mismatch_mark, _scrutinised
from .faces import building_face, landscape_face
from .geometry import PAD

STOCK_B = 92
STOCK_L = 68
TEXT = 22
CARD_LEAST = 16  # px: a card line shrinks down to this before it would be cut


class _Panel:
    """The strip under the board: stock, piles, players, legend."""

    def __init__(self, state, names, letters, perspective, width, say=str):
        self.state, self.names, self.letters = state, names, letters
        self.perspective, self.width, self.say = perspective, width, say
        self.card_h = 132
        self.height = 16 + 34 + STOCK_B + 40 + 18 + self.card_h + 18 + 2 * LEGEND_ROW + PAD

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
            _bank(s.bank),
            Text("Buildings: pile {pile} · reserve {reserve}", pile=len(s.piles["B"]), reserve=len(s.reserves["B"])),
            Text("Landscapes: pile {pile} · reserve {reserve}", pile=len(s.piles["L"]), reserve=len(s.reserves["L"])),
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
            C.draw_text(
                img, (self.width - PAD, y + step * (i + 0.5)), C.fit_text(line, size, room), size, C.INK, anchor="rm"
            )
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
            draw.rounded_rectangle(
                box, 14, fill=C.shade(style.colour, 1.82), outline=style.colour, width=5 if active else 2
            )
            C.draw_marker(img, (x0 + 32, y + 30), 40, seat, self.letters[seat])
            tag = C.card_tag(
                out=False, winners=outcome.winners if outcome else None, seat=seat, to_move=seat == to_move
            )
            if outcome is None and seat == to_move and s.pending is not None:
                tag = Text("DECIDES")
            # The score as large as Atacama's and Tactori's: on a phone the card lines are small print.
            score = s.final["points"][seat] if s.final else s.scores()[seat]
            right = C.card_title(img, box, seat, self.names, self.perspective, tag, score, say=self.say)
            for i, line in enumerate(self._card_lines(seat)):
                text, size = C.fit_line(self.say(line), TEXT, right - x0 - 16, CARD_LEAST)
                C.draw_text(img, (x0 + 16, y + 74 + i * 32), text, size, C.INK, anchor="lm")
        return y + self.card_h

    def _card_lines(self, seat: int) -> list[str]:
        s = self.state
        on_board = sum(1 for owner in s.houses.values() if owner == seat)
        if s.final:
            f = s.final
            return [
                Text(
                    "Points {points} = largest group {group} + chips {chips}",
                    points=f["points"][seat],
                    group=f["groups"][seat],
                    chips=f["chips"][seat],
                ),
                Text("Houses on the table after removal: {houses}", houses=f["houses"][seat]),
            ]
        # Ends other than the normal one (final) score the board as it stands: scores() is the outcome.
        return [
            Text(
                "Chips {chips} · houses: {supply} in supply, {placed} placed",
                chips=s.chips[seat],
                supply=s.supply[seat],
                placed=on_board,
            ),
            Text(
                "Score {score} (largest group {group} + chips {chips})",
                score=s.scores()[seat],
                group=s.largest_group(seat),
                chips=s.chips[seat],
            ),
        ]

    def _legend(self, img, draw, y: int) -> None:
        """Two rows, drawn once per language, width and marks shown: the terrains, then the marks.

        The terrain letters stay the same in every language: they are what a player types
        (``W@2,0``), so the legend says which terrain each one is, in the reader's language."""
        marks = tuple(mark for _, mark in _scrutinised(self.state))
        removed = bool(self.state.final and self.state.final.get("removed"))
        # the words the legend draws, and no others (tests/render/test_legends.py listens to what is said)
        terrains = tuple(self.say(_terrain_words(t)) for t in T.TERRAINS) + (self.say(LETTERS_TYPED),)
        texts = [Text("last turn")] + [Text("side does not match")] * bool(marks)
        texts += [MARK_WORDS[mark] for mark in dict.fromkeys(marks)] + [Text("removed at final scoring")] * removed
        words = tuple(self.say(t) for t in texts)
        layers.layer(
            img,
            ("architekton legend", marks, removed, terrains, words, y),
            [(0, y - 8, self.width, y + 2 * LEGEND_ROW)],
            C.PANEL,
            lambda canvas, pen: self._draw_legend(canvas, pen, y, terrains, words, marks, removed),
        )

    def _draw_legend(self, img, draw, y: int, terrains, words, marks, removed: bool) -> None:
        x, cy, sw = PAD, y + 16, 30
        room = self.width - 2 * PAD
        # the first row: each terrain (a swatch, 8 px, "E = earth", 18 px), then how the letters are used
        size = C.fit_size(list(terrains), 20, room, len(terrains) * (sw + 8 + 18) - sw - 8)
        for t, word in zip(T.TERRAINS, terrains):
            img.paste(landscape_face(t, sw), (x, int(cy - sw / 2)))
            box = C.draw_text(img, (x + sw + 8, cy), word, size, C.INK, anchor="lm")
            x = box[2] + 18
        C.draw_text(img, (x + 8, cy), terrains[-1], size, C.MUTED, anchor="lm")
        x, cy = PAD, cy + LEGEND_ROW
        mismatch = bool(marks)
        # the second row: each mark (a swatch, 8 px, its words, 18 px)
        size = C.fit_size(list(words), 20, room, len(words) * (sw + 8 + 18) - 18)
        words = iter(words)
        C.bold_frame(draw, (x, int(cy - sw / 2), x + sw, int(cy + sw / 2)), 6)
        box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
        x = box[2] + 18
        if mismatch:
            _mismatch_mark(draw, (x + sw / 2, cy), sw / 2 - 1)
            box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
            x = box[2] + 18
        for mark in dict.fromkeys(marks):
            # the badge as the board draws it beside the enclosed building's house
            C.pill(img, (x + sw / 2, cy), mark, 22, C.ALERT, anchor="mm")
            box = C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")
            x = box[2] + 18
        if removed:
            b = (x, int(cy - sw / 2), x + sw, int(cy + sw / 2))
            draw.rectangle(b, fill=C.WHITE, outline=C.FAINT)
            draw.line([(b[0] + 5, b[1] + 5), (b[2] - 5, b[3] - 5)], fill=C.INK, width=3)
            draw.line([(b[0] + 5, b[3] - 5), (b[2] - 5, b[1] + 5)], fill=C.INK, width=3)
            C.draw_text(img, (x + sw + 8, cy), next(words), size, C.INK, anchor="lm")


LEGEND_ROW = 36
# What the badge beside an enclosed building's house means (render/architekton/board.py).
MARK_WORDS = {"?": Text("decision pending: keep or remove"), "!": Text("enclosed, could not be paid")}
LETTERS_TYPED = Text("(the letters of the moves, e.g. W@2,0)")


def _terrain_words(terrain: str) -> Text:
    """``E = earth``: the letter a move names the terrain by, and the terrain in words."""
    return Text("{letter} = {terrain}", letter=terrain, terrain=T.TERRAIN_NAMES[terrain])


def _bank(chips: int) -> Text:
    """The chips in the bank; an empty bank is said so, not as "0 chips"."""
    if chips == 0:
        return Text("Bank: empty")
    return Text("Bank: {count} chip", count=chips) if chips == 1 else Text("Bank: {count} chips", count=chips)
