"""The review chart (render/review_chart.py) as a player reads it: the result stated and agreeing
with the record, every mark in its mover's colour with his seat marker and none covering another, a
key only for the marks shown, every name whole.  On real records: the rules' examples and random
matches; the win chances are a real review's where the marks matter, else even shares."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest
from render_checks import EXAMPLES
from test_replay import long_fem_record, random_record

from ai.review import Ply, Review, review
from engines.record import Record, replay, walk
from render import common as C
from render import review_chart as RC
from render.charts import result_text
from render.score_series import score_series


def example(name: str) -> Record:
    return Record.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def even_review(record: Record, label=lambda ply: "best") -> Review:
    """A review of ``record`` whose win chances are even shares, each move labelled ``label(ply)``."""
    players = len(record.players)
    plies = []
    for ply, state in enumerate(walk(record)):
        if ply == len(record.moves):
            break
        win = [1 / players] * players
        plies.append(
            Ply(ply, state.current_player(), record.moves[ply], win, record.moves[ply], win[0], win[0], label(ply))
        )
    return Review(record.game, list(record.players), "easy", 0, plies, [100.0] * players)


def sawtooth_review(record: Record) -> Review:
    """Every move of ``record`` a mistake or a blunder (two in three), the win chance swinging as the turn
    passes: the most crowded chart there can be."""
    players = len(record.players)
    plies = []
    for ply, state in enumerate(walk(record)):
        if ply == len(record.moves):
            break
        seat = state.current_player()
        high = 0.35 + 0.6 * ((ply * 7) % 11) / 10
        win = [(1 - high) / (players - 1)] * players
        win[seat] = high
        plies.append(
            Ply(
                ply,
                seat,
                record.moves[ply],
                win,
                record.moves[ply],
                high,
                max(0.0, high - 0.35),
                "mistake" if ply % 3 == 0 else "blunder",
            )
        )
    return Review(record.game, list(record.players), "easy", 0, plies, [50.0] * players)


@cache
def real_review(name: str) -> tuple[Record, Review]:
    """The easy level's review (a second or two) of the FEM example, or of a random four-player Atacama:
    their many blunders crowd the chart."""
    record = example(name) if name == "fem-stacks" else random_record("atacama", 4, 1)
    return record, review(record, "easy", seed=1)


def pixels(image) -> list[tuple[int, int, int]]:
    raw = image.convert("RGB").tobytes()
    return [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]


def drawn_texts(monkeypatch, review_: Review, record: Record | None) -> list[str]:
    """Every text :func:`review_chart` draws (the image is made too)."""
    texts: list[str] = []
    real = C.draw_text

    def spy(img, xy, text, size, *args, **kwargs):
        texts.append(text)
        return real(img, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(C, "draw_text", spy)
    image = RC.review_chart(review_, record)
    assert image.size == (1000, 640)
    return texts


# ------------------------------------------------------------------ the result
RESULTS = [  # (record, what it is)
    (lambda: random_record("architekton", 2, 1), "win"),
    (lambda: random_record("atacama", 2, 19), "draw"),
    (lambda: random_record("tactori", 2, 1), "draw"),
    (lambda: random_record("tactori", 4, 22), "win"),
    (lambda: random_record("atacama", 4, 14), "tie"),
    (lambda: example("fem-stacks"), "win"),
    (lambda: example("tactori-3p-chase"), "draw"),
]


@pytest.mark.parametrize(
    "make,kind",
    RESULTS,
    ids=[
        "architekton-win",
        "atacama-draw",
        "tactori-draw",
        "tactori-4p-win",
        "atacama-4p-tie",
        "fem-loop",
        "tactori-3p-draw",
    ],
)
def test_the_chart_states_the_result_of_the_record_and_its_lines_end_there(monkeypatch, make, kind):
    record = make()
    record.players = ["Anna", "Jean-Baptiste Émile", "Zoë", "Bob"][: len(record.players)]
    outcome = replay(record).outcome()
    winners = tuple(outcome.winners)
    assert (len(winners) == 1) == (kind == "win")
    done = RC.layout(even_review(record), record)
    names = list(record.players)
    # the score chart's words, which are the final board's
    assert done.result and done.result == str(result_text(score_series(record), names))
    if kind == "win":
        assert done.winner == winners[0] and done.result.startswith(f"{names[winners[0]]} wins")
    else:
        assert done.winner is None and done.result.startswith("Draw")
        if kind == "tie":
            assert all(names[s] in done.result for s in winners)
    if len(names) == 2 and outcome.end == "normal" and record.game != "tactori-fem":
        assert " : ".join(str(v) for v in sorted(outcome.scores, reverse=True)) in done.result
    ends = [round(line[-1], 6) for line in done.lines]
    assert ends == [round(100 / len(winners), 6) if s in winners else 0 for s in range(len(names))]
    assert done.result in drawn_texts(monkeypatch, even_review(record), record)


def test_a_match_not_played_to_its_end_says_so_and_without_a_record_there_is_no_result_line(monkeypatch):
    record = example("architekton-prefix")
    assert replay(record).outcome() is None
    done = RC.layout(even_review(record), record)
    assert done.result == "No result: the match was not played to its end" and done.winner is None
    assert RC.layout(even_review(record)).result == ""
    from bot.locales import say

    german = RC.layout(even_review(record), record, say=lambda text: say(text, "de", escaped=False))
    assert german.result == "Kein Ergebnis: Die Partie wurde nicht zu Ende gespielt"


# ------------------------------------------------------------------ the key
def test_no_key_without_marks(monkeypatch):
    record = example("tactori-3p-chase")
    done = RC.layout(even_review(record), record)
    assert done.marks == [] and done.key == []
    texts = drawn_texts(monkeypatch, even_review(record), record)
    assert "mistake" not in texts and "blunder" not in texts and RC.MISTAKE not in texts


def test_the_key_shows_only_the_kinds_of_mark_the_chart_shows():
    record = example("architekton-full")
    only_mistakes = even_review(record, lambda ply: "mistake" if ply in (4, 20) else "good")
    done = RC.layout(only_mistakes, record)
    assert {m.label for m in done.marks} == {"mistake"} and done.key == [(RC.MISTAKE, "mistake")]
    both = RC.layout(even_review(record, lambda ply: {4: "mistake", 20: "blunder"}.get(ply, "inaccuracy")), record)
    assert both.key == [(RC.MISTAKE, "mistake"), (RC.BLUNDER, "blunder")]
    # two of one seat's blunders one after the other are one badge with their count, and the key says so
    merged = RC.layout(even_review(record, lambda ply: "blunder" if ply in (9, 10, 26) else "best"), record)
    mark, far = sorted(merged.marks, key=lambda m: m.plies)
    assert mark.plies == (9, 10) and mark.seat == 1 and mark.text == "??×2" and far.plies == (26,) and far.text == "??"
    assert merged.key == [(RC.BLUNDER, "blunder"), ("×2", "2 moves close together")]


# ------------------------------------------------------------------ the marks
def crowded_cases():
    fem = long_fem_record()
    fem.players = ["Jean-Baptiste Émile", "Zoë"]
    four = random_record("tactori", 4, 22)
    return [("fem-304-every-move", fem, sawtooth_review(fem)), ("tactori-4p-every-move", four, sawtooth_review(four))]


@pytest.mark.parametrize("case", ["fem-304-every-move", "tactori-4p-every-move", "fem-stacks-easy", "atacama-4p-easy"])
def test_marks_never_cover_each_other_and_each_stands_for_its_moves(case):
    if case.endswith("-easy"):
        record, reviewed = real_review(case[: -len("-easy")])
    else:
        [(_, record, reviewed)] = [c for c in crowded_cases() if c[0] == case]
    marked = [p for p in reviewed.plies if p.label in ("mistake", "blunder")]
    assert len(marked) >= 10  # a crowd, or the case proves nothing
    done = RC.layout(reviewed, record)
    assert done.marks and RC.mark_pairs_overlapping(done.marks) == []
    left, top, right, bottom = done.plot.box
    for mark in done.marks:
        assert left <= mark.box[0] and mark.box[2] <= right and mark.box[3] <= bottom, mark
        assert mark.box[1] >= done.key_y + RC.KEY_SIZE, mark  # below the key
        assert mark.text.startswith(RC.SYMBOL[mark.label])
        assert mark.text == RC.SYMBOL[mark.label] + (f"×{len(mark.plies)}" if len(mark.plies) > 1 else "")
        movers = {reviewed.plies[i].seat for i in mark.plies}
        labels = {reviewed.plies[i].label for i in mark.plies}
        assert movers == {mark.seat} and labels == {mark.label}
    # every mistake and blunder is on the chart once: in a badge (or, lacking room, counted)
    counted = Counter(i for m in done.marks for i in m.plies)
    assert all(n == 1 for n in counted.values())
    assert len(counted) + done.unmarked == len(marked) and done.unmarked == 0


def test_a_mark_is_drawn_in_its_movers_colour_with_his_seat_marker():
    record, reviewed = real_review("atacama-4p")
    done = RC.layout(reviewed, record)
    image = RC.review_chart(reviewed, record)
    assert {m.seat for m in done.marks} == {0, 1, 2, 3}
    for mark in done.marks:
        colour = C.player_style(mark.seat).colour
        # the pill right of the marker: its fill is the mover's colour (its text and rim aside)
        x0, y0, x1, y1 = mark.pill
        pill = image.crop((int(mark.marker[0] + RC.BADGE_MARKER / 2) + 1, y0 + 3, x1 - 3, y1 - 3))
        [(top, n)] = Counter(pixels(pill)).most_common(1)
        share = n / (pill.width * pill.height)
        assert top == colour and share > 0.4, (mark, top, share)
        # the seat marker: the seat's shape in its colour, with the seat's marker text
        assert mark.letter == C.player_letters(list(reviewed.players), 4)[mark.seat]
        mx, my = mark.marker
        inside = image.crop((int(mx - 6), int(my - 2), int(mx + 6), int(my + 6)))
        assert colour in set(pixels(inside)), mark
    # no other seat's colour fills a badge: a crossing line's mark cannot be taken for another's
    for mark in done.marks:
        x0, y0, x1, y1 = mark.pill
        radius = (y1 - y0) // 2  # inside the pill, its rounded ends aside
        seen = Counter(pixels(image.crop((x0 + radius, y0 + 3, x1 - radius, y1 - 3))))
        others = [C.player_style(s).colour for s in range(4) if s != mark.seat]
        assert all(seen[c] == 0 for c in others), mark


# ------------------------------------------------------------------ the legend and the axis
LONG_NAMES = [
    "Jean-Baptiste Émile Van der Berg",
    "Marie-Thérèse Fontaine-Lefebvre",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "Bot 2 (difficile)",
]


@pytest.mark.parametrize("players", [2, 4])
def test_the_legend_shows_every_name_whole_using_the_width(monkeypatch, players):
    record = random_record("tactori", players, 22 if players == 4 else 1)
    record.players = [
        (name + "x" * 32)[:32] if len(name) < 32 and i < 3 else name for i, name in enumerate(LONG_NAMES[:players])
    ]
    assert max(len(n) for n in record.players) == 32
    reviewed = even_review(record, lambda ply: "blunder" if ply == 3 else "best")
    done = RC.layout(reviewed, record)
    assert [item.name for item in done.legend] == record.players  # whole, never "…"
    assert done.legend_size >= RC.LEGEND_LEAST[1]
    for item in done.legend:
        assert item.centre[0] - RC.MARKER / 2 >= RC.PAD and item.text_box[2] <= RC.WIDTH - RC.PAD
    for a in done.legend:
        for b in done.legend:
            if a.seat < b.seat:
                assert (
                    not RC._overlaps(a.text_box, b.text_box)
                    and abs(a.centre[1] - b.centre[1]) + abs(a.centre[0] - b.centre[0]) > RC.MARKER
                )
    rows = sorted({item.centre[1] for item in done.legend})
    assert len(rows) == (1 if players == 2 else 2)
    # the key and the plot start below the legend's last row
    assert done.key_y > rows[-1] and done.plot.box[1] > done.key_y
    texts = drawn_texts(monkeypatch, reviewed, record)
    assert all(name in texts for name in record.players)


def test_a_legend_that_fits_on_one_row_keeps_the_full_size():
    size, rows = RC.legend_rows(["Jean-Baptiste Émile", "Zoë"], RC.WIDTH - 2 * RC.PAD)
    assert size == RC.LABEL_SIZE and rows == [[0, 1]]
    size, rows = RC.legend_rows(["Chloé", "Jean-Baptiste Émile", "Zoë", "Bob"], RC.WIDTH - 2 * RC.PAD)
    assert size == RC.LABEL_SIZE and rows == [[0, 1, 2, 3]]


def test_the_axis_is_in_percent(monkeypatch):
    record = example("architekton-full")
    texts = drawn_texts(monkeypatch, even_review(record), record)
    assert {"0 %", "25 %", "50 %", "75 %", "100 %"} <= set(texts)
    assert "100" not in texts


def test_the_stored_review_draws_the_same_marks():
    """A review's JSON (what the bot stores) draws the same chart as the review itself."""
    record, reviewed = real_review("fem-stacks")
    again = Review.from_json(json.loads(json.dumps(reviewed.to_json())))
    assert RC.layout(again, record).marks == RC.layout(reviewed, record).marks
