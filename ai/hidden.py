"""What the player to move cannot see, re-drawn from what he can (determinisation).

Each game with hidden information says what is hidden and redraws it beside its state
(``State.resample_hidden``: Architekton's face-down piles and reserves, the order of Atacama's
face-down sub-boards in the build-up game); games without hidden information copy.

``determinise`` returns a copy in which the hidden parts are a fresh random
arrangement of their public contents: the hidden order of the given state is
never read (only the sorted contents and the counts), so two states that
differ only in it give identical copies for the same ``rng``.
"""

from __future__ import annotations

import random

from engines.core import State


def has_hidden(state: State) -> bool:
    return state.has_hidden()


def determinise(state: State, rng: random.Random) -> State:
    return state.resample_hidden(rng)
