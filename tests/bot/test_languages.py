"""The bot speaks German and French (ux-notes: "Localisation by interaction.locale").

Public messages follow the server's language, private replies the language of
the user's Discord client.  SimCord sends every interaction as ``en-US``, so
``client_locales`` sets the ``locale`` of a user's interactions in SimCord's
payload (the one field SimCord does not model); the bot and discord.py run
unchanged.  Expected texts come from the real service and engines, said
through the catalogues; ``assert_no_english`` catches any message part that
was not translated at all.
"""

import re

import discord
import pytest
import simcord.interactions as simcord_interactions

from bot.clock.reminders import reminder_text
from bot.locales import catalogue, say
from bot.messages import present
from engines import Text
from matches import ClockEvent, ServiceError
from matches.timing import DAY

from .helpers import advance, assert_png, button_labels, final_match_id


@pytest.fixture
def client_locales(monkeypatch):
    """``{user_id: "de"}``: the Discord client language of each user's interactions."""
    locales: dict[int, str] = {}
    original = simcord_interactions.base_payload

    def base_payload(backend, *, user_id, **fields):
        record, payload = original(backend, user_id=user_id, **fields)
        payload["locale"] = locales.get(user_id, payload["locale"])
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    return locales


def english_fragments(lang: str) -> set[str]:
    """Longer English phrases of the templates that the translation does not contain."""
    out = set()
    for english, translated in catalogue(lang).items():
        for chunk in re.split(r"\{[^}]*\}", english):
            chunk = chunk.strip(" .,:;()!?—-*`\n")
            if len(chunk) >= 12 and " " in chunk and chunk not in translated:
                out.add(chunk)
    return out


def assert_no_english(text: str, lang: str) -> None:
    left = sorted(f for f in english_fragments(lang) if f in text)
    assert left == [], text


async def german_server(w, client_locales):
    """A server whose language is German, where ann's Discord is German and bob's French."""
    guild = w.env.create_guild("Brettspiele", preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bob = guild.add_member(w.ann.user), guild.add_member(w.bob.user)
    client_locales.update({ann.id: "de", bob.id: "fr"})
    return guild, channel, ann, bob


async def refusal(call) -> Text:
    """The service's refusal of ``call`` (nothing changes), as the Text the bot would say."""
    with pytest.raises(ServiceError) as refused:
        await call
    return refused.value.text


async def test_a_german_server_plays_in_german_and_each_player_is_answered_in_their_language(world, client_locales):
    w = world
    _, channel, ann, bob = await german_server(w, client_locales)
    offered = await ann.slash(channel, "architekton challenge", opponent=bob, first="me")
    match = await w.service.get(final_match_id(offered.response))
    challenge = offered.response
    assert challenge.content == say(present.challenge_message(match), "de") != present.challenge_message(match)
    assert button_labels(challenge) == [say(Text("Accept"), "de"), say(Text("Decline"), "de")]
    assert_no_english(challenge.content, "de")

    accepted = await bob.click(challenge, label=say(Text("Accept"), "de"))
    [board] = accepted.followups
    await assert_png(board)
    match = await w.service.get(match.id)
    assert say(present.next_turn_line(match), "de") in board.content
    assert button_labels(board) == [say(Text("Choose a move"), "de")]
    assert_no_english(board.content, "de")
    # The image's description, read aloud by screen readers, speaks the server's language too.
    [image] = board.attachments
    # At the start there is no last move to tell ("Zuletzt: Die Partie beginnt." said nothing).
    assert image.description.startswith(f"Brett von Architekton, Partie #{match.id}, vor dem ersten Zug. Punkte: ")
    assert "Zuletzt" not in image.description
    assert image.description.endswith(f"{match.name_of(match.to_move_id())} ist am Zug.")
    assert_no_english(image.description, "de")

    # bob (French client) moves out of turn: told so privately, in French
    legal = match.state().legal_moves()[0]
    expected = await refusal(w.service.move(match.id, bob.id, legal))
    reply = await bob.slash(channel, "architekton move", move=legal)
    assert reply.ephemeral and reply.response.content == say(expected, "fr") != str(expected)
    assert_no_english(reply.response.content, "fr")

    # ann (German client) types nonsense: the engine's refusal, in German
    expected = await refusal(w.service.move(match.id, ann.id, "B99@0,0r9"))
    reply = await ann.slash(channel, "architekton move", move="B99@0,0r9")
    assert reply.ephemeral and reply.response.content == say(expected, "de") != str(expected)
    assert_no_english(reply.response.content, "de")

    # a real move: the turn message says it in the server's language
    preview = match.state()
    words = preview.describe(preview.play(legal), match.names)
    played = await ann.slash(channel, "architekton move", move=legal)
    [board] = [played.response, *played.followups][-1:]
    assert say(words, "de") in board.content and say(words, "de") != words
    assert_no_english(board.content, "de")
    assert (await w.service.get(match.id)).plies == 1


async def test_reminders_on_a_german_server_are_german(world, client_locales):
    w = world
    _, channel, ann, bob = await german_server(w, client_locales)
    offered = await ann.slash(channel, "architekton challenge", opponent=bob, first="me")
    await bob.click(offered.response, label=say(Text("Accept"), "de"))
    match = await w.service.get(final_match_id(offered.response))
    before = len(channel.history())
    await advance(w.env, DAY + 31)
    [nudge] = [m for m in channel.history()[before:] if "⏰" in m.content]
    english = reminder_text(match, ClockEvent.DAILY, present.mention(ann.id), w.service.clock() - 31)
    assert nudge.content == say(english, "de") and ann.mention in nudge.content
    assert_no_english(nudge.content, "de")


async def test_an_english_server_stays_english_for_a_german_client(world, client_locales):
    w = world
    client_locales[w.ann.id] = "de"
    offered = await w.ann.slash(w.channel, "architekton challenge", opponent=w.bob, first="me")
    match = await w.service.get(final_match_id(offered.response))
    assert offered.response.content == present.challenge_message(match)  # public: the server's language
    refused = await w.ann.slash(w.channel, "architekton move", move="B01@0,0r0")  # private: ann's own
    nothing = Text(
        "You have no {title} match running in this channel. Start one with `/{game} challenge`, or name "
        "it with `match`.",
        title="Architekton",
        game="architekton",
    )
    assert refused.ephemeral and refused.response.content == say(nothing, "de") != nothing
    assert_no_english(refused.response.content, "de")


async def test_an_admin_chooses_the_servers_language_and_it_survives_a_restart(world):
    w = world
    role = w.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[role])
    chosen = await mod.slash(w.channel, "admin settings", language="de")
    assert chosen.ephemeral and "**Deutsch**" in chosen.response.content

    await w.restart()
    offered = await w.ann.slash(w.channel, "architekton challenge", opponent=w.bob, first="me")
    match = await w.service.get(final_match_id(offered.response))
    assert offered.response.content == say(present.challenge_message(match), "de")
    assert_no_english(offered.response.content, "de")

    back = await mod.slash(w.channel, "admin settings", language="server")  # the server's own: English here
    assert "**Deutsch**" not in back.response.content
    again = await w.ann.slash(w.channel, "architekton challenge", opponent=w.cat, first="me")
    assert again.response.content == present.challenge_message(await w.service.get(final_match_id(again.response)))


async def test_reminders_by_dm_are_in_the_players_own_language(world, client_locales):
    w = world
    client_locales[w.ann.id] = "fr"  # an English server, ann's Discord is French
    await w.ann.slash(w.channel, "settings", reminders="dm")
    assert (await w.service.user_settings(w.ann.id)).language == "fr"
    offered = await w.ann.slash(w.channel, "architekton challenge", opponent=w.bob, first="me")
    await w.bob.click(offered.response, label="Accept")
    match = await w.service.get(final_match_id(offered.response))
    assert match.to_move_id() == w.ann.id
    await advance(w.env, DAY + 31)
    dm = w.ann.user.dm_channel.last_message
    assert dm.content == say(reminder_text(match, ClockEvent.DAILY, Text("Hi"), w.service.clock() - 31), "fr")
    assert_no_english(dm.content, "fr")


async def test_the_move_menus_speak_the_players_language(world, client_locales):
    """The board's button is in the server's language, the private menus in the player's."""
    w = world
    _, channel, ann, bob = await german_server(w, client_locales)
    client_locales[ann.id] = "fr"
    offered = await ann.slash(channel, "architekton challenge", opponent=bob, first="me")
    [board] = (await bob.click(offered.response, label=say(Text("Accept"), "de"))).followups
    match = await w.service.get(final_match_id(offered.response))
    opened = await ann.click(board, label=say(Text("Choose a move"), "de"))
    menu = opened.response
    assert opened.ephemeral and menu.content == say(
        Text(
            "**{title} #{id}**: choose your move. Nothing is played until you confirm.", title=match.title, id=match.id
        ),
        "fr",
    )
    [select] = [c for row in menu.components for c in row.get("components", []) if c.get("type") == 3]
    groups = [o for o in select["options"] if o["value"].endswith("…")]
    assert groups and all(" coups)" in o["label"] for o in groups)  # "B01 …  (12 coups)"
    assert_no_english(menu.content, "fr")


async def test_settings_say_the_reminder_mode_in_the_players_words(world, client_locales):
    w = world
    client_locales[w.ann.id] = "fr"
    r = await w.ann.slash(w.channel, "settings", reminders="dm")
    assert r.ephemeral and r.response.content.startswith("Rappels\u00a0: **message privé**.")
    client_locales[w.ann.id] = "de"
    r = await w.ann.slash(w.channel, "settings", reminders="off")
    assert r.response.content.startswith("Erinnerungen: **aus**.")
