"""Tactori / Tactori FEM events in words, for the turn message.

Every clause is a :class:`~engines.text.Text` with a whole-clause template, so
that the bot can say it in the reader's language; the clauses of one turn are
joined with ``"; "`` and end with a full stop.
"""

from __future__ import annotations

from typing import Any

from ..text import CLAUSES, Joined, Text, with_colour
from .board import COLOUR_WORDS, COLOURS


def _names(names: list[str]) -> Any:
    """``ann``, ``ann and bob``, ``ann, bob and cy``."""
    if len(names) <= 1:
        return "".join(names)
    return Text("{names} and {last_name}", names=Joined(names[:-1], ", "), last_name=names[-1])


def _colours(seats: list[int]) -> Any:
    """The colours of ``seats``, each once, in alphabetical order of the English words (as before)."""
    words = [COLOUR_WORDS[c] for c in sorted({COLOURS[s] for s in seats})]
    if len(words) == 1:
        return words[0]
    return Text("{colours} and {last_colour}", colours=Joined(words[:-1], ", "), last_colour=words[-1])


def _places(places: list[Text]) -> Any:
    if len(places) == 1:
        return places[0]
    return Text("{bridges} and {last_bridge}", bridges=Joined(places[:-1], ", "), last_bridge=places[-1])


def _bridges(events: list[dict[str, Any]]) -> Text:
    """What the turn did with bridges, as a verb phrase (``laid a bridge c3-e3 (floor 1)``)."""
    laid = [e for e in events if e["source"] is None]
    moved = [e for e in events if e["source"] is not None]
    parts: list[Text] = []
    if laid:
        places = [Text("{bridge} (floor {floor})", bridge=f"{e['from']}-{e['to']}", floor=e["floor"]) for e in laid]
        if len(laid) == 1:
            parts.append(Text("laid a bridge {bridge}", bridge=places[0]))
        else:
            parts.append(Text("laid bridges {bridges}", bridges=_places(places)))
    for e in moved:
        parts.append(
            Text(
                "moved the bridge {source} to {bridge} (floor {floor})",
                source=f"{e['source'][0]}-{e['source'][1]}",
                bridge=f"{e['from']}-{e['to']}",
                floor=e["floor"],
            )
        )
    text = parts[0]
    for part in parts[1:]:
        text = Text("{actions} and {bridge_action}", actions=text, bridge_action=part)
    return text


def _place(e: dict[str, Any], player: Text, bridges: list[dict[str, Any]]) -> Text:
    field = e["field"]
    if e["height"] == 1:
        if bridges:
            return Text(
                "{player} placed a tower on {field} and {bridges}",
                player=player,
                field=field,
                bridges=_bridges(bridges),
            )
        return Text("{player} placed a tower on {field}", player=player, field=field)
    if bridges:
        return Text(
            "{player} placed a tower on top of the stack on {field} (now {height} high) and {bridges}",
            player=player,
            field=field,
            height=e["height"],
            bridges=_bridges(bridges),
        )
    return Text(
        "{player} placed a tower on top of the stack on {field} (now {height} high)",
        player=player,
        field=field,
        height=e["height"],
    )


def _move(e: dict[str, Any], player: Text, bridges: list[dict[str, Any]]) -> Text:
    k, chased, landed = e["count"], e["chased"], e["landed"]
    if k == 1:
        text = Text(
            "{player} moved the tower from {origin} to {target}", player=player, origin=e["from"], target=e["to"]
        )
    else:
        text = Text(
            "{player} moved a stack of {count} towers from {origin} to {target}",
            player=player,
            count=k,
            origin=e["from"],
            target=e["to"],
        )
    if chased:
        owners = _colours(chased)
        n = len(chased)
        if n == 1:
            text = Text(
                "{move}, chasing 1 tower ({colours}): the 1 chased and the 1 chasing tower go back to "
                "their owners' supplies",
                move=text,
                colours=owners,
            )
        else:
            text = Text(
                "{move}, chasing {count} towers ({colours}): the {count} chased and the {count} chasing "
                "towers go back to their owners' supplies",
                move=text,
                count=n,
                colours=owners,
            )
        if landed:
            # After a chase, the landing and the bridges are one template: the bridges follow the landed towers.
            if bridges:
                if landed == 1:
                    return Text(
                        "{move}; 1 tower landed on {target}, and {bridges}",
                        move=text,
                        target=e["to"],
                        bridges=_bridges(bridges),
                    )
                return Text(
                    "{move}; {count} towers landed on {target}, and {bridges}",
                    move=text,
                    count=landed,
                    target=e["to"],
                    bridges=_bridges(bridges),
                )
            if landed == 1:
                return Text("{move}; 1 tower landed on {target}", move=text, target=e["to"])
            return Text("{move}; {count} towers landed on {target}", move=text, count=landed, target=e["to"])
    if bridges:
        text = Text("{move}, and {bridges}", move=text, bridges=_bridges(bridges))
    return text


def _last_round(e: dict[str, Any], names: list[str]) -> Text:
    rest = [names[s] for s in e["countdown"]]
    if len(rest) == 1:
        return Text(
            "{name} has no towers left in the supply: {other} gets one more turn, then the match is scored",
            name=names[e["seat"]],
            other=rest[0],
        )
    return Text(
        "{name} has no towers left in the supply: {others} get one more turn each, then the match is scored",
        name=names[e["seat"]],
        others=_names(rest),
    )


def _end(e: dict[str, Any], names: list[str], fem: bool) -> Text | None:
    winners = e["winners"]
    if len(winners) == 1:
        win = Text("{name} wins", name=names[winners[0]])
    else:
        win = Text("a draw between {names}", names=_names([names[s] for s in winners]))
    end = e["end"]
    if fem:
        if end == "loop":
            return Text("{name} closed a loop of bridges and wins", name=names[winners[0]])
        if end == "stuck":
            return Text("{name} has no legal turn left and loses: {result}", name=names[1 - winners[0]], result=win)
        if end == "repetition":
            return Text("the same position occurred for the third time: the match is a draw")
        if end == "resign":
            return win
        return None
    # The points and the winner of a scored end are the final message's breakdown and result line:
    # the move's words only say that the match was scored.
    if end == "repetition":
        return Text("the same position occurred for the third time: final scoring")
    if end == "normal":
        return Text("final scoring")
    return win


def describe_events(events: list[dict[str, Any]], names: list[str], fem: bool) -> Text | str:
    def who(seat: int) -> Text:
        """The mover's name with his colour: "ann (blue)", "Bot 2 (hard, orange)"."""
        return with_colour(names[seat], COLOUR_WORDS[COLOURS[seat]])

    parts: list[Text] = []
    bridges = [e for e in events if e["type"] == "bridge"]
    for e in events:
        kind = e["type"]
        if kind == "place":
            parts.append(_place(e, who(e["seat"]), bridges))
        elif kind == "move":
            parts.append(_move(e, who(e["seat"]), bridges))
        elif kind == "bridge" and e is bridges[0] and not any(x["type"] in ("place", "move") for x in events):
            player = who(e["seat"])
            parts.append(Text("{player} {bridges}", player=player, bridges=_bridges(bridges)))
        elif kind == "remove":
            player = who(e["seat"])
            parts.append(
                Text(
                    "{player} took the bridge {bridge} back into the supply",
                    player=player,
                    bridge=f"{e['from']}-{e['to']}",
                )
            )
        elif kind == "pass":
            player = who(e["seat"])
            parts.append(Text("{player} passed: nothing else was possible", player=player))
        elif kind == "last-round":
            parts.append(_last_round(e, names))
        elif kind == "resign":
            player = who(e["seat"])
            parts.append(Text("{player} resigned", player=player))
        elif kind == "end":
            text = _end(e, names, fem)
            if text is not None:
                parts.append(text)
    if not parts:
        return ""
    return Text("{turn}.", turn=parts[0] if len(parts) == 1 else Joined(parts, CLAUSES))
