"""What a translated template needs from the words put into it.

A template is written once, but its fields take game titles and player names,
which change the words around them:

* French elides *de*, *le*, *la*, *que* before a vowel or a mute *h*: the
  catalogue writes ``partie de {title}`` and ``au tour de {name}``, and they
  are said *partie d'Atacama*, *au tour d'Émile*, but *partie de Tactori*,
  *au tour de Bob*.  A name with an initial *h* is taken as a mute one
  (*d'Hugo*, *d'Hélène*): nothing tells an aspirated one apart.  Codes of the
  notation (*e5*, *a1*, *A12*) and numbers are not words and keep *de*.
* German hyphenates a compound formed with a name of several words
  throughout: the catalogue writes ``{title}-Partie``, said *Tactori-FEM-Partie*
  (not *Tactori FEM-Partie*), and *Atacama-Partie* as before.

:func:`fill` formats a template like ``str.format`` and applies the rules of
its language where a field meets the template's own words, so the catalogues
keep natural spelling and every template gets the rule, old and new.
"""
from __future__ import annotations

import re
import string
from typing import Any, Callable

VOWELS = "aeiouàâäéèêëîïôöùûüœæ"
# A word that French elides before: a vowel, or h and a vowel; not a code such as "e5" or "a1".
ELIDING = re.compile(rf"(?:[{VOWELS}]|h[{VOWELS}y])(?!\d)", re.IGNORECASE)
# The elidable word at the end of the text before a field, with any markdown that opens the field.
ELIDABLE = re.compile(r"(?<![\w'’-])(de|le|la|que|lorsque|puisque|jusque) ((?:\*\*|__|\*|_)?)$", re.IGNORECASE)
# A compound: a hyphen joining the field to a word ("{title}-Partie", "Spiel-{title}").
COMPOUND_AFTER = re.compile(r"^-\w")
COMPOUND_BEFORE = re.compile(r"\w-$")

Rule = Callable[[str, str, str], tuple[str, str]]


def elide(before: str, value: str, after: str) -> tuple[str, str]:
    """French: ``de`` + ``Atacama`` is ``d'Atacama``."""
    if ELIDING.match(value):
        before = ELIDABLE.sub(lambda m: m.group(1)[:-1] + "'" + m.group(2), before)
    return before, value


def hyphenate(before: str, value: str, after: str) -> tuple[str, str]:
    """German: ``Tactori FEM`` + ``-Partie`` is ``Tactori-FEM-Partie``."""
    if " " in value.strip() and (COMPOUND_AFTER.match(after) or COMPOUND_BEFORE.search(before)):
        value = "-".join(value.split())
    return before, value


RULES: dict[str, Rule] = {"fr": elide, "de": hyphenate}

_FORMAT = string.Formatter()


def fill(lang: str, template: str, params: dict[str, Any]) -> str:
    """``template.format(**params)``, with the rule of ``lang`` applied where a field meets the template's words."""
    rule = RULES.get(lang)
    if rule is None:
        return template.format(**params)
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
        out, value = rule(out, value, after)
        out += value
    return out


def filler(lang: str) -> Callable[[str, dict[str, Any]], str] | None:
    """:func:`fill` for ``lang``, as :meth:`engines.text.Text.render` takes it (``None``: plain ``format``)."""
    if lang not in RULES:
        return None
    return lambda template, params: fill(lang, template, params)
