"""Atacama (2 or 4 players): drilling towers for gold, silver and copper.

The rules are T1..T8 of ``atacama.md``; the sub-boards are package data.
"""
from ..core import Game, register
from .state import AtacamaState, check_options

GAME = register(Game(
    name="atacama",
    title="Atacama",
    min_players=2,
    max_players=4,
    default_options={"buildup": False, "tactics": False},
    new_state=AtacamaState.new,
    state_from_json=AtacamaState.from_json,
    validate_options=lambda options, players: check_options(options, players),
    full_setup=AtacamaState.full_setup,
))
AtacamaState.game = GAME
