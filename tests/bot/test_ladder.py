"""The ladder through the real bot: create, join, a challenge accepted and won from below (the
places swap, the result posted once), a challenge declined (a loss for the challenged), the
ladder shown privately with the reader's row marked; the refusals, private and changing nothing."""

from .helpers import PNG_MAGIC
from .test_tournaments import members, organiser_in, texts


async def ladder_of(w, people):
    org = organiser_in(w)
    made = await org.slash(w.channel, "ladder create", game="architekton")
    assert not made.ephemeral and "Architekton ladder" in made.response.content, made.response.content
    for member in people:
        r = await member.slash(w.channel, "ladder join")
        assert not r.ephemeral and "joined" in r.response.content, r.response.content
    return org


async def test_a_win_from_below_swaps_places_and_a_refusal_counts_as_a_loss(world):
    w = world
    people = members(w, 4)  # ann, bob, cat, player0
    await ladder_of(w, people)
    dan = people[3]
    offered = await dan.slash(w.channel, "ladder challenge", member=w.bob)
    assert not offered.ephemeral and "challenge on the Architekton ladder" in offered.response.content
    accepted = await w.bob.click(offered.response, label="Accept")
    assert not accepted.ephemeral
    [row] = await w.service.store.fetchall("SELECT match_id FROM ladder_matches")
    match = await w.service.get(row["match_id"])
    await w.service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
    confirm = await w.bob.slash(w.channel, "architekton resign", match=match.id)
    await w.bob.click(confirm.response, label="Yes, resign")
    ladder = await w.service.ladder(w.guild.id, "architekton")
    assert ladder.ranking == [w.ann.id, dan.id, w.bob.id, w.cat.id]
    assert len([t for t in texts(w.channel) if "takes place 2" in t]) == 1

    declined_offer = await w.cat.slash(w.channel, "ladder challenge", member=dan)
    assert not declined_offer.ephemeral, declined_offer.response.content
    no = await dan.click(declined_offer.response, label="Decline")
    assert not no.ephemeral
    await w.env.settle()
    ladder = await w.service.ladder(w.guild.id, "architekton")
    assert ladder.ranking == [w.ann.id, w.cat.id, dan.id, w.bob.id]
    assert any("counts as a loss" in t and "takes place 2" in t for t in texts(w.channel))

    shown = await w.cat.slash(w.channel, "ladder show")
    assert shown.ephemeral
    message = shown.followups[0] if shown.followups else shown.response
    assert "2. cat (1–0)** ◀ you" in message.content
    assert (await message.attachments[0].read()).startswith(PNG_MAGIC)


async def test_ladder_refusals_are_private_and_change_nothing(world):
    w = world
    refused = await w.ann.slash(w.channel, "ladder create", game="architekton")
    assert refused.ephemeral and "Manage" in refused.response.content
    assert await w.service.ladders(w.guild.id) == []
    people = members(w, 6)
    await ladder_of(w, people[:5])
    outsider = people[5]
    out = await outsider.slash(w.channel, "ladder challenge", member=w.ann)
    assert out.ephemeral and "/ladder join" in out.response.content
    far = await people[4].slash(w.channel, "ladder challenge", member=w.ann)
    assert far.ephemeral and "right above you" in far.response.content
    down = await w.ann.slash(w.channel, "ladder challenge", member=w.bob)
    assert down.ephemeral
    first = await people[4].slash(w.channel, "ladder challenge", member=people[3])
    assert not first.ephemeral
    busy = await people[4].slash(w.channel, "ladder challenge", member=w.cat)
    assert busy.ephemeral and "open ladder match" in busy.response.content
    other_busy = await w.cat.slash(w.channel, "ladder challenge", member=w.bob)
    assert not other_busy.ephemeral  # bob and cat are free
    taken = await people[3].slash(w.channel, "ladder challenge", member=w.cat)
    assert taken.ephemeral and "open ladder match" in taken.response.content
    twice = await w.ann.slash(w.channel, "ladder join")
    assert twice.ephemeral and "already" in twice.response.content
    assert len(await w.service.store.fetchall("SELECT * FROM ladder_matches")) == 2
    ladder = await w.service.ladder(w.guild.id, "architekton")
    assert ladder.ranking == [p.id for p in people[:5]]


async def test_a_ladder_player_out_of_time_loses_by_himself(world):
    from matches.timing import DAY

    from .helpers import advance

    w = world
    people = members(w, 3)
    await ladder_of(w, people)
    offered = await w.cat.slash(w.channel, "ladder challenge", member=w.ann)
    await w.ann.click(offered.response, label="Accept")
    [row] = await w.service.store.fetchall("SELECT match_id FROM ladder_matches")
    match = await w.service.get(row["match_id"])
    late = match.to_move_id()
    await advance(w.env, match.days * DAY + 3600)
    assert any("ran out of time and loses (ladder rules)" in t for t in texts(w.channel))
    assert not any("Claim the win" in str(m.components) for m in w.channel.history()[-3:])
    winner = w.cat.id if late == w.ann.id else w.ann.id
    ranking = (await w.service.ladder(w.guild.id, "architekton")).ranking
    assert ranking[0] == winner  # cat climbed, or ann held her place
    assert (await w.service.reliability(w.guild.id, late)).faults == 1
