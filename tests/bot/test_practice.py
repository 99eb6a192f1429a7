"""/practice through the real bot, from a review stored directly (none is computed): a position of
your own blunder (an image, privately), a wrong answer, a hint, the right answer, the position
coming back after a day; nobody else's positions; refusals private."""

from matches.timing import DAY

from ..matches.test_practice import reviewed_match
from .helpers import PNG_MAGIC, advance


def content(r):
    message = r.followups[0] if r.followups else r.response
    return message


async def test_practice_from_a_reviewed_match(world):
    w = world
    match, plies = await reviewed_match(w.service, players=(w.ann, w.bob))
    mine = next(p for p in plies if p["label"] == "blunder")
    none = await w.cat.slash(w.channel, "practice position")
    assert none.ephemeral and "No practice positions yet" in none.response.content
    r = await w.ann.slash(w.channel, "practice position")
    message = content(r)
    assert r.ephemeral and f"#{match.id}" in message.content and "a blunder" in message.content
    assert f"`{mine['move']}`" in message.content
    assert (await message.attachments[0].read()).startswith(PNG_MAGIC)
    choices = await w.ann.autocomplete(w.channel, "practice answer", "move", mine["best"][:2])
    assert mine["best"] in [c["value"] for c in choices]
    wrong = content(await w.ann.slash(w.channel, "practice answer", move=mine["move"]))
    assert "is not better; one more try" in wrong.content
    hint = await w.ann.slash(w.channel, "practice hint")
    assert hint.ephemeral and "begins with" in hint.response.content
    right = content(await w.ann.slash(w.channel, "practice answer", move=mine["best"]))
    assert "is right" in right.content and "comes back" in right.content
    later = await w.ann.slash(w.channel, "practice position")
    assert later.ephemeral and "next position is due" in later.response.content
    theirs = content(await w.bob.slash(w.channel, "practice position"))
    assert "a mistake" in theirs.content and f"`{mine['move']}`" not in theirs.content
    await advance(w.env, DAY + 60)
    again = content(await w.ann.slash(w.channel, "practice position"))
    assert f"`{mine['move']}`" in again.content
    stats = await w.ann.slash(w.channel, "practice stats")
    assert stats.ephemeral and "1 practice positions, 1 due now; solved 1 times, missed 0" in stats.response.content
    nothing = await w.cat.slash(w.channel, "practice hint")
    assert nothing.ephemeral and "no practice position open" in nothing.response.content
