"""The board images in German and French: every word drawn goes through the
``say`` the renderer is given (``render_png(..., say=...)``), the images keep
the budgets of ``tests/render`` and their size, and every letter of a
translation has a glyph in the fonts the renderer draws with."""

from __future__ import annotations

import copy
import json

import pytest
from PIL import Image

from bot.locales import HERE, catalogue, say
from engines import get_game
from engines.text import Joined, Sentence, Text
from render import common as C
from render import layers, render_image, render_png
from tests.render.render_checks import MAX_PNG_BYTES, MIN_SIDE, decode, random_playout

NAMES = ["ann", "bob", "cy", "dee"]
GAMES = {  # (game, players, options, seed)
    "architekton": ("architekton", 2, {}, 2),
    "atacama": ("atacama", 2, {"tactics": True}, 11),
    "atacama-4p": ("atacama", 4, {}, 11),
    "atacama-buildup": ("atacama", 2, {"buildup": True}, 11),
    "tactori": ("tactori", 2, {"centre": 1}, 7),
    "tactori-4p": ("tactori", 4, {"chase": True}, 7),
    "tactori-fem": ("tactori-fem", 2, {"stacks": True}, 7),
}
LANGS = ("de", "fr")


@pytest.fixture(scope="module")
def playouts() -> dict[str, list]:
    return {key: random_playout(game, players, seed, options) for key, (game, players, options, seed) in GAMES.items()}


def names(key: str) -> list[str]:
    return NAMES[: GAMES[key][1]]


def in_language(lang: str):
    return lambda text: say(text, lang)


def phases(states: list) -> dict[str, object]:
    """The start, the middle and the end of a match."""
    return {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}


# ---------------------------------------------------------------- the images
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", list(GAMES))
def test_localised_images_keep_the_budgets_and_the_layout(playouts, key, lang):
    for phase, state in phases(playouts[key]).items():
        english = render_png(state, names(key), perspective=0)
        png = render_png(state, names(key), perspective=0, say=in_language(lang))
        img = decode(png)
        assert min(img.size) >= MIN_SIDE, (phase, img.size)
        assert len(png) < MAX_PNG_BYTES, (phase, len(png))
        # the words change, the layout does not: same pixel size as the English image
        assert img.size == decode(english).size, phase
        assert png != english, phase


def test_default_say_and_english_locale_draw_the_same_image(playouts):
    for key in ("architekton", "atacama-buildup", "tactori-fem"):
        state = playouts[key][len(playouts[key]) // 2]
        plain = render_image(state, names(key), perspective=1).tobytes()
        assert render_image(state, names(key), perspective=1, say=str).tobytes() == plain
        assert render_image(state, names(key), perspective=1, say=in_language("en")).tobytes() == plain


# ----------------------------------------------------------- what goes to say
def templates(value, found: set[str] | None = None) -> set[str]:
    """Every template in a Text, its nested parameters and joined parts."""
    found = set() if found is None else found
    if isinstance(value, Joined):
        for part in value.params["parts"]:
            templates(part, found)
    elif isinstance(value, Sentence):
        templates(value.params["clause"], found)
    elif isinstance(value, Text):
        found.add(value.template)
        for param in value.params.values():
            templates(param, found)
    return found


def drawn(state, names, perspective=0) -> list[Text]:
    """The Texts the renderer hands to ``say`` for ``state``."""
    seen: list[Text] = []

    def record(text):
        seen.append(text)
        return str(text)

    render_image(state, names, perspective=perspective, say=record)
    return seen


def test_only_texts_go_to_say_and_every_template_is_translated(playouts):
    for key, states in playouts.items():
        for state in phases(states).values():
            seen = drawn(state, names(key))
            assert seen and all(isinstance(t, Text) for t in seen), key
            used = set().union(*(templates(t) for t in seen)) - {""}
            for lang in LANGS:
                assert used <= set(catalogue(lang)), (key, lang, used - set(catalogue(lang)))


def test_architekton_says_its_status_stock_and_legend(playouts):
    states = playouts["architekton"]
    unfinished = templates(Joined(drawn(states[len(states) // 2], NAMES[:2])))
    assert {
        "{player} to move",
        "tile {number} of 2 this turn",
        "Turn {number}",
        "Stock (buildings shown at r0)",
        "Buildings: pile {pile} · reserve {reserve}",
        "TO MOVE",
        "(you)",
        "last turn",
        "earth",
    } <= unfinished
    finished = templates(Joined(drawn(states[-1], NAMES[:2])))
    assert finished & {
        "Points {points} = largest group {group} + chips {chips}",  # final scoring (A9)
        "Score {score} (largest group {group} + chips {chips})",
    }  # an early end (A5)
    assert finished & {"{player} wins", "{player} wins {score}", "Draw {score}"}
    assert finished & {"WINNER", "DRAW"}
    assert "{player} to move" not in finished


def test_atacama_says_its_status_cards_and_stages(playouts):
    start = playouts["atacama-buildup"][1]
    said = templates(Joined(drawn(start, NAMES[:2])))
    assert {
        "{player} to move",
        "place a tower or buy a right (buy cols, buy rows)",
        "stage {stage}",
        "laid after turn {turn}",
        "no right yet",
        "line value, scores at 4 towers",
    } <= said
    end = playouts["atacama"][-1]
    said = templates(Joined(drawn(end, NAMES[:2])))
    assert said & {"{player} wins {score}", "Draw {score}"} and "all towers are placed" in said
    assert "{axis}: {signs}" in said and "turquoise" not in said


def test_tactori_says_its_status_cards_and_legend(playouts):
    middle = playouts["tactori"][len(playouts["tactori"]) // 2]
    said = templates(Joined(drawn(middle, NAMES[:2])))
    assert {
        "{player} to move",
        "Turn {number}",
        "centre {variant}",
        "centre d4-f6 (variation {variant})",
        "bridge, number = floor",
        "polygon",
        "its points",
    } <= said
    end = playouts["tactori-fem"][-1]
    said = templates(Joined(drawn(end, NAMES[:2])))
    assert "Turns: {count}" in said and "closed loop: wins" in said and "stacks" in said


def test_cards_say_none_left_in_words_not_as_a_zero(playouts):
    """Once read "noch 0 Bohrtürme", "0 tours restantes", "reste : 0 tours · 3 ponts"."""
    from render.atacama.panel import _card_lines
    from render.tactori.panel import card_lines

    atacama = copy.deepcopy(playouts["atacama"][-1])  # the playouts are shared by the module's tests
    atacama.supply[0] = [0, 0]
    tactori = playouts["tactori"][0].to_json()
    tactori["towers"][0], tactori["bridge_supply"][0] = 0, 3
    fem = playouts["tactori-fem"][0].to_json()
    lines = [_card_lines(atacama, 0)[1], card_lines(tactori, 0)[0], card_lines(fem, 0)[1]]
    assert [say(line, "de") for line in lines] == [
        "keine Bohrtürme mehr",
        "Stock: keine Türme · 3 Brücken",
        "keine Brücken auf dem Brett",
    ]
    assert [say(line, "fr") for line in lines] == [
        "plus aucune tour",
        "en réserve\u00a0: aucune tour · 3 ponts",
        "aucun pont sur le plateau",
    ]
    from render.architekton.panel import _bank

    atacama.supply[0] = [2, 0]
    others = [_card_lines(atacama, 0)[1], _bank(0)]
    assert [str(t) for t in others] == ["2 towers left · no other-colour (x2)", "Bank: empty"]
    assert [say(t, "de") for t in others] == ["noch 2 Bohrtürme · keiner der anderen Farbe (x2)", "Bank: leer"]
    assert [say(t, "fr") for t in others] == ["2 tours restantes · aucune d'autre couleur (x2)", "Banque\u00a0: vide"]


def test_the_tactori_header_counts_one_turn_and_none_right():
    """A match over after one turn (or none) once read "1 turns", "0 turns"."""
    for plies in (0, 1):
        state = get_game("tactori").setup(2, 7)
        for _ in range(plies):
            state.play(state.legal_moves()[0])
        state.resign(1)  # over: the header counts the turns played
        [turns] = [t for t in drawn(state, NAMES[:2]) if t.template.startswith("Turns")]
        assert [str(turns), say(turns, "de"), say(turns, "fr")] == [
            f"Turns: {plies}",
            f"Züge: {plies}",
            f"Coups\u00a0: {plies}",
        ]


# ------------------------------------------------------------ readings, glyphs
def test_a_header_reads_in_german_and_french():
    state = get_game("architekton").setup(2, 3, None, None)
    seen = drawn(state, ["ann", "bob"])
    title = next(t for t in seen if t.template == "{player} to move")
    who = title.params["player"]
    assert say(title, "de") == f"{who} ist am Zug"
    assert say(title, "fr") == f"À {who} de jouer"
    turn = next(t for t in seen if t.template == "Turn {number}")
    assert (say(turn, "de"), say(turn, "fr")) == ("Zug 1", "Coup 1")


def _has_glyph(char: str) -> bool:
    f = C.font_for(char, 24)
    return bytes(f.getmask(char)) != bytes(f.getmask("\u4e00"))  # a CJK ideograph: in neither font


def test_every_letter_of_the_translations_can_be_drawn(playouts):
    render_catalogues = [json.loads((HERE / lang / "render.json").read_text("utf-8")) for lang in LANGS]
    letters = {c for cat in render_catalogues for text in cat.values() for c in text if not c.isspace()}
    # and the words of other areas the images show (terrains, ores, colours, axes), as said
    for key, states in playouts.items():
        for text in drawn(states[-1], names(key)):
            for lang in LANGS:
                letters.update(c for c in say(text, lang) if not c.isspace())
    missing = sorted(c for c in letters if not _has_glyph(c))
    assert missing == []


def test_accented_letters_are_drawn_not_boxed():
    def image(word: str) -> bytes:
        img = Image.new("RGB", (240, 60), C.WHITE)
        C.draw_text(img, (120, 30), word, 30, C.INK)
        return img.tobytes()

    for word, plain, boxed in (
        ("Häuser", "Hauser", "H\u4e00user"),
        ("größte", "grosste", "gr\u4e00\u4e00te"),
        ("Égalité", "Egalite", "\u4e00galit\u4e00"),
    ):
        assert image(word) != image(plain) and image(word) != image(boxed), word


# ------------------------------------------------------------ nothing is cut
def _cut(state, seat_names, say_) -> set[str]:
    """The templates of the texts the renderer had to cut with an ellipsis to fit them in."""
    said: dict[str, str] = {}  # what was said -> its template
    cut: set[str] = set()
    fit = C.fit_text

    def saying(text) -> str:
        words = say_(text)
        said.setdefault(words, text.template or str(text))
        return words

    def recording(text: str, size: int, width: int) -> str:
        out = fit(text, size, width)
        if out != text:  # a line joined from several Texts counts as its first one's
            cut.add(said.get(text) or next((t for w, t in said.items() if w and text.startswith(w)), text))
        return out

    C.fit_text = recording
    try:
        with layers.uncached():
            render_image(state, seat_names, perspective=0, say=saying)
    finally:
        C.fit_text = fit
    return cut


@pytest.mark.parametrize("key", list(GAMES))
def test_no_translation_is_cut_where_the_english_fits(playouts, key):
    """A German or French line drawn with an ellipsis where the English one is whole: the final
    Architekton card's "Häuser auf dem Tisch nach dem Entf…", the French score lines, the stage in the
    French Atacama build-up header, over the course of a match."""
    states = playouts[key]
    picked = sorted({*range(0, len(states), max(1, len(states) // 8)), len(states) - 1})
    wrong = []
    for ply in picked:
        english = _cut(states[ply], names(key), str)
        for lang in LANGS:
            wrong += [(ply, lang, t) for t in _cut(states[ply], names(key), in_language(lang)) - english]
    assert wrong == []


def test_the_atacama_build_up_header_keeps_its_stage():
    """The longest header detail: a right on turquoise and the next stage ("compte les colonnes
    (turquoise) · phase 2, encore 6 coups") beside a computer seat's last buy, once cut before its
    count of turns in French."""
    state = random_playout("atacama", 2, 12, {"buildup": True})[6]
    assert state.stage == 2 and state.pile and not state.rights_open
    seats = ["ann", "Bot (medium) 2"]
    english = _cut(state, seats, str)
    for lang in LANGS:
        assert [t for t in _cut(state, seats, in_language(lang)) - english if "stage" in t] == []


@pytest.mark.parametrize("axis", ["cols", "rows"])
def test_a_computer_seats_buy_is_not_cut_in_the_atacama_header(axis):
    """DE-25, DE-26, FR-26: "Bot (schwer) hat die Spalten ge…", "Bot (difficile) a acheté les colon…" after
    every buy by the computer (a 300 px budget beside the turn count); a buy is a two-player build-up move,
    so the computer's seat is never numbered there."""
    from matches import ai_seats

    def buying(state, rng):
        moves = state.legal_moves()
        return next((m for m in moves if m == f"buy {axis}"), None) or rng.choice(moves)

    states = random_playout("atacama", 2, 11, {"buildup": True}, pick=buying)
    state = next(s for s in states if s.last and s.last["move"] == f"buy {axis}")
    template = "{player} bought the columns" if axis == "cols" else "{player} bought the rows"
    for level in ai_seats.LEVELS:
        computer = ai_seats.name([ai_seats.user_id(level, 1), 1], 0)
        for lang in LANGS:
            seat_names = ["ann", "ann"]
            seat_names[state.last["seat"]] = say(computer, lang, escaped=False)
            assert template not in _cut(state, seat_names, in_language(lang)), (level, lang)
