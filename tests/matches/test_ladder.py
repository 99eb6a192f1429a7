"""The ladder in the service, on both backends: joining at the bottom, challenges within reach,
place swaps when the lower player wins, refusals and expiries counting as losses, one open
ladder match per player, and each result applied and announced once."""

import asyncio

import pytest

from matches import Player
from matches.errors import NotAPlayer, ServiceError
from matches.timing import DAY

PEOPLE = [Player(i, f"p{i}") for i in range(1, 8)]
GUILD, CHANNEL = 10, 20


async def ladder_of(service, count=5, **kwargs):
    await service.create_ladder(GUILD, CHANNEL, PEOPLE[0], "architekton", **kwargs)
    for p in PEOPLE[:count]:
        await service.join_ladder(GUILD, "architekton", p)
    return await service.ladder(GUILD, "architekton")


async def play_out(service, match_id: int, loser: int):
    match = await service.get(match_id)
    if match.status == "challenge":
        match = await service.accept(
            match_id, match.players[1] if match.players[0] == match.challenger_id else match.players[0]
        )
    await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    await service.resign(match.id, loser)


async def test_the_lower_winner_takes_the_place_and_the_higher_winner_keeps_it(service):
    ladder = await ladder_of(service)
    assert ladder.ranking == [1, 2, 3, 4, 5]
    match = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[1])  # 5 -> 2
    assert match.status == "challenge" and match.expires_at == pytest.approx(service.clock() + 3 * DAY)
    await play_out(service, match.id, 2)
    assert (await service.ladder(GUILD, "architekton")).ranking == [1, 5, 2, 3, 4]
    match = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[3], PEOPLE[2])  # 4 -> 3
    await play_out(service, match.id, 4)  # 3 holds
    assert (await service.ladder(GUILD, "architekton")).ranking == [1, 5, 2, 3, 4]
    news = await service.claim_ladder_news()
    assert [(n.winner, n.how, n.place) for n in news] == [(5, "played", 2), (3, "played", 4)]
    assert await service.claim_ladder_news() == []
    assert (await service.ladder_record(ladder.id))[5] == (1, 0)


async def test_a_refusal_and_an_expiry_count_as_a_loss_and_taking_back_as_nothing(service, clock):
    await ladder_of(service)
    match = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[2], PEOPLE[0])  # 3 -> 1
    await service.decline(match.id, 1)
    assert (await service.ladder(GUILD, "architekton")).ranking == [3, 1, 2, 4, 5]
    match = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[3])  # 5 -> 4
    clock.now += 3 * DAY + 1
    await service.expire_challenges()
    assert (await service.ladder(GUILD, "architekton")).ranking == [3, 1, 2, 5, 4]
    match = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[1], PEOPLE[0])  # 2 -> 1
    await service.decline(match.id, 2)  # the challenger takes it back
    assert (await service.ladder(GUILD, "architekton")).ranking == [3, 1, 2, 5, 4]
    hows = [(n.how, n.winner) for n in await service.claim_ladder_news()]
    assert hows == [("declined", 3), ("expired", 5), ("withdrawn", None)]


async def test_refusals_change_nothing(service):
    await ladder_of(service)
    with pytest.raises(ServiceError):
        await service.create_ladder(GUILD, CHANNEL, PEOPLE[0], "architekton")  # one per game
    with pytest.raises(ServiceError):
        await service.join_ladder(GUILD, "architekton", PEOPLE[0])  # twice
    with pytest.raises(NotAPlayer):
        await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[6], PEOPLE[0])
    with pytest.raises(ServiceError, match="right above you"):
        await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[0])  # 4 places up
    with pytest.raises(ServiceError):
        await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[0], PEOPLE[1])  # below
    first = await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[3])
    with pytest.raises(ServiceError):  # the challenger is busy
        await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[2])
    with pytest.raises(ServiceError):  # the challenged is busy
        await service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[3], PEOPLE[1])
    rows = await service.store.fetchall("SELECT * FROM ladder_matches")
    assert [r["match_id"] for r in rows] == [first.id]
    assert (await service.ladder(GUILD, "architekton")).ranking == [1, 2, 3, 4, 5]


async def test_two_challenges_at_once_for_one_player_leave_one_open(service, second):
    await ladder_of(service)
    results = await asyncio.gather(
        service.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[4], PEOPLE[2]),
        second.ladder_challenge(GUILD, CHANNEL, "architekton", PEOPLE[3], PEOPLE[2]),
        return_exceptions=True,
    )
    made = [r for r in results if not isinstance(r, BaseException)]
    assert len(made) == 1 and all(isinstance(r, ServiceError) for r in results if r not in made)
    rows = await service.store.fetchall("SELECT * FROM ladder_matches WHERE status = 'open'")
    assert len(rows) == 1
