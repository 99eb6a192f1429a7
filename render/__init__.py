"""Board images for the turn messages: ``render_png(state, names)``.

Each game has a module with ``render(state, names, *, perspective, say) -> PIL.Image``;
:data:`RENDERERS` maps the engine's game name to that module, so adding a game
is one entry there.  Rendering is pure: no Discord, no I/O besides the fonts
(Pillow's bundled one and ``fonts/``).

Every word drawn is a :class:`~engines.text.Text` passed through ``say``
(``str`` by default, which draws English); the bot passes a function that says
it in the reader's language (``bot.locales.say``).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable

from PIL import Image

from engines.text import Text

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


def render_image(state, names: list[str], *, perspective: int | None = None,
                 say: Callable[[Text], str] = str) -> Image.Image:
    """The position as an image; ``names`` are the display names by seat,
    ``perspective`` the seat of the viewer (marked "you"), if any, and ``say``
    turns each Text drawn into the reader's language (English by default)."""
    game = state.game.name
    try:
        module = importlib.import_module(RENDERERS[game])
    except KeyError:
        raise NoRenderer(f"no board image for {game!r} yet") from None
    return module.render(state, list(names), perspective=perspective, say=say)


def render_png(state, names: list[str], *, perspective: int | None = None,
               say: Callable[[Text], str] = str) -> bytes:
    """The position as PNG bytes (>= 800 px on the shorter side, < 300 KB)."""
    return encode_png(render_image(state, names, perspective=perspective, say=say))
