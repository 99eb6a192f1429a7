import pytest

from matches import MatchService, Player
from matches.store import store_for


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def store(database):
    store = await store_for(database).open()
    yield store
    await store.close()


@pytest.fixture
def service(store, clock):
    seeds = iter(range(1000, 100000))
    return MatchService(store, clock=clock, seeds=lambda: next(seeds))


ANN, BOB, CAT = Player(1, "ann"), Player(2, "bob"), Player(3, "cat")


@pytest.fixture
async def second(database, clock):
    """Another process's service on the same database (its own store, its own connection)."""
    store = await store_for(database).open()
    seeds = iter(range(500_000, 600_000))
    yield MatchService(store, clock=clock, seeds=lambda: next(seeds))
    await store.close()
