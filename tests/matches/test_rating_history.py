"""Every rating change is kept (/stats draws a player's rating over time)."""

from .conftest import ANN, BOB
from .test_service import moved, started


async def test_each_rated_match_adds_the_new_rating_of_every_player(service, clock):
    first = await moved(service, await started(service))
    await service.resign(first.id, BOB.id)  # ann wins
    clock.now += 3600
    second = await moved(service, await started(service))
    await service.resign(second.id, ANN.id)  # bob wins
    history = await service.rating_history(10, ANN.id)
    board = {r.user_id: r.rating for r in await service.leaderboard(10, "architekton")}
    assert list(history) == ["architekton"]
    [(t1, after_win), (t2, after_loss)] = history["architekton"]
    assert t2 - t1 == 3600 and after_win > 1500 and after_loss < after_win
    assert after_loss == board[ANN.id]
    assert (await service.rating_history(10, BOB.id))["architekton"][-1][1] == board[BOB.id]
    assert await service.rating_history(10, ANN.id, "atacama") == {}
    assert await service.rating_history(99, ANN.id) == {}


async def test_void_matches_leave_no_history(service):
    match = await started(service)
    await service.resign(match.id, BOB.id)
    assert await service.rating_history(10, ANN.id) == {}
