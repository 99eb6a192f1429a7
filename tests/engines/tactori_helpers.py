"""Builders, checks and an independent polygon recount for the Tactori / Tactori FEM tests.

Positions are built directly on the states so that each rule of ``tactori.md``
can be set up precisely.  The recount (:func:`recount_scores`) scores R5/R6
on a pixel picture of the board, independently of ``engines.tactori.polygons``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engines import Record, get_game, replay
from engines.tactori.fem_state import FemState
from engines.tactori.tactori_state import TactoriState

TOWERS, BRIDGES = 16, 15
COLS = "abcdefghi"


def xy(name: str) -> tuple[int, int]:
    return COLS.index(name[0]), int(name[1:]) - 1


def fname(x: int, y: int) -> str:
    return f"{COLS[x]}{y + 1}"


def new_match(game: str = "tactori", players: int = 2, **options) -> Any:
    return get_game(game).setup(players, 0, {}, options)


def make(
    game: str = "tactori",
    players: int = 2,
    pieces: dict[str, Iterable[int]] | None = None,
    bridges: Iterable = (),
    *,
    towers=None,
    bridge_supply=None,
    to_move: int = 0,
    **options,
):
    """A position from its parts.

    ``stacks`` (or ``pieces``) maps fields to owners bottom to top (a string of digits or a list);
    ``bridges`` lists ``"a1c1"`` style places with an owner and optionally a floor:
    ``("a1c1", 0)`` or ``("a1c1", 0, 2)``; without a floor the bridge lies on the
    common height of its two end stacks.  Supplies default to what is not on the
    board; the repetition history holds the built position once.
    """
    if "stacks" in options and not isinstance(options["stacks"], bool):
        pieces = options.pop("stacks")
    s = new_match(game, players, **options)
    geo = s.geo
    for name, owners in (pieces or {}).items():
        s.board.stacks[geo.index[name]] = [int(o) for o in owners]
    for spec in bridges:
        place, owner = spec[0], spec[1]
        a, b = geo.index[place[:2]], geo.index[place[2:]]
        key = (min(a, b), max(a, b))
        if len(spec) > 2:
            floor = spec[2]
        else:
            ha, hb = len(s.board.stacks[a]), len(s.board.stacks[b])
            assert ha == hb, f"{place}: ends at heights {ha} and {hb}; give the floor"
            floor = ha
        for end in key:
            assert len(s.board.stacks[end]) >= floor and s.board.stacks[end][floor - 1] == owner, (
                f"{place}: no tower of {owner} on floor {floor} at {geo.names[end]}"
            )
        s.board.lay(key, owner, floor)
    s.towers = list(towers) if towers is not None else [TOWERS - s.board.towers_of(p) for p in range(players)]
    s.bridge_supply = (
        list(bridge_supply)
        if bridge_supply is not None
        else [BRIDGES - sum(1 for o, _ in s.board.bridges.values() if o == p) for p in range(players)]
    )
    s.to_move = to_move
    s.history = {}
    s._count_position()
    s._reset_caches()
    return s


def fem(pieces=None, bridges=(), *, stacks: bool = False, **kw):
    """A Tactori FEM position; ``stacks`` is the option (the pieces come first)."""
    return make("tactori-fem", 2, pieces, bridges, **({"stacks": True} if stacks else {}), **kw)


def roundtrip(state):
    cls = FemState if state.FEM else TactoriState
    return cls.from_json(json.loads(json.dumps(state.to_json())))


def stack(state, name: str) -> list[int]:
    return list(state.board.stacks[state.geo.index[name]])


def bridge_set(state) -> dict[str, tuple[int, int]]:
    names = state.geo.names
    return {names[a] + names[b]: v for (a, b), v in state.board.bridges.items()}


def record_for(game: str, moves: list[str], players: int = 2, options: dict | None = None, resignations=()) -> Record:
    names = ["ann", "bob", "cy", "dee"][:players]
    return Record(game, names, 0, dict(options or {}), {}, list(moves), [list(r) for r in resignations])


def replayed(game: str, moves: list[str], players: int = 2, options: dict | None = None):
    return replay(record_for(game, moves, players, options))


# ------------------------------------------------------------ invariants
def assert_conserved(state, towers_total: int = TOWERS, data: dict | None = None) -> None:
    """R1: 16 towers (or ``towers_total``) and 15 bridges per player; R2: bridges rest on
    their owner's towers at equal floors and never share a unit segment."""
    d = data if data is not None else state.to_json()
    n = d["players"]
    on_board = [0] * n
    for owners in d["stacks"].values():
        assert owners, "an empty stack is listed"
        for o in owners:
            on_board[o] += 1
    for p in range(n):
        assert d["towers"][p] >= 0 and d["bridge_supply"][p] >= 0
        assert on_board[p] + d["towers"][p] == towers_total
        laid = sum(1 for b in d["bridges"] if b["owner"] == p)
        assert laid + d["bridge_supply"][p] == BRIDGES
    covered: dict[tuple, str] = {}
    for b in d["bridges"]:
        (x1, y1), (x2, y2) = xy(b["from"]), xy(b["to"])
        assert (x1 == x2 and abs(y1 - y2) == 2) or (y1 == y2 and abs(x1 - x2) == 2)
        assert (x1, y1) < (x2, y2)
        mx, my = (x1 + x2) // 2, (y1 + y2) // 2
        for seg in (tuple(sorted([(x1, y1), (mx, my)])), tuple(sorted([(mx, my), (x2, y2)]))):
            assert seg not in covered, f"bridges {covered[seg]} and {b['from']}{b['to']} overlap"
            covered[seg] = b["from"] + b["to"]
        for end in (b["from"], b["to"]):
            owners = d["stacks"].get(end, [])
            assert len(owners) >= b["floor"] and owners[b["floor"] - 1] == b["owner"], (
                f"bridge {b['from']}{b['to']} has no tower of its owner under it at {end}"
            )


# ------------------------------------------------------ independent recount
def _pixel_polygons(n: int, bridges: list[dict]) -> list[tuple[set, set]]:
    """Polygons of one player's bridges on a pixel picture.

    Pixel (2x+1, 2y+1) is the point (x, y); (2x+2, 2y+1) the segment to (x+1, y);
    (2x+1, 2y+2) the segment to (x, y+1); (2cx+2, 2cy+2) the cell (cx, cy); the
    ring 0 / 2n is the outside.  Returns (filled cells, side segments as pixels)."""
    if not bridges:
        return []
    size = 2 * n + 1
    walls = set()
    for i in range(1, size - 1, 2):
        for j in range(1, size - 1, 2):
            walls.add((i, j))  # points never let a walk through
    for b in bridges:
        (x1, y1), (x2, y2) = xy(b["from"]), xy(b["to"])
        p1, p2 = (2 * x1 + 1, 2 * y1 + 1), (2 * x2 + 1, 2 * y2 + 1)
        for t in (1, 2, 3):  # the pixels strictly between the two end points
            walls.add((p1[0] + (p2[0] - p1[0]) * t // 4, p1[1] + (p2[1] - p1[1]) * t // 4))

    def flood(blocked: set) -> set:
        seen = {(i, j) for i in range(size) for j in range(size) if (i in (0, size - 1) or j in (0, size - 1))}
        todo = list(seen)
        while todo:
            i, j = todo.pop()
            for a, c in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= a < size and 0 <= c < size and (a, c) not in seen and (a, c) not in blocked:
                    seen.add((a, c))
                    todo.append((a, c))
        return seen

    outside = flood(walls)
    cells = {(i, j) for i in range(2, size - 2, 2) for j in range(2, size - 2, 2)}
    enclosed = cells - outside
    result = []
    done: set = set()
    for start in sorted(enclosed):
        if start in done:
            continue
        region, todo = {start}, [start]
        while todo:
            i, j = todo.pop()
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                seg, nxt = (i + di, j + dj), (i + 2 * di, j + 2 * dj)
                if seg not in walls and nxt in cells and nxt not in region:
                    region.add(nxt)
                    todo.append(nxt)
        done |= region
        reach = flood(region | {(i, j) for i in range(1, size - 1, 2) for j in range(1, size - 1, 2)})
        filled = cells - reach
        sides = set()
        for i, j in filled:
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (i + 2 * di, j + 2 * dj) not in filled:
                    sides.add((i + di, j + dj))
        result.append((filled, sides))
    return result


def recount_polygons(state) -> list[list[dict]]:
    """Per seat: [{"cells", "points", "towers", "bridges"}] computed on pixels (R5)."""
    d = state.to_json()
    n = d["size"]
    out = []
    for seat in range(d["players"]):
        mine = [b for b in d["bridges"] if b["owner"] == seat]
        seg_bridge = {}
        for b in mine:
            (x1, y1), (x2, y2) = xy(b["from"]), xy(b["to"])
            p1, p2 = (2 * x1 + 1, 2 * y1 + 1), (2 * x2 + 1, 2 * y2 + 1)
            for t in (1, 3):
                seg_bridge[(p1[0] + (p2[0] - p1[0]) * t // 4, p1[1] + (p2[1] - p1[1]) * t // 4)] = b
        polys = []
        for filled, sides in _pixel_polygons(n, mine):
            assert all(s in seg_bridge for s in sides), "an uncovered side"
            used = {(seg_bridge[s]["from"], seg_bridge[s]["to"]): seg_bridge[s] for s in sides}
            side_points = set()
            for i, j in sides:
                if i % 2 == 0:  # horizontal segment between (i-1, j) and (i+1, j)
                    side_points |= {((i - 2) // 2, (j - 1) // 2), (i // 2, (j - 1) // 2)}
                else:
                    side_points |= {((i - 1) // 2, (j - 2) // 2), ((i - 1) // 2, j // 2)}
            towers = {
                (end, b["floor"]) for b in used.values() for end in (b["from"], b["to"]) if xy(end) in side_points
            }
            polys.append(
                {
                    "cells": sorted(fname((i - 2) // 2, (j - 2) // 2) for i, j in filled),
                    "points": sum(b["floor"] for b in used.values()),
                    "bridges": sorted(f + t for f, t in used),
                    "towers": towers,
                }
            )
        out.append(polys)
    return out


def _centre(name: str) -> bool:
    x, y = xy(name)
    return 3 <= x <= 5 and 3 <= y <= 5


def recount_scores(state) -> list[int]:
    """R5 with R6 (centre variations), and dropped seats scoring nothing."""
    d = state.to_json()
    if d["game"] == "tactori-fem":
        return [0, 0]
    centre = d["options"].get("centre", 0)
    scores = []
    for seat, polys in enumerate(recount_polygons(state)):
        if seat in d["dropped"]:
            scores.append(0)
            continue
        if centre == 1:
            mine = [b for b in d["bridges"] if b["owner"] == seat]
            groups = []  # lists of bridges joined by shared grid points
            for b in mine:
                pts = {b["from"], b["mid"], b["to"]}
                joined = [g for g in groups if any(pts & {c["from"], c["mid"], c["to"]} for c in g)]
                new = [b] + [c for g in joined for c in g]
                groups = [g for g in groups if g not in joined] + [new]
            anchored = set()
            for g in groups:
                if any(_centre(c["from"]) or _centre(c["to"]) for c in g):
                    anchored |= {c["from"] + c["to"] for c in g}
            valid = [any(b in anchored for b in p["bridges"]) for p in polys]
        elif centre == 2:
            valid = [any(_centre(f) for f, _ in p["towers"]) for p in polys]
            grow = True
            while grow:
                grow = False
                for i, p in enumerate(polys):
                    if not valid[i] and any(valid[j] and p["towers"] & q["towers"] for j, q in enumerate(polys)):
                        valid[i] = grow = True
        else:
            valid = [True] * len(polys)
        scores.append(sum(p["points"] for p, v in zip(polys, valid) if v))
    return scores


# ------------------------------------------------------------- random play
def choose(legal: list[str], rng) -> str:
    """A random legal turn, biased towards bridges and moves so that polygons, chases and
    stack moves happen often."""
    r = rng.random()
    if r < 0.45:
        with_bridge = [m for m in legal if "=" in m and not m.startswith("x=")]
        if with_bridge:
            return rng.choice(with_bridge)
    if r < 0.75:
        other = [m for m in legal if not m.startswith("+")]
        if other:
            return rng.choice(other)
    return rng.choice(legal)


def check_position(state, rng, towers_total: int = TOWERS, full: bool = True, recount: bool = False) -> list[str]:
    """The invariants every reachable position keeps; returns the legal list."""
    legal = state.legal_moves()
    assert legal == sorted(set(legal)), "legal moves must be sorted and unique"
    if state.outcome() is not None:
        assert state.current_player() is None and legal == []
    else:
        assert legal, "an ongoing match always has a turn (pass in Tactori, else FEM is stuck)"
        assert state.current_player() == state.to_move and state.to_move not in state.dropped
        if "pass" in legal:
            assert legal == ["pass"]
    if full:
        assert all(m.count("=") <= 1 for m in legal)
        data = state.to_json()
        assert_conserved(state, towers_total, data)
        text = json.dumps(data, sort_keys=True)
        assert json.dumps(roundtrip(state).to_json(), sort_keys=True) == text
        assert json.dumps(state.copy().to_json(), sort_keys=True) == text
        from engines.tactori.notation import Turn

        for move in rng.sample(legal, min(3, len(legal))):
            assert str(Turn.parse(move)) == move
            other = state.copy()
            assert other.play(move) == move
    if recount:
        assert state.scores() == recount_scores(state)
    return legal
