"""Tactori and Tactori FEM in German and French: refusals, turn descriptions and final summaries
produced by playing through the engine API (rule sections: the binding interpretation of Tactori)."""

import random

import pytest

from bot.locales import catalogue, say
from engines import get_game
from engines.core import IllegalMove, InvalidMove, MoveError, SetupError
from engines.text import Text

NAMES = ["ann", "bob", "cy", "dee"]


def play(game: str, moves: list[str], players: int = 2, **options):
    state = get_game(game).setup(players, 0, {}, options)
    for move in moves:
        state.play(move)
    return state


def refusal(state, move: str, error=IllegalMove) -> Text:
    with pytest.raises(error) as exc:
        state.play(move)
    return exc.value.text


def test_a_move_off_the_straight_line_is_refused_in_both_languages():
    # R3: in Tactori a tower moves along its row or column.
    text = refusal(play("tactori", ["+e5", "+a1"]), "e5-f6")
    assert say(text, "de") == (
        "e5-f6 ist keine gerade Linie: in Tactori ziehen Türme senkrecht oder waagrecht "
        "entlang ihrer Spalte oder Reihe (R3)"
    )
    assert say(text, "fr") == (
        "e5-f6 n'est pas en ligne droite\u00a0: dans Tactori, les tours se déplacent le long "
        "de leur ligne ou de leur colonne (R3)"
    )


def test_someone_elses_tower_is_named_by_its_colour():
    # R3: only one's own free top tower moves; bob's tower now lies on ann's.
    text = refusal(play("tactori", ["+e5", "+e5"]), "e5-e7")
    assert text == "the top tower on e5 is orange, not yours (you play blue)"
    assert say(text, "de") == "der oberste Turm auf e5 ist orange, nicht deiner (deine Farbe ist blau)"
    assert say(text, "fr") == "la tour du dessus sur e5 est celle du joueur orange, pas la vôtre (vous jouez en bleu)"


def test_an_overlapping_bridge_is_refused_with_the_owners_colour():
    # R2: bridges may cross but never lie along each other, even half.
    text = refusal(play("tactori", ["+a1", "+b1", "+c1 =a1c1"]), "+d1 =b1d1")
    assert text == "b1-d1 would lie along blue's bridge a1-c1; bridges may cross but never overlap (R2)"
    assert say(text, "de") == (
        "b1-d1 läge der Länge nach auf der Brücke a1-c1 (blau); Brücken dürfen sich kreuzen, aber nie überlappen (R2)"
    )
    assert say(text, "fr") == (
        "b1-d1 chevaucherait le pont a1-c1 (bleu)\u202f; les ponts peuvent se croiser, mais jamais se superposer (R2)"
    )


def test_an_unreadable_chase_count_is_refused_in_both_languages():
    # R8 notation, R4: at most as many towers chase as move.
    text = refusal(play("tactori", []), "2c3-c7x3", InvalidMove)
    assert say(text, "de") == "'2c3-c7x3': du kannst nicht mehr Türme schassen (x3), als du ziehst (2)"
    assert (
        say(text, "fr") == "'2c3-c7x3'\u00a0: vous ne pouvez pas chasser plus de tours (x3) que vous n'en déplacez (2)"
    )


def test_the_examples_of_an_unreadable_move_are_translated():
    text = refusal(play("tactori", []), "", InvalidMove)
    assert say(text, "de") == (
        "ein leerer Zug ist kein Zug. Beispiele: +e5 (setzen), c3-c7 (ziehen), "
        "2c3-c7x1 (Turm-Stapel ziehen und 1 Turm schassen), "
        "+c3 =c3e3 =e3e5 (setzen, dann Brücken)"
    )
    assert say(text, "fr").startswith("un coup vide n'est pas un coup. Exemples\u00a0: +e5 (poser), c3-c7 (déplacer)")


def test_fem_overbuilt_bridge_cannot_be_removed():
    # R7: only a bridge that is not overbuilt may be taken up; bob's tower now stands on a1.
    state = play("tactori-fem", ["+a1", "+e5", "+c1 =a1c1", "+a1"])
    text = refusal(state, "x=a1c1")
    assert say(text, "de") == (
        "deine Brücke a1-c1 ist überbaut (auf einem ihrer Enden steht ein Turm) "
        "und kann daher nicht entnommen werden (R7)"
    )
    assert say(text, "fr") == (
        "votre pont a1-c1 est recouvert (une tour est posée sur l'une de ses extrémités) "
        "et ne peut donc être ni retiré ni déplacé (R7)"
    )


def test_a_bad_option_is_refused_in_both_languages():
    with pytest.raises(SetupError) as exc:
        get_game("tactori").setup(2, 0, {}, {"centre": 3})
    assert say(exc.value.text, "de") == (
        "die Option centre muss 0 (aus), 1 oder 2 (die Variationen der 9er-Mitte) sein, nicht 3"
    )
    assert say(exc.value.text, "fr") == (
        "l'option centre doit valoir 0 (désactivée), 1 ou 2 (les variantes du centre), et non 3"
    )


def test_a_chase_is_described_in_both_languages():
    # R4: the chased and the chasing tower go back to their owners' supplies.
    state = play("tactori", ["+c3", "+c8"], chase=True)
    words = state.describe(state.play("c3-c8x1"), NAMES[:2])
    assert words == (
        "ann (blue) moved the tower from c3 to c8, chasing 1 tower (orange): the 1 chased and the "
        "1 chasing tower go back to their owners' supplies."
    )
    assert say(words, "de") == (
        "ann (blau) hat den Turm von c3 nach c8 gezogen und dabei einen Turm geschasst "
        "(orange; der geschasste und der schassende Turm kommen zurück in den Stock "
        "ihrer Besitzer)."
    )
    assert say(words, "fr") == (
        "ann (bleu) a déplacé la tour de c3 à c8 et chassé une tour (orange\u202f; la tour "
        "chassée et la tour chassante retournent dans la réserve de leurs propriétaires)."
    )


def test_a_stack_move_with_chase_landing_and_bridges_reads_as_one_sentence():
    # R4: two of three moving towers land on c8 after chasing one; bridges follow the landed towers (R3).
    state = play("tactori", ["+c3", "+c8", "+c3", "+i1", "+c3", "+i2", "+e8", "+i3", "+e8", "+i4"], chase=True)
    words = state.describe(state.play("3c3-c8x1 =c8e8"), NAMES[:2])
    assert words == (
        "ann (blue) moved a stack of 3 towers from c3 to c8, chasing 1 tower (orange): the 1 chased "
        "and the 1 chasing tower go back to their owners' supplies; 2 towers landed on c8, and laid "
        "a bridge c8-e8 (floor 2)."
    )
    assert say(words, "de") == (
        "ann (blau) hat einen Stapel aus 3 Türmen von c3 nach c8 gezogen und dabei einen "
        "Turm geschasst (orange; der geschasste und der schassende Turm kommen zurück in den "
        "Stock ihrer Besitzer), 2 Türme auf c8 abgelegt und eine Brücke c8-e8 (Etage 2) "
        "gelegt."
    )
    assert say(words, "fr") == (
        "ann (bleu) a déplacé une pile de 3 tours de c3 à c8 et chassé une tour (orange\u202f; "
        "la tour chassée et la tour chassante retournent dans la réserve de leurs "
        "propriétaires), laissé 2 tours sur c8 et posé un pont c8-e8 (étage 2)."
    )


def test_fem_loop_win_is_described_and_summarised():
    # R7: the first player with a polygon after his turn wins.
    state = play("tactori-fem", ["+a1", "+e5", "+c1 =a1c1", "+e4", "+a3 =a1a3", "+e3"])
    words = state.describe(state.play("+c3 =a3c3 =c1c3"), NAMES[:2])
    assert say(words, "de") == (
        "ann (blau) hat einen Turm auf c3 gesetzt und Brücken a3-c3 (Etage 1) und c1-c3 "
        "(Etage 1) gelegt; ann hat eine geschlossene Verbindung von Brücken hergestellt "
        "und gewinnt."
    )
    assert say(words, "fr") == (
        "ann (bleu) a posé une tour sur c3 et posé les ponts a3-c3 (étage 1) et c1-c3 "
        "(étage 1)\u202f; ann a fermé une boucle de ponts et gagne."
    )
    summary = state.summary(NAMES[:2])
    assert say(summary, "de") == "ann hat eine geschlossene Verbindung von Brücken über a1 a3 c1 c3 hergestellt."
    assert say(summary, "fr") == "ann a fermé une boucle de ponts passant par a1 a3 c1 c3."


def test_last_round_and_final_scoring_in_both_languages():
    # R5: ann's last placement gives bob one more turn, then the polygons are scored (a 1x1 square on floor 1: 4).
    ann = ["+a1", "+c1 =a1c1", "+a3 =a1a3", "+c3 =a3c3 =c1c3"] + [f"+e{i}" for i in range(1, 10)] + ["+g1", "+g2"]
    bob = [f"+i{i}" for i in range(1, 10)] + [f"+h{i}" for i in range(1, 7)]
    state = play("tactori", [m for pair in zip(ann, bob) for m in pair])
    words = state.describe(state.play("+g3"), NAMES[:2])
    assert say(words, "de") == (
        "ann (blau) hat einen Turm auf g3 gesetzt; ann hat keine Türme mehr im Stock: "
        "bob ist noch einmal an der Reihe, dann wird die Partie gewertet."
    )
    assert say(words, "fr") == (
        "ann (bleu) a posé une tour sur g3\u202f; ann n'a plus de tours en réserve\u00a0: "
        "bob joue encore une fois, puis on passe au décompte final."
    )
    words = state.describe(state.play("+h7"), NAMES[:2])
    assert state.is_over
    # The points and the winner are the final message's breakdown and result line, not the move's words.
    assert say(words, "de") == "bob (orange) hat einen Turm auf h7 gesetzt; Schlusswertung."
    assert say(words, "fr") == "bob (orange) a posé une tour sur h7\u202f; décompte final."
    summary = state.summary(NAMES[:2])
    assert summary == "ann: 1 polygon (4) = 4 points\nbob: 0 polygons = 0 points"
    assert say(summary, "de") == "ann: 1 Vieleck (4) = 4 Punkte\nbob: 0 Vielecke = 0 Punkte"
    assert say(summary, "fr") == "ann\u00a0: 1 polygone (4) = 4 points\nbob\u00a0: 0 polygone = 0 point"


# ------------------------------------------------------------ no English left
def _templates(text) -> set[str]:
    """Every template a Text is built from, nested ones included."""
    if not isinstance(text, Text):
        return set()
    found = {text.template} if text.template else set()
    params = text.params
    values = params.get("parts", []) if "parts" in params and "sep" in params else list(params.values())
    for value in values:
        found |= _templates(value)
    return found


def _candidates(rng: random.Random, legal: list[str]) -> list[str]:
    fields = [f"{c}{r}" for c in "abcdefghij" for r in range(11)]
    out = []
    for _ in range(25):
        a, b = rng.choice(fields), rng.choice(fields)
        out += [
            f"+{a}",
            f"{a}-{b}",
            f"2{a}-{b}x{rng.randint(1, 3)}",
            f"={a}{b}",
            f"x={a}{b}",
            f"={a}{b}<{b}{a}",
            f"{rng.choice(legal)} ={a}{b}",
            f"{rng.choice(legal)} +{a}",
        ]
    return out + ["pass", "", "hello", "+e5 pass", "x=a1c1 +a1", "=a1c1 +a1"]


@pytest.mark.parametrize(
    "game, players, options",
    [
        ("tactori", 2, {}),
        ("tactori", 3, {"chase": True}),
        ("tactori", 4, {"chase": True, "centre": 2}),
        ("tactori-fem", 2, {}),
        ("tactori-fem", 2, {"stacks": True, "chase": True}),
    ],
)
def test_every_refusal_and_description_of_random_matches_is_translated(game, players, options):
    rng = random.Random(f"{game}{players}{options}")
    state = get_game(game).setup(players, 0, {}, options)
    used: set[str] = set()
    while not state.is_over:
        legal = state.legal_moves()
        if rng.random() < 0.3:
            for text in _candidates(rng, legal):
                try:
                    state.copy().play(text)
                except MoveError as exc:
                    assert isinstance(exc.text, Text), exc.text
                    used |= _templates(exc.text)
        move = rng.choice([m for m in legal if "=" in m] or legal) if rng.random() < 0.5 else rng.choice(legal)
        words = state.describe(state.play(move), NAMES[:players])
        assert isinstance(words, Text)
        used |= _templates(words)
    used |= _templates(state.summary(NAMES[:players]))
    for lang in ("de", "fr"):
        assert sorted(t for t in used if t not in catalogue(lang)) == []
