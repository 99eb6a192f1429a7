"""Time banks in the service: a bank runs only on its owner's turn, gains the increment after each
of his turns up to the start, and runs out; reminders and claims follow it (both backends)."""

import pytest

from matches.errors import ServiceError
from matches.timing import DAY, ClockEvent

from .conftest import ANN, BOB

HOUR = 3600


async def banked(service, bank=2, increment=12):
    match = await service.create_challenge(
        "tactori-fem", 10, 20, ANN, [BOB], first="me", clock="bank", bank=bank, increment=increment
    )
    return await service.accept(match.id, BOB.id)


async def test_a_bank_runs_on_its_turn_grows_and_is_capped(service, clock):
    match = await banked(service)
    assert match.bank == 2 * DAY and match.increment == 12 * HOUR and match.banks == [2 * DAY, 2 * DAY]
    assert match.deadline == clock.now + 2 * DAY

    clock.now += DAY
    match = (await service.move(match.id, ANN.id, "+c3")).match
    assert match.banks == [1.5 * DAY, 2 * DAY]  # a day used, twelve hours gained
    assert match.deadline == clock.now + 2 * DAY  # bob's bank, untouched so far

    clock.now += HOUR
    match = (await service.move(match.id, BOB.id, "+a1")).match
    assert match.banks == [1.5 * DAY, 2 * DAY]  # capped at the start
    assert match.deadline == clock.now + 1.5 * DAY
    assert match.bank_left(0, clock.now + HOUR) == 1.5 * DAY - HOUR

    clock.now += HOUR
    match = (await service.move(match.id, ANN.id, "+e5")).match
    assert match.banks == [1.5 * DAY + 11 * HOUR, 2 * DAY]  # grows by what a quick turn saves


async def test_a_bank_that_runs_out_warns_first_and_is_claimed(service, clock):
    match = await banked(service, bank=1, increment=0)
    match = (await service.move(match.id, ANN.id, "+c3")).match
    assert match.deadline == clock.now + DAY
    clock.now += 0.75 * DAY + 1  # a quarter of bob's bank left
    assert [(m.id, e) for m, e in await service.due()] == [(match.id, ClockEvent.QUARTER)]
    with pytest.raises(ServiceError):
        await service.claim(match.id, ANN.id)
    clock.now += 0.25 * DAY
    assert [e for _, e in await service.due()] == [ClockEvent.TIMEOUT]
    result = await service.claim(match.id, ANN.id)
    assert result.match.status == "finished" and result.match.result["end"] == "timeout"
    assert result.match.result["winners"] == [0]


async def test_time_per_move_stays_the_default_and_banks_are_checked(service):
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me")
    assert match.bank is None and match.banks is None
    with pytest.raises(ServiceError):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], bank=3)
    with pytest.raises(ServiceError):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], clock="bank", bank=0)
    with pytest.raises(ServiceError):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], clock="bank", bank=1, increment=25)
    with pytest.raises(ServiceError):
        await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], clock="bank", days=3)
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me", clock="bank")
    assert match.bank == 7 * DAY and match.increment == 24 * HOUR


async def test_a_vacation_stops_the_bank(service, clock):
    match = await banked(service, bank=2, increment=0)
    await service.start_vacation(ANN.id, 3)
    match = await service.get(match.id)
    assert match.deadline == clock.now + 5 * DAY
    clock.now += 3 * DAY + HOUR
    match = (await service.move(match.id, ANN.id, "+c3")).match
    assert match.banks == [2 * DAY - HOUR, 2 * DAY]
