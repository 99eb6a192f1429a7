"""The standings image: every row drawn, legible at a phone's 400 px, winners marked twice; no head
or name cut in any language, the rating column, the footnotes, the reader's row, the page, and a
league's count of decided matches."""

from fractions import Fraction

import discord
import pytest
from PIL import Image

from bot.tournaments import standings as S
from matches.competitions import Page, Standing
from matches.tournaments import Tournament, TournamentEntrant, TournamentTable, TournamentView
from render import common as C
from render.standings import (
    COL_GAP,
    FRAME,
    GOLD,
    HEAD_SIZE,
    PAD,
    TEXT_SIZE,
    WIDTH,
    StandingRow,
    badge_width,
    standings_image,
    table_layout,
    tail_width,
)

HEADER = ["Player", "Points", "Bh", "SB", "Rating", "Played"]
LOCALES = [discord.Locale.british_english, discord.Locale.german, discord.Locale.french]


def rows(n: int) -> list[StandingRow]:
    return [
        StandingRow(
            i + 1,
            f"player {i + 1}",
            f"{n - i}.0",
            "4.5",
            "2.0",
            "3",
            withdrawn=i == n - 1,
            winner=i == 0,
            rating=str(1500 + i),
        )
        for i in range(n)
    ]


def test_one_row_per_player_and_the_winner_in_gold():
    image = standings_image("Final standings of Spring Swiss", HEADER, rows(5))
    assert image.size[0] == WIDTH and image.size[1] > 6 * 40
    colours = {c for _, c in image.getcolors(1 << 20)}
    assert GOLD in colours and C.INK in colours


def test_text_stays_legible_on_a_phone():
    """At 400 px wide (Discord on a phone) the row text is still about 12 px high."""
    image = standings_image("Standings", HEADER, rows(3))
    scale = 400 / image.size[0]
    from render.standings import TEXT_SIZE

    assert TEXT_SIZE * scale >= 11


def test_long_names_are_cut_to_their_column():
    """Only a name longer than three lines of its column is cut (Discord's names have at most 32 characters)."""
    long = StandingRow(1, "x" * 200, "1.0", "0.0", "0.0", "1")
    image = standings_image("t", HEADER, [long])
    assert isinstance(image, Image.Image)
    layout = table_layout("t", HEADER, [long])
    [line] = layout.lines
    assert len(line.name) == 3 and line.name[2].endswith("…")
    assert all(C.text_width(t, line.name_size) <= layout.columns[1].width for t in line.name)


def test_a_row_apart_comes_after_a_gap_with_a_dotted_rule():
    header = HEADER
    together = standings_image("t", header, rows(3))
    mine = StandingRow(47, "me", "1.0", "0.0", "0.0", "3", apart=True)
    apart = standings_image("t", header, [*rows(2), mine])
    from render.standings import GAP, ROW

    assert apart.size[1] == together.size[1] + GAP
    gap_line = apart.crop((0, apart.size[1] - 24 - ROW - GAP // 2 - 1, WIDTH, apart.size[1] - 24 - ROW - GAP // 2 + 2))
    assert C.MUTED in {c for _, c in gap_line.getcolors(1 << 20)}


# ----------------------------------------------------------- the table as the bot draws it
def event_view(fmt: str, size: int, name: str, tables=()) -> TournamentView:
    event = Tournament(5, 1, 1, "T" * 80, "tactori", fmt, {}, 2, 8, 3, "running", 8, 8, False, 1, None, None, [], 0.0)
    return TournamentView(
        event, [TournamentEntrant(i, name, None, 1500.0 + i) for i in range(1, size + 2)], list(tables)
    )


def worst_page(fmt: str, own_on_page: bool) -> tuple[TournamentView, Page, int]:
    """The widest a page gets: four-digit ranks, tie-breaks of six characters, 32-character names
    (two words, one too long for a line at full size), ratings of four digits, 99/99 played."""
    view = event_view(fmt, 16, "Jean-Baptiste Émile Van der Berg")

    def row(i):
        return Standing(
            9000 + i, i, Fraction(199, 2), Fraction(19999, 2), Fraction(19999, 2), 2999.0, 99, 0, (), i % 2 == 0
        )

    rows = tuple(row(i) for i in range(1, 16))
    viewer = 3 if own_on_page else 16
    return view, Page(100, 101, rows, None if own_on_page else row(16)), viewer


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("fmt", ["swiss", "league"])
@pytest.mark.parametrize("own_on_page", [True, False])
def test_no_head_or_name_is_cut_in_any_language(locale, fmt, own_on_page):
    view, page, viewer = worst_page(fmt, own_on_page)
    if fmt == "league":  # every player with 99 matches in the schedule: "99/99"
        view.tables.extend(
            TournamentTable(1, n, [p, p % 16 + 1], None, False, None, None) for p in range(1, 17) for n in range(50)
        )
    words = S.table_words(view, False, locale, page)
    drawn = S.image_rows(view, False, locale, page, viewer)
    layout = table_layout(rows=drawn, **words)
    cols = layout.columns
    heads = ["#", *words["header"]]
    assert len(cols) == len(heads) == 7 and words["header"][4] in ("Rating", "Wertungszahl", "Classement")
    for col, head in zip(cols, heads):
        assert C.text_width(head, HEAD_SIZE) <= col.width, head  # measured: the whole head fits
    for a, b in zip(cols, cols[1:]):
        assert a.x + a.width + COL_GAP <= b.x  # columns do not run into each other
    assert cols[-1].x + cols[-1].width <= WIDTH - PAD
    for row, line in zip(drawn, layout.lines):
        cells = [row.points, row.buchholz, row.sonneborn_berger, row.rating, row.played]
        for col, cell, stroke in zip(cols[2:], cells, (1, 0, 0, 0, 0)):
            assert C.text_width(cell, TEXT_SIZE, stroke) <= col.width, cell
        assert all(C.text_width(t, line.name_size) <= cols[1].width for t in line.name)
        if row.own:  # the badge: after the last line if it fits, else below
            assert line.badge is not None and (
                line.badge == len(line.name)
                or C.text_width(line.name[-1], line.name_size) + badge_width(words["you"]) <= cols[1].width
            )
        assert "…" not in "".join(line.name) and " ".join(line.name).replace("- ", "-") == row.name  # whole
    assert layout.notes and layout.height >= layout.notes_top + len(layout.notes) * 24
    assert sum(r.own for r in drawn) == 1 and next(r for r in drawn if r.own).rank == (9003 if own_on_page else 9016)


def test_the_rating_column_shows_the_number_that_breaks_the_last_tie():
    view = event_view("swiss", 3, "Ann")
    view.entrants[2].rating = None  # a newcomer ranks as 1500
    table = view.standings()
    drawn = S.image_rows(view, False, LOCALES[0])
    assert [r.rating for r in drawn] == [str(round(s.rating)) for s in table]
    assert [r.rating for r in drawn] == ["1504", "1502", "1501", "1500"]  # equal points: the rating decides
    words = S.table_words(view, False, LOCALES[1])
    assert words["header"][4] == "Wertungszahl"
    assert any(n.startswith("Bh (Buchholz):") for n in words["notes"])
    assert any(n.startswith("SB (Sonneborn-Berger)\u00a0:") for n in S.table_words(view, False, LOCALES[2])["notes"])


def test_a_league_counts_its_decided_matches_and_each_players():
    """Rounds end in any order: "after 3 of 6 matches" and "2/3", not "after round 1"."""
    pairs = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]
    decided = {(1, 2), (1, 3), (1, 4)}  # player 1 has played all three, player 4 one
    tables = [
        TournamentTable(n // 2 + 1, n % 2 + 1, list(p), [1, 2] if p in decided else None, False, None, None)
        for n, p in enumerate(pairs)
    ]
    view = event_view("league", 3, "Ann", tables)
    view.event.name = "Liga"
    view.entrants = view.entrants[:4]
    view.event.round = 3
    assert S.done_rounds(view) == 0  # what the title said before
    expected = {
        "en": "Standings of Liga after 3 of 6 matches",
        "de": "Tabelle von Liga nach 3 von 6 Partien",
        "fr": "Classement de Liga après 3 parties sur 6",
    }
    for locale, lang in zip(LOCALES, ("en", "de", "fr")):
        assert S.table_words(view, False, locale)["title"] == expected[lang]
    text = S.standings_text(view, False, LOCALES[0], S.standings_page(view), "/tournament standings")
    assert text.startswith("**Standings of Liga** after 3 of 6 matches") and "after round" not in text
    played = {s.player: r.played for s, r in zip(view.standings(), S.image_rows(view, False, LOCALES[0]))}
    assert played == {1: "3/3", 2: "1/3", 3: "1/3", 4: "1/3"}  # decided of scheduled, each his own


@pytest.mark.parametrize("locale,word", list(zip(LOCALES, ["you", "du", "vous"])))
def test_the_readers_own_row_is_marked(locale, word):
    view = event_view("swiss", 4, "Ann")
    me = view.standings()[2].player
    page = S.standings_page(view, 1, me)
    drawn = S.image_rows(view, False, locale, page, me)
    assert [r.own for r in drawn] == [False, False, True, False, False]
    words = S.table_words(view, False, locale, page)
    assert words["you"] == word
    image = standings_image(rows=drawn, **words)
    assert FRAME in {c for _, c in image.getcolors(1 << 20)}
    unmarked = standings_image(rows=S.image_rows(view, False, locale, page), **words)
    assert FRAME not in {c for _, c in unmarked.getcolors(1 << 20)}
    text = S.standings_text(view, False, locale, page, "/tournament standings", me)
    [mine] = [line for line in text.splitlines() if line.endswith(f"← {word}")]
    assert mine.startswith("3. ")


def test_a_page_says_which_page_it_is():
    view = event_view("swiss", 40, "Ann")
    page = S.standings_page(view, 2)
    for locale, expected in zip(
        LOCALES, ["Page 2 of 3 · places 16 to 30", "Seite 2 von 3 · Plätze 16 bis 30", "Page 2 sur 3 · places 16 à 30"]
    ):
        assert S.table_words(view, False, locale, page)["subtitle"] == expected
    assert S.table_words(view, False, LOCALES[0], S.standings_page(event_view("swiss", 5, "Ann")))["subtitle"] == ""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("own_on_page", [True, False])
def test_reliability_figures_after_whole_names_and_their_footnote_in_any_language(locale, own_on_page):
    """Every row's figure (and the reader's badge) after the 32-character name or on a line below it,
    nothing cut; a player at 100 % or without ended matches shows none; the footnote says what it is."""
    view, page, viewer = worst_page("swiss", own_on_page)
    reliable = {p: 9 + p for p in range(1, 15)} | {15: 100}  # 16: no figure at all
    words = S.table_words(view, False, locale, page, figures=True)
    drawn = S.image_rows(view, False, locale, page, viewer, reliable)
    figures = [r.reliability.replace("\u202f", " ") for r in drawn]  # French: a narrow space
    assert figures == ([f"{9 + p} %" for p in range(1, 15)] + ["", ""])[: len(drawn)]
    layout = table_layout(rows=drawn, **words)
    name_col = layout.columns[1]
    for row, line in zip(drawn, layout.lines):
        assert "…" not in "".join(line.name) and " ".join(line.name).replace("- ", "-") == row.name
        tail = tail_width(row, words["you"])
        if tail:
            assert line.badge is not None and (
                line.badge == len(line.name) or C.text_width(line.name[-1], line.name_size) + tail <= name_col.width
            )
    assert len(words["notes"]) == 4 and not any(n.endswith("…") for n in layout.notes)
    assert "50" in words["notes"][-1] and "100 %" in words["notes"][-1].replace("\u202f", " ")
    assert standings_image(rows=drawn, **words).size[0] == WIDTH
    assert len(S.table_words(view, False, locale, page)["notes"]) == 3  # no figure, no footnote
