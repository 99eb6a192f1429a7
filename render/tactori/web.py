"""The web board's scene of Tactori and FEM: the position as JSON holding only what every viewer may see
(``bot/web/scene.py`` asks the game's ``web`` part, ``Game.part("web")``)."""

from __future__ import annotations

from engines import Text, Verbatim

# The words its drawing (web.js) reads, said in the viewer's language (``bot/web/page.py`` adds them to
# the page's own); the page fills in {name} and {count} (as text).
WORDS = {
    "tower": Text("{name}'s tower", name=Verbatim("{name}")),
    "towers": Text("{name}'s tower of {count}", name=Verbatim("{name}"), count=Verbatim("{count}")),
    "bridge": Text("{name}'s bridge", name=Verbatim("{name}")),
}
COUNTS = {
    "towers": (Text("{count} tower", count=Verbatim("{count}")), Text("{count} towers", count=Verbatim("{count}"))),
    "bridges": (Text("{count} bridge", count=Verbatim("{count}")), Text("{count} bridges", count=Verbatim("{count}"))),
    "points": (Text("{count} point", count=Verbatim("{count}")), Text("{count} points", count=Verbatim("{count}"))),
}


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
