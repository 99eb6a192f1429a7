"""Standings of big events in pages: a 60-player Swiss through the real bot (page 1 posted by itself
after a round and at the end, page 3 on request, a page it does not have refused privately, the
asker's own line), each page's text and image showing the same rows, and the page size measured
against Discord's 2,000 characters with the longest names and numbers there can be.

The 60 entrants are signed up in the service (sign-up through the bot is tested in
test_tournaments.py); the event is started, its results are made and its standings asked for
through the bot or the service as a player would see them."""

from __future__ import annotations

import io
import re
from fractions import Fraction

import discord
import pytest
from PIL import Image

from bot.locales import say
from bot.replies import CONTENT_MAX
from bot.tournaments import standings as S
from matches import Player
from matches.competitions import Page, Standing
from matches.tournaments import Tournament, TournamentEntrant, TournamentView
from render import standings as R

from .test_tournaments import create, organiser_in

LOCALES = [discord.Locale.british_english, discord.Locale.german, discord.Locale.french]
# A standings line in any of the three languages: "12. Name: **3.5**", "Du: 12. Name: **3,5**", "12. Name : **3,5**".
# French sets a no-break space before a colon (U+00A0)
LINE = re.compile(r"^(?:\w+[ \xa0]?: )?(\d+)\. (.+?)[ \xa0]?: \*\*([\d.,]+)\*\*", re.MULTILINE)
ENGLISH = discord.Locale.british_english


# ----------------------------------------------------------- the measurement of the page size
def worst_view(size: int, name: str, final: bool = True) -> tuple[TournamentView, Page]:
    """The longest page there can be: ``size`` rows named ``name`` with four-digit ranks, tie-breaks
    of six characters, all withdrawn, the reader's own row, five tied winners, an 80-character title."""
    event = Tournament(
        123,
        1,
        1,
        "T" * 80,
        "architekton",
        "swiss",
        {},
        2,
        8,
        3,
        "finished" if final else "running",
        8,
        8,
        True,
        1,
        None,
        None,
        [1, 2, 3, 4, 5],
        0.0,
    )
    view = TournamentView(event, [TournamentEntrant(i, name, 1, 1500.0) for i in range(1, size + 2)], [])

    def row(i):
        return Standing(9000 + i, i, Fraction(199, 2), Fraction(19999, 2), Fraction(19999, 2), 1500.0, 99, 0, (), True)

    return view, Page(100, 101, tuple(row(i) for i in range(1, size + 1)), row(size + 1))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_longest_page_fits_one_message_with_every_name_whole(locale):
    view, page = worst_view(S.PAGE_SIZE, "W" * 32)
    command = f"/tournament standings tournament:{view.event.id}"
    whole = say(S.standings_lines(view, True, page, met=False, command=command), locale)
    assert len(whole) <= CONTENT_MAX
    assert S.standings_text(view, True, locale, page, command) == whole  # nothing cut
    assert whole.count("W" * 32) == S.PAGE_SIZE + 1 + S.WINNERS_NAMED  # rows, own line, winners


@pytest.mark.parametrize("locale", LOCALES)
def test_reliability_figures_show_while_they_fit_and_never_cost_a_name(locale):
    """Short names keep their figures ("Ann (92 % reliable)"); on the longest page the figures go
    before any name is cut (the image still has them)."""
    reliable = {p: 80 + p for p in range(1, S.PAGE_SIZE + 2)}
    view, page = worst_view(S.PAGE_SIZE, "Ann")
    text = S.standings_text(view, True, locale, page, "/tournament standings", reliable=reliable)
    assert len(text) <= CONTENT_MAX
    assert len(re.findall(r"Ann \((?:fiable à )?[89]\d", text)) == S.PAGE_SIZE + 1  # every row and the own line
    view, page = worst_view(S.PAGE_SIZE, "W" * 32)
    command = f"/tournament standings tournament:{view.event.id}"
    text = S.standings_text(view, True, locale, page, command, reliable=reliable)
    assert text == S.standings_text(view, True, locale, page, command)  # as without figures: whole names


def test_one_row_more_would_not_fit_in_german():
    """PAGE_SIZE is the largest that fits: a longer page needs the cuts the text is built to avoid."""
    view, page = worst_view(S.PAGE_SIZE + 1, "W" * 32)
    text = say(
        S.standings_lines(view, True, page, met=False, command="/tournament standings tournament:123"),
        discord.Locale.german,
    )
    assert len(text) > CONTENT_MAX


@pytest.mark.parametrize("locale", LOCALES)
def test_names_that_escaping_doubles_are_cut_to_fit(locale):
    view, page = worst_view(S.PAGE_SIZE, "_*" * 16)
    text = S.standings_text(view, True, locale, page, "/tournament standings tournament:123")
    assert len(text) <= CONTENT_MAX and "…" in text
    assert len(LINE.findall(text)) == S.PAGE_SIZE + 1  # every row still there


def one_page_swiss(name: str, opponents: int) -> tuple[TournamentView, Page]:
    view, _ = worst_view(S.PAGE_SIZE, name, final=False)
    rows = tuple(
        Standing(
            i,
            i,
            Fraction(1),
            Fraction(1),
            Fraction(1),
            1500.0,
            opponents,
            0,
            tuple(o for o in range(1, opponents + 2) if o != i)[:opponents],
        )
        for i in range(1, S.PAGE_SIZE + 1)
    )
    return view, Page(1, 1, rows)


def test_a_one_page_swiss_names_the_opponents_met_while_they_fit_and_leaves_them_out_after():
    view, page = one_page_swiss("Ann", 3)
    text = S.standings_text(view, False, ENGLISH, page, "/tournament standings")
    assert text.count("· met ") == S.PAGE_SIZE and "Page" not in text
    view, page = one_page_swiss("W" * 32, 8)  # 15 lines of 8 long names: 6,000 characters
    text = S.standings_text(view, False, ENGLISH, page, "/tournament standings")
    assert len(text) <= CONTENT_MAX and "met" not in text and "…" not in text
    assert len(LINE.findall(text)) == S.PAGE_SIZE


# ----------------------------------------------------------- a 60-player Swiss through the bot
LONG = "Name of exactly thirty-two chars"  # 32 characters, Discord's longest display name


def long_name(i: int) -> str:
    return f"{LONG[:-3]}{i:03d}"


async def sixty_player_swiss(w, rounds: int = 2):
    org = organiser_in(w)
    people = [w.ann, w.bob, w.cat] + [
        w.guild.add_member(w.env.create_user(f"p{i}", global_name=long_name(i))) for i in range(57)
    ]
    await create(w, org, rounds=rounds, name="Big Open")
    [event] = await w.service.events(w.guild.id)
    for i, member in enumerate(people):
        await w.service.join_event(event.id, Player(member.id, long_name(i)))
    started = await org.slash(w.channel, "tournament start")
    assert not started.ephemeral, started.response.content
    return org, people, event


async def finish_round(w, event_id: int) -> None:
    """Every match of the running round: a first move, then the second seat resigns (in the service);
    the bot then posts what follows, as after any result."""
    view = await w.service.event_view(event_id)
    for t in view.round_tables(view.event.round):
        match = await w.service.get(t.match_id)
        await w.service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        await w.service.resign(match.id, t.players[1])
    await w.env.bot.tournaments.publish()
    await w.env.settle()


def rows_of(text: str) -> list[tuple[int, str, str]]:
    return [(int(rank), name, pts) for rank, name, pts in LINE.findall(text)]


async def assert_text_and_image_agree(
    w, message, view: TournamentView, page: Page, final: bool, viewer: int | None = None
) -> None:
    """The posted text and the posted image show the same rows: ranks, names and points."""
    assert len(message.content) <= CONTENT_MAX
    [image] = message.attachments
    png = Image.open(io.BytesIO(await image.read()))
    drawn = S.image_rows(view, final, ENGLISH, page, viewer)
    assert rows_of(message.content) == [(r.rank, r.name, r.points) for r in drawn]
    if viewer is not None:  # the reader's own row is the one marked
        assert [r.rank for r in drawn if r.own] == [
            s.rank for s in (*page.rows, page.own) if s is not None and s.player == viewer
        ]
    words = S.table_words(view, final, ENGLISH, page)
    layout = R.table_layout(rows=drawn, **words)
    assert png.size == (R.WIDTH, layout.height)
    assert sum(r.apart for r in drawn) == (page.own is not None)
    if page.count > 1:  # the image says its page
        assert words["subtitle"].startswith(f"Page {page.number} of {page.count}")
    assert len(image.description) <= 1024


def pings_nobody(w, message) -> bool:
    for request in reversed(w.env.http_requests):
        body = request.json if isinstance(request.json, dict) else {}
        body = body.get("data", body) if "type" in body else body
        if isinstance(body, dict) and body.get("content") == message.content:
            allowed = body.get("allowed_mentions") or {}
            return allowed.get("parse", []) == [] and not allowed.get("users")
    raise AssertionError("no request of the bot produced this message")


@pytest.mark.slow
async def test_a_sixty_player_swiss_shows_its_standings_a_page_at_a_time(world):
    w = world
    org, people, event = await sixty_player_swiss(w)
    await finish_round(w, event.id)
    view = await w.service.event_view(event.id)
    assert view.event.round == 2

    # after round 1, by itself: page 1 (the leaders) and the way to page 2
    [posted] = [m for m in w.channel.history() if "after round 1" in m.content]
    assert [rank for rank, _, _ in rows_of(posted.content)] == list(range(1, 16))
    assert posted.content.endswith("Page 1 of 4 · `/tournament standings page:2`")
    assert "met" not in posted.content  # a big event's lines leave it out
    assert "page 1 of 4: places 1 to 15" in posted.attachments[0].description
    await assert_text_and_image_agree(w, posted, view, S.standings_page(view, 1), False)
    assert pings_nobody(w, posted)

    # page 3 asked for by a leader: rows 31-45, then his own line
    leader = next(m for m in people if m.id == view.standings()[0].player)
    asked = await leader.slash(w.channel, "tournament standings", page=3)
    assert not asked.ephemeral
    message = asked.followups[0] if asked.followups else asked.response
    ranks = [rank for rank, _, _ in rows_of(message.content)]
    assert ranks == [*range(31, 46), 1]
    assert f"⋯\nYou: 1. {view.name_of(leader.id)}: **1.0**" in message.content
    assert message.content.endswith("Page 3 of 4 · `/tournament standings page:4`")
    assert "page 3 of 4: places 31 to 45" in message.attachments[0].description
    await assert_text_and_image_agree(w, message, view, S.standings_page(view, 3, leader.id), False, leader.id)
    assert pings_nobody(w, message)

    # the organiser (no entrant) asks for the last page: its 15 rows, no own line, no next page
    last = await org.slash(w.channel, "tournament standings", page=4)
    message = last.followups[0] if last.followups else last.response
    assert [rank for rank, _, _ in rows_of(message.content)] == list(range(46, 61))
    assert "You:" not in message.content and message.content.endswith("Page 4 of 4")

    # a player on the page asked for gets no second copy of his line
    own = next(m for m in people if m.id == view.standings()[33].player)
    same = await own.slash(w.channel, "tournament standings", page=3)
    message = same.followups[0] if same.followups else same.response
    assert "You:" not in message.content and len(rows_of(message.content)) == 15
    [mine] = [line for line in message.content.splitlines() if line.endswith("← you")]  # his line, marked
    assert mine.startswith(f"{view.standings()[33].rank}. ")

    # a page the table does not have: a private refusal, nothing posted
    before = len(w.channel.history())
    refused = await w.cat.slash(w.channel, "tournament standings", page=5)
    assert refused.ephemeral and "no page 5" in refused.response.content and "4 pages" in refused.response.content
    assert len(w.channel.history()) == before

    # the last round: the final standings, page 1 with the winners, and the way on
    await finish_round(w, event.id)
    view = await w.service.event_view(event.id)
    assert view.event.status == "finished"
    [final] = [m for m in w.channel.history() if "Final standings" in m.content]
    assert "🏆 Winner" in final.content and final.content.endswith("Page 1 of 4 · `/tournament standings page:2`")
    await assert_text_and_image_agree(w, final, view, S.standings_page(view, 1), True)
    assert pings_nobody(w, final)
    assert all(len(m.content) <= CONTENT_MAX for m in w.channel.history())


async def test_the_footer_names_the_event_when_another_one_could_be_meant(world):
    w = world
    org, people, event = await sixty_player_swiss(w)
    other = await org.slash(w.channel, "tournament create", game="architekton", format="swiss", name="Small Cup")
    assert not other.ephemeral
    small = next(e for e in await w.service.events(w.guild.id) if e.id != event.id)
    for member in people[:4]:
        await w.service.join_event(small.id, Player(member.id, member.name))
    await w.service.start_event(small.id)
    refused = await w.ann.slash(w.channel, "tournament standings", page=2)
    assert refused.ephemeral and "Several tournaments fit" in refused.response.content
    asked = await w.ann.slash(w.channel, "tournament standings", tournament=event.id, page=2)
    message = asked.followups[0] if asked.followups else asked.response
    assert message.content.endswith(f"Page 2 of 4 · `/tournament standings tournament:{event.id} page:3`")
    tiny = await w.ann.slash(w.channel, "tournament standings", tournament=small.id, page=2)
    assert tiny.ephemeral and "fit on one page" in tiny.response.content


async def test_a_small_event_looks_as_it_always_did(world):
    """Five players: one page, every line with the opponents met, no footer, the plain alt text."""
    w = world
    org = organiser_in(w)
    people = [w.ann, w.bob, w.cat] + [w.guild.add_member(w.env.create_user(f"q{i}")) for i in range(2)]
    await create(w, org, rounds=3)
    [event] = await w.service.events(w.guild.id)
    for member in people:
        await w.service.join_event(event.id, Player(member.id, member.name))
    await org.slash(w.channel, "tournament start")
    await finish_round(w, event.id)
    [posted] = [m for m in w.channel.history() if "after round 1" in m.content]
    view = await w.service.event_view(event.id)
    assert posted.content == say(S.standings_lines(view), ENGLISH)
    assert "met" in posted.content and "Page" not in posted.content
    assert posted.attachments[0].description == "Standings of Spring Cup as a table"
    await assert_text_and_image_agree(w, posted, view, S.standings_page(view, 1), False)
