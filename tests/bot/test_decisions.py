"""Keep/remove decisions (A5) taken by the player who is NOT moving, through the bot."""

from .helpers import (
    GAME,
    assert_png,
    button_labels,
    decision_labels,
    member_of,
    pinged_ids,
    plan_random,
    play_through_service,
    reach_decision_by_the_non_mover,
    snapshot,
    start_match,
)


async def test_the_owner_is_asked_with_buttons_and_the_mover_cannot_answer(world):
    w = world
    match, board, mover, owner = await reach_decision_by_the_non_mover(w)
    await assert_png(board)
    KEEP, REMOVE = decision_labels(match.state())
    assert button_labels(board) == [KEEP, REMOVE]  # what each costs here, not "pay k"
    x, y = match.state().pending
    assert f"{owner.mention}: your building at {x},{y} is enclosed" in board.content
    assert pinged_ids(w.env, board) == {owner.id}

    # autocomplete: the owner is offered exactly the decision, the mover nothing
    choices = await owner.autocomplete(w.channel, f"{GAME} move", "move", "")
    assert sorted(c["value"] for c in choices) == ["keep", "remove"]
    assert await mover.autocomplete(w.channel, f"{GAME} move", "move", "") == []

    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    for label in (KEEP, REMOVE):
        refused = await mover.click(board, label=label)
        assert refused.ephemeral and "turn" in refused.response.content
        assert await snapshot(w, match.id) == before
        assert button_labels(board) == [KEEP, REMOVE] and len(w.channel.history()) == public

    decided = await owner.click(board, label=REMOVE)
    assert decided.response.id == board.id and board.components == []  # buttons taken off
    [posted] = decided.followups
    assert not posted.ephemeral
    await assert_png(posted)
    assert f"{owner.name} takes the house back" in posted.content
    after = await w.service.get(match.id)
    assert after.version == before[0] + 1
    assert (await w.service.moves(match.id))[-1].move == "remove"
    assert (x, y) not in after.state().houses  # the house went back
    assert after.state().pending is None or after.state().pending != (x, y)
    nxt = after.to_move_id()
    if nxt is not None:
        assert f"<@{nxt}>" in posted.content


async def test_the_owner_can_decide_with_the_move_command(world):
    w = world
    match, board, mover, owner = await reach_decision_by_the_non_mover(w)
    before = await snapshot(w, match.id)
    refused = await mover.slash(w.channel, f"{GAME} move", move="keep")
    assert refused.ephemeral and await snapshot(w, match.id) == before

    decided = await owner.slash(w.channel, f"{GAME} move", move="keep")
    assert not decided.ephemeral
    await assert_png(decided.response)
    assert f"{owner.name} keeps the house and pays" in decided.response.content
    assert (await w.service.moves(match.id))[-1].move == "keep"
    after = await w.service.get(match.id)
    assert after.version == before[0] + 1
    x, y = match.state().pending
    assert after.state().houses[(x, y)] == match.players.index(owner.id)  # the house stayed


async def test_only_the_newest_board_carries_the_decision_buttons(world):
    w = world
    match, first_board, mover, owner = await reach_decision_by_the_non_mover(w)
    KEEP, REMOVE = decision_labels(match.state())
    # The owner asks for the board again: the buttons move to the newest copy.
    again = await owner.slash(w.channel, f"{GAME} board")
    second_board = again.response
    assert not again.ephemeral and button_labels(second_board) == [KEEP, REMOVE]
    assert first_board.components == []

    await owner.click(second_board, label=KEEP)
    assert second_board.components == []
    after_first = await snapshot(w, match.id)
    public = len(w.channel.history())

    # The decision is taken: typing it again is refused and changes nothing.
    for text in ("keep", "remove"):
        stale = await owner.slash(w.channel, f"{GAME} move", move=text)
        assert stale.ephemeral
        assert await snapshot(w, match.id) == after_first
        assert len(w.channel.history()) == public
    assert [m.move for m in await w.service.moves(match.id)].count("keep") == 1


def mover_decides_within_his_turn(state) -> bool:
    """The mover's placement encloses his own building, and after his decision he still has a placement."""
    if state.outcome() is not None or state.pending is None:
        return False
    if state.houses[tuple(state.pending)] != state.turn_player:
        return False
    after = state.copy()
    after.play("keep" if "keep" in after.legal_moves() else "remove")
    return after.outcome() is None and after.current_player() == state.turn_player


async def test_a_decision_within_the_movers_turn_is_his_alone_until_the_turn_passes(world):
    w = world
    match, _ = await start_match(w, seed=1000)
    plan = plan_random(match.state(), mover_decides_within_his_turn)
    await play_through_service(w, match.id, plan.moves[:-1])
    match = await w.service.get(match.id)
    mover = member_of(w, match.to_move_id())
    public = len(w.channel.history())
    said = []

    placed = await mover.slash(w.channel, f"{GAME} move", move=plan.moves[-1])
    assert placed.ephemeral and len(w.channel.history()) == public  # his own building: his to decide
    await assert_png(placed.response)
    said.append(placed.response.content.splitlines()[1])
    labels = decision_labels((await w.service.get(match.id)).state())
    assert button_labels(placed.response) == labels and "is enclosed" in placed.response.content

    decided = await mover.click(placed.response, label=labels[0])
    assert placed.response.components == []
    [private] = decided.followups
    assert private.ephemeral and len(w.channel.history()) == public
    await assert_png(private)
    said.append(private.content.splitlines()[1])
    assert button_labels(private) == ["Choose a move"]

    match = await w.service.get(match.id)
    assert match.to_move_id() == mover.id
    last = await mover.slash(w.channel, f"{GAME} move", move=match.state().legal_moves()[0])
    board = last.response
    assert not last.ephemeral and len(w.channel.history()) == public + 1
    after = await w.service.get(match.id)
    nxt = after.to_move_id()
    # One board for the whole turn: the placement, the decision, the second placement, and the next player.
    lines = board.content.splitlines()
    assert lines[1:3] == said and lines[3].startswith(f"{mover.name} ") and len(lines[3]) > len(mover.name) + 1
    assert nxt != mover.id and pinged_ids(w.env, board) == {nxt} and board.content.count(f"<@{nxt}>") == 1
    assert after.message_id == board.id
