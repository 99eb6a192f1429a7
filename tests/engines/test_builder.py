"""The move builder (engines/builder.py): every legal move of every game in parts, each part's place."""

from __future__ import annotations

import random
import re

import pytest

import engines
from engines.builder import Step, cuts, follow, longer, steps, tree
from tests.test_menus import initial_state

PLACE = {
    "architekton": re.compile(r"-?\d+,-?\d+"),
    "atacama": re.compile(r"[a-i][1-9]"),
    "tactori": re.compile(r"[a-i][1-9]([a-i][1-9])?"),
    "tactori-fem": re.compile(r"[a-e][1-5]([a-e][1-5])?"),
}


def playouts(game: str):
    # every variant the game declares (each table size, and each option that adds notation)
    for players, options in engines.get_game(game).variants:
        state = initial_state(game, players, players, options)
        rng = random.Random(players)
        while state.outcome() is None:
            legal = state.legal_moves()
            yield legal
            state.play(rng.choice(legal))


def walk(nodes: list[dict], prefix: str = "") -> list[str]:
    reached = []
    for node in nodes:
        move = prefix + node["text"]
        if node["end"]:
            reached.append(move)
        reached += walk(node["next"], move)
    return reached


@pytest.mark.parametrize("game", engines.game_names())
def test_every_legal_move_splits_into_parts_with_places_in_the_notation(game):
    kinds = set()
    for legal in playouts(game):
        for move in legal:
            parts = steps(move, game)
            assert "".join(p.text for p in parts) == move
            assert steps(move) == parts  # the notation alone tells the game
            assert cuts(move, game)[-1] == len(move)
            for part in parts:
                if part.target is not None:
                    assert PLACE[game].fullmatch(part.target), (move, part)
                    assert part.target in part.text.replace(" from ", "").replace("=", "").replace("@", "")
                kinds.add(re.sub(r"-?\d+", "#", re.sub(r"[a-i](?=\d)", "f", part.label)))
        # the tree holds exactly the legal moves, each once
        assert sorted(walk(tree(legal, game))) == sorted(legal)
    expected = {
        "architekton": {"B#", "@#,#", "r#", "E", "keep", "remove"},
        "atacama": {"f#", "*", "buy cols"},
        "tactori": {"+f#", "f#", "-f#", "=f#f#"},
        "tactori-fem": {"+f#", "f#", "#f#", "-f#", "=f#f#", "x=f#f#", "<f#f#", "x#"},
    }[game]
    assert expected <= kinds, kinds


def test_the_parts_of_each_notation():
    assert steps("2c3-c7x1") == [Step("2c3", "c3"), Step("-c7", "c7"), Step("x1")]
    assert steps("+e5 =e5g5 =g5g7") == [Step("+e5", "e5"), Step(" =e5g5", "e5g5"), Step(" =g5g7", "g5g7")]
    assert steps("=c3e3<c5e5") == [Step("=c3e3", "c3e3"), Step("<c5e5", "c5e5")]
    assert steps("x=c3e3") == [Step("x=c3e3", "c3e3")]
    assert steps("B07@-1,0r2 from 3,-2") == [Step("B07"), Step("@-1,0", "-1,0"), Step("r2"), Step(" from 3,-2", "3,-2")]
    assert steps("W@2,0") == [Step("W"), Step("@2,0", "2,0")]
    assert steps("e5*") == [Step("e5", "e5"), Step("*")]
    assert [steps(m) for m in ("buy cols", "pass", "keep")] == [[Step("buy cols")], [Step("pass")], [Step("keep")]]
    assert steps("what?") == [Step("what?")]


def test_follow_offers_the_next_parts_and_says_when_the_move_is_whole():
    legal = ["+e5", "+e5 =e5g5", "+e5 =e5g5 =g5g7", "c3-c7", "2c3-c7x1", "2c3-c7"]
    assert follow(legal, []) == ([Step("+e5", "e5"), Step("c3", "c3"), Step("2c3", "c3")], False)
    assert follow(legal, ["+e5"]) == ([Step(" =e5g5", "e5g5")], True)
    assert follow(legal, ["2c3", "-c7"]) == ([Step("x1")], True)
    assert follow(legal, ["c3"]) == ([Step("-c7", "c7")], False)
    assert follow(legal, ["+e4"]) == ([], False)


def test_longer_turns_than_the_legal_list_holds_continue_part_by_part():
    state = initial_state("tactori", 2, 1, {})
    for move in ("+c5", "+a1", "+g5", "+a9"):
        state.play(move)
    legal = state.legal_moves()
    assert "+e5 =c5e5" in legal and "+e5 =c5e5 =e5g5" not in legal  # one bridge at most in the list
    [more] = longer(state, "+e5 =c5e5", "tactori")
    assert more == {"text": " =e5g5", "target": "e5g5", "end": True, "next": []}
    assert state.copy().play("+e5 =c5e5" + more["text"]) == "+e5 =c5e5 =e5g5"
    assert longer(state, "+e5 =c5e5 =e5g5", "tactori") == []
    assert longer(initial_state("atacama", 2, 1, {}), "e5", "atacama") == []
