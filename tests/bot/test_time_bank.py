"""Time banks through the real bot (SimCord, virtual time, both backends): the bank shown on the
board grows with the increment, is capped, runs out and is claimed."""
from matches.timing import DAY

from .games_helpers import move_through_bot
from .helpers import advance, deterministic_seeds

FEM = "tactori-fem"
HOUR = 3600


async def test_a_bank_grows_is_capped_runs_out_and_is_claimed(world):
    w = world
    deterministic_seeds(w, 1000)
    offered = await w.ann.slash(w.channel, f"{FEM} challenge", opponent=w.bob, first="me", clock="bank", bank=2,
                                increment=12)
    assert not offered.ephemeral and "a time bank of 2.0 days each, plus 12.0 h per move" in offered.response.content
    await w.bob.click(offered.response, label="Accept")
    [match] = await w.service.user_matches(w.ann.id)
    assert match.banks == [2 * DAY, 2 * DAY]
    assert "Time banks: ann: 2.0 days · bob: 2.0 days" in w.channel.last_message.content

    await advance(w.env, DAY)
    board = await move_through_bot(w, FEM, match.id, "+c3")
    assert "Time banks: ann: 36.0 h · bob: 2.0 days" in board.content      # a day used, 12 hours gained
    await advance(w.env, HOUR)
    board = await move_through_bot(w, FEM, match.id, "+a1")
    assert "Time banks: ann: 36.0 h · bob: 2.0 days" in board.content      # bob's is capped at the start
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
