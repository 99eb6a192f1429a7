"""A knockout's bracket: built from the event's tables and series as the service stores them, laid
out by a pure function, and checked there -- every player placed, each decided series' winner in
the next round's box, the scores as in the data, nothing outside the image, no boxes overlapping --
for 8 and 16 players in progress and decided, 12 with byes, and 32 a section at a time."""

from __future__ import annotations

import io
from itertools import combinations

import discord
import pytest
from PIL import Image

from bot.replies import CONTENT_MAX
from bot.tournaments import standings as S
from render import bracket as B
from render import common as C
from render.standings import FRAME, GOLD
from tests.competitions.events import knockout_view

ENGLISH, GERMAN, FRENCH = discord.Locale.british_english, discord.Locale.german, discord.Locale.french
NAMES = [
    "Ahmet Martin",
    "tile-slinger9953",
    "meeple_lord46",
    "Anna",
    "xXDarkKnightXx71",
    "Pöppel7",
    "Olu Dubois",
    "Zoë",
    "Jürgen Lefèvre",
    "Sophie Schmidt",
    "Chloé",
    "Bob",
    "Jean-Baptiste Émile Van der Berg",
    "Stefan",
    "Jürgen Schmidt",
    "Marie-Thérèse Fontaine",
]

# (players, rounds decided, series decided in the round after, upsets): in progress and decided
CASES = [
    (8, 0, 0, ()),
    (8, 1, 1, (2,)),
    (8, 3, 0, (1, 5)),
    (16, 0, 5, ()),
    (16, 1, 2, (3,)),
    (16, 2, 1, (9,)),
    (16, 4, 0, (4, 12)),
]


def layout_of(view, locale=ENGLISH, viewer=None, page=1):
    """The columns and the layout of page ``page`` as the bot draws it."""
    words = S.bracket_words(view, view.event.status == "finished", locale, S.standings_page(view, page), viewer)
    return words["stages"], B.bracket_layout(**words)


def name(view, player) -> str:
    return view.name_of(player)


def check_geometry(layout: B.BracketLayout) -> None:
    """Nothing outside the image, no two boxes overlapping, every name and score inside its line."""
    for placed in layout.boxes:
        x0, y0, x1, y1 = placed.box
        assert 0 <= x0 < x1 <= B.WIDTH and 0 <= y0 < y1 <= layout.height
        for line in placed.lines:
            room = (line.box[2] - line.box[0]) - layout.score_width - 14
            assert C.text_width(line.text, line.size, 1) <= room + 2, line.text
            assert line.size >= B.NAME_LEAST - 4
            if line.entry is not None and line.entry.score:
                assert C.text_width(line.entry.score, B.NAME_SIZE, 1) <= layout.score_width
    for a, b in combinations(layout.boxes, 2):
        ax0, ay0, ax1, ay1 = a.box
        bx0, by0, bx1, by1 = b.box
        assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a.stage, a.index, b.stage, b.index)
    for points, _ in layout.links:
        assert all(0 <= x <= B.WIDTH and 0 <= y <= layout.height for x, y in points)
    assert layout.notes_top + len(layout.notes) * (B.NOTE_SIZE + 8) <= layout.height


@pytest.mark.parametrize("players,done,now,upsets", CASES)
def test_the_bracket_places_everyone_and_carries_each_winner_on(players, done, now, upsets):
    view = knockout_view(NAMES[:players], done, now, upsets)
    bracket = S.knockout_bouts(view)
    assert [len(r) for r in bracket] == [players >> k for k in range(1, players.bit_length())]
    _, layout = layout_of(view)
    check_geometry(layout)
    boxes = {(p.stage, p.index): p for p in layout.boxes}
    # every player placed in the first round, once
    first = [ln.entry.name for p in layout.boxes if p.stage == 0 for ln in p.lines if ln.entry is not None]
    assert sorted(first) == sorted(NAMES[:players])
    for r, rnd in enumerate(bracket):
        for j, bout in enumerate(rnd):
            placed = boxes[(r, j)]
            top, bottom = (ln.entry for ln in placed.lines)
            # the players and the scores as the service stores them
            assert (top.name if top else None, bottom.name if bottom else None) == (
                name(view, bout.top) if bout.top else None,
                name(view, bout.bottom) if bout.bottom else None,
            )
            if bout.points is not None:
                table = next(t for t in view.round_tables(r + 1) if t.table_no == j + 1)
                assert (top.score, bottom.score) == (
                    str(view.series[table.series_id].get(bout.top, 0)),
                    str(view.series[table.series_id].get(bout.bottom, 0)),
                )
            through = [e for e in (top, bottom) if e is not None and e.through]
            if not bout.decided:
                assert through == []
                continue
            [winner] = through
            assert winner.name == name(view, bout.winner)
            if r + 1 < len(bracket):  # the winner is in the next round's box, on the line it feeds
                nxt = boxes[(r + 1, j // 2)].lines[j % 2].entry
                assert nxt is not None and nxt.name == winner.name
                assert any(strong and pts[0][0] == placed.box[2] for pts, strong in layout.links)
            else:
                assert winner.champion and view.event.winners == [bout.winner]


def test_series_in_progress_show_their_score_and_nobody_going_on():
    view = knockout_view(NAMES[:8], 0, 2)
    stages, _ = layout_of(view)
    live = [s for s in stages[0].series[2:]]
    assert all(s.top.score == "1" and s.bottom.score in ("0", "1") for s in live)
    assert not any(e.through or e.out for s in live for e in (s.top, s.bottom))
    assert all(s.top is None and s.bottom is None for s in stages[1].series[1:])  # nobody there yet


def test_a_twelve_player_bracket_gives_the_top_four_seeds_a_bye():
    view = knockout_view(NAMES[:12], 0, 8)
    stages, layout = layout_of(view, GERMAN)
    check_geometry(layout)
    byes = [p for p in layout.boxes if p.stage == 0 and p.series.bye]
    assert sorted(p.series.top.name for p in byes) == sorted(NAMES[:4])
    assert all(p.lines[1].entry is None and p.lines[1].text == "Freilos" for p in byes)
    assert all(p.series.top.through and p.series.top.score == "" for p in byes)
    second = {e.name for s in stages[1].series for e in (s.top, s.bottom) if e is not None}
    assert set(NAMES[:4]) <= second and len(second) == 8
    text = S.knockout_text(view, False, ENGLISH, S.standings_page(view), "/tournament standings", None)
    assert "Quarter-finals (round 2 of 4)" in text and "Still in (8)" in text


def test_a_withdrawn_players_series_is_lost_and_shown_struck_through():
    view = knockout_view(NAMES[:12], 0, 0, withdrawn=(7,))
    stages, _ = layout_of(view)
    series = next(s for s in stages[0].series if not s.bye and "Zoë" in (s.top.name, s.bottom.name))
    zoe = series.top if series.top.name == "Zoë" else series.bottom
    other = series.bottom if zoe is series.top else series.top
    assert zoe.withdrawn and zoe.out and not zoe.through and other.through
    assert other.name in {e.name for s in stages[1].series for e in (s.top, s.bottom) if e is not None}


@pytest.mark.parametrize("players", [8, 16])
def test_the_image_is_one_page_and_readable_at_phone_width(players):
    view = knockout_view(NAMES[:players], 9)  # decided: the champion in gold
    page = S.standings_page(view, 1, 101)
    assert page.count == 1 and S.pages_of(view) == 1
    png = Image.open(io.BytesIO(S.standings_png(view, True, FRENCH, page, 101)))
    _, layout = layout_of(view, FRENCH, 101)
    assert png.size == (B.WIDTH, layout.height)
    assert B.NAME_LEAST * 400 / B.WIDTH >= 9.5  # the smallest name: about 10 px on a phone
    assert png.size[1] * 400 / B.WIDTH <= 450  # one phone screen
    drawn = B.bracket_image(**S.bracket_words(view, True, FRENCH, page, 101))  # before the PNG's palette
    colours = {c for _, c in drawn.getcolors(1 << 20)}
    assert GOLD in colours and FRAME in colours  # the champion, the reader's own lines


@pytest.mark.parametrize("locale", [ENGLISH, GERMAN, FRENCH])
def test_the_text_names_the_round_each_series_and_who_is_still_in_within_discords_limit(locale):
    long = [f"{n} {'W' * 32}"[:32] for n in NAMES]
    view = knockout_view(long, 0, 3)
    page = S.standings_page(view)
    text = S.standings_text(view, False, locale, page, "/tournament standings", 100)
    assert len(text) <= CONTENT_MAX
    english = S.standings_text(view, False, ENGLISH, page, "/tournament standings", 100)
    assert english.startswith("**Spring Cup**: Round of 16 (round 1 of 4)")
    assert english.count("goes on") == 3 and english.count("being played") == 5
    assert "Still in (13)" in english and "You are still in." in english
    final = knockout_view(NAMES[:16], 9)
    text = S.standings_text(final, True, ENGLISH, S.standings_page(final), "/tournament standings")
    assert text.startswith("**Final standings of Spring Cup**") and "🏆 Winner: **Ahmet Martin**" in text
    assert S.description(final, S.standings_page(final), ENGLISH) == "Final bracket of Spring Cup: Ahmet Martin won"


def test_a_bracket_of_32_is_shown_a_section_at_a_time():
    names = [f"Player {i + 1}" for i in range(32)]
    view = knockout_view(names, 1, 3)
    assert S.pages_of(view) == 3
    seen = []
    for number in (1, 2, 3):
        page = S.standings_page(view, number)
        stages, layout = layout_of(view, page=number)
        check_geometry(layout)
        assert len(stages) == 4 and len(stages[0].series) == 8
        if number > 1:
            seen += [e.name for s in stages[0].series for e in (s.top, s.bottom)]
        text = S.standings_text(view, False, ENGLISH, page, "/tournament standings", None)
        assert f"Page {number} of 3" in text and len(text) <= CONTENT_MAX
    assert sorted(seen) == sorted(names)  # the sections together: everyone
    with pytest.raises(S.NoSuchPage):
        S.standings_page(view, 4)
