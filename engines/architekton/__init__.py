"""Architekton (2 players): tile laying with houses and enclosure scoring."""

from ..core import Game, register
from ..text import Text
from .state import ArchitektonState

GAME = register(
    Game(
        name="architekton",
        title="Architekton",
        min_players=2,
        max_players=2,
        default_options={},
        new_state=lambda players, rng, setup, options: ArchitektonState.new(rng, setup),
        state_from_json=ArchitektonState.from_json,
        starting_setup={"first": 0},
        full_setup=lambda players, rng, setup, options: ArchitektonState.full_setup(rng, setup),
        # A10: a win after an early end earns 2 victory points, any other win 1.
        victory_points=lambda outcome, players: [
            (2 if outcome.end == "early" else 1) if outcome.winners == (seat,) else 0 for seat in range(players)
        ],
        # A3, A7: tiles drawn from face-down piles and reserves
        perfect_information=lambda options: False,
        chance=lambda options: True,
        unforeseeable=lambda options: Text(
            "Architekton draws hidden tiles during play, so no reply can be decided in advance."
        ),
        challenge="Challenge a member to a match of Architekton",
    )
)
ArchitektonState.game = GAME
