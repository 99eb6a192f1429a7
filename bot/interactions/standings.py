"""An event's standings as the bot posts them: one page of text and the same rows as an image.

A small event shows its whole table as it always did: one line per entrant (a Swiss line also
names the opponents met, when the whole table still fits one message).  A bigger one is shown
in pages of :data:`PAGE_SIZE` rows (:mod:`matches.competitions.pages`): the text and the image
of a page show the same rows, the text ends with "Page 2 of 11" and the command for the next
page, and whoever asked sees his own line below when it is on another page.  Big events' lines
leave out the opponents met: eight rounds of names would not fit a message.

:data:`PAGE_SIZE` is measured, not guessed (``tests/bot/test_standings_pages.py`` keeps the
measurement): the longest page a big event can have -- 32-character names, every row withdrawn,
four-digit ranks, tie-breaks of six characters ("9999.5", a league of a hundred), the reader's own
line, the final's winners, the event named in the footer's command, an 80-character title -- fits
Discord's 2,000 characters at 15 rows in English, German and French (German, the longest: 1,922
characters; 16 rows: 2,024).  Names that escaping makes longer (a name of markdown characters
shows each one twice) are cut to fit instead (:data:`NAME_ROOMS`).  The image of a page is
1000 x 870 px (942 with the reader's own row): 348 px tall on a phone's 400 px, one screen,
where a 256-player table was one strip of 12,438 px.

Standings mention nobody: names are plain text, and the posts pass nobody to notify.
"""
from __future__ import annotations

import asyncio
import functools
import io
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text, Verbatim
from matches.competitions import Page, Standing, page_count, page_of
from render.common import encode_png
from render.standings import StandingRow, standings_image

from ..locales import say
from ..messages import present
from ..messages.mentions import shown
from ..replies import CONTENT_MAX, fit

if TYPE_CHECKING:
    from matches.events import EventView

PAGE_SIZE = 15
"""Rows of a page, text and image alike (see the module's docstring for the measurement)."""
NAME_ROOMS = (32, 16)
"""What a name may take in the text, tried in turn when a page's names, escaped, make it too long."""
WINNERS_NAMED = 3
"""A paged final names this many winners in its trophy line (a tie of more: "+N"); the image marks them all."""


def points(value) -> Text:
    return present.decimal(float(value))


def done_rounds(view: "EventView") -> int:
    """How many rounds are decided (a league's may end in any order; the others' end one by one)."""
    return sum(1 for number in range(1, view.event.round + 1)
               if all(t.places is not None for t in view.round_tables(number)))


def pages_of(view: "EventView") -> int:
    """How many pages the event's standings take (one row per entrant)."""
    return page_count(len(view.entrants), PAGE_SIZE)


def standings_page(view: "EventView", number: int = 1, viewer: int | None = None) -> Page:
    """Page ``number`` of the event's standings, with ``viewer``'s own row when it is elsewhere
    (:class:`~matches.competitions.NoSuchPage` outside the pages)."""
    return page_of(view.standings(), number, PAGE_SIZE, viewer)


def cut(name, room: int | None):
    """``name`` cut so that, escaped for Discord, it takes at most ``room`` characters (an ellipsis
    says so); a name that fits, a computer's (words, not a string) and ``room`` None leave it whole."""
    if room is None or not isinstance(name, str) or len(shown(name)) <= room:
        return name
    while name and len(shown(name + "…")) > room:
        name = name[:-1]
    return name + "…"


def _line(view: "EventView", s: Standing, met: bool, room: int | None = None) -> Text:
    fields = dict(rank=s.rank, name=Text("{name}", name=cut(view.name_of(s.player), room)), points=points(s.points),
                  buchholz=points(s.buchholz), sb=points(s.sonneborn_berger), played=s.played)
    parts: list = [Text("{rank}. {name}: **{points}** · Bh {buchholz} · SB {sb} · {played} played", **fields)]
    if s.withdrawn:
        parts.append(Text("(withdrawn)"))
    if met and view.event.format == "swiss" and s.opponents:
        parts.append(Text("· met {names}", names=Joined(
            [Text("{name}", name=view.name_of(o)) for o in s.opponents], ", ")))
    return Joined(parts, " ")


def footer(page: Page, command: str) -> Text | None:
    """"Page 2 of 11 · `/tournament standings page:3`" (the next page's command); None on a one-page table.

    ``command``: the command without its page, as the reader types it (``/tournament standings``,
    with ``tournament:5`` when the server has several events)."""
    if page.count == 1:
        return None
    if page.last:
        return Text("Page {page} of {pages}", page=page.number, pages=page.count)
    return Text("Page {page} of {pages} · {command}", page=page.number, pages=page.count,
                command=Verbatim(f"`{command} page:{page.number + 1}`"))


def standings_lines(view: "EventView", final: bool = False, page: Page | None = None, *, met: bool = True,
                    room: int | None = None, command: str = "/tournament standings") -> Text:
    """The standings as text: rank, name, points, tie-breaks, matches played (Swiss with ``met``: the
    opponents met).  ``page``: only its rows, the reader's own below them and the footer; the whole
    table without one.  ``room``: the most characters a name may take (see :func:`cut`)."""
    event = view.event
    rows = page.rows if page is not None else tuple(view.standings())
    head = Text("**Final standings of {event}**", event=event.title) if final else \
        Text("**Standings of {event}** after round {round}", event=event.title, round=done_rounds(view))
    lines: list = [head, *(_line(view, s, met, room) for s in rows)]
    if page is not None and page.own is not None:
        lines += ["⋯", Text("You: {line}", line=_line(view, page.own, met, room))]
    if final and event.winners:
        named = [Text("{name}", name=cut(view.name_of(w), room)) for w in event.winners]
        if page is not None and page.count > 1 and len(named) > WINNERS_NAMED:
            named = [*named[:WINNERS_NAMED], f"+{len(named) - WINNERS_NAMED}"]
        names = Joined(named, ", ")
        lines.append(Text("🏆 Winner: **{names}**", names=names) if len(event.winners) == 1
                     else Text("🏆 Winners: **{names}**", names=names))
    if page is not None and (tail := footer(page, command)) is not None:
        lines.append(tail)
    return Joined(lines, "\n")


def image_rows(view: "EventView", final: bool, locale, page: Page | None = None) -> list[StandingRow]:
    """The image's rows in the reader's words: ``page``'s and the reader's own after a gap, or the whole table."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    shown = list(page.rows if page is not None else view.standings())
    if page is not None and page.own is not None:
        shown.append(page.own)
    return [StandingRow(s.rank, sayer(Text("{name}", name=view.name_of(s.player))), sayer(points(s.points)),
                        sayer(points(s.buchholz)), sayer(points(s.sonneborn_berger)), str(s.played), s.withdrawn,
                        s.player in view.event.winners and final, apart=page is not None and s is page.own)
            for s in shown]


def standings_png(view: "EventView", final: bool, locale, page: Page | None = None) -> bytes:
    """The standings as an image (drawn in a worker thread): :func:`image_rows` under the title."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    title = sayer(Text("Final standings of {event}", event=view.event.title) if final
                  else Text("Standings of {event} after round {round}", event=view.event.title,
                            round=done_rounds(view)))
    header = [sayer(Text("Player")), sayer(Text("Points")), "Bh", "SB", sayer(Text("Played"))]
    return encode_png(standings_image(title, header, image_rows(view, final, locale, page)))


def standings_text(view: "EventView", final: bool, locale, page: Page, command: str) -> str:
    """The page's text in ``locale``, as full as fits one message: a one-page table names the
    opponents met if it can; then the lines without them; then names that escaping made long
    (a name of markdown characters shows each twice) cut to :data:`NAME_ROOMS`."""
    steps = [(False, None), *((False, room) for room in NAME_ROOMS)]
    if page.count == 1:
        steps.insert(0, (True, None))
    for met, room in steps:
        text = say(standings_lines(view, final, page, met=met, room=room, command=command), locale)
        if len(text) <= CONTENT_MAX:
            break
    return text                                 # outgoing() cuts what still would not fit


def description(view: "EventView", page: Page, locale) -> str:
    """The image's alt text: which event, and which page and places."""
    if page.count == 1:
        text = Text("Standings of {event} as a table", event=view.event.title)
    else:
        text = Text("Standings of {event} as a table, page {page} of {pages}: places {first} to {last}",
                    event=view.event.title, page=page.number, pages=page.count,
                    first=page.rows[0].rank if page.rows else 0, last=page.rows[-1].rank if page.rows else 0)
    return fit(say(text, locale, escaped=False), 1024)


async def standings_message(view: "EventView", final: bool, locale, page: Page | None = None,
                            command: str = "/tournament standings") -> tuple[str, discord.File]:
    """One page's text and image (drawn off the event loop); page 1 without ``page``."""
    page = page or standings_page(view)
    text = standings_text(view, final, locale, page, command)
    png = await asyncio.to_thread(standings_png, view, final, locale, page)
    return text, discord.File(io.BytesIO(png), filename=f"standings-{view.event.id}.png",
                              description=description(view, page, locale))
