"""Reliability through the real bot: a claimed time-out and an abandoned match count against the
player who left, not against the opponent; a player on vacation when a limit passes is not
blamed; /stats shows the figure; an organiser's minimum refuses privately, saying why, and
changes nothing."""

import discord
import pytest

from matches.timing import DAY

from .helpers import advance, deterministic_seeds
from .test_tournaments import organiser_in


async def started(w, challenger, opponent):
    deterministic_seeds(w, 1000)
    r = await challenger.slash(w.channel, "architekton challenge", opponent=opponent, first="me")
    await opponent.click(r.response, label="Accept")
    return [m for m in await w.service.user_matches(challenger.id) if opponent.id in m.players][-1]


async def stats_line(w, member) -> str:
    r = await member.slash(w.channel, "stats")
    assert r.ephemeral
    return next((line for line in r.response.content.splitlines() if "Reliability" in line), "")


@pytest.mark.slow
async def test_faults_the_stats_line_and_a_minimum_refusing_privately(world):
    w = world
    # bob runs out of time after ann's move; ann claims: bob's fault
    match = await started(w, w.ann, w.bob)
    while match.to_move_id() == w.ann.id:
        match = (await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])).match
    await advance(w.env, 3 * DAY + 31)
    await w.ann.click(w.channel.last_message, label="Claim the win")
    # cat never answers ann's next match and it is closed as abandoned after 30 days: cat's fault
    second = await started(w, w.cat, w.ann)  # cat moves first, and never does
    await advance(w.env, 34 * DAY, step=2 * DAY)
    assert (await w.service.get(second.id)).status == "abandoned"
    assert "0 % (1 of the last 1 ended matches" in await stats_line(w, w.bob)
    assert "0 % (1 of the last 1" in await stats_line(w, w.cat)
    assert "100 % (0 of the last 2" in await stats_line(w, w.ann)  # beaten by nobody's fault of hers

    org = organiser_in(w)
    made = await org.slash(
        w.channel, "tournament create", game="architekton", format="swiss", name="Cup", min_reliability=80
    )
    assert not made.ephemeral, made.response.content
    refused = await w.bob.slash(w.channel, "tournament join")
    assert (
        refused.ephemeral
        and "at least 80 %" in refused.response.content
        and "yours on this server is 0 %" in refused.response.content
    )
    joined = await w.ann.slash(w.channel, "tournament join")
    assert not joined.ephemeral
    [event] = await w.service.events(w.guild.id)
    assert [e.user_id for e in (await w.service.event_view(event.id)).entrants] == [w.ann.id]
    await org.slash(w.channel, "season create", game="architekton", min_reliability=50)
    season_refused = await w.bob.slash(w.channel, "season join")
    assert season_refused.ephemeral and "at least 50 %" in season_refused.response.content
    [season] = await w.service.seasons(w.guild.id)
    assert await w.service.season_players(season.id) == []
    await org.slash(w.channel, "ladder create", game="architekton", min_reliability=50)
    ladder_refused = await w.cat.slash(w.channel, "ladder join")
    assert ladder_refused.ephemeral and "at least 50 %" in ladder_refused.response.content
    assert (await w.service.ladder(w.guild.id, "architekton")).ranking == []


async def test_a_round_limit_passing_on_vacation_is_not_a_fault(world):
    w = world
    org = organiser_in(w)
    dan = w.guild.add_member(w.env.create_user("dan"))
    people = (w.ann, w.bob, w.cat, dan)
    await org.slash(
        w.channel, "tournament create", game="architekton", format="swiss", name="Cup", days=1, round_days=2
    )
    for member in people:
        await member.slash(w.channel, "tournament join")
    await org.slash(w.channel, "tournament start")
    [event] = await w.service.events(w.guild.id)
    view = await w.service.event_view(event.id)
    movers = [(await w.service.get(t.match_id)).to_move_id() for t in view.round_tables(1)]
    for member in people:
        if member.id in movers:
            away = await member.slash(w.channel, "vacation", days=10)
            assert away.ephemeral
    await advance(w.env, 2 * DAY + 3600)
    assert any("time limit passed and loses" in m.content for m in w.channel.history())
    for member in people:
        if member.id in movers:
            assert "100 %" in await stats_line(w, member)


@pytest.mark.slow
async def test_standings_show_a_faulty_players_figure_beside_his_name_and_nothing_for_the_others(world):
    """bob ran out of time once (0 %): his line says so, in the text and the image's row; ann (100 %)
    and cat and dan (no ended match yet) show no figure."""
    from bot.tournaments import standings as S

    w = world
    match = await started(w, w.ann, w.bob)
    while match.to_move_id() == w.ann.id:
        match = (await w.service.move(match.id, w.ann.id, match.state().legal_moves()[0])).match
    await advance(w.env, 3 * DAY + 31)
    await w.ann.click(w.channel.last_message, label="Claim the win")
    org = organiser_in(w)
    dan = w.guild.add_member(w.env.create_user("dan"))
    await org.slash(w.channel, "tournament create", game="architekton", format="swiss", name="Cup", days=1)
    for member in (w.ann, w.bob, w.cat, dan):
        await member.slash(w.channel, "tournament join")
    await org.slash(w.channel, "tournament start")
    r = await dan.slash(w.channel, "tournament standings")
    message = r.followups[0] if r.followups else r.response
    lines = {
        name: next(line for line in message.content.splitlines() if f". {name}" in line)
        for name in ("ann", "bob", "cat", "dan")
    }
    assert "bob (0 % reliable):" in lines["bob"]
    assert not any("%" in lines[name] or "reliable" in lines[name] for name in ("ann", "cat", "dan"))
    [event] = await w.service.events(w.guild.id)
    view = await w.service.event_view(event.id)
    reliable = {
        p: r.percent
        for p, r in (await w.service.reliabilities(w.guild.id, [w.ann.id, w.bob.id, w.cat.id, dan.id])).items()
        if r.percent is not None
    }
    assert reliable == {w.ann.id: 100, w.bob.id: 0}  # cat and dan have no figure
    rows = {
        row.name: row.reliability
        for row in S.image_rows(view, False, discord.Locale.british_english, reliable=reliable)
    }
    assert rows == {"ann": "", "bob": "0 %", "cat": "", "dan": ""}
    words = S.table_words(view, False, discord.Locale.british_english, figures=True)
    assert any("reliability" in note for note in words["notes"])
