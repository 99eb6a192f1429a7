"""The web board's scene of Architekton: the position as JSON holding only what every viewer may see
(``bot/web/scene.py`` asks the game's ``web`` part, ``Game.part("web")``).  The face-down piles and reserves are
hidden: only how many."""

from __future__ import annotations

from engines import Text, Verbatim
from engines.architekton.tiles import BUILDINGS

from .geometry import TERRAIN_COLOURS

# The words its drawing (web.js) reads, said in the viewer's language (``bot/web/page.py`` adds them to
# the page's own); the page fills in {name} and {count} (as text).
WORDS = {
    "house": Text("{name}'s house", name=Verbatim("{name}")),
    "pile": Text("Face-down tiles: {count}", count=Verbatim("{count}")),
    "stock": Text("Open tiles"),
    "landscape": Text("landscape"),
    "building": Text("building"),
    "terrain": {"E": Text("earth"), "M": Text("meadow"), "W": Text("water"), "F": Text("forest")},
}
COUNTS = {
    "chips": (Text("{count} chip", count=Verbatim("{count}")), Text("{count} chips", count=Verbatim("{count}"))),
    "houses": (Text("{count} house", count=Verbatim("{count}")), Text("{count} houses", count=Verbatim("{count}"))),
}


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


# the terrains' colours as on the images, added to the page's palette
PALETTE = {"terrain": {k: _hex(v) for k, v in TERRAIN_COLOURS.items()}}


def scene(state, data: dict) -> dict:
    shown = {t[3] for t in data["tiles"] if t[2] == "B"} | {t for t in data["stock"] if t in BUILDINGS}
    last = [e for e in data.get("events") or [] if e.get("type") == "place"]
    return {
        "tiles": data["tiles"],
        "houses": data["houses"],
        "supply": data["supply"],
        "chips": data["chips"],
        "bank": data["bank"],
        "stock": data["stock"],
        "discarded": data["discarded"],
        "pending": data["pending"],
        "turn_squares": data["turn_squares"],
        # face down: only how many
        "piles": {kind: len(tiles) + len(data["reserves"][kind]) for kind, tiles in data["piles"].items()},
        "sides": {b: list(BUILDINGS[b]) for b in sorted(shown)},
        "last": [e["square"] for e in last],
    }
