"""Architekton (2 players): tile laying with houses and enclosure scoring."""
from ..core import Game, register
from .state import ArchitektonState

GAME = register(Game(
    name="architekton",
    title="Architekton",
    min_players=2,
    max_players=2,
    default_options={},
    new_state=lambda players, rng, setup, options: ArchitektonState.new(rng, setup),
    state_from_json=ArchitektonState.from_json,
))
ArchitektonState.game = GAME
