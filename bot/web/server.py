"""The web board served by the bot process, in a thread of its own.

The aiohttp site runs on its own event loop in its own thread, so that open
pages and event streams (which last as long as a tab stays open) are never
part of the bot's own work: they cannot slow the bot's loop, and a test driver
that waits for the bot to be idle is not kept waiting by them.  Whatever
touches the match service or Discord is handed to the bot's loop
(``call``/``after_move``) in the context the web board was started in, and
comes back as a future.  Changes to matches reach open pages through the
store's notices (``matches.core``: one per commit, from every bot process on
PostgreSQL), forwarded to the web loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from .api import Hub, WebApp

log = logging.getLogger(__name__)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class WebBoard:
    def __init__(self, bot):
        settings = bot.settings
        if not settings.web_secret or len(settings.web_secret) < 32:
            raise ValueError("WEB_SECRET must be at least 32 characters")
        self.bot = bot
        self.service = bot.service
        self.secret = settings.web_secret
        self.link_days = settings.web_link_days
        self.base_url = settings.web_base_url.rstrip("/")
        self.origin = origin_of(self.base_url)
        self.host, self.port = settings.web_host, settings.web_port
        self.hub = Hub()
        self.web = WebApp(self)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.bot_loop: asyncio.AbstractEventLoop | None = None
        self._context: contextvars.Context | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.address: tuple[str, int] | None = None

    def clock(self) -> float:
        return self.service.clock()

    # -------------------------------------------------------------- lifetime
    async def start(self) -> None:
        """Listen (on the bot's loop: returns once the site is up)."""
        self.bot_loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        ready: concurrent.futures.Future = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._serve, args=(ready,), name="web board", daemon=True)
        self._thread.start()
        self.address = await asyncio.wrap_future(ready)
        self.bot.store.on_notice.append(self._noticed)
        log.info("web board listening on %s:%s for %s", *self.address, self.base_url)

    def _serve(self, ready: concurrent.futures.Future) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        async def up() -> tuple[str, int]:
            # No access log: every address carries a link, and links are never written down.
            self._runner = web.AppRunner(self.web.app(), access_log=None, handle_signals=False, shutdown_timeout=1.0)
            await self._runner.setup()
            site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
            await site.start()
            host, port = self._runner.addresses[0][:2]
            return host, port

        try:
            ready.set_result(loop.run_until_complete(up()))
        except BaseException as exc:  # noqa: BLE001 - the bot's loop hears why
            ready.set_exception(exc)
            loop.close()
            return
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._runner.cleanup())
            loop.close()

    async def stop(self) -> None:
        if self.bot_loop is not None and self._noticed in self.bot.store.on_notice:
            self.bot.store.on_notice.remove(self._noticed)
        loop, thread = self.loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        loop.call_soon_threadsafe(self.hub.close)
        loop.call_soon_threadsafe(loop.stop)
        await asyncio.to_thread(thread.join, 5.0)

    # -------------------------------------------------- the two loops meeting
    async def call(self, work: Callable[[], Awaitable[Any]]) -> Any:
        """``work()`` run on the bot's loop; awaited from the web loop."""
        return await asyncio.wrap_future(self._on_bot_loop(work))

    def _on_bot_loop(self, work: Callable[[], Awaitable[Any]]) -> concurrent.futures.Future:
        done: concurrent.futures.Future = concurrent.futures.Future()

        def begin() -> None:
            if done.set_running_or_notify_cancel():
                task = asyncio.ensure_future(work())
                task.add_done_callback(lambda t: _settle(done, t))

        self.bot_loop.call_soon_threadsafe(begin, context=self._context.copy())
        return done

    def after_move(self, result) -> None:
        """The board of a move made on the web goes to the match's channel, as after /move."""
        from .discord_side import post_web_turn

        self._on_bot_loop(lambda: post_web_turn(self.bot, result))

    def _noticed(self, topic: str, payload: str) -> None:
        if topic != "match" or self.loop is None or self.loop.is_closed():
            return
        match_id, ply = (int(part) for part in payload.split())
        try:
            self.loop.call_soon_threadsafe(self.hub.publish, match_id, ply)
        except RuntimeError:  # the web loop stopped meanwhile
            pass

    # ----------------------------------------------------------------- links
    def url(self, token: str) -> str:
        return f"{self.base_url}/m/{token}"


def _settle(done: concurrent.futures.Future, task: asyncio.Task) -> None:
    if task.cancelled():
        done.set_exception(asyncio.CancelledError())
    elif task.exception() is not None:
        done.set_exception(task.exception())
    else:
        done.set_result(task.result())
