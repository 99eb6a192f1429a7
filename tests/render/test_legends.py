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
