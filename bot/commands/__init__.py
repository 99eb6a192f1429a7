"""One app-command group per game: ``/<game> challenge|move|board|resign|rules``."""
from __future__ import annotations

from discord import app_commands

from engines import get_game

from . import architekton
from .common import add_common_commands

# game name -> function adding the game's own `challenge` command to its group
CHALLENGES = {"architekton": architekton.add_challenge}


def build_groups(actions) -> list[app_commands.Group]:
    groups = []
    for name, add_challenge in CHALLENGES.items():
        title = get_game(name).title
        group = app_commands.Group(name=name, description=f"Play {title}", guild_only=True)
        add_challenge(group, actions)
        add_common_commands(group, actions, name)
        groups.append(group)
    return groups
