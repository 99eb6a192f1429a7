"""How far each player is from closing boxes (ai/evaluators/boxes.py): the smallest polygon
(tactori.md R5) is four bridges around a 2x2 block of cells; another player's bridge on a side,
or any bridge covering part of a side (R2: no two bridges share a unit segment), closes the box
to its builder for good."""

from __future__ import annotations

import pytest

from ai import levels
from ai.evaluators import boxes, evaluator_for
from engines import get_game


def played(*moves: str):
    state = get_game("tactori").setup(2, 0)
    for move in moves:
        state.play(move)
    return state


def test_an_own_side_and_own_corners_count_towards_a_box():
    # blue: a1 and c1 bridged (a side of the box a1-c3, both its bottom corners);
    # c1 is also a corner of the box c1-e3; orange: i9, a corner of g7-i9
    state = played("+a1", "+i9", "+c1 =a1c1")
    blue, orange = boxes.readiness(state)
    assert blue == pytest.approx(boxes.WORTH[1] + boxes.CORNERS[2] + boxes.CORNERS[1])
    assert orange == pytest.approx(boxes.CORNERS[1])


def test_a_bridge_over_half_a_side_closes_the_box_to_its_builder():
    # R2: orange's b3-d3 covers the unit segment b3-c3 of blue's side a3-c3 (and c3-d3 of the
    # box c1-e3), so blue can close neither box; blue's i1 is the only open corner it has.
    state = played("+a1", "+i9", "+c1 =a1c1", "+b3", "+i1", "+d3 =b3d3")
    blue, orange = boxes.readiness(state)
    assert blue == pytest.approx(boxes.CORNERS[1])
    # the plain potential does not see the overlap and still counts blue's side
    assert boxes.potential(state)[0] == pytest.approx(boxes.WORTH[1])
    # orange: its side of b3-d5 with both corners, d3 on two more open boxes, i9; the box b1-d3
    # below its bridge is closed to it by blue's a1-c1 (unit segment b1-c1)
    assert orange == pytest.approx(boxes.WORTH[1] + boxes.CORNERS[2] + 3 * boxes.CORNERS[1])


def test_a_closed_box_is_the_score_not_potential():
    # a whole box of floor-1 bridges: 4 points (R5) and nothing more for that box
    state = played("+a1", "+i9", "+c1 =a1c1", "+i8", "+c3 =c1c3", "+i7", "+a3 =a3c3 =a1a3")
    assert state.scores()[0] == 4
    blue = boxes.readiness(state)[0]
    # the neighbouring boxes: a3-c5 has the side a3-c3, c1-e3 has c1-c3, each with both ends;
    # c3-e5 has only its corner c3
    assert blue == pytest.approx(2 * (boxes.WORTH[1] + boxes.CORNERS[2]) + boxes.CORNERS[1])


def test_only_four_player_tactoris_hard_reads_the_corners():
    for game, players in (("tactori", 2), ("tactori", 3), ("tactori", 4), ("atacama", 4)):
        for level in levels.LEVELS:
            chosen = levels.budget(game, level, players).evaluator
            assert chosen == ("tactori_ready" if (game, players, level) == ("tactori", 4, "hard") else None)
    state = get_game("tactori").setup(4, 0)
    assert evaluator_for(state, "tactori_ready").value(state) == pytest.approx([0.5] * 4)
    assert evaluator_for(state).DEPTH == evaluator_for(state, "tactori_ready").DEPTH
