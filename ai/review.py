"""Reviewing a match: every ply's win chances, the move played, the search's best move, a label.

``review(record, level="hard", seed=0) -> Review``.  Pure (engines and the search
only) and deterministic: ply ``i`` is searched with its own ``random.Random`` seeded
from ``seed`` and ``i``, and the budget is a count of iterations, never time.

Each ply is first searched (``probe``: raw search figures) and then judged (``judge``:
calibrated win chances, the label); ``review`` then weighs the moves into accuracies.

Win chances (``Ply.win``, one per seat, summing to 1): the search's mean reward of the
best move's node for every seat (a finished playout is worth mostly the win share, the
rest the score margin; an unfinished one the evaluator's value, both in [0, 1]; where the
mover moves again after it, his most visited next move's node, ``own_next``), clipped
to [0, 1] and divided by their sum, then *calibrated*: the mover's raw share ``v`` becomes
``sigmoid(a + b * logit(v))`` with the game's ``CALIBRATION`` (fitted on hard-against-hard
matches, ``bench/review_quality.py fit``), the other seats sharing the rest in proportion to
their raw shares.  The raw mean leans toward the
mover (the best of several means, and random playouts that favour whoever moves next);
the calibration takes that lean out, so a ply's chances are the same estimate whoever is
to move.  Where the best move ends the match, the chances are its result, exactly.

The played move's win chance for its mover: exactly 1 / 0 (or the share of a draw) when it
ends the match; 0 when it lets the next player win at once (below); the best move's when it
makes the same position (a Tactori turn laying the same bridges in another order); else,
where nothing was hidden before it, the next ply's chance for him (``followed``: the search
of the position the move made, at the review's full budget); else (a tile may be drawn that
the mover could not see) its node's mean when the search visited it at least ``MIN_VISITS``
times, or a search of the position after it, as the mover saw it (a fresh arrangement of
the hidden tiles, the move played in it, then searched: its root mean), calibrated as
above.  The drop is the best move's win chance minus the played move's, for the mover,
never below 0; the label follows ``THRESHOLDS``.

Honest: every search starts from ``hidden.determinise`` of the position (inside
``search.run``), which reads only the public contents of the face-down piles and
sub-boards, never their order; the after-search plays the move in such a copy, so a
tile the move draws is a random one of those the mover could draw, not the real one.
The best move is one of the position's legal moves (the real ones, which the mover
could see), so a review never says "draw the other tile".

A win at once: where a move ends the match with its mover the only winner (FEM: a
turn that closes a loop, R7, found by its profile's ``tactics``; the other games: every legal move
tried), it is the best move with a win chance of 1 and nothing else is searched but
the played move, if it is another; that move is labelled at least ``MISSED_WIN``.

A win allowed: where the next player could win at once after the played move (FEM: close
a loop; the other games: a move that ends the match with him the only winner), judged in
the arrangement the mover saw, and some other move would not have allowed it (the best
move, or else one of the search's next best), the played move's win chance is 0 and its
label at least ``ALLOWED_WIN``; ``Ply.allows_win`` marks it.

Accuracy per player: lichess's, the mean of a weighted and a harmonic mean of the moves'
accuracies, each move weighted in both by how much was at stake (the spread of the win
chances around it, ``accuracy``), so that moves in a position already decided weigh little.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from engines.core import State, game_names
from engines.record import Record, walk

from . import search
from .evaluators import evaluator_for
from .hidden import determinise, has_hidden
from .levels import CPU_CAP, LEVELS, Budget, budget
from .profiles import profile
from .work import Work

__all__ = ["LABELS", "THRESHOLDS", "Ply", "Review", "review", "label_for", "move_accuracy"]

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
# Upper bounds (exclusive) of the drop in the mover's win chance (0-1) for each label but the
# last.  Lichess's inaccuracy, mistake and blunder are drops of 0.1, 0.2 and 0.3 in its
# "winning chances" on a scale of -1 to 1, that is 5, 10 and 15 points of win chance; a search
# of a few hundred to a few thousand playouts is noisier than a chess engine, so ours are twice
# as wide: 10, 20 and 30 points.  "best": within 2 points of the best move (or the best move).
THRESHOLDS = {"best": 0.02, "good": 0.10, "inaccuracy": 0.20, "mistake": 0.30}
# Where a move wins at once (ends the match, its mover the only winner), every other move is at
# least a mistake, whatever the drop: the match could have been over, and a search that still
# rates the position after another move as nearly won (a double threat, a lead nobody can catch)
# measures a win later, which is less certain than a win now.  The drop and the accuracy stay the
# search's own.
MISSED_WIN = "mistake"
# A move that lets the next player win at once, where another would not have, is at least a
# mistake (its win chance is 0: the opponent only has to take it).
ALLOWED_WIN = "mistake"
ALLOWED_TRIED = 8  # moves tried for one that does not allow a win at once
MIN_VISITS = 8  # the played move's node must have this many visits to be trusted
# The review's budget per ply, as a share of the level's iterations (levels.budget): a match of
# 120 plies must be reviewed in about a minute of one core (ai/README.md, "Reviews").
# Each game's share is in its profile (ai/profiles/<game>.py), with any share by seats.
AFTER_SHARE = 0.25  # the after-search of a played move the search barely visited
HIDDEN_DRAWS = 4  # ... split over this many arrangements of the hidden tiles
# The mover's raw share v -> sigmoid(a + b * logit(v)), per (game, players), fitted on hard-against-
# hard matches reviewed at hard (bench/review_quality.py fit; method and figures in ai/README.md,
# "Reviews"): the lean c (a = -b c) is the median, over consecutive plies where the best move was
# played, of the two movers' mean raw logit (with no lean their chances add up to 1); the slope b
# is 1, the search's own scale: it would be fitted to the matches' results, which between two hard
# players barely follow any estimate (bench/review_quality.py, SLOPE).  Other games and seat counts: as searched.  Each
# game's figures are in its profile (``calibration``).
# The bench's leave-one-out check replaces entries of this table; a game registered later (a test's) is
# read from its profile.
CALIBRATION: dict[tuple[str, int], tuple[float, float]] = {
    (game, n): ab for game in game_names() for n, ab in profile(game).calibration.items()
}
EPSILON = 1e-3  # raw shares are clipped to [EPSILON, 1 - EPSILON] before the logit


@dataclass(frozen=True)
class Ply:
    ply: int  # index of the move in the record (0-based)
    seat: int  # the mover
    move: str
    win: list[float]  # each seat's win chance before the move (sums to 1)
    best: str
    best_win: float  # the mover's win chance after the best move
    played_win: float  # ... after the move played
    label: str
    forced: bool = False  # the only legal move
    missed_win: bool = False  # another move would have won at once
    allows_win: bool = False  # the next player could win at once after it (and another move avoided that)

    @property
    def drop(self) -> float:
        return max(0.0, self.best_win - self.played_win)


@dataclass
class Review:
    game: str
    players: list[str]
    level: str
    seed: int
    plies: list[Ply] = field(default_factory=list)
    accuracy: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "level": self.level,
            "seed": self.seed,
            "accuracy": self.accuracy,
            "plies": [
                {
                    "ply": p.ply,
                    "seat": p.seat,
                    "move": p.move,
                    "win": p.win,
                    "best": p.best,
                    "best_win": p.best_win,
                    "played_win": p.played_win,
                    "label": p.label,
                    "forced": p.forced,
                    "missed_win": p.missed_win,
                    "allows_win": p.allows_win,
                }
                for p in self.plies
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        plies = [
            Ply(
                p["ply"],
                p["seat"],
                p["move"],
                list(p["win"]),
                p["best"],
                p["best_win"],
                p.get("played_win", p["best_win"]),
                p["label"],
                p.get("forced", False),
                p.get("missed_win", False),
                p.get("allows_win", False),
            )
            for p in data["plies"]
        ]
        return cls(
            data["game"],
            list(data["players"]),
            data.get("level", "hard"),
            data.get("seed", 0),
            plies,
            list(data["accuracy"]),
        )

    def costliest(self, seat: int, count: int = 3) -> list[Ply]:
        """The seat's ``count`` costliest moves labelled an inaccuracy or worse (largest drop first,
        then the earliest): a move labelled good is not a cost worth naming."""
        worst = LABELS.index("inaccuracy")
        mine = [p for p in self.plies if p.seat == seat and LABELS.index(p.label) >= worst]
        return sorted(mine, key=lambda p: (-p.drop, p.ply))[:count]


def label_for(drop: float, missed_win: bool = False, allows_win: bool = False) -> str:
    """The label of a move whose mover's win chance dropped by ``drop`` (0-1); a move that let pass a
    win at once (``missed_win``) is at least ``MISSED_WIN``, one that let the next player win at once
    (``allows_win``) at least ``ALLOWED_WIN``."""
    label = LABELS[-1]
    for name in LABELS[:-1]:
        if drop < THRESHOLDS[name]:
            label = name
            break
    for flag, floor in ((missed_win, MISSED_WIN), (allows_win, ALLOWED_WIN)):
        if flag and LABELS.index(label) < LABELS.index(floor):
            label = floor
    return label


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of a move from the drop in win chance (in points of 0-100):
    103.1668 * exp(-0.04354 * drop) - 3.1669, within 0-100."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop * 100.0) - 3.1669))


def final_chances(plies: list[Ply]) -> list[float]:
    """Every seat's win chance after the last move: the mover's played move's, the rest shared in
    proportion to their chances before it (the result, where the move ended the match)."""
    last = plies[-1]
    seats = len(last.win)
    rest = [s for s in range(seats) if s != last.seat]
    others = sum(last.win[s] for s in rest)
    end = [0.0] * seats
    end[last.seat] = last.played_win
    for s in rest:
        end[s] = (1 - last.played_win) * (last.win[s] / others if others else 1 / len(rest))
    return end


def stakes(plies: list[Ply]) -> list[float]:
    """Lichess's weight of each move: the standard deviation (in points, within 0.5-12) of its
    mover's win chances over a window of positions around it (the window: a tenth of the match,
    2 to 8 positions), so that a move where nothing moves, a position already decided, weighs
    little, and one in a sharp position much."""
    if not plies:
        return []
    series = [[p.win[s] * 100 for p in plies] + [e * 100] for s, e in enumerate(final_chances(plies))]
    window = max(2, min(8, len(plies) // 10))
    out = []
    for i, p in enumerate(plies):
        start = max(0, i + 2 - window)
        seen = series[p.seat][start : start + window]
        out.append(max(0.5, min(12.0, statistics.pstdev(seen))))
    return out


def accuracy(plies: list[Ply], seats: int) -> list[float]:
    """Per seat, lichess's game accuracy: the mean of the weighted mean (weights: ``stakes``) and
    the harmonic mean (each move's accuracy at least 1) of ``move_accuracy`` over its moves that had
    a choice; 100 with none.  The harmonic mean makes a single blunder cost much, as it should.
    Unlike lichess's, the harmonic mean is weighted by the stakes too: unweighted, every move of a
    lost player in a decided position (nothing left to lose, each move 100) counts as much as a
    blunder in an open one, and half a match of them lifted a random mover's accuracy by 10-20
    points."""
    weights = stakes(plies)
    out = []
    for seat in range(seats):
        mine = [(move_accuracy(p.drop), w) for p, w in zip(plies, weights) if p.seat == seat and not p.forced]
        if not mine:
            out.append(100.0)
            continue
        weighted = sum(a * w for a, w in mine) / sum(w for _, w in mine)
        harmonic = sum(w for _, w in mine) / sum(w / max(1.0, a) for a, w in mine)
        out.append(round((weighted + harmonic) / 2, 1))
    return out


def review(
    record: Record,
    level: str = "hard",
    seed: int = 0,
    share: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Every ply of ``record`` reviewed at ``level`` (module docstring).  ``share``: the budget per
    ply as a share of the level's iterations (the profile's ``share`` by default); ``progress(done, total)``
    is called after each ply."""
    return judge_all(record, probe_all(record, level, seed, share, progress), level, seed)


def probe_all(
    record: Record,
    level: str = "hard",
    seed: int = 0,
    share: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Probe]:
    """The raw search figures of every ply (``probe``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    out = []
    total = len(record.moves)
    for ply, state in enumerate(walk(record)):
        if ply == total:
            break
        out.append(probe(state, record.moves[ply], ply, level, seed, share))
        if progress is not None:
            progress(ply + 1, total)
    return out


def judge_all(record: Record, probes: list[Probe], level: str = "hard", seed: int = 0) -> Review:
    """The review of ``record`` from its probes: each ply judged (``judge``; a played move that makes
    the best move's position is the best), the played moves valued by the next ply where nothing was
    hidden (``followed``), then the accuracies."""
    plies, hidden = [], []
    for state, p in zip(walk(record), probes):
        plies.append(
            judge(p)
            if p.move == p.best or not same_position(state, p.move, p.best)
            else judge(
                Probe(
                    p.game,
                    p.ply,
                    p.seat,
                    p.move,
                    p.players,
                    p.move,
                    p.forced,
                    p.raw,
                    p.exact,
                    played_exact=p.played_exact,
                )
            )
        )
        hidden.append(has_hidden(state))
    out = Review(record.game, list(record.players), level, seed, followed(plies, probes, hidden))
    out.accuracy = accuracy(out.plies, len(record.players))
    return out


# What a state's JSON says about the move that led to it rather than about the position
# (the move's text, the messages it produced).
MOVE_KEYS = ("last", "events")


def moves_again(state: State, move: str) -> bool:
    """Does the player to move move again after ``move`` (Architekton's first placement of a turn)?"""
    seat = state.current_player()
    after = state.copy()
    search.play(after, move)
    return after.current_player() == seat


def same_position(state: State, move: str, other: str) -> bool:
    """Do the two moves make the same position?  A Tactori or FEM turn that lays the same bridges in
    another order is the same move: the search's best named in another order was played."""
    positions = []
    for text in (move, other):
        after = state.copy()
        search.play(after, text)
        data = after.to_json()
        positions.append({k: v for k, v in data.items() if k not in MOVE_KEYS})
    return positions[0] == positions[1]


def followed(plies: list[Ply], probes: list[Probe], hidden: list[bool]) -> list[Ply]:
    """The plies with each played move that was not the search's best valued as the next ply's search
    found the position after it: the mover's chance there (``Ply.win`` of the next ply), where that
    position is what the mover's move made of his (nothing hidden before it, so nothing drawn that he
    could not see) and the move did not end the match or let the next player win at once (exact).

    The played move's own estimate is a node the search barely visited, or a small search after it
    whose mean is mostly the next player's tries, not his best reply: it sees a threat only the
    reply carries out (in Tactori a box the opponent closes next) too late, and a move that lets it
    looked nearly as good as the best.  The next ply's search is the review's full budget from the
    position itself, and its chance is the chart's next point, so what a move is charged is what the
    chart shows it lost."""
    out = list(plies)
    for i in range(len(plies) - 1):
        p, probe = plies[i], probes[i]
        if hidden[i] or p.move == p.best or probe.played_exact is not None:
            continue
        value = round(plies[i + 1].win[p.seat], 4)
        out[i] = Ply(
            p.ply,
            p.seat,
            p.move,
            p.win,
            p.best,
            p.best_win,
            value,
            label_for(max(0.0, p.best_win - value), p.missed_win, p.allows_win),
            p.forced,
            p.missed_win,
            p.allows_win,
        )
    return out


def ply_seed(seed: int, ply: int) -> int:
    return (seed * 1_000_003 + ply * 7_919 + 17) % (1 << 62)


@dataclass
class Probe:
    """What the search found at one ply, before calibration (``judge`` makes a ``Ply`` of it)."""

    game: str
    ply: int
    seat: int
    move: str
    players: int
    best: str
    forced: bool = False
    raw: list[float] | None = None  # every seat's share of the best move's node (None: exact)
    exact: list[float] | None = None  # the best move ends the match (or wins at once): each seat's result
    played_raw: float | None = None  # the mover's share after the played move (None: exact or the best)
    played_exact: float | None = None  # the played move ends the match: the mover's result
    missed_win: bool = False
    allows_win: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Probe:
        return cls(**data)


def review_ply(
    state: State, move: str, ply: int, level: str = "hard", seed: int = 0, share: float | None = None
) -> Ply:
    """One position and the move played in it (the text of the record)."""
    return judge(probe(state, move, ply, level, seed, share))


def probe(state: State, move: str, ply: int, level: str = "hard", seed: int = 0, share: float | None = None) -> Probe:
    """The search's figures for one position and the move played in it."""
    seat = state.current_player()
    if seat is None:
        raise ValueError(f"ply {ply}: the match is over, nobody is to move")
    players = len(state.scores())
    game = state.game.name
    rng = random.Random(ply_seed(seed, ply))
    seen = determinise(state, rng)
    real = state.copy()
    played = real.play(move)  # canonical text; the record's moves are legal (walk checked them)
    plan = budget(game, level, players)
    if share is None:
        share = profile(game).share(players)
    iterations = max(16, round(plan.iterations * share))
    evaluator = evaluator_for(seen, plan.evaluator)
    moves = state.legal_moves()
    forced = len(moves) == 1
    out = Probe(game, ply, seat, played, players, played, forced)
    if real.current_player() is None:
        out.played_exact = _final(real, seat)
    hooks = profile(game)  # the game's search hooks, if any (ai/hooks.py)
    tactics, turns = hooks.tactics, hooks.turns
    wins = (
        tactics.winning_moves(seen, Work(plan.tactics))
        if tactics is not None
        else [m for m in moves if _wins_at_once(seen, m, seat)]
    )
    if wins:
        out.exact = [1.0 if s == seat else 0.0 for s in range(players)]
        if played in wins or _ended_won(real, seat):
            out.played_exact = 1.0
            return out
        out.best, out.missed_win = wins[0], True
        if out.played_exact is None:
            if _allows_win(seen, played, plan):
                out.allows_win = True
                out.played_exact = 0.0
            else:
                out.played_raw = _after(state, played, seat, players, iterations, evaluator, level, rng)
        return out
    extra = turns.closing_turns(seen, limit=24, work=Work(20_000), single=False) if turns is not None else None
    root_moves = moves + (extra or [])
    priors, base = None, 0.0
    if evaluator.PRIORS:
        values = {m: search.one_ply(seen, m, evaluator) for m in root_moves}
        base = max(values.values())
        priors = {m: v - base for m, v in values.items()}
    result = search.run(
        state, rng, iterations, evaluator, CPU_CAP[level], players, priors, plan.explore, None, extra, base
    )
    children = result.root.children
    legal = set(root_moves)
    ranked = sorted(
        ((m, c) for m, c in children.items() if c.visits and m in legal),
        key=lambda mc: (-mc[1].visits, -mc[1].totals[seat] / mc[1].visits, mc[0]),
    )
    if not ranked:  # cannot happen with at least one iteration; be safe
        out.raw = [1.0 / players] * players
        return out
    allows = out.played_exact is None and _allows_win(seen, played, plan)
    node: search.Node | None
    best, node = ranked[0]
    if allows:
        safe = _safe_move(seen, played, [m for m, _ in ranked], moves, plan)
        if safe is None:  # no move avoids it (within the work): the position was lost anyway
            allows = False
        elif safe in children and children[safe].visits:
            best, node = safe, children[safe]
        else:  # a move the search barely looked at: valued by a search after it
            best, node = safe, None
            v = _after(state, safe, seat, players, iterations, evaluator, level, rng)
            out.raw = [v if s == seat else (1 - v) / (players - 1) for s in range(players)]
    out.best = best
    if node is not None:
        node = own_next(node, seat, moves_again(seen, best))
        out.raw = shares([t / node.visits for t in node.totals])
    ended = seen.copy() if best != played else real
    if ended is not real:
        search.play(ended, best)
    if ended.current_player() is None:
        out.exact = [_final(ended, s) for s in range(players)]
    if allows:
        out.allows_win, out.played_exact = True, 0.0
    if played == best or out.played_exact is not None:
        return out
    mine = children.get(played)
    if mine is not None and mine.visits >= MIN_VISITS:
        mine = own_next(mine, seat, moves_again(seen, played))
        out.played_raw = shares([t / mine.visits for t in mine.totals])[seat]
    else:
        out.played_raw = _after(state, played, seat, players, iterations, evaluator, level, rng)
    return out


def own_next(node: search.Node, seat: int, again: bool) -> search.Node:
    """The node whose mean values the position after a move: the move's own, or, where its mover
    moves again (``again``: Architekton's first placement), his most visited next move's, if it has
    ``MIN_VISITS``.  A node whose children are its mover's own choices is worth his best of them,
    not the average of his tries, which lies below it (his chance rose by a median 9.8 points from
    his first placement to his second over 16 matches of hard against hard)."""
    if not again:
        return node
    tried = [(m, c) for m, c in node.children.items() if c.visits >= MIN_VISITS]
    if not tried:
        return node
    return min(tried, key=lambda mc: (-mc[1].visits, -mc[1].totals[seat] / mc[1].visits, mc[0]))[1]


def judge(p: Probe) -> Ply:
    """The ``Ply`` of a probe: calibrated win chances (``chances``), exact where the match ends, and
    the label."""
    if p.exact is not None:
        win = list(p.exact)
    else:
        win = chances(p.game, p.players, p.raw or [1.0 / p.players] * p.players, p.seat)
    best_win = win[p.seat]
    if p.played_exact is not None:
        played_win = p.played_exact
    elif p.played_raw is not None:
        played_win = calibrated(p.game, p.players, p.played_raw)
    else:
        played_win = best_win  # the best move was played
    if p.move == p.best and p.played_exact is not None and p.exact is None:
        # the best move ended the match: its result is the position's value
        best_win = played_win
        win = _shared(win, p.seat, played_win)
    best_win, played_win = round(best_win, 4), round(played_win, 4)
    win = [round(w, 4) for w in win]
    if p.move == p.best:
        return Ply(p.ply, p.seat, p.move, win, p.best, best_win, played_win, "best", p.forced)
    drop = max(0.0, best_win - played_win)
    return Ply(
        p.ply,
        p.seat,
        p.move,
        win,
        p.best,
        best_win,
        played_win,
        label_for(drop, p.missed_win, p.allows_win),
        p.forced,
        p.missed_win,
        p.allows_win,
    )


def _shared(win: list[float], seat: int, value: float) -> list[float]:
    """``win`` with the seat's chance set to ``value``, the others sharing the rest as before."""
    rest = [s for s in range(len(win)) if s != seat]
    others = sum(win[s] for s in rest)
    return [
        value if s == seat else (1 - value) * (win[s] / others if others else 1 / len(rest)) for s in range(len(win))
    ]


def calibration(game: str, players: int) -> tuple[float, float]:
    """(a, b) of the game at this many seats (``CALIBRATION``); (0, 1) where none was fitted."""
    return CALIBRATION.get((game, players)) or profile(game).calibration.get(players, (0.0, 1.0))


def calibrated(game: str, players: int, value: float) -> float:
    """The mover's raw share as a win chance (``calibration``; as it is where none was fitted)."""
    a, b = calibration(game, players)
    if (a, b) == (0.0, 1.0):
        return min(1.0, max(0.0, value))
    v = min(1 - EPSILON, max(EPSILON, value))
    return 1.0 / (1.0 + math.exp(-(a + b * math.log(v / (1 - v)))))


def chances(game: str, players: int, raw: list[float], seat: int) -> list[float]:
    """Every seat's win chance from the raw shares of the best move's node: the mover's calibrated,
    the others sharing the rest in proportion to their raw shares.  Shares exactly equal mean every
    playout rewarded the seats alike (an Atacama match settled as a draw on equal scores): a mean of
    one outcome does not lean, and calibrating it would swing the chart by 17 points a ply."""
    raw = shares(raw)
    if len(set(raw)) == 1:
        return raw
    return _shared(raw, seat, calibrated(game, players, raw[seat]))


def _wins_at_once(seen: State, move: str, seat: int) -> bool:
    """Does ``move`` end the match with its mover the only winner?  Played in the arrangement the
    mover saw (a match that ends is decided by what is on the table, not by a face-down order)."""
    after = seen.copy()
    after.play(move)
    return _ended_won(after, seat)


def _allows_win(seen: State, move: str, plan: Budget) -> bool:
    """After ``move`` (in the arrangement the mover saw), can the next player, another than the mover,
    win at once?  FEM: close
    a loop with any turn (exact, within the level's tactical work); the other games: any legal move,
    and in Tactori's last turns every turn that closes a polygon, that ends the match with him the
    only winner."""
    mover = seen.current_player()
    after = seen.copy()
    search.play(after, move)
    seat = after.current_player()
    if seat is None or seat == mover:  # over, or the mover's turn goes on (Architekton's second tile)
        return False
    hooks = profile(seen.game.name)
    if hooks.tactics is not None:
        return hooks.tactics.allows_win(seen, move, Work(plan.tactics))
    moves = after.legal_moves()
    if any(_wins_at_once(after, m, seat) for m in moves):
        return True
    if hooks.turns is None:
        return False
    probe_end = after.copy()
    search.play(probe_end, moves[0])
    if probe_end.current_player() is not None:  # not the match's last turn: a polygon does not end it
        return False
    longer = hooks.turns.closing_turns(after, limit=24, work=Work(20_000), single=False)
    return any(_wins_at_once(after, m, seat) for m in longer)


def _safe_move(seen: State, played: str, ranked: list[str], moves: list[str], plan: Budget) -> str | None:
    """The first move, the search's most visited first, then the legal moves it did not try, that
    does not let the next player win at once (FEM: within the level's tactical work; the other
    games: at most ``ALLOWED_TRIED`` moves, each of which tries every reply)."""
    candidates = ranked + [m for m in moves if m not in set(ranked)]
    tactics = profile(seen.game.name).tactics
    if tactics is not None:
        work = Work(plan.tactics)
        for move in candidates:
            if work.out:
                return None
            if move != played and not tactics.allows_win(seen, move, work):
                return move
        return None
    for move in [m for m in candidates if m != played][:ALLOWED_TRIED]:
        if not _allows_win(seen, move, plan):
            return move
    return None


def shares(values: list[float]) -> list[float]:
    """Rewards per seat as win chances: clipped to [0, 1], divided by their sum."""
    clipped = [min(1.0, max(0.0, v)) for v in values]
    total = sum(clipped)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in clipped]


def _final(state: State, seat: int) -> float:
    outcome = state.outcome()
    assert outcome is not None  # called on finished positions only
    winners = outcome.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def _ended_won(state: State, seat: int) -> bool:
    """Over, won by ``seat`` alone (a shared first place is judged by its share, ``_final``)."""
    if state.current_player() is not None:
        return False
    outcome = state.outcome()
    assert outcome is not None  # nobody is to move: the match is over
    return tuple(outcome.winners) == (seat,)


def _after(
    state: State,
    move: str,
    seat: int,
    players: int,
    iterations: int,
    evaluator: types.ModuleType,
    level: str,
    rng: random.Random,
) -> float:
    """The mover's raw share after ``move``, as he saw it: played in fresh arrangements of the hidden
    tiles (``HIDDEN_DRAWS`` of them where there are any), each searched; the mean of their root means
    (an arrangement in which the move ends the match counts its result)."""
    draws = HIDDEN_DRAWS if has_hidden(state) else 1
    budget_each = max(8, round(iterations * AFTER_SHARE / draws))
    values = []
    for _ in range(draws):
        after = determinise(state, rng)
        search.play(after, move)
        if after.current_player() is None:
            values.append(_final(after, seat))
            continue
        result = search.run(after, rng, budget_each, evaluator, CPU_CAP[level], players)
        root = own_next(result.root, seat, after.current_player() == seat)
        values.append(shares([t / root.visits for t in root.totals])[seat] if root.visits else 1.0 / players)
    return sum(values) / len(values)


def as_dict(p: Ply) -> dict[str, Any]:
    return asdict(p)


class _CallableModule(types.ModuleType):
    """``ai.review(record, level, seed)`` calls :func:`review` (the issue's name), while ``ai.review.Review``
    and the rest of this module stay reachable under the same name."""

    def __call__(self, *args: Any, **kwargs: Any) -> Review:
        return review(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
