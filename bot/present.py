"""Turn matches into Discord message text.  No rules here: the engine decides."""
from __future__ import annotations

from engines import get_game
from matches import Match, Series
from render.common import player_style

# The board's shape for each seat, as text: with the colour's name, a player is
# recognisable without telling colours apart (colour-blind players, screen readers).
SHAPE_GLYPHS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆"}


def seat_label(seat: int, name: str) -> str:
    style = player_style(seat)
    return f"{SHAPE_GLYPHS[style.shape]} {name} ({style.name})"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def timestamp(seconds: float, style: str = "R") -> str:
    return f"<t:{int(seconds)}:{style}>"


def player_line(match: Match) -> str:
    gone = match.resigned_seats
    return " vs ".join(seat_label(i, f"~~{name}~~" if i in gone else name) for i, name in enumerate(match.names))


def heading(match: Match) -> str:
    return f"**{match.title} #{match.id}** · {player_line(match)}"


def scores_line(match: Match) -> str:
    if not get_game(match.game).has_scores:
        return ""
    state = match.position
    outcome = state.outcome()
    scores = list(outcome.scores) if outcome else state.scores()
    return "Score: " + " · ".join(f"{name} {score}" for name, score in zip(match.names, scores))


def series_line(match: Match, series: Series | None) -> str:
    if series is None:
        return ""
    standing = " · ".join(f"{match.names[match.players.index(p)]} {series.points.get(p, 0)}"
                          for p in match.players)
    if series.winner_id is not None:
        winner = match.names[match.players.index(series.winner_id)]
        return f"Series (first to {series.target} victory points): {standing} — **{winner} wins the series!**"
    return f"Series (first to {series.target} victory points): {standing}"


def next_turn_line(match: Match, away_until: float | None = None) -> str:
    state = match.position
    seat = state.current_player()
    if seat is None:
        return ""
    who = mention(match.players[seat])
    line = _turn_words(match, state, who)
    if away_until:
        line += f" {match.names[seat]} is on vacation until {timestamp(away_until, 'f')}; the clock waits."
    if match.deadline:
        line += f" Deadline {timestamp(match.deadline)}."
    return line


def _turn_words(match: Match, state, who: str) -> str:
    prompt = state.prompt()
    return f"Your turn, {who}: {prompt}." if prompt else f"Your turn, {who}."


def result_line(match: Match) -> str:
    outcome = match.outcome()
    if outcome is None:
        return ""
    how = {"early": "ends early (a player could not pay)", "resign": "ends by resignation",
           "timeout": "ends on time", "agreed": "ends by agreement", "loop": "ends with a closed loop",
           "stuck": "ends: a player had no legal turn", "repetition": "ends by threefold repetition",
           "normal": "is over"}.get(outcome.end, f"ends ({outcome.end})")
    if outcome.is_draw:
        return f"The match {how}: **a draw**."
    winner = match.names[outcome.winners[0]]
    return f"The match {how}: **{winner} wins** ({mention(match.players[outcome.winners[0]])})."


def final_breakdown(match: Match) -> str:
    return match.position.summary(match.names)


def turn_message(match: Match, description: str = "", series: Series | None = None,
                 away_until: float | None = None) -> str:
    lines = [heading(match)]
    if description:
        lines.append(description)
    if match.status == "finished":
        lines += [line for line in (result_line(match), final_breakdown(match), scores_line(match),
                                    series_line(match, series)) if line]
    elif match.status == "void":
        lines.append("Nobody had moved yet, so the match is **void**: no result, no series points, "
                     "no rating change.")
    else:
        # The standing of a series under way, once a match of it has counted.
        standing = series_line(match, series) if series and any(series.points.values()) else ""
        lines += [line for line in (scores_line(match), standing, next_turn_line(match, away_until)) if line]
    return "\n".join(lines)


def challenge_message(match: Match) -> str:
    challenger = match.names[match.players.index(match.challenger_id)]
    invited = [p for p in match.players if p != match.challenger_id]
    if match.status == "challenge":
        starts = match.names[0]
        text = (f"{' '.join(mention(p) for p in invited)}: **{challenger}** challenges you to "
                f"**{match.title}** (match #{match.id}; {starts} would start; {match.days} "
                f"day{'s' if match.days != 1 else ''} per move). The challenge expires {timestamp(match.expires_at)}.")
        if len(invited) > 1:
            marks = " · ".join(f"{'✅' if p in match.accepted else '⌛'} {match.names[match.players.index(p)]}"
                               for p in invited)
            text += f"\nEveryone must accept; one decline cancels it. {marks}"
        return text
    verdict = {"active": "accepted — the match has started", "declined": "declined",
               "cancelled": "withdrawn", "expired": "expired"}.get(match.status, match.status)
    return f"{challenger}'s {match.title} challenge (match #{match.id}) was {verdict}."


def duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{max(1, round(seconds / 60))} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"
