"""Animated replays: frames in the record's order, drawn by the board renderer,
long matches merged into few frames with the final position kept, under Discord's 8 MB.

Renders cost 20-40 ms each: the long record is replayed with few frames except once."""

from __future__ import annotations

import io
import random
from functools import lru_cache

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from engines import get_game
from engines.record import Record, replay
from render import render_image
from render.replay import (
    MAX_BYTES,
    MAX_FRAMES,
    STRIP,
    Frame,
    choose_frames,
    counter_text,
    durations,
    make_replay,
    record_movers,
)


def random_record(game: str, players: int, seed: int, limit: int | None = None) -> Record:
    """A random match played with ``sample_move``, as a record."""
    spec = get_game(game)
    options = spec.check(players, {})
    setup = spec.resolve_setup(players, seed, dict(spec.starting_setup), options)
    state = spec.setup(players, seed, setup, options)
    rng = random.Random(seed)
    moves = []
    while state.outcome() is None and (limit is None or len(moves) < limit):
        moves.append(state.play(state.sample_move(rng)))
    return Record(game, ["ann", "bob", "cy", "dee"][:players], seed, options, setup, moves)


@lru_cache(maxsize=1)
def long_fem_record() -> Record:
    """The longest match of the benchmark's playouts: Tactori FEM, 300 moves and more."""
    from bench.positions import playout

    record = playout("tactori-fem", 2, 6).record
    assert len(record.moves) >= 300
    return record


def frames_of(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as animation:
        assert animation.format in ("GIF", "WEBP")
        return [frame.convert("RGB") for frame in ImageSequence.Iterator(animation)]


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("L"), b.convert("L"))).mean)


def board_part(frame: Image.Image) -> Image.Image:
    return frame.crop((0, 0, frame.width, frame.height - STRIP))


def test_every_frame_is_the_board_after_its_move_in_order():
    record = random_record("atacama", 2, 7, limit=9)
    made = make_replay(record)
    frames = frames_of(made.data)
    assert [f.ply for f in made.frames] == list(range(10)) and len(frames) == 10
    renders = [render_image(replay(record, ply), record.players) for ply in range(10)]
    for ply, frame in enumerate(frames):
        board = board_part(frame)
        scaled = [r.resize(board.size, Image.BILINEAR) for r in renders]
        distances = [difference(board, s) for s in scaled]
        # the render of its own ply is by far the nearest (what differs is colour rounding)
        assert min(range(10), key=distances.__getitem__) == ply, (ply, distances)


def test_a_part_of_the_match_and_the_final_position_held_longest():
    record = random_record("atacama", 2, 8, limit=12)
    made = make_replay(record, start=4, end=8)
    assert [f.ply for f in made.frames] == [4, 5, 6, 7, 8] and len(frames_of(made.data)) == 5
    assert made.durations[-1] == max(made.durations) and made.durations[0] > made.durations[1]
    with pytest.raises(ValueError):
        make_replay(record, start=9, end=3)


def test_frames_merge_whole_turns_first_then_evenly_and_keep_both_ends():
    alternating = [i % 2 for i in range(305)] + [None]
    frames = choose_frames(alternating, 0, 305, 100)
    plies = [f.ply for f in frames]
    assert len(frames) == 100 and plies[0] == 0 and plies[-1] == 305
    assert plies == sorted(set(plies))
    assert all(f.first == prev.ply + 1 for prev, f in zip(frames, frames[1:]))  # no move left out
    # Architekton-like: each player places twice; turns fit, so each frame is one whole turn
    pairs = [(i // 2) % 2 for i in range(120)] + [None]
    turns = choose_frames(pairs, 0, 120, 100)
    assert [f.ply for f in turns] == [0] + list(range(2, 121, 2))
    assert {f.merged for f in turns[1:]} == {2}
    # few positions: every one of them
    assert [f.ply for f in choose_frames(alternating, 10, 20, 100)] == list(range(10, 21))


def test_merged_frames_are_said_and_shown_longer():
    assert str(counter_text(Frame(7, 5), 30, False)) == "Moves 5–7 of 30"
    assert str(counter_text(Frame(30, 30), 30, True)) == "Move 30 of 30 · final position"
    assert str(counter_text(Frame(0, 0), 30, False)) == "Start"
    times = durations([Frame(0, 0), Frame(1, 1), Frame(4, 2), Frame(5, 5)])
    assert times[2] > times[1] and times[-1] == max(times)


def test_the_longest_record_stays_under_the_attachment_limit_with_its_final_position():
    record = long_fem_record()
    made = make_replay(record)
    frames = frames_of(made.data)
    assert len(frames) == len(made.frames) <= MAX_FRAMES
    assert made.frames[-1].ply == len(record.moves) and made.most_merged > 1
    assert len(made.data) < MAX_BYTES < 8_000_000
    # it plays in at most about a minute, as the GIF itself says (its frames' delays)
    with Image.open(io.BytesIO(made.data)) as animation:
        played = sum(frame.info["duration"] for frame in ImageSequence.Iterator(animation))
    assert played == sum(made.durations) <= 60_000
    final = render_image(replay(record), record.players).resize(board_part(frames[-1]).size, Image.BILINEAR)
    before = render_image(replay(record, made.frames[-2].ply), record.players).resize(final.size, Image.BILINEAR)
    assert difference(board_part(frames[-1]), final) < difference(board_part(frames[-1]), before)


def test_too_large_a_file_is_drawn_again_with_fewer_frames():
    record = long_fem_record()
    small = make_replay(record, cap=12, max_bytes=400_000)
    assert len(small.frames) < 12 and len(small.data) <= 400_000
    assert small.frames[0].ply == 0 and small.frames[-1].ply == len(record.moves)


def test_webp_too():
    record = random_record("tactori", 2, 3, limit=4)
    made = make_replay(record, fmt="webp")
    assert made.data[:4] == b"RIFF" and len(frames_of(made.data)) == 5


def test_movers_follow_the_record():
    record = random_record("architekton", 2, 5)
    movers = record_movers(record)
    assert len(movers) == len(record.moves) + 1 and movers[-1] is None
    assert movers[:-1] == [replay(record, p).current_player() for p in range(len(record.moves))]


def test_a_long_random_fem_match_plays_in_at_most_a_minute():
    """392 moves merged four to a frame played 74.7 s: merged frames are held longer, and the whole
    is then fitted into a minute, the start and the final position still held longest."""
    spec, rng = get_game("tactori-fem"), random.Random(12)
    state = spec.setup(2, 12, None, {"stacks": True, "chase": True})  # 367 random moves to a loop
    movers = [state.current_player()]
    while state.outcome() is None:
        state.play(state.sample_move(rng))
        movers.append(state.current_player())
    plies = len(movers) - 1
    assert plies > 3 * MAX_FRAMES, plies
    frames = choose_frames(movers, 0, plies)
    times = durations(frames)
    assert max(f.merged for f in frames) >= 3
    assert 45_000 <= sum(times) <= 60_000
    assert times[-1] == max(times) and times[0] > max(times[1:-1])
    assert all(ms % 10 == 0 and ms >= 60 for ms in times)
    # merged frames still last longer than single moves
    single = [ms for f, ms in zip(frames[1:-1], times[1:-1]) if f.merged == 1]
    merged = [ms for f, ms in zip(frames[1:-1], times[1:-1]) if f.merged > 2]
    assert not single or not merged or min(merged) > max(single)
