"""Legends say what the board draws (issue 10): a bridge taken up in FEM gets its entry
exactly when its dashed outline is on the board; the loop and polygon entries follow the game."""
from __future__ import annotations

import random

from engines import get_game
from render import render_image


def legend_words(state, players: int) -> list[str]:
    words: list[str] = []

    def say(text):
        words.append(str(text))
        return str(text)

    render_image(state, ["ann", "bob", "cat", "dan"][:players], say=say)
    return words


def test_a_bridge_taken_up_is_in_the_legend_exactly_when_it_is_drawn():
    spec = get_game("tactori-fem")
    seen = {True: 0, False: 0}
    for seed in range(6):
        state, rng = spec.setup(2, seed), random.Random(seed)
        while state.outcome() is None and min(seen.values()) < 3:
            move = state.sample_move(rng)
            state.play(move)
            taken_up = "<" in move or move.startswith("x=")     # relocation or removal (tactori.md, FEM)
            words = legend_words(state, 2)
            assert ("bridge taken up" in words) == taken_up, move
            assert "closed loop: wins" in words and "polygon" not in words
            seen[taken_up] += 1
    assert min(seen.values()) >= 3, seen


def test_tactori_legend_names_polygons_not_loops():
    state = get_game("tactori").setup(3, 1)
    words = legend_words(state, 3)
    assert "polygon" in words and "closed loop: wins" not in words and "bridge taken up" not in words


def test_chased_towers_are_in_the_legend_exactly_when_their_box_is_drawn():
    """Chase: the crossed-out box beside the target has its legend entry when (and only when) it is on the
    board, and the boards of a match keep one size either way."""
    spec = get_game("tactori")
    seen = {True: 0, False: 0}
    sizes = set()
    for seed in range(6):
        state, rng = spec.setup(4, seed, options={"chase": True}), random.Random(seed)
        while state.outcome() is None and min(seen.values()) < 3:
            state.play(state.sample_move(rng))
            chased = bool((state.to_json().get("last") or {}).get("chased"))
            words = legend_words(state, 4)
            assert ("crossed out: towers chased back to their supply" in words) == chased
            sizes.add(render_image(state, ["ann", "bob", "cat", "dan"]).size)
            seen[chased] += 1
    assert min(seen.values()) >= 3, seen
    assert len(sizes) == 1


def test_no_rule_section_numbers_on_a_board():
    """"removed (A9)" is the rulebook's jargon: the legend says what happened, in words."""
    import re
    spec = get_game("architekton")
    for seed in range(40):
        state, rng = spec.setup(2, seed), random.Random(seed)
        while state.outcome() is None:
            state.play(state.sample_move(rng))
        if state.final and state.final["removed"]:
            break
    else:
        raise AssertionError("no random match removed a building at the final scoring")
    words = legend_words(state, 2)
    assert "removed at final scoring" in words
    assert not [w for w in words if re.search(r"\b[AT]\d+\b", w)]
