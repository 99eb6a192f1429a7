"""A match belongs to its server: other servers cannot look at or touch it."""

from .helpers import GAME, start_match


async def test_a_member_of_another_server_cannot_see_or_play_a_match(world):
    w = world
    match, _ = await start_match(w)
    other = w.env.create_guild("Elsewhere")
    lobby = other.create_text_channel("lobby")
    eve = other.add_member(w.env.create_user("eve"))
    looked = await eve.slash(lobby, f"{GAME} board", match=match.id)
    assert looked.ephemeral and "no match" in looked.response.content and not looked.response.attachments
    played = await eve.slash(lobby, f"{GAME} move", move="keep", match=match.id)
    assert played.ephemeral
    assert (await w.service.get(match.id)).version == match.version
