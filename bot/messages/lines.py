"""Small pieces of text that several features put in their messages."""

from __future__ import annotations

from engines import Text
from matches import Match


def jump_link(match: Match) -> str:
    """The link to the match's board message, or "" while it has none."""
    if match.guild_id and match.home_channel_id and match.message_id:
        return f"https://discord.com/channels/{match.guild_id}/{match.home_channel_id}/{match.message_id}"
    return ""


def note_line(note: str | None) -> Text | None:
    """The line showing a player's private note, for his eyes only (None without a note)."""
    return Text("📝 Your note: {note}", note=note) if note else None
