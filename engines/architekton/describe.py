"""Architekton events in words, for the turn message."""

from __future__ import annotations

from typing import Any

from ..text import CLAUSES, Joined, Text
from .tiles import TERRAIN_NAMES


def _sq(square: list[int]) -> str:
    return f"{square[0]},{square[1]}"


def _chips(n: int) -> Text:
    return Text("{count} chip", count=n) if n == 1 else Text("{count} chips", count=n)


def _place(e: dict[str, Any], who: str) -> Text:
    square = _sq(e["square"])
    if e["rotation"] is None:
        fields = dict(player=who, terrain=TERRAIN_NAMES[e["tile"]], tile=e["tile"], square=square)
        if str(fields["terrain"])[0] in "aeiou":
            return Text("{player} laid an {terrain} tile ({tile}) at {square}", **fields)
        return Text("{player} laid a {terrain} tile ({tile}) at {square}", **fields)
    if e["source"]:
        return Text(
            "{player} built {tile} at {square} (r{rotation}), moving the house from {source}",
            player=who,
            tile=e["tile"],
            square=square,
            rotation=e["rotation"],
            source=_sq(e["source"]),
        )
    return Text(
        "{player} built {tile} at {square} (r{rotation})",
        player=who,
        tile=e["tile"],
        square=square,
        rotation=e["rotation"],
    )


def _pay(e: dict[str, Any], who: str) -> Text:
    params = {"player": who, "chips": _chips(e["paid"]), "square": _sq(e["square"])}
    if e["paid"] == 0:  # one mismatch, house taken back: said as free, not "pays 0 chips"
        if e["auto"]:
            return Text(
                "{player} must take the house back from the building at {square}, free of charge",
                player=who,
                square=params["square"],
            )
        return Text(
            "{player} takes the house back from the building at {square}, free of charge",
            player=who,
            square=params["square"],
        )
    if e["auto"]:
        return Text("{player} must take the house back and pays {chips} for the building at {square}", **params)
    if e["removed"]:
        return Text("{player} takes the house back and pays {chips} for the building at {square}", **params)
    return Text("{player} keeps the house and pays {chips} for the building at {square}", **params)


def _event(e: dict[str, Any], names: list[str]) -> Text | None:
    kind = e["type"]
    who = names[e.get("owner", e.get("seat", 0))]
    if kind == "place":
        return _place(e, who)
    if kind == "perfect":
        if e["chips"]:
            return Text(
                "{player}'s building at {square} is enclosed with every side matching: {player} takes a chip",
                player=who,
                square=_sq(e["square"]),
            )
        return Text(
            "{player}'s building at {square} is enclosed with every side matching: {player} would take "
            "a chip, but the bank is empty",
            player=who,
            square=_sq(e["square"]),
        )
    if kind == "pay":
        return _pay(e, who)
    if kind == "pending":
        params = {
            "player": who,
            "square": _sq(e["square"]),
            "count": e["k"],
            "keep": _chips(e["k"]),
            "remove": _chips(e["k"] - 1),
        }
        if e["k"] == 1:  # removing costs k-1 = 0 chips: said as free
            return Text(
                "{player}'s building at {square} is enclosed with {count} mismatched side: {player} must "
                "choose keep (pay {keep}) or remove (take the house back for free)",
                **params,
            )
        return Text(
            "{player}'s building at {square} is enclosed with {count} mismatched sides: {player} must "
            "choose keep (pay {keep}) or remove (take the house back, pay {remove})",
            **params,
        )
    if kind == "bankrupt":
        # Only k >= 2 can leave an owner unable to pay (A5), so "mismatches" is always plural.
        return Text(
            "{player}'s building at {square} is enclosed with {count} mismatches and {player} cannot pay: "
            "the match ends early",
            player=who,
            square=_sq(e["square"]),
            count=e["k"],
        )
    if kind == "discard":
        return Text("no stock tile fitted anywhere, so {tiles} left the game", tiles=", ".join(e["tiles"]))
    if kind == "last-round":
        return Text("the piles are exhausted: the last round begins")
    if kind == "final":
        return Text("the city is complete: final scoring")
    return None


def describe_events(events: list[dict[str, Any]], names: list[str]) -> Text | str:
    parts = [part for part in (_event(e, names) for e in events) if part is not None]
    if not parts:
        return ""
    return Joined([Joined(parts, CLAUSES), "."], "")


def final_breakdown(final: dict[str, Any], names: list[str]) -> Text:
    """A9 in words: the removal, then group + chips per player."""
    rows: list[Text] = []
    for seat, name in enumerate(names):
        fields = dict(
            name=name,
            group=final["groups"][seat],
            chips=_chips(final["chips"][seat]),
            points=final["points"][seat],
            houses=final["houses"][seat],
        )
        rows.append(
            Text(
                "{name}: {group} in the largest diagonal group + {chips} = {points} ({houses} house on the table)",
                **fields,
            )
            if fields["houses"] == 1
            else Text(
                "{name}: {group} in the largest diagonal group + {chips} = {points} ({houses} houses on the table)",
                **fields,
            )
        )
    removed = len(final["removed"])
    if removed == 1:
        rows.append(
            Text("{count} building with only 1 or 2 landscape neighbours removed before scoring (A9).", count=removed)
        )
    elif removed:
        rows.append(
            Text("{count} buildings with only 1 or 2 landscape neighbours removed before scoring (A9).", count=removed)
        )
    return Joined(rows, "\n")
