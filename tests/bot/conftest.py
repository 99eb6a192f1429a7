"""SimCord drives the real bot: real discord.py against an in-memory Discord."""

from dataclasses import dataclass, field

import pytest

from bot import Settings, create_bot

from .helpers import reproducible_seeds

# How long SimCord may take to see the bot quiet after a step, in real seconds.  ``settle()``
# returns as soon as every task is done or parked (waiting for Discord, a listener or a
# virtual timer), so a passing test never waits for this deadline; it is only the point at
# which a step that never quiets counts as hung.  Drawing a final board, a replay and a
# chart takes a second or more on a loaded two-core machine, which a short deadline (say
# 0.5 s) turned into failures, and a computer's move beside CPU-bound neighbours (a load of ten on
# two cores) outlasted 30 s; pytest-timeout still ends a test that truly hangs.  Under half of
# asyncpg's 300 s idle-connection timer (test_settling.py).
SETTLE_TIMEOUT = 90.0


def pytest_collection_modifyitems(items):
    """Every bot test settles with SETTLE_TIMEOUT unless it asks for a simcord option itself."""
    for item in items:
        if "tests/bot/" in item.nodeid and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT))


@pytest.fixture
def settings(tmp_path, database):
    """Every bot test runs on both backends (tests/conftest.py).  Few replay frames: every
    finished match draws its replay, and few frames keep that quick."""
    if database.startswith("postgresql://"):
        return Settings(
            token=None, database_path=str(tmp_path / "unused.sqlite3"), database_url=database, replay_frames=4
        )
    return Settings(token=None, database_path=database, replay_frames=4)


@pytest.fixture
async def started_bots():
    """Every bot a test starts.  SimCord detaches a bot (at teardown and on
    restart) without calling ``close()``, so their stores stay open; an open
    aiosqlite thread kept alive by a failed test's traceback would hang the
    interpreter at exit.  Close them after SimCord is done with them."""
    bots = []
    yield bots
    for bot in bots:
        await bot.store.close()


@pytest.fixture
def simcord_bot(settings, started_bots):
    bot = create_bot(settings)
    started_bots.append(bot)
    return bot


@dataclass
class World:
    env: object
    guild: object
    channel: object
    ann: object
    bob: object
    cat: object
    settings: Settings
    started_bots: list = field(default_factory=list)

    @property
    def service(self):
        return self.env.bot.service

    async def restart(self):
        bot = create_bot(self.settings)
        self.started_bots.append(bot)
        await self.env.restart_bot(bot)
        reproducible_seeds(bot.service, 5000)


@pytest.fixture
async def world(simcord_env, settings, started_bots):
    env = simcord_env
    guild = env.create_guild("Board Games")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    cat = guild.add_member(env.create_user("cat"))
    reproducible_seeds(env.bot.service, 1000)
    return World(env, guild, channel, ann, bob, cat, settings, started_bots)
