"""Atacama in German and French: refusals, turn messages and the score
breakdown, produced by playing through the public engine API (spec
``atacama.md``, T1..T8) and said with ``bot.locales.say``."""

from __future__ import annotations

import random

import pytest

from bot.locales import say
from engines import MoveError, Sentence, SetupError, Text, get_game

GAME = get_game("atacama")
NAMES = ["ann", "bob"]
ORDER = list("EACHDBIFG")  # build-up draw order (T5)
STAGE1 = ["a9", "c9", "e9", "a7", "c7", "e7"]  # six towers on the triangle


def refusal(state, move: str) -> Text:
    with pytest.raises(MoveError) as exc:
        state.play(move)
    assert isinstance(exc.value.text, Text)
    return exc.value.text


def basic(**options):
    return GAME.setup(2, 0, None, options)


def buildup():
    return GAME.setup(2, 0, {"boards": ORDER}, {"buildup": True})


# ------------------------------------------------------------------ refusals
def test_t3_an_occupied_field_and_its_neighbours():
    s = basic()
    s.play("e5")
    occupied = refusal(s, "e5")
    assert say(occupied, "de") == "auf e5 steht schon ein Bohrturm"
    assert say(occupied, "fr") == "il y a déjà une tour sur e5"
    next_to = refusal(s, "e6")
    assert say(next_to, "de") == "e6 grenzt an e5, wo schon ein Bohrturm steht"
    assert say(next_to, "fr") == "e6 touche e5, où se trouve déjà une tour"
    s.play("e3")
    between = refusal(s, "e4")
    assert str(between) == "e4 is next to e5 and e3, which hold towers"
    assert say(between, "de") == "e4 grenzt an e5 und e3, wo schon Bohrtürme stehen"
    assert say(between, "fr") == "e4 touche e5 et e3, où se trouvent déjà des tours"


def test_a_refusal_as_the_bot_says_it():
    s = basic()
    s.play("e5")
    assert say(Sentence(refusal(s, "e5")), "de") == "Auf e5 steht schon ein Bohrturm."
    assert say(Sentence(refusal(s, "e5")), "fr") == "Il y a déjà une tour sur e5."
    assert say(Sentence(refusal(s, "e5")), "en") == "E5 already holds a tower."


def test_t8_notation_refusals():
    s = basic()
    assert say(refusal(s, "z9"), "de") == "'z9' ist kein Feld: die Spalten sind a..i, die Reihen 1..9"
    assert (
        say(refusal(s, "z9"), "fr") == "'z9' n'est pas une case\u00a0: les colonnes vont de a à i, les lignes de 1 à 9"
    )
    assert say(refusal(s, "hello"), "de") == (
        "'hello' ist kein Zug. Beispiele: e5 (ein Bohrturm), e5* (ein Bohrturm "
        "der anderen Farbe, Taktikvariante), buy cols, buy rows, pass"
    )
    assert say(refusal(s, " "), "fr") == (
        "vous n'avez saisi aucun coup. Exemples\u00a0: e5 (une tour), e5* (une tour "
        "d'autre couleur, variante tactique), buy cols, buy rows, pass"
    )
    assert say(refusal(s, "buy"), "de") == (
        "'buy': sag, welches Schürfrecht du kaufst: buy cols (die Spalten) oder buy rows (die Reihen)"
    )


def test_t6_other_colour_towers_only_in_the_tactics_variant():
    text = refusal(basic(), "e5*")
    assert say(text, "de") == "Bohrtürme der anderen Farbe (e5*) gibt es nur in der Taktikvariante; setze e5"
    assert (
        say(text, "fr") == "les tours d'autre couleur (e5*) ne servent que dans la variante tactique\u202f; placez e5"
    )


def test_t5_rights_are_bought_only_in_the_build_up_game():
    text = refusal(basic(), "buy cols")
    assert (
        say(text, "de")
        == "Schürfrechte werden nur im Aufbauspiel gekauft; hier hat jeder sein Schürfrecht von Anfang an"
    )


def test_t5_a_slot_not_laid_yet_counts_the_turns():
    s = buildup()
    s.play(STAGE1[0])
    text = refusal(s, "e5")
    assert str(text) == "e5 is on a sub-board slot not laid yet: stage 2 lays it after turn 6, 5 turns from now"
    assert say(text, "de") == (
        "e5 liegt auf einem Teilplan, der noch nicht ausgelegt ist: Phase 2 legt ihn nach Zug 6, also in 5 Zügen"
    )
    assert say(text, "fr") == (
        "e5 est sur un sous-plateau pas encore posé\u00a0: la phase 2 le pose après le coup 6, dans 5 coups"
    )
    for move in STAGE1[1:5]:
        s.play(move)
    assert say(refusal(s, "e5"), "fr").endswith("après le coup 6, dans 1 coup")
    assert say(refusal(s, "e5"), "de").endswith("nach Zug 6, also in 1 Zug")


def test_t5_the_rights_are_assigned_once():
    s = buildup()
    s.play("buy cols")
    text = refusal(s, "buy rows")  # bob received the rows right
    assert say(text, "de") == "die Schürfrechte sind schon vergeben; du wertest die Reihen"
    assert say(text, "fr") == "les droits miniers sont déjà attribués\u202f; vous marquez sur les lignes"


def test_t7_setup_refusals():
    with pytest.raises(SetupError) as exc:
        GAME.setup(3, 0)
    assert say(exc.value.text, "de") == "Atacama ist ein Spiel für 2 oder 4 Personen, nicht für 3"
    assert say(exc.value.text, "fr") == "Atacama se joue à 2 ou à 4 joueurs, pas à 3"
    with pytest.raises(SetupError) as exc:
        GAME.setup(4, 0, None, {"buildup": True})
    assert say(exc.value.text, "de") == (
        "das Aufbauspiel (Option buildup) gibt es nur für 2 Spieler; spiel zu viert ohne diese Option"
    )


# ------------------------------------------------------------------ turn messages
def test_describe_a_placement():
    s = basic()
    s.play("e5")
    text = s.describe("e5", NAMES)
    assert text == "ann placed a tower on e5 (copper 4)."
    assert say(text, "de") == "ann hat einen Bohrturm auf e5 gesetzt (Kupfer 4)."
    assert say(text, "fr") == "ann a placé une tour sur e5 (cuivre 4)."


def test_t5_describe_a_stage_and_a_buy():
    s = buildup()
    for move in STAGE1:
        s.play(move)
    text = s.describe(STAGE1[-1], NAMES)
    assert say(text, "de") == (
        "bob hat einen Bohrturm auf e7 gesetzt (Gold 2); "
        "Phase 2 beginnt: die Teilpläne H, D und B werden als Diagonale gelegt."
    )
    assert say(text, "fr") == (
        "bob a placé une tour sur e7 (or 2)\u202f; "
        "la phase 2 commence\u00a0: les sous-plateaux H, D et B sont posés en diagonale."
    )
    s.play("buy cols")
    text = s.describe("buy cols", NAMES)
    assert say(text, "de") == (
        "ann hat das Schürfrecht der Spalten (Gold und Silber plus, Kupfer minus) "
        "gekauft und mit einem Bohrturm bezahlt; bob erhält das Schürfrecht der Reihen "
        "(Kupfer und Gold plus, Silber minus)."
    )
    assert say(text, "fr") == (
        "ann a acheté le droit minier des colonnes (or et argent en plus, "
        "cuivre en moins) en payant avec une tour\u202f; bob reçoit le droit minier des lignes "
        "(cuivre et or en plus, argent en moins)."
    )


def test_t5_describe_the_forced_buy():
    s = buildup()
    while s.legal_moves() != ["buy cols", "buy rows"]:
        s.play(next(m for m in s.legal_moves() if not m.startswith("buy")))
    s.play("buy rows")
    text = s.describe("buy rows", NAMES)
    assert "had to buy the rows right" in text
    assert (
        "musste das Schürfrecht der Reihen (Kupfer und Gold plus, Silber minus) kaufen "
        "und mit einem Bohrturm bezahlen (dem letzten)" in say(text, "de")
    )
    assert "a dû acheter le droit minier des lignes" in say(text, "fr")


def test_t4_t6_the_end_with_unnamed_players():
    s = basic(tactics=True)
    while not s.is_over:
        move = s.legal_moves()[0]
        s.play(move)
    text = s.describe(move, [])
    assert text == (
        "Player 2 placed an other-colour tower on g1 (copper 2, counts double); "
        "all towers are placed: Player 2 wins (Player 1 -10, Player 2 13)."
    )
    assert say(text, "de") == (
        "Spieler 2 hat einen Bohrturm der anderen Farbe auf g1 gesetzt (Kupfer 2, zählt doppelt); "
        "alle Bohrtürme sind gesetzt: Spieler 2 gewinnt (Spieler 1 -10, Spieler 2 13)."
    )
    assert say(text, "fr") == (
        "Joueur 2 a placé une tour d'autre couleur sur g1 (cuivre 2, compte double)\u202f; "
        "toutes les tours sont placées\u00a0: Joueur 2 gagne (Joueur 1 -10, Joueur 2 13)."
    )
    summary = s.summary(NAMES)
    assert say(summary, "de").splitlines()[1] == "bob, Reihen: Reihe 1 +13 = 13"
    assert say(summary, "fr").splitlines()[0].startswith("ann, colonnes\u00a0: colonne a +9, colonne b -7")


def test_t4_summary_before_any_scoring_line():
    assert say(basic().summary(NAMES), "de") == (
        "ann, Spalten: keine Spalte mit 4 Bohrtürmen = 0\nbob, Reihen: keine Reihe mit 4 Bohrtürmen = 0"
    )
    assert say(buildup().summary(NAMES), "fr") == (
        "ann\u00a0: aucun droit minier, 0 point\nbob\u00a0: aucun droit minier, 0 point"
    )


def test_four_players_resigned_in_the_summary():
    s = GAME.setup(4, 0)
    s.resign(2)
    assert (
        say(s.summary(["ann", "bob", "cy", "dee"]), "de").splitlines()[2]
        == "cy (aufgegeben), Spalten: keine Spalte mit 4 Bohrtürmen = 0"
    )


# ------------------------------------------------------------------ coverage
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_random_matches_read_in_the_language(lang):
    """Every refusal and turn message of random matches is a Text that reads differently from the English."""
    rng = random.Random(7)
    for game in range(12):
        players = rng.choice([2, 4])
        options = {"buildup": players == 2 and game % 2 == 0, "tactics": game % 3 == 0}
        s = GAME.setup(players, game, None, options)
        while not s.is_over:
            for move in ("pass", "buy cols", "e5", "a1*", "j1", "buy x"):
                try:
                    s.copy().play(move)
                except MoveError as exc:
                    assert isinstance(exc.text, Text)
                    assert say(exc.text, lang) != str(exc.text)
            move = rng.choice(s.legal_moves())
            s.play(move)
            text = s.describe(move, ["ann", "bob", "cy", "dee"])
            assert say(text, lang) != str(text)
