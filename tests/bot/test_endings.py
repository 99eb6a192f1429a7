"""Resignation, the end of a match (A8, A9), rematches and the series (A10)."""

import re

import pytest

from matches import StaleRequest

from .helpers import (
    GAME,
    assert_png,
    button_labels,
    ends_early,
    ends_normally_with_a_winner,
    member_of,
    pinged_ids,
    plan_random,
    play_through_service,
    rematch_through_the_bot,
    start_match,
)

SERIES = "Series (first to 2 victory points)"


async def resign_through_the_bot(w, player):
    """``/architekton resign`` and the confirmation click; returns (ask, click) results."""
    asked = await player.slash(w.channel, f"{GAME} resign")
    assert asked.ephemeral and button_labels(asked.response) == ["Yes, resign"]
    confirmed = await player.click(asked.response, label="Yes, resign")
    return asked, confirmed


async def finish_through_the_bot(w, match_id, stop):
    """Random legal play through the service to an end that ``stop`` accepts; the
    final move goes through the bot.  Returns (final state of the plan, the post)."""
    match = await w.service.get(match_id)
    plan = plan_random(match.state(), stop)
    await play_through_service(w, match_id, plan.moves[:-1])
    last_mover = member_of(w, (await w.service.get(match_id)).to_move_id())
    final = await last_mover.slash(w.channel, f"{GAME} move", move=plan.moves[-1])
    assert not final.ephemeral, final.response.content
    return plan.state, final.response


async def test_resign_asks_first_then_ends_the_match_publicly(world):
    w = world
    match, _ = await start_match(w)
    await play_through_service(w, match.id, match.state().legal_moves()[:1])  # a match nobody moved in is void
    asked = await w.ann.slash(w.channel, f"{GAME} resign")
    assert asked.ephemeral and asked.response.ephemeral
    assert "bob" in asked.response.content and "cannot be undone" in asked.response.content
    assert button_labels(asked.response) == ["Yes, resign"]
    assert (await w.service.get(match.id)).status == "active"  # asking changes nothing
    bystander = await w.cat.slash(w.channel, f"{GAME} resign")
    assert bystander.ephemeral and bystander.response.components == []
    assert (await w.service.get(match.id)).status == "active"

    confirmed = await w.ann.click(asked.response, label="Yes, resign")
    assert asked.response.content == "You resigned." and asked.response.components == []
    [board] = confirmed.followups
    assert not board.ephemeral and w.channel.last_message.id == board.id
    await assert_png(board)
    assert "ends by resignation" in board.content and "**bob wins**" in board.content
    assert f"{SERIES}: ann: 0 · bob: 1" in board.content
    assert button_labels(board) == ["Rematch", "Review"]
    assert pinged_ids(w.env, board) == {w.bob.id}

    finished = await w.service.get(match.id)
    assert finished.status == "finished" and finished.result["end"] == "resign"
    assert finished.result["winners"] == [finished.players.index(w.bob.id)]
    assert (await w.service.series(finished.series_id)).points == {w.ann.id: 0, w.bob.id: 1}

    # only the players may start the rematch
    refused = await w.cat.click(board, label="Rematch")
    assert refused.ephemeral and button_labels(board) == ["Rematch", "Review"]
    assert (await w.service.get(match.id)).rematch_id is None

    # a rematch is an offer: declined, nothing starts, and it may be offered again later
    pressed = await w.bob.click(board, label="Rematch")
    [offer] = pressed.followups
    assert f"<@{w.ann.id}>" in offer.content and button_labels(offer) == ["Accept", "Decline"]
    assert len(await w.service.user_matches(w.ann.id)) == 0  # no clock runs for ann
    await w.ann.click(offer, label="Decline")
    assert "was declined" in offer.content and offer.components == []
    assert (await w.service.get(match.id)).rematch_id is None
    again = (await w.ann.slash(w.channel, f"{GAME} board", match=match.id)).response
    assert button_labels(again) == ["Rematch", "Review"]


async def test_a_resignation_confirmed_after_the_position_changed_is_refused(world):
    w = world
    match, _ = await start_match(w)
    asked = await w.ann.slash(w.channel, f"{GAME} resign")
    await w.ann.slash(w.channel, f"{GAME} move", move=match.state().legal_moves()[0])
    moved = await w.service.get(match.id)
    public = len(w.channel.history())

    late = await w.ann.click(asked.response, label="Yes, resign")
    assert late.ephemeral and "changed" in late.response.content
    after = await w.service.get(match.id)
    assert after.status == "active" and after.version == moved.version
    assert len(w.channel.history()) == public


async def test_a_non_player_cannot_resign(world):
    w = world
    match, _ = await start_match(w)
    refused = await w.cat.slash(w.channel, f"{GAME} resign", match=match.id)
    assert refused.ephemeral and refused.response.components == []
    assert (await w.service.get(match.id)).status == "active"


async def test_finished_match_shows_the_breakdown_and_rematch_carries_the_series(world):
    w = world
    match, _ = await start_match(w, seed=1000)
    state, final = await finish_through_the_bot(w, match.id, ends_normally_with_a_winner)

    # --- the final board: result, A9 breakdown, scores, series standing in victory points
    finished = await w.service.get(match.id)
    assert finished.status == "finished" and finished.result["end"] == "normal"
    winner_seat = finished.result["winners"][0]
    winner = member_of(w, finished.players[winner_seat])
    loser = member_of(w, finished.players[1 - winner_seat])
    await assert_png(final)
    assert "The match is over" in final.content and f"**{winner.name} wins**" in final.content
    scores = state.final
    for seat, name in enumerate(finished.names):  # one line per player: group + chips = points
        line = (
            rf"{name}: {scores['groups'][seat]} in the largest diagonal group \+ {scores['chips'][seat]} "
            rf"chips? = \**{scores['points'][seat]}\** \({scores['houses'][seat]} houses on the table\)"
        )
        assert re.search(line, final.content), (line, final.content)
    if scores["removed"]:
        assert f"{len(scores['removed'])} building" in final.content and "removed" in final.content
    assert "Score: " not in final.content  # the breakdown's lines say each player's points, once
    standing = " · ".join(f"{member_of(w, p).name}: {1 if p == winner.id else 0}" for p in finished.players)
    assert f"{SERIES}: {standing}" in final.content
    assert button_labels(final) == ["Rematch", "Review"]

    # the loser shows the final board again: the Rematch button moves to the newest copy
    again = (await loser.slash(w.channel, f"{GAME} board")).response
    assert button_labels(again) == ["Rematch", "Review"] and final.components == []

    # --- Rematch: offered by one, accepted by the other; seats swap, the series carries on
    offer, board, rematch = await rematch_through_the_bot(w, again, winner, [loser])
    await assert_png(board)
    assert rematch.id == (await w.service.get(match.id)).rematch_id and rematch.id != match.id
    assert rematch.players == finished.players[::-1]
    starter = rematch.players[0]
    assert starter == finished.players[1]  # the other player starts now
    assert rematch.to_move_id() == starter and f"<@{starter}>" in board.content
    assert f"Rematch of #{match.id}" in offer and f"{SERIES}: " in offer
    assert f"<@{loser.id}>" in offer  # the one who must accept is asked
    assert rematch.series_id == finished.series_id
    assert (await w.service.series(rematch.series_id)).points == {winner.id: 1, loser.id: 0}
    # every board of the rematch shows the standing of the series
    standing = " · ".join(f"{member_of(w, p).name}: {1 if p == winner.id else 0}" for p in rematch.players)
    assert f"{SERIES}: {standing}" in board.content

    # --- once the rematch is on, the finished match offers no second one (its review, still)
    assert again.components == []
    shown = (await loser.slash(w.channel, f"{GAME} board", match=match.id)).response
    assert button_labels(shown) == ["Review"]
    with pytest.raises(StaleRequest, match=f"#{rematch.id}"):
        await w.service.rematch(match.id, loser.id)
    assert len(await w.service.user_matches(w.ann.id, statuses=("active", "finished"))) == 2

    # --- the series ends when a player reaches 2 victory points
    await play_through_service(w, rematch.id, rematch.state().legal_moves()[:1])
    _, confirmed = await resign_through_the_bot(w, loser)
    [last] = confirmed.followups
    assert f"**{winner.name} wins the series!**" in last.content
    standing = " · ".join(f"{member_of(w, p).name}: {2 if p == winner.id else 0}" for p in rematch.players)
    assert f"{SERIES}: {standing}" in last.content
    series = await w.service.series(rematch.series_id)
    assert series.winner_id == winner.id and series.points[winner.id] == 2

    # a rematch after the series was won starts a new series from zero
    _, _, third = await rematch_through_the_bot(w, last, loser, [winner])
    assert third.series_id != rematch.series_id
    assert (await w.service.series(third.series_id)).points == {winner.id: 0, loser.id: 0}


async def test_an_early_end_is_worth_two_victory_points(world):
    w = world
    match, _ = await start_match(w, seed=1000)
    state, final = await finish_through_the_bot(w, match.id, ends_early)
    finished = await w.service.get(match.id)
    assert finished.result["end"] == "early"
    winner = member_of(w, finished.players[finished.result["winners"][0]])
    await assert_png(final)
    assert "ends early" in final.content and f"**{winner.name} wins**" in final.content
    assert f"**{winner.name} wins the series!**" in final.content
    assert (await w.service.series(finished.series_id)).points[winner.id] == 2
