"""Architekton's refusals, prompts and turn descriptions read correctly in German and French.

Every message comes from playing through the public API (``get_game(...).setup``,
``play``, ``prompt``, ``describe``, ``summary``); rule sections refer to
the binding interpretation of the rules.  The English text stays what the engine always said.
"""

import copy

import pytest

from bot.locales import say
from engines import get_game
from engines.core import MoveError, SetupError
from engines.text import Sentence

NAMES = ["ann", "Bob"]
# Seed 121: ann (seat 0) starts; stock B04 B10 B15 and F M W; water on 0,0 and 1,1.
SEED = 121
TO_DECISION = ["B04@0,1r0", "B10@0,-1r1", "B20@2,1r1", "M@-1,1", "E@0,2"]


def new_match():
    return get_game("architekton").setup(2, SEED)


def refusal(move: str, state=None) -> MoveError:
    state = state or new_match()
    with pytest.raises(MoveError) as caught:
        state.play(move)
    return caught.value


def test_a_tile_on_the_wrong_colour_of_square_a2():
    error = refusal("W@1,0")
    assert str(error) == "landscapes go on squares where x+y is even; 1,0 is not one"
    assert say(error.text, "de") == "Landschaftstafeln liegen auf Feldern mit geradem x+y; 1,0 ist keins"
    assert say(error.text, "fr") == "les paysages se placent sur les cases où x+y est pair\u202f; 1,0 n'en est pas une"
    # The bot says a refusal as a sentence: capital letter and full stop in every language.
    assert say(Sentence(error.text), "de") == "Landschaftstafeln liegen auf Feldern mit geradem x+y; 1,0 ist keins."


def test_a_landscape_the_stock_does_not_hold_names_the_terrain_a4():
    error = refusal("E@2,0")
    assert str(error) == "there is no earth tile (E) in the stock; its landscapes are F, M, W"
    assert say(error.text, "de") == (
        "im offenen Vorrat liegt keine Landschaftstafel (Erde, E); seine Landschaftstafeln: F, M, W"
    )
    assert say(error.text, "fr") == (
        "le dépôt ouvert n'a pas de plaquette de paysage (terre, E)\u202f; ses paysages\u00a0: F, M, W"
    )


def test_a_building_the_stock_does_not_hold_a4():
    error = refusal("B01@1,0r0")
    assert say(error.text, "de") == "B01 liegt nicht im offenen Vorrat; seine Gebäudetafeln: B04, B10, B15"
    assert say(error.text, "fr") == "B01 n'est pas dans le dépôt ouvert\u202f; ses édifices\u00a0: B04, B10, B15"


def test_from_while_houses_are_left_in_the_supply_a4():
    error = refusal("B04@0,1r0 from 1,0")
    assert say(error.text, "de") == "du hast noch Häuser in deinem Vorrat; lass den 'from'-Teil weg"
    assert say(error.text, "fr") == "vous avez encore des maisons dans votre réserve\u202f; retirez la partie 'from'"


def test_notation_help_keeps_the_notation_a11():
    error = refusal("B07@1,0")
    assert say(error.text, "de") == (
        "'B07@1,0': ein Gebäude braucht eine Drehung, z. B. B07@1,0r0 (r0..r3 Vierteldrehungen im Uhrzeigersinn)"
    )
    empty = refusal("  ")
    assert str(empty).startswith("'an empty move' is not a move. Examples: W@2,0 (landscape)")
    assert say(empty.text, "fr") == (
        "vous n'avez saisi aucun coup. Exemples\u00a0: W@2,0 (paysage), "
        "B07@1,0r2 (édifice), B07@1,0r2 from 3,2, keep, remove, discard"
    )


def test_turn_descriptions_and_the_enclosure_decision_a5():
    state = new_match()
    assert say(state.prompt(), "de") == "erste Tafel deines Zuges"
    state.play(TO_DECISION[0])
    assert say(state.describe(TO_DECISION[0], NAMES), "fr") == "ann a construit B04 en 0,1 (r0)."
    assert say(state.prompt(), "fr") == "deuxième plaquette de votre tour"
    for move in TO_DECISION[1:]:
        state.play(move)
    described = state.describe(TO_DECISION[-1], NAMES)
    assert str(described) == (
        "ann laid an earth tile (E) at 0,2; ann's building at 0,1 is enclosed with 1 mismatched "
        "side: ann must choose keep (pay 1 chip) or remove (take the house back for free)."
    )
    assert say(described, "de") == (
        "ann hat eine Landschaftstafel (Erde, E) auf 0,2 gelegt; das Gebäude von ann auf 0,1 ist mit 1 unpassenden "
        "Seite umschlossen: ann muss wählen, keep (1 Chip zahlen) oder remove (Haus kostenlos abräumen)."
    )
    assert say(described, "fr") == (
        "ann a posé une plaquette de paysage (terre, E) en 0,2\u202f; l'édifice d'ann en 0,1 est entouré, avec 1 côté "
        "non assorti\u00a0: ann doit choisir keep (payer 1 jeton) ou remove (enlever la maison gratuitement)."
    )
    # The owner's prompt keeps the commands untranslated and bold.
    assert say(state.prompt(), "de") == (
        "dein Gebäude auf 0,1 ist mit 1 unpassenden Seite umschlossen: **keep** (kostet 1) oder **remove** (kostenlos)"
    )
    assert say(state.prompt(), "fr") == (
        "votre édifice en 0,1 est entouré, avec 1 côté non assorti\u00a0: **keep** (payer 1) ou **remove** (gratuit)"
    )
    waiting = refusal("W@2,0", state)
    assert say(waiting.text, "de") == (
        "das Gebäude auf 0,1 wartet auf die Entscheidung seines Besitzers: keep oder remove"
    )
    removed = copy.deepcopy(state)
    removed.play("remove")  # one mismatch: taking the house back costs nothing, said so, not "0 chips"
    assert [say(removed.describe("remove", NAMES), lang) for lang in ("en", "de", "fr")] == [
        "ann takes the house back from the building at 0,1, free of charge.",
        "ann räumt das Haus vom Gebäude auf 0,1 ab, ohne etwas zu zahlen.",
        "ann enlève la maison de l'édifice en 0,1, sans rien payer.",
    ]
    state.play("keep")
    assert say(state.describe("keep", NAMES), "de") == "ann behält das Haus und zahlt 1 Chip für das Gebäude auf 0,1."
    assert say(state.describe("keep", NAMES), "fr") == "ann garde la maison et paie 1 jeton pour l'édifice en 0,1."


def test_final_scoring_breakdown_a9():
    state = get_game("architekton").setup(2, 7)
    while not state.is_over:
        state.play(state.legal_moves()[0])
    summary = state.summary(NAMES)
    assert str(summary) == (
        "ann: 1 in the largest diagonal group + 1 chip = 2 (1 house on the table)\n"
        "Bob: 1 in the largest diagonal group + 1 chip = 2 (2 houses on the table)\n"
        "12 buildings with only 1 or 2 landscape neighbours removed before scoring (A9)."
    )
    assert say(summary, "de") == (
        "ann: 1 in der größten diagonalen Gruppe + 1 Chip = 2 (Häuser auf dem Tisch: 1)\n"
        "Bob: 1 in der größten diagonalen Gruppe + 1 Chip = 2 (Häuser auf dem Tisch: 2)\n"
        "12 Gebäudetafeln, die nur an 1 oder 2 Landschaftstafeln grenzten, wurden vor der Endwertung entfernt (A9)."
    )
    assert say(summary, "fr") == (
        "ann\u00a0: 1 dans le plus grand groupe en diagonale + 1 jeton = 2 (maisons sur la table\u00a0: 1)\n"
        "Bob\u00a0: 1 dans le plus grand groupe en diagonale + 1 jeton = 2 (maisons sur la table\u00a0: 2)\n"
        "12 édifices bordés par seulement 1 ou 2 paysages ont été retirés avant le compte final (A9)."
    )
    over = refusal("keep", state)
    assert (say(over.text, "de"), say(over.text, "fr")) == ("die Partie ist vorbei", "la partie est terminée")


def test_setup_refusals_of_the_shared_core():
    with pytest.raises(SetupError) as caught:
        get_game("architekton").setup(3, 1)
    assert str(caught.value) == "Architekton is played by 2 players, not 3"
    assert say(caught.value.text, "de") == "Architekton ist ein Spiel für 2 Personen, nicht für 3"
    assert say(caught.value.text, "fr") == "Architekton se joue à 2 joueurs, pas à 3"
    with pytest.raises(SetupError) as caught:
        get_game("architekton").setup(2, 1, options={"size": 9})
    assert say(caught.value.text, "fr") == "architekton n'a pas d'option size"
    with pytest.raises(SetupError) as caught:
        get_game("architekton").setup(2, 1, setup={"first": 2})
    assert say(caught.value.text, "de") == "setup.first muss 0 oder 1 sein"
