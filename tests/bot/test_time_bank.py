"""Time banks through the real bot (SimCord, virtual time, both backends): the bank shown on the
board grows with the increment, is capped, runs out and is claimed."""

import pytest

from matches.timing import DAY

from .games_helpers import move_through_bot
from .helpers import advance, deterministic_seeds

FEM = "tactori-fem"
HOUR = 3600


@pytest.mark.slow
async def test_a_bank_grows_is_capped_runs_out_and_is_claimed(world):
    w = world
    deterministic_seeds(w, 1000)
    offered = await w.ann.slash(
        w.channel, f"{FEM} challenge", opponent=w.bob, first="me", clock="bank", bank=2, increment=12
    )
    assert not offered.ephemeral and "a time bank of 2 days each, plus 12 h per move" in offered.response.content
    await w.bob.click(offered.response, label="Accept")
    [match] = await w.service.user_matches(w.ann.id)
    assert match.banks == [2 * DAY, 2 * DAY]
    assert "Time banks: ann: 2 days · bob: 2 days" in w.channel.last_message.content

    await advance(w.env, DAY)
    board = await move_through_bot(w, FEM, match.id, "+c3")
    assert "Time banks: ann: 36 h · bob: 2 days" in board.content  # a day used, 12 hours gained
    await advance(w.env, HOUR)
    board = await move_through_bot(w, FEM, match.id, "+a1")
    assert "Time banks: ann: 36 h · bob: 2 days" in board.content  # bob's is capped at the start
    match = await w.service.get(match.id)
    assert f"<t:{int(match.deadline)}:R>" in board.content

    await advance(w.env, 1.5 * DAY + 31)
    timeout = w.channel.last_message
    assert "ann ran out of time" in timeout.content
    await w.bob.click(timeout, label="Claim the win")
    finished = await w.service.get(match.id)
    assert finished.status == "finished" and finished.result["end"] == "timeout"
    assert finished.result["winners"] == [1]


async def test_a_bank_is_refused_without_the_bank_clock(world):
    w = world
    refused = await w.ann.slash(w.channel, f"{FEM} challenge", opponent=w.bob, bank=3)
    assert refused.ephemeral and "clock: bank" in refused.response.content


@pytest.mark.slow
async def test_reminders_the_quarter_warning_a_vacation_and_games_follow_the_bank(world):
    w = world
    deterministic_seeds(w, 1000)
    offered = await w.ann.slash(
        w.channel, f"{FEM} challenge", opponent=w.bob, first="me", clock="bank", bank=4, increment=0
    )
    await w.bob.click(offered.response, label="Accept")
    [match] = await w.service.user_matches(w.ann.id)
    assert match.deadline == match.clock_start + 4 * DAY  # the bank, not a time per move
    games = await w.ann.slash(w.channel, "games")
    assert f"<t:{int(match.deadline)}:R>" in games.response.content
    before = len(w.channel.history())
    await advance(w.env, 3 * DAY + 60)  # a quarter of her 4 days left
    posted = [m.content for m in w.channel.history()[before:]]
    # the daily reminder after one day and two; at three the quarter warning comes in its place
    assert len([c for c in posted if "⏰" in c and w.ann.mention in c]) == 2
    [quarter] = [c for c in posted if "⏳" in c]
    assert w.ann.mention in quarter and f"#{match.id}" in quarter
    # a vacation stops her bank: the deadline moves back by its days, /games says so
    await w.ann.slash(w.channel, "vacation", days=2)
    paused = await w.service.get(match.id)
    assert paused.deadline == match.deadline + 2 * DAY
    games = await w.ann.slash(w.channel, "games")
    assert f"<t:{int(paused.deadline)}:R>" in games.response.content
    board = await move_through_bot(w, FEM, match.id, "+c3")
    assert "Time banks: ann: " in board.content and "bob: 4 days" in board.content
