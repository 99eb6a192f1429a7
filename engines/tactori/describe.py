"""Tactori / Tactori FEM events in words, for the turn message."""
from __future__ import annotations

from typing import Any

from .board import COLOURS


def _towers(n: int) -> str:
    return f"{n} tower" + ("" if n == 1 else "s")


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _bridges(events: list[dict[str, Any]]) -> str:
    laid = [e for e in events if e["source"] is None]
    moved = [e for e in events if e["source"] is not None]
    parts = []
    if laid:
        word = "a bridge" if len(laid) == 1 else "bridges"
        parts.append(f"laid {word} " + _list([f"{e['from']}-{e['to']} (floor {e['floor']})" for e in laid]))
    for e in moved:
        parts.append(f"moved the bridge {e['source'][0]}-{e['source'][1]} to {e['from']}-{e['to']} "
                     f"(floor {e['floor']})")
    return " and ".join(parts)


def _scores(scores: list[int], names: list[str]) -> str:
    return ", ".join(f"{names[s]} {p}" for s, p in enumerate(scores))


def describe_events(events: list[dict[str, Any]], names: list[str], fem: bool) -> str:
    def who(seat: int) -> str:
        return f"{names[seat]} ({COLOURS[seat]})"

    parts: list[str] = []
    bridges = [e for e in events if e["type"] == "bridge"]
    for e in events:
        kind = e["type"]
        if kind == "place":
            where = f"on {e['field']}" if e["height"] == 1 else f"on top of the stack on {e['field']} " \
                                                                 f"(now {e['height']} high)"
            text = f"{who(e['seat'])} placed a tower {where}"
            if bridges:
                text += " and " + _bridges(bridges)
            parts.append(text)
        elif kind == "move":
            k, chased = e["count"], e["chased"]
            what = "the tower" if k == 1 else f"a stack of {_towers(k)}"
            text = f"{who(e['seat'])} moved {what} from {e['from']} to {e['to']}"
            if chased:
                owners = sorted({COLOURS[o] for o in chased})
                n = len(chased)
                text += (f", chasing {_towers(n)} ({_list(owners)}): the {n} chased and the {n} chasing "
                         f"tower{'' if n == 1 else 's'} go back to their owners' supplies")
                if e["landed"]:
                    text += f"; {_towers(e['landed'])} landed on {e['to']}"
            if bridges:
                text += ", and " + _bridges(bridges)
            parts.append(text)
        elif kind == "bridge" and e is bridges[0] and not any(x["type"] in ("place", "move") for x in events):
            parts.append(f"{who(e['seat'])} " + _bridges(bridges))
        elif kind == "remove":
            parts.append(f"{who(e['seat'])} took the bridge {e['from']}-{e['to']} back into the supply")
        elif kind == "pass":
            parts.append(f"{who(e['seat'])} passed: nothing else was possible")
        elif kind == "last-round":
            rest = [names[s] for s in e["countdown"]]
            parts.append(f"{names[e['seat']]} has no towers left in the supply: "
                         f"{_list(rest)} {'gets' if len(rest) == 1 else 'get'} one more turn"
                         f"{'' if len(rest) == 1 else ' each'}, then the match is scored")
        elif kind == "resign":
            parts.append(f"{who(e['seat'])} resigned")
        elif kind == "end":
            winners = e["winners"]
            win = (f"{names[winners[0]]} wins" if len(winners) == 1
                   else "a draw between " + _list([names[s] for s in winners]))
            end = e["end"]
            if fem:
                if end == "loop":
                    parts.append(f"{names[winners[0]]} closed a loop of bridges and wins")
                elif end == "stuck":
                    parts.append(f"{names[1 - winners[0]]} has no legal turn left and loses: {win}")
                elif end == "repetition":
                    parts.append("the same position occurred for the third time: the match is a draw")
                elif end == "resign":
                    parts.append(win)
            else:
                if end == "repetition":
                    parts.append(f"the same position occurred for the third time: final scoring "
                                 f"({_scores(e['scores'], names)}): {win}")
                elif end == "normal":
                    parts.append(f"final scoring ({_scores(e['scores'], names)}): {win}")
                else:
                    parts.append(win)
    text = "; ".join(parts)
    return text + "." if text else ""
