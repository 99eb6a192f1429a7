"""Around the matches, through the real bot: history, export, takebacks,
draw offers, ratings, admin commands and match threads."""

import discord

from bot.locales import say
from bot.messages import present
from engines.record import Record, replay
from matches import Player
from matches.competitions.skill import Skill, rate

from .helpers import GAME, start_match


async def play(w, match_id: int, n: int = 1):
    for _ in range(n):
        match = await w.service.get(match_id)
        mover = w.ann if match.to_move_id() == w.ann.id else w.bob
        r = await mover.slash(w.channel, f"{GAME} move", move=match.state().legal_moves()[0])
        # public when the turn passes; a placement within a turn is shown to its mover alone
        still = (await w.service.get(match_id)).to_move_id() == mover.id
        assert r.ephemeral == still, r.response.content


async def test_history_lists_numbered_moves_and_export_replays(world):
    w = world
    match, _ = await start_match(w)
    await play(w, match.id, 3)
    history = await w.bob.slash(w.channel, f"{GAME} history")
    moves = [m.move for m in await w.service.moves(match.id)]
    assert history.ephemeral and all(f"`{i + 1:>3}.`" in history.response.content for i in range(3))
    assert all(m in history.response.content for m in moves)
    exported = await w.ann.slash(w.channel, f"{GAME} export")
    [attachment] = exported.response.attachments
    record = Record.loads((await attachment.read()).decode())
    assert record.moves == moves
    assert replay(record).to_json() == (await w.service.get(match.id)).state_json


async def test_undo_request_answered_by_the_opponent(world):
    w = world
    match, _ = await start_match(w)
    await play(w, match.id, 1)  # ann's first placement
    asked = await w.ann.slash(w.channel, f"{GAME} undo")
    assert str(w.bob.id) in asked.response.content
    refused = await w.ann.click(asked.response, label="Allow the takeback")
    assert refused.ephemeral and (await w.service.get(match.id)).plies == 1
    await w.bob.click(asked.response, label="Allow the takeback")
    after = await w.service.get(match.id)
    assert after.plies == 0 and after.state_json == match.state_json


async def test_draw_offer_accepted_with_the_command(world):
    w = world
    match, _ = await start_match(w)
    await play(w, match.id, 2)
    offer = await w.bob.slash(w.channel, f"{GAME} draw")
    assert "offers a draw" in offer.response.content
    await w.ann.slash(w.channel, f"{GAME} draw")  # the same command accepts
    done = await w.service.get(match.id)
    assert done.status == "finished" and done.result["end"] == "agreed"
    assert "a draw" in w.channel.last_message.content


async def test_ratings_leaderboard_and_stats_after_a_rated_match(world):
    w = world
    match, _ = await start_match(w)
    await play(w, match.id, 2)
    confirm = await w.bob.slash(w.channel, f"{GAME} resign")
    await w.bob.click(confirm.response, label="Yes, resign")
    board = await w.cat.slash(w.channel, "leaderboard", game="architekton")
    lines = board.response.content.splitlines()
    winner, loser = rate([Skill(), Skill()], [1, 2])
    assert "Provisional ratings" in lines[1]  # after one match, everybody's rating is provisional
    assert str(w.ann.id) in lines[2] and f"**{winner.display}?**" in lines[2]
    assert str(w.bob.id) in lines[3] and f"**{loser.display}?**" in lines[3]
    stats = await w.ann.slash(w.channel, "stats")
    assert stats.ephemeral and "1 W / 0 L" in stats.response.content
    assert f"rating **{winner.display}?**" in stats.response.content


async def finish_through_the_service(w, winner, loser):
    """A rated Architekton match on the server that ``loser`` resigns after one move."""
    first, second = Player(winner.id, winner.name), Player(loser.id, loser.name)
    match = await w.service.create_challenge(GAME, w.guild.id, w.channel.id, first, [second], first="me")
    match = await w.service.accept(match.id, loser.id)
    match = (await w.service.move(match.id, winner.id, match.state().legal_moves()[0])).match
    await w.service.resign(match.id, loser.id)


async def test_the_leaderboard_lists_established_players_first_and_marks_provisional_ones(world):
    w = world
    for _ in range(5):
        await finish_through_the_service(w, w.bob, w.cat)  # bob and cat: five rated matches
    await finish_through_the_service(w, w.ann, w.cat)  # ann: one, so provisional
    board = await w.ann.slash(w.channel, "leaderboard", game=GAME)
    lines = board.response.content.splitlines()
    ratings = {r.user_id: r for r in await w.service.leaderboard(w.guild.id, GAME)}
    assert lines[0] == "**Architekton leaderboard**"
    assert str(w.bob.id) in lines[1] and f"**{ratings[w.bob.id].rating:.0f}**" in lines[1]
    assert str(w.cat.id) in lines[2] and f"**{ratings[w.cat.id].rating:.0f}**" in lines[2]
    assert lines[3] == "*Provisional ratings, marked with a question mark: fewer than 5 rated matches*"
    assert lines[4].startswith("3.") and str(w.ann.id) in lines[4]
    assert f"**{ratings[w.ann.id].rating:.0f}?**" in lines[4] and "?" not in "".join(lines[1:3])
    # the question mark as each language writes it
    assert [say(present.rating(ratings[w.ann.id]), lang) for lang in ("en", "de", "fr")] == [
        f"{ratings[w.ann.id].rating:.0f}?",
        f"{ratings[w.ann.id].rating:.0f}?",
        f"{ratings[w.ann.id].rating:.0f}\u202f?",
    ]


async def test_admin_commands_need_manage_server(world):
    w = world
    match, _ = await start_match(w)
    role = w.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[role])
    assert "admin abort" not in w.ann.available_commands(w.channel)
    settings = await mod.slash(w.channel, "admin settings", days=7, threads=True)
    assert settings.ephemeral and "7 days" in settings.response.content and "on" in settings.response.content
    aborted = await mod.slash(w.channel, "admin abort", match=match.id)
    assert "aborted" in aborted.response.content
    assert (await w.service.get(match.id)).status == "aborted"


async def test_matches_get_their_own_thread_when_the_server_wants_it(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    match, _ = await start_match(w)
    [thread] = w.channel.threads
    match = await w.service.get(match.id)
    assert match.thread_id == thread.id
    assert "The match begins" in thread.history()[-1].content
    # a move typed in the thread is answered there: ann's first placement to her alone, her turn's board to all
    r = await w.ann.slash(thread, f"{GAME} move", move=match.state().legal_moves()[0])
    assert r.ephemeral and r.response.channel_id == thread.id
    match = await w.service.get(match.id)
    r = await w.ann.slash(thread, f"{GAME} move", move=match.state().legal_moves()[0])
    assert not r.ephemeral and r.response.channel_id == thread.id
    confirm = await w.bob.slash(thread, f"{GAME} resign")
    await w.bob.click(confirm.response, label="Yes, resign")
    fetched = await w.env.bot.fetch_channel(thread.id)
    assert fetched.archived


async def test_an_aborted_match_is_announced_in_its_thread_which_is_archived(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    match, _ = await start_match(w)
    [thread] = w.channel.threads
    role = w.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[role])
    aborted = await mod.slash(w.channel, "admin abort", match=match.id)
    assert "aborted" in aborted.response.content and aborted.response.channel_id == w.channel.id
    assert f"#{match.id} was aborted" in thread.history()[-1].content
    assert (await w.env.bot.fetch_channel(thread.id)).archived
