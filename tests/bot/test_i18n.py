"""Commands carry German and French descriptions and choice names (ux-notes: localisation)."""

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.setup.i18n import FRENCH, GERMAN, UNTRANSLATED, Catalogue


class Recorder(app_commands.Translator):
    """Asks the real catalogue and remembers every question and answer."""

    def __init__(self):
        self.catalogue = Catalogue()
        self.asked: list[tuple[Where, discord.Locale, str, str | None]] = []

    async def translate(self, string, locale, context):
        answer = await self.catalogue.translate(string, locale, context)
        self.asked.append((context.location, locale, string.message, answer))
        return answer


async def test_every_description_and_choice_of_every_command_is_translated(world):
    tree = world.env.bot.tree
    recorder = Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    shown = [
        (where, locale, text, answer)
        for where, locale, text, answer in recorder.asked
        if locale in (GERMAN, FRENCH) and where not in (Where.command_name, Where.group_name, Where.parameter_name)
    ]
    assert len({text for _, _, text, _ in shown}) > 60
    missing = sorted(
        {(locale.value, text) for _, locale, text, answer in shown if answer is None and text not in UNTRANSLATED}
    )
    assert missing == []
    assert all(len(answer) <= 100 for *_, answer in shown if answer)
    # names are typed by players and used in the help: never translated
    assert all(
        answer is None
        for where, *_, answer in recorder.asked
        if where in (Where.command_name, Where.group_name, Where.parameter_name)
    )


async def test_discord_receives_the_localisations_with_the_commands(world):
    commands = {c.name: c for c in await world.env.bot.tree.fetch_commands()}
    game = commands["architekton"]
    assert game.description_localizations[GERMAN] == "Architekton spielen"
    move = next(o for o in game.options if o.name == "move")
    assert move.description_localizations[FRENCH] == "Jouer votre coup à Architekton"
    challenge = next(o for o in commands["atacama"].options if o.name == "challenge")
    first = next(o for o in challenge.options if o.name == "first")
    assert {c.name: c.name_localizations.get(GERMAN) for c in first.choices} == {
        "me": "ich",
        "opponent": "Gegner",
        "random": "zufällig",
    }
    assert [c.value for c in first.choices] == ["me", "opponent", "random"]  # values stay as they are
