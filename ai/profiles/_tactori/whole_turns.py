"""Whole turns in Tactori and FEM: turns that lay several bridges (tactori.md R3, R7).

The ``turns`` hook of the ``tactori`` and ``tactori-fem`` profiles (``ai.hooks.WholeTurns``): the
shared search asks the game's profile for it and calls the three functions below.

``legal_moves()`` lists the turns with at most one bridge; a turn may lay any number
(a place or move, then bridges that form one connected graph with the placed or moved
tower; in Tactori also bridges alone).  Listing every such turn is out of the question
(the connected sets of bridge places grow exponentially), so the AI reaches them in
three ways:

- ``closing_turns``: every turn that closes a polygon (a cycle of unit segments covered
  by the mover's bridges, R5; in FEM the win, R7), with any number of bridges, found
  exactly.  A cheap necessary test per landing field and height (the mover's bridges
  plus every place his towers could then carry must hold a new cycle) discards nearly
  every action; only the rest are searched, over connected sets of bridge places
  grown from the placed tower, each set once, smallest first, and the turn text is
  checked by the engine.  The work is counted (``ai.work.Work``), never timed.
- ``extensions``: the turns one bridge longer than a given turn (``continuations``).
  The search adds them lazily where a bridge turn has earned visits (ai/search.py).
- ``extend``: a random playout's turn grows by one more bridge with probability
  ``EXTEND`` at a time, so the sampler draws multi-bridge turns too.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, cast

from engines.core import State

from ...work import Work

if TYPE_CHECKING:
    from engines.tactori.base import TowersState
    from engines.tactori.geometry import Geometry, Place

EXTEND = 0.5  # a playout's bridge turn lays one more bridge with this chance, again and again


def towers_of(state: State) -> TowersState:
    """``state`` as a game of towers and bridges: this module is a hook of the Tactori profiles
    only, so the search gives it Tactori's and FEM's states alone."""
    return cast("TowersState", state)


# ------------------------------------------------------------------ cycles
class _Forest:
    """Union-find over grid points (the fields), for the mover's covered unit segments."""

    __slots__ = ("parent",)

    def __init__(self, parent: dict[int, int] | None = None):
        self.parent = dict(parent) if parent else {}

    def find(self, v: int) -> int:
        parent = self.parent
        root = v
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(v, v) != root:
            parent[v], v = root, parent[v]
        return root

    def join(self, a: int, b: int) -> bool:
        """Join ``a`` and ``b``; False when they were joined already (a cycle)."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True


def _ends(geo: Geometry) -> Sequence[tuple[int, int]]:
    """The fields at the ends of each unit segment.  The geometry leaves None for the ids past the
    board's edge, which no bridge place covers; this module looks up only segments of places."""
    return cast("list[tuple[int, int]]", geo.seg_ends)


def _new_cycle(seg_ends: Sequence[tuple[int, int]], base: set[int], new: Iterable[int]) -> bool:
    """Whether the segments ``new`` close a cycle that ``base`` alone does not have (a new
    polygon: a new bounded face of the covered segments)."""
    forest = _Forest()
    for s in base:
        forest.join(*seg_ends[s])
    return any(s not in base and not forest.join(*seg_ends[s]) for s in new)


class _Position:
    """What every closing test of one position shares: the mover's bridges and segments,
    his tops per height, and which bridge places are open to him."""

    def __init__(self, state: State):
        self.state = state = towers_of(state)
        self.seat = seat = state.to_move
        b = state.board
        self.geo = geo = state.geo
        self.stacks, self.seg, self.bridges = b.stacks, b.seg, b.bridges
        self.fem = state.FEM
        self.own = [k for k, (o, _) in self.bridges.items() if o == seat]
        self.own_segs = {s for k in self.own for s in geo.places[k].segs}
        self.level = [len(s) if s and s[-1] == seat else 0 for s in self.stacks]
        self.supply = state.bridge_supply[seat]
        self.can_lay = self.supply > 0 or (self.fem and bool(self.own))
        base = _Forest()
        seg_ends = _ends(geo)
        for s in self.own_segs:
            base.join(*seg_ends[s])
        self.base = base.parent
        self.tested: dict[tuple[int, int, int], bool] = {}

    def open_place(self, pl: Place) -> bool:
        """Not blocked for the mover: its segments are free, or (FEM) covered by his own bridges
        (which a relocation may take up); not a place where one of his bridges lies."""
        key = (pl.a, pl.b)
        if key in self.bridges and (not self.fem or self.bridges[key][0] != self.seat):
            return False
        for s in pl.segs:
            x = self.seg[s]
            if x is not None and (not self.fem or self.bridges[x][0] != self.seat):
                return False
        return True

    def may_close(self, q: int, hq: int, also: int = -1) -> bool:
        """Necessary for a closing turn that lands on ``q`` at height ``hq`` (``also``: a field
        whose top becomes the mover's at that height too): his bridges plus every open place in
        the component of ``q`` among his tops at ``hq`` hold a cycle."""
        key = (q, hq, also)
        known = self.tested.get(key)
        if known is not None:
            return known
        level, partners = self.level, self.geo.partners
        seen, todo = {q}, [q]
        places: set[Place] = set()
        while todo:
            f = todo.pop()
            for r, pl in partners[f]:
                if (r in (q, also) or level[r] == hq) and self.open_place(pl):
                    places.add(pl)
                    if r not in seen:
                        seen.add(r)
                        todo.append(r)
        result = False
        if places:
            forest = _Forest(self.base)
            seg_ends, own_segs = _ends(self.geo), self.own_segs
            for pl in places:
                for s in pl.segs:
                    if s not in own_segs and not forest.join(*seg_ends[s]):
                        result = True
                        break
                if result:
                    break
        self.tested[key] = result
        return result


def _actions(pos: _Position) -> Iterator[tuple[str, int, int, int]]:
    """Every place and move that may carry bridges, with where it lands: (text, q, hq, also)."""
    seat = pos.seat
    for a in pos.state.actions():
        if a.landed:
            also = a.origin if a.left and a.left_top == seat and a.left == a.height else -1
            yield a.text, a.target, a.height, also


def closing_turns(state: State, limit: int | None = None, work: Work | None = None, single: bool = True) -> list[str]:
    """The mover's turns that close a polygon, with any number of bridges, canonical and sorted
    (at most ``limit``; ``single=False`` leaves out those with one bridge, which
    ``legal_moves()`` lists).  Only the smallest bridge sets are given: a set that closes one
    is not grown further."""
    if state.current_player() is None:
        return []
    pos = _Position(state)
    work = work or Work()
    found: set[str] = set()
    if not pos.can_lay:
        return []
    if single:
        for move in state.legal_moves():
            if move.startswith("=") and _single_closes(pos, move):
                found.add(move)
                if limit and len(found) >= limit:
                    return sorted(found)
    for text, q, hq, also in _actions(pos):
        if not work.spend():
            break
        if not pos.may_close(q, hq, also):
            continue
        for turn in _closing_sets(pos, text, work, single):
            found.add(turn)
            if limit and len(found) >= limit:
                return sorted(found)
    if not pos.fem and pos.state.bridge_supply[pos.seat] > 1:
        for turn in _closing_bridges_only(pos, work):
            found.add(turn)
            if limit and len(found) >= limit:
                break
    return sorted(found)


def has_closing(state: State, work: Work | None = None) -> bool:
    """Whether the mover has a turn that closes a polygon (FEM: a win in one)."""
    return bool(closing_turns(state, limit=1, work=work))


def _single_closes(pos: _Position, move: str) -> bool:
    """A legal bridges-only turn of one bridge (``=c3e3``, FEM ``=c3e3<c5e5``) closes a cycle."""
    names = pos.geo.index
    body = move[1:]
    place, _, source = body.partition("<")
    key = (names[place[:2]], names[place[2:]])
    segs = set(pos.own_segs)
    if source:
        segs -= set(pos.geo.places[(names[source[:2]], names[source[2:]])].segs)
    return _new_cycle(_ends(pos.geo), segs, pos.geo.places[key].segs)


def _closing_sets(pos: _Position, action: str, work: Work, single: bool) -> Iterator[str]:
    """The turns ``action`` + a connected set of bridges (with the landed tower) that close a cycle."""
    state, seat, geo = pos.state, pos.seat, pos.geo
    try:
        ex = state.apply_partial(action)
    except ValueError:
        return
    q = ex.target
    if q is None:
        return
    board = ex.board
    st, seg, bridges = board.stacks, board.seg, board.bridges
    hq = len(st[q])
    fem = pos.fem
    own = [k for k, (o, _) in bridges.items() if o == seat]
    movable = {k for k in own if not board.overbuilt(k)} if fem else set()
    supply = ex.bridge_supply[seat]
    most = supply + len(movable)
    if most == 0:
        return

    def open_place(pl: Place) -> bool:
        # FEM: a place under one of his own bridges is open too: relocated away to another of
        # the new places, it is laid again as a new bridge (which joins the new ones, R3)
        if (pl.a, pl.b) in bridges and (pl.a, pl.b) not in movable:
            return False
        a, b = st[pl.a], st[pl.b]
        if not (a and b and a[-1] == seat and b[-1] == seat and len(a) == hq and len(b) == hq):
            return False
        for s in pl.segs:
            x = seg[s]
            if x is not None and x not in movable:
                return False
        return True

    near: dict[int, list[Place]] = {}

    def places_at(f: int) -> list[Place]:
        if f not in near:
            near[f] = [pl for _, pl in geo.partners[f] if open_place(pl)]
        return near[f]

    own_segs = {s for k in own for s in geo.places[k].segs}
    seg_ends = _ends(geo)

    def closes(chosen: list[Place]) -> str | None:
        """The turn text when ``chosen`` can be laid as one turn and closes a cycle."""
        forced = sorted({k for pl in chosen for s in pl.segs if (k := seg[s]) is not None})
        if len(forced) > len(chosen):
            return None
        extra = max(0, len(chosen) - supply - len(forced))
        pool = sorted(movable - set(forced))
        if extra > len(pool):
            return None
        new = _segs(chosen)
        kept = own_segs - {s for k in forced for s in geo.places[k].segs}
        for drop in itertools.combinations(pool, extra):
            if not work.spend():
                return None
            if _new_cycle(seg_ends, kept - {s for k in drop for s in geo.places[k].segs}, new):
                text = _text(state, action, chosen, forced, list(drop), supply, q)
                if text is not None:
                    return text
        return None

    # connected sets of open places containing q, each once, smallest first along each branch
    start = places_at(q)

    def grow(chosen: list[Place], ends: set[int], ext: list[Place], seen: set[Place]) -> Iterator[str]:
        used = _segs(chosen)
        for i, pl in enumerate(ext):
            if not work.spend():
                return
            if any(s in used for s in pl.segs):
                continue
            now = chosen + [pl]
            if len(now) > 1 or single:
                text = closes(now)
                if text is not None:
                    yield text
                    continue
            if len(now) >= most:
                continue
            more = list(ext[i + 1 :])
            grown = set(seen)
            for f in (pl.a, pl.b):
                if f in ends:
                    continue
                for other in places_at(f):
                    if other not in grown:
                        grown.add(other)
                        more.append(other)
            yield from grow(now, ends | {pl.a, pl.b}, more, grown)

    yield from grow([], {q}, list(start), set(start))


def _segs(chosen: list[Place]) -> set[int]:
    """The unit segments the bridge places ``chosen`` cover."""
    return {s for pl in chosen for s in pl.segs}


def _closing_bridges_only(pos: _Position, work: Work) -> Iterator[str]:
    """Tactori: bridges-only turns of two or more bridges (one connected set) that close a cycle."""
    state, seat, geo = pos.state, pos.seat, pos.geo
    st = pos.stacks
    supply = state.bridge_supply[seat]
    layable = [
        pl
        for pl in geo.place_list
        if pos.open_place(pl)
        and st[pl.a]
        and st[pl.b]
        and st[pl.a][-1] == seat
        and st[pl.b][-1] == seat
        and len(st[pl.a]) == len(st[pl.b])
    ]
    if len(layable) < 2:
        return
    if not _new_cycle(_ends(geo), pos.own_segs, {s for pl in layable for s in pl.segs}):
        return
    at: dict[int, list[Place]] = {}
    for pl in layable:
        at.setdefault(pl.a, []).append(pl)
        at.setdefault(pl.b, []).append(pl)
    seg_ends, own_segs = _ends(geo), pos.own_segs

    def grow(chosen: list[Place], ends: set[int], ext: list[Place], seen: set[Place]) -> Iterator[str]:
        used = _segs(chosen)
        for i, pl in enumerate(ext):
            if not work.spend():
                return
            if any(s in used for s in pl.segs):
                continue
            now = chosen + [pl]
            if _new_cycle(seg_ends, own_segs, _segs(now)):
                text = _verified(state, " ".join("=" + p.text for p in _bfs_order(now, now[0].a)))
                if text is not None:
                    yield text
                    continue
            if len(now) >= supply:
                continue
            more = list(ext[i + 1 :])
            grown = set(seen)
            for f in (pl.a, pl.b):
                if f in ends:
                    continue
                for other in at.get(f, ()):
                    if other not in grown:
                        grown.add(other)
                        more.append(other)
            yield from grow(now, ends | {pl.a, pl.b}, more, grown)

    for n, first in enumerate(layable):
        # sets whose first place (in board order) is ``first``: the earlier ones are never added
        seen = set(layable[: n + 1])
        ext = [pl for f in (first.a, first.b) for pl in at[f] if pl not in seen]
        seen |= set(ext)
        yield from grow([first], {first.a, first.b}, ext, seen)


def _bfs_order(chosen: list[Place], root: int) -> list[Place]:
    """The places in an order where each touches the fields reached before (from ``root``)."""
    order: list[Place] = []
    reached, rest = {root}, list(chosen)
    while rest:
        for pl in rest:
            if pl.a in reached or pl.b in reached:
                order.append(pl)
                reached |= {pl.a, pl.b}
                rest.remove(pl)
                break
        else:
            order.extend(rest)
            break
    return order


def _text(
    state: TowersState,
    action: str,
    chosen: list[Place],
    forced: list[tuple[int, int]],
    drop: list[tuple[int, int]],
    supply: int,
    q: int,
) -> str | None:
    """``action`` followed by the bridges of ``chosen``, each from the supply or relocated (FEM)
    from a bridge in ``forced`` (those the new places overlap: taken up before the place is laid)
    or ``drop`` (taken up to spare the supply), in an order the engine accepts."""
    names = state.geo.names
    seg = state.board.seg
    # the bridges each place overlaps (FEM: own bridges, relocated away)
    over = {id(pl): {k for s in pl.segs if (k := seg[s]) is not None} for pl in chosen}
    taken: set[tuple[int, int]] = set()
    spare = list(drop)
    free_forced = [k for k in forced]
    left = supply
    rest = _bfs_order(chosen, q)
    parts = [action]
    while rest:
        for pl in rest:
            blockers = over[id(pl)] - taken
            if not blockers or len(blockers) == 1 and (pl.a, pl.b) not in blockers:
                break
        else:
            return None
        rest.remove(pl)
        source: tuple[int, int] | None
        if blockers:
            source = blockers.pop()
            free_forced.remove(source)
        elif free_forced:  # taken up now, its own place (or one it overlaps) is free later
            source = free_forced.pop(0)
        elif spare:
            source = spare.pop(0)
        elif left:
            source, left = None, left - 1
        else:
            return None
        if source is None:
            parts.append("=" + pl.text)
        else:
            taken.add(source)
            parts.append(f"={pl.text}<{names[source[0]]}{names[source[1]]}")
    return _verified(state, " ".join(parts))


def _verified(state: State, text: str) -> str | None:
    """The canonical text when the engine accepts ``text``."""
    try:
        return state.copy().play(text)
    except ValueError:
        return None


# ------------------------------------------------------------- extensions
def extensions(state: State, move: str) -> list[str]:
    """The legal turns one bridge longer than ``move`` (none if it cannot take more)."""
    if move == "pass" or move.startswith("x="):
        return []
    return towers_of(state).continuations(move)


def extend(state: State, move: str, rng: random.Random) -> str:
    """A random playout's turn: a turn with a bridge lays one more (drawn uniformly among
    those the engine allows) with probability ``EXTEND``, again after each one."""
    state = towers_of(state)
    if " =" not in move and not (move.startswith("=") and not state.FEM):
        return move
    while rng.random() < EXTEND:
        longer = state.continuations(move)
        if not longer:
            break
        move = longer[rng.randrange(len(longer))]
    return move
