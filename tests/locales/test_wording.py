"""German and French that read as one text: typography, register, the rulebooks' terms.

A native reading of every entry (a review of the translations) found mistakes that
come in classes; each test here keeps one class from coming back, over every
unit a player reads: catalogue entries, command descriptions and choice names
(``bot/setup/i18n.py``), and the help pages.
"""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

from bot.help import rules_text
from bot.locales import HERE, LANGUAGES
from bot.locales.grammar import fill
from bot.setup import i18n

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "bot" / "help"
GAMES = sorted(p.stem for p in HELP.glob("*.md"))


def units(lang: str) -> list[tuple[str, str | None, str]]:
    """``(where, English, text)`` of every translated unit; help pages line by line, without English."""
    side = LANGUAGES.index(lang)
    out: list[tuple[str, str | None, str]] = []
    for path in sorted((HERE / lang).glob("*.json")):
        out += [(f"{lang}/{path.name}", en, text) for en, text in json.loads(path.read_text("utf-8")).items()]
    out += [("bot/setup/i18n.py", en, pair[side]) for en, pair in {**i18n.TEXTS, **i18n.CHOICES}.items()]
    for path in sorted((HELP / lang).glob("*.md")):
        out += [
            (f"help/{lang}/{path.name}:{n}", None, line)
            for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        ]
    return out


# What is not prose: code spans, fields, Discord tags (<t:…:f>, <@id>), links and notation in brackets.
NOT_PROSE = re.compile(r"`[^`]*`|\{\{|\}\}|\{[^{}]*\}|<[^<>]*>|https?://\S+|\]\([^)]*\)|\(=[^)]*\)")


def prose(text: str) -> str:
    return NOT_PROSE.sub("X", text)  # a field stays a word, so "{name}:" still lacks its space


SPACES = " \u00a0\u202f"
FRENCH_SPACING = re.compile(rf"(?<=[^{SPACES}])[;:!?»]|«(?=[^{SPACES}])")
GERMAN_SPACING = re.compile(rf"[{SPACES}][;!?]|[{SPACES}]:(?! ?X)")  # "3 : 4" (a score) may keep its spaces


def test_french_sets_a_space_before_double_signs_and_inside_guillemets():
    """FR-2…FR-23: 22 Tactori messages lacked the space before ";"."""
    wrong = [(where, text) for where, _, text in units("fr") if FRENCH_SPACING.search(prose(text))]
    assert wrong == []


class _Field(str):
    """Any value a field may take (``{name!r}``, ``{share:.0f}``): a word, ``X``."""

    def __new__(cls) -> _Field:
        return super().__new__(cls, "X")

    def __format__(self, spec: str) -> str:
        return "X"

    def __repr__(self) -> str:
        return "X"


def said_in_french() -> list[tuple[str, str]]:
    """Every French unit as Discord shows it: catalogue templates filled as messages are, command
    descriptions and choice names as the translator hands them over, the help pages as sent."""
    fields = {
        name: _Field()
        for lang in LANGUAGES
        for path in (HERE / lang).glob("*.json")
        for template in json.loads(path.read_text("utf-8")).values()
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    }
    out = [
        (f"fr/{path.name}", fill("fr", template, fields))
        for path in sorted((HERE / "fr").glob("*.json"))
        for template in json.loads(path.read_text("utf-8")).values()
    ]
    translator = i18n.Catalogue()
    out += [("bot/setup/i18n.py", text) for text in translator.texts[i18n.FRENCH].values()]
    out += [("bot/setup/i18n.py", text) for text in translator.choices[i18n.FRENCH].values()]
    out += [(f"help/fr/{game}.md", rules_text(game, "fr")) for game in GAMES]
    return out


# An ordinary space where French sets a no-break one: Discord could break the line before the sign.
BREAKABLE = re.compile(r" [;!?»]|« | :(?=\s|$|\*|_)|(?<=[\dX]) %|(?<=[\dX])[ \u00a0]h \d|(?<=[\dX]) h[ \u00a0]\d")


def test_french_spaces_before_double_signs_and_inside_guillemets_do_not_break():
    """The catalogues write an ordinary space; what reaches Discord has U+202F (U+00A0 before a colon)."""
    wrong = [(where, text) for where, text in said_in_french() if BREAKABLE.search(prose(text))]
    assert wrong == []
    narrow = [text for _, text in said_in_french() if "\u202f;" in text]
    assert len(narrow) > 100  # the rule is applied, not the texts emptied of semicolons


def test_the_french_texts_are_written_with_ordinary_spaces():
    """One rule sets the no-break spaces (``bot.locales.grammar.typeset``); a catalogue entry typed with
    its own would be the one that a later edit gets wrong, and U+00A0 before "?" is too wide."""
    wrong = [(where, text) for where, _, text in units("fr") if "\u00a0" in text or "\u202f" in text]
    assert wrong == []


def test_german_sets_no_space_before_double_signs():
    wrong = [(where, text) for where, _, text in units("de") if GERMAN_SPACING.search(prose(text))]
    assert wrong == []


# The register: German "du" (and "ihr" for several), French "vous".  A capital "Sie" in German reads
# as the formal address even where it means "it" (DE-9).
REGISTER = {
    "de": re.compile(r"\b(?:Sie|Ihnen|Ihre[mnrs]?)\b"),
    "fr": re.compile(r"\b(?:tu|te|toi|ton|ta|tes|t')\b", re.IGNORECASE),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_register_throughout(lang):
    wrong = [(where, text) for where, _, text in units(lang) if REGISTER[lang].search(prose(text))]
    assert wrong == []


# One word per rulebook concept: (concept, language, the word to use, the variants the review found).
TERMS = [
    ("Architekton series points (rulebook: Gewinnpunkte)", "de", "Gewinnpunkte", r"Siegpunkt"),
    ("Atacama mining right", "de", "Schürfrecht", r"\bRechts?\b|Förderrecht"),
    ("Atacama build-up stages", "de", "Phase", r"Abschnitt"),
    ("Atacama other-colour towers", "de", "der anderen Farbe", r"fremdfarbig|Türme anderer Farbe"),
    ("Tactori centre variations", "de", "9er-Mitte", r"Zentrum"),
    ("Tactori chasing", "de", "schassen", r"verdräng|verjag"),
    ("Tactori putting a tower on its target", "de", "abgelegt", r"\bgelandet\b|\blanden\b|\babgesetzt\b"),
    # German players say "Replay"; "Wiederholung" echoes the Stellungswiederholung of the rules.
    ("a replay", "de", "Replay", r"\bWiederholung"),
    ("Architekton series points", "fr", "points de victoire", r"points? de gagnant"),
    ("Atacama build-up game", "fr", "variante évolutive", r"à construire|jeu de construction"),
    ("Atacama mining right", "fr", "droit minier", r"droits? d'exploitation"),
    ("Atacama build-up stages", "fr", "phase", r"\bétapes?\b"),
    ("rows of a board", "fr", "ligne", r"\brangées?\b"),
    # Architekton draws its tiles from face-down piles; there is no bag (nor are they "Plättchen", "tuiles").
    ("Architekton face-down piles", "de", "verdeckten Stapel", r"Beutel|Plättchen"),
    ("Architekton face-down piles", "fr", "pile face cachée", r"\bsac\b|\btuiles?\b"),
    ("the rating", "fr", "classement", r"\bcotes?\b"),
    # Taking a move back is "zurücknehmen"/"reprendre"; a bridge is removed ("entnommen", "retiré").
    ("removing a bridge", "de", "entnommen", r"Brücke\b[^.;]*zurückgenommen"),
    ("removing a bridge", "fr", "retiré", r"\bpont\b[^.;]*\brepris\b"),
    # "zeichnen"/"dessiner" for making images is a calque of "draw"; the bot prepares or generates them.
    ("rendering images", "fr", "généré", r"\bdessin(?:e|é|ée|ez|ons)\b|dessinez-"),
    # Architekton's owner removes ("abräumen", "enlever") a house from an enclosed building, as the
    # rulebooks and the Abräumen/Enlever buttons say; "zurücknehmen"/"reprendre" is a takeback.
    ("Architekton removing a house", "de", "abräumen", r"\bHaus\b[^.;]*zurück(?:nehm|genommen)|nimmt das Haus"),
    (
        "Architekton removing a house",
        "fr",
        "enlever",
        r"\breprend(?:re|s)?\b[^.;]*\bmaison\b|\bmaison\b[^.;]*\breprise\b",
    ),
    ("Architekton enclosed building", "fr", "entouré", r"\benclos\b"),
    # Atacama's build-up game lays sub-boards ("Teilpläne"); "Tafeln" are Architekton's tiles.
    ("Atacama basic game", "de", "Grundspiel", r"Grundspielbrett|Aufbauspiel[^.]*Tafeln"),
    ("Atacama basic game", "fr", "jeu de base", r"plateau de base"),
    # Tactori's supply is the "Stock" (rulebook); "Vorrat" is Architekton's and Atacama's word.
    ("Tactori supply", "de", "Stock", r"(?:Türme|Brücken)\b[^.;]*\bVorrat\b"),
    ("Tactori winning loop", "de", "geschlossene Verbindung von Brücken", r"Brückenschleife"),
    ("the board", "de", "Brett", r"\bauf dem Plan\b"),
    ("the knockout system", "de", "K.-o.-System", r"K\.-o\.(?!-)"),
    ("a deadline", "de", "Frist", r"Verbleibende Zeit"),
    ("a deadline", "fr", "Échéance", r"\btemps restant\b"),
    # Passing is a turn passed ("a passé son tour"); a bye goes through to the next round.
    ("a bye in a knockout", "fr", "se qualifie", r"\bpasse sans jouer\b"),
    ("a costly mistake", "de", "teuerste Fehler", r"kostspielig"),
]


@pytest.mark.parametrize("concept, lang, word, variants", TERMS, ids=[f"{t[1]}-{t[2]}" for t in TERMS])
def test_one_term_per_rulebook_concept(concept, lang, word, variants):
    texts = units(lang)
    assert any(word.lower() in prose(text).lower() for _, _, text in texts), f"{word!r} is no longer used"
    wrong = [(where, text) for where, _, text in texts if re.search(variants, prose(text), re.IGNORECASE)]
    assert wrong == [], f"{concept}: say {word!r}"


def test_german_says_wertungszahl_for_the_rating():
    """*Wertung* is also the game's scoring (*Endwertung*, the Atacama help's "**Wertung:**"), so the
    rating (/stats, the leaderboard, the rating chart) is the *Wertungszahl*, as in German chess.
    Not "Elo-Wertung": the ratings are OpenSkill numbers since the Elo ladders were migrated."""
    rating = [
        (where, text)
        for where, english, text in units("de")
        if english is not None and re.search(r"\bratings?\b", prose(english), re.IGNORECASE)
    ]
    assert len(rating) >= 8
    wrong = [
        (where, text)
        for where, text in rating
        if re.search(r"\bWertung(?:en)?\b", prose(text)) or "Wertungszahl" not in text
    ]
    assert wrong == []


def _users_of_templates() -> dict[str, set[str]]:
    """Every Text template in the code and the files that say it."""
    users: dict[str, set[str]] = {}
    for folder in ("engines", "matches", "bot", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", None) == "Text"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    users.setdefault(node.args[0].value, set()).add(str(path.relative_to(ROOT)))
    return users


TURN = re.compile(r"\bturns?\b", re.IGNORECASE)
TOWER = re.compile(r"\btowers?\b", re.IGNORECASE)
TOUR = re.compile(r"\btours?\b", re.IGNORECASE)
# "c'est votre tour", "au tour de bob", "quart de tour" cannot be read as a tower.
TOUR_IDIOMS = re.compile(
    r"c'est (?:à )?votre tour|\bau tour de\b|à (?:votre|son) tour|quarts? de tour"
    r"|(?:pose|déplacement)s? de tours?",
    re.IGNORECASE,
)  # the last: of a tower
# In the help pages: a turn as a heading ("**Tour :**") or counted ("de six tours", "encore un tour").
TOUR_AS_TURN = re.compile(r"\*\*Tours?\b|encore un tour|\b(?:six|chaque|dernier) tours?\b", re.IGNORECASE)


def test_french_says_coup_for_a_turn_where_tours_are_towers():
    """FR-25…FR-29: "reste : 1 tour" under "Tours : 37" on one Tactori card.  Architekton has no
    towers, so its own texts may say "tour" for a turn."""
    users = _users_of_templates()
    wrong = []
    for where, english, text in units("fr"):
        if where.startswith("help/"):
            if "architekton" not in where and TOUR_AS_TURN.search(text):
                wrong.append((where, text))
            continue
        only_architekton = users.get(english) and all("architekton" in f for f in users[english])
        if (
            TURN.search(english)
            and not TOWER.search(english)
            and not only_architekton
            and TOUR.search(TOUR_IDIOMS.sub("", prose(text)))
        ):
            wrong.append((where, english, text))
    assert wrong == []


ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|your|you|with|of|is|are|to|move|moves|turn|tower|towers|bridge|"
    r"board|player|players|wins|tile|tiles)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_is_left_in_the_translations(lang):
    wrong = [(where, text) for where, _, text in units(lang) if ENGLISH_WORDS.search(prose(text))]
    assert wrong == []


CODE = re.compile(r"`[^`]*`")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_help_pages_keep_the_english_lines_and_notation(lang, game):
    """A translated help page has the English page's lines and every command and move of it, verbatim."""
    english = (HELP / f"{game}.md").read_text("utf-8")
    translated = (HELP / lang / f"{game}.md").read_text("utf-8")
    assert len(translated.splitlines()) == len(english.splitlines())
    assert sorted(CODE.findall(translated)) == sorted(CODE.findall(english))


def test_german_sets_a_space_between_a_word_and_an_ellipsis():
    """An ellipsis for left-out words stands apart from them: "Zug wählen …", "… und 3 weitere"."""
    wrong = [(where, text) for where, _, text in units("de") if re.search(r"\w…|…\w", prose(text))]
    assert wrong == []


def test_german_sets_a_spaced_en_dash_not_an_em_dash():
    """ "Erledigt – das Brett steht unten", never "Erledigt — das" nor "Erledigt–das"; a range keeps its
    dash unspaced ("a–i", "1–9", "d4–f6")."""
    wrong = [
        (where, text)
        for where, _, text in units("de")
        if "—" in text or re.search(r"[^\W\d]{2}–[^\W\d]{2}", prose(text))
    ]
    assert wrong == []
    assert sum(" – " in text for _, _, text in units("de")) >= 7


# Things that can run out (a score of 0 points is a score, not a count of what is left).
COUNTED = (
    r"(?:towers?|bridges?|chips?|houses?|days?|moves?|turns?|rounds?|tiles?|matches|lines?"
    r"|Bohrtürme|Türme|Brücken|Chips|Tage|tours|ponts|jetons|jours)"
)


def test_no_template_counts_a_literal_zero():
    """None left is said in words ("no towers left", "keine Bohrtürme mehr", "plus aucune tour"),
    not "only 0 towers", "noch 0 …", "0 tours restantes"."""
    templates = {
        t for lang in LANGUAGES for p in (HERE / lang).glob("*.json") for t in json.loads(p.read_text("utf-8"))
    }  # the English, as the code writes it
    translations = [text for _, _, text in units("de") + units("fr")]
    zero = re.compile(rf"(?<![\d.,])0 {COUNTED}\b|\bonly 0\b|\bnoch 0\b", re.IGNORECASE)
    assert [t for t in [*templates, *translations] if zero.search(prose(t))] == []


def test_no_template_prints_a_decimal_point():
    """DE-10: "1.5 Std."; a format spec cannot give German and French their decimal comma,
    so fractions go through ``bot.messages.present.decimal``."""
    templates = {
        t for lang in LANGUAGES for p in (HERE / lang).glob("*.json") for t in json.loads(p.read_text("utf-8"))
    }
    assert [t for t in templates if re.search(r"\{[^{}]*:[^{}]*\.[1-9][^{}]*\}", t)] == []


def test_an_absolute_date_takes_its_preposition():
    """DE-14, DE-15, FR-15, FR-16: "{when}" is a date and time (``<t:…:f>``): "am 28. November 2026 14:00",
    "le 28 novembre 2026 14:00" (or after a colon), never "das Turnier beginnt 28. November …"."""
    dated = {"de": re.compile(r"\bam \{when\}"), "fr": re.compile(r"\ble \{when\}|: \{when\}")}
    for lang in LANGUAGES:
        said = [(en, text) for _, en, text in units(lang) if en and "{when}" in en]
        assert said and [(en, text) for en, text in said if not dated[lang].search(text)] == []


def test_french_puts_no_plural_after_a_count_that_may_be_one():
    """FR-17, FR-19: "(1 inscrits)", "1 jouées"; the count goes after a colon: "inscrits : {count}"."""
    counted = re.compile(r"\{(\w+)\} (?:signed up|played)\b")
    wrong = []
    for where, english, text in units("fr"):
        for field in counted.findall(english or ""):
            if re.search(rf"\{{{field}\}} \w+s\b", text):
                wrong.append((where, text))
    assert wrong == [] and any("inscrits : {count}" in text for _, _, text in units("fr"))


def test_german_says_the_time_bank_without_a_wrong_case():
    """DE-9, DE-10: "von je 7,0 Tage": "von" needs the dative, the field is a nominative; "über" takes it."""
    wrong = [
        (where, text)
        for where, english, text in units("de")
        if english and "{bank}" in english and re.search(r"\bvon (?:je )?\{bank\}", text)
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_leading_ellipsis_stands_apart_from_the_next_word(lang):
    """FR-25: "…et 3 de plus" is "… et 3 autres", as the German "… und 3 weitere"."""
    wrong = [(where, text) for where, _, text in units(lang) if re.search(r"(?:^|\s)…\w", prose(text))]
    assert wrong == []


PERMISSIONS = {"de": ("Server verwalten", "Events verwalten"), "fr": ("Gérer le serveur", "Gérer les événements")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_discords_permission_names_are_quoted(lang):
    """FR-20: "la permission Gérer le serveur ou Gérer les événements" runs the names into the sentence."""
    quoted = {"de": "„{}“", "fr": "« {} »"}[lang]
    named = [(where, text) for where, _, text in units(lang) if any(p in text for p in PERMISSIONS[lang])]
    assert named
    wrong = [
        (where, text)
        for where, text in named
        if any(p in text and quoted.format(p) not in text for p in PERMISSIONS[lang])
    ]
    assert wrong == []


def test_option_names_in_a_refusal_are_code():
    """DE-8, FR-8: "A bank and an increment go with a time bank" told the player nothing; the refusal
    names the options as they are typed."""
    english = "A bank and an increment go with a time bank (clock: bank)."
    for lang in LANGUAGES:
        [text] = [text for _, en, text in units(lang) if en == english]
        assert all(f"`{option}`" in text for option in ("bank", "increment", "clock: bank")), text


def test_the_fem_final_says_what_the_board_says():
    """The board marks the winning loop "SCHLEIFE" / "BOUCLE"; the final message said "Vieleck" / "polygone"."""
    from bot.locales import say
    from engines.text import Text

    for lang in LANGUAGES:
        board_word = say(Text("LOOP"), lang).lower()
        final = say(Text("ends with a closed loop"), lang)
        assert board_word in final.lower() and not re.search(r"Vieleck|polygone", final), final


# Phrasings the native reading found unidiomatic or misleading, each with what it reads as.
UNIDIOMATIC = [
    ("de", r"\beinen Computerspieler einer Stufe\b", "a genitive of quality German does not form (DE-23)"),
    ("de", r"\bPrivat notiert für\b", "a calque; the note has no noun to refer to (DE-11)"),
    ("de", r": Die übrigen Partien\b", "every remaining match of the event, not the player's (DE-24)"),
    ("fr", r"\bà plus,", '"see you later" (FR-9)'),
    ("fr", r"\bheures? pleines?\b", "peak-rate hours (FR-10)"),
    ("fr", r"\bviennent en mention\b", "not French (FR-11)"),
    ("fr", r"\bNoté en privé pour\b", "a calque (FR-12)"),
    ("fr", r"\bchacun de ses \{moves\}", "the computer's own moves (FR-24)"),
    ("fr", r"\bCommencer seul\b", '"start alone" (FR-28)'),
    ("fr", r"\bjoueur ordinateur d'un niveau\b(?! choisi)", "a level of what (FR-27)"),
]


@pytest.mark.parametrize("lang, phrase, why", UNIDIOMATIC, ids=[u[1] for u in UNIDIOMATIC])
def test_no_unidiomatic_phrasing_comes_back(lang, phrase, why):
    wrong = [(where, text) for where, _, text in units(lang) if re.search(phrase, text)]
    assert wrong == [], why


def test_french_says_suite_for_a_line_of_conditional_moves():
    """A line of conditional moves was a "ligne", the bot's word for an Atacama row ("lignes : ligne 1 +14")."""
    users = _users_of_templates()
    conditional = [
        (where, english, text)
        for where, english, text in units("fr")
        if english
        and any("conditional" in f for f in users.get(english, ()))
        and re.search(r"\blines?\b", prose(english))
    ]
    assert len(conditional) >= 8
    wrong = [(where, text) for where, _, text in conditional if re.search(r"\blignes?\b", text)]
    assert wrong == [] and all(re.search(r"\bsuites?\b", text) for _, _, text in conditional)
