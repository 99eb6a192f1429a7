"""No refusal lost: thousands of hostile strings typed as moves.

Invisible characters, right-to-left overrides, mentions, markdown, backticks, emoji,
newlines and very long input.  Each is refused with a short sentence in every
language (the engines quote a visible excerpt only); through the real bot, each
is answered privately, nothing public is posted, nothing is logged as an error and
the match does not change."""

import logging
import random
import unicodedata

import pytest

from bot.locales import say
from bot.replies import CONTENT_MAX
from engines import MoveError, Sentence, game_names, get_game

from .games_helpers import actor_of, start_game
from .helpers import snapshot

MOVE_MAX = 200  # the move option's max_length: Discord refuses longer input before the bot sees it

PARTS = [
    "\u200b",
    "\u202e",
    "\u2066",
    "\u200d",
    "\ufeff",
    "\x00",
    "\x1b[31m",
    "\u0301" * 5,
    "@everyone",
    "@here",
    "<@&123456789012345678>",
    "<@123456789012345678>",
    "**",
    "__",
    "~~",
    "||",
    "`",
    "```py\n",
    "\n",
    "\r\n",
    "\t",
    "😀",
    "👨‍👩‍👧",
    "🏳️‍🌈",
    "\\",
    "'",
    '"',
    "{",
    "}",
    "{move}",
    "%s",
    "e5",
    "a1",
    "a1-b2",
    "=c3e3",
    "+e5",
    "B20@2,1r0",
    "T@0,1",
    "pass",
    "buy",
    "cols",
    "x=c3e3",
    "ÿ",
    "\U000e0041",
    "ـ",
    "Z̴̡̛",
    "     ",
    "a" * 40,
    "# ",
    "> ",
    "- ",
    "[x](https://example.com)",
    "-1,0",
    "r9",
    "*",
    "<t:0:R>",
    "<#1>",
]
TAILS = ["", "\u200b" * 150, "\u202e" * 150, "@everyone" * 30, "x" * 1500]


def hostile_strings(seed: int, count: int):
    rng = random.Random(seed)
    yield from ["\u200b" * 150, "\u202e" * 150, "\u200b\u202e" * 400, "@everyone", "<@&1> **x** `y`", "\n" * 50]
    for _ in range(count):
        text = "".join(rng.choice(PARTS) for _ in range(rng.choice((1, 2, 3, 5, 12, 40))))
        yield (text * rng.choice((1, 1, 1, 20)) + rng.choice(TAILS))[:6000]  # Discord's option limit


def refused(state, text: str):
    """The engine's refusal of ``text`` (None if it happens to be a legal move)."""
    before = state.to_json()
    try:
        state.copy().play(text)
    except MoveError as exc:
        assert state.to_json() == before
        return exc.text
    return None


def invisible(text: str) -> list[str]:
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c not in "\n\u200b"]


@pytest.mark.parametrize("game", game_names())
def test_thousands_of_hostile_moves_get_a_short_readable_refusal_in_every_language(game):
    state = get_game(game).setup(2, 7)
    count = 0
    for text in hostile_strings(sum(map(ord, game)), 1500):
        refusal = refused(state, text)
        if refusal is None:
            continue
        count += 1
        for locale in ("en", "de", "fr"):
            said = say(Sentence(refusal), locale)
            # A few hundred characters at most, whatever came in: the excerpt is capped.
            assert len(said) <= 600, (text[:50], said[:200])
            assert not invisible(said), said
            assert "@everyone" not in said and "<@" not in said.replace("<@\u200b", ""), said
    assert count > 1400


@pytest.mark.slow
@pytest.mark.parametrize("game", game_names())
async def test_hostile_moves_through_the_bot_are_answered_privately_and_change_nothing(world, game, caplog):
    w = world
    caplog.set_level(logging.INFO)
    match, _, _ = await start_game(w, game)
    before = await snapshot(w, match.id)
    public = len(w.channel.history())
    mover = actor_of(w, match.to_move_id())
    state = match.state()
    tried = 0
    for text in hostile_strings(len(game), 100):
        if refused(state, text[:MOVE_MAX]) is None:
            continue
        result = await mover.slash(w.channel, f"{game} move", move=text[:MOVE_MAX])
        assert result.acknowledged and result.ephemeral, text[:50]
        content = result.response.content
        assert 0 < len(content) <= CONTENT_MAX and "@everyone" not in content, content[:200]
        tried += 1
    assert tried > 90
    assert len(w.channel.history()) == public  # nothing public
    assert await snapshot(w, match.id) == before  # the match unchanged
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")]
