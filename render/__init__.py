"""Board images for the turn messages: ``render_png(state, names)``.

Each game has a package ``render/<package>/`` beside its engine's ``engines/<package>/``
(``Game.package``), with ``render(state, names, *, perspective, say) -> PIL.Image``;
:data:`RENDERERS` maps every registered game's name to that package, found by that
convention (or in the game's ``home``, ``Game.part("render")``), so adding a game adds no
entry here.  Rendering is pure: no Discord, no I/O besides the fonts (Pillow's bundled one
and ``fonts/``).

Every word drawn is a :class:`~engines.text.Text` passed through ``say``
(``str`` by default, which draws English); the bot passes a function that says
it in the reader's language (``bot.locales.say``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping

from PIL import Image

from engines import game_names, get_game
from engines.text import Text

from .common import encode_png


class _Renderers(Mapping[str, str]):
    """Every registered game's name -> its renderer's module, read from the registry each time
    (a game registered later, such as a plug-in, is drawn too)."""

    def __getitem__(self, game: str) -> str:
        if game not in game_names():
            raise KeyError(game)
        return get_game(game).part("render")

    def __iter__(self) -> Iterator[str]:
        return iter(game_names())

    def __len__(self) -> int:
        return len(game_names())


RENDERERS: Mapping[str, str] = _Renderers()

__all__ = ["RENDERERS", "NoRenderer", "chart_of", "render_image", "render_png", "renderer"]


class NoRenderer(LookupError):
    """The game has no renderer yet."""


def renderer(game: str):
    """The module drawing ``game`` (``render/<package>/``), where its chart specifics live too."""
    try:
        return importlib.import_module(RENDERERS[game])
    except KeyError:
        raise NoRenderer(f"no board image for {game!r} yet") from None


def chart_of(game: str):
    """The game's chart specifics (``render/<package>/chart.py``: ``extra``, ``tiebreak``, ``values``,
    ``draw_list``, each optional), or None when its charts draw the scores alone."""
    try:
        return importlib.import_module(f"{RENDERERS[game]}.chart")
    except ModuleNotFoundError:
        return None


def render_image(
    state, names: list[str], *, perspective: int | None = None, say: Callable[[Text], str] = str
) -> Image.Image:
    """The position as an image; ``names`` are the display names by seat,
    ``perspective`` the seat of the viewer (marked "you"), if any, and ``say``
    turns each Text drawn into the reader's language (English by default)."""
    return renderer(state.game.name).render(state, list(names), perspective=perspective, say=say)


def render_png(state, names: list[str], *, perspective: int | None = None, say: Callable[[Text], str] = str) -> bytes:
    """The position as PNG bytes (>= 800 px on the shorter side, < 300 KB)."""
    return encode_png(render_image(state, names, perspective=perspective, say=say))
