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
shows each one twice) are cut to fit instead (:data:`NAME_ROOMS`).  The image of a page of
32-character names is 1000 x 1076 px in all three languages, footnotes included (1180 with the
reader's own row below): 430 px tall on a phone's 400 px, where a 256-player table was one strip
of 12,438 px.  A bracket of 16 is 1000 x 1088 px (435 on a phone), of 8 1000 x 648.

The image carries what the text leaves out for room: each player's rating (the last tie-break,
so the order is never by a number nobody sees) and a footnote saying what Bh and SB are; it
frames the reader's own row, and a page says which page it is.  A league's standings say how
many of its matches are decided ("after 18 of 28 matches") and each player's "played / scheduled",
since its rounds end in any order.

A knockout is not a table: it is shown as its bracket (:mod:`render.bracket`), rounds as
columns, each series with both names, its score in victory points and who goes on; the text
says the current round, each of its series and who is still in.  A bracket of more than 16
players is shown a section at a time (:func:`render.bracket.window`), with the same page footer.

Beside a name stands the player's reliability on the server (:mod:`matches.reliability`) when it is
below 100 %: "Ann (92 % reliable)" in the text, a muted "92 %" after the name in the image (a
footnote says what it is).  A reliable player, or one with no ended match yet, shows nothing: the
figure marks those who let matches run out, and a table of "100 %" would only hide them.  The text
drops the figures before it cuts a name (the image always has them).

Standings mention nobody: names are plain text, and the posts pass nobody to notify.
"""

from __future__ import annotations

import asyncio
import functools
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text, Verbatim
from matches.competitions import NoSuchPage, Page, Standing, page_count, page_of
from matches.reliability import WINDOW
from render import bracket as B
from render.common import encode_png
from render.standings import StandingRow, standings_image

from ..locales import say
from ..messages import present
from ..messages.mentions import shown
from ..replies import CONTENT_MAX, fit

if TYPE_CHECKING:
    from matches.tournaments import TournamentView as EventView

PAGE_SIZE = 15
"""Rows of a page, text and image alike (see the module's docstring for the measurement)."""
NAME_ROOMS = (32, 16)
"""What a name may take in the text, tried in turn when a page's names, escaped, make it too long."""
WINNERS_NAMED = 3
"""A paged final names this many winners in its trophy line (a tie of more: "+N"); the image marks them all."""
SERIES_TARGET = 2
"""Victory points that win a knockout series (the rematch series' target, :data:`matches.core.SERIES_TARGET`)."""


def points(value) -> Text:
    return present.decimal(float(value))


def done_rounds(view: EventView) -> int:
    """How many rounds are decided (a league's may end in any order; the others' end one by one)."""
    return sum(
        1 for number in range(1, view.event.round + 1) if all(t.places is not None for t in view.round_tables(number))
    )


def league_matches(view: EventView) -> tuple[int, int]:
    """A league's decided matches and all its matches (its rounds end in any order: a count says more)."""
    tables = [t for t in view.tables if len(t.players) >= 2]
    return sum(1 for t in tables if t.places is not None), len(tables)


def heading(view: EventView, final: bool, bold: bool) -> Text:
    """ "Standings of X after round 3" (a league: "after 18 of 28 matches"), or "Final standings of X"."""
    event = view.event
    if final:
        return (
            Text("**Final standings of {event}**", event=event.title)
            if bold
            else Text("Final standings of {event}", event=event.title)
        )
    if event.format == "league":
        done, total = league_matches(view)
        return (
            Text("**Standings of {event}** after {done} of {total} matches", event=event.title, done=done, total=total)
            if bold
            else Text("Standings of {event} after {done} of {total} matches", event=event.title, done=done, total=total)
        )
    return (
        Text("**Standings of {event}** after round {round}", event=event.title, round=done_rounds(view))
        if bold
        else Text("Standings of {event} after round {round}", event=event.title, round=done_rounds(view))
    )


def pages_of(view: EventView) -> int:
    """How many pages the event's standings take (one row per entrant; a knockout: its bracket's sections)."""
    if view.event.format == "knockout":
        return B.pages(len(knockout_bouts(view)))
    return page_count(len(view.entrants), PAGE_SIZE)


def standings_page(view: EventView, number: int = 1, viewer: int | None = None) -> Page:
    """Page ``number`` of the event's standings, with ``viewer``'s own row when it is elsewhere
    (:class:`~matches.competitions.NoSuchPage` outside the pages).  A knockout's page has no rows:
    it is a section of the bracket."""
    if view.event.format == "knockout":
        count = pages_of(view)
        if not 1 <= number <= count:
            raise NoSuchPage(number, count)
        return Page(number, count, ())
    return page_of(view.standings(), number, PAGE_SIZE, viewer)


def cut(name, room: int | None):
    """``name`` cut so that, escaped for Discord, it takes at most ``room`` characters (an ellipsis
    says so); a name that fits, a computer's (words, not a string) and ``room`` None leave it whole."""
    if room is None or not isinstance(name, str) or len(shown(name)) <= room:
        return name
    while name and len(shown(name + "…")) > room:
        name = name[:-1]
    return name + "…"


def named(view: EventView, player: int, room: int | None = None, reliable: dict[int, int] | None = None) -> Text:
    """A player's name (cut to ``room``), with his reliability when ``reliable`` has it below 100 %."""
    name = cut(view.name_of(player), room)
    percent = (reliable or {}).get(player)
    if percent is None or percent >= 100:
        return Text("{name}", name=name)
    return Text("{name} ({percent} % reliable)", name=name, percent=percent)


def _line(
    view: EventView,
    s: Standing,
    met: bool,
    room: int | None = None,
    own: bool = False,
    reliable: dict[int, int] | None = None,
) -> Text:
    fields = dict(
        rank=s.rank,
        name=named(view, s.player, room, reliable),
        points=points(s.points),
        buchholz=points(s.buchholz),
        sb=points(s.sonneborn_berger),
        played=s.played,
    )
    parts: list = [Text("{rank}. {name}: **{points}** · Bh {buchholz} · SB {sb} · {played} played", **fields)]
    if s.withdrawn:
        parts.append(Text("(withdrawn)"))
    if met and view.event.format == "swiss" and s.opponents:
        parts.append(
            Text("· met {names}", names=Joined([Text("{name}", name=view.name_of(o)) for o in s.opponents], ", "))
        )
    if own:
        parts.append(Text("← you"))
    return Joined(parts, " ")


def footer(page: Page, command: str) -> Text | None:
    """ "Page 2 of 11 · `/tournament standings page:3`" (the next page's command); None on a one-page table.

    ``command``: the command without its page, as the reader types it (``/tournament standings``,
    with ``tournament:5`` when the server has several events)."""
    if page.count == 1:
        return None
    if page.last:
        return Text("Page {page} of {pages}", page=page.number, pages=page.count)
    return Text(
        "Page {page} of {pages} · {command}",
        page=page.number,
        pages=page.count,
        command=Verbatim(f"`{command} page:{page.number + 1}`"),
    )


def standings_lines(
    view: EventView,
    final: bool = False,
    page: Page | None = None,
    *,
    met: bool = True,
    room: int | None = None,
    command: str = "/tournament standings",
    viewer: int | None = None,
    reliable: dict[int, int] | None = None,
) -> Text:
    """The standings as text: rank, name, points, tie-breaks, matches played (Swiss with ``met``: the
    opponents met).  ``page``: only its rows, the reader's own below them and the footer; the whole
    table without one.  ``room``: the most characters a name may take (see :func:`cut`).
    ``viewer``: whose line on the page says "← you".  ``reliable``: percent by player (see :func:`named`)."""
    event = view.event
    rows = page.rows if page is not None else tuple(view.standings())
    lines: list = [
        heading(view, final, True),
        *(_line(view, s, met, room, own=viewer is not None and s.player == viewer, reliable=reliable) for s in rows),
    ]
    if page is not None and page.own is not None:
        lines += ["⋯", Text("You: {line}", line=_line(view, page.own, met, room, reliable=reliable))]
    if final and event.winners:
        lines.append(trophy(view, event.winners, room, page is not None and page.count > 1))
    if page is not None and (tail := footer(page, command)) is not None:
        lines.append(tail)
    return Joined(lines, "\n")


def trophy(view: EventView, winners: list[int], room: int | None, paged: bool) -> Text:
    named = [Text("{name}", name=cut(view.name_of(w), room)) for w in winners]
    if paged and len(named) > WINNERS_NAMED:
        named = [*named[:WINNERS_NAMED], f"+{len(named) - WINNERS_NAMED}"]
    names = Joined(named, ", ")
    return (
        Text("🏆 Winner: **{names}**", names=names)
        if len(winners) == 1
        else Text("🏆 Winners: **{names}**", names=names)
    )


def scheduled(view: EventView) -> dict[int, int]:
    """Each player's matches in the schedule (a league's are all paired at its start)."""
    counts: dict[int, int] = {}
    for t in view.tables:
        if len(t.players) >= 2:
            for p in t.players:
                counts[p] = counts.get(p, 0) + 1
    return counts


def image_rows(
    view: EventView,
    final: bool,
    locale,
    page: Page | None = None,
    viewer: int | None = None,
    reliable: dict[int, int] | None = None,
) -> list[StandingRow]:
    """The image's rows in the reader's words: ``page``'s and the reader's own after a gap, or the whole
    table; ``reliable``: percent by player, shown after the name below 100 %."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    shown = list(page.rows if page is not None else view.standings())
    if page is not None and page.own is not None:
        shown.append(page.own)
    league = scheduled(view) if view.event.format == "league" else None

    def played(s: Standing) -> str:
        return f"{s.played}/{league.get(s.player, s.played)}" if league is not None else str(s.played)

    def reliability(s: Standing) -> str:
        percent = (reliable or {}).get(s.player)
        return "" if percent is None or percent >= 100 else sayer(Text("{percent} %", percent=percent))

    return [
        StandingRow(
            s.rank,
            sayer(Text("{name}", name=view.name_of(s.player))),
            sayer(points(s.points)),
            sayer(points(s.buchholz)),
            sayer(points(s.sonneborn_berger)),
            played(s),
            s.withdrawn,
            s.player in view.event.winners and final,
            apart=page is not None and s is page.own,
            rating=str(round(s.rating)),
            own=viewer is not None and s.player == viewer,
            reliability=reliability(s),
        )
        for s in shown
    ]


def table_words(view: EventView, final: bool, locale, page: Page | None = None, figures: bool = False) -> dict:
    """The table image's words in ``locale``: title, heads, footnotes, the page line and the "you" badge.
    ``figures``: some row shows a reliability, which a footnote explains."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    header = [sayer(Text("Player")), sayer(Text("Points")), "Bh", "SB", sayer(Text("Rating")), sayer(Text("Played"))]
    notes = [
        Text("Bh (Buchholz): the points of every opponent met."),
        Text("SB (Sonneborn-Berger): the points of the opponents beaten, plus half of those drawn with."),
        Text("Rating: the player's rating in this game on this server (1500 for a newcomer), the last tie-break."),
    ]
    if view.event.format == "league":
        notes.append(Text("Played: matches decided / the player's matches in the schedule."))
    if figures:
        notes.append(
            Text(
                "A share after a name: the player's reliability, the share of his last {count} ended "
                "matches on this server not lost by running out of time or abandoning (shown below "
                "100 %).",
                count=WINDOW,
            )
        )
    subtitle = ""
    if page is not None and page.count > 1 and page.rows:
        subtitle = sayer(
            Text(
                "Page {page} of {pages} · places {first} to {last}",
                page=page.number,
                pages=page.count,
                first=page.rows[0].rank,
                last=page.rows[-1].rank,
            )
        )
    return dict(
        title=sayer(heading(view, final, False)),
        header=header,
        notes=[sayer(n) for n in notes],
        subtitle=subtitle,
        you=sayer(Text("you")),
    )


def standings_png(
    view: EventView,
    final: bool,
    locale,
    page: Page | None = None,
    viewer: int | None = None,
    reliable: dict[int, int] | None = None,
) -> bytes:
    """The standings as an image (drawn in a worker thread): :func:`image_rows` under the title; a
    knockout's bracket (:func:`bracket_png`)."""
    if view.event.format == "knockout":
        return bracket_png(view, final, locale, page, viewer)
    rows = image_rows(view, final, locale, page, viewer, reliable)
    words = table_words(view, final, locale, page, figures=any(r.reliability for r in rows))
    return encode_png(standings_image(rows=rows, **words))


def standings_text(
    view: EventView,
    final: bool,
    locale,
    page: Page,
    command: str,
    viewer: int | None = None,
    reliable: dict[int, int] | None = None,
) -> str:
    """The page's text in ``locale``, as full as fits one message: a one-page table names the
    opponents met if it can; then the lines without them; then without the reliability figures;
    then names that escaping made long (a name of markdown characters shows each twice) cut to
    :data:`NAME_ROOMS`."""
    if view.event.format == "knockout":
        return knockout_text(view, final, locale, page, command, viewer)
    steps = [(False, None, reliable), (False, None, None), *((False, room, None) for room in NAME_ROOMS)]
    if page.count == 1:
        steps.insert(0, (True, None, reliable))
    for met, room, figures in steps:
        text = say(
            standings_lines(view, final, page, met=met, room=room, command=command, viewer=viewer, reliable=figures),
            locale,
        )
        if len(text) <= CONTENT_MAX:
            break
    return text  # outgoing() cuts what still would not fit


def description(view: EventView, page: Page, locale) -> str:
    """The image's alt text: which event, and which page and places (a knockout: its round and who is still in)."""
    if view.event.format == "knockout":
        return knockout_description(view, page, locale)
    if page.count == 1:
        text = Text("Standings of {event} as a table", event=view.event.title)
    else:
        text = Text(
            "Standings of {event} as a table, page {page} of {pages}: places {first} to {last}",
            event=view.event.title,
            page=page.number,
            pages=page.count,
            first=page.rows[0].rank if page.rows else 0,
            last=page.rows[-1].rank if page.rows else 0,
        )
    return fit(say(text, locale, escaped=False), 1024)


async def standings_message(
    view: EventView,
    final: bool,
    locale,
    page: Page | None = None,
    command: str = "/tournament standings",
    viewer: int | None = None,
    reliable: dict[int, int] | None = None,
) -> tuple[str, discord.File]:
    """One page's text and image (drawn off the event loop); page 1 without ``page``.  ``reliable``:
    percent by player (see :func:`named`)."""
    page = page or standings_page(view)
    text = standings_text(view, final, locale, page, command, viewer, reliable)
    png = await asyncio.to_thread(standings_png, view, final, locale, page, viewer, reliable)
    return text, discord.File(
        io.BytesIO(png), filename=f"standings-{view.event.id}.png", description=description(view, page, locale)
    )


# ------------------------------------------------------------------ knockouts
@dataclass(frozen=True)
class BoutState:
    """A series of the bracket as it stands: its two slots in bracket order (the upper one fed by the
    even series of the round before), the victory points, and who goes on once it is decided."""

    top: int | None
    bottom: int | None
    points: tuple[int, int] | None = None
    """Victory points of top and bottom; None without a series (a bye, or not paired yet)."""
    decided: bool = False
    winner: int | None = None
    paired: bool = False
    """Its round has been paired (a table exists)."""

    @property
    def bye(self) -> bool:
        return self.paired and (self.top is None) != (self.bottom is None)


def knockout_bouts(view: EventView) -> list[list[BoutState]]:
    """The whole bracket, round by round: the rounds played from the event's tables, the rounds to come
    with whoever has reached them.  A bout's winner is who the event advances: the player placed first,
    unless he withdrew; a bye's player, unless he withdrew."""
    first = view.round_tables(1)
    if not first:
        return []
    size = 2 * len(first)
    withdrawn = view.withdrawn
    out: list[list[BoutState]] = []
    for number in range(1, size.bit_length()):
        tables = {t.table_no - 1: t for t in view.round_tables(number)}
        bouts = []
        for j in range(size >> number):
            t = tables.get(j)
            if number == 1:
                players = list(t.players) if t is not None else []
                top, bottom = (players + [None, None])[:2]
            else:
                a, b = out[-1][2 * j], out[-1][2 * j + 1]
                top, bottom = a.winner, b.winner
            if t is None:
                bouts.append(BoutState(top, bottom))
                continue
            if len(t.players) == 2:
                series = view.series.get(t.series_id, {}) if t.series_id is not None else {}
                score = (series.get(top, 0), series.get(bottom, 0))
                winner = None
                if t.places is not None and any(p not in withdrawn for p in t.players):
                    winner = t.players[t.places.index(1)]
                bouts.append(BoutState(top, bottom, score, t.places is not None, winner, True))
            else:
                alone = t.players[0] if t.players else None
                winner = alone if alone is not None and alone not in withdrawn else None
                bouts.append(BoutState(top, bottom, None, True, winner, True))
        out.append(bouts)
    return out


def stage_name(bouts: int) -> Text:
    """A round's name by how many series it has: the final, the semi-finals, ... the round of 32."""
    if bouts == 1:
        return Text("Final")
    if bouts == 2:
        return Text("Semi-finals")
    if bouts == 4:
        return Text("Quarter-finals")
    return Text("Round of {count}", count=2 * bouts)


def still_in(view: EventView, bracket: list[list[BoutState]], final: bool) -> list[int]:
    """Who can still win, in bracket order: not withdrawn, not beaten (after the final, the champion)."""
    if final:
        return list(view.event.winners)
    out = set()
    for b in bracket[0]:
        out.update(p for p in (b.top, b.bottom) if p is not None)
    for rnd in bracket:
        for b in rnd:
            if b.decided:
                out.difference_update(p for p in (b.top, b.bottom) if p is not None and p != b.winner)
    out -= view.withdrawn
    order = [p for b in bracket[0] for p in (b.top, b.bottom) if p is not None]
    return [p for p in order if p in out]


def current_round(view: EventView, bracket: list[list[BoutState]]) -> int:
    """The round being played (after the final: the last)."""
    return min(max(view.event.round, 1), len(bracket))


def bracket_stages(view: EventView, final: bool, locale, viewer: int | None = None) -> list[B.Stage]:
    """The bracket's columns in the reader's words."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    bracket = knockout_bouts(view)
    withdrawn = view.withdrawn
    champion = view.event.winners[0] if final and view.event.winners else None

    def entry(player: int | None, score: int | None, bout: BoutState) -> B.Entry | None:
        if player is None:
            return None
        return B.Entry(
            sayer(Text("{name}", name=view.name_of(player))),
            "" if score is None else str(score),
            through=bout.decided and bout.winner == player,
            out=(bout.decided and bout.winner != player) or player in withdrawn,
            withdrawn=player in withdrawn,
            own=viewer is not None and player == viewer,
            champion=player == champion and len(bracket) > 0 and bout is bracket[-1][0],
        )

    stages = []
    for rnd in bracket:
        series = []
        for b in rnd:
            a, c = b.points if b.points is not None else (None, None)
            series.append(B.Series(entry(b.top, a, b), entry(b.bottom, c, b), bye=b.bye))
        stages.append(B.Stage(sayer(stage_name(len(rnd))), tuple(series)))
    return stages


def knockout_title(view: EventView, final: bool, bracket: list[list[BoutState]], bold: bool) -> Text:
    if final:
        return heading(view, True, bold)
    number = current_round(view, bracket)
    fields = dict(
        event=view.event.title,
        stage=stage_name(len(bracket[number - 1])) if bracket else "",
        round=number,
        rounds=len(bracket),
    )
    return (
        Text("**{event}**: {stage} (round {round} of {rounds})", **fields)
        if bold
        else Text("{event}: {stage} (round {round} of {rounds})", **fields)
    )


def bracket_words(view: EventView, final: bool, locale, page: Page | None = None, viewer: int | None = None) -> dict:
    """What :func:`render.bracket.bracket_image` draws for page ``page``, in the reader's words."""
    sayer = functools.partial(say, locale=locale, escaped=False)
    bracket = knockout_bouts(view)
    stages = B.window(bracket_stages(view, final, locale, viewer), page.number if page is not None else 1)
    alive = still_in(view, bracket, final)
    if final:
        sub = Text("Winner: {name}", name=view.name_of(alive[0])) if alive else Text("No winner")
    else:
        sub = Text("{count} of {total} still in", count=len(alive), total=len(view.entrants))
    if page is not None and page.count > 1:
        sub = Joined([sub, Text("page {page} of {pages}", page=page.number, pages=page.count)], " · ")
    note = Text(
        "The numbers are victory points in each series; who reaches {target} first goes on (bold).",
        target=SERIES_TARGET,
    )
    title = (
        Text("Final bracket of {event}", event=view.event.title)
        if final
        else knockout_title(view, final, bracket, False)
    )
    return dict(title=sayer(title), stages=stages, bye=sayer(Text("bye")), subtitle=sayer(sub), notes=[sayer(note)])


def bracket_png(view: EventView, final: bool, locale, page: Page | None = None, viewer: int | None = None) -> bytes:
    """The knockout's bracket (page ``page``'s section of a big one) as an image."""
    return encode_png(B.bracket_image(**bracket_words(view, final, locale, page, viewer)))


def series_line(view: EventView, bout: BoutState, room: int | None, last: bool = False) -> Text | None:
    """A series as text: both names and its score, then who goes on (``last``: who wins the final)."""

    def name(player: int) -> Text:
        shown_name = Text("{name}", name=cut(view.name_of(player), room))
        return Joined([shown_name, Text("(withdrawn)")], " ") if player in view.withdrawn else shown_name

    if bout.bye:
        alone = bout.top if bout.top is not None else bout.bottom
        return Text("{name} goes on without playing (bye)", name=name(alone))
    if bout.top is None or bout.bottom is None or bout.points is None:
        return None
    fields = dict(first=name(bout.top), a=bout.points[0], b=bout.points[1], second=name(bout.bottom))
    if not bout.decided:
        return Text("{first} {a} : {b} {second}, being played", **fields)
    if bout.winner is None:
        return Text("{first} {a} : {b} {second}: nobody goes on", **fields)
    if last:
        return Text("{first} {a} : {b} {second}: {winner} wins", winner=name(bout.winner), **fields)
    return Text("{first} {a} : {b} {second}: {winner} goes on", winner=name(bout.winner), **fields)


def knockout_lines(
    view: EventView,
    final: bool,
    page: Page,
    command: str,
    *,
    room: int | None = None,
    names: bool = True,
    viewer: int | None = None,
) -> Text:
    """The knockout as text: the round being played, each of its series (in the page's section) with
    its score and who goes on, who is still in (``names``: by name, else only how many), the champion."""
    bracket = knockout_bouts(view)
    lines: list = [knockout_title(view, final, bracket, True)]
    if bracket:
        number = current_round(view, bracket)
        rnd = bracket[number - 1]
        if page.count > 1 and page.number > 1:
            span = len(bracket[0]) // (page.count - 1) >> (number - 1)
            rnd = rnd[(page.number - 2) * span : (page.number - 1) * span] if span else []
        elif page.count > 1 and number <= len(bracket) - B.MOST_STAGES:
            rnd = []  # page 1 shows the last rounds, not yet reached
        last = number == len(bracket)
        lines += [line for b in rnd if (line := series_line(view, b, room, last)) is not None]
        alive = still_in(view, bracket, final)
        if not final and alive:
            if names:
                lines.append(
                    Text(
                        "Still in ({count}): {names}",
                        count=len(alive),
                        names=Joined([Text("{name}", name=cut(view.name_of(p), room)) for p in alive], ", "),
                    )
                )
            else:
                lines.append(Text("Still in: {count} of {total}", count=len(alive), total=len(view.entrants)))
        if viewer is not None and viewer in {p for b in bracket[0] for p in (b.top, b.bottom)} and not final:
            lines.append(Text("You are still in.") if viewer in alive else Text("You are out."))
    if final and view.event.winners:
        lines.append(trophy(view, view.event.winners, room, False))
    if (tail := footer(page, command)) is not None:
        lines.append(tail)
    return Joined(lines, "\n")


def knockout_text(view: EventView, final: bool, locale, page: Page, command: str, viewer: int | None) -> str:
    """The knockout's text in ``locale``, as full as fits one message (names cut, then who is still in counted)."""
    steps = [(None, True), *((room, True) for room in NAME_ROOMS), (NAME_ROOMS[-1], False)]
    for room, names in steps:
        text = say(knockout_lines(view, final, page, command, room=room, names=names, viewer=viewer), locale)
        if len(text) <= CONTENT_MAX:
            break
    return text


def knockout_description(view: EventView, page: Page, locale) -> str:
    bracket = knockout_bouts(view)
    final = view.event.status == "finished"
    alive = still_in(view, bracket, final)
    if final:
        text = (
            Text("Final bracket of {event}: {name} won", event=view.event.title, name=view.name_of(alive[0]))
            if alive
            else Text("Final bracket of {event}", event=view.event.title)
        )
    else:
        number = current_round(view, bracket)
        text = Text(
            "Bracket of {event}, {stage} (round {round} of {rounds}): {count} of {total} still in",
            event=view.event.title,
            stage=stage_name(len(bracket[number - 1])) if bracket else "",
            round=number,
            rounds=len(bracket),
            count=len(alive),
            total=len(view.entrants),
        )
    if page.count > 1:
        text = Joined([text, Text("page {page} of {pages}", page=page.number, pages=page.count)], ", ")
    return fit(say(text, locale, escaped=False), 1024)
