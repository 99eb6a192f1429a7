"""Short rules summaries for ``/<game> rules``, in English, German (``de/``) and French (``fr/``)."""
from importlib import resources

from ..locales import language


def rules_text(game: str, locale=None) -> str:
    """The summary of ``game`` in the language of ``locale`` (English when there is none)."""
    folder = resources.files(__package__)
    lang = language(locale)
    translated = folder.joinpath(lang, f"{game}.md")
    return (translated if lang != "en" and translated.is_file() else folder.joinpath(f"{game}.md")).read_text("utf-8")
