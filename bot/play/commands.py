"""One app-command group per game: ``/<game> challenge|move|board|resign|rules``."""

from __future__ import annotations

from discord import app_commands

from engines import game_names, get_game

from .challenge import add_challenge
from .game_commands import add_common_commands


def build_groups(actions, link=None) -> list[app_commands.Group]:
    groups = []
    for name in game_names():
        title = get_game(name).title
        group = app_commands.Group(name=name, description=f"Play {title}", guild_only=True)
        add_challenge(group, actions, name)
        add_common_commands(group, actions, name, link)
        groups.append(group)
    return groups
