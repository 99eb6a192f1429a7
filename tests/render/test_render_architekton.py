"""The Architekton board image: budgets, content markers, robustness."""

from __future__ import annotations

import time

import pytest
from PIL import Image
from render_checks import MAX_PNG_BYTES, PNG_SIGNATURE, assert_within_budgets, decode, median_render_ms

from render import RENDERERS, NoRenderer, render_image, render_png
from render import architekton as RA
from render import common as C

NAMES = ["ann", "bob"]


def pixel_differs(a: Image.Image, b: Image.Image, xy: tuple[int, int]) -> bool:
    return a.getpixel(xy) != b.getpixel(xy)


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_png_is_valid_and_within_budgets(playouts, where):
    for states in playouts.values():
        state = {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}[where]
        assert_within_budgets(render_png(state, NAMES))


def test_every_state_of_random_playouts_renders(playouts):
    for seed, states in playouts.items():
        for ply, state in enumerate(states):
            png = render_png(state, NAMES, perspective=ply % 2)
            assert png.startswith(PNG_SIGNATURE), (seed, ply)
            assert len(png) < MAX_PNG_BYTES, (seed, ply)


def test_largest_position_stays_within_budgets(late_state):
    assert_within_budgets(render_png(late_state, NAMES))
    lay = RA.layout(late_state)
    assert lay.cell >= RA.CELL_MIN


def test_board_covers_the_city_with_a_margin(playouts):
    for states in playouts.values():
        for state in (states[0], states[-1]):
            lay = RA.layout(state)
            for x, y in state.tiles:
                assert lay.xmin < x < lay.xmax and lay.ymin < y < lay.ymax
            # every frontier square (where a tile could go) is on the board
            for x, y in RA._frontier(state.tiles):
                assert lay.xmin <= x <= lay.xmax and lay.ymin <= y <= lay.ymax


def test_square_boxes_follow_the_notation(playouts):
    lay = RA.layout(playouts[1][-1])
    x0, y0, _, _ = lay.box((0, 0))
    assert lay.box((1, 0))[0] == x0 + lay.cell  # x grows to the right
    assert lay.box((0, 1))[1] == y0 - lay.cell  # y grows upwards (north up)


def _turn_state(playouts):
    for states in playouts.values():
        for state in states[len(states) // 2 :]:
            if len(state.turn_squares) == 2 and state.outcome() is None and state.pending is None:
                return state
    raise AssertionError("no state with a two-placement turn")


def test_last_move_is_highlighted(playouts):
    state = _turn_state(playouts)
    plain = state.copy()
    plain.turn_squares = []
    marked_img = decode(render_png(state, NAMES))
    plain_img = decode(render_png(plain, NAMES))
    lay = RA.layout(state)
    for sq in state.turn_squares:
        x0, y0, x1, y1 = lay.box(sq)
        cy = (y0 + y1) // 2
        # the frame straddles the square's edge: its middle line is yellow
        assert pixel_differs(marked_img, plain_img, (x0, cy)), sq
        assert pixel_differs(marked_img, plain_img, (x1 - 1, cy)), sq
        r, g, b = marked_img.getpixel((x0, cy))
        assert r > 200 and g > 170 and b < 90, (sq, (r, g, b))  # HIGHLIGHT yellow
    # a tile that was not placed in this turn looks the same in both
    others = [sq for sq in state.tiles if all(abs(sq[0] - t[0]) + abs(sq[1] - t[1]) > 1 for t in state.turn_squares)]
    x0, y0, x1, y1 = lay.box(others[0])
    assert not pixel_differs(marked_img, plain_img, (x0 + 2, (y0 + y1) // 2))


def test_pending_decision_is_marked(playouts):
    state = next(s for states in playouts.values() for s in states if s.pending is not None)
    plain = state.copy()
    plain.pending = None
    a, b = render_image(state, NAMES), render_image(plain, NAMES)
    x0, y0, x1, y1 = RA.layout(state).box(tuple(state.pending))
    band = RA._band(x1 - x0)
    # the dashed frame runs just inside the house's cream square
    assert any(pixel_differs(a, b, (x, y0 + band + 2)) for x in range(x0 + band, x1 - band))


def test_removed_buildings_are_crossed_out(playouts):
    state = next(s for states in playouts.values() for s in states[-1:] if s.final and s.final["removed"])
    plain = state.copy()
    plain.final = dict(plain.final, removed=[])
    a, b = render_image(state, NAMES), render_image(plain, NAMES)
    lay = RA.layout(state)
    for x, y in state.final["removed"]:
        bx0, by0, bx1, by1 = lay.box((x, y))
        # the veil changes the tile's inside, a corner of the cross included
        assert pixel_differs(a, b, (bx0 + (bx1 - bx0) // 4, by0 + (by1 - by0) // 4))


def test_frontier_only_while_the_match_is_on(playouts):
    final = playouts[1][-1]
    assert final.outcome() is not None
    render_png(final, NAMES)  # draws without frontier labels; must not fail


def test_render_is_deterministic(playouts):
    state = playouts[2][len(playouts[2]) // 2]
    assert render_png(state, NAMES) == render_png(state, NAMES)


@pytest.mark.parametrize("names", [[], ["only one"], ["x" * 200, "Ünïcødé ñame with spaces " * 5], ["Anna", "Alex"]])
def test_any_names_render(playouts, names):
    for state in (playouts[3][0], playouts[3][-1]):
        decode(render_png(state, names, perspective=1))


def test_dispatch_by_game_name(playouts):
    assert "architekton" in RENDERERS

    class Fake:
        class game:
            name = "no-such-game"

    with pytest.raises(NoRenderer):
        render_png(Fake(), NAMES)


def test_player_styles_differ_in_shape_and_colour():
    styles = C.PLAYER_STYLES[:2]
    assert styles[0].shape != styles[1].shape
    assert styles[0].colour != styles[1].colour


def test_render_time_of_a_late_position(late_state):
    """Prints the median render time (no assertion: machines differ)."""
    median, png = median_render_ms(late_state, NAMES, runs=15)
    print(
        f"\nArchitekton render, {len(late_state.tiles)} tiles: median {median:.1f} ms, "
        f"{len(png) / 1024:.0f} KB, budget 80 ms / 300 KB"
    )


def test_sprawling_city_keeps_budgets(playouts):
    """45 tiles in one long row: the cells shrink to CELL_MIN, the image widens."""
    from engines.architekton import tiles as T

    state = playouts[1][0].copy()
    buildings = sorted(T.BUILDINGS)
    state.tiles, state.houses = {}, {}
    for x in range(45):
        if x % 2 == 0:
            state.tiles[(x, 0)] = ("L", T.TERRAINS[x // 2 % 4])
        else:
            state.tiles[(x, 0)] = ("B", buildings[x // 2], x % 4)
            state.houses[(x, 0)] = x // 2 % 2
    state.turn_squares = [(43, 0), (44, 0)]
    start = time.perf_counter()
    png = render_png(state, NAMES)
    elapsed = (time.perf_counter() - start) * 1000
    img = assert_within_budgets(png)
    assert RA.layout(state).cell == RA.CELL_MIN
    print(f"\nsprawling 45-tile row: {img.size[0]}x{img.size[1]}, {len(png) / 1024:.0f} KB, {elapsed:.0f} ms (cold)")


def test_the_pending_decision_header_says_a_free_removal_in_words(playouts):
    """With one mismatched side, taking the house back costs k-1 = 0 chips: "remove it for free"."""
    from render.architekton.header import _status

    pending = [s for states in playouts.values() for s in states if s.pending is not None]
    for state in pending:
        k = state.mismatches(tuple(state.pending))
        detail = str(_status(state, NAMES)[2])
        if k == 1:
            assert detail == "keep the house and pay 1 · remove it for free"
        else:
            assert detail == f"keep the house and pay {k} · remove it and pay {k - 1}"
    assert any(s.mismatches(tuple(s.pending)) == 1 for s in pending)
