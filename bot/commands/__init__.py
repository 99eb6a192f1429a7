"""One app-command group per game: ``/<game> challenge|move|board|resign|rules``."""
from __future__ import annotations

from discord import app_commands

from engines import game_names, get_game

from . import architekton, atacama, tactori
from .common import add_common_commands

# game name -> function adding the game's own `challenge` command to its group
CHALLENGES = {"architekton": architekton.add_challenge, "atacama": atacama.add_challenge,
              "tactori": tactori.add_tactori_challenge, "tactori-fem": tactori.add_fem_challenge}


def build_groups(actions) -> list[app_commands.Group]:
    groups = []
    for name in game_names():
        add_challenge = CHALLENGES[name]
        title = get_game(name).title
        group = app_commands.Group(name=name, description=f"Play {title}", guild_only=True)
        add_challenge(group, actions)
        add_common_commands(group, actions, name)
        groups.append(group)
    return groups
