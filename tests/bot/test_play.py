"""Playing Architekton through the real bot: autocomplete, moves, refusals, board, rules."""

from bot.messages.alt_text import spoken

from .helpers import GAME, assert_png, button_labels, member_of, mentioned_ids, pinged_ids, snapshot, start_match


def score_line(match) -> str:
    return "Score: " + " · ".join(f"{n}: {s}" for n, s in zip(match.names, match.state().scores()))


# ---------------------------------------------------------------- autocomplete


async def test_move_autocomplete_offers_legal_moves_to_the_mover_only(world):
    w = world
    match, _ = await start_match(w)
    legal = match.state().legal_moves()

    everything = await w.ann.autocomplete(w.channel, f"{GAME} move", "move", "")
    assert 0 < len(everything) <= 25
    assert all(c["name"] == c["value"] for c in everything)
    assert {c["value"] for c in everything} <= set(legal)

    prefix = legal[-1][:3]  # e.g. "B21": a tile that is in the stock
    for typed in (prefix, prefix.lower()):
        narrowed = await w.ann.autocomplete(w.channel, f"{GAME} move", "move", typed)
        assert narrowed and len(narrowed) <= 25
        assert all(c["value"].lower().startswith(prefix.lower()) for c in narrowed)
        assert {c["value"] for c in narrowed} <= set(legal)
        expected = [m for m in legal if m.lower().startswith(prefix.lower())]
        if len(expected) <= 25:
            assert sorted(c["value"] for c in narrowed) == sorted(expected)

    assert await w.bob.autocomplete(w.channel, f"{GAME} move", "move", "") == []  # not his turn
    assert await w.bob.autocomplete(w.channel, f"{GAME} move", "move", prefix) == []
    assert await w.cat.autocomplete(w.channel, f"{GAME} move", "move", "") == []  # not playing


async def test_with_two_matches_waiting_autocomplete_asks_for_the_match_first(world):
    w = world
    first, _ = await start_match(w)
    second, _ = await start_match(w, opponent=w.cat)
    [hint] = await w.ann.autocomplete(w.channel, f"{GAME} move", "move", "")
    assert f"#{first.id}" in hint["name"] and f"#{second.id}" in hint["name"] and "match" in hint["name"]
    picked = await w.ann.autocomplete(w.channel, f"{GAME} move", "move", "", match=second.id)
    assert {c["value"] for c in picked} <= set(second.state().legal_moves()) and len(picked) > 1
    before = await snapshot(w, first.id)
    r = await w.ann.slash(w.channel, f"{GAME} move", move=hint["value"])  # the hint itself is no move
    assert r.ephemeral and "pick one with the `match` option" in r.response.content
    assert await snapshot(w, first.id) == before


# ------------------------------------------------------------------- moves


async def test_a_turn_of_two_placements_posts_one_board_when_the_turn_passes(world):
    """The first placement of a turn is shown to the mover alone; the second posts one public board
    with both placements in words, which mentions the next player only."""
    w = world
    match, started = await start_match(w, seed=1000)
    movers = []
    for _ in range(2):  # two full turns
        turn = []
        for placement in range(2):
            match = await w.service.get(match.id)
            state = match.state()
            assert state.pending is None
            player = member_of(w, match.to_move_id())
            movers.append(player.name)
            move = state.legal_moves()[0]
            preview = state.copy()
            canonical = preview.play(move)
            words = preview.describe(canonical, match.names)
            turn.append(words)

            before = len(w.channel.history())
            result = await player.slash(w.channel, f"{GAME} move", move=move)
            assert result.acknowledged
            posted = result.response
            await assert_png(posted)
            after = await w.service.get(match.id)
            assert after.version == match.version + 1 and after.plies == match.plies + 1
            assert (await w.service.moves(match.id))[-1].move == canonical
            assert words and words in posted.content  # the move in words
            assert score_line(after) in posted.content  # the scores
            nxt = after.to_move_id()
            if placement == 0:
                # Privately, for the mover: the board, his second placement, the buttons to go on.
                assert result.ephemeral and posted.ephemeral and nxt == player.id
                assert len(w.channel.history()) == before and after.message_id == match.message_id
                assert "second placement of your turn" in posted.content
                assert "Only you see this board until your turn is over" in posted.content
                assert button_labels(posted) == ["Choose a move"]
                assert pinged_ids(w.env, posted) == set()
                # The channel's board is of an earlier position: its button is gone.
                [old] = [m for m in w.channel.history() if m.id == match.message_id]
                assert button_labels(old) == []
                continue
            assert not result.ephemeral and not posted.ephemeral and len(w.channel.history()) == before + 1
            assert turn[0] in posted.content and posted.content.index(turn[0]) < posted.content.index(words)
            assert "Only you see" not in posted.content
            assert f"<@{nxt}>" in posted.content and mentioned_ids(posted) == {nxt} and nxt != player.id
            # What a screen reader says for the image: the game, the ply, the turn's moves, the scores, the mover.
            [image] = posted.attachments
            assert image.description == (
                f"Architekton board, match #{match.id}, after {after.plies} moves. "
                f"Last: {spoken(str(turn[0]))} {spoken(str(words))} "
                f"Scores: {score_line(after)[7:].replace(' · ', ', ')}. "
                f"{after.name_of(nxt)} to move."
            )
            assert pinged_ids(w.env, posted) == {nxt}
            assert after.message_id == posted.id
    assert movers == ["ann", "ann", "bob", "bob"]  # two placements, then the turn passes
    assert "first placement of your turn" in w.channel.last_message.content
    assert f"<@{w.ann.id}>" in w.channel.last_message.content
    assert len([m for m in w.channel.history() if m.attachments]) == 3  # the start and one board per turn


async def test_a_move_made_elsewhere_posts_the_board_in_the_match_channel(world):
    """``match:`` lets a player move from another channel: the board goes to the
    match's channel and the mover gets a private pointer, not a public one."""
    w = world
    match, _ = await start_match(w)
    lobby = w.guild.create_text_channel("lobby")
    first = await w.ann.slash(lobby, f"{GAME} move", move=match.state().legal_moves()[0], match=match.id)
    assert first.ephemeral and "second placement of your turn" in first.response.content  # hers alone
    public = len(w.channel.history())
    match = await w.service.get(match.id)
    result = await w.ann.slash(lobby, f"{GAME} move", move=match.state().legal_moves()[0], match=match.id)
    assert result.ephemeral and result.response.ephemeral
    assert w.channel.mention in result.response.content
    assert lobby.history() == []  # nothing public in the lobby
    assert len(w.channel.history()) == public + 1
    board = w.channel.last_message
    await assert_png(board)
    assert w.bob.mention in board.content and w.ann.mention not in board.content  # bob's turn
    assert (await w.service.get(match.id)).message_id == board.id


# ---------------------------------------------------------------- refusals


async def assert_refused(world, result, match_id, before, public_before, *words):
    assert result.acknowledged and result.ephemeral, result.response and result.response.content
    text = result.response.content
    for word in words:
        assert word.lower() in text.lower(), text
    assert await snapshot(world, match_id) == before
    assert len(world.channel.history()) == public_before  # nothing public was posted


async def test_rejected_moves_are_ephemeral_and_change_nothing(world):
    w = world
    match, _ = await start_match(w)
    state = match.state()
    legal = state.legal_moves()
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    move = f"{GAME} move"

    r = await w.bob.slash(w.channel, move, move=legal[0])  # out of turn
    await assert_refused(w, r, match.id, before, public, "ann's turn")

    r = await w.cat.slash(w.channel, move, move=legal[0])  # not a player
    await assert_refused(w, r, match.id, before, public, "no architekton match")
    r = await w.cat.slash(w.channel, move, move=legal[0], match=match.id)
    await assert_refused(w, r, match.id, before, public, "not playing")

    r = await w.ann.slash(w.channel, move, move="hello world")  # garbage
    await assert_refused(w, r, match.id, before, public)

    missing = next(f"B{n:02d}" for n in range(1, 23) if f"B{n:02d}" not in state.stock)
    square_and_rotation = legal[0].split("@", 1)[1]  # a legal building square
    r = await w.ann.slash(w.channel, move, move=f"{missing}@{square_and_rotation}")
    await assert_refused(w, r, match.id, before, public, missing, "not in the stock")

    lobby = w.guild.create_text_channel("lobby")  # no match there
    r = await w.ann.slash(lobby, move, move=legal[0])
    assert r.ephemeral and "no architekton match" in r.response.content.lower()
    assert lobby.history() == [] and await snapshot(w, match.id) == before

    # The match ends (bob resigns through the store: void, nobody had moved); moves are refused afterwards.
    await w.service.resign(match.id, w.bob.id)
    finished = await snapshot(w, match.id)
    r = await w.ann.slash(w.channel, move, move=legal[0])
    await assert_refused(w, r, match.id, finished, public, "no architekton match")
    r = await w.ann.slash(w.channel, move, move=legal[0], match=match.id)
    await assert_refused(w, r, match.id, finished, public, "is void", "no move can be made")


# ------------------------------------------------------------ board, rules


async def test_board_for_a_non_player_is_ephemeral_and_public_for_a_player(world):
    w = world
    match, _ = await start_match(w)
    public = len(w.channel.history())

    looked = await w.cat.slash(w.channel, f"{GAME} board", match=match.id)
    assert looked.ephemeral and looked.response.ephemeral
    await assert_png(looked.response)
    assert f"#{match.id}" in looked.response.content
    assert pinged_ids(w.env, looked.response) == set()  # a spectator's look pings nobody
    assert len(w.channel.history()) == public
    assert [m.id for m in w.channel.history(viewer=w.cat)][-1] == looked.response.id

    shown = await w.bob.slash(w.channel, f"{GAME} board")
    assert not shown.ephemeral and not shown.response.ephemeral
    await assert_png(shown.response)
    assert len(w.channel.history()) == public + 1
    assert await snapshot(w, match.id) == (match.version, match.state_json, 0, "active")


async def test_rules_are_ephemeral_and_explain_the_notation(world):
    w = world
    r = await w.cat.slash(w.channel, f"{GAME} rules")
    assert r.ephemeral and r.response.ephemeral
    text = r.response.content
    assert "Notation" in text and "W@2,0" in text and "B07@1,0r2" in text
    assert "keep" in text and "remove" in text
    assert w.channel.history() == []
