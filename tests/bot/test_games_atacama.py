"""Atacama through the real bot: a whole match, four-player challenges,
the build-up game, refusals, autocomplete and resigning with four players."""

import pytest
from simcord import SetupError

from matches import MatchClosed

from .games_helpers import actor_of, add_dan, assert_pings_only, assert_refused, challenge, move_through_bot, start_game
from .helpers import (
    assert_png,
    button_labels,
    deterministic_seeds,
    mentioned_ids,
    plan_random,
    play_through_service,
    rematch_through_the_bot,
    snapshot,
)

GAME = "atacama"
MOVE = f"{GAME} move"
COLUMNS = "abcdefghi"
# T2: the sign of each ore under each right
SIGNS = {"turquoise": {"G": 1, "S": 1, "C": -1}, "orange": {"G": 1, "S": -1, "C": 1}}


def ends_with_a_sole_winner(state) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.end == "normal" and not outcome.is_draw


def t4_lines(state, seat: int) -> dict[str, int]:
    """T4 computed here from the towers and ores: the scoring lines of ``seat``'s right."""
    axis, colour = state.rights[seat]
    lines: dict[str, list[int]] = {}
    for (col, row), (_, other) in state.towers.items():
        ore, value = state.ores[(col, row)]
        name = f"column {COLUMNS[col]}" if axis == "cols" else f"row {row + 1}"
        lines.setdefault(name, []).append(SIGNS[colour][ore] * value * (2 if other else 1))
    return {name: sum(values) for name, values in lines.items() if len(values) >= 4}


def shown_lines(line: str) -> dict[str, int]:
    """The scoring lines listed in a breakdown line ("ann, columns: column a +5, ... = 7")."""
    listed = line.split(": ", 1)[1].rsplit(" = ", 1)[0]
    if listed.startswith("no "):  # "no column with 4 towers"
        return {}
    return {name: int(value) for name, value in (part.rsplit(" ", 1) for part in listed.split(", "))}


# -------------------------------------------------------------- a whole match


async def test_a_two_player_match_ends_with_board_breakdown_winner_and_rematch(world):
    w = world
    match, _, _ = await start_game(w, GAME)
    assert match.players == [w.ann.id, w.bob.id]
    plan = plan_random(match.state(), ends_with_a_sole_winner)
    assert len(plan.moves) >= 20
    await play_through_service(w, match.id, plan.moves[:-3])

    for move in plan.moves[-3:-1]:  # the last moves go through the bot
        before = await w.service.get(match.id)
        posted = await move_through_bot(w, GAME, match.id, move)
        after = await w.service.get(match.id)
        assert after.status == "active" and after.version == before.version + 1
        assert f"placed a tower on {move}" in posted.content
        assert_pings_only(w.env, posted, after.to_move_id())
    last_mover = actor_of(w, (await w.service.get(match.id)).to_move_id())
    final = await move_through_bot(w, GAME, match.id, plan.moves[-1])

    finished = await w.service.get(match.id)
    state = finished.state()
    outcome = plan.state.outcome()
    assert finished.status == "finished" and finished.result["end"] == "normal"
    assert finished.result["winners"] == list(outcome.winners) and state.to_json() == plan.state.to_json()
    assert (await w.service.moves(match.id))[-1].move == plan.moves[-1]
    assert (await w.service.moves(match.id))[-1].user_id == last_mover.id
    winner = actor_of(w, finished.players[outcome.winners[0]])
    loser = w.bob if winner is w.ann else w.ann

    # the final board: the last move, the result, one breakdown line per player, scores, series
    content = final.content
    assert f"**Atacama #{match.id}**" in content
    assert f"placed a tower on {plan.moves[-1]}" in content
    assert "The match is over" in content and f"**{winner.name} wins** ({winner.mention})" in content
    lines = content.splitlines()
    for seat, name in enumerate(finished.names):
        right = "columns" if seat == 0 else "rows"  # T3: seat 0 columns, seat 1 rows
        [line] = [li for li in lines if li.startswith(f"{name}, {right}: ")]
        expected = t4_lines(state, seat)
        assert shown_lines(line) == expected, line
        assert line.endswith(f" = {outcome.scores[seat]}") and sum(expected.values()) == outcome.scores[seat]
    assert state.summary(finished.names) in content
    assert "Score: " not in content  # the breakdown's lines say each player's points, once
    assert "Series (first to 2 victory points): " in content
    assert button_labels(final) == ["Rematch", "Review"]
    assert mentioned_ids(final) == {winner.id}
    await assert_png(final)
    assert w.channel.last_message.id == final.id and finished.message_id == final.id

    # no more moves; the Rematch button starts the next match with the seats swapped
    refused = await loser.slash(w.channel, MOVE, move="a1", match=match.id)
    assert refused.ephemeral and "finished" in refused.response.content
    offer, board, rematch = await rematch_through_the_bot(w, final, loser, [winner])
    assert rematch.id == (await w.service.get(match.id)).rematch_id
    await assert_png(board)
    assert rematch.players == finished.players[::-1]
    assert f"Rematch of #{match.id}" in offer
    assert_pings_only(w.env, board, rematch.players[0])


# ----------------------------------------------------- four-player challenges


async def test_one_declining_invitee_cancels_a_four_player_challenge(world):
    w = world
    dan = await add_dan(w)
    offered = await challenge(w, GAME, w.ann, [w.bob, w.cat, dan], first="me")
    assert not offered.ephemeral
    message = offered.response
    assert mentioned_ids(message) == {w.bob.id, w.cat.id, dan.id}
    assert "Everyone must accept" in message.content and "⌛ bob · ⌛ cat · ⌛ dan" in message.content
    assert button_labels(message) == ["Accept", "Decline"]

    await w.bob.click(message, label="Accept")
    assert button_labels(message) == ["Accept", "Decline"]
    declined = await w.cat.click(message, label="Decline")
    assert declined.response.id == message.id and not declined.followups
    assert "declined" in message.content and message.components == []

    [match] = await w.service.user_matches(w.ann.id, statuses=("challenge", "active", "declined", "cancelled"))
    assert match.status == "declined" and match.state_json is None and match.plies == 0
    for member in (w.ann, w.bob, w.cat, dan):
        assert await w.service.user_matches(member.id) == []  # nothing started
    assert [m.id for m in w.channel.history()] == [message.id]  # no board was posted
    with pytest.raises(SetupError):  # the buttons are gone
        await dan.click(message, label="Accept")
    with pytest.raises(MatchClosed):
        await w.service.accept(match.id, dan.id)
    assert (await w.service.get(match.id)).status == "declined"


async def test_a_four_player_match_starts_only_after_the_last_acceptance(world):
    w = world
    dan = await add_dan(w)
    deterministic_seeds(w, 1000)
    offered = await challenge(w, GAME, w.ann, [w.bob, w.cat, dan], first="opponent")
    message = offered.response
    [match] = await w.service.user_matches(w.ann.id, statuses=("challenge",))
    assert match.players == [w.bob.id, w.cat.id, dan.id, w.ann.id]  # "opponent" first: bob has seat 0
    assert "bob would start" in message.content

    for member in (w.bob, w.cat):
        clicked = await member.click(message, label="Accept")
        assert not clicked.ephemeral and clicked.response.id == message.id and not clicked.followups
        assert button_labels(message) == ["Accept", "Decline"]
        match = await w.service.get(match.id)
        assert match.status == "challenge" and match.state_json is None
        assert member.id in match.accepted
        assert [m.id for m in w.channel.history()] == [message.id]  # no board yet
    assert set(match.accepted) == {w.ann.id, w.bob.id, w.cat.id}

    again = await w.bob.click(message, label="Accept")  # bob again: already in
    assert again.ephemeral and "already accepted" in again.response.content
    assert (await w.service.get(match.id)).version == match.version

    last = await dan.click(message, label="Accept")
    assert "accepted — the match has started" in message.content and message.components == []
    [board] = last.followups
    await assert_png(board)
    assert not board.ephemeral and w.channel.last_message.id == board.id
    assert "● bob (blue) vs ■ cat (orange) vs ▲ dan (green) vs ◆ ann (pink)" in board.content
    assert_pings_only(w.env, board, w.bob.id)  # seat 0 moves first
    started = await w.service.get(match.id)
    assert started.status == "active" and started.to_move_id() == w.bob.id
    state = started.state()
    assert state.players == 4 and state.supply == [[7, 0]] * 4  # T7: 7 towers each
    assert started.message_id == board.id


async def test_the_four_player_challenge_message_shows_who_has_accepted_after_each_click(world):
    w = world
    dan = await add_dan(w)
    offered = await challenge(w, GAME, w.ann, [w.bob, w.cat, dan], first="me")
    message = offered.response
    assert "Everyone must accept" in message.content and "⌛ bob · ⌛ cat · ⌛ dan" in message.content
    for member, shown in ((w.bob, "✅ bob · ⌛ cat · ⌛ dan"), (w.cat, "✅ bob · ✅ cat · ⌛ dan")):
        clicked = await member.click(message, label="Accept")
        assert clicked.response.id == message.id
        assert shown in message.content, message.content
        match = await w.service.get(message_match_id(message))
        # the buttons carry the challenge's current version
        assert f"bg:accept:{match.id}:{match.version}" in [c["custom_id"] for c in message.components[0]["components"]]


def message_match_id(message) -> int:
    return int(message.content.split("(match #", 1)[1].split(";", 1)[0])


async def test_the_build_up_game_is_for_two_players_only(world):
    w = world
    dan = await add_dan(w)
    refused = await challenge(w, GAME, w.ann, [w.bob, w.cat, dan], variant="buildup")
    assert refused.ephemeral and "build-up" in refused.response.content and "2 players" in refused.response.content
    three = await challenge(w, GAME, w.ann, [w.bob, w.cat])
    assert three.ephemeral and "2 or 4 players" in three.response.content
    assert w.channel.history() == []
    assert await w.service.user_matches(w.ann.id, statuses=("challenge",)) == []


# ----------------------------------------------------------- build-up game


async def test_a_right_is_bought_with_the_move_command_in_the_build_up_game(world):
    w = world
    match, _, _ = await start_game(w, GAME, variant="buildup")
    state = match.state()
    assert state.buildup and state.rights == [None, None] and state.stage == 1

    choices = await w.ann.autocomplete(w.channel, MOVE, "move", "buy")
    assert [c["value"] for c in choices] == ["buy cols", "buy rows"]
    assert await w.ann.autocomplete(w.channel, MOVE, "move", "i") == []  # column i is not laid yet
    before = await snapshot(w, match.id)
    r = await w.ann.slash(w.channel, MOVE, move="i1")  # T5: stage 3 lays that slot
    await assert_refused(w, r, match.id, before, len(w.channel.history()), "not laid yet", "stage 3")

    posted = await move_through_bot(w, GAME, match.id, "buy cols")
    assert "ann bought the columns right (gold and silver plus, copper minus), paying with a tower" in posted.content
    assert "bob receives the rows right (copper and gold plus, silver minus)" in posted.content
    assert_pings_only(w.env, posted, w.bob.id)
    after = await w.service.get(match.id)
    state = after.state()
    assert state.rights == [("cols", "turquoise"), ("rows", "orange")]
    assert state.supply[0] == [13, 0] and state.bought == [1, 0] and state.towers == {}
    assert (await w.service.moves(match.id))[-1].move == "buy cols"
    assert after.to_move_id() == w.bob.id

    # the rights are taken now: bob cannot buy the other one
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    r = await w.bob.slash(w.channel, MOVE, move="buy rows")
    await assert_refused(w, r, match.id, before, public, "already assigned")
    assert await w.bob.autocomplete(w.channel, MOVE, "move", "buy") == []


# ----------------------------------------------------------------- refusals


async def test_illegal_atacama_moves_are_refused_privately_and_change_nothing(world):
    w = world
    match, _, _ = await start_game(w, GAME)
    await play_through_service(w, match.id, ["e5"])
    before = await snapshot(w, match.id)
    public = len(w.channel.history())

    r = await w.bob.slash(w.channel, MOVE, move="e6")  # adjacent field
    await assert_refused(w, r, match.id, before, public, "e6 is next to e5")
    r = await w.bob.slash(w.channel, MOVE, move="e5")  # occupied field
    await assert_refused(w, r, match.id, before, public, "e5 already holds a tower")
    r = await w.bob.slash(w.channel, MOVE, move="hello world")  # garbage
    await assert_refused(w, r, match.id, before, public, "not a move", "e5")
    r = await w.bob.slash(w.channel, MOVE, move="k3")  # no such field
    await assert_refused(w, r, match.id, before, public, "not a field")
    r = await w.bob.slash(w.channel, MOVE, move="a1*")  # tactics only
    await assert_refused(w, r, match.id, before, public, "tactics")
    r = await w.bob.slash(w.channel, MOVE, move="pass")  # fields are still free
    await assert_refused(w, r, match.id, before, public, "pass")
    r = await w.ann.slash(w.channel, MOVE, move="a1")  # out of turn
    await assert_refused(w, r, match.id, before, public, "bob's turn")
    r = await w.cat.slash(w.channel, MOVE, move="a1", match=match.id)  # not a player
    await assert_refused(w, r, match.id, before, public, "not playing")

    posted = await move_through_bot(w, GAME, match.id, "E7")  # case-insensitive, canonical
    assert "bob placed a tower on e7" in posted.content
    assert [m.move for m in await w.service.moves(match.id)] == ["e5", "e7"]


async def test_autocomplete_offers_the_free_fields_to_the_mover(world):
    w = world
    match, _, _ = await start_game(w, GAME)
    everything = await w.ann.autocomplete(w.channel, MOVE, "move", "")
    assert 0 < len(everything) <= 25 and all(c["name"] == c["value"] for c in everything)
    assert {c["value"] for c in everything} <= set(match.state().legal_moves())
    column = await w.ann.autocomplete(w.channel, MOVE, "move", "e")
    assert [c["value"] for c in column] == [f"e{r}" for r in range(1, 10)]
    assert await w.bob.autocomplete(w.channel, MOVE, "move", "e") == []  # not his turn

    await move_through_bot(w, GAME, match.id, "e5")
    column = await w.bob.autocomplete(w.channel, MOVE, "move", "E")  # e4, e5, e6 are taken or blocked
    assert [c["value"] for c in column] == ["e1", "e2", "e3", "e7", "e8", "e9"]
    assert await w.bob.autocomplete(w.channel, MOVE, "move", "d5") == []
    assert [c["value"] for c in await w.bob.autocomplete(w.channel, MOVE, "move", "d4")] == ["d4"]
    assert await w.ann.autocomplete(w.channel, MOVE, "move", "e") == []
    assert await w.cat.autocomplete(w.channel, MOVE, "move", "") == []  # not playing


# ------------------------------------------------------------- four players


async def test_a_resigning_player_of_four_is_dropped_and_the_others_play_on(world):
    w = world
    dan = await add_dan(w)
    match, _, _ = await start_game(w, GAME, [w.bob, w.cat, dan])
    assert match.players == [w.ann.id, w.bob.id, w.cat.id, dan.id]
    await move_through_bot(w, GAME, match.id, "a1", dan)  # ann; bob is to move

    asked = await w.bob.slash(w.channel, f"{GAME} resign")
    assert asked.ephemeral and "ann, cat, dan" in asked.response.content
    assert button_labels(asked.response) == ["Yes, resign"]
    assert (await w.service.get(match.id)).to_move_id() == w.bob.id  # asking changes nothing
    confirmed = await w.bob.click(asked.response, label="Yes, resign")
    assert asked.response.content == "You resigned." and asked.response.components == []
    [board] = confirmed.followups
    assert not board.ephemeral and w.channel.last_message.id == board.id
    await assert_png(board)
    assert "bob resigned." in board.content and "Score: " in board.content
    assert_pings_only(w.env, board, w.cat.id)  # cat plays next
    assert button_labels(board) == ["Choose a move"]  # the running match's only button

    after = await w.service.get(match.id)
    assert after.status == "active" and after.result is None
    assert after.state().resigned == [1] and after.resignations == [[1, 1]]
    assert after.to_move_id() == w.cat.id

    # bob is out: no moves, no suggestions; the others go round without him
    before = await snapshot(w, match.id)
    r = await w.bob.slash(w.channel, MOVE, move="i9")
    await assert_refused(w, r, match.id, before, len(w.channel.history()), "You resigned from match")
    assert await w.bob.autocomplete(w.channel, MOVE, "move", "") == []
    for move, nxt in (("c1", dan), ("e1", w.ann), ("g1", w.cat)):
        posted = await move_through_bot(w, GAME, match.id, move, dan)
        assert_pings_only(w.env, posted, nxt.id)
    final = await w.service.get(match.id)
    assert [m.user_id for m in await w.service.moves(match.id)] == [w.ann.id, w.cat.id, dan.id, w.ann.id]
    assert final.status == "active" and final.to_move_id() == w.cat.id


async def resign_through_the_bot(w, player):
    """``/atacama resign`` and the confirmation click; returns the public board post."""
    asked = await player.slash(w.channel, f"{GAME} resign")
    assert asked.ephemeral and button_labels(asked.response) == ["Yes, resign"]
    confirmed = await player.click(asked.response, label="Yes, resign")
    assert asked.response.content == "You resigned."
    [board] = confirmed.followups
    assert not board.ephemeral
    await assert_png(board)
    return board


async def test_the_last_of_four_players_left_wins_by_resignation(world):
    w = world
    dan = await add_dan(w)
    match, _, _ = await start_game(w, GAME, [w.bob, w.cat, dan])
    await play_through_service(w, match.id, ["a1", "c1"])  # ann, bob; cat is to move
    await w.service.resign(match.id, w.bob.id)

    board = await resign_through_the_bot(w, dan)  # not his turn: cat keeps it
    assert "dan resigned." in board.content
    assert_pings_only(w.env, board, w.cat.id)
    match = await w.service.get(match.id)
    assert match.status == "active" and match.state().resigned == [1, 3] and match.to_move_id() == w.cat.id

    board = await resign_through_the_bot(w, w.cat)  # only ann is left
    finished = await w.service.get(match.id)
    assert finished.status == "finished" and finished.result["end"] == "resign"
    assert finished.result["winners"] == [0]
    assert "cat resigned." in board.content and "The match ends by resignation: **ann wins**" in board.content
    for name in ("bob", "cat", "dan"):
        assert f"\n{name} (resigned), " in board.content  # the breakdown marks them
    assert finished.state().summary(finished.names) in board.content
    assert button_labels(board) == ["Rematch", "Review"]
    assert (await w.service.series(finished.series_id)).points == {w.ann.id: 1, w.bob.id: 0, w.cat.id: 0, dan.id: 0}


async def test_a_player_who_already_resigned_is_not_asked_to_resign_again(world):
    w = world
    dan = await add_dan(w)
    match, _, _ = await start_game(w, GAME, [w.bob, w.cat, dan])
    await w.service.resign(match.id, w.bob.id)
    before = await snapshot(w, match.id)
    again = await w.bob.slash(w.channel, f"{GAME} resign")
    assert again.ephemeral and again.response.components == [], again.response.content
    assert "already resigned" in again.response.content
    assert await snapshot(w, match.id) == before
