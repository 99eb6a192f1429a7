"""Atacama events in words, for the turn message."""
from __future__ import annotations

from typing import Any

from .boards import AXIS_WORDS, ORE_NAMES, SIZE, THRESHOLD, line_name
from .scoring import line_value

RIGHT_WORDS = {
    "turquoise": "turquoise: gold and silver plus, copper minus",
    "orange": "orange: copper and gold plus, silver minus",
}
STAGE_WORDS = {2: "on the diagonal", 3: "to complete the board"}


def _name(names: list[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"Player {seat + 1}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def right_words(axis: str, colour: str) -> str:
    return f"the {AXIS_WORDS[axis]} right ({RIGHT_WORDS[colour]})"


def final_words(winners: list[int], scores: list[int], names: list[str]) -> str:
    tally = ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(scores))
    if len(winners) == 1:
        return f"{_name(names, winners[0])} wins ({tally})"
    return f"draw between {_and([_name(names, s) for s in winners])} ({tally})"


def describe_events(events: list[dict[str, Any]], names: list[str]) -> str:
    parts: list[str] = []
    for e in events:
        kind = e["type"]
        who = _name(names, e.get("seat", 0))
        if kind == "place":
            ore = f"{ORE_NAMES[e['ore']]} {e['value']}"
            if e["other"]:
                parts.append(f"{who} placed an other-colour tower on {e['field']} ({ore}, counts double)")
            else:
                parts.append(f"{who} placed a tower on {e['field']} ({ore})")
        elif kind == "buy":
            paid = "an other-colour tower" if e["paid"] == "other" else "a tower"
            verb = "had to buy" if e["forced"] else "bought"
            last = " (the last one)" if e["forced"] else ""
            parts.append(f"{who} {verb} {right_words(e['axis'], e['colour'])}, paying with {paid}{last}")
        elif kind == "receive":
            parts.append(f"{who} receives {right_words(e['axis'], e['colour'])}")
        elif kind == "pass":
            parts.append(f"{who} cannot place a tower and passes")
        elif kind == "stage":
            letters = _and([b[0] for b in e["boards"]])
            parts.append(f"stage {e['stage']} begins: sub-boards {letters} are laid {STAGE_WORDS[e['stage']]}")
        elif kind == "final":
            why = "all towers are placed" if e["reason"] == "placed" else "no tower can be placed any more"
            parts.append(f"{why}: {final_words(e['winners'], e['scores'], names)}")
    text = "; ".join(parts)
    return text + "." if text else ""  # starts with a display name: keep its case


def score_breakdown(state, names: list[str]) -> str:
    """T4 in words, one line per player: the scoring lines of his right and the sum."""
    rows = []
    scores = state.scores()
    for seat, right in enumerate(state.rights):
        who = _name(names, seat)
        if right is None:
            rows.append(f"{who}: no right, 0 points")
            continue
        axis, colour = right
        parts = []
        for index in range(SIZE):
            count, value = line_value(state.towers, state.ores, axis, index, colour)
            if count >= THRESHOLD:
                parts.append(f"{line_name(axis, index)} {value:+d}")
        lines = ", ".join(parts) if parts else f"no {AXIS_WORDS[axis][:-1]} with {THRESHOLD} towers"
        gone = " (resigned)" if seat in state.resigned else ""
        rows.append(f"{who}{gone}, {AXIS_WORDS[axis]} ({colour}): {lines} = {scores[seat]}")
    return "\n".join(rows)
