"""Score and rating charts (issue 13): the score chart's points are the engine's scores after
every move, for random matches of every game and player count."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest
from PIL import Image

from engines import game_names, get_game
from engines.record import replay
from render.charts import RatingPoint, nice_ticks, rating_chart, score_chart
from render.score_series import score_series

from test_replay import random_record
from render_checks import EXAMPLES, ROOT

CASES = [(game, players, seed) for game in game_names()
         for players in sorted({get_game(game).min_players, get_game(game).max_players})
         for seed in (1, 2)]


@pytest.mark.parametrize("game,players,seed", CASES)
def test_chart_points_are_the_engine_scores_after_every_move(game, players, seed):
    record = random_record(game, players, seed, limit=160)
    series = score_series(record)
    assert series.plies == len(record.moves)
    for ply in range(len(record.moves) + 1):
        state = replay(record, ply)
        assert series.scores[ply] == list(state.scores()), ply
        if series.uses_scores:
            assert series.values[ply] == series.scores[ply]
        else:   # FEM: bridges on the board
            assert series.values[ply] == [15 - left for left in state.bridge_supply]
        if game == "architekton":
            assert series.extra[ply] == state.chips
    outcome = replay(record).outcome()
    if outcome is not None and outcome.end == "loop":
        assert series.loop_ply == len(record.moves) and series.loop_seat == outcome.winners[0]
    image = score_chart(series, record.players)
    assert image.size == (1000, 640)


def test_the_chart_draws_every_player_in_his_colour():
    record = random_record("tactori", 4, 1, limit=30)
    image = score_chart(score_series(record), record.players)
    colours = {c for _, c in image.getcolors(1 << 20)}
    from render.common import player_style
    for seat in range(4):
        assert player_style(seat).colour in colours


def test_ticks_cover_the_values():
    assert nice_ticks(0, 7) == [0, 2, 4, 6, 8]
    ticks = nice_ticks(1478, 1533)
    assert ticks[0] <= 1478 and ticks[-1] >= 1533 and len(ticks) <= 7


def test_rating_chart():
    image = rating_chart({"Tactori": [RatingPoint(100 + i * 86400, 1500 + i) for i in range(1, 6)]}, start=1500,
                         date=lambda t: "2026-11-01")
    assert image.size == (1000, 640)


def test_command_line_replay_and_chart(tmp_path):
    example = EXAMPLES / "architekton-full.json"
    for name, flag in (("match.gif", "--replay"), ("match.webp", "--replay"), ("scores.png", "--chart")):
        out = tmp_path / name
        done = subprocess.run([sys.executable, "-m", "render", str(example), flag, "-o", str(out),
                               *(["--from", "20"] if flag == "--replay" else [])],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        with Image.open(io.BytesIO(out.read_bytes())) as image:
            assert image.format == {"gif": "GIF", "webp": "WEBP", "png": "PNG"}[name.split(".")[1]]
    bad = subprocess.run([sys.executable, "-m", "render", str(example), "--replay", "--from", "9999", "-o",
                          str(tmp_path / "x.gif")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--from" in bad.stderr
