"""Seasons through the real bot: set up, joined, the first season started by itself, played to its
end with a withdrawal and a time-out, promotion and relegation posted, and the next season started
and announced once though a second process looks too; the refusals (private, changing nothing).

Most matches are ended in the service (a move and a resignation) to keep the test quick; the
withdrawal, the time-out and everything posted go through the bot."""

import pytest

from matches import MatchService
from matches.store import store_for

from .helpers import PNG_MAGIC, advance
from .test_tournaments import members, organiser_in, texts


async def end_in_service(service, match_id: int, loser: int) -> None:
    match = await service.get(match_id)
    if match.status != "active":
        return
    if match.plies == 0:
        await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    await service.resign(match.id, loser)


@pytest.mark.slow
async def test_a_season_of_twelve_in_two_divisions_to_the_next_season(world):
    from bot.setup.client import virtual_clock

    w = world
    org = organiser_in(w)
    people = members(w, 12)
    made = await org.slash(w.channel, "season create", game="atacama", name="Dune League", days=7, signup_days=1)
    assert not made.ephemeral and "Dune League" in made.response.content and "move up" in made.response.content
    for member in people:
        r = await member.slash(w.channel, "season join")
        assert not r.ephemeral and "joined" in r.response.content, r.response.content
    twice = await people[0].slash(w.channel, "season join")
    assert twice.ephemeral and "already" in twice.response.content
    await advance(w.env, 86400 + 60)  # sign-up closes by itself
    [season] = await w.service.seasons(w.guild.id)
    first, lower = await w.service.division_events(season.id, 1)
    assert len([t for t in texts(w.channel) if t.startswith("🏁") and "Dune League, season 1" in t]) == 2
    by_id = {m.id: m for m in people}
    # a newcomer waits for season 2; one leaves after this season; one withdraws now
    late = w.guild.add_member(w.env.create_user("late"))
    waits = await late.slash(w.channel, "season join")
    assert not waits.ephemeral and "next season" in waits.response.content
    leaves = await w.cat.slash(w.channel, "season leave")  # cat, in division 1
    assert not leaves.ephemeral and "after this season" in leaves.response.content
    quitter = by_id[max(e.user_id for e in (await w.service.event_view(lower.id)).entrants)]
    left = await quitter.slash(w.channel, "tournament leave", tournament=lower.id)
    assert not left.ephemeral and "withdrew" in left.response.content
    # every match but one ends: the player who joined later loses (so the first to join ranks first)
    view_top, view_low = [await w.service.event_view(e.id) for e in (first, lower)]
    remaining = [t for v in (view_top, view_low) for t in v.tables]
    spared = next(t for t in reversed(remaining) if quitter.id not in t.players)
    for t in remaining:
        if t is spared:
            continue
        await end_in_service(w.service, t.match_id, max(t.players, key=lambda p: people.index(by_id[p])))
    # the last one runs out of time (3 days a move); a second process looks at the same moment
    other = await store_for(w.settings.database).open()
    try:
        elsewhere = MatchService(other, clock=virtual_clock)
        await advance(w.env, 3 * 86400 + 3600)
        assert (await w.service.get(spared.match_id)).status in ("finished", "void")
        assert any("ran out of time" in t for t in texts(w.channel))
        assert await elsewhere.claim_season_news() == []  # the bot announced it already
        assert await elsewhere.start_due_seasons() == []
    finally:
        await other.close()
    season = await w.service.season(season.id)
    assert season.number == 2
    one, two = await w.service.division_events(season.id, 2)
    top = {e.user_id for e in (await w.service.event_view(one.id)).entrants}
    bottom = {e.user_id for e in (await w.service.event_view(two.id)).entrants}
    assert w.cat.id not in top | bottom and quitter.id not in top | bottom and late.id in bottom
    promoted = {int(p) for p in season.movements["promoted"]}
    assert len(promoted) == 2 and promoted <= top
    history = texts(w.channel)
    assert len([t for t in history if "Final standings" in t]) == 2  # each division's, once
    [moves] = [t for t in history if "season 1 is over" in t]
    assert "Up to division 1" in moves and "Down to division 2" in moves and "Left" in moves
    assert len([t for t in history if t.startswith("🏁") and "season 2" in t]) == 2
    # the movements and the new divisions come before the new season's boards
    first_board = next(i for i, t in enumerate(history) if "season 2, division" in t and "The match begins" in t)
    assert history.index(moves) < first_board
    assert max(i for i, t in enumerate(history) if t.startswith("🏁") and "season 2" in t) < first_board
    r = await w.ann.slash(w.channel, "season standings", season=1, division=2)
    message = r.followups[0] if r.followups else r.response
    assert "season 1, division 2" in message.content
    # the season's table shows reliability as the tournaments' do: beside the names below 100 %
    late_mover = [p for p in spared.players if (await w.service.reliability(w.guild.id, p)).faults]
    assert len(late_mover) == 1  # who ran out of time
    percent = (await w.service.reliability(w.guild.id, late_mover[0])).percent
    figured = [line for line in message.content.splitlines() if "% reliable" in line]
    assert figured == [line for line in figured if f"{by_id[late_mover[0]].name} ({percent} % reliable): " in line]
    assert len(figured) == 1 and "Reliability:" not in message.content
    assert (await message.attachments[0].read()).startswith(PNG_MAGIC)


async def test_season_refusals_are_private_and_change_nothing(world):
    w = world
    refused = await w.ann.slash(w.channel, "season create", game="architekton")
    assert refused.ephemeral and "Manage" in refused.response.content
    assert await w.service.seasons(w.guild.id) == []
    none = await w.ann.slash(w.channel, "season join")
    assert none.ephemeral and "/season list" in none.response.content
    org = organiser_in(w)
    bad = await org.slash(w.channel, "season create", game="architekton", size=4, promote=3)
    assert bad.ephemeral and "promotes" in bad.response.content
    assert await w.service.seasons(w.guild.id) == []
    await org.slash(w.channel, "season create", game="architekton")
    not_in = await w.bob.slash(w.channel, "season leave")
    assert not_in.ephemeral
    not_org = await w.ann.slash(w.channel, "season end")
    assert not_org.ephemeral and "Manage" in not_org.response.content
    [season] = await w.service.seasons(w.guild.id)
    assert season.status == "open" and not season.ending
    added = await org.slash(w.channel, "season add", level="easy")
    assert not added.ephemeral and "Bot 1 (easy)" in added.response.content
    listed = await w.cat.slash(w.channel, "season list")
    assert listed.ephemeral and "Architekton" in listed.response.content
    ended = await org.slash(w.channel, "season end")
    assert not ended.ephemeral and "called off" in ended.response.content
    late = await w.cat.slash(w.channel, "season join")
    assert late.ephemeral
