"""The status band above the board: whose turn or the result, a pending decision, the last round.

The lines are built as Texts and said only when drawn, so that one status
serves every language; the tests read them in English through :func:`_status`.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.text import Text

from .. import common as C
from .geometry import HEADER, PAD, TITLE


def _status(state, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""

    def name(seat: int) -> str:
        return C.fit_text(C.player_name(names, seat), TITLE, 420)

    outcome = state.outcome()
    if outcome is not None:
        score = " : ".join(str(s) for s in outcome.scores)
        if outcome.is_draw:
            return None, Text("Draw {score}", score=score), Text("same points and as many houses on the table")
        winner = outcome.winners[0]
        loser = 1 - winner
        score = C.winner_first(outcome.scores, winner)
        if outcome.end == "early":
            return (
                winner,
                Text("{player} wins", player=name(winner)),
                Text("{player} cannot pay for an enclosed building", player=name(loser)),
            )
        if outcome.end == "resign":
            return winner, Text("{player} wins", player=name(winner)), Text("{player} resigned", player=name(loser))
        if len(set(outcome.scores)) == 1 and state.final:
            houses = C.winner_first(state.final["houses"], winner)
            return (
                winner,
                Text("{player} wins {score}", player=name(winner), score=score),
                Text("on houses left on the table ({houses})", houses=houses),
            )
        return winner, Text("{player} wins {score}", player=name(winner), score=score), ""
    if state.pending is not None:
        sq = tuple(state.pending)
        owner = state.houses[sq]
        k = state.mismatches(sq)
        choice = (
            Text("keep the house and pay {keep} · remove it for free", keep=k)
            if k == 1
            else Text("keep the house and pay {keep} · remove it and pay {remove}", keep=k, remove=k - 1)
        )
        return owner, Text("{player} decides about {square}", player=name(owner), square=f"{sq[0]},{sq[1]}"), choice
    seat = state.turn_player
    return (
        seat,
        Text("{player} to move", player=name(seat)),
        Text("tile {number} of 2 this turn", number=state.placement + 1),
    )


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, state, names, letters, width: int, say=str) -> None:
    seat, title, detail = _status(state, names)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    if state.outcome() is None:
        if state.last_round_target is not None:
            left = sum(state.last_round_target - t for t in state.turns)
            alert = Text("FINAL TURN") if left <= 1 else Text("LAST ROUND")
            box = C.pill(img, (right, cy), say(alert), 22, C.ALERT, anchor="rm")
            right = box[0] - 16
        box = C.draw_text(
            img, (right, cy), say(Text("Turn {number}", number=sum(state.turns) + 1)), 26, C.MUTED, anchor="rm"
        )
        right = box[0] - 16
    C.title_and_detail(img, x, cy, right, say(title), say(detail), 22)
