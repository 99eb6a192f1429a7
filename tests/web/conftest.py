"""The web board against a real match service on both backends, in one event loop (aiohttp's
test client); tests/bot/test_web.py runs it in its own thread beside a SimCord bot."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.api import Hub, WebApp
from matches import MatchService, Player
from matches.store import store_for

SECRET = "s" * 40
ORIGIN = "http://board.test"
DAY = 86_400
ANN, BOB, CAT = Player(1, "ann"), Player(2, "bob"), Player(3, "cat")


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


class Host:
    """The web board's host in the test's own loop: the service awaited directly."""

    def __init__(self, service, clock):
        self.service, self.clock = service, clock
        self.secret, self.link_days, self.origin = SECRET, 30, ORIGIN
        self.hub = Hub()
        self.posted = []
        service.store.on_notice.append(self._noticed)

    def _noticed(self, topic, payload):
        if topic == "match":
            match_id, ply = map(int, payload.split())
            self.hub.publish(match_id, ply)

    async def call(self, work):
        return await work()

    def after_move(self, result):
        self.posted.append(result)

    async def link(self, match_id, user_id, role="player", days=30, generation=None):
        if generation is None:
            generation = await self.service.link_generation(user_id)
        return links.sign(SECRET, links.Link(match_id, user_id, role, generation, int(self.clock() + days * DAY)))


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def service(database, clock):
    store = await store_for(database).open()
    seeds = iter(range(1000, 100000))
    yield MatchService(store, clock=clock, seeds=lambda: next(seeds))
    await store.close()


@pytest.fixture
def host(service, clock):
    return Host(service, clock)


@pytest.fixture
async def client(host):
    app = WebApp(host).app()
    async with TestClient(TestServer(app)) as client:
        yield client


async def started(service, game="tactori-fem", players=(ANN, BOB), options=None):
    match = await service.create_challenge(
        game, 10, 20, players[0], list(players[1:]), first="me", options=options or {}
    )
    for player in players[1:]:
        match = await service.accept(match.id, player.id)
    return match


# A short tactori-fem match and what a stored review says of it: (move, label, better, drop).
REVIEWED = [
    ("+c3", "inaccuracy", "+b3", 0.06),
    ("+d4", "mistake", "+c2", 0.14),
    ("+b2", "good", "+b2", 0.01),
    ("+e5", "blunder", "+a1", 0.41),
]


async def store_review(service, match, plies=REVIEWED, accuracy=(81.4, 63.6)):
    """Stores a review of ``match`` as the review worker would (``ai.review.Review.to_json``), made up
    here: computing one takes a minute."""
    from ai.review import Ply, Review
    from matches.reviews import Reviewing

    match = await service.get(match.id)
    review = Review(
        "tactori-fem",
        list(match.names),
        "hard",
        0,
        accuracy=list(accuracy),
        plies=[
            Ply(ply, ply % 2, move, [0.5, 0.5], better, 0.6, 0.6 - drop, label)
            for ply, (move, label, better, drop) in enumerate(plies)
        ],
    )
    await service.store_review(Reviewing(match.id, match.version, {}, "hard", 0), review.to_json())


async def reviewed(service, players=(ANN, BOB)):
    """A finished match (REVIEWED's moves, then ann resigns) with its stored review."""
    match = await started(service, players=players)
    for move, *_ in REVIEWED:
        match = (await service.move(match.id, match.to_move_id(), move)).match
    await service.resign(match.id, players[0].id)
    match = await service.get(match.id)
    assert match.status == "finished"
    await store_review(service, match)
    return match
