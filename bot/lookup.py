"""Which match a command means, for every feature's ``/<game> …`` commands: the one named
(``match``), else the user's only one in this channel; and the match option's autocomplete."""

from __future__ import annotations

import discord

from engines import Text, get_game
from matches import Match, ServiceError
from matches.core import broken_refusal

from .messages import present
from .replies import in_time, private, reply_error


async def resolve(
    interaction: discord.Interaction,
    game: str,
    match_id: int | None,
    statuses: tuple[str, ...] = ("active",),
    acknowledge=None,
) -> Match | None:
    """The match a command means: the given one, else the user's only one here; None once the
    user has been told privately why there is none.

    With ``acknowledge``, a slow look-up is acknowledged meanwhile (see ``in_time``)."""
    service = interaction.client.service

    def timely(call):
        return in_time(interaction, call, acknowledge) if acknowledge else call

    try:
        if match_id is not None:
            match = await timely(service.get(match_id))
            if match.guild_id != interaction.guild_id and interaction.user.id not in match.players:
                raise ServiceError(Text("There is no match #{id} on this server.", id=match_id))
            if match.game != game:
                raise ServiceError(
                    Text(
                        "Match #{id} is a {title} match; use /{game}.", id=match_id, title=match.title, game=match.game
                    )
                )
            return match
        mine = await timely(
            service.user_matches(interaction.user.id, channel_id=interaction.channel_id, game=game, statuses=statuses)
        )
    except ServiceError as exc:
        await reply_error(interaction, exc.text)
        return None
    if len(mine) == 1:
        return mine[0]
    title = get_game(game).title
    if not mine and mine.broken:
        # The player's only match here cannot be read: say so, for that match alone.
        await reply_error(interaction, broken_refusal(mine.broken[0]).text)
        return None
    if not mine:
        await reply_error(
            interaction,
            Text(
                "You have no {title} match running in this channel. Start one with "
                "`/{game} challenge`, or name it with `match`.",
                title=title,
                game=game,
            ),
        )
        return None
    waiting = [m for m in mine if m.to_move_id() == interaction.user.id]
    if len(waiting) == 1:
        return waiting[0]
    ids = ", ".join(f"#{m.id}" for m in mine)
    await reply_error(
        interaction,
        Text("You have several {title} matches here ({ids}); pick one with the `match` option.", title=title, ids=ids),
    )
    return None


async def match_choices(interaction: discord.Interaction, game: str, typed: str) -> list[tuple[str, int]]:
    """The user's matches of ``game`` for the match option: running ones here first, his turn first."""
    mine = await interaction.client.service.user_matches(
        interaction.user.id, game=game, statuses=("active", "finished")
    )
    here = interaction.channel_id
    mine.sort(
        key=lambda m: (
            m.status != "active",
            m.home_channel_id != here,
            m.to_move_id() != interaction.user.id,
            -m.updated_at,
        )
    )
    out = []
    for m in mine:
        label = private(
            interaction,
            Text(
                "#{id} vs {others} ({turn})",
                id=m.id,
                others=m.others(interaction.user.id),
                turn=present.whose_turn(m, interaction.user.id),
            ),
        )
        if typed.strip().lstrip("#").lower() in label.lower():
            out.append((label[:100], m.id))
    return out[:25]
