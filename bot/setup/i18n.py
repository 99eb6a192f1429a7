"""German and French for what Discord shows of our commands before they are used:
command, group and option descriptions and the names of choices.

Command and option names stay English on purpose: players type them, and the
help texts, the README and the move notation all use them.  The translations are
in the catalogues, beside those of the messages (``bot.locales``): in
``bot/locales/de|fr/commands/`` (a game's own descriptions in ``<package>.json``).
"""

from __future__ import annotations

import json

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engines import game_names, get_game

from ..locales import HERE as LOCALES
from ..locales import homes
from ..locales.grammar import fill, typeset

GERMAN, FRENCH = discord.Locale.german, discord.Locale.french

CHOSEN = "choices.json"  # the names of choices; every other file holds descriptions


def _area(lang: str, choices: bool, folders=None) -> dict[str, str]:
    """The command texts of one language: descriptions or (``choices``) the names of choices, from
    ``bot/locales/<lang>/commands/*.json`` (``commands.json`` the shared ones, ``<package>.json`` a
    game's own) and from the games registered from elsewhere (``<home>/locales/<lang>/commands/``)."""
    merged: dict[str, str] = {}
    for folder in folders or (LOCALES, *homes()):
        for path in sorted((folder / lang / "commands").glob("*.json")):
            if (path.name == CHOSEN) == choices:
                merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def _pairs(choices: bool) -> dict[str, tuple[str, str]]:
    german, french = (_area(lang, choices, (LOCALES,)) for lang in ("de", "fr"))
    return {english: (text, french[english]) for english, text in german.items()}


# The product's command texts as English -> (German, French), read from the catalogues (the one
# store): the descriptions ("{title}" stands for each game's title) and the names of choices.
TEXTS: dict[str, tuple[str, str]] = _pairs(choices=False)
CHOICES: dict[str, tuple[str, str]] = _pairs(choices=True)

# Shown as they are in every language: game titles, numbers, discord.py's "…" for an undescribed option.
# Game titles, numbers, and each language named in its own words (as language menus do).
UNTRANSLATED = {
    "…",
    *(get_game(name).title for name in game_names()),
    *map(str, range(10)),
    "English",
    "Deutsch",
    "Français",
}

DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)


def catalogue() -> dict[discord.Locale, dict[str, str]]:
    """Every command description in German and French, ``{title}`` filled in for each game (with the
    language's grammar: *partie d'Atacama*, *Tactori-FEM-Partie*)."""
    titles = [get_game(name).title for name in game_names()]
    out: dict[discord.Locale, dict[str, str]] = {GERMAN: {}, FRENCH: {}}
    for locale, lang in ((GERMAN, "de"), (FRENCH, "fr")):
        for english, text in _area(lang, choices=False).items():
            for title in titles if "{title}" in english else [""]:
                out[locale][english.format(title=title)] = fill(lang, text, {"title": title})
    return out


class Catalogue(app_commands.Translator):
    def __init__(self) -> None:
        self.texts = catalogue()
        self.choices = {
            GERMAN: _area("de", choices=True),
            FRENCH: {k: typeset("fr", v) for k, v in _area("fr", choices=True).items()},
        }

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if context.location in DESCRIPTIONS:
            return self.texts.get(locale, {}).get(string.message)
        if context.location is Where.choice_name:
            return self.choices.get(locale, {}).get(string.message)
        return None  # command and option names stay English
