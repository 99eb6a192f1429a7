"""The bot: wires settings, store, match service and command groups together."""
from __future__ import annotations

import logging
from typing import Callable

import discord
from discord.ext import commands, tasks

from matches import MatchService, Store

from . import buttons, present
from .actions import Actions
from .commands import build_groups
from .settings import Settings

log = logging.getLogger(__name__)

# Send messages, embed links, attach files, read history, create public threads,
# send in threads, manage threads (to archive a match's thread).
PERMISSIONS = discord.Permissions(send_messages=True, embed_links=True, attach_files=True,
                                  read_message_history=True, create_public_threads=True,
                                  send_messages_in_threads=True, manage_threads=True)


def invite_link(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


def virtual_clock() -> float:
    # discord.utils.utcnow is what SimCord's advance_time moves, so expiry logic
    # follows simulated time in tests and real time in production.
    return discord.utils.utcnow().timestamp()


class GameBot(commands.Bot):
    def __init__(self, settings: Settings, clock: Callable[[], float] = virtual_clock):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None)
        self.settings = settings
        self.store = Store(settings.database_path)
        self.service = MatchService(self.store, clock=clock)
        self.actions = Actions(self)

    async def setup_hook(self) -> None:
        await self.store.open()
        self.add_dynamic_items(*buttons.ALL)
        for group in build_groups(self.actions):
            self.tree.add_command(group)
        await self.sync_commands()
        self.expire_challenges.start()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s; invite link: %s", self.user, self.invite_link())

    def invite_link(self) -> str:
        return invite_link(self.application_id or self.user.id)

    @tasks.loop(minutes=10)
    async def expire_challenges(self) -> None:
        for match in await self.service.expire_challenges():
            if match.channel_id and match.message_id:
                try:
                    channel = self.get_partial_messageable(match.channel_id)
                    await channel.get_partial_message(match.message_id).edit(
                        content=present.challenge_message(match), view=None)
                except discord.HTTPException as exc:
                    log.info("could not mark challenge %s as expired: %s", match.id, exc)

    @expire_challenges.before_loop
    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    async def close(self) -> None:
        self.expire_challenges.cancel()
        await super().close()
        await self.store.close()


def create_bot(settings: Settings | None = None) -> GameBot:
    """The fully wired bot, not connected: ``python -m bot`` runs it, tests drive it."""
    return GameBot(settings or Settings.from_env())
