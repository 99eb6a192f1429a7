"""Atacama: playouts are cheap (about 30 plies), so they run to the end and are
valued by the win and the score margin (T4).

``finish`` plays such a playout on a bare list of fields instead of the engine's
state: each ply a uniformly random free field, as ``sample_move`` draws it, at a
fraction of the cost (no move texts, no events, no copy), so the same CPU time
buys the search several times the iterations."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.atacama import boards as B
from engines.atacama.boards import Field

from ..search import WIN_SHARE
from . import score_margins
from .atacama_end import solve  # noqa: F401  (the endgame, exactly: levels.ENDGAME)

if TYPE_CHECKING:
    from engines.atacama.state import AtacamaState

DEPTH = None
PRIORS = False


def win_share(players: int) -> float:
    """With four players a random playout's winner says little (one seat in four), so the score
    margin weighs as much as the win: at 0.9 for the win, medium beat easy 9-3-8 and hard beat
    medium 2-3-7; at 0.5, 14-1-5 and 8-0-4 on the same seeds, and easy beat random 35-1-4
    (was 32-3-5).  Two players keep the search's default, whose ladder is met."""
    return 0.5 if players == 4 else WIN_SHARE


def value(state: AtacamaState) -> list[float]:
    return margins(state.scores())


def margins(scores: list[int]) -> list[float]:
    return score_margins(scores, 5.0)


def finish(state: AtacamaState, rng: random.Random) -> tuple[list[int], list[float], list[str]] | None:
    """The winners, the score margins (``margins``) and the moves of a random playout from
    ``state`` to the end; None in the build-up game while sub-boards are still to be laid or rights to
    be bought (the search then plays the playout move by move)."""
    placed = playout(state, rng)
    if placed is None:
        return None
    scores = scores_with(state, placed)
    contenders = [s for s in range(state.players) if s not in state.resigned]
    best = max(scores[s] for s in contenders)
    names = B.FIELD_NAMES
    moves = [names[f] + "*" if other else names[f] for f, other in placed.items()]
    return [s for s in contenders if scores[s] == best], margins(scores), moves


def playout(state: AtacamaState, rng: random.Random) -> dict[Field, bool] | None:
    """The towers a random playout to the end adds, field -> other colour, in the order placed
    (``finish``).

    Drawing a free field uniformly at every ply is the same as going through the free
    fields in a uniformly random order and taking each that is still free (the first free
    one left in a random order is uniform among the free ones), so one shuffle replaces
    the draws.  Other-colour towers (T6): the kind is drawn among those the mover has left,
    as ``sample_move`` does."""
    if state.pile or state.rights_open or state.current_player() is None:
        return None
    order = state.free_fields()
    rng.shuffle(order)
    blocks = B.BLOCKS
    supply = [list(s) for s in state.supply]
    players, seat = state.players, state.turn
    assert seat is not None  # someone is to move (current_player() above)
    taken: set[Field] = set()
    placed: dict[Field, bool] = {}
    for field in order:
        if field in taken:
            continue
        base, other = supply[seat]
        double = not base or bool(other and rng.randrange(2))
        supply[seat][1 if double else 0] -= 1
        placed[field] = double
        taken |= blocks[field]
        # the next seat with towers left (T3: a seat without is skipped); none: the end
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if supply[nxt][0] or supply[nxt][1]:
                seat = nxt
                break
        else:
            break
    return placed


def scores_with(state: AtacamaState, placed: dict[Field, bool]) -> list[int]:
    """T4 of the board's towers plus ``placed`` (field -> other colour)."""
    ores = state.ores
    counts = {"cols": [0] * B.SIZE, "rows": [0] * B.SIZE}
    sums = {"cols": [[0, 0, 0] for _ in range(B.SIZE)], "rows": [[0, 0, 0] for _ in range(B.SIZE)]}
    index = {"G": 0, "S": 1, "C": 2}
    towers = [(f, other) for f, (_, other) in state.towers.items()] + list(placed.items())
    for (c, r), other in towers:
        ore, points = ores[(c, r)]
        k = index[ore]
        points *= 2 if other else 1
        counts["cols"][c] += 1
        counts["rows"][r] += 1
        sums["cols"][c][k] += points
        sums["rows"][r][k] += points
    out = []
    for right in state.rights:
        if right is None:
            out.append(0)
            continue
        axis, colour = right
        g, s, c = (B.RIGHTS[colour][o] for o in B.ORES)
        out.append(
            sum(
                g * line[0] + s * line[1] + c * line[2] for n, line in zip(counts[axis], sums[axis]) if n >= B.THRESHOLD
            )
        )
    return out
