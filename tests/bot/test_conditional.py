"""Conditional moves through the real bot (SimCord, both backends): lines that fire twice in a
row, diverge, become illegal, are listed and removed, and are refused where they cannot be."""

from matches import Player
from matches.conditional import digest

from .games_helpers import move_through_bot, start_game
from .helpers import button_labels, mentioned_ids

FEM = "tactori-fem"


async def fem_after_ann(world):
    """A Tactori FEM match in which ann has played +c3: bob is to move."""
    match, _, _ = await start_game(world, FEM)
    await move_through_bot(world, FEM, match.id, "+c3")
    return await world.service.get(match.id)


async def test_a_line_fires_twice_in_a_row_and_bob_never_sees_it(world):
    w = world
    match = await fem_after_ann(w)
    stored = await w.ann.slash(w.channel, f"{FEM} conditional", moves="+ A1; +e5; +a5; +e1")
    assert stored.ephemeral and "+a1; +e5; +a5; +e1" in stored.response.content, stored.response.content

    board = await move_through_bot(w, FEM, match.id, "+a1")
    assert f"{w.ann.name} answered with the conditional move +e5" in board.content
    assert mentioned_ids(board) == {w.bob.id}  # bob moves again
    assert "+a5" not in board.content  # the rest of the line stays private
    after = await w.service.get(match.id)
    assert after.plies == 3 and after.to_move_id() == w.bob.id

    board = await move_through_bot(w, FEM, match.id, "+a5")
    assert "conditional move +e1" in board.content
    assert [m.move for m in await w.service.moves(match.id)] == ["+c3", "+a1", "+e5", "+a5", "+e1"]
    listed = await w.ann.slash(w.channel, f"{FEM} conditional")
    assert listed.ephemeral and "no conditional moves" in listed.response.content


async def test_a_diverging_move_drops_the_lines_and_the_player_is_asked_to_move(world):
    w = world
    match = await fem_after_ann(w)
    await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5")
    await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a2; +e4")
    listed = await w.ann.slash(w.channel, f"{FEM} conditional")
    assert "1. +a1; +e5" in listed.response.content and "2. +a2; +e4" in listed.response.content
    assert button_labels(listed.response) == ["Remove 1", "Remove 2"]
    board = await move_through_bot(w, FEM, match.id, "+b1")
    assert "conditional" not in board.content and mentioned_ids(board) == {w.ann.id}
    assert (await w.service.get(match.id)).to_move_id() == w.ann.id
    assert await w.service.conditional_lines(match.id, w.ann.id) == []


async def test_a_reply_become_illegal_is_dropped_and_the_player_reminded_as_usual(world):
    w = world
    match = await fem_after_ann(w)
    # a line stored before a change of the rules: its reply is not legal any more
    await w.service.store.execute(
        "INSERT INTO conditional_lines (match_id, user_id, position, moves, created_at) VALUES (?, ?, ?, ?, ?)",
        (match.id, w.ann.id, digest(match.state_json), '["+a1","b2-b3"]', 0.0),
    )
    board = await move_through_bot(w, FEM, match.id, "+a1")
    assert "conditional" not in board.content and mentioned_ids(board) == {w.ann.id}
    after = await w.service.get(match.id)
    assert after.to_move_id() == w.ann.id and after.deadline is not None and after.next_event_at is not None
    assert await w.service.store.fetchall("SELECT id FROM conditional_lines") == []


async def test_lines_are_checked_removed_and_refused_where_they_cannot_be(world):
    w = world
    match = await fem_after_ann(w)
    refused = await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; b2-b3")
    assert refused.ephemeral and "Move 2 of the line, b2-b3" in refused.response.content
    refused = await w.bob.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5")
    assert refused.ephemeral and "It is your turn" in refused.response.content

    await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5")
    listed = await w.ann.slash(w.channel, f"{FEM} conditional")
    clicked = await w.ann.click(listed.response, label="Remove 1")
    assert "no conditional moves" in clicked.response.content and clicked.response.components == []
    assert await w.service.conditional_lines(match.id, w.ann.id) == []
    board = await move_through_bot(w, FEM, match.id, "+a1")
    assert "conditional" not in board.content

    arch, _, _ = await start_game(w, "architekton")
    refused = await w.bob.slash(w.channel, "architekton conditional", moves="a; b", match=arch.id)
    assert refused.ephemeral and "hidden tiles" in refused.response.content


async def test_without_match_the_line_goes_to_the_one_match_waiting_on_the_opponent(world):
    w = world
    waiting = await fem_after_ann(w)
    other = await w.service.create_challenge(
        FEM, w.guild.id, w.channel.id, Player(w.ann.id, "ann"), [Player(w.bob.id, "bob")], first="opponent"
    )
    other = await w.service.accept(other.id, w.bob.id)
    await w.service.move(other.id, w.bob.id, "+c3")  # ann's turn there
    stored = await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5")
    assert stored.ephemeral and f"match #{waiting.id}" in stored.response.content, stored.response.content
    assert [line.moves for line in await w.service.conditional_lines(waiting.id, w.ann.id)] == [["+a1", "+e5"]]


async def test_a_reply_is_played_once_across_a_restart_and_two_processes(world):
    """The line lives in the database: stored through the bot, it fires after a restart and for a
    move another process takes (its reply in that process's transaction, once); the rest of the
    line then fires through the restarted bot, announced once."""
    from bot.setup.client import virtual_clock
    from matches import MatchService
    from matches.store import store_for

    w = world
    match = await fem_after_ann(w)
    await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5; +a5; +e1")
    await w.restart()
    other = await store_for(w.settings.database).open()
    try:
        elsewhere = MatchService(other, clock=virtual_clock)
        played = await elsewhere.move(match.id, w.bob.id, "+a1")  # bob's move, taken elsewhere
        assert "conditional move +e5" in str(played.description)
        assert [m.move for m in await w.service.moves(match.id)] == ["+c3", "+a1", "+e5"]
        board = await move_through_bot(w, FEM, match.id, "+a5")
        assert "conditional move +e1" in board.content
        moves = [m.move for m in await elsewhere.moves(match.id)]
        assert moves == ["+c3", "+a1", "+e5", "+a5", "+e1"]
        assert len([m for m in w.channel.history() if "conditional move +e1" in m.content]) == 1
        assert await elsewhere.conditional_lines(match.id, w.ann.id) == []
    finally:
        await other.close()


async def test_lines_go_when_the_match_ends(world):
    w = world
    match = await fem_after_ann(w)
    await w.ann.slash(w.channel, f"{FEM} conditional", moves="+a1; +e5")
    asked = await w.bob.slash(w.channel, f"{FEM} resign")
    await w.bob.click(asked.response, label="Yes, resign")
    assert (await w.service.get(match.id)).status == "finished"
    assert await w.service.store.fetchall("SELECT id FROM conditional_lines") == []
    listed = await w.ann.slash(w.channel, f"{FEM} conditional", match=match.id)
    assert listed.ephemeral and "+a1; +e5" not in listed.response.content


async def test_refused_with_its_reason_for_three_or_four_players_and_the_build_up_boards(world):
    w = world
    table, _, _ = await start_game(w, "tactori", [w.bob, w.cat])
    refused = await w.bob.slash(w.channel, "tactori conditional", moves="+a1; +e5", match=table.id)
    assert refused.ephemeral and "two players" in refused.response.content
    boards, _, _ = await start_game(w, "atacama", variant="buildup")
    refused = await w.bob.slash(w.channel, "atacama conditional", moves="a3; a5", match=boards.id)
    assert refused.ephemeral and "basic board" in refused.response.content
    assert await w.service.store.fetchall("SELECT id FROM conditional_lines") == []
