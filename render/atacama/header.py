"""The status band above the board: whose turn or the result, a forced move, the last buy or pass.

The lines are built as Texts and said only when drawn, so that one status
serves every language; the tests read them in English through :func:`_status`.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.atacama import boards as B
from engines.text import Joined, Text

from .. import common as C
from .geometry import HEADER, PAD, TITLE, Layout


def right_signs(right) -> str:
    """What a mining right scores, as the cards and the header write it: ``G+ S+ C–`` (turquoise,
    the columns of the basic game) or ``C+ G+ S–`` (orange).  The minus is an en dash: a hyphen
    beside the header's " · " shrinks to a dot on a phone ("S- · stage 2" read "S · · stage")."""
    return "G+ S+ C–" if right[1] == "turquoise" else "C+ G+ S–"


def _name(names: list[str], seat: int, width: int = 420) -> str:
    return C.fit_text(C.player_name(names, seat), TITLE, width)


def _tally(names: list[str], scores: list[int]) -> Joined:
    """``ann: 3 · bob: -1 · ...``: every player's name and points, the highest first."""
    return C.tally(names, scores)


def _status(state, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""
    outcome = state.outcome()
    if outcome is not None:
        scores = list(outcome.scores)
        if state.players == 2:
            tally = " : ".join(str(s) for s in scores)
        else:
            tally = _tally(names, scores)
        if outcome.end == "resign":
            gone = [C.player_name(names, s) for s in state.resigned]
            if len(gone) == 1:
                detail = Text("{player} resigned", player=gone[0])
            else:
                detail = Text("{players} resigned", players=Joined(gone, ", "))
            return outcome.winners[0], Text("{player} wins", player=_name(names, outcome.winners[0])), detail
        placed = not any(state.active(s) for s in range(state.players))
        why = Text("all towers are placed") if placed else Text("no free field is left")
        if outcome.is_draw:
            if state.players == 2:
                return None, Text("Draw {score}", score=tally), why
            if len(outcome.winners) == state.players:  # all of them: the tally under it names them
                return None, Text("Draw"), Joined([why, tally], " · ")
            return (
                None,
                Text("Draw: {players}", players=Joined([C.player_name(names, s) for s in outcome.winners], ", ")),
                Joined([why, tally], " · "),
            )
        winner = outcome.winners[0]
        if state.players == 2:
            return (
                winner,
                Text("{player} wins {score}", player=_name(names, winner), score=C.winner_first(scores, winner)),
                why,
            )
        return winner, Text("{player} wins", player=_name(names, winner)), Joined([why, tally], " · ")
    seat = state.current_player()
    legal = state.legal_moves()
    if state.must_buy(seat):
        detail = Text("last tower: buy cols or buy rows")
    elif legal == ["pass"]:
        detail = Text("no free field: pass")
    elif state.rights_open:
        detail = Text("place a tower or buy a right (buy cols, buy rows)")
    else:
        # the right by its axis and signs: its rulebook colour (turquoise, orange) would read as a seat's
        right = state.rights[seat]
        if right[0] == "cols":
            detail = Text("scores the columns: {signs}", signs=right_signs(right))
        else:
            detail = Text("scores the rows: {signs}", signs=right_signs(right))
    if state.stage is not None and state.pile:
        left = B.STAGE_TURNS * state.stage - state.turns
        if left == 1:
            nxt = Text("stage {stage}, next in {count} turn", stage=state.stage, count=left)
        else:
            nxt = Text("stage {stage}, next in {count} turns", stage=state.stage, count=left)
        # the stage first: the right's signs end the line, where no " · " runs into their minus
        detail = Joined([nxt, detail], " · ")
    return seat, Text("{player} to move", player=_name(names, seat)), detail


def _alert(state) -> str:
    """A word for the header's alert badge (a Text): a move the player is forced to make."""
    if state.outcome() is not None:
        return ""
    if state.must_buy(state.current_player()):
        return Text("MUST BUY")
    if state.legal_moves() == ["pass"]:
        return Text("MUST PASS")
    return ""


def _last_words(state, names: list[str]) -> str:
    """The last move when it left no tower to frame (a buy or a pass), as a Text."""
    if not state.last or state.last_field is not None:
        return ""
    who = C.player_name(names, state.last["seat"])
    move = state.last["move"]
    if move == "pass":
        return Text("{player} passed", player=who)
    if move.split()[1] == "cols":
        return Text("{player} bought the columns", player=who)
    return Text("{player} bought the rows", player=who)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, state, names, letters, lay: Layout, say=str) -> None:
    width = lay.width
    seat, title, detail = _status(state, names)
    title, detail = say(title), say(detail)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    alert = _alert(state)
    if alert:
        box = C.pill(img, (right, cy), say(alert), 22, C.ALERT, anchor="rm")
        right = box[0] - 16
    if state.outcome() is None:
        box = C.draw_text(
            img, (right, cy - 14), say(Text("Turn {number}", number=state.turns + 1)), 26, C.MUTED, anchor="rm"
        )
        last = say(_last_words(state, names))
        if last:
            C.draw_text(img, (right, cy + 22), C.fit_text(last, 20, 300), 20, C.MUTED, anchor="rm")
            right = min(box[0], right - min(300, C.text_width(last, 20))) - 16
        else:
            right = box[0] - 16
    C.title_and_detail(img, x, cy, right, title, detail, 21)
