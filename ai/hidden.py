"""What the player to move cannot see, re-drawn from what he can (determinisation).

Architekton (A3, A7): the building and landscape piles and reserves lie face
down.  Their joint contents are public (every tile minus the board, the stock
and the discarded ones), their order and the split between pile and reserve
are not.  Atacama's build-up game (T5): the order of the sub-boards still face
down.  Tactori and FEM have no hidden information.

``determinise`` returns a copy in which the hidden parts are a fresh random
arrangement of their public contents: the hidden order of the given state is
never read (only the sorted contents and the counts), so two states that
differ only in it give identical copies for the same ``rng``.
"""
from __future__ import annotations

import random

from engines.architekton.state import ArchitektonState
from engines.atacama.state import AtacamaState
from engines.core import State


def has_hidden(state: State) -> bool:
    return isinstance(state, ArchitektonState) or (isinstance(state, AtacamaState) and bool(state.pile))


def determinise(state: State, rng: random.Random) -> State:
    copy = state.copy()
    if isinstance(state, ArchitektonState):
        for kind in ("B", "L"):
            piles, reserves = copy.piles[kind], copy.reserves[kind]
            unseen = sorted(piles + reserves)   # the public multiset, its order forgotten
            rng.shuffle(unseen)
            copy.piles[kind] = unseen[:len(piles)]
            copy.reserves[kind] = unseen[len(piles):]
    elif isinstance(state, AtacamaState) and state.pile:
        unseen = sorted(copy.pile)
        rng.shuffle(unseen)
        copy.pile = unseen
    return copy
