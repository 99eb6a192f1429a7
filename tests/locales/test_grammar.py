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

from bot.setup import i18n
from bot.locales import HERE, catalogue, say
from bot.locales.grammar import fill
from engines import Joined, Sentence, Text, game_names, get_game

TITLES = [get_game(name).title for name in game_names()]
NAMES = ["Anna", "Émile", "Hugo", "Bob", "ann", "émile", "hugo", "bob"]


@pytest.mark.parametrize("name, french", [
    ("Anna", "Au tour d'Anna."), ("Émile", "Au tour d'Émile."), ("Hugo", "Au tour d'Hugo."),
    ("Bob", "Au tour de Bob."), ("ann", "Au tour d'ann."), ("Yann", "Au tour de Yann."),
    ("Œdipe", "Au tour d'Œdipe."),
])
def test_french_elides_de_before_a_name_with_a_vowel_or_a_mute_h(name, french):
    assert say(Text("{name} to move.", name=name), "fr") == french
    assert say(Text("{name} to move.", name=name), "en") == f"{name} to move."


@pytest.mark.parametrize("title, de_title", [("Architekton", "d'Architekton"), ("Atacama", "d'Atacama"),
                                             ("Tactori", "de Tactori"), ("Tactori FEM", "de Tactori FEM")])
def test_french_elides_before_the_titles_in_messages_and_command_descriptions(title, de_title):
    assert say(Text("No rated {title} matches yet.", title=title), "fr") == \
        f"Pas encore de partie classée {de_title}."
    assert say(Text("**Replay of {title} #{id}**, {range}.", title=title, id=3, range="x"), "fr") \
        .startswith(f"**Replay {de_title} #3**")
    assert i18n.catalogue()[i18n.FRENCH][f"The move list of your {title} match"] == \
        f"La liste des coups de votre partie {de_title}"


def test_french_elides_le_la_que_and_keeps_case_and_markdown():
    templates = ["le {x}", "La {x}", "plus que {x}", "De **{x}**", "lorsque {x}", "deux {x}", "monde {x}"]
    assert [fill("fr", t, {"x": "Émile"}) for t in templates] == [
        "l'Émile", "L'Émile", "plus qu'Émile", "D'**Émile**", "lorsqu'Émile", "deux Émile", "monde Émile"]


@pytest.mark.parametrize("value", ["e5", "a1", "A12", "11", "<@1>", "Bob", "\\_anna", "Yann"])
def test_french_keeps_de_before_codes_numbers_mentions_and_consonants(value):
    assert fill("fr", "de {x}", {"x": value}) == f"de {value}"


def test_french_elides_before_a_translated_word_too():
    # "pas de {terrain}": the water is "eau", so "pas d'eau".
    assert fill("fr", "pas de {terrain}", {"terrain": "eau"}) == "pas d'eau"
    assert fill("fr", "pas de {terrain}", {"terrain": "forêt"}) == "pas de forêt"


def test_the_rule_reaches_nested_joined_and_sentence_texts():
    inner = Text("{name} to move.", name="Anna")
    assert say(Joined([inner, Text("{name} to move.", name="Bob")], " "), "fr") == \
        "Au tour d'Anna. Au tour de Bob."
    assert say(Sentence(Text("{name} to move", name="Émile")), "fr") == "Au tour d'Émile."


def test_format_specs_and_conversions_still_work():
    assert fill("fr", "{n:.0f} de {x!r}", {"n": 2.4, "x": "a"}) == "2 de 'a'"
    assert fill("de", "{n:>3}-{x}", {"n": 7, "x": "a b"}) == "  7-a-b"


@pytest.mark.parametrize("template, said", [
    ("{title}-Partie", "Tactori-FEM-Partie"), ("eine {title}-Partie", "eine Tactori-FEM-Partie"),
    ("Spiel-{title}", "Spiel-Tactori-FEM"), ("{title} spielen", "Tactori FEM spielen"),
    ("{title} - Partie", "Tactori FEM - Partie"), ("von {title}.", "von Tactori FEM."),
])
def test_german_hyphenates_a_compound_with_a_title_of_two_words(template, said):
    assert fill("de", template, {"title": "Tactori FEM"}) == said
    assert fill("de", template, {"title": "Atacama"}) == template.format(title="Atacama")


def test_german_compounds_in_messages_and_command_descriptions():
    assert say(Text("No rated {title} matches yet.", title="Tactori FEM"), "de") == \
        "Noch keine gewerteten Tactori-FEM-Partien."
    assert i18n.catalogue()[i18n.GERMAN]["The move list of your Tactori FEM match"] == \
        "Die Zugliste deiner Tactori-FEM-Partie"


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


UNELIDED = re.compile(r"(?<![\w'’-])(?:de|le|la|que) (?:\*\*|__|\*|_)?(?:Atacama|Architekton|Anna|Émile|Hugo)\b",
                      re.IGNORECASE)
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
    assert said == (f"«{NARROW}Léa : la ; reine !{NARROW}» a gagné{NO_BREAK}: bravo{NARROW}! Encore{NARROW}? "
                    f"Non{NARROW}; fin à <t:5:R>, 12:30, https://x.org :tada:")   # the name stays as typed


def test_french_spacing_leaves_code_spans_and_the_other_languages_alone():
    assert fill("fr", "Essayez `/x a ; b` ou `c : d` : {n} ?", {"n": 1}) == \
        f"Essayez `/x a ; b` ou `c : d`{NO_BREAK}: 1{NARROW}?"
    assert fill("de", "Spielstand 3 : 4 ; {n} !", {"n": 1}) == "Spielstand 3 : 4 ; 1 !"   # German has no such rule
    assert say(Text("Time left: {deadline}", deadline="x"), "fr") == f"Temps restant{NO_BREAK}: x"


def test_french_spacing_reaches_nested_texts_joined_clauses_help_and_command_choices():
    from bot.help import rules_text
    from engines.text import CLAUSES
    clauses = Joined([Text("{name} to move.", name="bob"), Text("Time left: {deadline}", deadline="x")], CLAUSES)
    assert say(clauses, "fr") == f"Au tour de bob.{NARROW}; Temps restant{NO_BREAK}: x"
    assert f"Pas envie de taper{NARROW}?" in rules_text("atacama", "fr")
    descriptions = i18n.catalogue()[i18n.FRENCH]
    assert any(NO_BREAK + ":" in text for text in descriptions.values())


@pytest.mark.parametrize("lang, said", [("en", "Bot 2 (hard, orange) placed a tower on c3"),
                                        ("de", "Bot 2 (schwer, orange) hat einen Turm auf c3 gesetzt"),
                                        ("fr", "Bot 2 (difficile, orange) a posé une tour sur c3")])
def test_a_name_ending_in_a_bracket_shares_it_with_the_templates_own(lang, said):
    """Two computer seats of one level are "Bot 1 (hard)", "Bot 2 (hard)"; a turn's description names the
    mover's colour in brackets after the name, which would read "Bot 2 (hard) (orange)"."""
    from engines.tactori.board import COLOUR_WORDS
    from matches import ai_seats
    bots = [p.id for p in ai_seats.players("hard", 2)]
    name = ai_seats.name(bots, 1)
    text = Text("{name} ({colour}) placed a tower on {field}", name=name, colour=COLOUR_WORDS["orange"], field="c3")
    assert say(text, lang).startswith(said)
    # a person's name keeps the template's bracket, and one ending in a bracket shares it the same way
    assert say(Text("{name} ({colour})", name="Anna", colour="blue"), "en") == "Anna (blue)"
    assert say(Text("{name} ({colour})", name="Anna (EU)", colour="blue"), "en") == "Anna (EU, blue)"
    assert fill("en", "{a} (b) ({c})", {"a": "x", "c": "y"}) == "x (b) (y)"   # the template's own stay apart
