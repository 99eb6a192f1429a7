"""The bot: wires settings, store, match service and the features together.

This is the one module that imports every feature: each feature's object hangs on the bot
(``bot.actions``, ``bot.history``, ``bot.tournaments``, ``bot.computer`` …) and the features reach
one another through it at run time; the board poster (``bot.boards``) gets each feature's board
buttons here.  bot/README.md draws the layers."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable

import discord
from discord.ext import commands

from matches import MatchService
from matches.store import store_for

from ..clock.digests import Digests
from ..clock.reminders import Reminders
from ..clock.scheduler import Scheduler
from ..community.commands import build_community_commands
from ..computer.player import ComputerPlayer
from ..computer.practice import Practising
from ..computer.practice_commands import build_practice_group
from ..errors import GameTree
from ..history import commands as history
from ..history.commands import History
from ..locales import LANGUAGES, catalogue, language
from ..messages.boards import BoardPoster
from ..play import actions as play
from ..play import buttons, guided
from ..play.actions import Actions
from ..play.comfort import NextButton
from ..play.commands import build_groups
from ..play.conditional import RemoveLineButton
from ..tournaments.ladder import Ladders
from ..tournaments.ladder_commands import build_ladder_group
from ..tournaments.season_commands import build_season_group
from ..tournaments.seasons import Seasons
from ..tournaments.tournament import JoinEventButton, Tournaments
from ..tournaments.tournament_commands import build_tournament_group
from ..web import WebBoard
from ..web import discord_side as web
from ..web.discord_side import OpenBoardButton, link_command
from .i18n import Catalogue
from .settings import Settings

log = logging.getLogger(__name__)

# The bot never joins a voice channel: without this, discord.py warns at every start that
# PyNaCl and davey (voice libraries) are missing, which reads as a broken install.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

# Send messages, embed links, attach files, read history, create public threads,
# send in threads, manage threads (to archive a match's thread).
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    manage_threads=True,
)


def invite_link(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


def virtual_clock() -> float:
    # discord.utils.utcnow is what SimCord's advance_time moves, so expiry logic
    # follows simulated time in tests and real time in production.
    return discord.utils.utcnow().timestamp()


class GameBot(commands.Bot):
    def __init__(self, settings: Settings, clock: Callable[[], float] = virtual_clock, **sharding):
        # Pings nobody unless a message says otherwise (bot.replies.outgoing: only the players it notifies).
        # GameTree: every command's refusal is answered privately in one place (bot.errors).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=GameTree,
            **sharding,
        )
        # Names this process in the claims on due work (matches.timekeeping.claim_due).
        self.process_name = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.settings = settings
        self.store = store_for(
            settings.database,
            exclusive=settings.lock_database,
            statement_timeout=settings.statement_timeout,
            idle_in_transaction_timeout=settings.idle_in_transaction_timeout,
        )
        self.service = MatchService(self.store, clock=clock)
        self.actions = Actions(self)
        self.history = History(self)
        # The board's buttons in this order: the play feature's, a finished match's Review, the web board's.
        self.boards = BoardPoster(
            self,
            board_items=[play.board_items, history.board_items, web.board_items],
            final_extras=self.history.final_extras,
        )
        self.reminders = Reminders(self)
        self.digests = Digests(self)
        self.scheduler = Scheduler(self)
        self.computer = ComputerPlayer(self)
        self.tournaments = Tournaments(self)
        self.seasons = Seasons(self)
        self.ladders = Ladders(self)
        self.practice = Practising(self)
        # Servers whose admins chose the bot's language: read on every public message, so kept here.
        self.languages: dict[int, str] = {}
        # The players' Discord languages as last stored, so that only a change costs a write.
        self._user_languages: dict[int, str] = {}
        self._background: set[asyncio.Task] = set()  # held, so that they are not collected mid-way
        # The web board (bot/web), when WEB_BASE_URL is set: nothing listens otherwise.
        self.web = WebBoard(self) if settings.web_base_url else None

    async def setup_hook(self) -> None:
        await self.store.open()
        self.languages = await self.service.server_languages()
        # Another process (or this one) changed a server's settings: read its language again.
        self.store.on_notice.append(self._settings_changed)
        for lang in LANGUAGES:  # read the catalogues now, not from the disk during a first reply
            catalogue(lang)
        self.add_dynamic_items(
            *buttons.ALL,
            *guided.ALL,
            history.ReviewButton,
            JoinEventButton,
            RemoveLineButton,
            NextButton,
            OpenBoardButton,
        )
        link = link_command if self.settings.web_base_url else None
        for command in [
            *build_groups(self.actions, link),
            *build_community_commands(self),
            build_tournament_group(self),
            build_season_group(self),
            build_ladder_group(self),
            build_practice_group(self),
        ]:
            self.tree.add_command(command)
        await self.tree.set_translator(Catalogue())
        # Logged in by now, so the application id is known: show the link before anything can fail.
        log.info("invite link: %s", self.invite_link())
        await self.sync_commands()
        if self.web is not None:
            await self.web.start()
        self.scheduler.start()
        self.computer.start()
        # Matches left waiting for the computer when the bot stopped go on by themselves.
        self._resuming = asyncio.create_task(self.computer.resume(), name="computer resumes")

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id and await self.sync_to_dev_guild(self.settings.dev_guild_id):
            return
        synced = await self.tree.sync()
        log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def sync_to_dev_guild(self, guild_id: int) -> bool:
        """Register the commands in DEV_GUILD_ID only; False (and one line saying why) when Discord
        refuses, so that a typo or a server the bot has not joined yet costs no start."""
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        try:
            synced = await self.tree.sync(guild=guild)
        except (discord.Forbidden, discord.NotFound) as exc:
            # Discord answers 403 Missing Access both for a server the bot is not in and for an id
            # that names no server; a server that added the bot without applications.commands too.
            self.tree.clear_commands(guild=guild)
            log.warning(
                "the bot is not in server %s (%s): invite it with %s first, or unset DEV_GUILD_ID; "
                "using global commands meanwhile",
                guild_id,
                exc.text or exc.status,
                self.invite_link(),
            )
            return False
        log.info("synced %d commands to development guild %s", len(synced), guild_id)
        return True

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each player's Discord language: DMs (reminders) have no interaction to take it from."""
        lang = language(interaction.locale)
        if self._user_languages.get(interaction.user.id) != lang:
            self._user_languages[interaction.user.id] = lang
            await self.service.remember_language(interaction.user.id, lang)

    def _settings_changed(self, topic: str, payload: str) -> None:
        if topic == "guild":
            task = asyncio.get_running_loop().create_task(self._reread_language(int(payload)))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _reread_language(self, guild_id: int) -> None:
        chosen = (await self.service.guild_settings(guild_id)).language
        if chosen:
            self.languages[guild_id] = chosen
        else:
            self.languages.pop(guild_id, None)

    async def on_ready(self) -> None:
        log.info("logged in as %s, in %d servers", self.user, len(self.guilds))

    def invite_link(self) -> str:
        return invite_link(self.application_id or self.user.id)

    async def close(self) -> None:
        self.scheduler.stop()
        await self.computer.stop()  # the jobs it was thinking about are handed back
        if self.web is not None:
            await self.web.stop()
        if "reviewer" in vars(self.actions):  # started on the first review (bot/history/reviews.py)
            self.actions.reviewer.close()
        await super().close()
        await self.store.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot over some of Discord's shards (SHARD_COUNT, SHARD_IDS): one gateway connection each."""


def create_bot(settings: Settings | None = None) -> GameBot:
    """The fully wired bot, not connected: ``python -m bot`` runs it, tests drive it."""
    settings = settings or Settings.from_env()
    if settings.shard_count is None:
        return GameBot(settings)
    shards = settings.shards
    return ShardedGameBot(settings, shard_count=shards.count, shard_ids=list(shards.ids))
