"""Atacama events in words, for the turn message.

Everything a player reads is a :class:`~engines.text.Text`, so the bot can say
it in the reader's language; the English wording is the Text itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..text import CLAUSES, Joined, Text
from .boards import ORE_NAMES, SIZE, THRESHOLD, line_name
from .scoring import line_value

if TYPE_CHECKING:
    from .state import AtacamaState

# T2: the signs of each right.
RIGHT_WORDS = {
    "turquoise": Text("gold and silver plus, copper minus"),
    "orange": Text("copper and gold plus, silver minus"),
}


def _name(names: list[str], seat: int) -> Any:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return Text("Player {number}", number=seat + 1)


def and_list(items: list[Any]) -> Any:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) == 1:
        return items[0]
    return Text("{others} and {last}", others=Joined(items[:-1], ", "), last=items[-1])


def right_words(axis: str, colour: str) -> Text:
    terms = RIGHT_WORDS[colour]
    if axis == "cols":
        return Text("the columns right ({terms})", terms=terms)
    return Text("the rows right ({terms})", terms=terms)


def final_words(winners: list[int], scores: list[int], names: list[str]) -> Text:
    tally = Joined([Joined([_name(names, s), p], " ") for s, p in enumerate(scores)], ", ")
    if len(winners) == 1:
        return Text("{winner} wins ({scores})", winner=_name(names, winners[0]), scores=tally)
    return Text("draw between {players} ({scores})", players=and_list([_name(names, s) for s in winners]), scores=tally)


def _place_words(e: dict[str, Any], who: Any) -> Text:
    ore = Joined([ORE_NAMES[e["ore"]], e["value"]], " ")
    if e["other"]:
        return Text(
            "{player} placed an other-colour tower on {field} ({ore}, counts double)",
            player=who,
            field=e["field"],
            ore=ore,
        )
    return Text("{player} placed a tower on {field} ({ore})", player=who, field=e["field"], ore=ore)


def _buy_words(e: dict[str, Any], who: Any) -> Text:
    right = right_words(e["axis"], e["colour"])
    other = e["paid"] == "other"
    if e["forced"]:
        if other:
            return Text(
                "{player} had to buy {right}, paying with an other-colour tower (the last one)", player=who, right=right
            )
        return Text("{player} had to buy {right}, paying with a tower (the last one)", player=who, right=right)
    if other:
        return Text("{player} bought {right}, paying with an other-colour tower", player=who, right=right)
    return Text("{player} bought {right}, paying with a tower", player=who, right=right)


def _stage_words(e: dict[str, Any]) -> Text:
    boards = and_list([b[0] for b in e["boards"]])
    if e["stage"] == 2:
        return Text(
            "stage {stage} begins: sub-boards {boards} are laid on the diagonal", stage=e["stage"], boards=boards
        )
    return Text(
        "stage {stage} begins: sub-boards {boards} are laid to complete the board", stage=e["stage"], boards=boards
    )


def _final_words(e: dict[str, Any], names: list[str]) -> Text:
    result = final_words(e["winners"], e["scores"], names)
    if e["reason"] == "placed":
        return Text("all towers are placed: {result}", result=result)
    return Text("no tower can be placed any more: {result}", result=result)


def describe_events(events: list[dict[str, Any]], names: list[str]) -> str:
    parts: list[Text] = []
    for e in events:
        kind = e["type"]
        who = _name(names, e.get("seat", 0))
        if kind == "place":
            parts.append(_place_words(e, who))
        elif kind == "buy":
            parts.append(_buy_words(e, who))
        elif kind == "receive":
            parts.append(Text("{player} receives {right}", player=who, right=right_words(e["axis"], e["colour"])))
        elif kind == "pass":
            parts.append(Text("{player} cannot place a tower and passes", player=who))
        elif kind == "stage":
            parts.append(_stage_words(e))
        elif kind == "final":
            parts.append(_final_words(e, names))
    if not parts:
        return ""
    return Joined([Joined(parts, CLAUSES), "."], "")  # starts with a display name: keep its case


def score_breakdown(state: AtacamaState, names: list[str]) -> str:
    """T4 in words, one line per player: the scoring lines of his right and the sum."""
    rows: list[Text] = []
    scores = state.scores()
    for seat, right in enumerate(state.rights):
        who = _name(names, seat)
        if right is None:
            rows.append(Text("{player}: no right, 0 points", player=who))
            continue
        axis, colour = right
        parts: list[Text] = []
        for index in range(SIZE):
            count, value = line_value(state.towers, state.ores, axis, index, colour)
            if count >= THRESHOLD:
                parts.append(Joined([line_name(axis, index), f"{value:+d}"], " "))
        lines: Text
        if parts:
            lines = Joined(parts, ", ")
        elif axis == "cols":
            lines = Text("no column with {count} towers", count=THRESHOLD)
        else:
            lines = Text("no row with {count} towers", count=THRESHOLD)
        if seat in state.resigned:
            who = Text("{player} (resigned)", player=who)
        if axis == "cols":
            rows.append(Text("{player}, columns: {lines} = {score}", player=who, lines=lines, score=scores[seat]))
        else:
            rows.append(Text("{player}, rows: {lines} = {score}", player=who, lines=lines, score=scores[seat]))
    return Joined(rows, "\n")
