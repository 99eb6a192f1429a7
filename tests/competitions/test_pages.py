"""Standings in pages: rows split in order, the last page short, the reader's own row beside another page."""

from __future__ import annotations

import pytest

from matches.competitions import NoSuchPage, page_count, page_of, standings

from .events import swiss_event


def table(n: int):
    played = swiss_event(n, seed=n, rounds=3)
    return standings(played.entrants, played.rounds, played.withdrawn)


def test_page_count_rounds_up_and_is_never_zero():
    assert page_count(0, 20) == 1
    assert page_count(1, 20) == 1
    assert page_count(20, 20) == 1
    assert page_count(21, 20) == 2
    assert page_count(256, 24) == 11
    with pytest.raises(ValueError):
        page_count(5, 0)


def test_the_pages_split_the_table_in_order_without_loss_or_overlap():
    rows = table(61)
    pages = [page_of(rows, n, 20) for n in range(1, 5)]
    assert [p.count for p in pages] == [4] * 4
    assert [len(p.rows) for p in pages] == [20, 20, 20, 1]
    assert [r for p in pages for r in p.rows] == rows
    assert pages[0].rows[0].rank == 1 and pages[2].rows[0].rank == 41
    assert [p.last for p in pages] == [False, False, False, True]


@pytest.mark.parametrize("number", [0, -1, 5, 100])
def test_a_page_outside_the_table_is_refused_with_the_count(number):
    with pytest.raises(NoSuchPage) as caught:
        page_of(table(61), number, 20)
    assert caught.value.count == 4 and caught.value.number == number


def test_the_readers_own_row_comes_along_only_when_it_is_on_another_page():
    rows = table(60)
    far = rows[45].player
    assert page_of(rows, 1, 20, viewer=far).own == rows[45]
    assert page_of(rows, 3, 20, viewer=far).own is None  # he is on page 3 itself
    assert page_of(rows, 1, 20, viewer=-12345).own is None  # not an entrant
    assert page_of(rows, 1, 20).own is None


def test_an_event_without_rows_has_one_empty_page():
    page = page_of([], 1, 20)
    assert page.rows == () and page.count == 1 and page.last
