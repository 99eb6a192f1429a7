"""The match service: one transaction per request, nothing changes on refusal."""

import asyncio
import random

import pytest

from engines import replay
from engines.architekton.tiles import BUILDINGS
from matches import (
    IllegalMoveError,
    MatchClosed,
    MatchService,
    NotAPlayer,
    NotYourTurn,
    Player,
    ServiceError,
    StaleRequest,
    Store,
)

from .conftest import ANN, BOB, CAT


async def started(service, first="me"):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first=first)
    return await service.accept(match.id, BOB.id)


async def moved(service, match):
    """``match`` after one legal move by whoever is to move: from now on its end counts."""
    return (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])).match


async def play_to_end(service, match, seed=0):
    rng = random.Random(seed)
    result = None
    while match.status == "active":
        move = rng.choice(match.state().legal_moves())
        result = await service.move(match.id, match.to_move_id(), move)
        match = result.match
    return match, result


async def test_challenge_refuses_self_bots_and_wrong_counts(service):
    with pytest.raises(ServiceError, match="yourself"):
        await service.create_challenge("architekton", 1, 2, ANN, [ANN])
    with pytest.raises(ServiceError, match="bot"):
        await service.create_challenge("architekton", 1, 2, ANN, [Player(9, "robo", bot=True)])
    with pytest.raises(ServiceError, match="2 players"):
        await service.create_challenge("architekton", 1, 2, ANN, [BOB, CAT])


async def test_first_option_decides_seat_zero_which_starts(service):
    me = await started(service, "me")
    assert me.players == [ANN.id, BOB.id] and me.to_move_id() == ANN.id
    other = await service.create_challenge("architekton", 10, 20, ANN, [BOB], first="opponent")
    other = await service.accept(other.id, BOB.id)
    assert other.to_move_id() == BOB.id


async def test_only_the_invitee_answers_and_decline_closes(service):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])
    with pytest.raises(NotAPlayer):
        await service.accept(match.id, CAT.id)
    with pytest.raises(NotAPlayer):
        await service.accept(match.id, ANN.id)
    declined = await service.decline(match.id, BOB.id)
    assert declined.status == "declined"
    with pytest.raises(MatchClosed):
        await service.accept(match.id, BOB.id)


async def test_challenge_expires_after_fourteen_days(service, clock):
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])
    clock.now += 14 * 24 * 3600 - 1
    assert [m.id for m in await service.expire_challenges()] == []
    clock.now += 1
    assert [m.status for m in await service.expire_challenges()] == ["expired"]
    with pytest.raises(MatchClosed, match="no longer open"):
        await service.accept(match.id, BOB.id)


async def test_setup_is_complete_and_reproduces_the_start(service):
    match = await started(service)
    assert set(match.setup) == {"buildings", "landscapes", "first"}
    assert replay(match.record([])).to_json() == match.state_json


async def test_wrong_turn_non_player_and_illegal_moves_change_nothing(service, store):
    match = await started(service)
    legal = match.state().legal_moves()[0]
    with pytest.raises(NotYourTurn, match="ann's turn"):
        await service.move(match.id, BOB.id, legal)
    with pytest.raises(NotAPlayer):
        await service.move(match.id, CAT.id, legal)
    with pytest.raises(IllegalMoveError, match="not a move"):
        await service.move(match.id, ANN.id, "hello")
    absent = sorted(set(BUILDINGS) - set(match.state().stock))[0]
    with pytest.raises(IllegalMoveError, match="not in the stock"):
        await service.move(match.id, ANN.id, f"{absent}@1,0r0")
    after = await service.get(match.id)
    assert after.version == match.version and after.state_json == match.state_json
    assert await service.moves(match.id) == []


async def test_fifty_simultaneous_submissions_apply_once(service):
    match = await started(service)
    move = match.state().legal_moves()[0]
    results = await asyncio.gather(*(service.move(match.id, ANN.id, move) for _ in range(50)), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1
    # Submissions read before the commit lose the version race; later ones find the turn gone.
    # Either way the player is told that his move counted, once.
    assert all(isinstance(r, (StaleRequest, NotYourTurn)) for r in refused)
    assert all("already played" in str(r) or "played and counted" in str(r) for r in refused)
    assert [m.move for m in await service.moves(match.id)] == [applied[0].move]
    assert (await service.get(match.id)).version == match.version + 1


async def test_a_late_double_submission_while_still_on_turn_is_told_it_counted(service):
    """Architekton's first placement keeps the turn (A4): the repeat finds the tile gone from the stock."""
    match = await started(service)
    move = match.state().legal_moves()[0]
    await service.move(match.id, ANN.id, move)
    assert (await service.get(match.id)).to_move_id() == ANN.id
    with pytest.raises(StaleRequest, match="already played; it counted once"):
        await service.move(match.id, ANN.id, f"  {move.lower()} ")
    assert len(await service.moves(match.id)) == 1


async def test_stale_button_version_is_refused(service):
    match = await started(service)
    move = match.state().legal_moves()[0]
    await service.move(match.id, ANN.id, move)
    with pytest.raises(StaleRequest, match="earlier position"):
        await service.move(match.id, ANN.id, match.state().legal_moves()[0], expected_version=match.version)


async def test_replaying_the_record_reproduces_the_snapshot_at_every_ply(service):
    match = await started(service)
    rng = random.Random(5)
    while match.status == "active":
        result = await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))
        match = result.match
        assert (await service.replay(match.id)).to_json() == match.state_json
    assert match.result["winners"]


async def test_resign_ends_the_match_and_replays(service):
    match = await moved(service, await started(service))
    result = await service.resign(match.id, BOB.id)
    assert result.match.status == "finished"
    assert result.match.result["winners"] == [0] and result.match.result["end"] == "resign"
    assert (await service.replay(match.id)).to_json() == result.match.state_json
    with pytest.raises(MatchClosed):
        await service.move(match.id, ANN.id, match.state().legal_moves()[0])


async def test_a_match_nobody_moved_in_is_void_not_scored(service):
    """ux-notes: cancel, not score, a match where nobody ever moved (no series points, no rating)."""
    match = await started(service)
    result = await service.resign(match.id, BOB.id)
    assert result.match.status == "void" and result.match.result is None and result.match.outcome() is None
    assert result.match.next_event_at is None and result.match.deadline is None
    assert (await service.series(match.series_id)).points == {ANN.id: 0, BOB.id: 0}
    assert await service.leaderboard(10, "architekton") == []
    assert (await service.replay(match.id)).to_json() == result.match.state_json  # the record still replays
    with pytest.raises(MatchClosed, match="void"):
        await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    # the series goes on: a void match may be followed by a rematch like any other
    again = await service.accept((await service.rematch(match.id, BOB.id)).id, ANN.id)
    assert again.series_id == match.series_id and again.players == [BOB.id, ANN.id]


async def test_series_points_rematch_rotates_and_ends_at_two(service):
    match = await moved(service, await started(service))
    result = await service.resign(match.id, BOB.id)  # A10: ann +1
    assert result.series.points == {ANN.id: 1, BOB.id: 0}
    offer = await service.rematch(match.id, BOB.id)
    assert offer.status == "challenge" and offer.accepted == [BOB.id] and offer.expires_at is not None
    with pytest.raises(StaleRequest, match="already on"):
        await service.rematch(match.id, ANN.id)
    again = await service.accept(offer.id, ANN.id)
    assert again.status == "active" and again.players == [BOB.id, ANN.id] and again.to_move_id() == BOB.id
    assert again.series_id == match.series_id
    result = await service.resign((await moved(service, again)).id, BOB.id)  # ann reaches 2
    assert result.series.points == {ANN.id: 2, BOB.id: 0} and result.series.winner_id == ANN.id
    third = await service.accept((await service.rematch(again.id, BOB.id)).id, ANN.id)
    assert third.series_id != match.series_id  # a won series starts afresh
    assert (await service.series(third.series_id)).points == {ANN.id: 0, BOB.id: 0}


async def test_a_rematch_starts_only_when_the_others_accept(service, clock):
    """Nobody's clock runs in a match he did not agree to; a declined rematch may be offered again."""
    match = await moved(service, await started(service))
    await service.resign(match.id, BOB.id)
    offer = await service.rematch(match.id, ANN.id)
    assert offer.deadline is None and offer.state_json is None
    with pytest.raises(NotAPlayer):
        await service.accept(offer.id, ANN.id)  # the offerer has accepted already
    declined = await service.decline(offer.id, BOB.id)
    assert declined.status == "declined"
    assert (await service.get(match.id)).rematch_id is None
    second = await service.rematch(match.id, BOB.id)
    assert (await service.get(match.id)).rematch_id == second.id
    clock.now += 15 * 24 * 3600
    assert [m.id for m in await service.expire_challenges()] == [second.id]
    assert (await service.get(match.id)).rematch_id is None


async def test_early_end_earns_two_victory_points(service):
    """A10: a win after an early end (A8) counts 2."""
    from engines.core import Outcome, get_game

    game = get_game("architekton")
    assert game.victory_points(Outcome((1,), "early", (0, 0)), 2) == [0, 2]
    assert game.victory_points(Outcome((0,), "normal", (3, 1)), 2) == [1, 0]
    assert game.victory_points(Outcome((0, 1), "normal", (3, 3)), 2) == [0, 0]


async def test_full_match_finishes_and_survives_reopening(tmp_path, clock):
    path = tmp_path / "reopen.sqlite3"
    store = await Store(path).open()
    service = MatchService(store, clock=clock, seeds=lambda: 42)
    match = await started(service)
    match, _ = await play_to_end(service, match, seed=3)
    await store.close()
    store = await Store(path).open()
    try:
        service = MatchService(store, clock=clock)
        again = await service.get(match.id)
        assert again.status == "finished" and again.state_json == match.state_json
        assert await store.schema_version() >= 1
    finally:
        await store.close()


async def test_moves_in_different_matches_do_not_interfere(service):
    first = await started(service)
    second = await started(service)
    a, b = first.state().legal_moves()[0], second.state().legal_moves()[0]
    r1, r2 = await asyncio.gather(service.move(first.id, ANN.id, a), service.move(second.id, ANN.id, b))
    assert r1.match.plies == 1 and r2.match.plies == 1


async def test_a_failure_inside_the_move_transaction_leaves_the_old_state(service, store, monkeypatch):
    """A crash at any point leaves the old or the new state, never half a turn."""
    Transaction = store.transaction_class
    match = await started(service)
    real = Transaction.execute

    def failing(self, sql, params=()):
        if sql.startswith("INSERT INTO moves"):
            raise OSError("disk full")
        return real(self, sql, params)

    monkeypatch.setattr(Transaction, "execute", failing)
    with pytest.raises(OSError):
        await service.move(match.id, ANN.id, match.state().legal_moves()[0])
    monkeypatch.setattr(Transaction, "execute", real)
    after = await service.get(match.id)
    assert after.version == match.version and after.state_json == match.state_json
    assert await service.moves(match.id) == []
    # and the match goes on normally
    assert (await service.move(match.id, ANN.id, match.state().legal_moves()[0])).match.plies == 1


async def test_every_game_plays_through_the_service(service):
    """The service is game-agnostic: a few moves of each game, replay equals snapshot."""
    from engines import game_names

    for name in game_names():
        players = [ANN, BOB, CAT][: 3 if name == "tactori" else 2]
        match = await service.create_challenge(name, 10, 20, players[0], players[1:], first="me")
        for p in players[1:]:
            match = await service.accept(match.id, p.id)
        rng = random.Random(name)
        for _ in range(6):
            if match.status != "active":
                break
            match = (await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))).match
        assert (await service.replay(match.id)).to_json() == match.state_json, name


async def test_a_server_may_choose_the_bots_language(service):
    assert (await service.guild_settings(5)).language is None and await service.server_languages() == {}
    await service.set_guild_settings(5, language="fr")
    await service.set_guild_settings(5, threads=True)  # other settings keep the language
    assert (await service.guild_settings(5)).language == "fr" and await service.server_languages() == {5: "fr"}
    with pytest.raises(ServiceError):
        await service.set_guild_settings(5, language="xx")
    await service.set_guild_settings(5, language="server")  # back to the server's Discord language
    assert (await service.guild_settings(5)).language is None and await service.server_languages() == {}


async def test_a_players_language_is_remembered_for_direct_messages(service):
    assert (await service.user_settings(ANN.id)).language is None
    await service.set_reminders(ANN.id, "dm")
    await service.remember_language(ANN.id, "de")
    settings = await service.user_settings(ANN.id)
    assert settings.language == "de" and settings.reminders == "dm"  # the other settings stay
