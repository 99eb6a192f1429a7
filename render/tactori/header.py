"""The status band above the board: whose turn or the result, the last turn, the options.

The lines are built as Texts and said only when drawn, so that one status
serves every language; the tests read them in English through :func:`_status`.
"""

from __future__ import annotations

from engines.text import Joined, Text

from .. import common as C
from .geometry import HEADER, PAD, Layout

TITLE = C.TITLE


def _name(names: list[str], seat: int, width: int = 420) -> str:
    return C.fit_text(C.player_name(names, seat), TITLE, width)


def _list(items: list[str]) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cy`` (a Text when it needs a word)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return Text("{names} and {last}", names=Joined(items[:-1], ", "), last=items[-1])


def _resigned(gone: list[str]) -> Text:
    if len(gone) == 1:
        return Text("{player} resigned", player=gone[0])
    return Text("{players} resigned", players=_list(gone))


def _tally(names: list[str], scores, dropped) -> Joined:
    """``ann: 3 · bob: 0 · ...``: the points of every player still in, the highest first."""
    return C.tally(names, scores, dropped)


def _status(data, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""
    result = data["result"]
    fem = data["game"] == "tactori-fem"
    players = data["players"]
    if result is not None:
        winners, end, scores = result["winners"], result["end"], result["scores"]
        if players == 2 and not fem:
            tally = f"{scores[0]} : {scores[1]}"
        else:
            tally = _tally(names, scores, data["dropped"])
        draw_ = len(winners) > 1
        if end == "resign":
            gone = [C.player_name(names, s) for s in range(players) if s not in winners]
            if players > 2:
                gone = [C.player_name(names, s) for s in data["dropped"]]
            return winners[0], Text("{player} wins", player=_name(names, winners[0])), _resigned(gone)
        if fem:
            if end == "loop":
                return (
                    winners[0],
                    Text("{player} wins", player=_name(names, winners[0])),
                    Text("closed a loop of bridges"),
                )
            if end == "stuck":
                loser = C.player_name(names, 1 - winners[0])
                return (
                    winners[0],
                    Text("{player} wins", player=_name(names, winners[0])),
                    Text("{player} had no legal turn", player=loser),
                )
            return None, Text("Draw"), Text("the same position for the third time")
        why = (
            Text("final scoring after the last round")
            if end == "normal"
            else Text("the same position for the third time: scored")
        )
        if draw_:
            if players == 2:
                return None, Text("Draw {score}", score=tally), why
            if len(winners) == players:  # all of them: the tally under it names them
                return None, Text("Draw"), Joined([why, tally], " · ")
            return (
                None,
                Text("Draw: {players}", players=_list([C.player_name(names, s) for s in winners])),
                Joined([why, tally], " · "),
            )
        if players == 2:
            return (
                winners[0],
                Text(
                    "{player} wins {score}", player=_name(names, winners[0]), score=C.winner_first(scores, winners[0])
                ),
                why,
            )
        return winners[0], Text("{player} wins", player=_name(names, winners[0])), Joined([why, tally], " · ")
    seat = data["to_move"]
    countdown = data.get("countdown")
    detail = _last_words(data, names)
    if countdown:
        rest = _list([C.player_name(names, s) for s in countdown])
        if len(countdown) == 1:
            left = Text("last round: {player} plays once more", player=rest)
        else:
            left = Text("last round: {players} play once more", players=rest)
        detail = Joined([left, detail], " · ") if detail else left
    if not detail:
        detail = Text("place a tower, move one, or lay bridges")
    return seat, Text("{player} to move", player=_name(names, seat)), detail


def _last_words(data, names: list[str]) -> str:
    """The last turn in words (a Text), or ""."""
    last = data.get("last")
    if not last:
        return ""
    who = C.player_name(names, last["seat"])
    if last["kind"] == "pass":
        return Text("last: {player} passed", player=who)
    return Text("last: {player} {move}", player=who, move=last["move"])


def _alert(state, data) -> str:
    """A word for the header's alert badge (a Text), or ""."""
    if data["result"] is not None:
        return ""
    if data["game"] == "tactori" and data.get("countdown"):
        return Text("LAST ROUND")
    legal = getattr(state, "legal_moves", None)
    if legal is not None and legal() == ["pass"]:
        return Text("MUST PASS")
    return ""


def _header(img, draw, state, data, names, letters, lay: Layout, say=str) -> None:
    width = lay.width
    seat, title, detail = _status(data, names)
    title, detail = say(title), say(detail)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    alert = _alert(state, data)
    if alert:
        box = C.pill(img, (right, cy - 14), say(alert), 20, C.ALERT, anchor="rm")
        right_top = box[0] - 14
    else:
        right_top = right
    if data["result"] is None:
        turn = Text("Turn {number}", number=data["ply"] + 1)
    else:
        turn = Text("Turns: {count}", count=data["ply"])  # any count reads right, 0 and 1 too
    box = C.draw_text(img, (right_top, cy - 14), say(turn), 24, C.MUTED, anchor="rm")
    title_right = box[0] - 16
    options = say(options_text(data))
    detail_right = right
    if options and data["result"] is not None:
        # the result's tally needs the whole line: the options go up beside the turns
        box = C.draw_text(img, (title_right, cy - 14), options, 18, C.MUTED, anchor="rm")
        title_right = box[0] - 16
    elif options:
        box = C.draw_text(img, (right, cy + 22), options, 18, C.MUTED, anchor="rm")
        detail_right = box[0] - 16
    title, size = C.fit_line(title, TITLE, title_right - x, TITLE - 8)
    C.draw_text(img, (x, cy - 14), title, size, C.INK, anchor="lm", stroke=1, stroke_fill=C.INK)
    if detail:
        detail, size = C.fit_line(detail, 21, detail_right - x, 16)
        C.draw_text(img, (x, cy + 22), detail, size, C.INK, anchor="lm")


def options_text(data) -> str:
    """The options in play, for the header: ``chase · centre 2``, ``stacks · chase`` (Texts)."""
    opts = data["options"]
    words = []
    if opts.get("stacks"):
        words.append(Text("stacks"))
    if opts.get("chase"):
        words.append(Text("chase"))
    if opts.get("centre"):
        words.append(Text("centre {variant}", variant=opts["centre"]))
    return Joined(words, " · ")
