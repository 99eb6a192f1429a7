"""Helpers for the Atacama and Tactori end-to-end tests (on top of ``helpers.py``).

These games have up to four players and several challenge options, so the
helpers take the game name, a list of opponents and the options as keywords.
Everything drives the real bot through SimCord actors or reads the store
through ``world.service``.
"""

from __future__ import annotations

from .helpers import assert_png, deterministic_seeds, mentioned_ids, pinged_ids, snapshot

OPPONENT_OPTIONS = ("opponent", "opponent2", "opponent3")


async def add_dan(world):
    """A fourth member, for four-player matches (call inside an async test)."""
    return world.guild.add_member(world.env.create_user("dan"))


def actor_of(world, user_id: int, *extra):
    """The SimCord actor (ann, bob, cat or one of ``extra``) with ``user_id``."""
    return {m.id: m for m in (world.ann, world.bob, world.cat, *extra)}[user_id]


async def challenge(world, game: str, challenger, opponents, **options):
    """``/<game> challenge opponent: opponent2: opponent3:`` as ``challenger``."""
    chosen = dict(zip(OPPONENT_OPTIONS, opponents))
    return await challenger.slash(world.channel, f"{game} challenge", **chosen, **options)


async def start_game(
    world, game: str, opponents=None, *, challenger=None, seed: int = 1000, first: str = "me", **options
):
    """``challenger`` (ann) challenges ``opponents`` (bob) and each accepts in turn.

    Returns ``(match, challenge message, result of the last Accept click)``.
    """
    deterministic_seeds(world, seed)
    challenger = challenger or world.ann
    opponents = opponents or [world.bob]
    offered = await challenge(world, game, challenger, opponents, first=first, **options)
    assert not offered.ephemeral, offered.response.content
    accepted = None
    for opponent in opponents:
        accepted = await opponent.click(offered.response, label="Accept")
        assert not accepted.ephemeral, accepted.response.content
    [match] = await world.service.user_matches(challenger.id, channel_id=world.channel.id, game=game)
    assert match.status == "active"
    return match, offered.response, accepted


async def move_through_bot(world, game: str, match_id: int, move: str, *extra):
    """``/<game> move`` by whoever is to move; checks the public board post and returns it."""
    match = await world.service.get(match_id)
    player = actor_of(world, match.to_move_id(), *extra)
    result = await player.slash(world.channel, f"{game} move", move=move)
    assert result.acknowledged and not result.ephemeral, result.response.content
    await assert_png(result.response)
    return result.response


async def assert_refused(world, result, match_id: int, before, public_before: int, *words: str) -> str:
    """The bot answered privately, with ``words``, and nothing changed; returns the answer."""
    assert result.acknowledged and result.ephemeral, result.response and result.response.content
    assert result.response.ephemeral
    text = result.response.content
    for word in words:
        assert word.lower() in text.lower(), (word, text)
    assert await snapshot(world, match_id) == before
    assert len(world.channel.history()) == public_before  # nothing public was posted
    return text


def assert_pings_only(env, message, user_id: int) -> None:
    """The message mentions and notifies exactly ``user_id``."""
    assert f"<@{user_id}>" in message.content
    assert mentioned_ids(message) == {user_id}
    assert pinged_ids(env, message) == {user_id}
