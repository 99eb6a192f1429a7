"""The web board's HTML document and its words (said through the bot's catalogues).

The document is a shell: the script (static/board.js) fetches the match as JSON
and draws it; no inline script or style, so the Content-Security-Policy can
forbid both.  Every name and word reaches the page as JSON and is set as text,
never as markup."""

from __future__ import annotations

import functools
import html
from typing import Any

from engines import Text, Verbatim
from matches import Match

from ..locales import say
from .scene import web_part

WORDS = {
    "play": Text("Play"),
    "back": Text("Back"),
    "explore": Text("Explore"),
    "return": Text("Return to the game"),
    "moves": Text("Moves"),
    "start": Text("Start"),
    "your_move": Text("Your move"),
    "choose": Text("Choose"),
    "empty": Text("empty"),
    "spectator": Text("You are watching."),
    "exploring": Text("Exploring: nothing you try here is played or shown to anyone."),
    "live": Text("Live"),
    "offline": Text("Reconnecting…"),
    "played": Text("Played."),
    "deadline": Text("Deadline: {date}", date=Verbatim("{date}")),
    "time_left": Text("Time left: {time}", time=Verbatim("{time}")),
    "time_up": Text("Time is up"),
    "hours": Text("{hours} h", hours=Verbatim("{hours}")),
    "minutes": Text("{minutes} min", minutes=Verbatim("{minutes}")),
    "seconds": Text("{seconds} s", seconds=Verbatim("{seconds}")),
    "previous": Text("Previous move"),
    "next": Text("Next move"),
    "board": Text("Board"),
    "place_here": Text("possible"),
    "supply": Text("Supply"),
    # a finished match's review; the page fills in the fields (as text)
    "accuracy": Text("accuracy {accuracy} %", accuracy=Verbatim("{accuracy}")),
    "inaccuracy": Text("inaccuracy"),
    "mistake": Text("mistake"),
    "blunder": Text("blunder"),
    "mark": Text(
        "{label}: win chance {drop} points; better: {best}",
        label=Verbatim("{label}"),
        drop=Verbatim("{drop}"),
        best=Verbatim("{best}"),
    ),
    "advice": Text(
        "Next, {name} played {move} ({label}, win chance {drop} points); better was {best}.",
        name=Verbatim("{name}"),
        move=Verbatim("{move}"),
        label=Verbatim("{label}"),
        drop=Verbatim("{drop}"),
        best=Verbatim("{best}"),
    ),
}
# A count's words, singular and plural (the page picks one by the number, as the language wants it)
COUNTS = {
    "days": (Text("1 day"), Text("{days} days", days=Verbatim("{count}"))),
}


def _said(words: dict, lang: str) -> dict:
    # a word, or a table of words by key (a game's terrains, ores)
    return {
        key: _said(text, lang) if isinstance(text, dict) else say(text, lang, escaped=False)
        for key, text in words.items()
    }


@functools.lru_cache(maxsize=64)
def words(lang: str, game: str | None = None) -> dict:
    """The page's words in ``lang``, with those of ``game``'s drawing (its web part's ``WORDS`` and
    ``COUNTS``, as the shared ones here): the same for every page of a game, said once; never changed
    by callers."""
    part = web_part(game) if game is not None else None
    said = _said(WORDS, lang)
    said.update(_said(getattr(part, "WORDS", {}), lang))
    counts = {**COUNTS, **getattr(part, "COUNTS", {})}
    said["count"] = {
        k: {"one": say(one, lang, escaped=False), "other": say(other, lang, escaped=False)}
        for k, (one, other) in counts.items()
    }
    return said


MARKED = ("inaccuracy", "mistake", "blunder")


def review(stored: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """What the page shows of a stored review (``ai.review.Review.to_json``): each player's accuracy,
    each move's label, and for an inaccuracy or worse the better move and the drop in the mover's win
    chance in points (0-100).  Plies count from 1, as the page's move list does."""
    from ai.review import Review

    try:
        done = Review.from_json(stored)
    except (KeyError, TypeError, ValueError):
        return None  # an unreadable review is no review, never a broken board
    plies = []
    for p in done.plies:
        entry: dict[str, Any] = {"ply": p.ply + 1, "label": p.label}
        if p.label in MARKED and p.best != p.move:
            entry.update(better=p.best, drop=round(p.drop * 100))
        plies.append(entry)
    accuracy = [round(a) for a in done.accuracy[:seats]]
    return {"accuracy": accuracy + [None] * (seats - len(accuracy)), "plies": plies}


def status_line(match: Match, names: list[str], you: int | None, lang: str) -> str:
    if match.status == "void":
        return say(Text("The match ended before its first move."), lang, escaped=False)
    if match.status == "finished":
        result = match.result or {}
        winners = result.get("winners", [])
        if len(winners) == 1:
            return say(Text("{name} won.", name=names[winners[0]]), lang, escaped=False)
        return say(Text("The match ended in a draw."), lang, escaped=False)
    seat = match.to_move_seat()
    if seat is None:
        return ""
    if seat == you:
        return say(Text("Your turn."), lang, escaped=False)
    return say(Text("{name} to move.", name=names[seat]), lang, escaped=False)


def document(title: str, lang: str, version: str, game: str | None = None) -> str:
    """The page; ``game`` names the game whose drawing code it loads after board.js (None: no board drawn)."""
    title = html.escape(title)
    drawing = f'\n<script src="/static/games/{html.escape(game)}.js?v={version}" defer></script>' if game else ""
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/static/board.css?v={version}">
<script src="/static/board.js?v={version}" defer></script>{drawing}
</head>
<body>
<main id="app">
<h1 data-role="title">{title}</h1>
<p data-role="status"></p>
</main>
</body>
</html>
"""


def refusal(text: str, lang: str) -> str:
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>403</title></head>
<body><p>{html.escape(text)}</p></body>
</html>
"""
