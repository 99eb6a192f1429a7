"""Atacama (2 or 4 players): drilling towers for gold, silver and copper.

The rules are T1..T8 of ``atacama.md``; the sub-boards are package data.
"""

from ..core import Game, Option, register
from ..text import Text
from .state import AtacamaState, check_options

GAME = register(
    Game(
        name="atacama",
        title="Atacama",
        min_players=2,
        max_players=4,
        default_options={"buildup": False, "tactics": False},
        new_state=AtacamaState.new,
        state_from_json=AtacamaState.from_json,
        validate_options=lambda options, players: check_options(options, players),
        full_setup=AtacamaState.full_setup,
        seats=(2, 4),
        # T5: the build-up game lays face-down sub-boards drawn at random during play
        perfect_information=lambda options: not options.get("buildup"),
        chance=lambda options: bool(options.get("buildup")),
        unforeseeable=lambda options: Text(
            "The build-up game lays boards drawn at random during play, so no reply can be decided "
            "in advance; conditional moves need the basic board."
        ),
        option_specs=(
            Option(
                "variant",
                "buildup",
                "basic board, or the build-up game (2 players)",
                "Atacama: basic board, or the build-up game (2 players)",
                choices=(("basic", False), ("buildup", True)),
                default="basic",
            ),
            Option(
                "tactics",
                "tactics",
                "Play with other-colour towers that score double",
                "Atacama: other-colour towers that score double",
            ),
        ),
        variants=(
            (2, {}),
            (2, {"buildup": True}),
            (2, {"tactics": True}),
            (2, {"buildup": True, "tactics": True}),
            (4, {}),
            (4, {"tactics": True}),
        ),
        challenge="Challenge one member (or three, for four players) to Atacama",
        opponents=("Second opponent (four players need three)", "Third opponent"),
    )
)
AtacamaState.game = GAME
