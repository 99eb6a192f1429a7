"""The Atacama board image: budgets, content markers, robustness."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from render_checks import (
    EXAMPLES,
    MAX_PNG_BYTES,
    MIN_SIDE,
    PNG_SIGNATURE,
    ROOT,
    assert_within_budgets,
    close,
    count,
    decode,
    median_render_ms,
    names_for,
    random_playout,
)

from engines import Record, get_game, replay
from engines.atacama import boards as B
from render import RENDERERS, render_image, render_png
from render import atacama as RA
from render import common as C

EXAMPLE = EXAMPLES / "atacama-buildup-tactics.json"
NAMES2 = ["ann", "bob"]
NAMES4 = ["ann", "bob", "cy", "dee"]
VARIANTS = {
    "basic": (2, {}),
    "tactics": (2, {"tactics": True}),
    "buildup": (2, {"buildup": True}),
    "buildup-tactics": (2, {"buildup": True, "tactics": True}),
    "4p": (4, {}),
    "4p-tactics": (4, {"tactics": True}),
}


@pytest.fixture(scope="module")
def playouts() -> dict[str, list]:
    return {
        variant: random_playout("atacama", players, 11, options) for variant, (players, options) in VARIANTS.items()
    }


def empty_position(players: int = 2, **options):
    return get_game("atacama").setup(players, 0, None, options)


# ------------------------------------------------------------------ budgets
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_png_is_valid_and_within_budgets(playouts, variant):
    states = playouts[variant]
    for state in (states[0], states[len(states) // 2], states[-1]):
        assert_within_budgets(render_png(state, names_for(state), perspective=0))


def test_every_state_of_a_match_renders(playouts):
    for variant in ("buildup-tactics", "4p-tactics"):
        for ply, state in enumerate(playouts[variant]):
            png = render_png(state, names_for(state), perspective=ply % state.players)
            assert png.startswith(PNG_SIGNATURE) and len(png) < MAX_PNG_BYTES, (variant, ply)


def test_render_time_of_a_crowded_position(playouts):
    """Prints the median render (image + PNG) once the sprite caches are warm; the time budget is
    checked in ``bench/`` (a timed test fails on a loaded machine), the size budget here."""
    state = max((s for s in playouts["4p-tactics"] if s.outcome() is None), key=lambda s: len(s.towers))
    median, png = median_render_ms(state, NAMES4, runs=9)
    print(
        f"\nAtacama render, 4 players, {len(state.towers)} towers: median {median:.1f} ms, "
        f"{len(png) / 1024:.0f} KB, budget 80 ms / 300 KB"
    )
    assert_within_budgets(png)


def test_render_is_deterministic(playouts):
    state = playouts["tactics"][10]
    assert render_png(state, NAMES2) == render_png(state, NAMES2)


# ------------------------------------------------------------------ content
def test_dispatch_by_game_name():
    assert RENDERERS["atacama"] == "render.atacama"
    assert render_image(empty_position(), NAMES2).size == (
        RA.layout(empty_position()).width,
        RA.layout(empty_position()).height,
    )


def test_field_boxes_follow_the_notation():
    lay = RA.layout(empty_position())
    a9 = lay.box(B.parse_field("a9"))
    i1 = lay.box(B.parse_field("i1"))
    assert a9[:2] == (lay.left, lay.top)  # a9 is the top-left field
    assert i1[2:] == (lay.right, lay.bottom)  # i1 the bottom-right one
    assert lay.box(B.parse_field("b9"))[0] == a9[0] + RA.CELL
    assert lay.box(B.parse_field("a8"))[1] == a9[1] + RA.CELL


def test_ores_differ_by_shape_not_only_colour():
    """Every field shows its ore as a letter with its value: the labels of G3,
    S3 and C3 differ in their drawn shape (alpha), not just in colour."""
    shapes = {o: RA.ore_label(o, 3).getchannel("A").tobytes() for o in B.ORES}
    assert len(set(shapes.values())) == 3
    values = {v: RA.ore_label("G", v).getchannel("A").tobytes() for v in range(1, 6)}
    assert len(set(values.values())) == 5
    # textures differ too
    grounds = {o: RA.ore_ground(o, 60).convert("L").tobytes() for o in B.ORES}
    assert len(set(grounds.values())) == 3


def test_towers_are_drawn_in_the_player_styles():
    state = empty_position(4, tactics=True)
    for move in ("a1", "c1", "e1", "g1"):
        state.play(move)
    img = render_image(state, NAMES4)
    lay = RA.layout(state)
    half = RA.TOWER // 2
    for seat, field in enumerate(("a1", "c1", "e1", "g1")):
        cx, cy = map(int, lay.tower_centre(B.parse_field(field)))
        box = img.crop((cx - half, cy - half, cx + half, cy + half))
        share = count(box, C.player_style(seat).colour, 30) / (box.width * box.height)
        assert share > 0.15, (seat, share)  # the seat's colour fills the marker's shape
    shapes = {C.player_style(s).shape for s in range(4)}
    assert len(shapes) == 4


def test_other_colour_towers_are_marked():
    base = empty_position(tactics=True)
    base.play("e5")
    other = empty_position(tactics=True)
    other.play("e5*")
    a, b = render_image(base, NAMES2), render_image(other, NAMES2)
    lay = RA.layout(base)
    cx, cy = map(int, lay.tower_centre(B.parse_field("e5")))
    # the black x2 badge sits over the marker's bottom-left
    region = (cx - RA.TOWER // 2, cy, cx, cy + RA.TOWER // 2)
    plain, marked = count(a.crop(region), C.INK, 25), count(b.crop(region), C.INK, 25)
    assert marked > plain + 100, (plain, marked)


def test_last_move_is_highlighted():
    state = empty_position()
    state.play("e5")
    plain = state.copy()
    plain.last = None
    a, b = render_image(state, NAMES2), render_image(plain, NAMES2)
    x0, y0, x1, y1 = RA.layout(state).box(B.parse_field("e5"))
    cy = (y0 + y1) // 2
    assert a.getpixel((x0, cy)) != b.getpixel((x0, cy))
    r, g, bl = a.getpixel((x0, cy))
    assert r > 200 and g > 170 and bl < 90  # HIGHLIGHT yellow


def test_line_values_are_solid_at_four_towers_and_grey_below():
    state = empty_position()
    for move in ("a1", "i9", "a3", "i7", "a5"):  # column a: 3 towers
        state.play(move)
    lay = RA.layout(state)
    cx, cy = lay.col_pill(0, 0)
    spot = (int(cx - RA.PILL_W / 2 + 6), int(cy))
    img = render_image(state, NAMES2)
    assert close(img.getpixel(spot), C.PANEL, 6)  # greyed: fewer than 4 towers
    state.play("i5")
    state.play("a7")  # the fourth tower in column a
    img = render_image(state, NAMES2)
    assert close(img.getpixel(spot), C.player_style(0).colour, 20)  # seat 0 scores the columns
    # the rows strip belongs to seat 1: row 1 (a1 only) stays grey
    rx, ry = lay.row_pill(0, 0)
    assert close(img.getpixel((int(rx - RA.PILL_W / 2 + 6), int(ry))), C.PANEL, 6)


def test_four_players_get_two_strips_per_axis(playouts):
    state = playouts["4p"][5]
    lay = RA.layout(state)
    assert (lay.cols_strips, lay.rows_strips) == (2, 2)
    assert [s for s, _ in RA.scorers(state, "cols")] == [0, 2]
    assert [s for s, _ in RA.scorers(state, "rows")] == [1, 3]
    assert RA.layout(playouts["basic"][5]).cols_strips == 1


def test_build_up_shows_unlaid_slots_and_open_rights():
    state = empty_position(buildup=True)
    assert RA.scorers(state, "cols") == [(None, "turquoise")]
    assert RA.scorers(state, "rows") == [(None, "orange")]
    img = render_image(state, NAMES2)
    lay = RA.layout(state)
    # slot (2,2) (fields g1..i3) is not laid: hatched sand, no ore tint
    x0, y0, x1, y1 = lay.box(B.parse_field("i1"))
    pixels = {img.getpixel((x, y0 + 40)) for x in range(x0 + 5, x1 - 5)}
    assert any(close(p, RA.UNLAID, 4) for p in pixels)
    assert any(close(p, RA.UNLAID_HATCH, 4) for p in pixels)
    assert not any(close(p, RA.ORE_COLOURS[o], 4) for p in pixels for o in B.ORES)
    # after the buy the strips belong to the players
    state.play("buy rows")
    assert RA.scorers(state, "cols") == [(1, "turquoise")]
    assert RA.scorers(state, "rows") == [(0, "orange")]


def test_blocked_fields_are_faded_while_the_match_is_on():
    state = empty_position()
    state.play("e5")
    img = render_image(state, NAMES2)
    lay = RA.layout(state)
    fresh = render_image(empty_position(), NAMES2)
    x0, y0, x1, y1 = lay.box(B.parse_field("e4"))  # next to e5: no tower may go there
    spot = (x1 - 6, y0 + 6)
    assert img.getpixel(spot) != fresh.getpixel(spot)
    x0, y0, x1, y1 = lay.box(B.parse_field("a1"))  # far away: untouched
    assert img.getpixel((x1 - 6, y0 + 6)) == fresh.getpixel((x1 - 6, y0 + 6))


def test_header_texts():
    s = empty_position()
    assert RA._status(s, NAMES2)[1] == "ann to move"
    assert "columns" in RA._status(s, NAMES2)[2]
    b = empty_position(buildup=True)
    assert "buy cols" in RA._status(b, NAMES2)[2] and "stage 1" in RA._status(b, NAMES2)[2]
    r = empty_position()
    r.resign(1)
    assert RA._status(r, NAMES2)[1:] == ("ann wins", "bob resigned")
    f = replay(Record.loads(EXAMPLE.read_text("utf-8")))
    assert RA._status(f, NAMES2)[1:] == ("ann wins 1 : -6", "all towers are placed")


def test_cards_show_rights_and_towers_left():
    s = empty_position(tactics=True)
    assert RA._card_lines(s, 0) == ["columns: G+ S+ C–", "14 towers left · 3 other-colour (x2)"]
    b = empty_position(buildup=True)
    b.play("buy cols")
    assert RA._card_lines(b, 0) == ["columns: G+ S+ C– · 1 paid for the right", "13 towers left"]
    assert RA._card_lines(b, 1)[0] == "rows: C+ G+ S–"
    four = empty_position(4)
    four.resign(2)
    assert RA._card_lines(four, 2)[1] == "7 forfeited"


def test_cards_say_no_towers_left_in_words():
    s = empty_position(tactics=True)
    s.supply[0] = (0, 0)
    assert RA._card_lines(s, 0)[1] == "no towers left"  # not "0 towers left · 0 other-colour (x2)"
    s.supply[0] = (1, 0)
    assert RA._card_lines(s, 0)[1] == "1 tower left · no other-colour (x2)"


@pytest.mark.parametrize("names", [[], ["only one"], ["x" * 200, "Ünïcødé ñame " * 8], ["Anna", "Alex"]])
def test_any_names_render(playouts, names):
    for state in (playouts["basic"][0], playouts["4p"][-1]):
        decode(render_png(state, names, perspective=1))


def test_render_cli_draws_the_example(tmp_path):
    out = tmp_path / "board.png"
    proc = subprocess.run(
        [sys.executable, "-m", "render", str(EXAMPLE), "-o", str(out), "--ply", "9"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert min(decode(out.read_bytes()).size) >= MIN_SIDE
    record = json.loads(EXAMPLE.read_text("utf-8"))
    assert len(record["moves"]) > 9


SEAT_AND_RIGHT_COLOURS = ("turquoise", "orange", "blue", "green", "pink")


@pytest.mark.parametrize("players,options", [(4, {}), (2, {"buildup": True}), (2, {"tactics": True})])
def test_no_right_is_named_by_a_colour_a_seat_could_wear(players, options):
    """Green Zoë read "scores the columns (orange)": orange is another seat's colour.  Every line
    the header and the cards draw names a right by its axis and its signs only."""
    from render_checks import random_playout

    states = random_playout("atacama", players, 5, options)
    names = ["Anna", "Bot (hard) 1", "Zoë", "Bot (hard) 2"][:players]
    seen_right = False
    for state in states[::3] + [states[-1]]:
        words: list[str] = []

        def say(text, words=words):
            words.append(str(text))
            return str(text)

        RA.render(state, names, say=say)
        lines = [str(RA._status(state, names)[2])] + [
            str(line) for s in range(players) for line in RA._card_lines(state, s)
        ]
        for text in words + lines:
            assert not any(colour in text.lower() for colour in SEAT_AND_RIGHT_COLOURS), text
        seen_right |= any("G+ S+ C–" in line or "C+ G+ S–" in line for line in lines)
    assert seen_right


@pytest.mark.parametrize("count", [2, 4])
def test_line_values_are_legible_on_a_phone(count):
    """The value pills beside the board read at the ~400 px a phone shows the board: their figures
    at least 7 px high there, and dark enough on the pale pill."""
    from PIL import Image, ImageDraw

    from render.atacama import margins

    state = get_game("atacama").setup(4, 1)
    width = RA.layout(state).width
    img = Image.new("RGB", (RA.PILL_W + 20, RA.PILL_H + 20), C.BACKGROUND)
    margins._draw_value_pill(
        img, ImageDraw.Draw(img), (img.width / 2, img.height / 2), 7, count, C.player_style(0).colour, C.WHITE
    )
    # the figure's pixels: far from the pill's fill, above the tower pips
    fill = img.getpixel((12, img.height // 2))
    top = img.height // 2 - RA.PILL_H // 2 + 3
    rows = [
        y
        for y in range(top, img.height // 2 + 8)
        if any(
            sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), fill)) > 200
            for x in range(img.width // 2 - 20, img.width // 2 + 20)
        )
    ]
    assert rows
    assert (max(rows) - min(rows) + 1) * 400 / width >= 7, (min(rows), max(rows), width)
