"""The Tactori / Tactori FEM move generator (tactori.md R2, R3, R4, R7): the one place
that says which turns the player to move has.

A turn is built in steps: an action (a place, or a move of ``k`` towers with its chase
count ``m``), then bridges, each laid from the supply or (FEM) relocated; or bridges
alone (FEM: also a removal).  This module lists the steps:

- :func:`actions`: every place and move, each with where its towers land (:class:`Action`);
- :func:`bridges_after`: the single bridges that may follow an action;
- :func:`bridge_turns`: the bridges-only turns of one bridge (FEM: lay, relocate, remove);
- :func:`turns`: every turn with at most one bridge, canonical and sorted (``legal_moves()``);
- :func:`one_more_bridge`: the turns one bridge longer than a legal partial turn
  (``continuations()``, and the AI's turns with several bridges);
- :func:`has_turn`: whether a player has any turn but ``pass`` (R3, R7).

The random sampler (``sample.py``) draws from the same steps (:func:`move_origins`,
:func:`chaseable`, :func:`bridge_finder`, :func:`can_lay`, :func:`can_relocate`) without
listing every turn.  The states validate a written turn step by step in ``base.py``; the
property tests check that both agree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .geometry import Geometry, Place
from .notation import Turn

if TYPE_CHECKING:
    from .base import TowersState
    from .board import Board, Key


class Action(NamedTuple):
    """A place or a move, the first part of every turn but the bridges-only ones."""

    text: str  # canonical: "+e5", "c3-c7", "2c3-c7", "2c3-c7x1"
    origin: int  # the field the towers leave; -1 for a place
    # towers placed (1) or moved (k); the field shadows tuple.count, which mypy refuses in a NamedTuple
    count: int  # type: ignore[assignment]
    target: int  # the field placed on or moved to
    chase: int  # towers chased off the target (m, R4)
    height: int  # the target's height after the action
    left: int  # the origin's height after a move (0 for a place)
    left_top: int | None  # the owner of the origin's top tower after a move (None: empty, or a place)

    @property
    def landed(self) -> int:
        """How many of the mover's towers stand on the target now: bridges may follow when any do."""
        return self.count - self.chase


def chaseable(board: Board, q: int, seat: int) -> int:
    """How many towers on top of ``q`` ``seat`` could chase (R4): other players', without bridges."""
    s = board.stacks[q]
    return 0 if not s or s[-1] == seat else board.chaseable(q, seat)


def move_origins(state: TowersState, tops: list[int] | None = None) -> list[tuple[int, int, list[int]]]:
    """The mover's stacks that can move, in field order: ``(field, most towers that may move
    together, target fields)`` (R3; FEM R7 with or without the option ``stacks``).  ``tops``:
    the fields whose top tower is the mover's, in field order, when the caller has them."""
    seat, b = state.to_move, state.board
    if tops is None:
        tops = [p for p, s in enumerate(b.stacks) if s and s[-1] == seat]
    movable, targets = b.movable, state._targets
    if state._stack_moves():
        return [(p, free, targets(p)) for p in tops if (free := movable(p, seat))]
    return [(p, 1, targets(p)) for p in tops if movable(p, seat)]


def actions(state: TowersState) -> list[Action]:
    """Every place and move the player to move may make, in the order: places by field, then
    moves by origin, tower count, target, chase count (0 first).  A move whose towers all chased
    (``landed == 0``) is listed too; no bridge may follow it (R4)."""
    new = tuple.__new__
    return [new(Action, a) for a in _actions(state)]


# An Action as a plain tuple: text, origin, count, target, chase, height, left, left_top.
_ActionTuple = tuple[str, int, int, int, int, int, int, int | None]
# bridge_finder's answer: after(q, hq, p, hp, topp) -> the bridge texts.
BridgesAfter = Callable[[int, int, int, int, int | None], list[str]]


def _actions(state: TowersState) -> list[_ActionTuple]:
    """:func:`actions` as plain tuples in the fields' order of :class:`Action`, for speed."""
    seat, b = state.to_move, state.board
    st = b.stacks
    names = state.geo.names
    height = [len(s) for s in st]
    out: list[_ActionTuple] = []
    append = out.append
    if state.towers[seat]:
        for q, text in enumerate(_place_texts(state.geo)):
            append((text, -1, 1, q, 0, height[q] + 1, 0, None))
    chase = state.chase
    if chase:
        can_chase = [0 if not s or s[-1] == seat else b.chaseable(q, seat) for q, s in enumerate(st)]
    for p, free, targets in move_origins(state):
        hp0 = height[p]
        for k in range(1, free + 1):
            hp = hp0 - k
            topp = st[p][hp - 1] if hp else None
            pre = (str(k) if k > 1 else "") + names[p] + "-"
            for q in targets:
                base = pre + names[q]
                hq0 = height[q]
                append((base, p, k, q, 0, hq0 + k, hp, topp))
                if chase and can_chase[q]:
                    for m in range(1, min(k, can_chase[q]) + 1):
                        append((f"{base}x{m}", p, k, q, m, hq0 + k - 2 * m, hp, topp))
    return out


@cache
def _place_texts(geo: Geometry) -> list[str]:
    """``+a1``, ``+a2``, ...: the places, by field."""
    return ["+" + name for name in geo.names]


def bridge_finder(state: TowersState, own: list[Key], has_bridge: bool) -> BridgesAfter:
    """A function ``after(q, hq, p, hp, topp)`` for this position: the single bridges legal after
    the placed or moved towers came to the top of ``q`` at height ``hq`` while ``p`` (-1 for a
    place) kept ``hp`` towers with ``topp`` on top, as the text they add to the action: `` =c3e3``
    laid from the supply (when ``has_bridge``), `` =c3e3<a1c1`` relocated (FEM: ``own`` are the
    mover's bridges, each movable when it is not overbuilt after the action), in the order of
    ``geo.partners[q]``.  Nothing else on the board has changed."""
    seat = state.to_move
    b = state.board
    st, seg, bridges = b.stacks, b.seg, b.bridges
    partners = state.geo.partners
    names = state.geo.names
    fem = state.FEM

    def after(q: int, hq: int, p: int, hp: int, topp: int | None) -> list[str]:
        out = []
        for r, pl in partners[q]:
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
                    out.append(" =" + pl.text)
                for x in own:
                    if not _overbuilt_after(st, bridges, x, q, hq, p, hp):
                        out.append(f" ={pl.text}<{names[x[0]]}{names[x[1]]}")
            elif fem and (o1 is None or o2 is None):
                held = o1 if o2 is None else o2  # not None: one of the two is
                if (
                    held is not None
                    and bridges[held][0] == seat
                    and not _overbuilt_after(st, bridges, held, q, hq, p, hp)
                ):
                    out.append(f" ={pl.text}<{names[held[0]]}{names[held[1]]}")
        return out

    return after


def _overbuilt_after(
    st: list[list[int]], bridges: dict[Key, tuple[int, int]], x: Key, q: int, hq: int, p: int, hp: int
) -> bool:
    """Whether bridge ``x`` is overbuilt once ``q`` is ``hq`` high and ``p`` is ``hp`` high (R2)."""
    floor = bridges[x][1]
    for e in x:
        h = hq if e == q else hp if e == p else len(st[e])
        if h != floor:
            return True
    return False


def bridges_after(state: TowersState, action: Action) -> list[str]:
    """The turns of ``action`` followed by one bridge (R3; FEM R7: from the supply or relocated
    from a bridge that is not overbuilt after the action), in the order of the bridge places."""
    if not action.landed:
        return []
    seat = state.to_move
    own = state.board.own_bridges(seat) if state.FEM else []
    after = bridge_finder(state, own, state.bridge_supply[seat] > 0)(
        action.target, action.height, action.origin, action.left, action.left_top
    )
    return [action.text + bridge for bridge in after]


def bridge_text(names: list[str], pl: Place, x: Key | None) -> str:
    """`` =c3e3``, or `` =c3e3<a1c1`` for a FEM relocation of ``x``."""
    if x is None:
        return " =" + pl.text
    return f" ={pl.text}<{names[x[0]]}{names[x[1]]}"


def can_lay(seg: list[Key | None], pl: Place) -> bool:
    """A bridge from the supply fits on ``pl``: no bridge covers its unit segments (R2)."""
    return seg[pl.segs[0]] is None and seg[pl.segs[1]] is None


def can_relocate(seg: list[Key | None], pl: Place, x: Key) -> bool:
    """FEM: bridge ``x`` taken up may be laid on ``pl``: somewhere else, and no other bridge
    covers its unit segments (R2, R7)."""
    o1, o2 = seg[pl.segs[0]], seg[pl.segs[1]]
    return (pl.a, pl.b) != x and (o1 is None or o1 == x) and (o2 is None or o2 == x)


def bridge_places(state: TowersState, seat: int | None = None) -> list[Place]:
    """The bridge places whose two ends are the top towers of ``seat`` (default: the mover) at
    the same height (R2)."""
    if seat is None:
        seat = state.to_move
    st = state.board.stacks
    out = []
    for pl in state.geo.place_list:
        sa, sb = st[pl.a], st[pl.b]
        if sa and sb and sa[-1] == seat and sb[-1] == seat and len(sa) == len(sb):
            out.append(pl)
    return out


def has_turn(state: TowersState, seat: int) -> bool:
    """Whether ``seat`` has any turn besides pass (R3; R7: a FEM player without one has lost)."""
    b = state.board
    if state.towers[seat]:
        return True
    if any(b.movable(p, seat) for p in state.geo.fields):
        return True  # a free tower always has somewhere to go
    if state.FEM and any(not b.overbuilt(k) for k in b.own_bridges(seat)):
        return True  # remove it
    if state.bridge_supply[seat]:
        return any(can_lay(b.seg, pl) for pl in bridge_places(state, seat))
    return False


def bridge_turns(state: TowersState) -> list[str]:
    """The bridges-only turns of one bridge: lay one from the supply; FEM also relocate or remove
    one that is not overbuilt (R3, R7)."""
    seat, b = state.to_move, state.board
    seg, names = b.seg, state.geo.names
    candidates = bridge_places(state)
    out: list[str] = []
    if state.bridge_supply[seat] > 0:
        out.extend("=" + pl.text for pl in candidates if can_lay(seg, pl))
    if state.FEM:
        for x in b.own_bridges(seat):
            if b.overbuilt(x):
                continue
            xt = names[x[0]] + names[x[1]]
            out.append("x=" + xt)
            out.extend(f"={pl.text}<{xt}" for pl in candidates if can_relocate(seg, pl, x))
    return out


def turns(state: TowersState) -> list[str]:
    """Every turn with at most one bridge (records.md), canonical and sorted; ``pass`` alone when
    a Tactori player has nothing else (R3)."""
    seat, st = state.to_move, state.board.stacks
    geo = state.geo
    fem = state.FEM
    has_bridge = state.bridge_supply[seat] > 0
    own = state.board.own_bridges(seat) if fem else []
    can_lay_any = has_bridge or bool(own)
    # a quick filter: a bridge after an action on q needs, on a bridge place of q, an own top at
    # q's new height, or the origin's remaining top at that height
    near = geo.partner_set
    reach = set()
    for r, s in enumerate(st):
        if s and s[-1] == seat:
            h = len(s)
            for q in near[r]:
                reach.add((q, h))
    acts = _actions(state)
    out: list[str] = [a[0] for a in acts]
    if can_lay_any:
        after = bridge_finder(state, own, has_bridge)
        append = out.append
        for text, p, k, q, m, hq, hp, topp in acts:
            if k != m and ((q, hq) in reach or (topp == seat and hp == hq and q in near[p])):
                for bridge in after(q, hq, p, hp, topp):
                    append(text + bridge)
    out.extend(bridge_turns(state))
    if not out and not fem:
        return ["pass"]
    return sorted(set(out))


def one_more_bridge(state: TowersState, text: str) -> list[str] | None:
    """The legal turns adding one bridge to the legal turn ``text`` (canonical and sorted; FEM
    also relocations); ``[]`` when it can take none, None when ``text`` is not a legal turn."""
    try:
        turn = Turn.parse(text)
        ex = state._execute(turn)
    except ValueError:
        return None
    if turn.kind not in ("place", "move", "bridges") or (turn.kind == "move" and ex.target is None):
        return []
    if state.FEM and turn.kind == "bridges":
        return []
    seat, board, names = state.to_move, ex.board, state.geo.names
    st, seg = board.stacks, board.seg
    ends = {e for key in ex.laid for e in key}
    if ex.target is not None:
        ends.add(ex.target)
    head = str(turn)
    own = [x for x in board.own_bridges(seat) if x not in ex.laid and not board.overbuilt(x)] if state.FEM else []
    out = set()
    for pl in state.geo.place_list:
        if pl.a not in ends and pl.b not in ends:
            continue
        sa, sb = st[pl.a], st[pl.b]
        if not (sa and sb and sa[-1] == seat and sb[-1] == seat and len(sa) == len(sb)):
            continue
        if ex.bridge_supply[seat] and can_lay(seg, pl):
            out.add(f"{head} ={pl.text}")
        for x in own:
            if can_relocate(seg, pl, x):
                out.add(f"{head} ={pl.text}<{names[x[0]]}{names[x[1]]}")
    return sorted(out)
