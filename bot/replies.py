"""Small pieces every part of the Discord layer uses to answer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import discord

from matches import Player

from .locales import say
from .messages.mentions import named, pinging

# Discord's limits: a message over one of them is refused whole, and its reader hears nothing.
CONTENT_MAX = 2000
EMBED_TOTAL_MAX, EMBED_TITLE_MAX, EMBED_DESCRIPTION_MAX = 6000, 256, 4096
EMBED_FIELDS_MAX, EMBED_FIELD_NAME_MAX, EMBED_FIELD_VALUE_MAX, EMBED_FOOTER_MAX = 25, 256, 1024, 2048
BUTTON_LABEL_MAX, OPTION_TEXT_MAX, OPTIONS_MAX, PLACEHOLDER_MAX = 80, 100, 25, 150
ELLIPSIS = "…"
_UNSET: Any = object()


def fit(text: str | None, limit: int) -> str | None:
    """``text`` cut to ``limit`` characters, an ellipsis saying that something was cut."""
    if text is None or len(text) <= limit:
        return text
    return text[: limit - len(ELLIPSIS)] + ELLIPSIS


def fit_view(view: discord.ui.View | None) -> discord.ui.View | None:
    """Every button label, select option and placeholder of ``view`` within Discord's limits."""
    for item in view.children if view is not None else ():
        item = item.item if isinstance(item, discord.ui.DynamicItem) else item
        if isinstance(item, discord.ui.Button):
            item.label = fit(item.label, BUTTON_LABEL_MAX)
        elif isinstance(item, discord.ui.Select):
            item.options = [
                discord.SelectOption(
                    label=fit(o.label, OPTION_TEXT_MAX),
                    value=o.value,
                    description=fit(o.description, OPTION_TEXT_MAX),
                    emoji=o.emoji,
                    default=o.default,
                )
                for o in item.options[:OPTIONS_MAX]
            ]
            item.placeholder = fit(item.placeholder, PLACEHOLDER_MAX)
    return view


def fit_embed(embed: discord.Embed | None) -> discord.Embed | None:
    """``embed`` within Discord's limits: each part, then the whole (the last fields, then the description give way)."""
    if embed is None:
        return None
    embed.title = fit(embed.title, EMBED_TITLE_MAX)
    embed.description = fit(embed.description, EMBED_DESCRIPTION_MAX)
    fields = embed.fields[:EMBED_FIELDS_MAX]
    embed.clear_fields()
    for f in fields:
        embed.add_field(
            name=fit(f.name, EMBED_FIELD_NAME_MAX), value=fit(f.value, EMBED_FIELD_VALUE_MAX), inline=f.inline
        )
    if embed.footer.text:
        embed.set_footer(text=fit(embed.footer.text, EMBED_FOOTER_MAX), icon_url=embed.footer.icon_url)
    while len(embed) > EMBED_TOTAL_MAX and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    over = len(embed) - EMBED_TOTAL_MAX
    if over > 0 and embed.description:
        embed.description = fit(embed.description, max(len(ELLIPSIS), len(embed.description) - over))
    return embed


def outgoing(content: str | None = _UNSET, *, notify: Iterable[int] = (), **fields) -> dict[str, Any]:
    """The keyword arguments of a send or edit: within Discord's limits, and stating whom it may ping.

    ``notify``: the match's players this message is meant to notify; those of them whose
    mention the bot wrote in ``content`` are pinged, nobody else (no @everyone, @here, role,
    nor a member whose ``<@id>`` hides in a name).  Without ``notify`` (refusals, private
    replies, edits) it pings nobody.  Every send and edit of the bot goes through here; a
    test checks that."""
    out = dict(fields)
    if content is not _UNSET:
        out["content"] = fit(content, CONTENT_MAX)
    if out.get("view") is not None:
        fit_view(out["view"])
    if out.get("embed") is not None:
        fit_embed(out["embed"])
    for embed in out.get("embeds") or ():
        fit_embed(embed)
    out["allowed_mentions"] = pinging(named(out.get("content"), notify))
    return out


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, getattr(user, "display_name", user.name), user.bot)


PRIVATE_ACK = "acknowledged privately"
SLOW_CALL = 1.5  # seconds; Discord drops an interaction not answered within 3
T = TypeVar("T")


async def in_time(
    interaction: discord.Interaction, call: Awaitable[T], acknowledge: Callable[[discord.Interaction], Awaitable[None]]
) -> T:
    """Await ``call``; should it take longer than SLOW_CALL, ``acknowledge`` the interaction
    meanwhile.  Answering after the call (it normally takes milliseconds) keeps a refusal
    private with nothing public before it."""
    task = asyncio.ensure_future(call)
    done, _ = await asyncio.wait({task}, timeout=SLOW_CALL)
    if not done and not interaction.response.is_done():
        await acknowledge(interaction)
    return await task


async def acknowledge_privately(interaction: discord.Interaction) -> None:
    """Defer with a private "thinking…": what follows publicly is posted as a message of its own."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[PRIVATE_ACK] = True


async def acknowledge_quietly(interaction: discord.Interaction) -> None:
    """For a click: acknowledged without a message; the clicked message is edited later."""
    await interaction.response.defer()


def server_locale(bot: discord.Client, guild_id: int | None):
    """The language of a server: the one its admins chose for the bot (``/admin settings``),
    else the server's own Discord language; None (English) when unknown."""
    chosen = getattr(bot, "languages", {}).get(guild_id)
    if chosen:
        return chosen
    guild = bot.get_guild(guild_id) if guild_id else None
    return guild.preferred_locale if guild is not None else None


def public_locale(interaction: discord.Interaction):
    """The language of what everyone in the channel reads: the server's (the user's in a DM).

    The same as the scheduler's messages use, so a channel reads one language."""
    if interaction.guild_id is not None:
        return server_locale(interaction.client, interaction.guild_id) or interaction.guild_locale
    return interaction.locale


def private(interaction: discord.Interaction, text) -> str:
    """``text`` for the eyes of the user who interacted, in their Discord language."""
    return say(text, interaction.locale)


def public(interaction: discord.Interaction, text) -> str:
    """``text`` for everyone in the channel, in the server's language."""
    return say(text, public_locale(interaction))


async def edit_clicked(interaction: discord.Interaction, **fields) -> None:
    """Change the message whose button was clicked, whether or not the click was acknowledged already.

    A new ``content`` is said in the language of whoever reads that message."""
    if fields.get("content") is not None:
        ephemeral = interaction.message is not None and interaction.message.flags.ephemeral
        fields["content"] = (private if ephemeral else public)(interaction, fields["content"])
    if interaction.response.is_done():
        await interaction.edit_original_response(**outgoing(**fields))
    else:
        await interaction.response.edit_message(**outgoing(**fields))


async def reply_error(interaction: discord.Interaction, message) -> None:
    """A private answer (a Text, said in the user's language), whether or not the interaction was answered already."""
    message = private(interaction, message)
    if interaction.response.is_done():
        await interaction.followup.send(**outgoing(message, ephemeral=True))
    else:
        await interaction.response.send_message(**outgoing(message, ephemeral=True))
