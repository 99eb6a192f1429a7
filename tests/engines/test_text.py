"""engines.text: English words that remember their template for translation."""

import json
import pickle

from engines.text import Joined, Sentence, Text

GERMAN = {
    "{field} already holds a tower": "{field} trägt schon einen Turm",
    "you have {n} towers left": "du hast noch {n} Türme",
    "{who} wins with {what}": "{who} gewinnt mit {what}",
}


def test_a_text_is_its_english_sentence():
    t = Text("{field} already holds a tower", field="e5")
    assert t == "e5 already holds a tower" and isinstance(t, str)
    assert json.dumps({"m": t}) == '{"m": "e5 already holds a tower"}'


def test_render_translates_the_template_and_nested_texts():
    t = Text("{who} wins with {what}", who="ann", what=Text("you have {n} towers left", n=3))
    assert t.render(GERMAN.get) == "ann gewinnt mit du hast noch 3 Türme"


def test_a_template_without_translation_stays_english():
    assert Text("nothing {x}", x=1).render(GERMAN.get) == "nothing 1"


def test_joined_parts_are_rendered_one_by_one():
    j = Joined([Text("{field} already holds a tower", field="c3"), "e5"], "; ")
    assert j == "c3 already holds a tower; e5"
    assert j.render(GERMAN.get) == "c3 trägt schon einen Turm; e5"


def test_a_sentence_gets_a_capital_and_one_full_stop():
    s = Sentence(Text("{field} already holds a tower", field="e5"))
    assert s == "E5 already holds a tower."
    assert s.render(GERMAN.get) == "E5 trägt schon einen Turm."
    assert Sentence("done.") == "Done."


def test_texts_survive_pickling():
    for t in (
        Text("{field} already holds a tower", field="e5"),
        Joined(["a", Text("x{y}", y=1)], ", "),
        Sentence(Text("you have {n} towers left", n=2)),
    ):
        back = pickle.loads(pickle.dumps(t))
        assert back == t and type(back) is type(t) and back.render(GERMAN.get) == t.render(GERMAN.get)


def test_a_separator_may_be_a_text_too():
    from engines.text import CLAUSES

    j = Joined(["a", "b"], CLAUSES)
    assert j == "a; b" and j.render({"; ": " ; "}.get) == "a ; b"
