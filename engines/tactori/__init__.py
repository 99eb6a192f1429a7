"""Tactori (9x9, 2-4 players) and Tactori FEM (5x5, 2 players): stacked towers and bridges."""

import random
from typing import Any

from ..core import Game, Option, SetupError, register
from ..text import Text
from .fem_state import FemState
from .tactori_state import TactoriState


def _no_setup(setup: dict[str, Any]) -> None:
    if setup:
        raise SetupError(Text("Tactori has nothing random to set up; setup must be {{}}, not {setup}", setup=setup))


def _validate_tactori(options: dict[str, Any], players: int) -> None:
    if options["centre"] not in (0, 1, 2):
        raise SetupError(
            Text(
                "option centre must be 0 (off), 1 or 2 (the centre variations), not {centre}", centre=options["centre"]
            )
        )


# Moving stacks chasing towers off (R6), offered in both games.
CHASE = Option(
    "chase", "chase", "Moving stacks may chase other towers off", "Tactori: moving stacks may chase other towers off"
)


def _full_setup(players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    _no_setup(setup)
    return {}


def _new_tactori(players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> TactoriState:
    _no_setup(setup)
    return TactoriState.new(players, options)


def _new_fem(players: int, rng: random.Random, setup: dict[str, Any], options: dict[str, Any]) -> FemState:
    _no_setup(setup)
    return FemState.new(players, options)


TACTORI = register(
    Game(
        name="tactori",
        title="Tactori",
        min_players=2,
        max_players=4,
        default_options={"chase": False, "centre": 0},
        new_state=_new_tactori,
        state_from_json=TactoriState.from_json,
        validate_options=_validate_tactori,
        full_setup=_full_setup,
        option_specs=(
            CHASE,
            Option(
                "centre",
                "centre",
                "Centre variation (off, 1 or 2)",
                "Tactori: centre variation (off, 1 or 2)",
                choices=(("off", 0), ("1", 1), ("2", 2)),
                default="off",
            ),
        ),
        challenge="Challenge one to three members to Tactori (9x9)",
        opponents=("A second opponent", "A third opponent"),
        variants=(
            (2, {}),
            (2, {"chase": True}),
            (3, {"centre": 1}),
            (3, {"chase": True, "centre": 2}),
            (4, {"centre": 2}),
            (4, {"chase": True}),
        ),
    )
)
TactoriState.game = TACTORI

FEM = register(
    Game(
        name="tactori-fem",
        title="Tactori FEM",
        min_players=2,
        max_players=2,
        default_options={"stacks": False, "chase": False},
        new_state=_new_fem,
        state_from_json=FemState.from_json,
        has_scores=False,
        full_setup=_full_setup,
        option_specs=(
            Option(
                "stacks",
                "stacks",
                "Stacks of own towers may move together",
                "Tactori FEM: stacks of own towers may move together",
            ),
            CHASE,
        ),
        challenge="Challenge a member to Tactori FEM (5x5, first polygon wins)",
        variants=((2, {}), (2, {"stacks": True}), (2, {"chase": True}), (2, {"stacks": True, "chase": True})),
    )
)
FemState.game = FEM
