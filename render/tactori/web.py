"""The web board's scene of Tactori and FEM: the position as JSON holding only what every viewer may see
(``bot/web/scene.py`` asks the game's ``web`` part, ``Game.part("web")``)."""

from __future__ import annotations


def scene(state, data: dict) -> dict:
    last = data.get("last") or {}
    return {
        "size": data["size"],
        "stacks": data["stacks"],
        "bridges": [[b["from"], b["to"], b["owner"]] for b in data["bridges"]],
        "towers": data["towers"],
        "bridge_supply": data["bridge_supply"],
        "scores": data.get("scores"),
        "last": {
            "from": last.get("from"),
            "to": last.get("to"),
            "bridges": last.get("bridges", []),
            "removed": last.get("removed"),
            "move": last.get("move"),
        },
    }
