"""What a translated template needs from the words put into it.

A template is written once, but its fields take game titles and player names,
which change the words around them:

* French elides *de*, *le*, *la*, *que* before a vowel sound: the catalogue
  writes ``partie de {title}`` and ``au tour de {name}``, and they are said
  *partie d'Atacama*, *au tour d'Émile*, but *partie de Tactori*, *au tour de
  Bob*.  A *Y* is a vowel before a consonant (*d'Yvonne*, *d'Yves*) and a
  consonant before a vowel (*de Yann*).  An *h* is mute only in the few first
  names of :data:`MUTE_H` (*d'Hugo*, *d'Hélène*); any other is taken as
  aspirated (*de Harry*, *de Heidi*), since nothing in a name tells them apart
  and *de* before a mute *h* is still correct French.  Codes of the notation
  (*e5*, *a1*, *A12*) and numbers are not words and keep *de*.
* French sets a no-break space before ``; ! ?`` and ``»`` and after ``«``
  (narrow, U+202F) and before ``:`` (U+00A0), so that Discord never breaks a
  line before the sign; likewise before ``%`` after a number (*81 %*) and
  around the *h* of a time (*8 h 00*).  The catalogues keep an ordinary
  space, easy to type and to read; :func:`typeset` swaps it in the template's
  own words only, so names and typed input stay as they are, and a colon with
  no space before it (``<t:123:R>``, ``12:30``, a link) or inside a code span
  is never touched.
* German hyphenates a compound formed with a name of several words
  throughout: the catalogue writes ``{title}-Partie``, said *Tactori-FEM-Partie*
  (not *Tactori FEM-Partie*), and *Atacama-Partie* as before.

Brackets are never merged here: a name ending in one (a person's "Anna
(she/her)", an event's "Coupe (Atacama)") keeps it, and the template's own
follows.  A computer seat's colour goes inside its bracket because its name is
built with it (``engines.text.with_colour``, ``matches.ai_seats``), not by
joining brackets after the fact.

:func:`fill` formats a template like ``str.format`` and applies the rules of
its language where a field meets the template's own words, and the language's
spacing to those words (:func:`typeset`), so the catalogues
keep natural spelling and every template gets the rule, old and new.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Any

VOWELS = "aáàâäãåeéèêëiíìîïoóòôöõøuúùûüœæ"
Y = "yýÿ"
# First names said with a mute h in French (d'Hugo), without their accents (Hélène, Helene); every other
# h is taken as aspirated (de Harry, de Heidi).
MUTE_H = frozenset(
    {
        "hector",
        "helene",
        "heloise",
        "henri",
        "henriette",
        "hermine",
        "herve",
        "hilaire",
        "hippolyte",
        "honore",
        "honorine",
        "horace",
        "hortense",
        "hubert",
        "hugo",
        "hugues",
    }
)
# A word that French elides before: a vowel, or a y before a consonant ("Yvonne", not "Yann");
# not a code such as "e5" or "a1".
ELIDING = re.compile(rf"(?:[{VOWELS}]|[{Y}](?=[^\W\d{VOWELS}{Y}]))(?!\d)", re.IGNORECASE)
FIRST_WORD = re.compile(r"[^\W\d_]+")
# The elidable word at the end of the text before a field, with any markdown that opens the field.
ELIDABLE = re.compile(r"(?<![\w'’-])(de|le|la|que|lorsque|puisque|jusque) ((?:\*\*|__|\*|_)?)$", re.IGNORECASE)
# A compound: a hyphen joining the field to a word ("{title}-Partie", "Spiel-{title}").
COMPOUND_AFTER = re.compile(r"^-\w")
COMPOUND_BEFORE = re.compile(r"\w-$")

# French spacing: an ordinary space before the sign (colon only when a space, markdown or the end follows,
# so " :emoji:" is left alone), or after an opening guillemet.
NARROW, NO_BREAK = "\u202f", "\u00a0"
FRENCH_SPACES = (
    (re.compile(r" (?=[;!?»])"), NARROW),
    (re.compile(r"(?<=«) "), NARROW),
    (re.compile(r" (?=:(?:\s|$|\*|_))"), NO_BREAK),
    (re.compile(r"(?<=[\d}]) (?=%)"), NARROW),  # "{accuracy} %"
    (re.compile(r"(?<=[\d}]) (?=h \d)"), NO_BREAK),  # "{hour} h 00": both spaces
    (re.compile(r"(?<=[\d}]\u00a0h) (?=\d)"), NO_BREAK),
)
CODE_SPAN = re.compile(r"(`[^`]*`)")

Rule = Callable[[str, str, str], tuple[str, str]]


def _vowel_sound(value: str) -> bool:
    if ELIDING.match(value):
        return True
    word = FIRST_WORD.match(value)
    return word is not None and _unaccented(word.group().lower()) in MUTE_H


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def elide(before: str, value: str, after: str) -> tuple[str, str]:
    """French: ``de`` + ``Atacama`` is ``d'Atacama``."""
    if _vowel_sound(value):
        before = ELIDABLE.sub(lambda m: m.group(1)[:-1] + "'" + m.group(2), before)
    return before, value


def hyphenate(before: str, value: str, after: str) -> tuple[str, str]:
    """German: ``Tactori FEM`` + ``-Partie`` is ``Tactori-FEM-Partie``."""
    if " " in value.strip() and (COMPOUND_AFTER.match(after) or COMPOUND_BEFORE.search(before)):
        value = "-".join(value.split())
    return before, value


RULES: dict[str, Rule] = {"fr": elide, "de": hyphenate}


def _french_spacing(text: str) -> str:
    pieces = CODE_SPAN.split(text)  # code spans at the odd places, kept as typed
    for i in range(0, len(pieces), 2):
        for pattern, space in FRENCH_SPACES:
            pieces[i] = pattern.sub(space, pieces[i])
    return "".join(pieces)


TYPOGRAPHY: dict[str, Callable[[str], str]] = {"fr": _french_spacing}


@lru_cache(maxsize=4096)
def typeset(lang: str, text: str) -> str:
    """``text`` (a template, a help page, a command description) with the spacing of ``lang``."""
    rule = TYPOGRAPHY.get(lang)
    return rule(text) if rule is not None else text


_FORMAT = string.Formatter()


def fill(lang: str, template: str, params: dict[str, Any]) -> str:
    """``template.format(**params)``, with the rule of ``lang`` applied where a field meets the template's
    words; the fields' values themselves are put in as they are."""
    rule = RULES.get(lang)
    template = typeset(lang, template)
    pieces = list(_FORMAT.parse(template))
    out = ""
    for i, (literal, name, spec, conversion) in enumerate(pieces):
        out += literal
        if name is None:
            continue
        value, _ = _FORMAT.get_field(name, (), params)
        value = _FORMAT.convert_field(value, conversion)
        value = _FORMAT.format_field(value, _FORMAT.vformat(spec, (), params) if spec else "")
        after = pieces[i + 1][0] if i + 1 < len(pieces) else ""
        if rule is not None:
            out, value = rule(out, value, after)
        out += value
    return out


def filler(lang: str) -> Callable[[str, dict[str, Any]], str]:
    """:func:`fill` for ``lang``, as :meth:`engines.text.Text.render` takes it."""
    return lambda template, params: fill(lang, template, params)
