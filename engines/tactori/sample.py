"""One random legal turn for playouts, without listing every turn.

``legal_moves()`` lists every place / move followed by every bridge it allows,
most of a random playout's time.  Here an action is drawn (a place, a move
``k p-q`` with its chase count, or a bridges-only turn), and only that action's
bridges are looked at: it is kept with probability (1 + its bridges) / (1 + a
bound on them), then one of "no bridge" and its bridges is taken.  So every turn
of ``legal_moves()`` (at most one bridge, as listed there) comes out with the
same chance, as ``rng.choice(state.legal_moves())`` would give, only cheaper.
Bridges-only turns are drawn the same way, from slots (own tower, bridge place
above or right of it, what is laid) that are redrawn when they are not a turn;
after ``TRIES`` redraws the turn comes from ``legal_moves()`` (uniform too).

The steps and their conditions (R2, R3, R4, R7) come from the move generator
(``turns.py``: the origins and targets of moves, the chase counts, the bridges
after an action, the bridge places); only the drawing is here.  The property
tests check every drawn turn against ``legal_moves()`` and that every listed
turn is drawn in small positions.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import cache
from typing import TYPE_CHECKING

from .geometry import Geometry, Place
from .turns import bridge_finder, bridge_text, can_lay, can_relocate, chaseable, move_origins

if TYPE_CHECKING:
    from .base import TowersState

TRIES = 200


def sample_turn(state: TowersState, rng: random.Random) -> str:
    seat = state.to_move
    b = state.board
    st, seg = b.stacks, b.seg
    geo = state.geo
    names = geo.names
    fem = state.FEM
    has_bridge = state.bridge_supply[seat] > 0
    own = b.own_bridges(seat) if fem else []
    chase = state.chase

    # FEM relocations: a bridge overbuilt now stays so after a place; after a move it may be
    # freed only if one of its ends is the origin (R7).  These bound the bridges after an action.
    movable_own = [x for x in own if not b.overbuilt(x)] if own else own
    freed_by: dict[int, int] = {}
    for x in own:
        if len(movable_own) < len(own) and b.overbuilt(x):
            for e in x:
                freed_by[e] = freed_by.get(e, 0) + 1
    per_place = int(has_bridge) + len(movable_own)  # bridges a bridge place can take after an action

    # a bridge after an action on q needs an own top on a bridge place of q: a slot asking for
    # more bridges than those allow is redrawn without looking at the bridges, and no field
    # has more than ``most_near`` such places (at most 4)
    own_tops = [p for p, s in enumerate(st) if s and s[-1] == seat]
    own_near = [0] * len(st)
    near = geo.partner_set
    for r in own_tops:
        for q in near[r]:
            own_near[q] += 1
    most_near = max(own_near)

    # moves by origin, with the bound on the bridges after each
    origins = []  # (p, free, targets, moves, weight of one move)
    ends = []  # where each origin's slots end, for bisect
    n_move = 0
    place_weight = 1 + most_near * per_place
    for p, free, targets in move_origins(state, own_tops):
        # with chase, k + 1 chase counts per move of k towers (those not possible are redrawn)
        moves = len(targets) * (free * (free + 3) // 2 if chase else free)
        weight = 1 + most_near * (per_place + freed_by[p]) if p in freed_by else place_weight
        origins.append((p, free, targets, moves, weight))
        n_move += moves * weight
        ends.append(n_move)
    n_place = len(st) * place_weight if state.towers[seat] else 0
    # bridges-only turns: a slot per own top, bridge place above or right of it (at most 2),
    # and what is laid (from the supply, or one of the FEM bridges relocated); then FEM removals
    n_single = 2 * len(own_tops) * per_place
    total = n_place + n_move + n_single + (len(movable_own) if fem else 0)
    if total == 0:
        return "pass"  # Tactori only: a FEM player without a turn has lost already (R7)
    upward = _upward(geo)
    finder = None  # bridge_finder(...), made when a slot needs the bridges after an action

    # Rejection sampling: every action gets as many slots as its bridges could be at most, plus
    # one for the action alone; a slot beyond its actual bridges is redrawn.  So every
    # (action, no bridge or one bridge) has the same chance.
    random_ = rng.random
    for _ in range(TRIES):
        u = int(random_() * total)
        if u < n_place:
            q, keep = divmod(u, place_weight)
            if keep == 0:
                return "+" + names[q]
            if keep > own_near[q] * per_place:
                continue
            finder = finder or bridge_finder(state, own, has_bridge)
            after = finder(q, len(st[q]) + 1, -1, 0, None)
            if keep <= len(after):
                return "+" + names[q] + after[keep - 1]
            continue
        u -= n_place
        if u < n_move:
            o = bisect_right(ends, u)
            p, free, targets, moves, weight = origins[o]
            j, keep = divmod(u - (ends[o - 1] if o else 0), weight)
            k, q, m = _decode_move(len(targets), j, chase)
            q = targets[q]
            if m and m > chaseable(b, q, seat):
                continue
            if keep and (m == k or keep > own_near[q] * (per_place + freed_by.get(p, 0))):
                continue
            text = (str(k) if k > 1 else "") + names[p] + "-" + names[q] + (f"x{m}" if m else "")
            if keep == 0:
                return text
            hp = len(st[p]) - k
            finder = finder or bridge_finder(state, own, has_bridge)
            after = finder(q, len(st[q]) + k - 2 * m, p, hp, st[p][hp - 1] if hp else None)
            if keep <= len(after):
                return text + after[keep - 1]
            continue
        u -= n_move
        if u >= n_single:
            x = movable_own[u - n_single]
            return f"x={names[x[0]]}{names[x[1]]}"
        u, kind = divmod(u, per_place)
        u, d = divmod(u, 2)
        p = own_tops[u]
        if d >= len(upward[p]):
            continue
        r, pl = upward[p][d]
        t = st[r]
        if len(t) != len(st[p]) or t[-1] != seat:
            continue
        if has_bridge and kind == 0:
            if can_lay(seg, pl):
                return "=" + pl.text
            continue
        x = movable_own[kind - has_bridge]
        if can_relocate(seg, pl, x):
            return bridge_text(names, pl, x)[1:]
    # nearly every slot redrawn (e.g. only pass is left): draw from the list, uniform as well
    return rng.choice(state.legal_moves())


@cache
def _upward(geo: Geometry) -> list[list[tuple[int, Place]]]:
    """Per field, its bridge places towards a higher field (at most 2: up and right)."""
    return [[(r, pl) for r, pl in geo.partners[p] if r > p] for p in geo.fields]


def _decode_move(t: int, j: int, chase: bool) -> tuple[int, int, int]:
    """The ``j``-th (k, target index, m) of an origin with ``t`` targets, numbered by k, then m, then target."""
    k = 1
    while True:
        block = t * (k + 1 if chase else 1)
        if j < block:
            m, q = divmod(j, t)
            return k, q, m
        j -= block
        k += 1
