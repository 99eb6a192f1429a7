"""Turn matches into Discord message text.  No rules here: the engine decides."""

from __future__ import annotations

from engines import Joined, Text, Verbatim, get_game
from engines.text import with_colour
from matches import Match, Rating, Series, ai_seats
from render.common import player_style

from .mentions import shown

# The board's shape for each seat, as text: with the colour's name, a player is
# recognisable without telling colours apart (colour-blind players, screen readers).
SHAPE_GLYPHS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆"}
COLOUR_WORDS = {"blue": Text("blue"), "orange": Text("orange"), "green": Text("green"), "pink": Text("pink")}


LEVEL_WORDS = ai_seats.LEVEL_WORDS
# Between the players of a match, in its heading and its thread's name.
VS = Text(" vs ")


def seat_label(seat: int, name: str, players: list[int] | None = None, struck: bool = False) -> Text:
    """``● ann (blue)``; a computer seat (of ``players``, or named by ``ai_seats``) has its colour beside
    its level: ``■ Bot (hard, orange)``, not ``■ Bot (hard) (orange)``; a person's own brackets stay
    his: ``● Anna (she/her) (blue)``.  A resigned player's name is ``struck`` through."""
    style = player_style(seat)
    shape, colour = SHAPE_GLYPHS[style.shape], COLOUR_WORDS[style.name]
    if players is not None and ai_seats.is_valid(players[seat]):
        name = ai_seats.name(players, seat)
    if struck and isinstance(name, ai_seats.SeatName):  # its colour is inside its bracket: strike both
        label = _struck(with_colour(name, colour))
    else:
        label = with_colour(_struck(name) if struck else name, colour)
    return Text("{shape} {name}", shape=shape, name=label)


def tally(names, values, sep: str = " · ") -> Joined:
    """``Bot 1 (hard): 20 · ann: 0``: a colon between each name and its number, which a name ending in a
    digit or a bracket could otherwise run into ("Bot (hard) 1 20" reads as 120)."""
    return Joined([Text("{name}: {score}", name=name, score=value) for name, value in zip(names, values)], sep)


def said_names(match: Match, say) -> list[str]:
    """The seats' names as plain strings in one language (``say``: a Text to str), for the images:
    the renderer draws, cuts and takes initials of strings, so the computer's are said first."""
    return [say(name) if isinstance(name, Text) else name for name in match.names]


def mention(user_id: int) -> Verbatim:
    return Verbatim(f"<@{user_id}>")


def timestamp(seconds: float, style: str = "R") -> Verbatim:
    return Verbatim(f"<t:{int(seconds)}:{style}>")


def whose_turn(match: Match, user_id: int, *, bold: bool = False) -> Text:
    """For ``user_id``'s lists of matches: "your turn" (in bold in ``/games``), "bob to move", "finished"."""
    mover = match.to_move_id()
    if mover is None:
        return Text("finished")
    if mover == user_id:
        return Text("**your turn**") if bold else Text("your turn")
    return Text("{name} to move", name=match.name_of(mover))


def player_line(match: Match) -> Text:
    gone = match.resigned_seats
    # A resigned player's name is struck through: the strike is ours, the name escaped within it.
    return Joined((seat_label(i, name, match.players, struck=i in gone) for i, name in enumerate(match.names)), VS)


def thread_name(match: Match) -> Text:
    """The name of a match's thread: plain names (Discord shows a thread's name literally)."""
    return Text("{title} #{id}: {players}", title=match.title, id=match.id, players=Joined(match.names, VS))


def _struck(name: str) -> Text | str:
    if isinstance(name, Text):
        return Joined([Verbatim("~~"), name, Verbatim("~~")], "")
    return Verbatim(f"~~{shown(name)}~~")


def heading(match: Match) -> Text:
    return Text("**{title} #{id}** · {players}", title=match.title, id=match.id, players=player_line(match))


def scores_line(match: Match) -> Text | str:
    if not get_game(match.game).has_scores:
        return ""
    state = match.position
    outcome = state.outcome()
    scores = list(outcome.scores) if outcome else state.scores()
    return Text("Score: {scores}", scores=tally(match.names, scores))


def bank_line(match: Match) -> Text | str:
    """With a time bank: what each player's bank holds (the player to move's, as his turn began).
    The computer's seats have no clock, so they are left out."""
    if match.bank is None or not match.banks:
        return ""
    people = [seat for seat, player in enumerate(match.players) if not ai_seats.is_ai(player)]
    if not people:
        return ""
    banks = Joined(
        (Text("{name}: {left}", name=match.names[seat], left=duration(match.banks[seat])) for seat in people), " · "
    )
    return Text("Time banks: {banks}", banks=banks)


def clock_words(match: Match) -> Text:
    """The match's clock in a few words: "3 days per move", or its time bank."""
    if match.bank is not None:
        if not match.increment:
            return Text("a time bank of {bank} each", bank=duration(match.bank))
        return Text(
            "a time bank of {bank} each, plus {increment} per move",
            bank=duration(match.bank),
            increment=duration(match.increment),
        )
    return (
        Text("{days} days per move", days=match.days)
        if match.days != 1
        else Text("{days} day per move", days=match.days)
    )


def series_line(match: Match, series: Series | None) -> Text | str:
    if series is None:
        return ""
    standing = tally(match.names, [series.points.get(p, 0) for p in match.players])
    if series.winner_id is not None:
        winner = match.name_of(series.winner_id)
        return Text(
            "Series (first to {target} victory points): {standing} — **{winner} wins the series!**",
            target=series.target,
            standing=standing,
            winner=winner,
        )
    return Text("Series (first to {target} victory points): {standing}", target=series.target, standing=standing)


def next_turn_line(match: Match, away_until: float | None = None) -> Text | str:
    state = match.position
    seat = state.current_player()
    if seat is None:
        return ""
    if ai_seats.is_ai(match.players[seat]):
        # A computer seat is named, never mentioned: nobody is pinged for its turn.
        return Text("**{name}** is thinking…", name=match.names[seat])
    who = mention(match.players[seat])
    prompt = state.prompt()
    parts = [
        Text("Your turn, {player}: {task}.", player=who, task=prompt)
        if prompt
        else Text("Your turn, {player}.", player=who)
    ]
    if away_until:
        parts.append(
            Text(
                "{name} is on vacation until {until}; the clock waits.",
                name=match.names[seat],
                until=timestamp(away_until, "f"),
            )
        )
    if match.deadline:
        parts.append(Text("Deadline {deadline}.", deadline=timestamp(match.deadline)))
    return Joined(parts, " ")


ENDINGS = {
    "early": Text("ends early (a player could not pay)"),
    "resign": Text("ends by resignation"),
    "timeout": Text("ends on time"),
    "agreed": Text("ends by agreement"),
    "loop": Text("ends with a closed loop"),
    "stuck": Text("ends: a player had no legal turn"),
    "repetition": Text("ends by threefold repetition"),
    "normal": Text("is over"),
}


def result_line(match: Match) -> Text | str:
    outcome = match.outcome()
    if outcome is None:
        return ""
    how = ENDINGS[outcome.end]  # every end reason has its words (tests/locales/test_bot_texts.py)
    if outcome.is_draw:
        return Text("The match {how}: **a draw**.", how=how)
    winner = match.names[outcome.winners[0]]
    if ai_seats.is_ai(match.players[outcome.winners[0]]):
        return Text("The match {how}: **{winner} wins**.", how=how, winner=winner)
    return Text(
        "The match {how}: **{winner} wins** ({player}).",
        how=how,
        winner=winner,
        player=mention(match.players[outcome.winners[0]]),
    )


def final_breakdown(match: Match) -> str:
    return match.position.summary(match.names)


def turn_message(
    match: Match, description: str = "", series: Series | None = None, away_until: float | None = None
) -> Text:
    lines = [heading(match)]
    if description:
        lines.append(description)
    if match.status == "finished":
        # The winner once (the result line), each player's points once: the breakdown gives them with
        # their reasons; only without one does the score line say them.
        lines += [
            line
            for line in (result_line(match), final_breakdown(match) or scores_line(match), series_line(match, series))
            if line
        ]
    elif match.status == "void":
        lines.append(
            Text("Nobody had moved yet, so the match is **void**: no result, no series points, no rating change.")
        )
    else:
        # The standing of a series under way, once a match of it has counted.
        standing = series_line(match, series) if series and any(series.points.values()) else ""
        lines += [
            line for line in (scores_line(match), standing, bank_line(match), next_turn_line(match, away_until)) if line
        ]
    return Joined(lines, "\n")


def people(match: Match) -> list[int]:
    """The players who can be notified: everyone but the computer's seats."""
    return [p for p in match.players if not ai_seats.is_ai(p)]


def invitees(match: Match) -> list[int]:
    """Who a challenge asks: everyone but the challenger and the computer's seats (which accept at once)."""
    return [p for p in match.players if p != match.challenger_id and not ai_seats.is_ai(p)]


def challenge_message(match: Match) -> Text:
    challenger = match.name_of(match.challenger_id)
    invited = [p for p in match.players if p != match.challenger_id]
    # Computer seats have accepted already: the words are for the people still to answer.
    people = invitees(match)
    if match.status == "challenge":
        fields = dict(
            invited=Verbatim(" ".join(mention(p) for p in people)),
            challenger=challenger,
            title=match.title,
            id=match.id,
            first=match.names[0],
            expires=timestamp(match.expires_at),
            per_move=clock_words(match),
        )
        # German and French address one player and several differently ("dich" / "euch").
        text = (
            Text(
                "{invited}: **{challenger}** challenges you to **{title}** (match #{id}; {first} would start; "
                "{per_move}). The challenge expires {expires}.",
                **fields,
            )
            if len(people) == 1
            else Text(
                "{invited}: **{challenger}** challenges you all to **{title}** (match #{id}; {first} would start; "
                "{per_move}). The challenge expires {expires}.",
                **fields,
            )
        )
        if len(invited) > 1:
            marks = Joined(
                [
                    Joined(
                        [Verbatim("✅" if p in match.accepted else "⌛"), Text("{name}", name=match.name_of(p))], " "
                    )
                    for p in invited
                ],
                " · ",
            )
            return Joined([text, Text("Everyone must accept; one decline cancels it. {marks}", marks=marks)], "\n")
        return text
    verdict = CHALLENGE_VERDICTS[match.status]  # every way a challenge closes has its words
    return Text(
        "{challenger}'s {title} challenge (match #{id}) was {verdict}.",
        challenger=challenger,
        title=match.title,
        id=match.id,
        verdict=verdict,
    )


CHALLENGE_VERDICTS = {
    "active": Text("accepted — the match has started"),
    "declined": Text("declined"),
    "cancelled": Text("withdrawn"),
    "expired": Text("expired"),
}


def duration(seconds: float) -> Text:
    if seconds < 3600:
        return Text("{minutes} min", minutes=max(1, round(seconds / 60)))
    if seconds < 2 * 86400:
        return Text("{hours} h", hours=tenths(seconds / 3600))
    return Text("{days} days", days=tenths(seconds / 86400))


def moves(count: int) -> Text:
    """ "no moves", "1 move", "2 moves": German and French need the singular as much as English does."""
    if count == 0:
        return Text("no moves")
    return Text("1 move") if count == 1 else Text("{count} moves", count=count)


def days(count: int) -> Text:
    """ "1 day", "3 days"."""
    return Text("1 day") if count == 1 else Text("{days} days", days=count)


def rating(r: Rating) -> Text | str:
    """The number a rating shows; with a question mark while it is provisional ("1523?")."""
    number = f"{r.rating:.0f}"
    return Text("{rating}?", rating=number) if r.provisional else number


def decimal(value: float) -> Text:
    """``value`` with one decimal and the reader's decimal mark: 1.5 in English, 1,5 in German and French."""
    whole, tenths = f"{value:.1f}".split(".")
    return Text("{whole}.{tenths}", whole=whole, tenths=tenths)


def tenths(value: float) -> Text | str:
    """A duration's number: "3" for a whole one (not "3.0"), else :func:`decimal`'s "1.5" / "1,5"."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else decimal(rounded)


# /settings says the reminder mode in the words of its choices, not the stored value.
REMINDER_MODES = {
    "mention": Text("mention in the match channel"),
    "dm": Text("DM"),
    "digest": Text("daily digest by DM"),
    "off": Text("off"),
}
