"""The palette of a board's PNG: the one the last board of that size had, while it still fits.

Board images are flat colours plus antialiased edges, so a palette of a couple
of hundred colours loses nothing visible.  Choosing one (an octree over a
sample of every third row and column) costs about 0.9 ms, and Pillow builds
the lookup table of a new palette while applying it, another 0.5 ms: together
a fifth of a board.  From one turn to the next a board keeps nearly all its
colours, so the last palette of the same image size is tried first: the sample
is mapped through it (a fraction of a millisecond, its table warm), and the
palette is kept when no sampled pixel moves more than :data:`FIT` levels in a
channel; otherwise a new one is chosen.  On the bench's boards four in five
keep it, and the PNGs are no further from their drawings than before.

So the bytes of one image's PNG depend on what was encoded before it; its
pixels differ only by palette rounding, as they did.  A palette is used by one
thread at a time: Pillow fills its table while applying it, with the GIL
released.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import cast

from PIL import Image, ImageChops

SAMPLE = 3  # every third row and column chooses the palette
# The largest difference in a channel, over the sample, that a kept palette may
# make: a new palette's own rounding reaches 35-56 over a whole board.
FIT = 32
KEPT = 8  # palettes kept, one per image size, the least recently used dropped

_kept: OrderedDict[tuple[int, int], Image.Image] = OrderedDict()
_lock = threading.Lock()
counts = {"kept": 0, "chosen": 0}


def _take(size: tuple[int, int]) -> Image.Image | None:
    with _lock:
        return _kept.pop(size, None)


def _give_back(size: tuple[int, int], palette: Image.Image) -> None:
    with _lock:
        _kept[size] = palette
        _kept.move_to_end(size)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def fits(sample: Image.Image, palette: Image.Image) -> bool:
    """Whether every pixel of ``sample`` lies within :data:`FIT` of its colour in ``palette``."""
    mapped = sample.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    # An RGB image's extrema are one (low, high) pair per band.
    extrema = cast("tuple[tuple[int, int], ...]", ImageChops.difference(mapped, sample).getextrema())
    return max(high for _, high in extrema) <= FIT


def choose(sample: Image.Image, colours: int) -> Image.Image:
    palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.load()
    return palette


def quantize(rgb: Image.Image, colours: int = 224) -> Image.Image:
    """``rgb`` as a palette image of at most ``colours`` colours, without dithering."""
    sample = rgb.resize((max(1, rgb.width // SAMPLE), max(1, rgb.height // SAMPLE)), Image.Resampling.NEAREST)
    palette = _take(rgb.size)
    if palette is not None and len(palette.getpalette() or ()) <= 3 * colours and fits(sample, palette):
        counts["kept"] += 1
    else:
        palette = choose(sample, colours)
        counts["chosen"] += 1
    try:
        return rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    finally:
        _give_back(rgb.size, palette)


def forget() -> None:
    """Drop every kept palette (tests start from none)."""
    with _lock:
        _kept.clear()
    counts.update(kept=0, chosen=0)
