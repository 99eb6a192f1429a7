"""Where a game title or a player's name meets a template's words (``bot.locales.grammar``).

French elides before a vowel or a mute h: *partie d'Atacama*, *au tour d'Émile*,
but *partie de Tactori*, *au tour de Bob*.  German hyphenates a compound with a
title of several words throughout: *Tactori-FEM-Partie*.  The catalogues write
``de {title}`` and ``{title}-Partie``; these tests render every template with
such names, so a new template or a way around the rules is caught.
"""

from __future__ import annotations

import json
import re
import string

import pytest

from bot.locales import HERE, catalogue, say
from bot.locales.grammar import fill
from bot.setup import i18n
from engines import Joined, Sentence, Text, game_names, get_game

TITLES = [get_game(name).title for name in game_names()]
NAMES = ["Anna", "Émile", "Hugo", "Bob", "ann", "émile", "hugo", "bob"]


@pytest.mark.parametrize(
    "name, french",
    [
        ("Anna", "Au tour d'Anna."),
        ("Émile", "Au tour d'Émile."),
        ("Hugo", "Au tour d'Hugo."),
        ("Bob", "Au tour de Bob."),
        ("ann", "Au tour d'ann."),
        ("Yann", "Au tour de Yann."),
        ("Œdipe", "Au tour d'Œdipe."),
    ],
)
def test_french_elides_de_before_a_name_with_a_vowel_or_a_mute_h(name, french):
    assert say(Text("{name} to move.", name=name), "fr") == french
    assert say(Text("{name} to move.", name=name), "en") == f"{name} to move."


@pytest.mark.parametrize(
    "title, de_title",
    [
        ("Architekton", "d'Architekton"),
        ("Atacama", "d'Atacama"),
        ("Tactori", "de Tactori"),
        ("Tactori FEM", "de Tactori FEM"),
    ],
)
def test_french_elides_before_the_titles_in_messages_and_command_descriptions(title, de_title):
    assert say(Text("No rated {title} matches yet.", title=title), "fr") == f"Pas encore de partie classée {de_title}."
    assert say(Text("**Replay of {title} #{id}**, {range}.", title=title, id=3, range="x"), "fr").startswith(
        f"**Replay {de_title} #3**"
    )
    assert (
        i18n.catalogue()[i18n.FRENCH][f"The move list of your {title} match"]
        == f"La liste des coups de votre partie {de_title}"
    )


def test_french_elides_le_la_que_and_keeps_case_and_markdown():
    templates = ["le {x}", "La {x}", "plus que {x}", "De **{x}**", "lorsque {x}", "deux {x}", "monde {x}"]
    assert [fill("fr", t, {"x": "Émile"}) for t in templates] == [
        "l'Émile",
        "L'Émile",
        "plus qu'Émile",
        "D'**Émile**",
        "lorsqu'Émile",
        "deux Émile",
        "monde Émile",
    ]


@pytest.mark.parametrize("value", ["e5", "a1", "A12", "11", "<@1>", "Bob", "\\_anna", "Yann"])
def test_french_keeps_de_before_codes_numbers_mentions_and_consonants(value):
    assert fill("fr", "de {x}", {"x": value}) == f"de {value}"


def test_french_elides_before_a_translated_word_too():
    # "pas de {terrain}": the water is "eau", so "pas d'eau".
    assert fill("fr", "pas de {terrain}", {"terrain": "eau"}) == "pas d'eau"
    assert fill("fr", "pas de {terrain}", {"terrain": "forêt"}) == "pas de forêt"


def test_the_rule_reaches_nested_joined_and_sentence_texts():
    inner = Text("{name} to move.", name="Anna")
    assert say(Joined([inner, Text("{name} to move.", name="Bob")], " "), "fr") == "Au tour d'Anna. Au tour de Bob."
    assert say(Sentence(Text("{name} to move", name="Émile")), "fr") == "Au tour d'Émile."


def test_format_specs_and_conversions_still_work():
    assert fill("fr", "{n:.0f} de {x!r}", {"n": 2.4, "x": "a"}) == "2 de 'a'"
    assert fill("de", "{n:>3}-{x}", {"n": 7, "x": "a b"}) == "  7-a-b"


@pytest.mark.parametrize(
    "template, said",
    [
        ("{title}-Partie", "Tactori-FEM-Partie"),
        ("eine {title}-Partie", "eine Tactori-FEM-Partie"),
        ("Spiel-{title}", "Spiel-Tactori-FEM"),
        ("{title} spielen", "Tactori FEM spielen"),
        ("{title} - Partie", "Tactori FEM - Partie"),
        ("von {title}.", "von Tactori FEM."),
    ],
)
def test_german_hyphenates_a_compound_with_a_title_of_two_words(template, said):
    assert fill("de", template, {"title": "Tactori FEM"}) == said
    assert fill("de", template, {"title": "Atacama"}) == template.format(title="Atacama")


def test_german_compounds_in_messages_and_command_descriptions():
    assert (
        say(Text("No rated {title} matches yet.", title="Tactori FEM"), "de")
        == "Noch keine gewerteten Tactori-FEM-Partien."
    )
    assert (
        i18n.catalogue()[i18n.GERMAN]["The move list of your Tactori FEM match"]
        == "Die Zugliste deiner Tactori-FEM-Partie"
    )


# ---------------------------------------------------------------- every template, every title and name


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


class _Any(str):
    """A field value that takes any format spec (``{rating:.0f}``) and reads as the name it holds."""

    def __format__(self, spec: str) -> str:
        return str(self)


def _units(lang: str) -> list[tuple[str, str]]:
    """Every translated template of ``lang``: catalogues and command descriptions."""
    side = ("de", "fr").index(lang)
    return list(catalogue(lang).items()) + [(en, pair[side]) for en, pair in i18n.TEXTS.items()]


UNELIDED = re.compile(
    r"(?<![\w'’-])(?:de|le|la|que) (?:\*\*|__|\*|_)?(?:Atacama|Architekton|Anna|Émile|Hugo)\b", re.IGNORECASE
)
OPEN_COMPOUND = re.compile(r"Tactori FEM-|-Tactori FEM")


@pytest.mark.parametrize("value", ["Atacama", "Architekton", "Anna", "Émile", "Hugo"])
def test_no_french_template_leaves_de_before_a_vowel(value):
    wrong = []
    for english, french in _units("fr"):
        said = fill("fr", french, {f: _Any(value) for f in _fields(french)})
        if UNELIDED.search(said):
            wrong.append((english, said))
    i18n_said = [text for text in i18n.catalogue()[i18n.FRENCH].values() if UNELIDED.search(text)]
    assert wrong == [] and i18n_said == []


def test_no_german_template_leaves_a_compound_with_tactori_fem_open():
    wrong = []
    for english, german in _units("de"):
        said = fill("de", german, {f: _Any("Tactori FEM") for f in _fields(german)})
        if OPEN_COMPOUND.search(said):
            wrong.append((english, said))
    i18n_said = [text for text in i18n.catalogue()[i18n.GERMAN].values() if OPEN_COMPOUND.search(text)]
    assert wrong == [] and i18n_said == []


@pytest.mark.parametrize("lang, pattern", [("fr", UNELIDED), ("de", OPEN_COMPOUND)])
def test_no_catalogue_or_help_page_writes_the_mistake_out(lang, pattern):
    """The titles written into a text (not through a field) are spelt right too."""
    texts = [tr for p in (HERE / lang).glob("*.json") for tr in json.loads(p.read_text("utf-8")).values()]
    texts += [pair[("de", "fr").index(lang)] for pair in i18n.TEXTS.values()]
    texts += [p.read_text("utf-8") for p in (HERE.parent / "help" / lang).glob("*.md")]
    assert [t for t in texts if pattern.search(t)] == []


# French spacing: a no-break space (narrow before ; ! ? », after «; U+00A0 before :) so Discord never
# breaks a line before the sign.  The catalogues keep an ordinary space; ``fill`` sets the right one.
NARROW, NO_BREAK = "\u202f", "\u00a0"


def test_french_sets_no_break_spaces_in_the_templates_own_words():
    template = "« {name} » a gagné : bravo ! Encore ? Non ; fin à <t:{at}:R>, 12:30, https://x.org :tada:"
    said = fill("fr", template, {"name": "Léa : la ; reine !", "at": 5})
    assert said == (
        f"«{NARROW}Léa : la ; reine !{NARROW}» a gagné{NO_BREAK}: bravo{NARROW}! Encore{NARROW}? "
        f"Non{NARROW}; fin à <t:5:R>, 12:30, https://x.org :tada:"
    )  # the name stays as typed


def test_french_keeps_a_percentage_and_a_time_on_one_line():
    """ "81 %" and "8 h 00" break nowhere: a narrow no-break space before "%", no-break ones around "h"."""
    assert (
        say(Text("**{player}**: accuracy {accuracy} %", player="Anna", accuracy=81), "fr")
        == f"**Anna**{NO_BREAK}: précision 81{NARROW}%"
    )
    said = say(
        Text(
            "Your digest comes daily at {hour}:00 ({zone}); the next {when}.", hour="8", zone="Europe/Paris", when="x"
        ),
        "fr",
    )
    assert f"à 8{NO_BREAK}h{NO_BREAK}00 (Europe/Paris)" in said
    assert fill("fr", "{n} heures, {n} hommes, 5 h 30", {"n": 3}) == f"3 heures, 3 hommes, 5{NO_BREAK}h{NO_BREAK}30"


def test_french_spacing_leaves_code_spans_and_the_other_languages_alone():
    assert (
        fill("fr", "Essayez `/x a ; b` ou `c : d` : {n} ?", {"n": 1})
        == f"Essayez `/x a ; b` ou `c : d`{NO_BREAK}: 1{NARROW}?"
    )
    assert fill("de", "Spielstand 3 : 4 ; {n} !", {"n": 1}) == "Spielstand 3 : 4 ; 1 !"  # German has no such rule
    assert say(Text("Time left: {deadline}", deadline="x"), "fr") == f"Échéance{NO_BREAK}: x"


def test_french_spacing_reaches_nested_texts_joined_clauses_help_and_command_choices():
    from bot.help import rules_text
    from engines.text import CLAUSES

    clauses = Joined([Text("{name} to move.", name="bob"), Text("Time left: {deadline}", deadline="x")], CLAUSES)
    assert say(clauses, "fr") == f"Au tour de bob.{NARROW}; Échéance{NO_BREAK}: x"
    assert f"Pas envie de taper{NARROW}?" in rules_text("atacama", "fr")
    descriptions = i18n.catalogue()[i18n.FRENCH]
    assert any(NO_BREAK + ":" in text for text in descriptions.values())


# ---------------------------------------------------------------- brackets: a name keeps its own

# A person's name may end in a bracket; a computer seat's does ("Bot 2 (hard)").  No template may merge
# it with its own bracket ("Anna (she/her, blue)", "#12 vs Bot (hard, your turn)"): only a computer
# seat's colour goes inside its bracket, because its name is built with it (engines.text.with_colour).
BRACKETED = ["Anna (she/her)", "Bot 2 (hard)", "Coupe d'hiver (Atacama)"]
LANGS = ("en", "de", "fr")


def _templates(lang: str) -> list[tuple[str, str]]:
    """Every template said in ``lang``: the English keys as they are, the translations of the others."""
    if lang == "en":
        return [(en, en) for en in catalogue("de")] + [(en, en) for en in i18n.TEXTS]
    return _units(lang)


def _open_fields(template: str) -> int:
    """How many fields of ``template`` put their value in as it is (not inside a German compound)."""
    return sum(1 for literal, name, _, _ in string.Formatter().parse(template) if name) - len(
        re.findall(r"\w-\{[^{}]*\}|\{[^{}]*\}-\w", template)
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", BRACKETED)
def test_no_template_merges_a_names_bracket_with_its_own(lang, value):
    wrong = []
    for english, template in _templates(lang):
        said = fill(lang, template, {f: _Any(value) for f in _fields(template)})
        if said.count(value) < _open_fields(template):  # a merge eats the value's ")"
            wrong.append((english, said))
    assert wrong == []


@pytest.mark.parametrize(
    "lang, english, person, bot",
    [
        ("en", "{name} to move", "Anna (she/her) to move", "Bot 2 (hard) to move"),
        ("en", "#{id} vs {others} ({turn})", "#12 vs Anna (she/her) (your turn)", "#12 vs Bot 2 (hard) (your turn)"),
        (
            "de",
            "#{id} vs {others} ({turn})",
            "#12 gegen Anna (she/her) (du bist am Zug)",
            "#12 gegen Bot 2 (schwer) (du bist am Zug)",
        ),
        (
            "fr",
            "#{id} vs {others} ({turn})",
            "#12 contre Anna (she/her) (à vous de jouer)",
            "#12 contre Bot 2 (difficile) (à vous de jouer)",
        ),
        ("de", "{players} (match #{id})", "Anna (she/her) (Partie #12)", "Bot 2 (schwer) (Partie #12)"),
        ("fr", "{player} (resigned)", "Anna (she/her) (abandon)", "Bot 2 (difficile) (abandon)"),
    ],
)
def test_the_match_picker_pairings_and_a_resignation_keep_both_brackets(lang, english, person, bot):
    from matches import ai_seats

    bots = [p.id for p in ai_seats.players("hard", 2)]
    turn = Text("your turn")
    for name, said in (("Anna (she/her)", person), (ai_seats.name(bots, 1), bot)):
        params = {"name": name, "others": name, "players": name, "player": name, "id": 12, "turn": turn}
        text = Text(english, **{f: params[f] for f in _fields(english)})
        assert say(text, lang) == said


@pytest.mark.parametrize(
    "lang, person, bot",
    [
        ("en", "Anna (she/her) (orange) placed a tower on c3", "Bot 2 (hard, orange) placed a tower on c3"),
        (
            "de",
            "Anna (she/her) (orange) hat einen Turm auf c3 gesetzt",
            "Bot 2 (schwer, orange) hat einen Turm auf c3 gesetzt",
        ),
        ("fr", "Anna (she/her) (orange) a posé une tour sur c3", "Bot 2 (difficile, orange) a posé une tour sur c3"),
    ],
)
def test_a_computer_seats_colour_joins_its_own_bracket_and_a_persons_stays_apart(lang, person, bot):
    """Two computer seats of one level are "Bot 1 (hard)", "Bot 2 (hard)"; a Tactori turn names the mover's
    colour, which goes inside the seat's bracket ("Bot 2 (hard, orange)"), never inside a person's."""
    from matches import ai_seats

    bots = [ai_seats.user_id("hard", 1), ai_seats.user_id("hard", 2)]
    state = get_game("tactori").setup(2, 0, {}, {})
    state.play("+a1")
    state.play("+c3")
    for names, said in ((["x", ai_seats.name(bots, 1)], bot), (["x", "Anna (she/her)"], person)):
        assert say(state.describe("+c3", names), lang) == said + "."
    # the heading's label of the same seat names it the same way
    from bot.messages.present import seat_label

    assert say(seat_label(1, ai_seats.name(bots, 1)), lang) == "■ " + bot.split(")")[0] + ")"
    assert say(seat_label(1, "Anna (she/her)"), lang) == "■ " + person.split(") (")[0] + ") (orange)"
    assert say(seat_label(1, "Anna (she/her)", struck=True), lang) == "■ ~~Anna (she/her)~~ (orange)"
    assert say(seat_label(1, ai_seats.name(bots, 1), struck=True), lang) == "■ ~~" + bot.split(")")[0] + ")~~"


# ---------------------------------------------------------------- French elision before a name

# (name, elided?): a vowel, Y before a consonant, and the mute h of a few first names elide; Y before a
# vowel and every other h do not (the review's rule: "de Harry", "d'Yvonne", "d'Hugo").
ELISION = [
    ("Anna", True),
    ("Émile", True),
    ("Œdipe", True),
    ("Ýr", True),
    ("Yvonne", True),
    ("Yves", True),
    ("Hugo", True),
    ("Hélène", True),
    ("Bob", False),
    ("Yann", False),
    ("Yolanda", False),
    ("Harry", False),
    ("Hannah", False),
    ("Helmut", False),
    ("Heidi", False),
    ("Anna (she/her)", True),
]


@pytest.mark.parametrize("name, elided", ELISION)
def test_french_elides_before_a_vowel_sound_only(name, elided):
    assert fill("fr", "au tour de {name}", {"name": name}) == (f"au tour d'{name}" if elided else f"au tour de {name}")
    assert fill("fr", "plus que {name}", {"name": name}) == (f"plus qu'{name}" if elided else f"plus que {name}")


@pytest.mark.parametrize("name, elided", ELISION)
def test_every_french_template_elides_before_a_name_by_the_same_rule(name, elided):
    """Every field after de/le/la/que in every French unit: d'Yvonne, de Harry; never de Yvonne, d'Harry."""
    word = re.escape(name)
    wrong_form = re.compile(
        rf"(?<![\w'’-])(?:de|le|la|que|lorsque|puisque|jusque) (?:\*\*|__|\*|_)?{word}"
        if elided
        else rf"(?<![\w-])(?:d|l|qu|lorsqu|puisqu|jusqu)'(?:\*\*|__|\*|_)?{word}",
        re.IGNORECASE,
    )
    right_form = re.compile(rf"(?:d|l|qu)'(?:\*\*|__|\*|_)?{word}" if elided else rf"\bde (?:\*\*)?{word}")
    wrong, right = [], 0
    for english, french in _units("fr"):
        said = fill("fr", french, {f: _Any(name) for f in _fields(french)})
        if wrong_form.search(said):
            wrong.append((english, said))
        right += bool(right_form.search(said))
    assert wrong == [] and right > 20


def test_a_colour_is_put_beside_a_name_in_one_template_only():
    """Every name that gets its colour gets it from ``engines.text.with_colour`` (a computer seat's inside its
    own bracket); a template of its own writing "{name} ({colour})" would put "Bot (hard) (orange)" back."""
    from tests.test_locales import TEMPLATES

    beside = {t: where for t, where in TEMPLATES.items() if re.search(r"\}\s*\(\{colou?r\}\)", t)}
    assert beside == {"{name} ({colour})": beside.get("{name} ({colour})")}
    assert beside["{name} ({colour})"].startswith("engines/text.py")
