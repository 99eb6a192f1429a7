"""Seats played by the computer, and the only place that knows how they are written down.

A computer seat is a player like any other in the store: it has a user id in
``matches.players`` and a row in ``match_players``.  Its id is negative (Discord's
ids never are) and encodes the level and the bot's number in the match, so that
``(user_id, match_id)`` stays unique with several bots at one table and a series
keeps its players across rematches (the seats rotate, the ids stay).

Its name is not stored: the ``names`` column keeps an empty string for it, and
:func:`display_names` builds the name from the id whenever a match is read, as a
:class:`~engines.text.Text` that every message, board, chart and alt text says in
the reader's language ("Bot (hard)", "Bot (schwer)", "Bot (difficile)").  Where a
text gives a seat's colour, the colour goes inside the name's own bracket ("Bot 2
(hard, orange)"): :func:`_seat_name` writes both, the only place that does.  Several
computer seats of one level are numbered in seat order, the number beside the word
and not after the level, so that it never runs into a score: "Bot 1 (hard): 20".
Matches stored with English names ("Bot (hard) 2") read the same way: only the id counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engines.text import Text

if TYPE_CHECKING:
    from .models import Player

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
HINT_LEVEL = "hard"
MOST = 3  # bots in one match: a four-player table with one human
_BASE = 100  # -(100 * level + number): -101 is easy's first seat, -302 hard's second
STORED_NAME = ""  # what the names column holds for a computer seat: its name is built when shown

# The words of the translated ``level`` choices (bot/locales/*/commands/choices.json): leicht / mittel / schwer,
# facile / moyen / difficile.
LEVEL_WORDS = {"easy": Text("easy"), "medium": Text("medium"), "hard": Text("hard")}


class SeatName(Text):
    """A computer seat's name: a Text, said in the reader's language wherever it is a template's
    field.  It has no surrounding spaces, so ``strip()`` (which the engines and the renderer
    apply to names) keeps it as it is rather than turning it into a plain English ``str``."""

    def strip(self, chars: str | None = None) -> str:
        stripped = str.strip(self, chars)
        return self if stripped == str(self) else stripped

    def with_colour(self, colour: Any) -> SeatName:
        """This seat's name with its colour inside its own bracket (see :func:`engines.text.with_colour`)."""
        return _seat_name(self.params["level"], self.params.get("number"), colour)


def is_ai(user_id: int) -> bool:
    return user_id < 0


def user_id(level: str, number: int) -> int:
    if level not in LEVELS or not 1 <= number <= MOST:
        raise ValueError(f"no computer seat {level!r} #{number}")
    return -(_BASE * (LEVELS.index(level) + 1) + number)


def level_of(user_id: int) -> str:
    """The level a computer seat plays at."""
    level, number = divmod(-user_id, _BASE)
    if not is_ai(user_id) or not 1 <= level <= len(LEVELS) or not 1 <= number <= MOST:
        raise ValueError(f"{user_id} is not a computer seat")
    return LEVELS[level - 1]


def is_valid(user_id: int) -> bool:
    try:
        level_of(user_id)
    except ValueError:
        return False
    return True


def _number(players: Sequence[int], seat: int) -> int | None:
    """The seat's number among the computer seats of its level, in seat order; None when it is the only one."""
    level = level_of(players[seat])
    alike = [s for s, p in enumerate(players) if is_valid(p) and level_of(p) == level]
    return alike.index(seat) + 1 if len(alike) > 1 else None


def name(players: Sequence[int], seat: int) -> SeatName:
    """The name of computer seat ``seat`` at a table of ``players``: "Bot (hard)", or "Bot 2 (hard)"
    when several seats play at that level.  Where a text gives each seat's colour, the name's
    :meth:`SeatName.with_colour` puts it in the same bracket: "Bot 2 (hard, orange)"."""
    return _seat_name(LEVEL_WORDS[level_of(players[seat])], _number(players, seat))


def entrant_name(user_id: int) -> SeatName:
    """An event's computer entrant: "Bot 2 (hard)", numbered by its id, as it is in every match it plays."""
    return _seat_name(LEVEL_WORDS[level_of(user_id)], -user_id % _BASE)


def _seat_name(level: Text, number: int | None, colour: Any = None) -> SeatName:
    """The one place a computer seat's name is written, with its colour in the same bracket if given."""
    if colour is None:
        text = (
            Text("Bot ({level})", level=level)
            if number is None
            else Text("Bot {number} ({level})", number=number, level=level)
        )
    else:
        text = (
            Text("Bot ({level}, {colour})", level=level, colour=colour)
            if number is None
            else Text("Bot {number} ({level}, {colour})", number=number, level=level, colour=colour)
        )
    return SeatName(text.template, **text.params)


def display_names(players: Sequence[int], stored: Sequence[str]) -> list[str]:
    """The names of a match's seats as shown: people's as stored, the computer's built from their ids
    (whatever was stored for them, so that old matches read like new ones)."""
    return [name(players, seat) if is_valid(p) else n for seat, (p, n) in enumerate(zip(players, stored))]


def stored_names(players: Sequence[int], names: Sequence[str]) -> list[str]:
    """What the names column keeps for ``names``: people's names, nothing for the computer's seats."""
    return [STORED_NAME if is_valid(p) else str(n) for p, n in zip(players, names)]


def players(level: str, count: int) -> list[Player]:
    """``count`` computer players at ``level`` (named when shown: "Bot (hard)" alone, "Bot 1 (hard)",
    "Bot 2 (hard)"... together, numbered in seat order)."""
    from .models import Player

    return [Player(user_id(level, n), STORED_NAME, bot=True) for n in range(1, count + 1)]


def every_id() -> list[int]:
    """All ids a computer seat can have (for finding its matches in the store)."""
    return [user_id(level, n) for level in LEVELS for n in range(1, MOST + 1)]
