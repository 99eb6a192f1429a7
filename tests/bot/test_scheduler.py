"""The scheduler wakes for a commit only when it brings the next due event closer.

Counted through the real bot and service: the rounds the scheduler runs and
the store reads they cost while players move, accept and take vacations.
"""

from matches.timing import DAY

from .helpers import GAME, challenge, final_match_id, member_of, start_match


class Counted:
    """Rounds of the running scheduler, and the store reads made meanwhile."""

    def __init__(self, monkeypatch, bot):
        self.rounds = 0
        self.reads = 0
        tick, fetchall = bot.scheduler.tick, bot.store.fetchall

        async def counted_tick():
            self.rounds += 1
            return await tick()

        async def counted_fetchall(sql, params=()):
            self.reads += 1
            return await fetchall(sql, params)

        monkeypatch.setattr(bot.scheduler, "tick", counted_tick)
        monkeypatch.setattr(bot.store, "fetchall", counted_fetchall)


async def play_moves(w, match_id, count):
    for _ in range(count):
        match = await w.service.get(match_id)
        mover = member_of(w, match.to_move_id())
        played = await mover.slash(w.channel, f"{GAME} move", move=match.state().legal_moves()[0])
        # public when the turn passes; a placement within a turn is shown to its mover alone
        still = (await w.service.get(match_id)).to_move_id() == mover.id
        assert played.ephemeral == still, played.response.content


async def test_moves_whose_reminders_come_later_do_not_wake_the_scheduler(world, monkeypatch):
    w = world
    match, _ = await start_match(w)
    await w.env.advance_time(1)
    counted = Counted(monkeypatch, w.env.bot)
    await play_moves(w, match.id, 6)
    assert counted.rounds == 0
    moving_reads = counted.reads
    # A vacation pushes the deadline back: nothing comes sooner, no round either.
    await w.ann.slash(w.channel, "vacation", days=3)
    assert counted.rounds == 0
    assert moving_reads > 0  # the counter does count this bot's reads

    # The reminder of the last move still comes on time.
    before = len(w.channel.history())
    await w.env.advance_time(DAY + 1)
    assert any("⏰" in m.content for m in w.channel.history()[before:])
    assert counted.rounds >= 1


async def test_a_commit_that_brings_the_next_event_closer_wakes_the_scheduler(world, monkeypatch):
    w = world
    offered = (await challenge(w, w.ann, w.bob, first="me", days=1)).response
    await w.env.advance_time(1)  # the scheduler now sleeps until the challenge expires, days away
    counted = Counted(monkeypatch, w.env.bot)
    await w.bob.click(offered, label="Accept")
    assert counted.rounds == 1  # the match's first reminder comes before that expiry
    match = await w.service.get(final_match_id(offered))
    before = len(w.channel.history())
    await w.env.advance_time(match.next_event_at - w.service.clock() + 1)  # a quarter of a day is left
    assert any("⏳" in m.content and str(w.ann.id) in m.content for m in w.channel.history()[before:])
