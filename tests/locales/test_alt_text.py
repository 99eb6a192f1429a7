"""The words a screen reader says for a board image (bot/messages/alt_text.py), in every game and language.

Matches are played through the service with random legal moves, as players would; the
description must follow what the engine says at every step.
"""

import random

import pytest

from bot.locales import say
from bot.messages.alt_text import DESCRIPTION_MAX, board_description, spoken
from engines import get_game
from tests.matches.conftest import ANN, BOB, CAT, Player

DAN = Player(4, "dan")
GAMES = [
    ("architekton", [BOB], {}),
    ("atacama", [BOB], {}),
    ("atacama", [BOB, CAT, DAN], {}),
    ("tactori", [BOB, CAT], {}),
    ("tactori-fem", [BOB], {}),
]


async def started(service, game, invitees, options):
    match = await service.create_challenge(game, 10, 20, ANN, invitees, **options)
    for p in invitees:
        match = await service.accept(match.id, p.id)
    return match


def spoken_in(match, lang, last=""):
    return spoken(say(board_description(match, last), lang, escaped=False))


@pytest.mark.parametrize("game,invitees,options", GAMES)
async def test_every_position_is_described_with_its_mover_scores_and_ply(service, game, invitees, options):
    match = await started(service, game, invitees, options)
    rng = random.Random(7)
    for _ in range(30):
        if match.status != "active":
            break
        state = match.state()
        result = await service.move(match.id, match.to_move_id(), rng.choice(state.legal_moves()))
        match = result.match
        english = spoken_in(match, "en", result.description)
        assert english.startswith(f"{match.title} board, match #{match.id}, after ")
        assert str(match.plies) in english.split(",")[2]
        state = match.position
        if match.status == "active":
            assert f"Last: {spoken(str(result.description))}" in english
            assert english.endswith(f"{match.name_of(match.to_move_id())} to move.")
            if get_game(game).has_scores:
                assert "Scores: " + ", ".join(f"{n}: {s}" for n, s in zip(match.names, state.scores())) in english
            else:  # FEM: the first closed loop wins, there is nothing to count
                assert "Scores" not in english
        for lang in ("de", "fr"):
            words = spoken_in(match, lang, result.description)
            assert words != english and match.title in words and len(words) <= DESCRIPTION_MAX
            assert all(name in words for name in match.names if name in english)


async def test_the_end_is_said_with_the_winner_in_each_language(service):
    match = await started(service, "atacama", [BOB], {})
    match = (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])).match
    ended = (await service.resign(match.id, ANN.id)).match
    assert ended.status == "finished" and ended.outcome().winners == (1,)
    assert spoken_in(ended, "en").endswith("bob won by resignation.")
    assert spoken_in(ended, "de").endswith("bob hat durch Aufgabe gewonnen.")
    assert spoken_in(ended, "fr").endswith("bob a gagné par abandon.")


async def test_a_void_match_is_said_to_be_void(service):
    match = await started(service, "architekton", [BOB], {})
    void = (await service.resign(match.id, ANN.id)).match
    assert void.status == "void"
    assert spoken_in(void, "en").endswith("The match is void.")
    assert spoken_in(void, "de").endswith("Die Partie ist annulliert.")
    assert spoken_in(void, "fr").endswith("La partie est annulée.")


def test_markdown_is_not_read_aloud():
    assert spoken("**ann** laid `B07@1,0r2` ~~x~~") == "ann laid B07@1,0r2 x"
