"""What a screen reader says for a board image.

Discord reads an attachment's description aloud to blind and low-vision players,
so every board carries one: the game, how far the match is, the last move in
words, the scores, and who is to move or how it ended.  It is said in the
language of the message it comes with, and without markdown escapes (a screen
reader would read the backslashes aloud).
"""
from __future__ import annotations

import re

from engines import Joined, Text, get_game
from matches import Match

from .present import moves

# Discord refuses an attachment description over 1,024 characters.
DESCRIPTION_MAX = 1024
# Markdown the turn messages use (bold names, code spans, strikes): a screen reader would spell it out.
_MARKUP = re.compile(r"\*\*|__|~~|`")


def board_description(match: Match, last: str = "") -> Text:
    """The board of ``match`` in words; ``last`` is the last move as the turn message words it."""
    parts = [Text("{title} board, match #{id}, after {moves}.", title=match.title, id=match.id,
                  moves=moves(match.plies))]
    if last:
        parts.append(Text("Last: {what}", what=last))
    scores = _scores(match)
    if scores:
        parts.append(scores)
    parts.append(_standing(match))
    return Joined(parts, " ")


def _scores(match: Match) -> Text | None:
    if match.state_json is None or not get_game(match.game).has_scores:
        return None
    outcome = match.position.outcome()
    scores = list(outcome.scores) if outcome else match.position.scores()
    return Text("Scores: {scores}.", scores=", ".join(f"{name} {score}" for name, score in zip(match.names, scores)))


def _standing(match: Match) -> Text:
    if match.status == "void":
        return Text("The match is void.")
    outcome = match.outcome()
    if outcome is not None:
        if outcome.is_draw:
            return Text("The match ended in a draw.")
        return Text("{winner} won.", winner=match.names[outcome.winners[0]])
    mover = match.to_move_id()
    if mover is None:
        return Text("Nobody is to move.")
    return Text("{name} to move.", name=match.name_of(mover))


def spoken(text: str) -> str:
    """``text`` without the markdown marks a screen reader would read aloud."""
    return _MARKUP.sub("", text)
