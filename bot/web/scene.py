"""What the web board draws: a position as JSON, holding only what every viewer may see.

The engines' JSON carries hidden information (Architekton's face-down piles and
reserves, the order of Atacama's sub-boards still to be laid); a scene is built
from a whitelist, so that nothing hidden can slip into what is served.  Colours,
shapes and terrain/ore colours come from the render package, so the page and
the board images look alike.
"""
from __future__ import annotations

from typing import Any

from engines.architekton.tiles import BUILDINGS
from engines.atacama import boards as atacama_boards
from render import common
from render.architekton.geometry import TERRAIN_COLOURS
from render.atacama.geometry import ORE_COLOURS, ORE_INK


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def styles(players: int) -> list[dict[str, str]]:
    """Each seat's colour, text colour and shape, as on the images."""
    out = []
    for seat in range(players):
        style = common.player_style(seat)
        out.append({"colour": _hex(style.colour), "ink": _hex(style.ink), "shape": style.shape, "name": style.name})
    return out


PALETTE = {
    "background": _hex(common.BACKGROUND), "panel": _hex(common.PANEL), "ink": _hex(common.INK),
    "muted": _hex(common.MUTED), "faint": _hex(common.FAINT), "highlight": _hex(common.HIGHLIGHT),
    "alert": _hex(common.ALERT),
    "terrain": {k: _hex(v) for k, v in TERRAIN_COLOURS.items()},
    "ore": {k: _hex(v) for k, v in ORE_COLOURS.items()},
    "ore_ink": {k: _hex(v) for k, v in ORE_INK.items()},
}


def scene(game: str, state) -> dict[str, Any]:
    data = state.to_json()
    if game in ("tactori", "tactori-fem"):
        return _towers(data)
    if game == "atacama":
        return _atacama(state, data)
    return _architekton(data)


def _towers(data: dict) -> dict:
    last = data.get("last") or {}
    return {
        "size": data["size"],
        "stacks": data["stacks"],
        "bridges": [[b["from"], b["to"], b["owner"]] for b in data["bridges"]],
        "towers": data["towers"], "bridge_supply": data["bridge_supply"], "scores": data.get("scores"),
        "last": {"from": last.get("from"), "to": last.get("to"), "bridges": last.get("bridges", []),
                 "removed": last.get("removed"), "move": last.get("move")},
    }


def _atacama(state, data: dict) -> dict:
    fields = {atacama_boards.name(f): list(ore) for f, ore in state.ores.items()}
    last = data.get("last") or {}
    return {
        "size": atacama_boards.SIZE,
        "fields": fields,
        "towers": {name: [seat, other] for name, seat, other in data["towers"]},
        "unlaid": len(data["pile"]),          # how many sub-boards are still face down, never which
        "rights": data["rights"], "supply": data["supply"], "bought": data["bought"],
        "scores": state.scores(),
        "last": {"move": last.get("move"), "seat": last.get("seat")},
    }


def _architekton(data: dict) -> dict:
    shown = {t[3] for t in data["tiles"] if t[2] == "B"} | {t for t in data["stock"] if t in BUILDINGS}
    last = [e for e in data.get("events") or [] if e.get("type") == "place"]
    return {
        "tiles": data["tiles"], "houses": data["houses"], "supply": data["supply"], "chips": data["chips"],
        "bank": data["bank"], "stock": data["stock"], "discarded": data["discarded"],
        "pending": data["pending"], "turn_squares": data["turn_squares"],
        # face down: only how many
        "piles": {kind: len(tiles) + len(data["reserves"][kind]) for kind, tiles in data["piles"].items()},
        "sides": {b: list(BUILDINGS[b]) for b in sorted(shown)},
        "last": [e["square"] for e in last],
    }
