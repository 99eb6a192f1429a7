"""The Tactori / Tactori FEM board image: budgets, content markers, robustness.

Run as a script (``python tests/render/test_render_tactori.py [DIR]``) it writes
the sample positions to ``DIR/tactori-*.png`` (default ``/tmp``) for a look.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # so that the script mode finds engines/ and render/
    sys.path.insert(0, str(ROOT))

from render_checks import (  # noqa: E402
    PNG_SIGNATURE,
    assert_within_budgets,
    close,
    count,
    decode,
    median_render_ms,
    names_for,
    random_playout,
)

from engines import get_game  # noqa: E402
from render import RENDERERS, render_image, render_png  # noqa: E402
from render import common as C  # noqa: E402
from render import tactori as RT  # noqa: E402

NAMES2 = ["ann", "bob"]
NAMES3 = ["ann", "bob", "cy"]
NAMES4 = ["ann", "bob", "cy", "dee"]
VARIANTS = {
    "2p": ("tactori", 2, {}),
    "3p-centre1": ("tactori", 3, {"centre": 1}),
    "4p-chase-centre2": ("tactori", 4, {"chase": True, "centre": 2}),
    "fem": ("tactori-fem", 2, {}),
    "fem-stacks-chase": ("tactori-fem", 2, {"stacks": True, "chase": True}),
}


def playout(game: str, players: int, options: dict, seed: int, greedy: float = 0.0, limit: int = 400) -> list:
    """Every state of a random match from ``seed``.  With ``greedy`` > 0 that share of
    the turns lays bridges when it can (preferring the best score), so that
    polygons and loops appear; pure random play rarely closes one."""

    def pick(state, rng: random.Random) -> str:
        moves = state.legal_moves()
        move = rng.choice(moves)
        if rng.random() < greedy:
            bridged = [m for m in moves if "=" in m]
            if bridged:
                me = state.to_move

                def value(m: str) -> tuple:
                    after = state.copy()
                    after.play(m)
                    won = after.outcome() is not None and me in after.outcome().winners
                    return (won, after.scores()[me], rng.random())

                move = max(rng.sample(bridged, min(40, len(bridged))), key=value)
        return move

    return random_playout(game, players, seed, options, pick=pick, limit=limit)


@pytest.fixture(scope="module")
def playouts() -> dict[str, list]:
    out = {}
    for key, (game, players, options) in VARIANTS.items():
        out[key] = playout(game, players, options, 7)
        out[key + "-greedy"] = playout(game, players, options, 3, greedy=0.8)
    return out


def build(game: str, players: int, stacks: dict[str, str], bridges=(), *, to_move: int = 0, **options):
    """A position from its parts, through the engine's JSON: ``stacks`` maps fields
    to owners bottom to top (``"011"``), ``bridges`` are ``("a1c1", owner, floor)``."""
    state = get_game(game).setup(players, 0, {}, options)
    data = state.to_json()
    data["stacks"] = {f: [int(o) for o in owners] for f, owners in stacks.items()}
    data["bridges"] = [{"from": spec[0][:2], "to": spec[0][2:], "owner": spec[1], "floor": spec[2]} for spec in bridges]
    data["towers"] = [16 - sum(o.count(str(s)) for o in stacks.values()) for s in range(players)]
    data["bridge_supply"] = [15 - sum(1 for b in bridges if b[1] == s) for s in range(players)]
    data["to_move"] = to_move
    data["history"] = {}
    return get_game(game).state_from_json(data)


def mask(img: Image.Image, colour, tol: int = 40) -> list[bool]:
    """Per pixel: within ``tol`` of ``colour``."""
    raw = img.convert("RGB").tobytes()
    return [close(raw[i : i + 3], colour, tol) for i in range(0, len(raw), 3)]


def without_last(state):
    plain = state.copy()
    plain.last = None
    return plain


# ------------------------------------------------------------------ samples
def mid_game_2p():
    """A 2-player match in its middle: polygons of both players, a bridge on floor 2."""
    states = playout("tactori", 2, {"chase": True}, 10, greedy=0.85)
    return states[32]


def late_game_4p():
    """A 4-player match in its last round."""
    states = playout("tactori", 4, {"chase": True}, 5, greedy=0.6)
    return next(s for s in states if s.countdown) if any(s.countdown for s in states) else states[-1]


def fem_loop():
    """A FEM match won by a loop."""
    states = playout("tactori-fem", 2, {"stacks": True, "chase": True}, 3, greedy=0.5)
    assert states[-1].result["end"] == "loop"
    return states[-1]


def centre_game():
    """Centre variation 2: one polygon scores, one off the centre does not."""
    s = build(
        "tactori",
        3,
        {
            "d4": "1",
            "f4": "1",
            "d6": "1",
            "f6": "1",
            "a7": "0",
            "c7": "0",
            "a9": "0",
            "c9": "0",
            "h1": "2",
            "h3": "20",
            "e1": "22",
        },
        [
            ("d4f4", 1, 1),
            ("d6f6", 1, 1),
            ("d4d6", 1, 1),
            ("f4f6", 1, 1),
            ("a7c7", 0, 1),
            ("a9c9", 0, 1),
            ("a7a9", 0, 1),
            ("c7c9", 0, 1),
        ],
        to_move=1,
        centre=2,
    )
    s.play("+f5")
    return s


SAMPLES = {
    "2p-mid": (mid_game_2p, NAMES2),
    "4p-late": (late_game_4p, NAMES4),
    "fem-loop": (fem_loop, NAMES2),
    "centre": (centre_game, NAMES3),
}


def write_samples(folder: str = "/tmp") -> list[Path]:
    paths = []
    for key, (make, names) in SAMPLES.items():
        path = Path(folder) / f"tactori-{key}.png"
        path.write_bytes(render_png(make(), names, perspective=0))
        paths.append(path)
    return paths


# ------------------------------------------------------------------ budgets
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_png_is_valid_and_within_budgets(playouts, variant):
    for key in (variant, variant + "-greedy"):
        states = playouts[key]
        for state in (states[0], states[len(states) // 2], states[-1]):
            assert_within_budgets(render_png(state, names_for(state), perspective=0))


def test_every_state_of_random_matches_renders(playouts):
    """Every position of ten matches (five option sets, random and bridge-happy play)."""
    for key, states in playouts.items():
        for ply, state in enumerate(states):
            img = render_image(state, names_for(state), perspective=ply % state.players)
            assert min(img.size) >= 800, (key, ply)
            if ply % 25 == 0 or ply == len(states) - 1:
                assert render_png(state, names_for(state)).startswith(PNG_SIGNATURE), (key, ply)


def test_playouts_reach_what_is_drawn(playouts):
    """The playouts above do exercise polygons, loops and stacks."""
    greedy = playouts["2p-greedy"][-1]
    assert any(greedy.polygons(s) for s in range(2))
    assert playouts["fem-greedy"][-1].result["end"] == "loop"
    assert max(len(s) for s in playouts["fem-stacks-chase"][-1].board.stacks) >= 2


def test_samples_render(tmp_path):
    for path in write_samples(str(tmp_path)):
        assert_within_budgets(path.read_bytes())


def test_render_time_of_a_big_position(playouts):
    """Prints the median render (image + PNG) of the most crowded position; no assertion."""
    state = max(
        (s for k, states in playouts.items() if k.startswith("4p") for s in states),
        key=lambda s: len(s.board.bridges) * 4 + sum(map(len, s.board.stacks)),
    )
    median, png = median_render_ms(state, NAMES4, runs=9)
    print(
        f"\nTactori render, 4 players, {sum(map(len, state.board.stacks))} towers, "
        f"{len(state.board.bridges)} bridges: median {median:.1f} ms, {len(png) / 1024:.0f} KB "
        f"(budget 80 ms / 300 KB)"
    )


def test_render_is_deterministic(playouts):
    state = playouts["4p-chase-centre2-greedy"][30]
    assert render_png(state, NAMES4) == render_png(state, NAMES4)


# ------------------------------------------------------------------ content
def test_dispatch_by_game_name():
    assert RENDERERS["tactori"] == "render.tactori"
    assert RENDERERS["tactori-fem"] in ("render.tactori", "render.tactori_fem")
    for game, size in (("tactori", 9), ("tactori-fem", 5)):
        state = get_game(game).setup(2, 0, {}, {})
        lay = RT.layout(state)
        assert lay.n == size
        assert render_image(state, NAMES2).size == (lay.width, lay.height)


def test_points_follow_the_notation():
    for game, last in (("tactori", "i9"), ("tactori-fem", "e5")):
        lay = RT.layout(get_game(game).setup(2, 0, {}, {}))
        a1, top = lay.point("a1"), lay.point(last)
        assert a1[0] < top[0] and a1[1] > top[1]  # a1 bottom left, the last field top right
        assert lay.point("b1")[0] - a1[0] == pytest.approx(lay.spacing)
        assert a1[1] - lay.point("a2")[1] == pytest.approx(lay.spacing)
        assert lay.left < a1[0] - lay.radius and top[0] + lay.radius < lay.right


def test_stacks_show_the_order_of_owners_and_the_height():
    r = 40
    a, b = RT.stack_sprite((0, 1), r), RT.stack_sprite((1, 0), r)
    c = a.width / 2
    ring = (int(c + r - 5), int(c))  # inside the outer ring: the bottom tower
    assert close(a.getpixel(ring)[:3], C.player_style(0).colour, 30)
    assert close(b.getpixel(ring)[:3], C.player_style(1).colour, 30)
    centre = (int(c - r * 0.35), int(c - r * 0.35))  # inside the top marker, off the digit
    assert close(a.getpixel(centre)[:3], C.player_style(1).colour, 30)
    assert close(b.getpixel(centre)[:3], C.player_style(0).colour, 30)
    # the height is written on the top tower: (0, 1) and (0, 0, 1) differ
    assert RT.stack_sprite((0, 0, 1), r).tobytes() != RT.stack_sprite((0, 1), r).tobytes()
    assert RT.stack_sprite((0, 1, 1), r).tobytes() != RT.stack_sprite((0, 0, 1), r).tobytes()
    # very tall stacks still draw (the lowest towers merge into a grey band)
    assert RT.stack_sprite(tuple([0, 1, 2, 3] * 5), r).size == a.size


def test_towers_are_drawn_in_the_player_styles():
    state = build("tactori", 4, {"a1": "0", "c1": "1", "e1": "2", "g1": "3"})
    img = render_image(state, NAMES4)
    lay = RT.layout(state)
    h = lay.radius // 2
    for seat, field in enumerate(("a1", "c1", "e1", "g1")):
        x, y = map(int, lay.point(field))
        box = img.crop((x - h, y - h, x + h, y + h))
        share = count(box, C.player_style(seat).colour, 30) / (box.width * box.height)
        assert share > 0.2, (seat, share)
    assert len({C.player_style(s).shape for s in range(4)}) == 4


def test_last_place_is_highlighted():
    state = get_game("tactori").setup(2, 0, {}, {})
    state.play("+e5")
    a, b = render_image(state, NAMES2), render_image(without_last(state), NAMES2)
    lay = RT.layout(state)
    x, y = lay.point("e5")
    spot = (int(x), int(y - lay.ring))  # on the ring round the tower
    assert a.getpixel(spot) != b.getpixel(spot)
    assert close(a.getpixel(spot), C.HIGHLIGHT, 40)


def test_last_move_marks_origin_target_and_bridges():
    state = build("tactori", 2, {"c3": "0", "e5": "0", "c7": "1"})
    state.play("c3-c5 =c5e5")
    a, b = render_image(state, NAMES2), render_image(without_last(state), NAMES2)
    lay = RT.layout(state)
    ox, oy = lay.point("c3")
    tx, ty = lay.point("c5")
    assert (
        count(
            a.crop(
                (int(ox - lay.ring - 12), int(oy - lay.ring - 12), int(ox + lay.ring + 12), int(oy + lay.ring + 12))
            ),
            C.HIGHLIGHT,
            40,
        )
        > 200
    )  # the dashed origin ring
    assert close(a.getpixel((int(tx - lay.ring), int(ty))), C.HIGHLIGHT, 40)  # the target ring
    # the new bridge c5-e5 glows yellow beside its coloured core
    gx, gy = lay.point("d5")
    side = int(gy - lay.bridge / 2 - 3 - 5)
    assert close(a.getpixel((int(gx + lay.spacing / 4), side)), C.HIGHLIGHT, 40)
    assert not close(b.getpixel((int(gx + lay.spacing / 4), side)), C.HIGHLIGHT, 40)
    # the arrow from c3 to c5 passes beside c4
    px, py = lay.point("c4")
    strip = (int(px - lay.spacing * 0.6), int(py - 10), int(px + lay.spacing * 0.6), int(py + 10))
    assert count(a.crop(strip), C.HIGHLIGHT, 40) > count(b.crop(strip), C.HIGHLIGHT, 40) + 20


def test_relocated_and_removed_bridges_leave_a_ghost():
    state = build("tactori-fem", 2, {"a1": "0", "c1": "0", "a3": "0", "e5": "1"}, [("a1c1", 0, 1)])
    state.play("=a1a3<a1c1")
    img = render_image(state, NAMES2)
    plain = render_image(without_last(state), NAMES2)
    lay = RT.layout(state)
    x, y = lay.point("b1")
    spot = (int(x + lay.spacing / 4), int(y))  # where a1-c1 lay: white, dashed round
    assert close(img.getpixel(spot), C.WHITE, 6) and not close(plain.getpixel(spot), C.WHITE, 6)
    removed = build("tactori-fem", 2, {"a1": "0", "c1": "0", "e5": "1"}, [("a1c1", 0, 1)])
    removed.play("x=a1c1")
    assert close(render_image(removed, NAMES2).getpixel(spot), C.WHITE, 6)


def test_chased_towers_are_shown_crossed_out():
    state = build("tactori", 2, {"c3": "00", "c7": "1"}, chase=True)
    state.play("2c3-c7x1")
    assert state.last["chased"] == [1]
    a, b = render_image(state, NAMES2), render_image(without_last(state), NAMES2)
    lay = RT.layout(state)
    box = RT.chased_box(lay, "c7", 1)
    x, y = lay.point("c7")
    assert box[0] > x and box[3] < y  # up and right of the target
    assert count(a.crop(box), C.ALERT, 30) > 20 and count(b.crop(box), C.ALERT, 30) == 0
    assert count(a.crop(box), C.player_style(1).colour, 30) > 20  # the chased tower's owner
    assert RT.chased_box(lay, "i9", 2)[2] <= lay.right  # at the corner it stays on the board


def test_crossing_bridges_higher_over_lower():
    """c2-c4 on floor 2 crosses b3-d3 on floor 1 at c3: c3 shows the higher bridge,
    and the lower one has a gap on each side of it."""
    state = build("tactori", 2, {"b3": "0", "d3": "0", "c2": "11", "c4": "11"}, [("b3d3", 0, 1), ("c2c4", 1, 2)])
    img = render_image(state, NAMES2)
    lay = RT.layout(state)
    x, y = lay.point("c3")
    assert close(img.getpixel((int(x), int(y))), C.player_style(1).colour, 20)
    gap = int(x + lay.bridge / 2 + 3 + 2)  # just beside the upper bridge's edge
    assert close(img.getpixel((gap, int(y) + 4)), RT.BOARD_FILL, 30)
    far = int(x + lay.spacing / 4)
    assert close(img.getpixel((far, int(y))), C.player_style(0).colour, 20)


def test_floor_badges_sit_on_the_bridges():
    state = build("tactori", 2, {"a1": "000", "c1": "000"}, [("a1c1", 0, 3)])
    img = render_image(state, NAMES2)
    lay = RT.layout(state)
    x, y = RT._badge_pos({"from": "a1", "mid": "b1"}, lay)
    assert close(img.getpixel((int(x - lay.badge * 0.26), int(y))), C.WHITE, 10)  # the badge's white face
    assert count(img.crop((int(x - 8), int(y - 8), int(x + 8), int(y + 8))), C.INK, 40) > 10  # its digit


def test_polygons_are_hatched_and_labelled():
    square = {"a1": "0", "c1": "0", "a3": "0", "c3": "0", "g7": "1", "i7": "1", "g9": "11", "i9": "11"}
    bridges = [("a1c1", 0, 1), ("a3c3", 0, 1), ("a1a3", 0, 1), ("c1c3", 0, 1), ("g7i7", 1, 1), ("g9i9", 1, 2)]
    state = build("tactori", 2, square, bridges)
    assert [p.points for p in state.polygons(0)] == [4]
    img = render_image(state, NAMES2)
    lay = RT.layout(state)
    x, y = lay.point("b2")  # the middle of the polygon: its points label
    assert close(img.getpixel((int(x - 12), int(y))), C.player_style(0).colour, 12)
    inside = img.crop(tuple(map(int, (*lay.xy(0.15, 0.6), *lay.xy(0.6, 0.15)))))
    hatch = count(inside, C.player_style(0).colour, 40)
    assert 100 < hatch < inside.width * inside.height * 0.6  # hatched, not solid
    outside = img.crop(tuple(map(int, (*lay.xy(4.1, 4.9), *lay.xy(4.9, 4.1)))))
    assert count(outside, C.player_style(0).colour, 40) == 0
    # the hatching differs by seat: the same square for seat 1
    other = build("tactori", 2, {f: "1" for f in ("a1", "c1", "a3", "c3")}, [(b, 1, 1) for b, _, _ in bridges[:4]])
    inside1 = render_image(other, NAMES2).crop(tuple(map(int, (*lay.xy(0.15, 0.6), *lay.xy(0.6, 0.15)))))
    mask0, mask1 = mask(inside, C.player_style(0).colour), mask(inside1, C.player_style(1).colour)
    assert sum(a and b for a, b in zip(mask0, mask1)) < 0.5 * min(sum(mask0), sum(mask1))


def test_centre_variation_marks_the_centre_and_unscored_polygons():
    state = centre_game()
    polys = state.polygons(0)
    assert polys and not polys[0].valid and all(p.valid for p in state.polygons(1))
    img = render_image(state, NAMES3)
    lay = RT.layout(state)
    # the struck-out label of seat 0's polygon (a7-c9): ALERT pixels at its middle
    x, y = lay.point("b8")
    assert count(img.crop((int(x - 30), int(y - 20), int(x + 30), int(y + 20))), C.ALERT, 30) > 20
    # the centre tint, also behind the coordinates d..f and 4..6
    plain = build("tactori", 3, {"e1": "2"})
    tinted = build("tactori", 3, {"e1": "2"}, centre=1)
    a, b = render_image(plain, NAMES3), render_image(tinted, NAMES3)
    spot = tuple(map(int, lay.xy(3.2, 3.8)))
    assert not close(a.getpixel(spot), RT.CENTRE_FILL, 8) and close(b.getpixel(spot), RT.CENTRE_FILL, 8)
    cx, _ = lay.point("e9")
    assert close(b.getpixel((int(cx + 20), lay.top - RT.COORD // 2)), RT.CENTRE_FILL, 8)


def test_fem_loop_is_outlined():
    state = build(
        "tactori-fem",
        2,
        {"a1": "0", "c1": "0", "a3": "0", "c3": "0", "e5": "1"},
        [("a1c1", 0, 1), ("a1a3", 0, 1), ("c1c3", 0, 1)],
    )
    before = render_image(state, NAMES2)
    state.play("=a3c3")
    assert state.result["end"] == "loop"
    after = render_image(state, NAMES2)
    lay = RT.layout(state)
    area = tuple(map(int, (*lay.xy(-0.3, 2.3), *lay.xy(2.3, -0.3))))
    assert count(after.crop(area), C.ALERT, 30) > 500 > count(before.crop(area), C.ALERT, 30)


def test_four_players_late_position(playouts):
    state = playouts["4p-chase-centre2-greedy"][-1]
    img = decode(render_png(state, NAMES4, perspective=3))
    lay = RT.layout(state)
    assert img.size == (lay.width, lay.height) and lay.players == 4
    # four cards, each framed in its seat's colour
    top = lay.panel_top + 16
    w = (lay.width - 2 * RT.PAD - RT.CARD_GAP) // 2
    for seat in range(4):
        row, col = divmod(seat, 2)
        x0 = RT.PAD + col * (w + RT.CARD_GAP)
        y0 = top + row * (RT.CARD_H + RT.CARD_GAP)
        assert close(img.getpixel((x0 + w // 2, y0 + 1)), C.player_style(seat).colour, 30), seat


def test_header_texts():
    s = get_game("tactori").setup(2, 0, {}, {})
    data = s.to_json()
    assert RT._status(data, NAMES2)[1] == "ann to move"
    s.play("+e5")
    assert RT._status(s.to_json(), NAMES2)[2] == "last: ann +e5"
    s.resign(1)
    assert RT._status(s.to_json(), NAMES2)[1:] == ("ann wins", "bob resigned")
    three = get_game("tactori").setup(3, 0, {}, {"chase": True, "centre": 2})
    three.resign(1)
    d = three.to_json()
    assert RT.card_lines(d, 1)[1] == "resigned: scores nothing"
    assert RT.options_text(d) == "chase · centre 2"
    assert RT._status(d, NAMES3)[1] == "ann to move"
    # the last round
    last = build("tactori", 2, {"a1": "0"}, to_move=0)
    data = last.to_json()
    data["towers"][0] = 1
    last = get_game("tactori").state_from_json(data)
    last.play("+e5")
    status = RT._status(last.to_json(), NAMES2)
    assert status[1] == "bob to move" and status[2].startswith("last round: bob plays once more")
    assert RT._alert(last, last.to_json()) == "LAST ROUND"
    last.play("+e7")
    assert RT._status(last.to_json(), NAMES2)[1:] == ("Draw 0 : 0", "final scoring after the last round")
    # FEM
    fem = build(
        "tactori-fem",
        2,
        {"a1": "0", "c1": "0", "a3": "0", "c3": "0", "e5": "1"},
        [("a1c1", 0, 1), ("a1a3", 0, 1), ("c1c3", 0, 1)],
    )
    fem.play("=a3c3")
    assert RT._status(fem.to_json(), NAMES2)[1:] == ("ann wins", "closed a loop of bridges")
    assert RT.card_lines(fem.to_json(), 0) == ["12 towers · 11 bridges left", "closed a loop"]


def test_card_lines():
    state = build(
        "tactori",
        2,
        {"a1": "0", "c1": "0", "a3": "0", "c3": "0", "e5": "1"},
        [("a1c1", 0, 1), ("a3c3", 0, 1), ("a1a3", 0, 1), ("c1c3", 0, 1)],
    )
    d = state.to_json()
    assert RT.card_lines(d, 0) == ["12 towers · 11 bridges left", "polygon: 4"]
    assert RT.card_lines(d, 1) == ["15 towers · 15 bridges left", "no polygon yet"]
    d["result"] = {"winners": [0], "end": "normal", "scores": [4, 0]}  # over: nothing is still to come
    assert RT.card_lines(d, 1) == ["15 towers · 15 bridges left", "no polygon"]


def test_card_lines_say_none_left_in_words():
    d = build("tactori", 2, {"e5": "1"}, []).to_json()
    d["towers"][0], d["bridge_supply"][0] = 0, 1
    assert RT.card_lines(d, 0)[0] == "no towers · 1 bridge left"
    d["towers"][0], d["bridge_supply"][0] = 1, 0
    assert RT.card_lines(d, 0)[0] == "1 tower · no bridges left"
    fem = build("tactori-fem", 2, {"e5": "1"}, []).to_json()
    assert RT.card_lines(fem, 1)[1] == "no bridges on the board"


@pytest.mark.parametrize("names", [[], ["only one"], ["x" * 200, "Ünïcødé ñame " * 8, "c", "d"], ["Anna", "Alex"]])
def test_any_names_render(playouts, names):
    for state in (playouts["2p"][0], playouts["4p-chase-centre2"][-1], playouts["fem-greedy"][-1]):
        decode(render_png(state, names, perspective=1))


def test_renders_from_the_state_json(playouts):
    state = playouts["3p-centre1-greedy"][-1]
    assert RT.render(state.to_json(), NAMES3).tobytes() == RT.render(state, NAMES3).tobytes()


if __name__ == "__main__":
    for p in write_samples(sys.argv[1] if len(sys.argv) > 1 else "/tmp"):
        print(p)
