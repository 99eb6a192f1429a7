"""Short rules summaries for ``/<game> rules``, in English, German (``de/``) and French (``fr/``):
here, or in ``<home>/help/`` for a game with a home of its own (``Game.folder("help")``)."""

from functools import cache
from importlib import resources

from ..locales import language
from ..locales.grammar import typeset


def rules_text(game: str, locale=None) -> str:
    """The summary of ``game`` in the language of ``locale`` (English when there is none)."""
    from engines import get_game

    return _read(game, language(locale), get_game(game).folder("help"))


@cache
def _read(game: str, lang: str, home=None) -> str:
    # Read once per game and language: the command answers from memory, not the disk.
    folder = home or resources.files(__package__)
    translated = folder.joinpath(lang, f"{game}.md")
    page = translated if lang != "en" and translated.is_file() else folder.joinpath(f"{game}.md")
    return typeset(lang, page.read_text("utf-8"))  # French no-break spaces, as in every message
