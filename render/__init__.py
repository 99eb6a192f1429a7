"""Board images for the turn messages: ``render_png(state, names)``.

Each game has a module with ``render(state, names, *, perspective) -> PIL.Image``;
:data:`RENDERERS` maps the engine's game name to that module, so adding a game
is one entry there.  Rendering is pure: no Discord, no I/O besides Pillow's
bundled font.
"""
from __future__ import annotations

import importlib

from PIL import Image

from .common import encode_png

RENDERERS: dict[str, str] = {
    "architekton": "render.architekton",
    "atacama": "render.atacama",
    "tactori": "render.tactori",
    "tactori-fem": "render.tactori",
}

__all__ = ["NoRenderer", "RENDERERS", "render_image", "render_png"]


class NoRenderer(LookupError):
    """The game has no renderer yet."""


def render_image(state, names: list[str], *, perspective: int | None = None) -> Image.Image:
    """The position as an image; ``names`` are the display names by seat,
    ``perspective`` the seat of the viewer (marked "you"), if any."""
    game = state.game.name
    try:
        module = importlib.import_module(RENDERERS[game])
    except KeyError:
        raise NoRenderer(f"no board image for {game!r} yet") from None
    return module.render(state, list(names), perspective=perspective)


def render_png(state, names: list[str], *, perspective: int | None = None) -> bytes:
    """The position as PNG bytes (>= 800 px on the shorter side, < 300 KB)."""
    return encode_png(render_image(state, names, perspective=perspective))
