"""Architekton events in words, for the turn message."""
from __future__ import annotations

from typing import Any

from .tiles import TERRAIN_NAMES


def _sq(square: list[int]) -> str:
    return f"{square[0]},{square[1]}"


def _chips(n: int) -> str:
    return f"{n} chip" + ("" if n == 1 else "s")


def describe_events(events: list[dict[str, Any]], names: list[str]) -> str:
    parts: list[str] = []
    for e in events:
        kind = e["type"]
        who = names[e.get("owner", e.get("seat", 0))]
        if kind == "place":
            if e["rotation"] is None:
                parts.append(f"{who} laid a {TERRAIN_NAMES[e['tile']]} tile ({e['tile']}) at {_sq(e['square'])}")
            else:
                text = f"{who} built {e['tile']} at {_sq(e['square'])} (r{e['rotation']})"
                if e["source"]:
                    text += f", moving the house from {_sq(e['source'])}"
                parts.append(text)
        elif kind == "perfect":
            gain = "takes a chip" if e["chips"] else "would take a chip, but the bank is empty"
            parts.append(f"{who}'s building at {_sq(e['square'])} is enclosed with every side matching: {who} {gain}")
        elif kind == "pay":
            how = "keeps the house and pays" if not e["removed"] else "takes the house back and pays"
            if e["auto"]:
                how = "must take the house back and pays"
            parts.append(f"{who} {how} {_chips(e['paid'])} for the building at {_sq(e['square'])}")
        elif kind == "pending":
            parts.append(f"{who}'s building at {_sq(e['square'])} is enclosed with {e['k']} mismatched "
                         f"side{'s' if e['k'] > 1 else ''}: {who} must choose keep (pay {_chips(e['k'])}) "
                         f"or remove (take the house back, pay {_chips(e['k'] - 1)})")
        elif kind == "bankrupt":
            parts.append(f"{who}'s building at {_sq(e['square'])} is enclosed with {e['k']} mismatches and "
                         f"{who} cannot pay: the match ends early")
        elif kind == "discard":
            parts.append(f"no stock tile fitted anywhere, so {', '.join(e['tiles'])} left the game")
        elif kind == "last-round":
            parts.append("the piles are exhausted: the last round begins")
        elif kind == "final":
            parts.append("the city is complete: final scoring")
    text = "; ".join(parts)
    return text + "." if text else ""


def final_breakdown(final: dict[str, Any], names: list[str]) -> str:
    """A9 in words: the removal, then group + chips per player."""
    rows = []
    for seat, name in enumerate(names):
        rows.append(f"{name}: {final['groups'][seat]} in the largest diagonal group + {_chips(final['chips'][seat])}"
                    f" = {final['points'][seat]} ({final['houses'][seat]} houses on the table)")
    removed = len(final["removed"])
    if removed:
        rows.append(f"{removed} building{'s' if removed != 1 else ''} with only 1 or 2 landscape neighbours "
                    "removed before scoring (A9).")
    return "\n".join(rows)
