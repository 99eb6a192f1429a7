"""The Discord layer's own messages said in German and French (bot/locales/*/bot.json).

Matches are made through the match service's public API, as the bot makes them;
the messages are the ones ``bot.messages.present`` and ``bot.clock.reminders`` build for them.
"""

import ast
from pathlib import Path

import pytest

from bot.clock import reminders
from bot.locales import say
from bot.messages import present
from engines import Text
from matches import ClockEvent
from tests.matches.conftest import ANN, BOB, CAT


def both(text) -> tuple[str, str]:
    return say(text, "de"), say(text, "fr")


async def started(service):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first="me")
    return await service.accept(match.id, BOB.id)


async def test_a_challenge_and_its_answer(service):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first="me", days=1)
    expires = present.timestamp(match.expires_at)
    assert both(present.challenge_message(match)) == (
        f"<@2>: **ann** fordert dich zu **Architekton** heraus (Partie #{match.id}; ann würde beginnen; "
        f"1 Tag pro Zug). Die Herausforderung läuft {expires} ab.",
        f"<@2>\u00a0: **ann** vous défie à **Architekton** (partie #{match.id}\u202f; ann commencerait\u202f; "
        f"1 jour par coup). Le défi expire {expires}.",
    )
    declined = await service.decline(match.id, BOB.id)
    assert both(present.challenge_message(declined)) == (
        f"Die Architekton-Herausforderung von ann (Partie #{match.id}) wurde abgelehnt.",
        f"Le défi d'ann à Architekton (partie #{match.id}) a été refusé.",
    )


async def test_a_challenge_to_several_players_addresses_them_all(service):
    match = await service.create_challenge("tactori", 10, 20, ANN, [BOB, CAT], first="me")
    german, french = both(present.challenge_message(match))
    assert "fordert euch zu **Tactori** heraus" in german and "3 Tage pro Zug" in german
    assert "vous défie tous à **Tactori**" in french
    assert str(present.challenge_message(match)).startswith("<@2> <@3>: **ann** challenges you all to **Tactori**")


async def test_the_board_message_of_a_new_match(service):
    match = await started(service)
    [ann, bob] = [present.seat_label(seat, name) for seat, name in enumerate(match.names)]
    # The seat colours are the board's (render.common.player_style): ● blue, ■ orange.
    assert say(ann, "de") == f"● ann ({say(Text('blue'), 'de')})"
    assert say(bob, "fr") == f"■ bob ({say(Text('orange'), 'fr')})"
    deadline = present.timestamp(match.deadline)
    task = match.position.prompt()  # the engine's words for what ann has to do (architekton.json)
    assert task
    assert both(present.turn_message(match, Text("The match begins."))) == (
        f"**Architekton #{match.id}** · {say(ann, 'de')} gegen {say(bob, 'de')}\n"
        f"Die Partie beginnt.\nPunkte: ann: 1 · bob: 1\nDu bist am Zug, <@1>: {say(task, 'de')}. Frist: {deadline}.",
        f"**Architekton #{match.id}** · {say(ann, 'fr')} contre {say(bob, 'fr')}\n"
        f"La partie commence.\nScore\u00a0: ann\u00a0: 1 · bob\u00a0: 1\nÀ vous de jouer, <@1>\u00a0: {say(task, 'fr')}. "
        f"Échéance\u00a0: {deadline}.",
    )


async def test_a_resignation_before_any_move_voids_the_match(service):
    match = await started(service)
    result = await service.resign(match.id, BOB.id)
    lines = both(present.turn_message(result.match))
    assert lines[0].endswith(
        "\nNoch hatte niemand gezogen, daher ist die Partie **annulliert**: kein Ergebnis, "
        "keine Gewinnpunkte, keine Änderung der Wertungszahl."
    )
    assert lines[1].endswith(
        "\nPersonne n'avait encore joué, la partie est donc **annulée**\u00a0: pas de résultat, "
        "pas de points de victoire, pas de changement de classement."
    )


async def test_the_end_of_a_match_by_resignation(service):
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    result = await service.resign(match.id, BOB.id)
    assert result.match.status == "finished"
    assert both(present.result_line(result.match)) == (
        "Die Partie endet durch Aufgabe: **ann gewinnt** (<@1>).",
        "La partie se termine par abandon\u00a0: **ann gagne** (<@1>).",
    )


async def test_reminders_and_the_claim_after_a_timeout(service):
    match = await started(service)
    deadline = present.timestamp(match.deadline)
    # A DM greets instead of mentioning; day 0 of match #1 takes the second daily wording.
    dm = reminders.reminder_text(match, ClockEvent.DAILY, Text("Hi"), match.clock_start)
    assert both(dm) == (
        f"⏰ Hallo, **Architekton #{match.id}** wartet auf dich. Frist: {deadline}.",
        f"⏰ Bonjour, **Architekton #{match.id}** vous attend. Échéance\u00a0: {deadline}.",
    )
    quarter = reminders.reminder_text(match, ClockEvent.QUARTER, present.mention(ANN.id), match.clock_start)
    assert both(quarter) == (
        f"⏳ <@1>, in **Architekton #{match.id}** bleibt dir nur noch ein Viertel deiner Zeit. Frist: {deadline}.",
        f"⏳ <@1>, il ne vous reste qu'un quart de votre temps dans **Architekton #{match.id}**. "
        f"Échéance\u00a0: {deadline}.",
    )
    assert both(reminders.claim_consequence(match)) == (
        " (noch hat niemand gezogen, daher würde die Partie annulliert: kein Sieger, keine Punkte)",
        " (personne n'a encore joué, la partie serait donc annulée\u00a0: pas de vainqueur, pas de points)",
    )


def test_durations():
    assert both(present.duration(20)) == ("1 Min.", "1 min")
    assert both(present.duration(5400)) == ("1,5 Std.", "1,5 h")
    assert both(present.duration(3 * 86400)) == ("3 Tage", "3 jours")  # a whole number without ",0"
    assert (str(present.duration(5400)), str(present.duration(3 * 86400))) == ("1.5 h", "3 days")


def test_a_count_of_one_move_is_singular():
    assert both(present.moves(1)) == ("1 Zug", "1 coup")
    assert both(present.moves(2)) == ("2 Züge", "2 coups")
    assert str(present.moves(1)) == "1 move"


def test_a_swiss_event_of_one_round_says_round():
    from bot.tournaments.tournament import _rounds

    assert [str(_rounds(1)), str(_rounds(3))] == ["1 round", "3 rounds"]  # once "1 rounds"
    assert both(_rounds(1)) == ("1 Runde", "1 ronde")


def test_the_reminder_modes_are_said_in_words():
    modes = present.REMINDER_MODES
    assert [both(modes[m]) for m in ("mention", "dm", "off")] == [
        ("Erwähnung im Partiekanal", "mention dans le salon de la partie"),
        ("Direktnachricht", "message privé"),
        ("aus", "non"),
    ]


def test_the_move_chooser_buttons_stay_short():
    from bot.play import guided

    assert both(guided.ChooseMoveButton.label) == ("Zug wählen", "Choisir un coup")
    assert both(Text("Play {move}", move="B07@1,0r2")) == ("B07@1,0r2 spielen", "Jouer B07@1,0r2")


def test_the_decision_buttons_say_what_each_choice_costs():
    """They once read "Keep (pay k)", "Behalten (k zahlen)": the rulebook's letter, not the position's number."""
    from bot.play.buttons import decision_buttons

    def labels(mismatches: int, lang: str) -> list[str]:
        return [say(button.label, lang, escaped=False) for button in decision_buttons(7, 3, mismatches)]

    assert labels(1, "en") == ["Keep (pay 1 chip)", "Remove (free)"]
    assert labels(3, "en") == ["Keep (pay 3 chips)", "Remove (pay 2 chips)"]
    assert labels(1, "de") == ["Behalten (1 Chip zahlen)", "Abräumen (kostenlos)"]
    assert labels(2, "de") == ["Behalten (2 Chips zahlen)", "Abräumen (1 Chip zahlen)"]
    assert labels(1, "fr") == ["Garder (payer 1 jeton)", "Enlever (gratuit)"]
    assert labels(3, "fr") == ["Garder (payer 3 jetons)", "Enlever (payer 2 jetons)"]
    keep, _ = decision_buttons(7, 3, 2)
    assert keep.item.custom_id == "bg:keep:7:3"  # the click still finds the match after a restart


async def test_the_players_of_a_thread_name_are_joined_in_the_servers_language(service):
    match = await started(service)
    assert str(present.thread_name(match)) == f"Architekton #{match.id}: ann vs bob"
    assert both(present.thread_name(match)) == (
        f"Architekton #{match.id}: ann gegen bob",
        f"Architekton #{match.id}\u00a0: ann contre bob",
    )
    # A thread's name is shown literally: names are not escaped there.
    assert say(present.thread_name(match), "fr", escaped=False).endswith("ann contre bob")


ROOT = Path(__file__).resolve().parents[2]


def _literals(folders: tuple[str, ...], calls: set[str], position: int) -> set[str]:
    """Every string literal in argument ``position`` of a call to one of ``calls``."""
    found = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "attr", getattr(node.func, "id", None)) in calls
                    and len(node.args) > position
                ):
                    # "a" if ... else "b" gives both
                    found |= {
                        n.value
                        for n in ast.walk(node.args[position])
                        if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    }
    return found


@pytest.mark.parametrize("calls, position", [({"_finish"}, 0), ({"_end"}, 1), ({"_drop"}, 2)])
def test_every_way_a_match_ends_has_words(calls, position):
    """No end reason is printed as its English code ("ends (timeout)"): the engines' and the service's
    end reasons are all in ``present.ENDINGS``, which the result line indexes."""
    ends = _literals(("engines", "matches"), calls, position)
    assert ends and ends <= set(present.ENDINGS)


def test_the_end_reasons_found_in_the_code_are_the_ones_with_words():
    ends = set().union(
        *(_literals(("engines", "matches"), {c}, p) for c, p in (("_finish", 0), ("_end", 1), ("_drop", 2)))
    )
    assert ends | {"agreed"} == set(present.ENDINGS)  # agreed: a draw offer accepted (matches/offers.py)


def test_every_way_a_challenge_closes_has_words():
    closes = _literals(("matches",), {"_close_challenge"}, 1)
    assert closes and closes | {"active"} == set(present.CHALLENGE_VERDICTS)


def test_a_count_of_one_day_is_singular():
    """The server settings said "Time per move: 1 days" (and "1 Tage", "1 jours")."""
    assert [str(present.days(n)) for n in (1, 3)] == ["1 day", "3 days"]
    assert both(present.days(1)) == ("1 Tag", "1 jour")
    assert both(present.days(3)) == ("3 Tage", "3 jours")
