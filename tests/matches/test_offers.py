"""Draw offers and takebacks."""

import pytest

from engines.record import replay
from matches import NotAPlayer, ServiceError, StaleRequest

from .conftest import ANN, BOB
from .test_service import started


async def test_draw_offer_accepted_ends_in_a_draw(service):
    match = await started(service)
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    await service.offer(match.id, ANN.id, "draw")
    with pytest.raises(NotAPlayer, match="your own offer"):
        await service.answer(match.id, ANN.id, "draw", True)
    result = await service.answer(match.id, BOB.id, "draw", True)
    assert result.match.status == "finished" and result.match.result["end"] == "agreed"
    assert result.match.result["winners"] == [0, 1]


async def test_draw_offer_is_void_once_the_position_changes(service):
    match = await started(service)
    await service.offer(match.id, BOB.id, "draw")
    await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    with pytest.raises(StaleRequest, match="lapses"):
        await service.answer(match.id, ANN.id, "draw", True)


async def test_declined_draw_changes_nothing(service):
    match = await started(service)
    await service.offer(match.id, ANN.id, "draw")
    declined = await service.answer(match.id, BOB.id, "draw", False)
    assert declined.status == "active" and declined.offer is None and declined.version == match.version


async def test_undo_of_the_first_placement_before_the_opponent_moves(service):
    match = await started(service)
    before = match.state_json
    moved = await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    with pytest.raises(ServiceError, match="your own last move"):
        await service.offer(match.id, BOB.id, "undo")
    await service.offer(match.id, ANN.id, "undo")
    result = await service.answer(match.id, BOB.id, "undo", True)
    assert result.match.state_json == before and result.match.plies == 0
    assert await service.moves(match.id) == []
    assert replay(await service.record(match.id)).to_json() == before
    assert moved.match.version < result.match.version


async def test_undo_never_crosses_a_draw_from_the_piles(service):
    match = await started(service)
    state = match.state()
    for _ in range(2):  # the second placement refills the stock
        state = (await service.move(match.id, ANN.id, state.legal_moves()[0])).match.state()
    with pytest.raises(ServiceError, match="revealed new tiles"):
        await service.offer(match.id, ANN.id, "undo")
