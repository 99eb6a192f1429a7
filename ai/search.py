"""Monte-Carlo tree search with vector rewards and determinisation.

Every iteration re-draws the hidden parts of the root (``hidden.determinise``)
and walks one tree whose edges are move texts (open loop: a move that is not
legal in this determinisation is simply not offered).  At each node the seat
to move picks the child with the best UCB of *its own* mean reward (each seat
maximises its own result, so it works for 2 to 4 players); the availability
count of a child (how often it was legal when its parent was visited) stands
in for the parent's visits, as in information-set MCTS.  A new leaf is valued
by a random playout (``State.sample_move``) that runs ``DEPTH`` plies or to
the end, then by the game's evaluator.

The search knows no game: where a game has turns that ``legal_moves()`` does
not list, its profile gives a ``turns`` hook (``ai/hooks.py``, ``WholeTurns``;
Tactori and FEM: turns with several bridges, ai/profiles/_tactori/), looked up
once per ``run``.  With it, a node that has been visited ``CLOSE_AT`` times adds
the hook's closing turns (in Tactori those that close a polygon with two or
more bridges), and every time its visits pass ``WIDEN_AT`` times a power of
four, the turns one step longer than its most visited bridge turn; a playout's
turn may grow longer at random (``turns.extend``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType

from engines.core import State

from .hidden import determinise
from .hooks import WholeTurns
from .profiles import profile
from .work import Work

EXPLORE = 0.7  # weight of the UCB bound; a level may ask for another (levels.EXPLORATION)
PRIOR_WEIGHT = 2.0  # progressive bias of a root move's one-ply value, fading as 1 / visits
WIDTH, WIDEN = 6, 1.0  # root moves considered with priors: max(WIDTH, WIDEN * sqrt(visits))
WIN_SHARE = 0.9  # a finished playout: 0.9 for the win, 0.1 for the score margin (evaluator.win_share may say)
# Whole turns (the profile's turns hook: Tactori, FEM): a node's closing turns once it has this many
# visits (at most CLOSE_LIMIT of them, within CLOSE_WORK units of work.Work), and the turns one bridge longer
# than its most visited bridge turn at WIDEN_AT, 4 * WIDEN_AT, 16 * WIDEN_AT ... visits.
CLOSE_AT, CLOSE_LIMIT, CLOSE_WORK = 4, 12, 4000
WIDEN_AT = 16


@dataclass
class Node:
    visits: int = 0
    avail: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)
    extra: list[str] | None = None  # whole turns beyond legal_moves() (the profile's turns hook)
    widened: list[str] = field(default_factory=list)  # bridge turns whose longer turns are in extra
    amaf: dict[str, list[float]] | None = None  # RAVE: move -> [playouts it came up in after this node, mover's total]


def whole_moves(node: Node, state: State, moves: list[str], turns: WholeTurns) -> list[str]:
    """``moves`` and the node's longer turns, grown as its visits grow (module docstring)."""
    if node.extra is None:
        if node.visits < CLOSE_AT:
            return moves
        node.extra = turns.closing_turns(state, limit=CLOSE_LIMIT, work=Work(CLOSE_WORK), single=False)
    if node.visits >= WIDEN_AT * 4 ** len(node.widened) and node.children:
        done = set(node.widened)
        bridged = [(child.visits, m) for m, child in node.children.items() if "=" in m and m not in done]
        if bridged:
            best = max(bridged)[1]
            node.widened.append(best)
            known = set(moves) | set(node.extra)
            node.extra += [m for m in turns.extensions(state, best) if m not in known]
    return moves + node.extra if node.extra else moves


def sample(state: State, rng: random.Random, turns: WholeTurns | None = None) -> str:
    """A random turn for a playout; with the profile's ``turns`` hook (Tactori, FEM) it may grow
    longer (a bridge turn lays more bridges)."""
    sampler = getattr(state, "sample_move", None)
    move = sampler(rng) if sampler else rng.choice(state.legal_moves())
    return turns.extend(state, move, rng) if turns is not None else move


def play(state: State, move: str) -> None:
    trusted = getattr(state, "play_trusted", None)
    (trusted or state.play)(move)


def terminal_reward(
    state: State, players: int, evaluator: ModuleType, contempt: tuple[int, float] | None = None
) -> list[float]:
    """Each seat's share of the win plus its score margin; ``contempt`` (seat, amount) takes
    ``amount`` off that seat's reward for a draw it shares, so that it plays for the win."""
    outcome = state.outcome()
    assert outcome is not None  # called on finished positions only
    return reward_of(outcome.winners, evaluator.value(state), players, evaluator, contempt)


def reward_of(
    winners: Sequence[int],
    margins: list[float],
    players: int,
    evaluator: ModuleType,
    contempt: tuple[int, float] | None = None,
) -> list[float]:
    """``terminal_reward`` of a finished match's winners and score margins."""
    share = evaluator.win_share(players) if hasattr(evaluator, "win_share") else WIN_SHARE
    reward = [
        share * (1.0 / len(winners) if seat in winners else 0.0) + (1 - share) * margins[seat]
        for seat in range(players)
    ]
    if contempt is not None and len(winners) > 1 and contempt[0] in winners:
        reward[contempt[0]] -= contempt[1]
    return reward


def one_ply(state: State, move: str, evaluator: ModuleType, contempt: tuple[int, float] | None = None) -> float:
    """The mover's value of the position right after ``move`` (the root's priors)."""
    seat = state.current_player()
    assert seat is not None  # a move is played: someone is to move
    after = state.copy()
    play(after, move)
    players = len(after.scores())
    return (
        terminal_reward(after, players, evaluator, contempt)
        if after.current_player() is None
        else evaluator.value(after)
    )[seat]


@dataclass
class Result:
    root: Node
    iterations: int


def run(
    root_state: State,
    rng: random.Random,
    iterations: int,
    evaluator: ModuleType,
    cpu_cap: float,
    players: int,
    priors: dict[str, float] | None = None,
    explore: float = EXPLORE,
    contempt: tuple[int, float] | None = None,
    extra: list[str] | None = None,
    prior_base: float = 0.0,
    rave: float = 0.0,
) -> Result:
    """``priors`` (one-ply values of the root moves, for the mover) order the root's
    expansion, best first, and bias its selection while a move has few visits;
    ``explore`` weighs the UCB bound (lower: the search goes deeper into its best lines);
    ``contempt`` lowers what a shared draw is worth to one seat (``terminal_reward``);
    ``extra``: whole turns beyond ``legal_moves()`` the root considers from the start;
    ``prior_base``: the best root move's one-ply value (``priors`` are relative to it), so that
    longer turns the root adds later get priors on the same scale;
    ``rave``: the playouts after which a move's AMAF value weighs as much as its own mean
    (``_iterate``; 0: none)."""
    root = Node(totals=[0.0] * players, extra=list(extra) if extra is not None else None)
    priors = dict(priors) if priors else None
    turns = profile(root_state.game.name).turns  # the game's whole turns, if it has any (ai/hooks.py)
    # the cap counts this thread's CPU time, not the wall clock: a loaded machine (other
    # processes on the same cores) does not cut the search short, so the move stays the same
    deadline = time.thread_time() + cpu_cap
    done = 0
    while done < iterations:
        if done % 16 == 0 and done and time.thread_time() > deadline:
            break
        _iterate(
            determinise(root_state, rng),
            root,
            rng,
            evaluator,
            players,
            priors or {},
            explore,
            contempt,
            prior_base,
            rave,
            turns,
        )
        done += 1
    return Result(root, done)


def _iterate(
    state: State,
    root: Node,
    rng: random.Random,
    evaluator: ModuleType,
    players: int,
    priors: dict[str, float],
    explore: float,
    contempt: tuple[int, float] | None,
    prior_base: float = 0.0,
    rave: float = 0.0,
    turns: WholeTurns | None = None,
) -> None:
    """One iteration; ``turns``: the game's whole turns, from its profile (None: it has none).

    With ``rave`` (RAVE, "all moves as first"), every node also keeps, for
    each move, the mover's mean reward over the playouts in which that move was played at any
    later point, by anybody: where the final position alone decides (Atacama: a tower scores
    for whoever scores its line, whoever placed it) a field taken later is worth about what
    it is worth now.  A child's mean is blended with it, its weight
    sqrt(rave / (3 n + rave)) fading with the child's own playouts n, and the untried
    moves are expanded best AMAF value first."""
    node, path = root, [root]
    steps: list[tuple[Node, int, int]] = []  # (node, its mover, index in played) for RAVE
    played: list[str] = []
    while (seat := state.current_player()) is not None:
        moves = state.legal_moves()
        bias = priors if node is root else None
        if turns is not None:
            moves = whole_moves(node, state, moves, turns)
            if bias:
                for m in moves:
                    if m not in bias:  # a longer turn added at the root: its one-ply value
                        bias[m] = one_ply(state, m, evaluator, contempt) - prior_base
        fresh = [m for m in moves if m not in node.children]
        if bias:
            # progressive widening at the root: the best-valued moves first, more as visits grow
            width = max(WIDTH, int(WIDEN * math.sqrt(node.visits + 1)))
            moves = sorted(moves, key=lambda m: -bias.get(m, 0.0))[:width]
            fresh = [m for m in moves if m not in node.children]
        if fresh:
            if bias:
                move = max(fresh, key=lambda m: bias.get(m, 0.0))
            elif rave and node.amaf:
                table = node.amaf
                move = max(fresh, key=lambda m: table[m][1] / table[m][0] if m in table else 0.5)
            else:
                move = fresh[rng.randrange(len(fresh))]
            child = Node(totals=[0.0] * players)
            node.children[move] = child
            for m in moves:
                known = node.children.get(m)
                if known is not None:
                    known.avail += 1
            play(state, move)
            path.append(child)
            if rave:
                steps.append((node, seat, len(played)))
                played.append(move)
            break
        best: str | None = None
        best_value = -1.0
        amaf = node.amaf if rave else None
        for m in moves:
            child = node.children[m]
            child.avail += 1
            n = child.visits
            v = child.totals[seat] / n
            if amaf and m in amaf:
                a = amaf[m]
                beta = math.sqrt(rave / (3 * n + rave))
                v += beta * (a[1] / a[0] - v)
            v += explore * math.sqrt(math.log(child.avail) / n)
            if bias:
                v += PRIOR_WEIGHT * bias.get(m, 0.0) / (child.visits + 1)
            if v > best_value:
                best, best_value = m, v
        assert best is not None  # some child beat -1.0 (None would have failed in play() as well)
        play(state, best)
        if rave:
            steps.append((node, seat, len(played)))
            played.append(best)
        node = node.children[best]
        path.append(node)
    depth = 0
    limit = evaluator.DEPTH
    finish = getattr(evaluator, "finish", None)
    ended = finish(state, rng) if finish is not None and state.current_player() is not None else None
    if ended is not None:  # the evaluator played the playout to the end itself (evaluators.finish)
        reward = reward_of(ended[0], ended[1], players, evaluator, contempt)
        _back_up(path, reward, players)
        if rave:
            _back_up_amaf(steps, played + ended[2], reward)
        return
    while state.current_player() is not None and (limit is None or depth < limit):
        move = sample(state, rng, turns)
        play(state, move)
        if rave:
            played.append(move)
        depth += 1
    if state.current_player() is None:
        reward = terminal_reward(state, players, evaluator, contempt)
    else:
        reward = evaluator.value(state)
    _back_up(path, reward, players)
    if rave:
        _back_up_amaf(steps, played, reward)


def _back_up_amaf(steps: list[tuple[Node, int, int]], played: list[str], reward: list[float]) -> None:
    """RAVE: at each node of the iteration, every move played from there on, once each."""
    for node, seat, start in steps:
        amaf = node.amaf
        if amaf is None:
            amaf = node.amaf = {}
        value = reward[seat]
        for m in set(played[start:]):
            a = amaf.get(m)
            if a is None:
                amaf[m] = [1, value]
            else:
                a[0] += 1
                a[1] += value


def _back_up(path: list[Node], reward: list[float], players: int) -> None:
    for n in path:
        n.visits += 1
        totals = n.totals
        for i in range(players):
            totals[i] += reward[i]
