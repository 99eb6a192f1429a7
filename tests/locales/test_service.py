"""The match service's refusals and descriptions, said in German and French (bot/locales/*/service.json).

Everything here is produced by playing through the service's public API, as the bot does.
"""

import pytest

from bot.locales import say
from engines import MoveError, SetupError, get_game
from matches import IllegalMoveError, MatchClosed, NotAPlayer, NotFound, NotYourTurn, ServiceError, StaleRequest
from matches.statuses import STATE, state_of
from tests.matches.conftest import ANN, BOB, CAT, Player

DAY = 24 * 3600
STATUSES = {"challenge", "active", "finished", "void", "declined", "cancelled", "expired", "aborted", "abandoned"}


async def started(service, first="me"):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first=first)
    return await service.accept(match.id, BOB.id)


def sentence(clause: str) -> str:
    """What the service makes of an engine's refusal: capital first letter, one full stop."""
    clause = clause[:1].upper() + clause[1:]
    return clause if clause.endswith((".", "!", "?")) else clause + "."


def both(text) -> tuple[str, str]:
    return say(text, "de"), say(text, "fr")


async def test_challenge_refusals(service):
    with pytest.raises(ServiceError) as own:
        await service.create_challenge("architekton", 1, 2, ANN, [ANN])
    assert both(own.value.text) == (
        "Du kannst dich nicht selbst herausfordern.",
        "Vous ne pouvez pas vous défier vous-même.",
    )
    with pytest.raises(ServiceError) as robot:
        await service.create_challenge("architekton", 1, 2, ANN, [Player(9, "robo", bot=True)])
    assert both(robot.value.text) == (
        "robo ist ein Bot und kann nicht mitspielen.",
        "robo est un bot et ne peut pas jouer.",
    )
    with pytest.raises(ServiceError) as days:
        await service.create_challenge("architekton", 1, 2, ANN, [BOB], days=4)
    assert both(days.value.text) == (
        "Als Bedenkzeit pro Zug gibt es 1, 2, 3, 5, 7, 10, 14 Tage.",
        "Le temps par coup se choisit parmi 1, 2, 3, 5, 7, 10, 14 jours.",
    )


async def test_a_setup_refusal_keeps_the_engines_words(service):
    """Architekton is a two-player game (rules README): the engine's refusal, as a sentence, in each language."""
    with pytest.raises(ServiceError) as refused:
        await service.create_challenge("architekton", 1, 2, ANN, [BOB, CAT])
    with pytest.raises(SetupError) as engine:
        get_game("architekton").check(3, None)
    assert str(refused.value.text) == sentence(str(engine.value.text))
    for lang in ("de", "fr"):
        assert say(refused.value.text, lang) == sentence(say(engine.value.text, lang))


async def test_closed_challenges_and_unknown_matches(service):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])
    await service.decline(match.id, BOB.id)
    with pytest.raises(MatchClosed) as closed:
        await service.accept(match.id, BOB.id)
    assert str(closed.value.text) == f"This challenge is no longer open: match #{match.id} was declined."
    assert both(closed.value.text) == (
        f"Diese Herausforderung ist nicht mehr offen: Partie #{match.id} wurde abgelehnt.",
        f"Ce défi n'est plus ouvert\u00a0: la partie #{match.id} a été refusée.",
    )
    with pytest.raises(NotFound) as missing:
        await service.get(999)
    assert both(missing.value.text) == ("Es gibt keine Partie #999.", "Il n'y a pas de partie #999.")


async def test_wrong_turn_and_an_illegal_move(service):
    match = await started(service)
    with pytest.raises(NotYourTurn) as turn:
        await service.move(match.id, BOB.id, match.state().legal_moves()[0])
    assert both(turn.value.text) == ("ann ist am Zug.", "C'est au tour d'ann.")
    with pytest.raises(IllegalMoveError) as illegal:
        await service.move(match.id, ANN.id, "hello")
    with pytest.raises(MoveError) as engine:
        match.state().play("hello")
    # The engine's refusal stays translatable inside the service's sentence.
    assert str(illegal.value.text) == sentence(str(engine.value.text))
    for lang in ("de", "fr"):
        assert say(illegal.value.text, lang) == sentence(say(engine.value.text, lang))


async def test_repeated_submissions_are_told_that_they_counted(service):
    """Architekton's first placement keeps the turn (A4); the second passes it on."""
    match = await started(service)
    first = match.state().legal_moves()[0]
    await service.move(match.id, ANN.id, first)
    with pytest.raises(StaleRequest) as again:
        await service.move(match.id, ANN.id, first)
    assert both(again.value.text) == (
        f"{first} wurde schon gespielt; der Zug zählt nur einmal.",
        f"{first} a déjà été joué\u202f; le coup ne compte qu'une fois.",
    )
    state = (await service.get(match.id)).state()
    second = state.legal_moves()[0]
    done = await service.move(match.id, ANN.id, second)
    assert done.match.to_move_id() == BOB.id
    with pytest.raises(NotYourTurn) as retry:
        await service.move(match.id, ANN.id, second)
    assert both(retry.value.text) == (
        f"Dein Zug {done.move} wurde gespielt und gezählt. bob ist am Zug.",
        f"Votre coup {done.move} a été joué et compté. C'est au tour de bob.",
    )


async def test_resignation_and_what_follows_a_finished_match(service):
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    result = await service.resign(match.id, BOB.id)
    assert result.match.status == "finished"
    assert both(result.description) == ("bob hat aufgegeben.", "bob a abandonné.")
    with pytest.raises(MatchClosed) as over:
        await service.move(match.id, ANN.id, "hello")
    assert both(over.value.text) == (
        f"Partie #{match.id} ist beendet; darin kann kein Zug gemacht werden.",
        f"La partie #{match.id} est terminée\u202f; aucun coup ne peut y être joué.",
    )
    with pytest.raises(MatchClosed) as abort:
        await service.abort(match.id, 10)
    assert both(abort.value.text) == (
        f"Partie #{match.id} ist beendet; sie kann nicht mehr abgebrochen werden.",
        f"La partie #{match.id} est terminée\u202f; elle ne peut plus être interrompue.",
    )


async def test_draw_offer_and_takeback(service):
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    await service.offer(match.id, ANN.id, "undo")
    with pytest.raises(StaleRequest) as twice:
        await service.offer(match.id, ANN.id, "undo")
    assert both(twice.value.text) == (
        "Du hast schon darum gebeten, den letzten Zug zurückzunehmen; warte auf die Antwort.",
        "Vous avez déjà demandé à reprendre le dernier coup\u202f; attendez la réponse.",
    )
    undone = await service.answer(match.id, BOB.id, "undo", True)
    assert str(undone.description) == "bob allowed ann to take back the last move."
    assert both(undone.description) == (
        "bob hat ann erlaubt, den letzten Zug zurückzunehmen.",
        "bob a permis à ann de reprendre le dernier coup.",
    )
    await service.move(match.id, ANN.id, undone.match.state().legal_moves()[0])
    await service.offer(match.id, BOB.id, "draw")
    with pytest.raises(NotAPlayer) as own:
        await service.answer(match.id, BOB.id, "draw", True)
    assert both(own.value.text) == (
        "Das ist dein eigenes Angebot; dein Gegner beantwortet es.",
        "C'est votre propre offre\u202f; c'est à votre adversaire d'y répondre.",
    )
    drawn = await service.answer(match.id, ANN.id, "draw", True)
    assert both(drawn.description) == (
        "Die Spieler haben sich auf ein Remis geeinigt.",
        "Les joueurs ont convenu de la nulle.",
    )


async def test_time_claims_and_vacations(service, clock):
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])  # still ann's turn (A4)
    deadline = int((await service.get(match.id)).deadline)
    with pytest.raises(ServiceError) as early:
        await service.claim(match.id, BOB.id)
    assert both(early.value.text) == (
        f"ann hat noch Zeit, bis <t:{deadline}:f>.",
        f"ann a encore du temps, jusqu'au <t:{deadline}:f>.",
    )
    clock.now += 3 * DAY
    claimed = await service.claim(match.id, BOB.id)
    assert both(claimed.description) == (
        "ann hat die Zeit überschritten; bob hat auf Zeit reklamiert.",
        "ann a dépassé son temps\u202f; bob a réclamé au temps.",
    )
    await service.start_vacation(ANN.id, 5)
    with pytest.raises(ServiceError) as vacation:
        await service.start_vacation(ANN.id, 26)
    assert str(vacation.value.text) == "You have 25 vacation days left this year."
    assert both(vacation.value.text) == (
        "Du hast in diesem Jahr noch 25 Urlaubstage.",
        "Il vous reste 25 jours de vacances cette année.",
    )
    await service.start_vacation(ANN.id, 25)
    with pytest.raises(ServiceError) as none_left:
        await service.start_vacation(ANN.id, 1)
    assert str(none_left.value.text) == "You have no vacation days left this year."  # not "0 days"
    assert both(none_left.value.text) == (
        "Du hast in diesem Jahr keine Urlaubstage mehr.",
        "Il ne vous reste plus aucun jour de vacances cette année.",
    )


def test_every_status_has_its_own_clause():
    """Sentences about a match's status take a whole clause per status, so German and
    French can make it agree with "Partie" / "partie"."""
    assert set(STATE) == STATUSES
    for status in STATUSES:
        clause = state_of(status)
        assert say(clause, "de") != str(clause) and say(clause, "fr") != str(clause)


async def test_a_takeback_names_the_computers_replies_in_the_plural_when_there_are_several(service):
    """The English said "the computer's reply b2, c3, d4" when three computer seats had replied."""
    import random

    from matches import ai_seats

    match = await service.create_challenge("tactori", 10, 20, ANN, ai_seats.players("easy", 3), first="me")
    match = (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match
    rng = random.Random(0)
    while (job := service.computer_to_move(match)) is not None:
        match = (await service.computer_move(job, rng.choice(match.state().legal_moves()))).match
    assert match.plies == 4
    said = (await service.take_back(match.id, ANN.id)).description
    assert str(said).startswith(f"ann took back {said.params['move']} and the computer's replies ")
    assert both(said)[0].startswith(f"ann hat {said.params['move']} und die Antworten des Computers ")
    assert both(said)[1].startswith(f"ann a repris {said.params['move']} et les réponses de l'ordinateur ")


async def test_a_hint_quotes_the_move_as_the_record_would_read_it(service):
    """It once read "The hard level would play **e5**: ann placed a tower on e5": a move nobody
    made, told in the past tense.  The engine's description is now quoted as the record would have it."""
    from tests.matches.test_computer import against

    match = await against(service, game="atacama", first="me")
    move = match.state().legal_moves()[0]
    played = match.state()
    record = played.describe(played.play(move), match.names)
    words = await service.hint_words(await service.hint(match.id, ANN.id), move)
    assert str(words) == f"The hard level would play **{move}**, recorded as “{record}”"
    assert both(words) == (
        f"Auf der Stufe „schwer“ würde der Computer **{move}** spielen; in der Partie stünde dann: "
        f"„{say(record, 'de')}“",
        f"Le niveau difficile jouerait **{move}**, noté ainsi dans la partie\u00a0: «\u202f{say(record, 'fr')}\u202f»",
    )
