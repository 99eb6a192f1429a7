"""Reviewing a match: every ply's win chances, the move played, the search's best move, a label.

``review(record, level="hard", seed=0) -> Review``.  Pure (engines and the search
only) and deterministic: ply ``i`` is searched with its own ``random.Random`` seeded
from ``seed`` and ``i``, and the budget is a count of iterations, never time.

Win chances (``Ply.win``, one per seat, summing to 1): the search's mean reward of
the best move's node for every seat (a finished playout is worth mostly the win
share, the rest the score margin; an unfinished one the evaluator's value, both in
[0, 1]), clipped to [0, 1] and divided by their sum.  For two players that is the
win chance; for three or four each seat's share of first places.

The played move's win chance for its mover: its node's mean when the search visited
it at least ``MIN_VISITS`` times; else a search of the position after it, as the
mover saw it (a fresh arrangement of the hidden tiles, the move played in it, then
searched: its root mean); exactly 1 / 0 (or the share of a draw) when it ends the
match.  The drop is the best move's win chance minus the played move's, for the
mover, never below 0; the label follows ``THRESHOLDS``.

Honest: every search starts from ``hidden.determinise`` of the position (inside
``search.run``), which reads only the public contents of the face-down piles and
sub-boards, never their order; the after-search plays the move in such a copy, so a
tile the move draws is a random one of those the mover could draw, not the real one.
The best move is one of the position's legal moves (the real ones, which the mover
could see), so a review never says "draw the other tile".

A win at once: where a move ends the match with its mover the only winner (FEM: a
turn that closes a loop, R7, found by ``tactics``; the other games: every legal move
tried), it is the best move with a win chance of 1 and nothing else is searched but
the played move, if it is another; that move is labelled at least ``MISSED_WIN``.
"""
from __future__ import annotations

import math
import random
import sys
import types
from dataclasses import asdict, dataclass, field
from typing import Any

from engines.core import State, game_names
from engines.record import Record, walk

from . import search, tactics, turns
from .evaluators import evaluator_for
from .hidden import determinise, has_hidden
from .levels import CPU_CAP, LEVELS, budget
from .profiles import profile

__all__ = ["LABELS", "THRESHOLDS", "Ply", "Review", "review", "label_for", "move_accuracy"]

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
# Upper bounds (exclusive) of the drop in the mover's win chance (0-1) for each label but the
# last.  Lichess's inaccuracy, mistake and blunder are drops of 0.1, 0.2 and 0.3 in its
# "winning chances" on a scale of -1 to 1, that is 5, 10 and 15 points of win chance; a search
# of a few hundred to a few thousand playouts is noisier than a chess engine, so ours are twice
# as wide: 10, 20 and 30 points.  "best": within 2 points of the best move (or the best move).
THRESHOLDS = {"best": 0.02, "good": 0.10, "inaccuracy": 0.20, "mistake": 0.30}
# Where a move wins at once (ends the match, its mover the only winner), every other move is at
# least an inaccuracy, whatever the drop: the match could have been over, and a search that still
# rates the position after another move as nearly won (a double threat, a lead nobody can catch)
# measures a win later, which is less certain than a win now.  The drop and the accuracy stay the
# search's own.
MISSED_WIN = "inaccuracy"
MIN_VISITS = 8          # the played move's node must have this many visits to be trusted
# The review's budget per ply, as a share of the level's iterations (levels.budget): a match of
# 120 plies must be reviewed in about a minute of one core (ai/README.md, "Reviews").
# Each game's share is in its profile (ai/profiles/<game>.py), with any share by seats.
REVIEW_SHARE = {game: profile(game).review_share for game in game_names()}
SHARE_BY_PLAYERS = {(game, n): share for game in game_names()
                    for n, share in profile(game).review_share_by_players.items()}
AFTER_SHARE = 0.25      # the after-search of a played move the search barely visited
HIDDEN_DRAWS = 4        # ... split over this many arrangements of the hidden tiles


@dataclass(frozen=True)
class Ply:
    ply: int                # index of the move in the record (0-based)
    seat: int               # the mover
    move: str
    win: list[float]        # each seat's win chance before the move (sums to 1)
    best: str
    best_win: float         # the mover's win chance after the best move
    played_win: float       # ... after the move played
    label: str
    forced: bool = False    # the only legal move
    missed_win: bool = False  # another move would have won at once

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
        return {"game": self.game, "players": self.players, "level": self.level, "seed": self.seed,
                "accuracy": self.accuracy,
                "plies": [{"ply": p.ply, "seat": p.seat, "move": p.move, "win": p.win, "best": p.best,
                           "best_win": p.best_win, "played_win": p.played_win, "label": p.label,
                           "forced": p.forced, "missed_win": p.missed_win} for p in self.plies]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Review":
        plies = [Ply(p["ply"], p["seat"], p["move"], list(p["win"]), p["best"], p["best_win"],
                     p.get("played_win", p["best_win"]), p["label"], p.get("forced", False), p.get("missed_win", False))
                 for p in data["plies"]]
        return cls(data["game"], list(data["players"]), data.get("level", "hard"), data.get("seed", 0), plies,
                   list(data["accuracy"]))

    def costliest(self, seat: int, count: int = 3) -> list[Ply]:
        """The seat's ``count`` moves that cost it most (largest drop first, then the earliest)."""
        mine = [p for p in self.plies if p.seat == seat and p.drop > 0 and p.label != "best"]
        return sorted(mine, key=lambda p: (-p.drop, p.ply))[:count]


def label_for(drop: float, missed_win: bool = False) -> str:
    """The label of a move whose mover's win chance dropped by ``drop`` (0-1); a move that let pass a
    win at once (``missed_win``) is at least ``MISSED_WIN``."""
    label = LABELS[-1]
    for name in LABELS[:-1]:
        if drop < THRESHOLDS[name]:
            label = name
            break
    if missed_win and LABELS.index(label) < LABELS.index(MISSED_WIN):
        return MISSED_WIN
    return label


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of a move from the drop in win chance (in points of 0-100):
    103.1668 * exp(-0.04354 * drop) - 3.1669, within 0-100."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop * 100.0) - 3.1669))


def accuracy(plies: list[Ply], seats: int) -> list[float]:
    """Per seat: the mean of ``move_accuracy`` over its moves that had a choice (100 with none)."""
    out = []
    for seat in range(seats):
        mine = [move_accuracy(p.drop) for p in plies if p.seat == seat and not p.forced]
        out.append(round(sum(mine) / len(mine), 1) if mine else 100.0)
    return out


def review(record: Record, level: str = "hard", seed: int = 0, share: float | None = None,
           progress=None) -> Review:
    """Every ply of ``record`` reviewed at ``level`` (module docstring).  ``share``: the budget per
    ply as a share of the level's iterations (``REVIEW_SHARE`` by default); ``progress(done, total)``
    is called after each ply."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    out = Review(record.game, list(record.players), level, seed)
    total = len(record.moves)
    for ply, state in enumerate(walk(record)):
        if ply == total:
            break
        out.plies.append(review_ply(state, record.moves[ply], ply, level, seed, share))
        if progress is not None:
            progress(ply + 1, total)
    out.accuracy = accuracy(out.plies, len(record.players))
    return out


def ply_seed(seed: int, ply: int) -> int:
    return (seed * 1_000_003 + ply * 7_919 + 17) % (1 << 62)


def review_ply(state: State, move: str, ply: int, level: str = "hard", seed: int = 0,
               share: float | None = None) -> Ply:
    """One position and the move played in it (the text of the record)."""
    seat = state.current_player()
    if seat is None:
        raise ValueError(f"ply {ply}: the match is over, nobody is to move")
    players = len(state.scores())
    rng = random.Random(ply_seed(seed, ply))
    seen = determinise(state, rng)
    real = state.copy()
    played = real.play(move)       # canonical text; the record's moves are legal (walk checked them)
    plan = budget(state.game.name, level, players)
    if share is None:
        share = SHARE_BY_PLAYERS.get((state.game.name, players), REVIEW_SHARE[state.game.name])
    iterations = max(16, round(plan.iterations * share))
    evaluator = evaluator_for(seen, plan.evaluator)
    moves = state.legal_moves()
    forced = len(moves) == 1
    wins = (tactics.winning_moves(seen, turns.Work(plan.tactics)) if evaluator.TACTICS
            else [m for m in moves if _wins_at_once(seen, m, seat)])
    if wins:
        win = [0.0] * players
        win[seat] = 1.0
        best = played if played in wins else wins[0]
        if played in wins or _ended_won(real, seat):
            return Ply(ply, seat, played, win, best, 1.0, 1.0, "best", forced)
        played_win = _final(real, seat) if real.current_player() is None else \
            _after(state, played, seat, players, iterations, evaluator, level, rng)
        return _ply(ply, seat, played, win, best, 1.0, played_win, forced, missed_win=True)
    extra = (turns.closing_turns(seen, limit=24, work=turns.Work(20_000), single=False)
             if turns.whole_turns(seen) else None)
    root_moves = moves + (extra or [])
    priors, base = None, 0.0
    if evaluator.PRIORS:
        values = {m: search.one_ply(seen, m, evaluator) for m in root_moves}
        base = max(values.values())
        priors = {m: v - base for m, v in values.items()}
    result = search.run(state, rng, iterations, evaluator, CPU_CAP[level], players, priors, plan.explore,
                        None, extra, base)
    children = result.root.children
    legal = set(root_moves)
    ranked = sorted(((m, c) for m, c in children.items() if c.visits and m in legal),
                    key=lambda mc: (-mc[1].visits, -mc[1].totals[seat] / mc[1].visits, mc[0]))
    if not ranked:       # cannot happen with at least one iteration; be safe
        win = [1.0 / players] * players
        return Ply(ply, seat, played, win, played, win[seat], win[seat], "best", forced)
    best, node = ranked[0]
    win = shares([t / node.visits for t in node.totals])
    best_win = win[seat]
    if played == best:
        return Ply(ply, seat, played, win, best, best_win, best_win, "best", forced)
    mine = children.get(played)
    if real.current_player() is None:
        played_win = _final(real, seat)
    elif mine is not None and mine.visits >= MIN_VISITS:
        played_win = shares([t / mine.visits for t in mine.totals])[seat]
    else:
        played_win = _after(state, played, seat, players, iterations, evaluator, level, rng)
    return _ply(ply, seat, played, win, best, best_win, played_win, forced)


def _ply(ply, seat, played, win, best, best_win, played_win, forced, missed_win=False) -> Ply:
    best_win, played_win = round(best_win, 4), round(played_win, 4)
    drop = max(0.0, best_win - played_win)
    return Ply(ply, seat, played, [round(w, 4) for w in win], best, best_win, played_win,
               label_for(drop, missed_win), forced, missed_win)


def _wins_at_once(seen: State, move: str, seat: int) -> bool:
    """Does ``move`` end the match with its mover the only winner?  Played in the arrangement the
    mover saw (a match that ends is decided by what is on the table, not by a face-down order)."""
    after = seen.copy()
    after.play(move)
    return after.current_player() is None and tuple(after.outcome().winners) == (seat,)


def shares(values: list[float]) -> list[float]:
    """Rewards per seat as win chances: clipped to [0, 1], divided by their sum."""
    clipped = [min(1.0, max(0.0, v)) for v in values]
    total = sum(clipped)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in clipped]


def _final(state: State, seat: int) -> float:
    winners = state.outcome().winners
    return 1.0 / len(winners) if seat in winners else 0.0


def _ended_won(state: State, seat: int) -> bool:
    """Over, won by ``seat`` alone (a shared first place is judged by its share, ``_final``)."""
    return state.current_player() is None and tuple(state.outcome().winners) == (seat,)


def _after(state: State, move: str, seat: int, players: int, iterations: int, evaluator, level: str,
           rng: random.Random) -> float:
    """The mover's win chance after ``move``, as he saw it: played in fresh arrangements of the hidden
    tiles (``HIDDEN_DRAWS`` of them where there are any), each searched; the mean of their root means."""
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
        root = result.root
        values.append(shares([t / root.visits for t in root.totals])[seat] if root.visits else 1.0 / players)
    return sum(values) / len(values)


def as_dict(p: Ply) -> dict[str, Any]:
    return asdict(p)


class _CallableModule(types.ModuleType):
    """``ai.review(record, level, seed)`` calls :func:`review` (the issue's name), while ``ai.review.Review``
    and the rest of this module stay reachable under the same name."""

    def __call__(self, *args, **kwargs) -> Review:
        return review(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
