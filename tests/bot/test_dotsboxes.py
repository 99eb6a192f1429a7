"""A game is its own folders: Dots and Boxes lives entirely in ``tests/dotsboxes`` (rules, notation,
board image, computer player, catalogues, rules pages), is registered by this test alone
(``engines.register``) and is played through the real bot like any game of the product: a
challenge, moves by text and through the menus, a board after each turn, the computer at every
level, a conditional move, a replay, a review and a four-player Swiss event."""

import io

import pytest
from PIL import Image
from simcord.actors import MemberActor
from simcord.builders import UserHandle

import engines
from bot import Settings
from bot.setup.i18n import FRENCH, GERMAN
from tests.dotsboxes import GAME

from .games_helpers import actor_of, add_dan, move_through_bot, start_game
from .helpers import assert_png, mentioned_ids
from .test_guided import play_with_menus

DB = "dotsboxes"


@pytest.fixture(autouse=True)
def dotsboxes():
    """Registered before the bot builds its commands (autouse fixtures come first), gone after."""
    game = engines.register(GAME)
    yield game
    assert engines.unregister(DB) is game
    assert DB not in engines.game_names()


@pytest.fixture
def settings(tmp_path, database):
    """The computer thinks in a thread of the bot; few replay frames (tests/bot/conftest.py)."""
    extra = dict(ai_workers=1, ai_threads=True, replay_frames=4)
    if database.startswith("postgresql://"):
        return Settings(token=None, database_path=str(tmp_path / "unused.sqlite3"), database_url=database, **extra)
    return Settings(token=None, database_path=database, **extra)


def the_bot(w):
    return MemberActor(w.env, w.guild, UserHandle(w.env, w.env.backend.bot_user))


async def test_a_challenge_moves_by_text_a_board_after_each_turn_and_the_rules(world):
    w = world
    commands = {c.name: c for c in await w.env.bot.tree.fetch_commands()}
    challenge = next(o for o in commands[DB].options if o.name == "challenge")
    assert challenge.description_localizations[GERMAN] == "Ein bis drei Mitglieder zu Dots and Boxes herausfordern"
    size = next(o for o in challenge.options if o.name == "size")
    assert [c.value for c in size.choices] == ["3", "4"]
    assert size.description_localizations[FRENCH] == "Cases par côté du plateau (par défaut 3)"

    match, offered, _ = await start_game(w, DB, size="3")
    assert "Dots and Boxes" in offered.content and match.state().size == 3
    board = await move_through_bot(w, DB, match.id, "A1 - b1")  # any case, spaces
    assert "ann drew a1-b1" in board.content and mentioned_ids(board) == {w.bob.id}
    for typed, words in (
        ("a1-b1", "is drawn already"),
        ("a1-c1", "does not join two neighbouring dots"),
        ("x", "is not a line"),
    ):
        refused = await w.bob.slash(w.channel, f"{DB} move", move=typed)
        assert refused.ephemeral and words in refused.response.content, refused.response.content
    for move in ("a1-a2", "b1-b2"):
        await move_through_bot(w, DB, match.id, move)
    # bob closes a1 and draws again: that board is his alone, the channel gets his whole turn
    closed = await w.bob.slash(w.channel, f"{DB} move", move="a2-b2")
    assert closed.ephemeral and "bob drew a2-b2 and took the box a1" in closed.response.content
    await assert_png(closed.response)
    board = await move_through_bot(w, DB, match.id, "c1-d1")
    assert "took the box a1" in board.content and "bob drew c1-d1" in board.content
    assert mentioned_ids(board) == {w.ann.id}
    assert (await w.service.get(match.id)).state().scores() == [0, 1]
    [image] = board.attachments
    with Image.open(io.BytesIO(await image.read())) as drawn:
        assert min(drawn.size) >= 800

    rules = await w.cat.slash(w.channel, f"{DB} rules")
    assert rules.ephemeral and "`a1-b1` (across)" in rules.response.content


async def test_moves_through_the_menus_with_three_players(world):
    w = world
    match, _, _ = await start_game(w, DB, [w.bob, w.cat])
    board = None
    for move in ("a1-b1", "c3-c4", "b2-c2"):
        match = await w.service.get(match.id)
        board = board or next(m for m in w.channel.history() if "The match begins" in m.content)
        steps, board = await play_with_menus(w, actor_of(w, match.to_move_id()), board, move)
        assert steps >= 1 and f"drew {move}" in board.content
    match = await w.service.get(match.id)
    assert [m.move for m in await w.service.moves(match.id)] == ["a1-b1", "c3-c4", "b2-c2"]
    assert match.to_move_id() == w.ann.id


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
async def test_the_computer_plays_a_whole_match_at_each_level(world, level):
    w = world
    started = await w.ann.slash(w.channel, f"{DB} challenge", opponent=the_bot(w), level=level, first="me")
    assert not started.ephemeral, started.response.content
    [match] = await w.service.user_matches(w.ann.id, statuses=("active",))
    while (match := await w.service.get(match.id)).status == "active":
        assert match.to_move_id() == w.ann.id  # the computer has answered
        moved = await w.ann.slash(w.channel, f"{DB} move", move=match.state().legal_moves()[0])
        if moved.ephemeral:  # she closed a box: her turn goes on
            assert "took the box" in moved.response.content
            continue
        await w.env.settle()
        # the board after the computer's turn (it replaces the one that said it was thinking)
        board = w.channel.history()[-1]
        assert board.attachments and board.attachments[0].filename.endswith(".png"), board.content
        assert f"Bot ({level}) drew" in board.content or "ann drew" in board.content
    moves = await w.service.moves(match.id)
    assert len(moves) == 24 and any(m.user_id < 0 for m in moves)
    assert any(f"Bot ({level}) drew" in m.content for m in w.channel.history())
    final = [m for m in w.channel.history() if m.attachments][-1]
    names = [a.filename for a in final.attachments]
    assert names[0].startswith(f"{DB}-{match.id}") and names[0].endswith(".png"), names
    assert names[1:] == [f"{DB}-{match.id}-replay.gif", f"{DB}-{match.id}-chart.png"], names


async def test_a_conditional_move_a_replay_and_a_review(world):
    w = world
    match, _, _ = await start_game(w, DB)
    await move_through_bot(w, DB, match.id, "a1-b1")
    stored = await w.ann.slash(w.channel, f"{DB} conditional", moves="d3-d4; a4-b4")
    assert stored.ephemeral and "d3-d4; a4-b4" in stored.response.content, stored.response.content
    board = await move_through_bot(w, DB, match.id, "d3-d4")
    assert "ann answered with the conditional move a4-b4" in board.content
    assert [m.move for m in await w.service.moves(match.id)] == ["a1-b1", "d3-d4", "a4-b4"]

    asked = await w.ann.slash(w.channel, f"{DB} resign")
    await w.ann.click(asked.response, label="Yes, resign")
    replay = await w.cat.slash(w.channel, f"{DB} replay", match=match.id)
    [gif] = replay.response.attachments
    with Image.open(io.BytesIO(await gif.read())) as animation:
        assert animation.format == "GIF" and animation.n_frames >= 2
    review = await w.cat.slash(w.channel, f"{DB} review", match=match.id)
    assert not review.ephemeral
    assert f"**Review of Dots and Boxes #{match.id}**" in review.response.content
    assert "**ann**: accuracy " in review.response.content
    assert len((await w.service.stored_review(match.id))["plies"]) == 3


async def test_a_four_player_swiss_event_is_played_through_the_bot(world):
    import discord

    w = world
    dan = await add_dan(w)
    role = w.guild.create_role("Organisers", permissions=discord.Permissions(manage_events=True))
    org = w.guild.add_member(w.env.create_user("org"), roles=[role])
    made = await org.slash(
        w.channel, "tournament create", game=DB, format="swiss", name="Box Cup", table=4, rounds=1, size="3"
    )
    assert not made.ephemeral, made.response.content
    for member in (w.ann, w.bob, w.cat, dan):
        joined = await member.slash(w.channel, "tournament join")
        assert not joined.ephemeral, joined.response.content
    for level in ("easy", "easy", "medium", "hard"):  # eight entrants: two tables of four
        added = await org.slash(w.channel, "tournament add", level=level)
        assert not added.ephemeral, added.response.content
    started = await org.slash(w.channel, "tournament start")
    assert not started.ephemeral, started.response.content
    await w.env.settle()
    [event] = await w.service.events(w.guild.id)
    tables = (await w.service.event_view(event.id)).round_tables(1)
    assert sorted(len(t.players) for t in tables) == [4, 4]
    for table in tables:
        while (match := await w.service.get(table.match_id)).status == "active":
            assert match.to_move_id() > 0  # the computers have moved by themselves
            player = actor_of(w, match.to_move_id(), dan)
            moved = await player.slash(w.channel, f"{DB} move", move=match.state().legal_moves()[0], match=match.id)
            assert moved.acknowledged, moved.response.content
            assert not moved.ephemeral or "took the box" in moved.response.content  # a box: he draws again
            await w.env.settle()
        assert len(await w.service.moves(match.id)) == 24
    view = await w.service.event_view(event.id)
    assert view.event.status == "finished", view.event.status
    standings = await w.cat.slash(w.channel, "tournament standings")
    message = standings.followups[0] if standings.followups else standings.response
    assert "Final standings of Box Cup" in message.content and "Winners" in message.content
