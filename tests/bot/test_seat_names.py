"""What a reader sees of the computer's seats and of the scores, and what a screen reader hears.

The computer's seats are named when shown, from their ids, in the reader's language
(the words of the translated ``level`` choices), numbered in seat order; names and
numbers are separated in score, series and alt-text lines; the alt text says a
result once and why it was won.  Played through the match service, no Discord.
"""

import random
import re

import pytest

from bot.locales import say
from bot.messages import present
from bot.messages.alt_text import board_description, result_words, spoken
from bot.setup.i18n import CHOICES
from engines import Text
from matches import Series, ai_seats
from tests.matches.conftest import ANN, BOB, clock, service, store  # noqa: F401  (fixtures)

from .helpers import plan_random

LANGS = ("en", "de", "fr")


def said(text, lang: str) -> str:
    return spoken(say(text, lang, escaped=False))


async def against(service, game: str, level: str, count: int, first: str = "me"):
    match = await service.create_challenge(game, 10, 20, ANN, ai_seats.players(level, count), first=first)
    assert match.status == "active"
    return match


# ------------------------------------------------------------ names


def test_the_computers_seats_are_numbered_in_seat_order_whatever_their_ids_and_stored_names():
    hard = [ai_seats.user_id("hard", n) for n in (1, 2, 3)]
    # Old rows stored English names, numbered in the order the bots were invited ("Bot (hard) 3" in seat 2).
    stored = ["Bot (hard) 1", "ann", "Bot (hard) 3", "Bot (hard) 2"]
    names = ai_seats.display_names([hard[0], 1, hard[2], hard[1]], stored)
    assert names == ["Bot 1 (hard)", "ann", "Bot 2 (hard)", "Bot 3 (hard)"]
    assert ai_seats.display_names([1, hard[1]], ["ann", "Bot (hard)"]) == ["ann", "Bot (hard)"]
    # A person's name is left as it is, however it looks.
    assert ai_seats.display_names([1, 2], ["Bot (hard) 1", "x"]) == ["Bot (hard) 1", "x"]


@pytest.mark.parametrize("level", ai_seats.LEVELS)
def test_a_computer_seat_is_named_with_the_words_of_the_translated_level_choice(level):
    german, french = CHOICES[level]
    ids = [ai_seats.user_id(level, 1), 1, ai_seats.user_id(level, 2)]
    alone, first, second = ai_seats.name(ids[:2], 0), ai_seats.name(ids, 0), ai_seats.name(ids, 2)
    assert [say(alone, lang) for lang in LANGS] == [f"Bot ({level})", f"Bot ({german})", f"Bot ({french})"]
    assert [say(second, lang) for lang in LANGS] == [f"Bot 2 ({level})", f"Bot 2 ({german})", f"Bot 2 ({french})"]
    assert say(first, "de") == f"Bot 1 ({german})"
    # The engines and the renderer strip names: a computer seat's stays a Text, said in the reader's language.
    turn = say(Text("{name} to move", name=second.strip()), "fr")
    assert turn == say(Text("{name} to move", name=f"Bot 2 ({french})"), "fr")


async def test_the_store_keeps_ids_not_english_names_and_old_rows_read_the_same(service):
    match = await against(service, "tactori", "hard", 3)
    assert match.names == ["ann", "Bot 1 (hard)", "Bot 2 (hard)", "Bot 3 (hard)"]
    [row] = await service.store.fetchall("SELECT names FROM matches WHERE id = ?", (match.id,))
    assert row["names"].replace(" ", "") == '["ann","","",""]'
    # A match stored before: English names, numbered in invitation order.
    await service.store.execute(
        "UPDATE matches SET names = ? WHERE id = ?",
        ('["ann", "Bot (hard) 1", "Bot (hard) 3", "Bot (hard) 2"]', match.id),
    )
    old = await service.get(match.id)
    assert old.names == match.names
    assert [say(n, "de") for n in old.names] == ["ann", "Bot 1 (schwer)", "Bot 2 (schwer)", "Bot 3 (schwer)"]


async def test_a_rematch_stores_no_computer_names_either(service):
    match = await against(service, "tactori-fem", "easy", 1)
    finished = (await service.resign(match.id, ANN.id)).match
    if finished.status == "void":
        match = await against(service, "tactori-fem", "easy", 1)
        await service.move(match.id, ANN.id, match.state().legal_moves()[0])
        finished = (await service.resign(match.id, ANN.id)).match
    rematch = await service.rematch(finished.id, ANN.id)
    [row] = await service.store.fetchall("SELECT names FROM matches WHERE id = ?", (rematch.id,))
    assert row["names"].replace(" ", "") == '["","ann"]' and rematch.names == ["Bot (easy)", "ann"]


# ------------------------------------------------------------ messages


async def test_names_and_numbers_are_separated_in_score_and_series_lines(service):
    match = await against(service, "tactori", "hard", 3)
    series = Series(1, "tactori", match.players, {match.players[1]: 1}, 2, None)
    for lang, line in (
        ("en", "Bot 1 (hard): 20 · Bot 2 (hard): 4 · Bot 3 (hard): 12"),
        ("de", "Bot 1 (schwer): 20 · Bot 2 (schwer): 4 · Bot 3 (schwer): 12"),
        ("fr", "Bot 1 (difficile)\u00a0: 20 · Bot 2 (difficile)\u00a0: 4 · Bot 3 (difficile)\u00a0: 12"),
    ):
        tally = say(present.tally(match.names, [0, 20, 4, 12]), lang)
        assert tally.endswith(line), tally
        assert not re.search(r"[\d)] \d", tally)  # no name runs into its number ("Bot (hard) 1 20")
        score = say(present.scores_line(match), lang)
        standing = say(present.series_line(match, series), lang)
        assert not re.search(r"[\d)] \d", score) and not re.search(r"[\d)] \d", standing.split(")", 1)[1])
    assert (
        say(present.scores_line(match), "de") == "Punkte: ann: 0 · Bot 1 (schwer): 0 · Bot 2 (schwer): 0 · "
        "Bot 3 (schwer): 0"
    )
    assert say(present.series_line(match, series), "en").endswith(
        ": ann: 0 · Bot 1 (hard): 1 · Bot 2 (hard): 0 · Bot 3 (hard): 0"
    )


async def test_the_heading_gives_a_computer_seat_its_colour_beside_its_level(service):
    match = await against(service, "tactori", "hard", 2)
    heading = {lang: say(present.heading(match), lang) for lang in LANGS}
    assert "● ann (blue) vs ■ Bot 1 (hard, orange) vs ▲ Bot 2 (hard, green)" in heading["en"]
    assert "■ Bot 1 (schwer, orange) gegen ▲ Bot 2 (schwer, grün)" in heading["de"]
    assert "■ Bot 1 (difficile, orange)" in heading["fr"]
    assert all(") (" not in h for h in heading.values())
    alone = await against(service, "atacama", "medium", 1, first="opponent")
    assert "● Bot (mittel, blau) gegen ■ ann (orange)" in say(present.heading(alone), "de")
    # Whose turn, "is thinking", the vacation line: the name in the reader's language.
    assert say(present.next_turn_line(alone), "de") == "**Bot (mittel)** denkt nach …"


# ------------------------------------------------------------ alt text


async def test_the_start_names_no_last_move(service):
    match = await against(service, "atacama", "hard", 1, first="me")
    for lang in LANGS:
        words = said(board_description(match, Text("The match begins.")), lang)
        assert "Last" not in words and "Zuletzt" not in words and "Dernier" not in words, words
    assert (
        said(board_description(match, Text("The match begins.")), "en")
        == "Atacama board, match #1, before the first move. Scores: ann: 0, Bot (hard): 0. ann to move."
    )
    assert said(board_description(match, Text("The match begins.")), "fr").startswith(  # not "après 0 coup"
        "Plateau d'Atacama, partie #1, avant le premier coup."
    )


async def test_the_final_alt_text_says_the_result_once_with_the_tie_break(service):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first="me")
    match = await service.accept(match.id, BOB.id)
    plan = plan_random(
        match.state(),
        lambda s: (o := s.outcome()) is not None and o.end == "normal" and not o.is_draw and len(set(o.scores)) == 1,
    )
    for move in plan.moves:
        result = await service.move(match.id, (await service.get(match.id)).to_move_id(), move)
    finished = result.match
    winner = finished.names[finished.outcome().winners[0]]
    points = finished.outcome().scores[0]
    houses = finished.position.final["houses"]
    ordered = sorted(houses, reverse=True)
    english = said(board_description(finished, result.description), "en")
    assert english == (
        f"Architekton board, match #{finished.id}, after {finished.plies} moves. "
        f"Final score: ann: {points}, bob: {points}. {winner} won the tie-break: more houses left "
        f"on the table ({ordered[0]} : {ordered[1]})."
    )
    assert english.count(winner) == 2 and english.count("won") == 1  # the score, then the result, once
    german = said(board_description(finished, result.description), "de")
    assert german.endswith(
        f"Endstand: ann: {points}, bob: {points}. {winner} hat im Stechen gewonnen: mehr Häuser "
        f"auf dem Tisch ({ordered[0]} : {ordered[1]})."
    )
    assert "Zuletzt" not in german
    # The replay and the chart say it too.
    assert said(result_words(finished), "en") == english.split("moves. ", 1)[1]


async def test_the_end_says_why_it_was_won(service):
    match = await against(service, "tactori-fem", "hard", 1)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    match = await service.get(match.id)
    await service.computer_move(service.computer_to_move(match), match.state().legal_moves()[0])
    finished = (await service.resign(match.id, ANN.id)).match
    assert said(board_description(finished), "en").endswith("Bot (hard) won by resignation.")
    assert said(board_description(finished), "de").endswith("Bot (schwer) hat durch Aufgabe gewonnen.")
    assert said(board_description(finished), "fr").endswith("Bot (difficile) a gagné par abandon.")
    assert result_words(await service.get(match.id)) is not None


async def test_fem_has_the_bridges_on_the_board_for_a_progress_figure(service):
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me")
    match = await service.accept(match.id, BOB.id)
    rng = random.Random(4)
    for _ in range(12):
        match = (await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))).match
        if match.status != "active":
            break
    supply = match.position.bridge_supply
    laid = [15 - left for left in supply]
    english = said(board_description(match), "en")
    assert f"Bridges on the board: ann: {laid[0]}, bob: {laid[1]}." in english and "Scores" not in english
    assert f"Brücken auf dem Brett: ann: {laid[0]}, bob: {laid[1]}." in said(board_description(match), "de")
    assert result_words(match) is None or match.status == "finished"
