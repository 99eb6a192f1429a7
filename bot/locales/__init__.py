"""Messages in the reader's language: German, French, or English.

The engines, the match service and the bot write English :class:`Text`s
(template plus parameters).  Each language has catalogues here, one JSON file
per area (``de/<game package>.json``, ``fr/service.json``...), mapping an English
template to the translated one with the same fields; a game with a home of its own (a plug-in)
brings its catalogues in ``<home>/locales/de|fr/`` (``Game.folder("locales")``).  A template without a
translation is said in English; a test keeps the catalogues complete.
Where a field meets the template's words, each language's grammar applies
(``grammar``: French elision and no-break spaces before ``; : ! ?``, German compounds
with a title of two words).

Private replies follow the reader's Discord language (``interaction.locale``);
public messages in a server follow the server's language
(``guild.preferred_locale``), so everyone in a channel reads the same words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engines.text import Text

from ..messages.mentions import shown
from .grammar import filler

HERE = Path(__file__).parent
LANGUAGES = ("de", "fr")


def language(locale: Any) -> str:
    """``de``, ``fr`` or ``en`` for a Discord locale (``discord.Locale`` or its value, e.g. ``"de"``, ``"fr"``)."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return code[:2] if code[:2] in LANGUAGES else "en"


def catalogue(lang: str) -> dict[str, str]:
    """Every translated template of one language, all areas merged, with those of the games
    registered from elsewhere."""
    return _catalogue(lang, homes())


def homes() -> tuple[Path, ...]:
    """The catalogue folders of the registered games that keep their parts in a home of their own."""
    from engines import registered

    return tuple(folder for folder in (game.folder("locales") for game in registered()) if folder)


@cache
def _catalogue(lang: str, homes: tuple[Path, ...]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for folder in (HERE, *homes):
        for path in sorted((folder / lang).glob("*.json")):
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def say(text: Any, locale: Any, *, escaped: bool = True) -> str:
    """``text`` in the language of ``locale``; plain strings (names, moves) are left as they are.

    In message text (``escaped``), a Text's plain string parameters (names, what a player typed)
    are escaped by :func:`bot.messages.mentions.shown`, so they cannot ping or format anything; labels of
    buttons and menus, which Discord shows literally, pass ``escaped=False``."""
    if not isinstance(text, Text):
        return text if text is None else str(text)
    lang = language(locale)
    lookup = catalogue(lang).get if lang != "en" else _english
    return text.render(lookup, shown if escaped else None, filler(lang))


def _english(template: str) -> None:
    return None
