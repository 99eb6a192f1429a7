"""Legends say what the board draws: a bridge taken up in FEM gets its entry
exactly when its dashed outline is on the board; the loop and polygon entries follow the game."""

from __future__ import annotations

import random

from engines import get_game
from render import render_image


def legend_words(state, players: int) -> list[str]:
    words: list[str] = []

    def say(text):
        words.append(str(text))
        return str(text)

    render_image(state, ["ann", "bob", "cat", "dan"][:players], say=say)
    return words


def test_a_bridge_taken_up_is_in_the_legend_exactly_when_it_is_drawn():
    spec = get_game("tactori-fem")
    seen = {True: 0, False: 0}
    for seed in range(6):
        state, rng = spec.setup(2, seed), random.Random(seed)
        while state.outcome() is None and min(seen.values()) < 3:
            move = state.sample_move(rng)
            state.play(move)
            taken_up = "<" in move or move.startswith("x=")  # relocation or removal (tactori.md, FEM)
            words = legend_words(state, 2)
            assert ("bridge taken up" in words) == taken_up, move
            assert "closed loop: wins" in words and "polygon" not in words
            seen[taken_up] += 1
    assert min(seen.values()) >= 3, seen


def test_tactori_legend_names_polygons_not_loops():
    state = get_game("tactori").setup(3, 1)
    words = legend_words(state, 3)
    assert "polygon" in words and "closed loop: wins" not in words and "bridge taken up" not in words


def test_chased_towers_are_in_the_legend_exactly_when_their_box_is_drawn():
    """Chase: the crossed-out box beside the target has its legend entry when (and only when) it is on the
    board, and the boards of a match keep one size either way."""
    spec = get_game("tactori")
    seen = {True: 0, False: 0}
    sizes = set()
    for seed in range(6):
        state, rng = spec.setup(4, seed, options={"chase": True}), random.Random(seed)
        while state.outcome() is None and min(seen.values()) < 3:
            state.play(state.sample_move(rng))
            chased = bool((state.to_json().get("last") or {}).get("chased"))
            words = legend_words(state, 4)
            assert ("crossed out: towers chased back to their supply" in words) == chased
            sizes.add(render_image(state, ["ann", "bob", "cat", "dan"]).size)
            seen[chased] += 1
    assert min(seen.values()) >= 3, seen
    assert len(sizes) == 1


def test_no_rule_section_numbers_on_a_board():
    """ "removed (A9)" is the rulebook's jargon: the legend says what happened, in words."""
    import re

    spec = get_game("architekton")
    for seed in range(40):
        state, rng = spec.setup(2, seed), random.Random(seed)
        while state.outcome() is None:
            state.play(state.sample_move(rng))
        if state.final and state.final["removed"]:
            break
    else:
        raise AssertionError("no random match removed a building at the final scoring")
    words = legend_words(state, 2)
    assert "removed at final scoring" in words
    assert not [w for w in words if re.search(r"\b[AT]\d+\b", w)]


def _said_in(lang: str | None):
    """A ``say`` in ``lang`` (the bot's catalogues) that notes what it was asked to say, in English and said."""
    from bot.locales import say as bot_say

    english, said = [], []

    def say(text):
        english.append(str(text))
        out = bot_say(text, lang, escaped=False)
        said.append(out.replace("\xa0", " ").replace("\u202f", " "))  # French spaces before a colon
        return out

    return say, english, said


SUB_BOARD = {
    None: "sub-board A to I (its letter on the frame, not a player's)",
    "de": "Teilplan A bis I (sein Buchstabe am Rahmen, nicht der eines Spielers)",
    "fr": "sous-plateau A à I (sa lettre sur le cadre, pas celle d'un joueur)",
}
ORES = {
    None: ["G = gold", "S = silver", "C = copper"],
    "de": ["G = Gold", "S = Silber", "C = Kupfer"],
    "fr": ["G = or", "S = argent", "C = cuivre"],
}


def test_atacama_legend_explains_the_sub_board_letters_and_the_ore_letters_in_three_languages():
    state = get_game("atacama").setup(4, 3, None, {"tactics": True})
    for lang in (None, "de", "fr"):
        say, _, said = _said_in(lang)
        render_image(state, ["Anna", "Bob", "Chloé", "Dan"], say=say)
        assert SUB_BOARD[lang] in said and all(ore in said for ore in ORES[lang]), (lang, said)


def test_a_sub_board_letter_sits_on_a_tab_of_its_frame_not_on_a_badge_like_a_seat_marker():
    """The tab meets the frame with no gap (a seat's marker stands free on its field) and is
    rounded only towards the fields."""
    from render import atacama as RA

    state = get_game("atacama").setup(2, 3)
    img = RA.render(state, ["Anna", "Bob"])
    lay = RA.layout(state)
    x1, y0 = lay.left + 3 * RA.CELL - RA.SUB, lay.top + RA.SUB  # inside sub-board A's frame corner
    tab = 28
    edge = tuple(RA.SUB_EDGE)
    assert img.getpixel((x1 - 1, y0)) == edge  # flush with the frame at the corner
    assert img.getpixel((x1 - tab // 2, y0)) == edge and img.getpixel((x1 - 1, y0 + tab // 2)) == edge
    assert img.getpixel((x1 - tab, y0 + tab - 1)) != edge  # its one rounded corner
    assert img.getpixel((x1 - tab - 3, y0 + 3)) != edge  # and no wider than the tab


def _atacama_with_signs_and_a_stage():
    spec = get_game("atacama")
    for seed in range(40):
        state, rng = spec.setup(2, seed, None, {"buildup": True}), random.Random(seed)
        while state.outcome() is None:
            if (
                not state.rights_open
                and state.stage is not None
                and state.pile
                and not state.must_buy(state.current_player())
                and state.legal_moves() != ["pass"]
            ):
                return state
            state.play(state.sample_move(rng))
    raise AssertionError("no build-up position with rights and a stage to come")


def test_the_atacama_header_ends_with_the_rights_signs_and_their_minus_is_a_dash():
    """ "S- · stage 2" read "S · · stage" on a phone: the stage comes first, the signs end the line,
    and the minus is an en dash, wider than a hyphen."""
    from render import atacama as RA

    state = _atacama_with_signs_and_a_stage()
    detail = str(RA._status(state, ["Anna", "Bob"])[2])
    assert detail.startswith("stage ") and (detail.endswith("G+ S+ C–") or detail.endswith("C+ G+ S–")), detail
    assert "-" not in detail.split(": ")[-1]


MARKS = {
    "?": {
        None: "decision pending: keep or remove",
        "de": "Entscheidung offen: behalten oder abräumen",
        "fr": "décision en attente : garder ou enlever",
    },
    "!": {
        None: "enclosed, could not be paid",
        "de": "umschlossen, nicht bezahlbar",
        "fr": "entouré, impossible à payer",
    },
}
TERRAINS = {
    None: ["E = earth", "M = meadow", "W = water", "F = forest"],
    "de": ["E = Erde", "M = Wiese", "W = Wasser", "F = Wald"],
    "fr": ["E = terre", "M = prairie", "W = eau", "F = forêt"],
}


def test_architekton_legend_explains_the_letters_and_each_badge_exactly_when_drawn():
    """The terrain letters are those of the moves (W@2,0) in every language; the legend says each
    one's terrain, and has the "?" (decision pending) and "!" (enclosed, unpaid) badges when the board shows them."""
    spec = get_game("architekton")
    seen = set()
    for seed in range(60):
        state, rng = spec.setup(2, seed), random.Random(seed)
        while state.outcome() is None:
            state.play(state.sample_move(rng))
            pending = state.pending is not None
            early = state.outcome() is not None and state.outcome().end == "early"
            if (pending and "?" in seen) or (not pending and not early and "plain" in seen):
                continue
            for lang in (None, "de", "fr"):
                say, _, said = _said_in(lang)
                render_image(state, ["ann", "bob"], say=say)
                assert all(t in said for t in TERRAINS[lang]), (lang, said)
                assert (MARKS["?"][lang] in said) == pending, (lang, said)
                assert (MARKS["!"][lang] in said) == early, (lang, said)
            seen.add("?" if pending else "!" if early else "plain")
        if seen == {"?", "!", "plain"}:
            break
    assert seen == {"?", "!", "plain"}, seen
