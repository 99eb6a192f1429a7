"""The panel under the board: a card per player and the legend.

The legend pastes the board's own sprites and fills, so that its samples look
exactly like the board; its rows shrink their words (``C.fit_size``) to fit
longer languages.
"""

from __future__ import annotations

from PIL import Image

from engines.text import Joined, Text

from .. import common as C
from .. import layers
from .bridges import _band, _ghost
from .geometry import BOARD_FILL, CARD_GAP, CARD_H, CENTRE_EDGE, CENTRE_FILL, LEGEND_ROW, PAD, Layout
from .polygons import _points_label, polygon_fill
from .sprites import floor_badge, ring_sprite, stack_sprite

LEGEND_TEXT = 19


def _panel(img, draw, data, names, letters, perspective, lay: Layout, say=str) -> None:
    top = lay.panel_top
    draw.rectangle((0, top, lay.width, lay.height), fill=C.PANEL)
    draw.line([(0, top), (lay.width, top)], fill=C.FAINT, width=2)
    w = (lay.width - 2 * PAD - CARD_GAP) // 2
    y = top + 16
    for seat in range(data["players"]):
        row, col = divmod(seat, 2)
        x0 = PAD + col * (w + CARD_GAP)
        y0 = y + row * (CARD_H + CARD_GAP)
        _card(img, draw, data, names, letters, perspective, seat, (x0, y0, x0 + w, y0 + CARD_H), say)
    rows = (data["players"] + 1) // 2
    _legend(img, draw, data, y + rows * (CARD_H + CARD_GAP) - 4, lay, say)


def _card(img, draw, data, names, letters, perspective, seat: int, box, say=str) -> None:
    style = C.player_style(seat)
    x0, y0, x1, y1 = box
    result = data["result"]
    fem = data["game"] == "tactori-fem"
    out = seat in data["dropped"]
    winner = result is not None and seat in result["winners"]
    to_move = result is None and seat == data["to_move"]
    draw.rounded_rectangle(
        box,
        14,
        fill=C.shade(style.colour, 1.82),
        outline=style.colour,
        width=5 if (to_move or (winner and len(result["winners"]) == 1)) else 2,
    )
    C.draw_marker(img, (x0 + 32, y0 + 30), 40, seat, letters[seat])
    tag = C.card_tag(out=out, winners=result["winners"] if result else None, seat=seat, to_move=to_move)
    score = None if fem else (result["scores"] if result is not None else data["scores"])[seat]
    room = C.card_title(img, box, seat, names, perspective, tag, score, say=say) - (x0 + 16)
    for i, line in enumerate(card_lines(data, seat)):
        text, size = C.fit_line(say(line), 20, room, 15)
        C.draw_text(img, (x0 + 16, y0 + 70 + i * 28), text, size, C.INK, anchor="lm")
    if out:
        C.veil(img, (x0 + 6, y0 + 52, x1 - 6, y1 - 6), C.shade(style.colour, 1.82), 110)


def _supplies(towers: int, bridges: int) -> Text:
    """What a player has left in the supply; none left is said in words, not as a 0."""
    return Text("{towers} · {bridges} left", towers=_towers(towers), bridges=_bridges(bridges))


def _towers(count: int) -> Text:
    if count == 0:
        return Text("no towers")
    return Text("1 tower") if count == 1 else Text("{count} towers", count=count)


def _bridges(count: int) -> Text:
    if count == 0:
        return Text("no bridges")
    return Text("1 bridge") if count == 1 else Text("{count} bridges", count=count)


def card_lines(data, seat: int) -> list[str]:
    """A player's supplies and polygons, in words (Texts)."""
    first = _supplies(data["towers"][seat], data["bridge_supply"][seat])
    polys = (data.get("polygons") or [[]] * data["players"])[seat]
    if data["game"] == "tactori-fem":
        laid = sum(1 for b in data["bridges"] if b["owner"] == seat)
        if polys:
            second = Text("closed a loop")
        elif laid == 0:
            second = Text("no bridges on the board")
        elif laid == 1:
            second = Text("{count} bridge on the board", count=laid)
        else:
            second = Text("{count} bridges on the board", count=laid)
        return [first, second]
    if seat in data["dropped"]:
        return [first, Text("resigned: scores nothing")]
    valid = [p["points"] for p in polys if p.get("valid", True)]
    off = len(polys) - len(valid)
    if not polys:
        second = Text("no polygon") if data["result"] is not None else Text("no polygon yet")
    else:
        if not valid:
            second = Text("polygons: none")
        elif len(valid) == 1:
            second = Text("polygon: {points}", points=valid[0])
        else:
            second = Text("polygons: {points}", points=" + ".join(map(str, valid)))
        if off:
            second = Joined([second, Text("{count} off centre", count=off)], " · ")
    return [first, second]


def _legend(img, draw, data, y: int, lay: Layout, say=str) -> None:
    """The legend, drawn once per game, players, options, language and whether a bridge was taken up."""
    last = data.get("last") or {}
    taken_up = bool(last.get("relocated") or last.get("removed"))
    centre = data["options"].get("centre")
    fem = data["game"] == "tactori-fem"
    # the words the legend draws (and no others: tests/render/test_legends.py listens to what is said)
    texts = [
        Text("stack from above: rings = towers below, outer = bottom; number = height"),
        Text("bridge, number = floor"),
        Text("last turn"),
    ]
    texts += [Text("closed loop: wins")] if fem else [Text("polygon"), Text("its points")]
    if taken_up:
        texts.append(Text("bridge taken up"))
    if centre and not fem:
        texts += [
            Text("centre d4-f6 (variation {variant})", variant=centre),
            Text("not linked to the centre: scores 0"),
        ]
    chased = _chased_owners(data)
    if chased:
        texts.append(Text("crossed out: towers chased back to their supply"))
    key = (
        "tactori legend",
        data["game"],
        data["players"],
        taken_up,
        centre,
        tuple(chased),
        tuple(say(t) for t in texts),
        y,
    )
    layers.layer(
        img,
        key,
        [(0, y - 4, lay.width, lay.height)],
        C.PANEL,
        lambda canvas, pen: _draw_legend(canvas, pen, data, y, lay, say),
    )


def _chased_owners(data) -> list[int]:
    """The owners of the towers the last turn chased (drawn crossed out beside its target), if any."""
    return list((data.get("last") or {}).get("chased") or [])


def _draw_legend(img, draw, data, y: int, lay: Layout, say=str) -> None:
    fem = data["game"] == "tactori-fem"
    room = lay.width - 2 * PAD
    cy = y + LEGEND_ROW / 2
    x = PAD
    words = say(Text("stack from above: rings = towers below, outer = bottom; number = height"))
    t = C.fit_size([words], LEGEND_TEXT, room, 40)
    C.paste_centred(img, stack_sprite((1, 0, 0), 16), (x + 17, cy))
    box = C.draw_text(img, (x + 40, cy), C.fit_text(words, t, room - 40), t, C.INK, anchor="lm")
    cy += LEGEND_ROW
    x = PAD
    # bridge (64 px) and words, 18 px, swatch (36 px) and words, [badge (48 px) and words,] 18 px, ring (34 px)
    # and words
    if fem:
        words = [say(Text("bridge, number = floor")), say(Text("closed loop: wins")), say(Text("last turn"))]
    else:
        words = [
            say(Text("bridge, number = floor")),
            say(Text("polygon")),
            say(Text("its points")),
            say(Text("last turn")),
        ]
    # A bridge taken up this turn (FEM relocation or removal) is drawn as a dashed outline: say so when one is.
    taken_up = bool(data.get("last") and (data["last"].get("relocated") or data["last"].get("removed")))
    if taken_up:
        words.append(say(Text("bridge taken up")))
    t = C.fit_size(words, LEGEND_TEXT, room, 64 + 18 + 36 + 18 + 34 + (0 if fem else 48) + (54 if taken_up else 0))
    draw.rectangle((x, int(cy - 5), x + 56, int(cy + 5)), fill=C.INK)
    draw.rectangle((x + 2, int(cy - 3), x + 54, int(cy + 3)), fill=C.player_style(0).colour)
    C.paste_centred(img, floor_badge(0, 2, 26), (x + 28, cy))
    box = C.draw_text(img, (x + 64, cy), words[0], t, C.INK, anchor="lm")
    x = box[2] + 18
    sw = 30
    if fem:
        # The winning loop is a red band round the polygon's sides, not a fill.
        _band(draw, (x + 7, cy), (x + sw - 7, cy), 14, C.ALERT, C.INK, 2)
    else:
        # Each player's polygons have their own colour and hatching: one slice of the swatch each.
        players = data["players"]
        swatch = Image.new("RGB", (sw, sw), BOARD_FILL)
        for seat in range(players):
            left, right = seat * sw // players, (seat + 1) * sw // players
            fill, alpha = polygon_fill(seat, True, False, right - left, sw, left, 0)
            swatch.paste(fill, (left, 0), alpha)
        img.paste(swatch, (x, int(cy - sw / 2)))
        draw.rectangle((x, int(cy - sw / 2), x + sw - 1, int(cy + sw / 2) - 1), outline=C.INK)
    box = C.draw_text(img, (x + sw + 6, cy), words[1], t, C.INK, anchor="lm")
    if not fem:
        label = _points_label(img, draw, (box[2] + 26, cy), 0, "7", True, 17)
        box = C.draw_text(img, (label[2] + 6, cy), words[2], t, C.INK, anchor="lm")
    x = box[2] + 18
    C.paste_centred(img, ring_sprite(11, False), (x + 15, cy))
    box = C.draw_text(img, (x + 34, cy), words[-2 if taken_up else -1], t, C.INK, anchor="lm")
    if taken_up:
        x = box[2] + 18
        _ghost(draw, (x + 6, cy), (x + 30, cy), 8)
        C.draw_text(img, (x + 46, cy), words[-1], t, C.INK, anchor="lm")
    if data["options"].get("centre") and not fem:
        cy += LEGEND_ROW
        x = PAD
        variant = data["options"]["centre"]
        # centre swatch (38 px), words, 18 px, struck-out badge (~56 px + 8 px), words
        words = [
            say(Text("centre d4-f6 (variation {variant})", variant=variant)),
            say(Text("not linked to the centre: scores 0")),
        ]
        t = C.fit_size(words, LEGEND_TEXT, room, 38 + 18 + 64)
        draw.rounded_rectangle((x, int(cy - 13), x + 30, int(cy + 13)), 6, fill=CENTRE_FILL)
        C.dashed_rect(draw, (x, int(cy - 13), x + 30, int(cy + 13)), CENTRE_EDGE, 2, 5)
        box = C.draw_text(img, (x + 38, cy), words[0], t, C.INK, anchor="lm")
        x = box[2] + 18
        label = _points_label(img, draw, (x + 40, cy), 0, "7", False, 16)
        C.draw_text(img, (label[2] + 8, cy), words[1], t, C.INK, anchor="lm")
    chased = _chased_owners(data)
    if data["options"].get("chase"):
        cy += LEGEND_ROW
        if chased:  # the box beside the target, as the board draws it (crossed-out markers)
            x = PAD
            size = 24
            box = (x, int(cy - size / 2 - 4), x + size + 10, int(cy + size / 2 + 4))
            draw.rounded_rectangle(box, 6, fill=C.WHITE, outline=C.INK, width=2)
            cx = x + 5 + size / 2
            C.draw_marker(img, (cx, cy), size, chased[0])
            h = size * 0.45
            draw.line([(cx - h, cy + h), (cx + h, cy - h)], fill=C.WHITE, width=6)
            draw.line([(cx - h, cy + h), (cx + h, cy - h)], fill=C.ALERT, width=3)
            words = say(Text("crossed out: towers chased back to their supply"))
            t = C.fit_size([words], LEGEND_TEXT, room, size + 18)
            C.draw_text(img, (box[2] + 8, cy), words, t, C.INK, anchor="lm")
