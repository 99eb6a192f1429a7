"""SimCord drives the real bot: real discord.py against an in-memory Discord."""
from dataclasses import dataclass

import pytest

from bot import Settings, create_bot


@pytest.fixture
def settings(tmp_path):
    return Settings(token=None, database_path=str(tmp_path / "bot.sqlite3"))


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings)


@dataclass
class World:
    env: object
    guild: object
    channel: object
    ann: object
    bob: object
    cat: object
    settings: Settings

    @property
    def service(self):
        return self.env.bot.service

    async def restart(self):
        await self.env.restart_bot(create_bot(self.settings))


@pytest.fixture
async def world(simcord_env, settings):
    env = simcord_env
    guild = env.create_guild("Board Games")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    cat = guild.add_member(env.create_user("cat"))
    return World(env, guild, channel, ann, bob, cat, settings)
