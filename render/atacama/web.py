"""The web board's scene of Atacama: the position as JSON holding only what every viewer may see
(``bot/web/scene.py`` asks the game's ``web`` part, ``Game.part("web")``).  The order of the sub-boards still
to be laid is hidden: only how many."""

from __future__ import annotations

from engines import Text, Verbatim
from engines.atacama import boards as atacama_boards

from .geometry import ORE_COLOURS, ORE_INK

# The words its drawing (web.js) reads, said in the viewer's language (``bot/web/page.py`` adds them to
# the page's own); the page fills in {name} and {count} (as text).
WORDS = {
    "tower": Text("{name}'s tower", name=Verbatim("{name}")),
    "unlaid": Text("Sub-boards still face down: {count}", count=Verbatim("{count}")),
    "ore": {"G": Text("gold"), "S": Text("silver"), "C": Text("copper")},
}
COUNTS = {
    "towers": (Text("{count} tower", count=Verbatim("{count}")), Text("{count} towers", count=Verbatim("{count}"))),
    "points": (Text("{count} point", count=Verbatim("{count}")), Text("{count} points", count=Verbatim("{count}"))),
}


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


# the ores' colours as on the images, added to the page's palette
PALETTE = {"ore": {k: _hex(v) for k, v in ORE_COLOURS.items()}, "ore_ink": {k: _hex(v) for k, v in ORE_INK.items()}}


def scene(state, data: dict) -> dict:
    fields = {atacama_boards.name(f): list(ore) for f, ore in state.ores.items()}
    last = data.get("last") or {}
    return {
        "size": atacama_boards.SIZE,
        "fields": fields,
        "towers": {name: [seat, other] for name, seat, other in data["towers"]},
        "unlaid": len(data["pile"]),  # how many sub-boards are still face down, never which
        "rights": data["rights"],
        "supply": data["supply"],
        "bought": data["bought"],
        "scores": state.scores(),
        "last": {"move": last.get("move"), "seat": last.get("seat")},
    }
