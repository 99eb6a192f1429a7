"""Events through the real bot: create with a Join button, join, start, rounds announced and
paired by themselves, standings as an image and text, and the refusals (private, changing nothing).

Whole events are played to the end as users would: sign-up, start, withdrawal and results go
through the bot; a first move that only keeps a match from being void is made in the service."""

import re

import discord
import pytest

from .helpers import PNG_MAGIC, advance, button_labels


def organiser_in(w):
    role = w.guild.create_role("Organisers", permissions=discord.Permissions(manage_events=True))
    return w.guild.add_member(w.env.create_user("org"), roles=[role])


async def create(w, org, **options):
    options = {"game": "architekton", "format": "swiss", "name": "Spring Cup", **options}
    r = await org.slash(w.channel, "tournament create", **options)
    assert not r.ephemeral, r.response.content
    return r


def texts(channel) -> list[str]:
    return [m.content for m in channel.history()]


async def resign_own_match(w, member):
    """``member`` resigns his running match in the channel (through the bot)."""
    confirm = await member.slash(w.channel, "architekton resign")
    assert confirm.ephemeral, confirm.response.content
    await member.click(confirm.response, label="Yes, resign")


async def test_create_join_start_play_and_standings(world):
    w = world
    org = organiser_in(w)
    dan = w.guild.add_member(w.env.create_user("dan"))
    made = await create(w, org, rounds=3)
    announcement = made.response
    assert "Spring Cup" in announcement.content and "loses automatically" in announcement.content
    assert button_labels(announcement) == ["Join"]
    joined = await w.ann.click(announcement, label="Join")
    assert not joined.ephemeral and "joined" in joined.response.content
    for member in (w.bob, w.cat, dan):
        r = await member.slash(w.channel, "tournament join")
        assert not r.ephemeral, r.response.content
    [event] = await w.service.events(w.guild.id)
    assert len((await w.service.event_view(event.id)).entrants) == 4

    started = await org.slash(w.channel, "tournament start")
    assert not started.ephemeral and "has started" in started.response.content
    posted = next(m for m in w.channel.history() if m.id == announcement.id)
    assert posted.components == []  # sign-up is over
    view = await w.service.event_view(event.id)
    assert view.event.round == 1 and len(view.round_tables(1)) == 2
    history = texts(w.channel)
    assert any("Spring Cup" in t and "round 1" in t for t in history)  # the pairings
    boards = [m for m in w.channel.history() if "The match begins" in m.content]
    assert len(boards) == 2 and all("round 1" in m.content for m in boards)  # each match says where it belongs
    assert all(m.attachments and m.attachments[0].filename.endswith(".png") for m in boards)

    # round 1 ends: the second players resign; round 2 is paired and announced by itself
    for t in view.round_tables(1):
        await resign_own_match(w, next(m for m in (w.ann, w.bob, w.cat, dan) if m.id == t.players[1]))
    view = await w.service.event_view(event.id)
    assert view.event.round == 2
    assert any("round 2" in t for t in texts(w.channel))
    standings_posts = [m for m in w.channel.history() if "after round 1" in m.content]
    assert standings_posts and standings_posts[-1].attachments

    r = await w.cat.slash(w.channel, "tournament standings")
    assert not r.ephemeral
    message = r.followups[0] if r.followups else r.response
    assert "Standings of Spring Cup" in message.content and "Bh" in message.content and "met" in message.content
    data = await message.attachments[0].read()
    assert data.startswith(PNG_MAGIC)

    listed = await w.cat.slash(w.channel, "tournament list")
    assert listed.ephemeral and "Spring Cup" in listed.response.content


@pytest.mark.slow
async def test_refusals_are_private_and_change_nothing(world):
    w = world
    org = organiser_in(w)
    refused = await w.ann.slash(w.channel, "tournament create", game="architekton", format="swiss")
    assert refused.ephemeral and "Manage" in refused.response.content
    assert await w.service.events(w.guild.id) == []
    unknown = await w.ann.slash(w.channel, "tournament join", tournament=999)
    assert unknown.ephemeral and "no tournament #999" in unknown.response.content
    none = await w.ann.slash(w.channel, "tournament join")
    assert none.ephemeral

    made = await create(w, org)
    await w.ann.slash(w.channel, "tournament join")
    twice = await w.ann.click(made.response, label="Join")
    assert twice.ephemeral and "already" in twice.response.content
    not_org = await w.ann.slash(w.channel, "tournament start")
    assert not_org.ephemeral and "Manage" in not_org.response.content
    few = await org.slash(w.channel, "tournament start")
    assert few.ephemeral and "at least 4" in few.response.content
    [event] = await w.service.events(w.guild.id)
    assert event.status == "open"
    # the organiser adds a member and computer players; a fourth at one level has no seat
    added = await org.slash(w.channel, "tournament add", member=w.bob)
    assert not added.ephemeral, added.response.content
    for _ in range(3):
        bot_added = await org.slash(w.channel, "tournament add", level="easy")
        assert not bot_added.ephemeral, bot_added.response.content
    full = await org.slash(w.channel, "tournament add", level="easy")
    assert full.ephemeral and "cannot seat" in full.response.content
    assert len((await w.service.event_view(event.id)).entrants) == 5
    await org.slash(w.channel, "tournament start")
    late = await w.cat.slash(w.channel, "tournament join", tournament=event.id)
    assert late.ephemeral and "no longer open" in late.response.content
    assert len((await w.service.event_view(event.id)).entrants) == 5


async def test_out_of_time_in_an_event_match_loses_by_itself(world):
    w = world
    org = organiser_in(w)
    dan = w.guild.add_member(w.env.create_user("dan"))
    await create(w, org, days=1)
    for member in (w.ann, w.bob, w.cat, dan):
        await member.slash(w.channel, "tournament join")
    await org.slash(w.channel, "tournament start")
    [event] = await w.service.events(w.guild.id)
    view = await w.service.event_view(event.id)
    await advance(w.env, 86400 + 3600)
    for t in view.round_tables(1):
        match = await w.service.get(t.match_id)
        assert match.status in ("finished", "void"), match.status
    assert any("ran out of time and loses" in t for t in texts(w.channel))
    assert not any("claim the win" in t for t in texts(w.channel))  # no claim: it is done
    assert (await w.service.event_view(event.id)).event.round == 2


async def join_four(w, org, **options):
    dan = w.guild.add_member(w.env.create_user("dan"))
    made = await create(w, org, **options)
    for member in (w.ann, w.bob, w.cat, dan):
        r = await member.slash(w.channel, "tournament join")
        assert not r.ephemeral, r.response.content
    return made, (w.ann, w.bob, w.cat, dan)


@pytest.mark.slow
async def test_a_knockout_series_goes_on_game_after_game_to_the_final_standings(world):
    w = world
    org = organiser_in(w)
    _, people = await join_four(w, org, format="knockout")
    await org.slash(w.channel, "tournament start")
    [event] = await w.service.events(w.guild.id)
    by_id = {m.id: m for m in people}
    games = 0
    while (view := await w.service.event_view(event.id)).event.status == "running":
        table = next(t for t in view.round_tables(view.event.round) if t.places is None)
        match = await w.service.get(table.match_id)
        assert match.message_id, "every game of a series gets its board"
        # one move, so that the game counts; then the second seat of the bout resigns
        mover = by_id[match.to_move_id()]
        r = await mover.slash(w.channel, "architekton move", move=match.state().legal_moves()[0], match=match.id)
        assert (await w.service.get(match.id)).plies == 1, r.response.content
        loser = by_id[table.players[1]]
        confirm = await loser.slash(w.channel, "architekton resign", match=match.id)
        await loser.click(confirm.response, label="Yes, resign")
        games += 1
        assert games < 20
    assert view.event.status == "finished" and len(view.event.winners) == 1
    final = [m.content for m in w.channel.history() if "Final standings" in m.content]
    assert final and "Winner" in final[-1]
    begins = [m for m in w.channel.history() if "The match begins" in m.content]
    assert len(begins) == games  # each game's board, posted once


async def test_the_join_button_and_the_event_survive_a_restart(world):
    w = world
    org = organiser_in(w)
    made = await create(w, org)
    await w.restart()
    joined = await w.ann.click(made.response, label="Join")
    assert not joined.ephemeral, joined.response.content
    choices = await w.bob.autocomplete(w.channel, "tournament join", "tournament", "spring")
    assert [c["name"] for c in choices] == [f"#{1} Spring Cup (open for sign-up)"]


async def test_sign_up_closes_by_itself_and_the_event_starts(world):
    w = world
    org = organiser_in(w)
    made, _ = await join_four(w, org, signup_days=1)
    assert "starts" in made.response.content
    await advance(w.env, 86400 + 60)
    [event] = await w.service.events(w.guild.id)
    assert event.status == "running"
    assert any("round 1" in t for t in texts(w.channel))


async def test_the_organiser_cancels(world):
    w = world
    org = organiser_in(w)
    await join_four(w, org)
    await org.slash(w.channel, "tournament start")
    refused = await w.ann.slash(w.channel, "tournament cancel")
    assert refused.ephemeral
    done = await org.slash(w.channel, "tournament cancel")
    assert not done.ephemeral and "cancelled" in done.response.content
    [event] = await w.service.events(w.guild.id, ("cancelled",))
    view = await w.service.event_view(event.id)
    assert [(await w.service.get(t.match_id)).status for t in view.tables] == ["aborted", "aborted"]


async def test_event_matches_get_their_threads_when_the_server_wants_them(world):
    w = world
    await w.service.set_guild_settings(w.guild.id, threads=True)
    org = organiser_in(w)
    await join_four(w, org, format="league")
    await org.slash(w.channel, "tournament start")
    [event] = await w.service.events(w.guild.id)
    view = await w.service.event_view(event.id)
    assert len(view.tables) == 6  # a league: every match at once
    matches = [await w.service.get(t.match_id) for t in view.tables]
    assert all(m.thread_id for m in matches)
    assert len(w.channel.threads) == 6
    thread = next(t for t in w.channel.threads if t.id == matches[0].thread_id)
    assert "The match begins" in thread.history()[-1].content and "round" in thread.history()[-1].content


@pytest.mark.slow
async def test_a_computer_entrant_plays_its_event_match_by_itself(world):
    w = world
    org = organiser_in(w)
    await create(w, org)
    for member in (w.ann, w.bob, w.cat):
        await member.slash(w.channel, "tournament join")
    added = await org.slash(w.channel, "tournament add", level="easy")
    assert not added.ephemeral and "Bot 1 (easy)" in added.response.content
    await org.slash(w.channel, "tournament start")
    await w.env.settle()
    [event] = await w.service.events(w.guild.id)
    view = await w.service.event_view(event.id)
    table = next(t for t in view.round_tables(1) if any(p < 0 for p in t.players))
    match = await w.service.get(table.match_id)
    if match.to_move_id() > 0:  # a person starts: he moves, then the computer
        person = next(m for m in (w.ann, w.bob, w.cat) if m.id == match.to_move_id())
        while (match := await w.service.get(match.id)).to_move_id() == person.id:
            await person.slash(w.channel, "architekton move", move=match.state().legal_moves()[0], match=match.id)
        await w.env.settle()
    moves = await w.service.moves(match.id)
    assert any(m.user_id < 0 for m in moves)  # the computer has moved by itself
    assert "Bot" in view.name_of(next(p for p in table.players if p < 0))


async def test_a_german_servers_pairings_say_gegen_and_keep_the_computers_own_bracket(world):
    """The players of a pairing are joined in the server's language, and the match number's bracket stays
    apart from a computer entrant's: "<@1> gegen Bot 1 (leicht) (Partie #2)", not "Bot 1 (leicht, Partie #2)"."""
    w = world
    guild = w.env.create_guild("Brettspiele", preferred_locale="de")
    channel = guild.create_text_channel("turniere")
    role = guild.create_role("Veranstalter", permissions=discord.Permissions(manage_events=True))
    org = guild.add_member(w.env.create_user("org"), roles=[role])
    people = [guild.add_member(m.user) for m in (w.ann, w.bob, w.cat)]
    made = await org.slash(channel, "tournament create", game="architekton", format="swiss", name="Frühjahrspokal")
    assert not made.ephemeral, made.response.content
    for member in people:
        await member.slash(channel, "tournament join")
    await org.slash(channel, "tournament add", level="easy")
    await org.slash(channel, "tournament start")
    [pairings] = [m.content for m in channel.history() if m.content.startswith("**Frühjahrspokal**, Runde 1:")]
    lines = pairings.splitlines()[1:]
    assert len(lines) == 2 and all(" gegen " in line and " vs " not in line for line in lines), pairings
    [computer] = [line for line in lines if "Bot" in line]
    assert re.fullmatch(
        r"<@\d+> gegen Bot 1 \(leicht\) \(Partie #\d+\)|Bot 1 \(leicht\) gegen <@\d+> \(Partie #\d+\)", computer
    ), computer


def members(w, count: int):
    """ann, bob, cat and as many more members as it takes to make ``count``."""
    extra = [w.guild.add_member(w.env.create_user(f"player{i}")) for i in range(count - 3)]
    return [w.ann, w.bob, w.cat, *extra]


async def sign_up(w, org, people, **options):
    made = await create(w, org, **options)
    for member in people:
        r = await member.slash(w.channel, "tournament join")
        assert not r.ephemeral, r.response.content
    started = await org.slash(w.channel, "tournament start")
    assert not started.ephemeral, started.response.content
    [event] = await w.service.events(w.guild.id)
    return made, event


async def lose(w, people, match_id: int, loser_id: int, game: str = "architekton"):
    """``loser_id`` resigns the match through the bot (after a first move, so that it counts)."""
    match = await w.service.get(match_id)
    if match.plies == 0:
        await w.service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    loser = next(m for m in people if m.id == loser_id)
    confirm = await loser.slash(w.channel, f"{game} resign", match=match_id)
    assert confirm.ephemeral, confirm.response.content
    await loser.click(confirm.response, label="Yes, resign")


@pytest.mark.slow
async def test_a_five_player_swiss_of_three_rounds_to_the_end_with_a_bye_a_withdrawal_and_a_time_out(world):
    w = world
    org = organiser_in(w)
    people = members(w, 5)
    _, event = await sign_up(w, org, people, rounds=3, days=1)
    view = await w.service.event_view(event.id)
    [bye] = view.byes[1]
    assert any("round 1" in t and "Bye" in t for t in texts(w.channel))
    for t in view.round_tables(1):
        await lose(w, people, t.match_id, t.players[1])

    view = await w.service.event_view(event.id)
    assert view.event.round == 2 and view.byes[2] != [bye]  # nobody has two byes
    assert any("after round 1" in t for t in texts(w.channel))
    withdrawn_table, timed_table = view.round_tables(2)
    quitter = next(m for m in people if m.id == withdrawn_table.players[0])
    left = await quitter.slash(w.channel, "tournament leave")
    assert not left.ephemeral and "withdrew" in left.response.content
    assert any("lost by forfeit" in t for t in texts(w.channel))
    late = (await w.service.get(timed_table.match_id)).to_move_id()
    await advance(w.env, 86400 + 3600)  # the other match: out of time
    assert any("ran out of time and loses" in t for t in texts(w.channel))

    view = await w.service.event_view(event.id)
    assert view.event.round == 3
    third = view.round_tables(3)
    assert len(third) == 2 and not view.byes[3] and all(quitter.id not in t.players for t in third)
    for t in third:
        await lose(w, people, t.match_id, t.players[1])
    view = await w.service.event_view(event.id)
    assert view.event.status == "finished"
    final = [m for m in w.channel.history() if "Final standings" in m.content]
    assert len(final) == 1 and "Winner" in final[0].content and "(withdrawn)" in final[0].content
    assert final[0].attachments
    by_player = {s.player: s for s in view.standings()}
    assert by_player[late].points <= 1 and by_player[quitter.id].withdrawn


@pytest.mark.slow
async def test_a_four_player_atacama_league_with_time_banks_posts_standings_after_each_round(world):
    w = world
    org = organiser_in(w)
    people = members(w, 4)
    made, event = await sign_up(w, org, people, game="atacama", format="league", clock="bank", bank=2, increment=12)
    assert "time bank of 2 days each, plus 12 h per move" in made.response.content
    view = await w.service.event_view(event.id)
    assert len(view.tables) == 6
    assert [(await w.service.get(t.match_id)).bank for t in view.tables] == [2 * 86400] * 6
    for number in (1, 2):
        for t in view.round_tables(number):
            await lose(w, people, t.match_id, t.players[1], "atacama")
        # a league's rounds end in any order: its standings count the matches decided, not the rounds
        posts = [m for m in w.channel.history() if f"after {2 * number} of 6 matches" in m.content]
        assert len(posts) == 1 and posts[0].attachments, number  # once, with its image
    assert not any("after round" in t for t in texts(w.channel))
    for t in view.round_tables(3):
        await lose(w, people, t.match_id, t.players[0], "atacama")
    assert (await w.service.event(event.id)).status == "finished"
    assert not any("after 6 of 6" in t for t in texts(w.channel))  # the final standings instead
    assert len([t for t in texts(w.channel) if "Final standings" in t]) == 1


@pytest.mark.slow
async def test_an_eight_player_knockout_of_series_to_its_champion(world):
    w = world
    org = organiser_in(w)
    people = members(w, 8)
    _, event = await sign_up(w, org, people, format="knockout")
    games = 0
    while (view := await w.service.event_view(event.id)).event.status == "running":
        table = next(t for t in view.round_tables(view.event.round) if t.places is None)
        match = await w.service.get(table.match_id)
        assert match.message_id, "every game of a series gets its board"
        await lose(w, people, match.id, table.players[1])  # the better seed wins
        games += 1
        assert games < 40
    assert view.event.round == 3 and view.event.winners == [w.ann.id]  # the first to join: the top seed
    assert games >= 14  # seven series of two games or more
    assert len([t for t in texts(w.channel) if "Final standings" in t and "Winner" in t]) == 1
    assert len([m for m in w.channel.history() if "The match begins" in m.content]) == games
    # the knockout is shown as its bracket: the round, each series' score and who goes on, who is still in
    [semis] = [m for m in w.channel.history() if m.content.startswith("**Spring Cup**: Semi-finals (round 2 of 3)")]
    assert semis.content.count(" goes on") == 0 and semis.content.count(", being played") == 2
    assert "\nStill in (4): ann, player0, bob, cat" in semis.content  # seeds 1, 4, 2, 3: bracket order
    assert semis.attachments[0].description == "Bracket of Spring Cup, Semi-finals (round 2 of 3): 4 of 8 still in"
    [final] = [m for m in w.channel.history() if "Final standings" in m.content]
    assert final.content.count(": ann wins") == 1  # the final's series
    assert final.attachments[0].description == "Final bracket of Spring Cup: ann won"
    assert (await final.attachments[0].read()).startswith(PNG_MAGIC)


@pytest.mark.slow
async def test_a_rounds_time_limit_ends_the_late_matches_vacations_included(world):
    w = world
    org = organiser_in(w)
    people = members(w, 4)
    made, event = await sign_up(w, org, people, days=1, round_days=2)
    assert "at most 2 days, vacations included" in made.response.content
    view = await w.service.event_view(event.id)
    for t in view.round_tables(1):  # each player to move goes away: his own clock waits
        to_move = (await w.service.get(t.match_id)).to_move_id()
        mover = next(m for m in people if m.id == to_move)
        away = await mover.slash(w.channel, "vacation", days=10)
        assert away.ephemeral and "paused" in away.response.content
    await advance(w.env, 2 * 86400 + 3600)
    for t in view.round_tables(1):
        assert (await w.service.get(t.match_id)).status in ("finished", "void")
    assert len([t for t in texts(w.channel) if "time limit passed and loses" in t]) == 2  # each once
    view = await w.service.event_view(event.id)
    assert view.event.round == 2 and any("round 2" in t for t in texts(w.channel))


async def test_refusals_of_a_bad_clock_a_short_round_and_a_bot_member(world):
    w = world
    org = organiser_in(w)
    both = await org.slash(w.channel, "tournament create", game="architekton", format="swiss", days=3, clock="bank")
    assert both.ephemeral and "time bank" in both.response.content
    short = await org.slash(w.channel, "tournament create", game="architekton", format="swiss", days=3, round_days=2)
    assert short.ephemeral and "3 to 180 days" in short.response.content
    assert await w.service.events(w.guild.id) == []
    await create(w, org)
    robot = w.guild.add_member(w.env.create_user("robot", bot=True))
    refused = await org.slash(w.channel, "tournament add", member=robot)
    assert refused.ephemeral and "cannot play" in refused.response.content
    [event] = await w.service.events(w.guild.id)
    assert (await w.service.event_view(event.id)).entrants == []
