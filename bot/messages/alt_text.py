"""What a screen reader says for a board image, a replay and a score chart.

Discord reads an attachment's description aloud to blind and low-vision players,
so every board carries one: the game, how far the match is, the last move in
words, the scores (for a game without scores, what its chart follows instead), and
who is to move or how it ended.  The result is said once, with why it was won
(a resignation, a closed loop, a tie-break).  It is said in the language of the
message it comes with, and without markdown escapes (a screen reader would read
the backslashes aloud).
"""

from __future__ import annotations

import re

from engines import Joined, Text, get_game
from matches import Match
from render import chart_of

from .present import moves, tally

# Discord refuses an attachment description over 1,024 characters.
DESCRIPTION_MAX = 1024
# Markdown the turn messages use (bold names, code spans, strikes): a screen reader would spell it out.
_MARKUP = re.compile(r"\*\*|__|~~|`")

# Why a match was won, beyond the scores.
WON_BECAUSE = {
    "early": lambda winner: Text("{winner} won: the other side could not pay for an enclosed building.", winner=winner),
    "resign": lambda winner: Text("{winner} won by resignation.", winner=winner),
    "timeout": lambda winner: Text("{winner} won on time.", winner=winner),
    "loop": lambda winner: Text("{winner} won with a closed loop of bridges.", winner=winner),
    "stuck": lambda winner: Text("{winner} won: the other side had no legal turn left.", winner=winner),
}


def board_description(match: Match, last: str = "") -> Text:
    """The board of ``match`` in words; ``last`` is the last move (or the last moves) as the turn
    message words it.  A finished board says the result instead, once: the last move's own words
    would say the scores and the winner again."""
    if match.plies:
        parts = [
            Text("{title} board, match #{id}, after {moves}.", title=match.title, id=match.id, moves=moves(match.plies))
        ]
    else:  # not "after 0 moves"
        parts = [Text("{title} board, match #{id}, before the first move.", title=match.title, id=match.id)]
    if last and match.plies and match.outcome() is None:
        parts.append(Text("Last: {what}", what=last))
    parts += [part for part in (_scores(match), _bridges(match)) if part]
    parts.append(_standing(match))
    return Joined(parts, " ")


def result_words(match: Match) -> Text | None:
    """A finished match's result for the replay's and the chart's descriptions: the final score and the
    winner (with why), or None while it is not finished."""
    if match.outcome() is None or match.state_json is None:
        return None
    return Joined([part for part in (_scores(match), _bridges(match), _standing(match)) if part], " ")


def _scores(match: Match) -> Text | None:
    if match.state_json is None or not get_game(match.game).has_scores:
        return None
    outcome = match.position.outcome()
    if outcome:
        return Text("Final score: {scores}.", scores=tally(match.names, outcome.scores, ", "))
    return Text("Scores: {scores}.", scores=tally(match.names, match.position.scores(), ", "))


def _bridges(match: Match) -> Text | None:
    """The progress of a game without scores, as its chart follows it (``values`` in
    ``render/<package>/chart.py``, said by its ``values_said``)."""
    chart = chart_of(match.game)
    values, said = getattr(chart, "values", None), getattr(chart, "values_said", None)
    if match.state_json is None or get_game(match.game).has_scores or values is None or said is None:
        return None
    return said(tally(match.names, values(match.position), ", "))


def _standing(match: Match) -> Text:
    if match.status == "void":
        return Text("The match is void.")
    outcome = match.outcome()
    if outcome is not None:
        if outcome.is_draw:
            return Text("The match ended in a draw.")
        winner = match.names[outcome.winners[0]]
        tie_break = _tie_break(match, outcome)
        if tie_break is not None:
            return tie_break
        because = WON_BECAUSE.get(outcome.end)
        return because(winner) if because else Text("{winner} won.", winner=winner)
    mover = match.to_move_id()
    if mover is None:
        return Text("Nobody is to move.")
    return Text("{name} to move.", name=match.name_of(mover))


def _tie_break(match: Match, outcome) -> Text | None:
    """How equal points were broken, in the game's words (``tiebreak_said`` in
    ``render/<package>/chart.py``), None when they were not."""
    said = getattr(chart_of(match.game), "tiebreak_said", None)
    if said is None or match.state_json is None:
        return None
    return said(match.position, outcome, match.names)


def spoken(text: str) -> str:
    """``text`` without the markdown marks a screen reader would read aloud."""
    return _MARKUP.sub("", text)
