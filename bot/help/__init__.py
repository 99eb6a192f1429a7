"""Short rules summaries for ``/<game> rules``, in English, German (``de/``) and French (``fr/``)."""
from functools import cache
from importlib import resources

from ..locales import language
from ..locales.grammar import typeset


def rules_text(game: str, locale=None) -> str:
    """The summary of ``game`` in the language of ``locale`` (English when there is none)."""
    return _read(game, language(locale))


@cache
def _read(game: str, lang: str) -> str:
    # Read once per game and language: the command answers from memory, not the disk.
    folder = resources.files(__package__)
    translated = folder.joinpath(lang, f"{game}.md")
    page = translated if lang != "en" and translated.is_file() else folder.joinpath(f"{game}.md")
    return typeset(lang, page.read_text("utf-8"))     # French no-break spaces, as in every message
