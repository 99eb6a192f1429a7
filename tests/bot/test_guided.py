"""Choosing a move with the "Choose a move" button and select menus (bot/play/guided.py), through the real bot."""

from bot.play.menus import MORE

from .games_helpers import actor_of, start_game
from .helpers import GAME, assert_png, button_labels, member_of, snapshot, start_match

CHOOSE = "Choose a move"
TACTORI = "tactori"


def select_menu(message) -> dict:
    """The one select menu on a message (SimCord's raw component)."""
    [menu] = [c for row in message.components for c in row.get("components", []) if c.get("type") == 3]
    return menu


def option_values(message) -> list[str]:
    return [o["value"] for o in select_menu(message)["options"]]


async def open_menu(actor, board):
    """``actor`` presses Choose a move on ``board``; returns the private menu message."""
    opened = await actor.click(board, label=CHOOSE)
    assert opened.ephemeral and opened.response.ephemeral, opened.response.content
    assert select_menu(opened.response)
    return opened.response


async def walk_to(actor, menu, move: str) -> int:
    """Pick the options leading to ``move`` in the private ``menu`` (edited in place at
    every step) until it asks to confirm; returns the number of selections."""
    steps = 0
    while True:
        values = option_values(menu)
        assert 1 <= len(values) <= 25
        step = move if move in values else next(v for v in values if v.endswith(MORE) and move.startswith(v[:-1]))
        picked = await actor.select(menu, [step])
        assert picked.response.id == menu.id and picked.response.ephemeral  # the same private message
        steps += 1
        if step == move:
            assert f"Play **{move}**?" in menu.content
            return steps


async def play_with_menus(world, actor, board, move: str, *, public: bool = True):
    """Open the menu, walk to ``move``, confirm; returns ``(selections, board message)``: public, or
    (``public=False``: a move within the player's turn) the board shown to him alone."""
    menu = await open_menu(actor, board)
    steps = await walk_to(actor, menu, move)
    before = len(world.channel.history())
    played = await actor.click(menu, label=f"Play {move}")
    assert f"You played **{move}**" in menu.content and menu.components == []
    [posted] = played.followups
    assert posted.ephemeral != public and len(world.channel.history()) == before + public
    await assert_png(posted)
    return steps, posted


def opening_board(accepted):
    [board] = accepted.followups
    return board


# ------------------------------------------------------------------ playing


async def test_architekton_moves_chosen_in_menus_are_played_and_the_turn_passes(world):
    w = world
    match, accepted = await start_match(w, seed=1000)
    board = opening_board(accepted)
    assert button_labels(board) == [CHOOSE]
    assert len(match.state().legal_moves()) > 25  # so the menu starts with the tiles
    selections = []
    for placement in range(2):  # Architekton: two placements, then bob
        match = await w.service.get(match.id)
        assert match.to_move_id() == w.ann.id
        state = match.state()
        move = state.legal_moves()[-1]  # e.g. B20@2,1r0: tile, square and rotation
        preview = state.copy()
        words = preview.describe(preview.play(move), match.names)
        # The first placement's board is ann's alone, and its button goes on to the second.
        steps, board = await play_with_menus(w, w.ann, board, move, public=placement == 1)
        selections.append(steps)
        after = await w.service.get(match.id)
        assert after.version == match.version + 1 and (await w.service.moves(match.id))[-1].move == move
        assert words in board.content and (after.message_id == board.id) == (placement == 1)
    assert selections[0] >= 2
    assert after.to_move_id() == w.bob.id and w.bob.mention in board.content
    assert button_labels(board) == [CHOOSE]


async def test_a_tactori_move_is_found_in_two_steps_among_many(world):
    w = world
    match, _, accepted = await start_game(w, TACTORI)
    board = opening_board(accepted)
    legal = match.state().legal_moves()
    assert len(legal) > 25 and "+e5" in legal
    steps, board = await play_with_menus(w, w.ann, board, "+e5")
    assert steps >= 2
    after = await w.service.get(match.id)
    assert (await w.service.moves(match.id))[-1].move == "+e5"
    assert after.to_move_id() == w.bob.id and w.bob.mention in board.content and "e5" in board.content
    # bob answers with the menus too, on the new board
    reply = after.state().legal_moves()[0]
    _, board = await play_with_menus(w, w.bob, board, reply)
    assert [m.move for m in await w.service.moves(match.id)] == ["+e5", reply]


async def test_back_and_start_over_return_to_earlier_menus(world):
    w = world
    match, _, accepted = await start_game(w, TACTORI)
    menu = await open_menu(w.ann, opening_board(accepted))
    first = option_values(menu)
    await walk_to(w.ann, menu, "+e5")
    assert button_labels(menu) == ["Play +e5", "Back", "Start over"]
    await w.ann.click(menu, label="Back")
    assert "+e5" in option_values(menu)  # the menu the move was picked from
    await w.ann.click(menu, label="Start over")
    assert option_values(menu) == first
    assert await snapshot(w, match.id) == (match.version, match.state_json, 0, "active")


# ---------------------------------------------------------------- refusals


async def test_only_the_player_to_move_gets_a_menu(world):
    w = world
    match, accepted = await start_match(w)
    board = opening_board(accepted)
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    for actor, words in ((w.bob, "ann's turn"), (w.cat, "not playing")):
        refused = await actor.click(board, label=CHOOSE)
        assert refused.ephemeral and words in refused.response.content
        assert refused.response.components == []
    assert await snapshot(w, match.id) == before and len(w.channel.history()) == public


async def test_a_menu_of_an_earlier_position_is_refused_and_changes_nothing(world):
    w = world
    match, accepted = await start_match(w)
    board = opening_board(accepted)
    menu = await open_menu(w.ann, board)
    move = match.state().legal_moves()[-1]
    await walk_to(w.ann, menu, move)  # "Play ...?" is waiting
    other = await open_menu(w.ann, board)  # a second menu, still at its first step

    played = await w.ann.slash(w.channel, f"{GAME} move", move=match.state().legal_moves()[0])
    assert played.ephemeral  # ann's first placement, typed; she is still to move
    before = await snapshot(w, match.id)
    public = len(w.channel.history())

    refused = await w.ann.click(menu, label=f"Play {move}")
    assert refused.ephemeral and "earlier position" in refused.response.content
    refused = await w.ann.select(other, [option_values(other)[0]])
    assert refused.ephemeral and "has changed" in refused.response.content
    assert board.components == []  # the old board lost its button to ann's own
    assert await snapshot(w, match.id) == before and len(w.channel.history()) == public

    # the newest board's button works: the one shown to ann after her first placement
    second = (await w.service.get(match.id)).state().legal_moves()[0]
    await play_with_menus(w, w.ann, played.response, second)
    assert (await w.service.get(match.id)).to_move_id() == w.bob.id


async def test_a_double_confirm_plays_the_move_once(world):
    w = world
    match, _, accepted = await start_game(w, TACTORI)
    menu = await open_menu(w.ann, opening_board(accepted))
    await walk_to(w.ann, menu, "+e5")
    # Discord loses the answer to the first click, so the button stays and is clicked again
    w.env.inject_error("POST", "/interactions/*/callback", status=500)
    await w.ann.click(menu, label="Play +e5")
    board = w.channel.last_message
    await assert_png(board)
    assert "e5" in board.content and w.bob.mention in board.content  # the move counted
    assert w.env.errors == []
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    again = await w.ann.click(menu, label="Play +e5")
    assert again.ephemeral and "counted" in again.response.content
    assert await snapshot(w, match.id) == before and len(w.channel.history()) == public
    assert [m.move for m in await w.service.moves(match.id)] == ["+e5"]


async def test_two_confirmations_of_one_position_play_only_the_first(world):
    w = world
    match, accepted = await start_match(w)
    board = opening_board(accepted)
    first, second = match.state().legal_moves()[-1], match.state().legal_moves()[0]
    menus = [await open_menu(w.ann, board) for _ in range(2)]  # e.g. on a phone and a computer
    await walk_to(w.ann, menus[0], first)
    await walk_to(w.ann, menus[1], second)
    await w.ann.click(menus[0], label=f"Play {first}")
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    refused = await w.ann.click(menus[1], label=f"Play {second}")  # ann is still to move: a version check
    assert refused.ephemeral and "earlier position" in refused.response.content
    assert await snapshot(w, match.id) == before and len(w.channel.history()) == public
    assert [m.move for m in await w.service.moves(match.id)] == [first]


async def test_a_finished_match_offers_no_menu(world):
    w = world
    match, accepted = await start_match(w)
    board = opening_board(accepted)
    menu = await open_menu(w.ann, board)
    await w.service.resign(match.id, w.bob.id)  # void: nobody had moved
    before = await snapshot(w, match.id)
    for refused in (await w.ann.click(board, label=CHOOSE), await w.ann.select(menu, [option_values(menu)[0]])):
        assert refused.ephemeral and "no longer running" in refused.response.content
    assert await snapshot(w, match.id) == before


async def test_the_choices_survive_a_restart(world):
    w = world
    match, _, accepted = await start_game(w, TACTORI)
    board = opening_board(accepted)
    menu = await open_menu(w.ann, board)
    await w.restart()
    steps = await walk_to(w.ann, menu, "+e5")  # a menu opened before the restart
    await w.restart()
    played = await w.ann.click(menu, label="Play +e5")
    [posted] = played.followups
    await assert_png(posted)
    assert steps >= 2 and [m.move for m in await w.service.moves(match.id)] == ["+e5"]

    await w.restart()  # the new board's button, after a restart
    after = await w.service.get(match.id)
    mover = actor_of(w, after.to_move_id())
    assert mover.id == w.bob.id
    reply = after.state().legal_moves()[-1]
    await play_with_menus(w, mover, posted, reply)
    assert [m.move for m in await w.service.moves(match.id)] == ["+e5", reply]
    assert member_of(w, (await w.service.get(match.id)).to_move_id()) == w.ann


async def test_a_play_button_of_an_earlier_turn_says_its_move_was_not_played(world):
    """The stale "Play X" answered "Your move Y was played", naming Y only."""
    w = world
    match, accepted = await start_match(w)
    menu = await open_menu(w.ann, opening_board(accepted))
    stale = match.state().legal_moves()[-1]
    await walk_to(w.ann, menu, stale)  # "Play ...?" is waiting while ann's turn is played otherwise
    while match.to_move_id() == w.ann.id:
        match = (await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])).match
    [*_, last] = await w.service.moves(match.id)
    assert last.move != stale
    before = await snapshot(w, match.id)

    refused = await w.ann.click(menu, label=f"Play {stale}")
    said = refused.response.content
    assert refused.ephemeral and f"{stale} was not played" in said and f"Your move {last.move} was played" in said
    assert await snapshot(w, match.id) == before
