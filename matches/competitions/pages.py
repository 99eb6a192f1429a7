"""Standings in pages: which rows one page shows, and the reader's own row beside them.

A big event's table does not fit one message (Discord's 2,000 characters) nor one image a
phone can read, so it is shown a page at a time.  Pages are numbered from 1 and hold
``size`` rows each, in the standings' order (page 1: the leaders); the last page holds the
rest.  An event with no rows yet still has one (empty) page, so "page 1" always exists.

The reader's own row (``viewer``) is given beside the page when he is an entrant whose row
is on another page, so whoever asks sees where he stands without leafing through.
How many rows fit a page is the presenter's decision (message and image limits), not this
module's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import PlayerId
from .standings import Standing


class NoSuchPage(ValueError):
    """A page number outside 1..count."""

    def __init__(self, number: int, count: int):
        super().__init__(f"page {number} of {count}")
        self.number = number
        self.count = count


@dataclass(frozen=True)
class Page:
    number: int
    """1-based."""
    count: int
    """How many pages the whole table has (at least 1)."""
    rows: tuple[Standing, ...]
    own: Standing | None = None
    """The viewer's row when it is on another page; None when he is on this one or no entrant."""

    @property
    def last(self) -> bool:
        return self.number == self.count


def page_count(rows: int, size: int) -> int:
    """Pages of ``size`` rows that ``rows`` rows take (at least one)."""
    if size < 1:
        raise ValueError("a page holds at least one row")
    return max(1, -(-rows // size))


def page_of(table: Sequence[Standing], number: int, size: int, viewer: PlayerId | None = None) -> Page:
    """Page ``number`` (1-based) of ``table`` in pages of ``size`` rows; :class:`NoSuchPage` outside them."""
    count = page_count(len(table), size)
    if not 1 <= number <= count:
        raise NoSuchPage(number, count)
    rows = tuple(table[(number - 1) * size : number * size])
    own = None
    if viewer is not None and all(r.player != viewer for r in rows):
        own = next((r for r in table if r.player == viewer), None)
    return Page(number, count, rows, own)
