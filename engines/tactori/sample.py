"""One random legal turn for playouts (issue 11), without listing every turn.

``legal_moves()`` lists every place / move followed by every bridge it allows,
most of a random playout's time.  Here an action is drawn (a place, a move
``k p-q`` with its chase count, or a bridges-only turn), and only that action's
bridges are looked at: it is kept with probability (1 + its bridges) / (1 + a
bound on them), then one of "no bridge" and its bridges is taken.  So every turn
of ``legal_moves()`` (at most one bridge, as listed there) comes out with the
same chance, as ``rng.choice(state.legal_moves())`` would give, only cheaper.

The conditions mirror :meth:`TowersState._generate` (R2, R3, R4, R7); the
property tests check every drawn turn against ``legal_moves()`` and that
every listed turn is drawn in small positions.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import TowersState


def sample_turn(state: "TowersState", rng: random.Random) -> str:
    seat = state.to_move
    b = state.board
    st, seg = b.stacks, b.seg
    geo = state.geo
    names, partners = geo.names, geo.partners
    fem = state.FEM
    has_bridge = state.bridge_supply[seat] > 0
    own = b.own_bridges(seat) if fem else []
    can_lay = has_bridge or bool(own)
    stacks_ok = state._stack_moves()

    # moves by origin, and the places of bridges-only turns (both ends own tops at one height)
    origins = []
    candidates = []
    for p, s in enumerate(st):
        if not s or s[-1] != seat:
            continue
        h = len(s)
        for r, pl in partners[p]:
            if r > p:
                t = st[r]
                if len(t) == h and t[-1] == seat:
                    candidates.append(pl)
        free = b.movable(p, seat)
        if free:
            if not stacks_ok:
                free = 1
            targets = state._targets(p)
            origins.append((p, free, targets))
    singles: list[tuple] = []      # (place, bridge taken up): lay, relocate, or (None, x) remove
    if has_bridge:
        for pl in candidates:
            if seg[pl.segs[0]] is None and seg[pl.segs[1]] is None:
                singles.append((pl, None))
    if fem:
        for x in own:
            if b.overbuilt(x):
                continue
            singles.append((None, x))
            for pl in candidates:
                if (pl.a, pl.b) == x:
                    continue
                o1, o2 = seg[pl.segs[0]], seg[pl.segs[1]]
                if (o1 is None or o1 == x) and (o2 is None or o2 == x):
                    singles.append((pl, x))
    n_place = len(st) if state.towers[seat] else 0
    chase = state.chase
    n_move = 0
    for p, free, targets in origins:
        # with chase, k + 1 chase counts per move of k towers (those not possible are redrawn)
        n_move += len(targets) * (free * (free + 3) // 2 if chase else free)
    total = n_place + n_move + len(singles)
    if total == 0:
        return "pass"   # Tactori only: a FEM player without a turn has lost already (R7)
    # Rejection sampling: an action with n bridges after it is kept with probability
    # (1 + n) / (1 + most), so every (action, bridge or none) has the same chance.
    most = 4 * (int(has_bridge) + len(own)) if can_lay else 0
    while True:
        i = rng.randrange(total)
        keep = rng.randrange(most + 1) if most else 0
        if i < n_place:
            q = i
            if keep == 0:
                return "+" + names[q]
            after = _bridges_after(state, seat, own, has_bridge, q, len(st[q]) + 1, -1, 0, None)
            if keep <= len(after):
                return "+" + names[q] + _bridge_text(names, *after[keep - 1])
            continue
        if i < n_place + n_move:
            k, p, q, m = _decode_move(origins, i - n_place, chase)
            if m:
                s = st[q]
                c = 0 if not s or s[-1] == seat else b.chaseable(q, seat)
                if m > c:
                    continue
            text = (str(k) if k > 1 else "") + names[p] + "-" + names[q] + (f"x{m}" if m else "")
            if keep == 0:
                return text
            if m == k:
                continue
            hp = len(st[p]) - k
            after = _bridges_after(state, seat, own, has_bridge, q, len(st[q]) + k - 2 * m, p, hp,
                                   st[p][hp - 1] if hp else None)
            if keep <= len(after):
                return text + _bridge_text(names, *after[keep - 1])
            continue
        if keep:
            continue
        pl, x = singles[i - n_place - n_move]
        if pl is None:
            return f"x={names[x[0]]}{names[x[1]]}"
        return _bridge_text(names, pl, x)[1:]


def _decode_move(origins: list, j: int, chase: bool) -> tuple[int, int, int, int]:
    """The ``j``-th of the moves (k, p, q, m) numbered origin by origin, then k, then m, then q."""
    for p, free, targets in origins:
        n = len(targets) * (free * (free + 3) // 2 if chase else free)
        if j < n:
            break
        j -= n
    t = len(targets)
    k = 1
    while True:
        block = t * (k + 1 if chase else 1)
        if j < block:
            m, q = divmod(j, t)
            return k, p, targets[q], m
        j -= block
        k += 1


def _bridge_text(names: list[str], pl, x) -> str:
    """`` =c3e3``, or `` =c3e3<a1c1`` for a FEM relocation of ``x``."""
    if x is None:
        return " =" + pl.text
    return f" ={pl.text}<{names[x[0]]}{names[x[1]]}"


def _bridges_after(state: "TowersState", seat: int, own: list, has_bridge: bool,
                   q: int, hq: int, p: int, hp: int, topp: int | None) -> list[tuple]:
    """The single bridges ``(place, None)`` or FEM relocations ``(place, bridge taken up)`` legal after the placed / moved tower
    came to the top of ``q`` at height ``hq`` and ``p`` (-1 for a place) kept ``hp`` towers,
    ``topp`` on top: as ``add_bridges`` in :meth:`TowersState._generate`."""
    b = state.board
    st, seg, bridges = b.stacks, b.seg, b.bridges
    fem = state.FEM
    out = []
    for r, pl in state.geo.partners[q]:
        if r == p:
            if hp != hq or topp != seat:
                continue
        else:
            s = st[r]
            if len(s) != hq or s[-1] != seat:
                continue
        o1, o2 = seg[pl.segs[0]], seg[pl.segs[1]]
        if o1 is None and o2 is None:
            if has_bridge:
                out.append((pl, None))
            for x in own:
                if not _overbuilt_after(st, bridges, x, q, hq, p, hp):
                    out.append((pl, x))
        elif fem and (o1 is None or o2 is None):
            x = o1 if o2 is None else o2
            if bridges[x][0] == seat and not _overbuilt_after(st, bridges, x, q, hq, p, hp):
                out.append((pl, x))
    return out


def _overbuilt_after(st, bridges, x, q: int, hq: int, p: int, hp: int) -> bool:
    floor = bridges[x][1]
    for e in x:
        h = hq if e == q else hp if e == p else len(st[e])
        if h != floor:
            return True
    return False
