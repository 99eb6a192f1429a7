"""Who a message of the bot may ping, and how names and typed text are shown so they cannot ping.

The rule, in one place:
- every message the bot sends or edits states its allowed mentions (``bot.replies.outgoing``);
- only a match's players meant to be notified (the player to move, the invitees of a
  challenge, the one asked by an offer) may be pinged, and only by the ``<@id>`` the bot
  itself wrote; @everyone, @here and roles never;
- refusals and private replies ping nobody;
- names and echoed input are data: :func:`shown` escapes them (markdown and mentions) when
  a Text is said on Discord, so a member called ``@everyone`` or ``**x**`` reads as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

NOBODY = discord.AllowedMentions.none()

_USER_MENTION = re.compile(r"<@!?(\d+)>")
# Discord pings only <@id>, <@!id>, <@&id>, @everyone and @here (not Architekton's "B20@2,1r0").
_MENTION_LIKE = re.compile(r"(?<=<)@|@(?=everyone|here)")
# What Discord could read as markdown: a backslash, *, `, _, ~, | anywhere (a lone one may pair
# with the template's own "**" around the name); a quote, heading, list item or masked link at
# the start.  Unlike discord.utils.escape_markdown, a leading "-" (Architekton's "-1,0") is left
# alone: a list needs a space after it.
_MARKDOWN = re.compile(r"([\\*`_~|]|^>(?:>>)?\s|^#{1,3}\s|^-#\s|^\s*[-+]\s|\[(?=.+\]\(.+\)))", re.MULTILINE)


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """These users and nobody else: never @everyone, @here, a role, or the author of a replied-to message."""
    users = [discord.Object(id=i) for i in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False) if users else NOBODY


def named(content: str | None, players: Iterable[int]) -> list[int]:
    """The ``players`` whom ``content`` mentions: the ones a public message about their match is meant to notify."""
    written = {int(i) for i in _USER_MENTION.findall(content or "")}
    return [p for p in players if p in written]


class Shown(str):
    """An escaped name or input.  Quoted by ``{move!r}`` in a template as ``'text'`` without
    Python's escapes, which would double the backslashes that escape the markdown."""

    def __repr__(self) -> str:
        return f"'{self}'"


def shown(value: str) -> str:
    """A name or typed text as Discord shows it literally: markdown escaped, and a zero-width
    space after each ``@`` that could start a mention (``@everyone``, ``<@123>``, ``<@&123>``)."""
    return Shown(_MENTION_LIKE.sub("@\u200b", _MARKDOWN.sub(r"\\\1", value)))
