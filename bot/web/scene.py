"""What the web board draws: a position as JSON, holding only what every viewer may see.

The engines' JSON carries hidden information (face-down piles, the order of boards
still to be laid); each game's scene is built from a whitelist by its ``web`` part
(``render/<package>/web.py``, ``Game.part("web")``), so that nothing hidden can slip
into what is served.  Colours, shapes and the games' own colours come from the render
package, so the page and the board images look alike.  A game without a web part has
no board on the page (``scene`` is None); the rest of the page works as for any game.

The drawing of a game's scene is the game's too: ``web.js`` beside its web part
(``render/<package>/web.js``, ``<home>/web.js``), which the page loads after
``static/board.js`` and which registers itself there (``Boards.register``).
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from engines import game_names, get_game
from render import common


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def styles(players: int) -> list[dict[str, str]]:
    """Each seat's colour, text colour and shape, as on the images."""
    out = []
    for seat in range(players):
        style = common.player_style(seat)
        out.append({"colour": _hex(style.colour), "ink": _hex(style.ink), "shape": style.shape, "name": style.name})
    return out


PALETTE = {
    "background": _hex(common.BACKGROUND),
    "panel": _hex(common.PANEL),
    "ink": _hex(common.INK),
    "muted": _hex(common.MUTED),
    "faint": _hex(common.FAINT),
    "highlight": _hex(common.HIGHLIGHT),
    "alert": _hex(common.ALERT),
}


def web_part(game: str) -> ModuleType | None:
    """The game's web scene module, None when it has none."""
    name = get_game(game).part("web")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name and name.startswith(missing.name):
            return None
        raise


# the games' own colours (terrains, ores), from their web parts
for _game in game_names():
    PALETTE.update(getattr(web_part(_game), "PALETTE", {}))


def scene(game: str, state) -> dict[str, Any] | None:
    part = web_part(game)
    return None if part is None else part.scene(state, state.to_json())


def script(game: str) -> Path | None:
    """The file of the game's drawing code (``web.js`` beside its web part), None when it has none."""
    try:
        spec = importlib.util.find_spec(get_game(game).part("web"))
    except ModuleNotFoundError:
        return None
    if spec is None or spec.origin is None:
        return None
    if spec.submodule_search_locations:  # the web part is a package: its web.js lies inside
        path = Path(list(spec.submodule_search_locations)[0]) / "web.js"
    else:
        path = Path(spec.origin).with_name("web.js")
    return path if path.is_file() else None


def scripts() -> dict[str, Path]:
    """Every registered game's drawing code by the game's name: the only scripts served per game."""
    found = {name: script(name) for name in game_names()}
    return {name: path for name, path in found.items() if path is not None}
