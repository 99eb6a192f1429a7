"""What an operator sees when the bot starts: the invite link first, and a DEV_GUILD_ID
naming a server the bot is not in costs one clear line, not the start."""

from __future__ import annotations

import logging

import discord
import pytest
from simcord import Env

from bot import Settings, create_bot

from .helpers import button_labels

DEV_SERVER = 987654321012345678


@pytest.fixture
def dev_settings(tmp_path):
    return Settings(database_path=str(tmp_path / "bot.sqlite3"), dev_guild_id=DEV_SERVER)


def startup_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith(("bot", "discord"))]


async def start(bot, before_start=lambda env: None) -> Env:
    env = Env(bot)
    before_start(env)
    await env.start()
    return env


def refuse_dev_guild(env):
    # What Discord answers to PUT .../guilds/<id>/commands for a server the bot has not joined
    # (or an id naming no server): discord.py turns it into discord.Forbidden.
    env.inject_error(
        "PUT", f"/applications/*/guilds/{DEV_SERVER}/commands", status=403, code=50001, message="Missing Access"
    )


async def test_a_dev_guild_the_bot_is_not_in_falls_back_to_global_commands(dev_settings, started_bots, caplog):
    caplog.set_level(logging.INFO)
    bot = create_bot(dev_settings)
    started_bots.append(bot)
    env = await start(bot, refuse_dev_guild)
    try:
        lines = startup_lines(caplog)
        [refused] = [line for line in lines if str(DEV_SERVER) in line]
        assert f"not in server {DEV_SERVER}" in refused and "unset DEV_GUILD_ID" in refused
        assert bot.invite_link() in refused and "\n" not in refused
        assert not any(r.exc_info for r in caplog.records), "no traceback"
        # The bot runs on with global commands: a player elsewhere can use them.
        assert env.backend.commands.get(None), "global commands registered"
        assert not env.backend.commands.get(DEV_SERVER)
        assert not bot.tree.get_commands(guild=discord.Object(id=DEV_SERVER))
        guild = env.create_guild("Board Games")
        channel = guild.create_text_channel("games")
        ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
        offered = await ann.slash(channel, "architekton challenge", opponent=bob)
        assert not offered.ephemeral and button_labels(offered.response) == ["Accept", "Decline"]
    finally:
        await env.shutdown()


async def test_the_invite_link_is_logged_before_the_commands_are_synced(dev_settings, started_bots, caplog):
    caplog.set_level(logging.INFO)
    bot = create_bot(Settings(database_path=dev_settings.database_path))
    started_bots.append(bot)
    env = await start(bot)
    try:
        lines = startup_lines(caplog)
        invite = next(i for i, line in enumerate(lines) if line == f"invite link: {bot.invite_link()}")
        synced = next(i for i, line in enumerate(lines) if line.startswith("synced"))
        assert invite < synced and "global" in lines[synced]
        assert f"client_id={env.backend.application_id}" in lines[invite]
    finally:
        await env.shutdown()


async def test_a_dev_guild_the_bot_is_in_gets_the_commands(tmp_path, started_bots, caplog):
    # SimCord accepts a guild sync for any id, as Discord does for a server the bot has joined.
    caplog.set_level(logging.INFO)
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.sqlite3"), dev_guild_id=DEV_SERVER))
    started_bots.append(bot)
    env = await start(bot)
    try:
        assert env.backend.commands.get(DEV_SERVER) and not env.backend.commands.get(None)
        assert any(f"development guild {DEV_SERVER}" in line for line in startup_lines(caplog))
        assert not any("not in server" in line for line in startup_lines(caplog))
    finally:
        await env.shutdown()
