"""Score and rating charts: the score chart's points are the engine's scores after
every move, for random matches of every game and player count."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from PIL import Image
from render_checks import EXAMPLES, ROOT
from test_replay import random_record

from engines import game_names, get_game
from engines.record import replay
from render import common as C
from render.charts import RatingPoint, label_ys, nice_ticks, rating_chart, result_text, score_chart
from render.score_series import score_series

CASES = [
    (game, players, seed)
    for game in game_names()
    for players in sorted({get_game(game).min_players, get_game(game).max_players})
    for seed in (1, 2)
]


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
        else:  # FEM: bridges on the board
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
    image = rating_chart(
        {"Tactori": [RatingPoint(100 + i * 86400, 1500 + i) for i in range(1, 6)]},
        start=1500,
        date=lambda t: "2026-11-01",
    )
    assert image.size == (1000, 640)


def test_command_line_replay_and_chart(tmp_path):
    example = EXAMPLES / "architekton-full.json"
    for name, flag in (("match.gif", "--replay"), ("match.webp", "--replay"), ("scores.png", "--chart")):
        out = tmp_path / name
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "render",
                str(example),
                flag,
                "-o",
                str(out),
                *(["--from", "20"] if flag == "--replay" else []),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        with Image.open(io.BytesIO(out.read_bytes())) as image:
            assert image.format == {"gif": "GIF", "webp": "WEBP", "png": "PNG"}[name.split(".")[1]]
    bad = subprocess.run(
        [sys.executable, "-m", "render", str(example), "--replay", "--from", "9999", "-o", str(tmp_path / "x.gif")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "--from" in bad.stderr


# ------------------------------------------------- the chart agrees with the result
def _chart_ends(monkeypatch, series, names) -> list[str]:
    """The values the chart writes at its lines' ends, by seat."""
    import render.charts as charts

    drawn = {}
    real = charts._end_labels

    def spy(img, ends, top, bottom):
        drawn.update({seat: text for seat, _, _, _, text in ends})
        return real(img, ends, top, bottom)

    monkeypatch.setattr(charts, "_end_labels", spy)
    score_chart(series, names)
    return [drawn[s] for s in range(series.players)]


FINISHED = [
    (game, players, seed)
    for game in game_names()
    for players in sorted({get_game(game).min_players, get_game(game).max_players})
    for seed in (1, 2)
]


@pytest.mark.parametrize("game,players,seed", FINISHED)
def test_a_finished_chart_ends_at_the_result_and_states_it_as_the_board_does(monkeypatch, game, players, seed):
    import importlib

    from render import RENDERERS

    record = random_record(game, players, seed)
    state = replay(record)
    outcome = state.outcome()
    assert outcome is not None
    names = ["Anna", "Bot (hard) 1", "Bot (hard) 2", "Zoë"][:players]
    series = score_series(record)
    ends = _chart_ends(monkeypatch, series, names)
    if series.uses_scores:
        assert ends == [str(v) for v in outcome.scores]
        assert ends == [str(v) for v in state.scores()] or game == "architekton"
    else:  # FEM: bridges on the board
        assert ends == [str(15 - left) for left in state.bridge_supply]
    # the chart's result line opens with the final board's own title
    header = importlib.import_module(RENDERERS[game] + ".header")
    if game.startswith("tactori"):
        from render.tactori import _data

        title = header._status(_data(state), names)[1]
    else:
        title = header._status(state, names)[1]
    assert str(result_text(series, names)).startswith(str(title))


def _architekton(end: str, tie: bool):
    for seed in range(80):
        record = random_record("architekton", 2, seed)
        outcome = replay(record).outcome()
        if outcome.end == end and (len(set(outcome.scores)) == 1) == tie and len(outcome.winners) == 1:
            return record
    pytest.skip(f"no random Architekton match ended {end} (tie {tie})")


def test_architekton_chart_ends_after_the_final_removal(monkeypatch):
    for seed in range(80):
        record = random_record("architekton", 2, seed)
        state = replay(record)
        if state.outcome().end == "normal" and list(state.outcome().scores) != state.scores():
            break
    else:
        pytest.skip("no match whose final removal changed a score")
    series = score_series(record)
    assert series.rescored
    assert _chart_ends(monkeypatch, series, ["Anna", "Bob"]) == [str(v) for v in state.final["points"]]
    assert "final scoring" in _words(series, ["Anna", "Bob"])


def _words(series, names) -> list[str]:
    words = []

    def say(text):
        words.append(str(text))
        return str(text)

    score_chart(series, names, say=say)
    return words


def test_architekton_tie_break_is_on_the_chart(monkeypatch):
    record = _architekton("normal", tie=True)
    state = replay(record)
    series = score_series(record)
    winner = state.outcome().winners[0]
    names = ["Anna", "Bot (hard)"]
    ends = _chart_ends(monkeypatch, series, names)
    assert ends[0] == ends[1] == str(state.outcome().scores[0])
    said = " ".join(_words(series, names))
    houses = f"{state.final['houses'][winner]} : {state.final['houses'][1 - winner]}"
    assert f"{names[winner]} wins" in said and f"on houses left on the table ({houses})" in said


def test_architekton_early_end_is_on_the_chart(monkeypatch):
    record = _architekton("early", tie=False)
    state = replay(record)
    series = score_series(record)
    winner = state.outcome().winners[0]
    names = ["Anna", "Bot (hard)"]
    assert _chart_ends(monkeypatch, series, names) == [str(v) for v in state.outcome().scores]
    said = _words(series, names)
    assert any(f"{names[winner]} wins" in w for w in said)
    assert any(f"{names[1 - winner]} cannot pay" in w for w in said)
    assert f"early end at move {len(record.moves)}" in said


def test_fem_chart_says_whose_loop_it_was():
    for seed in range(1, 40):
        record = random_record("tactori-fem", 2, seed)
        if replay(record).outcome().end == "loop":
            break
    else:
        pytest.skip("no random FEM match closed a loop")
    series = score_series(record)
    names = ["Anna", "Bot (hard)"]
    who = names[series.loop_seat]
    assert f"loop closed at move {len(record.moves)} by {who}" in _words(series, names)


def test_end_labels_resolve_collisions_locally():
    # two lines end at the bottom, one at the top, one in the middle: only the bottom two move
    wanted = [100.0, 300.0, 500.0, 500.0]
    ys = label_ys(wanted, top=80, bottom=500, step=38)
    assert ys[0] == 100 and ys[1] == 300
    assert sorted(ys[2:]) == [462, 500]
    # a crowd keeps its labels at least a step apart, inside the plot, and near their lines
    wanted = [90.0, 95.0, 100.0, 480.0, 490.0]
    ys = label_ys(wanted, top=80, bottom=500, step=38)
    order = sorted(ys)
    assert all(b - a >= 38 - 1e-6 for a, b in zip(order, order[1:]))
    assert all(80 <= y <= 500 for y in ys)
    assert all(abs(y - w) <= 2 * 38 for y, w in zip(ys, wanted))


def test_chart_end_labels_stay_beside_their_lines_and_out_of_the_legend(monkeypatch):
    import render.charts as charts
    from render.score_series import ScoreSeries

    series = ScoreSeries("tactori", 4)
    series.scores = series.values = [[0, 0, 0, 0]] + [[i // 2, i // 3, 0, 0] for i in range(1, 14)]
    placed = []
    real = C.draw_marker

    def spy(img, centre, size, seat, letter=""):
        if size == charts.MARKER:
            placed.append((seat, centre[1]))
        return real(img, centre, size, seat, letter)

    monkeypatch.setattr(C, "draw_marker", spy)
    plots = []
    real_plot = charts.Plot
    monkeypatch.setattr(charts, "Plot", lambda *a: plots.append(real_plot(*a)) or plots[-1])
    score_chart(series, ["Anna", "Bob", "Cy", "Jean-Baptiste Émile"])
    plot = plots[0]
    legend = [y for _, y in placed[:4]]  # the legend row's markers come first
    labels = dict(placed[-4:])  # the end labels last
    for seat, value in enumerate(series.values[-1]):
        _, line_y = plot.px(series.plies, value)
        # the two lines ending apart keep their labels beside them (at most half a marker off, at
        # the plot's edge); the two ending together at the bottom stack their labels there
        near = charts.MARKER / 2 + 1 if seat < 2 else 2 * (charts.MARKER + 4)
        assert abs(labels[seat] - line_y) <= near, (seat, labels[seat], line_y)
        assert labels[seat] - charts.MARKER / 2 >= plot.box[1] > max(legend)
    assert abs(labels[2] - labels[3]) >= charts.MARKER
