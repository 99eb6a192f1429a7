"""Looking back inside Discord: the final message carries the replay and the score
chart, ``/<game> replay`` animates any part of a match (cached), ``/<game> board ply:`` shows any
position privately, ``/history`` points at both, ``/stats`` draws the rating; in German and French.

The bot's settings in these tests draw replays of at most 4 frames (``conftest.py``), so the
merging of long matches shows here with matches of a few dozen moves."""

import io

from PIL import Image, ImageChops, ImageSequence, ImageStat

import bot.history.replays as bot_replays
from bot.locales import say
from engines import Text, replay

from .helpers import GAME, assert_png, ends_normally_with_a_winner, plan_random, play_through_service, start_match
from .test_endings import finish_through_the_bot
from .test_languages import client_locales, german_server  # noqa: F401 - the fixture is used below


def gif_frames(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as animation:
        assert animation.format == "GIF"
        return [f.convert("RGB") for f in ImageSequence.Iterator(animation)]


async def finished_match(w):
    match, _ = await start_match(w)
    _, final = await finish_through_the_bot(w, match.id, ends_normally_with_a_winner)
    return await w.service.get(match.id), final


async def test_the_final_message_carries_board_replay_and_chart(world):
    w = world
    match, final = await finished_match(w)
    await assert_png(final)
    board, animation, chart = final.attachments
    assert animation.filename == f"{GAME}-{match.id}-replay.gif" and chart.filename == f"{GAME}-{match.id}-chart.png"
    frames = gif_frames(await animation.read())
    assert len(frames) == 4  # the test bot's cap: moves merged, and it says so
    assert "a frame shows up to" in final.content and f"(4 frames for {match.plies} moves)" in final.content
    with Image.open(io.BytesIO(await chart.read())) as image:
        assert image.format == "PNG" and image.size == (1000, 640)
    assert "replay" in animation.description.lower() and f"#{match.id}" in chart.description
    assert final.components and [c["label"] for row in final.components for c in row["components"]] == [
        "Rematch",
        "Review",
    ]


async def test_replay_command_is_drawn_once_and_then_served_from_the_cache(world, monkeypatch):
    w = world
    match, _ = await finished_match(w)
    drawn = []
    real = bot_replays.make_replay

    def counting(*args, **kwargs):
        drawn.append(kwargs.get("start"))
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_replays, "make_replay", counting)
    monkeypatch.setattr(bot_replays, "PROGRESS_FRAMES", 2)  # a "long" replay: announced while drawn
    first = await w.cat.slash(w.channel, f"{GAME} replay", match=match.id, **{"from": 2, "to": 5})
    assert not first.ephemeral
    notes = [r for r in w.env.http_requests if "Drawing the replay" in str(r.json)]
    assert len(notes) == 1 and f"Architekton #{match.id}: 4 frames, a few seconds" in str(notes[0].json)
    [gif] = first.response.attachments
    assert f"**Replay of Architekton #{match.id}**, moves 3 to 5." in first.response.content
    frames = gif_frames(await gif.read())
    assert len(frames) == 4 and drawn == [2]  # positions 2, 3, 4, 5
    again = await w.bob.slash(w.channel, f"{GAME} replay", match=match.id, **{"from": 2, "to": 5})
    [gif_again] = again.response.attachments
    assert await gif_again.read() == await gif.read() and drawn == [2]  # the same bytes, not drawn again
    assert len([r for r in w.env.http_requests if "Drawing the replay" in str(r.json)]) == 1  # instant: no note
    # the whole match was drawn for the final message already: not drawn again either
    whole = await w.ann.slash(w.channel, f"{GAME} replay", match=match.id)
    assert drawn == [2] and f"moves 1 to {match.plies}" in whole.response.content


async def test_replay_frames_follow_the_record(world):
    """Each frame is the board after its move: nearest to a single-board render of that position."""
    w = world
    match, _ = await finished_match(w)
    shown = await w.ann.slash(w.channel, f"{GAME} replay", match=match.id, **{"from": 0, "to": 3})
    frames = gif_frames(await shown.response.attachments[0].read())
    record = await w.service.record(match.id)
    from render import render_image
    from tests.render.test_replay import board_part, difference

    renders = [render_image(replay(record, p), match.names) for p in range(4)]
    for ply, frame in enumerate(frames):
        board = board_part(frame)
        distances = [difference(board, r.resize(board.size, Image.BILINEAR)) for r in renders]
        assert min(range(4), key=distances.__getitem__) == ply


async def test_bad_ranges_and_matches_without_moves_are_refused_privately(world):
    w = world
    match, _ = await finished_match(w)
    for options in ({"from": 5, "to": 2}, {"to": 100000}, {"from": match.plies}):
        refused = await w.ann.slash(w.channel, f"{GAME} replay", match=match.id, **options)
        assert refused.ephemeral and not refused.response.attachments
        assert f"has {match.plies} moves" in refused.response.content
    fresh, _ = await start_match(w, seed=1200)
    nothing = await w.ann.slash(w.channel, f"{GAME} replay", match=fresh.id)
    assert nothing.ephemeral and "nothing to replay" in nothing.response.content
    # resigned before the first move: its one board is the start, and a later ply says so (not "between 0 and 0")
    await w.service.resign(fresh.id, fresh.to_move_id())
    start = await w.ann.slash(w.channel, f"{GAME} board", match=fresh.id, ply=0)
    assert start.ephemeral and "at the start" in start.response.content
    later = await w.ann.slash(w.channel, f"{GAME} board", match=fresh.id, ply=1)
    assert later.ephemeral and not later.response.attachments
    assert "ended before its first move" in later.response.content and "between 0 and 0" not in later.response.content
    record = await w.ann.slash(w.channel, f"{GAME} export", match=fresh.id)
    assert record.ephemeral and f"#{fresh.id} (no moves)" in record.response.content


async def test_board_at_any_ply_is_private_and_history_points_at_it(world):
    w = world
    match, _ = await finished_match(w)
    moves = await w.service.moves(match.id)
    looked = await w.cat.slash(w.channel, f"{GAME} board", match=match.id, ply=3)
    assert looked.ephemeral
    png = await assert_png(looked.response)
    assert (
        f"after move 3 of {match.plies}" in looked.response.content and f"`{moves[2].move}`" in looked.response.content
    )
    assert "ply:2" in looked.response.content and "ply:4" in looked.response.content
    record = await w.service.record(match.id)
    from render import render_image

    shown = Image.open(io.BytesIO(png)).convert("RGB")
    # the board after move 3, to within palette rounding; its neighbours differ by more
    distance = {
        ply: sum(ImageStat.Stat(ImageChops.difference(shown, render_image(replay(record, ply), match.names))).mean)
        for ply in (2, 3, 4)
    }
    assert distance[3] < 3 * 2.5 and distance[3] < min(distance[2], distance[4]), distance
    start = await w.ann.slash(w.channel, f"{GAME} board", match=match.id, ply=0)
    assert start.ephemeral and "at the start" in start.response.content
    refused = await w.ann.slash(w.channel, f"{GAME} board", match=match.id, ply=match.plies + 1)
    assert refused.ephemeral and not refused.response.attachments and "choose a `ply`" in refused.response.content
    history = await w.ann.slash(w.channel, f"{GAME} history", match=match.id)
    assert f"`/{GAME} board match:{match.id} ply:{match.plies}`" in history.response.content
    assert f"`/{GAME} replay match:{match.id}`" in history.response.content


async def test_stats_draws_the_rating_over_time(world):
    w = world
    empty = await w.ann.slash(w.channel, "stats")
    assert not empty.response.attachments
    await finished_match(w)
    shown = await w.ann.slash(w.channel, "stats")
    [chart] = shown.response.attachments
    with Image.open(io.BytesIO(await chart.read())) as image:
        assert image.format == "PNG"
    none = await w.ann.slash(w.channel, "stats", game="atacama")
    assert not none.response.attachments and "No rated Atacama matches yet." in none.response.content


async def test_german_and_french(world, client_locales):
    w = world
    guild, channel, ann, bob = await german_server(w, client_locales)
    offered = await ann.slash(channel, f"{GAME} challenge", opponent=bob, first="me")
    from .helpers import final_match_id

    match_id = final_match_id(offered.response)
    await bob.click(offered.response, label=say(Text("Accept"), "de"))
    match = await w.service.get(match_id)
    plan = plan_random(match.state(), ends_normally_with_a_winner)
    await play_through_service(w, match_id, plan.moves[:-1])
    mover = ann if (await w.service.get(match_id)).to_move_id() == ann.id else bob
    final = (await mover.slash(channel, f"{GAME} move", move=plan.moves[-1])).response
    match = await w.service.get(match_id)
    assert "Eine lange Partie" in final.content and len(final.attachments) == 3
    assert "Diagramm der Punkte" in final.attachments[2].description
    german = await ann.slash(channel, f"{GAME} replay", match=match_id)
    assert f"**Replay von Architekton #{match_id}**" in german.response.content
    english_gif = bot_replays.make_replay(await w.service.record(match_id), match.names, cap=4).data
    assert await german.response.attachments[0].read() != english_gif  # the frames' words are German
    french = await bob.slash(channel, f"{GAME} board", match=match_id, ply=2)
    assert french.ephemeral and f"après le coup 2 sur {match.plies}" in french.response.content
    refused = await bob.slash(channel, f"{GAME} replay", match=match_id, **{"from": 3, "to": 1})
    assert refused.ephemeral and "choisissez `from` inférieur à `to`" in refused.response.content
    stats = await bob.slash(channel, "stats")
    assert stats.response.attachments[0].description.startswith("Graphique du classement")
    assert say(Text("{year}-{month}-{day}", year=2026, month="11", day="24"), "fr") == "24/11/2026"


async def test_a_replay_that_cannot_be_drawn_is_said_so(world, monkeypatch):
    w = world
    match, _ = await finished_match(w)

    def broken(*args, **kwargs):
        raise RuntimeError("no ink")

    monkeypatch.setattr(bot_replays, "make_replay", broken)
    failed = await w.ann.slash(w.channel, f"{GAME} replay", match=match.id, **{"from": 1, "to": 2})
    assert "could not be drawn just now" in failed.response.content and not failed.response.attachments
