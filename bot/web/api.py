"""The web board's HTTP side (aiohttp): the page, its JSON, moves and live events.

Every address under ``/m/`` and ``/api/m/`` carries a link (bot/web/links.py), the
only credential: a link that is forged, expired, renewed, or for another match
is refused with 403 and nothing about any match.  The handlers run on the web
board's own event loop; whatever touches the match service goes through
``host.call``, which runs it on the bot's loop (bot/web/server.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from engines import MoveError, Text, replay
from engines.builder import longer, tree
from matches import Match, ServiceError
from matches.errors import MatchClosed, NotAPlayer, NotFound, NotYourTurn, StaleRequest
from matches.play import IllegalMoveError

from ..locales import language, say
from . import links, page
from .scene import PALETTE, scene, scripts, styles
from .snapshots import Snapshots

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
# Requests per link: a burst of BURST, then RATE a second (a page makes a few per move and click).
BURST = 120
RATE = 10.0
KEEPALIVE = 15.0  # seconds between comments on an idle event stream (proxies close silent ones)
MOVE_MAX = 200  # characters of a move, as /move takes

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


class Host(Protocol):
    """What the web board needs from the bot."""

    service: Any
    secret: str
    link_days: int
    origin: str  # scheme://host[:port] of WEB_BASE_URL: the only Origin a move may come from
    hub: Hub

    def clock(self) -> float: ...
    async def call(self, work: Callable[[], Awaitable[Any]]) -> Any: ...  # on the bot's loop
    def after_move(self, result) -> None: ...  # post the turn (bot's loop)


class Hub:
    """The open event streams, by match (lives on the web board's loop)."""

    def __init__(self) -> None:
        self.streams: dict[int, set[asyncio.Queue]] = {}
        self.on_publish: list[Callable[[int], None]] = []  # called with the match's id, first

    def subscribe(self, match_id: int) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self.streams.setdefault(match_id, set()).add(queue)
        return queue

    def unsubscribe(self, match_id: int, queue: asyncio.Queue) -> None:
        streams = self.streams.get(match_id)
        if streams is not None:
            streams.discard(queue)
            if not streams:
                del self.streams[match_id]

    def publish(self, match_id: int, ply: int) -> None:
        for hook in self.on_publish:
            hook(match_id)
        for queue in self.streams.get(match_id, ()):
            queue.put_nowait(ply)

    def close(self) -> None:
        for streams in self.streams.values():
            for queue in streams:
                queue.put_nowait(None)

    @property
    def open_streams(self) -> int:
        return sum(len(s) for s in self.streams.values())


class Refused(Exception):
    def __init__(self, status: int, text: Text, **extra: Any):
        super().__init__(text)
        self.status, self.text, self.extra = status, text, extra


FORBIDDEN = Text("This board link is not valid (any more). Ask the bot for a new one with the Open board button.")


@dataclass
class Viewer:
    link: links.Link
    match: Match
    lang: str
    now: float  # the bot's clock as the link was checked

    @property
    def seat(self) -> int | None:
        return self.match.seat_of(self.link.user_id) if self.link.role == "player" else None


class Limits:
    """A token bucket per link (by its fingerprint, never the link itself)."""

    now = staticmethod(time.monotonic)  # a test freezes it: a loaded machine refills the bucket as it asks

    def __init__(self, burst: int = BURST, rate: float = RATE):
        self.burst, self.rate = burst, rate
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, token: str) -> bool:
        key, now = links.fingerprint(token), self.now()
        level, since = self.buckets.get(key, (float(self.burst), now))
        level = min(self.burst, level + (now - since) * self.rate)
        if level < 1:
            self.buckets[key] = (level, now)
            return False
        self.buckets[key] = (level - 1, now)
        if len(self.buckets) > 50_000:  # forget the idle ones now and then
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return True


def _static_version(games: dict[str, Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(STATIC.iterdir()):
        digest.update(path.read_bytes())
    for name in sorted(games):
        digest.update(name.encode() + b"\0" + games[name].read_bytes())
    return digest.hexdigest()[:12]


class WebApp:
    def __init__(self, host: Host):
        self.host = host
        self.limits = Limits()
        # each game's drawing code, by the game's name: fixed when the board starts, never a path from a request
        self.scripts = scripts()
        self.version = _static_version(self.scripts)
        self.snapshots = Snapshots()
        self._building: set[asyncio.Task] = set()  # answers built ahead for pages just served
        host.hub.on_publish.append(self.snapshots.forget)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._headers], client_max_size=16 * 1024)
        app.router.add_get("/m/{link}", self.page)
        app.router.add_get("/api/m/{link}", self.snapshot)
        app.router.add_post("/api/m/{link}/move", self.move)
        app.router.add_post("/api/m/{link}/explore", self.explore)
        app.router.add_post("/api/m/{link}/longer", self.longer)
        app.router.add_get("/api/m/{link}/events", self.events)
        app.router.add_get("/favicon.ico", self.favicon)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/static/games/{name}", self.game_script)
        app.on_shutdown.append(self._shutdown)
        return app

    async def _shutdown(self, _app) -> None:
        self.host.hub.close()
        for task in list(self._building):
            task.cancel()

    @web.middleware
    async def _headers(self, request: web.Request, handler):
        try:
            response = await handler(request)
        except Refused as exc:
            lang = getattr(request, "_board_lang", None) or _accepted(request)
            response = web.json_response({"error": say(exc.text, lang, escaped=False), **exc.extra}, status=exc.status)
        except web.HTTPException as exc:
            # a plain response with the exception's status, body and headers, so that ours can be
            # added (returning the exception itself is deprecated in aiohttp)
            response = web.Response(status=exc.status, reason=exc.reason, body=exc.body, headers=exc.headers)
        for key, value in HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    # ----------------------------------------------------------------- links
    async def _viewer(self, request: web.Request) -> Viewer:
        token = request.match_info["link"]
        if not self.limits.allow(token):
            raise Refused(429, Text("Too many requests from this board; wait a moment."))
        link = links.read(self.host.secret, token)
        if link is None:
            raise Refused(403, FORBIDDEN)
        service = self.host.service

        async def look() -> tuple[float, tuple[int, str | None, Match | None]]:
            # on the bot's loop, so that the bot's clock tells the time (tests move it)
            now = self.host.clock()
            if link.expires < now:
                return now, (-1, None, None)
            return now, await service.board_look(link.match_id, link.user_id)

        now, (generation, stored, match) = await self.host.call(look)
        if generation != link.generation or match is None or match.status not in ("active", "finished", "void"):
            raise Refused(403, FORBIDDEN)
        if link.role == "player" and link.user_id not in match.players:
            raise Refused(403, FORBIDDEN)
        lang = stored or _accepted(request)
        request._board_lang = lang  # for a refusal further on
        return Viewer(link, match, lang, now)

    # ------------------------------------------------------------------ page
    async def page(self, request: web.Request) -> web.Response:
        try:
            viewer = await self._viewer(request)
        except Refused as exc:
            lang = _accepted(request)
            return web.Response(
                text=page.refusal(say(exc.text, lang), lang), content_type="text/html", status=exc.status
            )
        match = viewer.match
        title = say(Text("{title} #{id}", title=match.title, id=match.id), viewer.lang)
        # The page asks for its JSON as soon as its script runs: built meanwhile, it is ready then.
        task = asyncio.ensure_future(self._described(viewer))
        self._building.add(task)
        task.add_done_callback(self._built)
        script = match.game if match.game in self.scripts else None
        return web.Response(text=page.document(title, viewer.lang, self.version, script), content_type="text/html")

    def _built(self, task: asyncio.Task) -> None:
        self._building.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("the web board could not build match JSON ahead: %r", task.exception())

    async def favicon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        path = STATIC / name
        if name not in {p.name for p in STATIC.iterdir()}:
            raise web.HTTPNotFound()
        kind = {"js": "text/javascript", "css": "text/css"}.get(name.rsplit(".", 1)[-1], "application/octet-stream")
        response = web.Response(body=path.read_bytes(), content_type=kind)
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response

    async def game_script(self, request: web.Request) -> web.Response:
        """A game's drawing code, ``/static/games/<name>.js``: only a registered game's, by its name."""
        name = request.match_info["name"]
        game = name[: -len(".js")] if name.endswith(".js") else None
        if game not in self.scripts:
            raise web.HTTPNotFound()
        response = web.Response(body=self.scripts[game].read_bytes(), content_type="text/javascript")
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response

    # ------------------------------------------------------------------ JSON
    async def snapshot(self, request: web.Request) -> web.Response:
        viewer = await self._viewer(request)
        match, service = viewer.match, self.host.service
        body = await self._described(viewer)
        # Added to the kept answer, never kept: the review (stored after the match ended, without
        # a new version) and the time now, from which the page counts down to the deadline.
        review = None
        if match.status == "finished":
            # a review exists only for an ended match; asked for no other, so none can leak while it runs
            stored = await self.host.call(lambda: service.stored_review(match.id))
            review = page.review(stored, len(match.players)) if stored is not None else None
        tail = json.dumps({"review": review, "now": viewer.now}, separators=(",", ":")).encode()
        return web.Response(body=body[:-1] + b"," + tail[1:], content_type="application/json")

    async def _described(self, viewer: Viewer) -> bytes:
        """The match's JSON for ``viewer`` (without the review and the time): kept, or built."""
        match, service = viewer.match, self.host.service

        async def build() -> bytes:
            moves = await self.host.call(lambda: service.moves(match.id))
            described = self.describe(viewer, [m.move for m in moves], [m.user_id for m in moves])
            return json.dumps(described, separators=(",", ":")).encode()

        # what makes two viewers' answers differ (the steps go to the mover alone): see snapshots.py
        key = (viewer.link.role, viewer.seat, viewer.lang)
        return await self.snapshots.get(match.id, match.version, key, build)

    def describe(self, viewer: Viewer, moves: list[str], movers: list[int]) -> dict[str, Any]:
        match, lang = viewer.match, viewer.lang
        state = match.position
        to_move = match.to_move_seat() if match.status == "active" else None
        you = viewer.seat
        yours = you is not None and to_move == you and you not in match.resigned_seats
        seats = {user: seat for seat, user in enumerate(match.players)}
        names = [say(name, lang, escaped=False) for name in match.names]
        prompt = state.prompt() if match.status == "active" else ""
        return {
            "game": match.game,
            "title": match.title,
            "match": match.id,
            "status": match.status,
            "ply": match.plies,
            "to_move": to_move,
            "you": you,
            "role": viewer.link.role,
            "finished": match.status in ("finished", "void"),
            "names": names,
            "styles": styles(len(match.players)),
            "palette": PALETTE,
            "moves": [{"ply": i + 1, "move": m, "seat": seats.get(u)} for i, (m, u) in enumerate(zip(moves, movers))],
            "board": scene(match.game, state),
            "steps": tree(state.legal_moves(), match.game) if yours else [],
            "prompt": say(prompt, lang, escaped=False) if prompt else "",
            "deadline": match.deadline,
            "result": match.result,
            "lang": lang,
            "words": page.words(lang, match.game),
            "status_line": page.status_line(match, names, you, lang),
            "longer": hasattr(state, "continuations"),  # turns may go on past the listed steps
        }

    # ----------------------------------------------------------------- moves
    async def move(self, request: web.Request) -> web.Response:
        if request.headers.get("Origin") != self.host.origin:
            raise Refused(403, Text("Moves are only taken from the board's own page."))
        viewer = await self._viewer(request)
        body = await _json_body(request)
        move, ply = body.get("move"), body.get("ply")
        if not isinstance(move, str) or not 0 < len(move) <= MOVE_MAX or type(ply) is not int:
            raise Refused(400, Text("A move is sent as JSON: the move and the number of moves played."))
        match = viewer.match
        if viewer.link.role != "player" or viewer.seat is None:
            raise Refused(403, Text("This is a spectator's board: it cannot move."))
        if ply != match.plies or match.status != "active":
            raise Refused(
                409,
                Text("The match changed before your move arrived; look at the new board and try again."),
                ply=match.plies,
            )
        if match.to_move_id() != viewer.link.user_id:
            raise Refused(409, Text("It is not your turn."), ply=match.plies)
        service = self.host.service
        try:
            result = await self.host.call(
                lambda: service.move(match.id, viewer.link.user_id, move, expected_version=match.version)
            )
        except IllegalMoveError as exc:
            raise Refused(422, exc.text) from None
        except (NotYourTurn, StaleRequest, MatchClosed) as exc:
            raise Refused(409, exc.text, ply=match.plies) from None
        except (NotAPlayer, NotFound) as exc:
            raise Refused(403, exc.text) from None
        except ServiceError as exc:
            raise Refused(409, exc.text, ply=match.plies) from None
        self.host.after_move(result)
        return web.json_response({"ply": result.match.plies, "move": result.move})

    async def explore(self, request: web.Request) -> web.Response:
        """A scratch board: the position after ``ply`` moves of the match, then ``moves`` tried on it.
        Nothing is stored; hidden tiles and boards are drawn afresh from what the viewer knows."""
        viewer = await self._viewer(request)
        state, played = await self._scratch(viewer, await _json_body(request))
        to_move = state.current_player() if state.outcome() is None else None
        return web.json_response(
            {
                "ply": played[0],
                "moves": played[1],
                "to_move": to_move,
                "board": scene(viewer.match.game, state),
                "steps": tree(state.legal_moves(), viewer.match.game) if to_move is not None else [],
                "prompt": say(state.prompt(), viewer.lang, escaped=False) if to_move is not None else "",
            }
        )

    async def longer(self, request: web.Request) -> web.Response:
        """The parts that may follow a whole move beyond the legal list (e.g. more bridges)."""
        viewer = await self._viewer(request)
        body = await _json_body(request)
        move = body.get("move")
        if not isinstance(move, str) or not 0 < len(move) <= MOVE_MAX:
            raise Refused(400, Text("A move is sent as JSON: the move and the number of moves played."))
        match = viewer.match
        if body.get("ply") == match.plies and not body.get("moves"):
            if viewer.seat is None or match.to_move_seat() != viewer.seat or match.status != "active":
                return web.json_response({"next": []})
            state = match.position
        else:
            state, _ = await self._scratch(viewer, body)
        return web.json_response({"next": await asyncio.to_thread(longer, state, move, match.game)})

    async def _scratch(self, viewer: Viewer, body: dict):
        ply, tried = body.get("ply"), body.get("moves", [])
        if (
            type(ply) is not int
            or not isinstance(tried, list)
            or len(tried) > 200
            or not all(isinstance(m, str) and 0 < len(m) <= MOVE_MAX for m in tried)
        ):
            raise Refused(400, Text("Explore takes the number of moves to start after and the moves to try."))
        match = viewer.match
        moves = [m.move for m in await self.host.call(lambda: self.host.service.moves(match.id))]
        if not 0 <= ply <= len(moves) or match.state_json is None:
            raise Refused(422, Text("Choose a position between 0 and {count} moves.", count=len(moves)))
        state = await asyncio.to_thread(_position, match, moves, ply, self.host.secret)
        played = []
        for index, move in enumerate(tried):
            if state.outcome() is not None:
                raise Refused(422, Text("The match is over in that line."), index=index)
            try:
                played.append(state.play(move))
            except MoveError as exc:
                raise Refused(422, exc.text, index=index) from None
        return state, (ply, played)

    # ---------------------------------------------------------------- events
    async def events(self, request: web.Request) -> web.StreamResponse:
        viewer = await self._viewer(request)
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no", **HEADERS}
        )
        hub = self.host.hub
        queue = hub.subscribe(viewer.match.id)
        try:
            await response.prepare(request)
            await response.write(
                f"retry: 1000\nevent: hello\ndata: {json.dumps({'ply': viewer.match.plies})}\n\n".encode()
            )
            while True:
                try:
                    ply = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if ply is None:
                    break
                await response.write(f"event: ply\ndata: {json.dumps({'ply': ply})}\n\n".encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            hub.unsubscribe(viewer.match.id, queue)
        return response


def _position(match: Match, moves: list[str], ply: int, secret: str):
    """The match after ``ply`` of its ``moves``, its hidden parts drawn afresh (never the real order)."""
    from ai.hidden import determinise, has_hidden

    state = replay(match.record(moves), ply)
    if has_hidden(state):
        seed = hashlib.sha256(f"{secret}:{match.id}:{ply}".encode()).digest()
        state = determinise(state, random.Random(seed))
    return state.copy()


async def _json_body(request: web.Request) -> dict:
    if request.content_type != "application/json":
        raise Refused(415, Text("A move is sent as JSON: the move and the number of moves played."))
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, Text("A move is sent as JSON: the move and the number of moves played.")) from None
    if not isinstance(body, dict):
        raise Refused(400, Text("A move is sent as JSON: the move and the number of moves played."))
    return body


def _accepted(request: web.Request) -> str:
    """The language the browser asks for first, among the bot's."""
    for part in request.headers.get("Accept-Language", "").split(","):
        lang = language(part.split(";")[0].strip())
        if lang != "en" or part.strip().lower().startswith("en"):
            return lang
    return "en"


def escape(text: str) -> str:
    return html.escape(text, quote=True)
