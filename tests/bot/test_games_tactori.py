"""Tactori and Tactori FEM through the real bot: a FEM match won by a
loop, a three-player challenge, multi-bridge turns, autocomplete of turns and
refusals."""

import re

from render.common import player_style

from .games_helpers import actor_of, assert_pings_only, assert_refused, move_through_bot, start_game
from .helpers import (
    assert_png,
    button_labels,
    mentioned_ids,
    plan_random,
    play_through_service,
    rematch_through_the_bot,
    snapshot,
)

TACTORI, FEM = "tactori", "tactori-fem"


def ends_with_a_loop(state) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.end == "loop"


def bridges(match) -> dict[tuple[str, str], tuple[int, int]]:
    """The bridges in the store: (end, end) -> (owner seat, floor)."""
    return {(b["from"], b["to"]): (b["owner"], b["floor"]) for b in match.state_json["bridges"]}


def preview(match, move: str) -> tuple[str, str]:
    """The canonical text of ``move`` and its words, played on a copy of the match's state."""
    state = match.state().copy()
    canonical = state.play(move)
    return canonical, state.describe(canonical, match.names)


# ------------------------------------------------------- FEM: won by a loop


async def test_a_fem_match_is_won_by_closing_a_loop(world):
    w = world
    match, _, _ = await start_game(w, FEM)
    assert match.players == [w.ann.id, w.bob.id] and match.options == {"stacks": False, "chase": False}
    plan = plan_random(match.state(), ends_with_a_loop)
    await play_through_service(w, match.id, plan.moves[:-1])

    before = await w.service.get(match.id)
    assert before.status == "active" and before.plies == len(plan.moves) - 1
    winner = actor_of(w, before.to_move_id())
    canonical, words = preview(before, plan.moves[-1])
    final = await move_through_bot(w, FEM, match.id, plan.moves[-1])

    finished = await w.service.get(match.id)
    seat = finished.players.index(winner.id)
    assert finished.status == "finished"
    assert finished.result["end"] == "loop" and finished.result["winners"] == [seat]
    assert (await w.service.moves(match.id))[-1].move == canonical
    assert finished.state_json["loop"]  # the renderer gets the loop

    content = final.content
    assert f"**Tactori FEM #{match.id}**" in content
    assert words in content and f"{winner.name} closed a loop of bridges and wins" in content
    assert f"**{winner.name} wins** ({winner.mention})" in content
    summary = finished.state().summary(finished.names)
    assert summary.startswith(f"{winner.name} closed a loop of bridges through ") and summary in content
    own_ends = {end for (a, b), (owner, _) in bridges(finished).items() if owner == seat for end in (a, b)}
    corners = summary.rsplit(" through ", 1)[1].rstrip(".").split()
    assert len(corners) >= 4 and set(corners) <= own_ends  # the loop is the winner's bridges
    assert button_labels(final) == ["Rematch", "Review"]
    assert mentioned_ids(final) == {winner.id}
    assert w.channel.last_message.id == final.id and finished.message_id == final.id
    # FEM keeps no score: its chart counts the bridges on the board, and its description says so
    [chart] = [a for a in final.attachments if a.filename.endswith("-chart.png")]
    assert chart.description.startswith(
        f"Chart of every player's bridges on the board after each move in Tactori FEM #{match.id}"
    ), chart.description

    loser = w.bob if winner is w.ann else w.ann
    refused = await loser.slash(w.channel, f"{FEM} move", move="+a1", match=match.id)
    assert refused.ephemeral and "finished" in refused.response.content
    _, board, rematch = await rematch_through_the_bot(w, final, loser, [winner])
    await assert_png(board)
    assert rematch.game == FEM and rematch.players == finished.players[::-1]
    assert_pings_only(w.env, board, rematch.players[0])


# ------------------------------------------------------ three-player Tactori


async def test_a_three_player_tactori_challenge_then_one_move_each_in_turn_order(world):
    w = world
    offered = await w.ann.slash(
        w.channel, f"{TACTORI} challenge", opponent=w.bob, opponent2=w.cat, first="me", chase=True
    )
    assert not offered.ephemeral
    message = offered.response
    assert mentioned_ids(message) == {w.bob.id, w.cat.id} and "Everyone must accept" in message.content
    [match] = await w.service.user_matches(w.ann.id, statuses=("challenge",))
    assert match.players == [w.ann.id, w.bob.id, w.cat.id]
    assert match.options == {"chase": True, "centre": 0}

    await w.bob.click(message, label="Accept")
    match = await w.service.get(match.id)
    assert match.status == "challenge" and match.state_json is None and w.bob.id in match.accepted
    assert button_labels(message) == ["Accept", "Decline"] and [m.id for m in w.channel.history()] == [message.id]

    started = await w.cat.click(message, label="Accept")
    assert "accepted — the match has started" in message.content and message.components == []
    [board] = started.followups
    await assert_png(board)
    assert "● ann (blue) vs ■ bob (orange) vs ▲ cat (green)" in board.content
    assert_pings_only(w.env, board, w.ann.id)
    match = await w.service.get(match.id)
    assert match.status == "active" and match.state().players == 3

    turns = [(w.ann, "+e5", w.bob), (w.bob, "+c3", w.cat), (w.cat, "+g7", w.ann)]
    for player, move, nxt in turns:
        match = await w.service.get(match.id)
        assert match.to_move_id() == player.id
        _, words = preview(match, move)
        posted = await move_through_bot(w, TACTORI, match.id, move)
        assert f"{player.name} " in words and words in posted.content
        assert_pings_only(w.env, posted, nxt.id)
        assert (await w.service.get(match.id)).message_id == posted.id
    after = await w.service.get(match.id)
    assert [(m.move, m.user_id) for m in await w.service.moves(match.id)] == [(mv, p.id) for p, mv, _ in turns]
    assert after.state_json["stacks"] == {"e5": [0], "c3": [1], "g7": [2]}


# ------------------------------------------------- a place and two bridges


async def test_a_turn_with_a_place_and_two_bridges(world):
    w = world
    match, _, _ = await start_game(w, TACTORI)
    await play_through_service(w, match.id, ["+e5", "+a1", "+e7", "+a9"])  # ann: e5, e7; bob: a1, a9
    match = await w.service.get(match.id)
    turn = "+c5 =c5e5 =e5e7"
    canonical, words = preview(match, turn)  # legal here
    assert canonical == turn
    assert words == "ann (blue) placed a tower on c5 and laid bridges c5-e5 (floor 1) and e5-e7 (floor 1)."

    posted = await move_through_bot(w, TACTORI, match.id, turn)
    assert words in posted.content
    assert_pings_only(w.env, posted, w.bob.id)
    after = await w.service.get(match.id)
    assert after.version == match.version + 1 and after.plies == match.plies + 1
    assert (await w.service.moves(match.id))[-1].move == canonical
    assert bridges(after) == {("c5", "e5"): (0, 1), ("e5", "e7"): (0, 1)}
    state = after.state()
    assert state.bridge_supply == [13, 15] and state.towers == [13, 14]
    assert after.state_json["stacks"]["c5"] == [0]


# -------------------------------------------------------------- autocomplete


async def test_autocomplete_offers_the_typed_turn_and_one_more_bridge(world):
    w = world
    match, _, _ = await start_game(w, TACTORI)
    await play_through_service(w, match.id, ["+g5", "+a1", "+e3", "+a9"])  # ann: g5, e3
    match = await w.service.get(match.id)
    state = match.state()
    move = f"{TACTORI} move"

    async def offered(who, typed):
        choices = await who.autocomplete(w.channel, move, "move", typed)
        assert all(c["name"] == c["value"] for c in choices) and len(choices) <= 25
        return [c["value"] for c in choices]

    place = await offered(w.ann, "+e5")
    assert place == ["+e5", "+e5 =e3e5", "+e5 =e5g5"]
    assert place[1:] == state.continuations("+e5")
    assert await offered(w.ann, "+E5") == place  # case-insensitive
    bridge = await offered(w.ann, "+e5 =e5g5")  # the turn itself, then a 2nd bridge
    assert bridge == ["+e5 =e5g5", "+e5 =e5g5 =e3e5"]
    assert await offered(w.ann, "+e5 =e") == ["+e5 =e3e5", "+e5 =e5g5"]  # a part still being typed
    assert await offered(w.ann, "+a5") == ["+a5"]  # no bridge fits there
    for choice in {*place, *bridge}:
        state.copy().play(choice)  # every suggestion is legal
    assert await offered(w.bob, "+e5") == []  # not his turn
    assert await offered(w.cat, "+e5") == []  # not playing

    posted = await move_through_bot(w, TACTORI, match.id, bridge[-1])  # pick the offered turn
    assert "laid bridges e5-g5 (floor 1) and e3-e5 (floor 1)" in posted.content
    assert bridges(await w.service.get(match.id)) == {("e5", "g5"): (0, 1), ("e3", "e5"): (0, 1)}


# ------------------------------------------------------------------ refusals


async def test_illegal_tactori_turns_are_refused_privately_and_change_nothing(world):
    w = world
    match, _, _ = await start_game(w, TACTORI)
    await play_through_service(w, match.id, ["+e5", "+e7", "+c5 =c5e5", "+g7"])  # ann: c5=e5; bob: e7, g7
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    move = f"{TACTORI} move"

    r = await w.ann.slash(w.channel, move, move="=e7g7")  # a bridge on bob's towers
    await assert_refused(w, r, match.id, before, public, "top tower on e7", "your towers on top at both ends")
    r = await w.ann.slash(w.channel, move, move="+a3 =a3c3")  # no tower at the other end
    await assert_refused(w, r, match.id, before, public, "no tower on c3")
    r = await w.ann.slash(w.channel, move, move="e5-e9")  # the tower carries a bridge
    await assert_refused(w, r, match.id, before, public, "carries a bridge", "only free towers move")
    r = await w.ann.slash(w.channel, move, move="e7-e9")  # bob's tower
    await assert_refused(w, r, match.id, before, public, "not yours")
    r = await w.ann.slash(w.channel, move, move="hello world")  # garbage
    await assert_refused(w, r, match.id, before, public)
    r = await w.ann.slash(w.channel, move, move="+k5")  # off the board
    await assert_refused(w, r, match.id, before, public, "k5")
    r = await w.ann.slash(w.channel, move, move="pass")  # there are moves
    await assert_refused(w, r, match.id, before, public, "pass")
    r = await w.bob.slash(w.channel, move, move="+a1")  # out of turn
    await assert_refused(w, r, match.id, before, public, "ann's turn")
    r = await w.cat.slash(w.channel, move, move="+a1", match=match.id)  # not a player
    await assert_refused(w, r, match.id, before, public, "not playing")
    r = await w.ann.slash(w.channel, f"{FEM} move", move="+a1")  # the other game's command
    await assert_refused(w, r, match.id, before, public, "no Tactori FEM match")

    posted = await move_through_bot(w, TACTORI, match.id, "+A1")  # still ann's turn
    assert "ann (blue) placed a tower on a1" in posted.content
    assert (await w.service.moves(match.id))[-1].move == "+a1"


# ------------------------------------------------------ colours in the words

SHAPES = {"●": "circle", "■": "square", "▲": "triangle", "◆": "diamond"}


async def test_the_colour_named_for_a_player_matches_his_mark_on_the_board(world):
    """Heading and move description name the colour the image uses, with the seat's shape."""
    w = world
    match, _, _ = await start_game(w, TACTORI, [w.bob, w.cat])
    for move in ("+e5", "+c3"):
        posted = await move_through_bot(w, TACTORI, match.id, move)
        heading = posted.content.splitlines()[0]
        marks = {
            name: (SHAPES[glyph], colour) for glyph, name, colour in re.findall(r"([●■▲◆]) (\w+) \((\w+)\)", heading)
        }
        assert len(marks) == 3, heading
        [(name, colour)] = re.findall(r"(\w+) \((\w+)\) placed", posted.content)
        seat = match.names.index(name)
        assert marks[name] == (player_style(seat).shape, player_style(seat).name) and colour == player_style(seat).name


# ------------------------------------------------- the final message, said once


async def test_the_final_message_says_the_scores_and_the_winner_once(world):
    w = world
    match, _, _ = await start_game(w, TACTORI, [w.bob, w.cat])

    def scored_win(state) -> bool:
        outcome = state.outcome()
        return outcome is not None and outcome.end == "normal" and not outcome.is_draw

    plan = plan_random(match.state(), scored_win)
    await play_through_service(w, match.id, plan.moves[:-1])
    final = await move_through_bot(w, TACTORI, match.id, plan.moves[-1])
    finished = await w.service.get(match.id)
    outcome = finished.state().outcome()
    winner = finished.names[outcome.winners[0]]
    content = final.content
    # The last move's words say the match was scored, the result line who won, the breakdown the points.
    assert "final scoring." in content and "final scoring (" not in content
    assert content.count(" wins") == 1 and f"**{winner} wins**" in content
    assert "Score: " not in content
    for seat, name in enumerate(finished.names):
        [row] = [line for line in content.splitlines() if line.startswith(f"{name}: ")]
        assert row.endswith(f"= {outcome.scores[seat]} points") or row.endswith(f"= {outcome.scores[seat]} point")
        assert content.split("\nSeries ")[0].count(f"{name}: ") == 1, content  # the series counts wins
