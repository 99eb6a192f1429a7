"""Every registered game's options as a Markdown table, from the games' declarations (``Option``):
``python -m engines options`` prints it and ``docs/playing.md`` holds it (a test keeps them equal)."""

from __future__ import annotations

from . import games  # noqa: F401  (registers every game of engines/)
from .core import game_names, get_game


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def options_table() -> str:
    rows = ["| game | option | choices (default) | what it sets |", "| --- | --- | --- | --- |"]
    for name in game_names():
        game = get_game(name)
        for option in game.option_specs:
            if option.choices:
                choices = ", ".join(f"**{label}**" if label == option.default else label for label in option.labels)
            else:
                choices = f"yes/no (**{'yes' if option.default else 'no'}**)"
            rows.append(f"| {_cell(game.title)} | `{option.name}` | {_cell(choices)} | {_cell(option.description)} |")
    return "\n".join(rows) + "\n"
