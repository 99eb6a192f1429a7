"""Words for players that another layer can say in the reader's language.

A :class:`Text` *is* the English sentence (a ``str``), so everything that
prints, compares or logs it keeps working; it also remembers its template and
parameters.  A presentation layer calls :meth:`Text.render` with a lookup
from English template to translated template (``bot/locales``); templates
that have no translation stay English.  The engines only ever write English.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

Lookup = Callable[[str], "str | None"]
# How a presentation layer shows a plain string parameter (a name, typed input): e.g. escaped for Discord.
Shown = Callable[[str], str]
# How a presentation layer fills a translated template with its rendered parameters (``str.format`` by
# default); a language's own grammar where a field meets the words around it (French elision) goes here.
Fill = Callable[[str, "dict[str, Any]"], str]


class Verbatim(str):
    """A parameter the code already wrote for the reader (a mention, a timestamp, a
    command in backticks): shown as it is, where plain strings (names, what a player
    typed) are data that a presentation layer may escape."""


def _rendered(value: Any, lookup: Lookup, shown: Shown | None = None, fill: Fill | None = None) -> Any:
    if isinstance(value, Text):
        return value.render(lookup, shown, fill)
    if shown is not None and isinstance(value, str) and not isinstance(value, Verbatim):
        return shown(value)
    return value


EXCERPT = 32  # characters of a player's input quoted back in a refusal


def excerpt(typed: str, limit: int = EXCERPT) -> str:
    """What a refusal quotes of ``typed``: its visible characters only (no control, format or
    invisible ones, whitespace runs as one space), at most ``limit`` of them with an ellipsis,
    so a hostile input cannot blow a refusal up (each invisible character repr'd is six)."""
    visible = "".join(c for c in typed if c.isspace() or unicodedata.category(c)[0] not in "CZ")
    visible = " ".join(visible.split())
    return visible if len(visible) <= limit else visible[: limit - 1] + "…"


class Text(str):
    """``Text("{field} already holds a tower", field="e5")``: template fields as in ``str.format``.

    Parameters may be Texts themselves; they are rendered first.  Templates must
    be literals so the catalogues can be checked against the code.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Text:
        self = super().__new__(cls, template.format(**params))
        self.template = template
        self.params = params
        return self

    def render(self, lookup: Lookup, shown: Shown | None = None, fill: Fill | None = None) -> str:
        """In the language of ``lookup``; plain string parameters pass through ``shown`` if given,
        and ``fill`` puts them into the template if given."""
        params = {key: _rendered(value, lookup, shown, fill) for key, value in self.params.items()}
        template = lookup(self.template) or self.template
        return fill(template, params) if fill is not None else template.format(**params)

    def __reduce__(self) -> tuple[Callable[..., Text], tuple[object, ...]]:
        return _rebuild, (type(self), self.template, self.params)


def _rebuild(cls: type[Text], template: str, params: dict[str, Any]) -> Text:
    return cls(template, **params)


class Joined(Text):
    """Parts said one after another with a separator (``", "``, ``"\\n"``, or :data:`CLAUSES`)."""

    def __new__(cls, parts: Iterable[Any], sep: str = " ") -> Joined:
        parts = list(parts)
        self = str.__new__(cls, sep.join(str(p) for p in parts))
        self.template, self.params = "", {"parts": parts, "sep": sep}
        return self

    def render(self, lookup: Lookup, shown: Shown | None = None, fill: Fill | None = None) -> str:
        # The separator and plain parts are the code's own words; Texts among the parts are rendered.
        sep: str = _rendered(self.params["sep"], lookup, None, fill)
        parts = self.params["parts"]
        return sep.join(str(_rendered(p, lookup, shown, fill) if isinstance(p, Text) else p) for p in parts)

    def __reduce__(self) -> tuple[Callable[..., Text], tuple[object, ...]]:
        return Joined, (self.params["parts"], self.params["sep"])


# Between the clauses of one turn's description: French sets a space before ";".
CLAUSES = Text("; ")


def with_colour(name: Any, colour: Any) -> Text:
    """A player's name with his colour, where a text tells the seats apart by colour: "ann (blue)".

    A name that has a bracket of its own for it takes the colour there: a computer seat's name
    (``matches.ai_seats.SeatName.with_colour``) reads "Bot 2 (hard, orange)", not "Bot 2 (hard)
    (orange)".  A person's own brackets are his name and stay apart: "Anna (she/her) (blue)"."""
    own = getattr(name, "with_colour", None)
    return own(colour) if callable(own) else Text("{name} ({colour})", name=name, colour=colour)


class Sentence(Text):
    """A lower-case clause (an engine's refusal) said as a sentence: capital first letter, full stop."""

    def __new__(cls, clause: Any) -> Sentence:
        self = str.__new__(cls, _sentence(str(clause)))
        self.template, self.params = "", {"clause": clause}
        return self

    def render(self, lookup: Lookup, shown: Shown | None = None, fill: Fill | None = None) -> str:
        clause = self.params["clause"]
        return _sentence(str(_rendered(clause, lookup, shown, fill) if isinstance(clause, Text) else clause))

    def __reduce__(self) -> tuple[Callable[..., Text], tuple[object, ...]]:
        return Sentence, (self.params["clause"],)


def _sentence(clause: str) -> str:
    clause = clause[:1].upper() + clause[1:]
    return clause if clause.endswith((".", "!", "?")) else clause + "."
