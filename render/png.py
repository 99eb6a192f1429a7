"""Board images as palette PNGs, fast: a palette kept per kind of board, rows compressed once.

Encoding took most of a board's time: choosing a palette (octree on a sample),
mapping the pixels to it, and zlib.  Two things make it cheaper without
showing anything else:

- **A palette per kind of board** (``key``: game, seats, image size).  Boards of
  one kind use the same colours, so the palette of the last board usually fits
  the next one.  It is kept only while it serves the new board's sample (every
  third row and column) no worse than it served the board it was made for (the
  largest error in a channel); otherwise a new one is made.  So a reused
  palette rounds no coarser than a fresh one would have on that sample.
- **Bands of rows compressed once.**  The palette indices are cut into bands
  of about 16 KB; each band is deflated on its own (a full flush ends it, so it
  refers to nothing before it) and kept, keyed by its bytes and the palette.
  Most bands of a board are the same as on the board before (only a move, the
  header and a score change), so only the changed ones are compressed.  The
  zlib stream is the kept pieces one after the other, with its Adler-32
  combined from theirs.

The colours named in the renderers (the players' Okabe-Ito colours, grounds,
ink, ores, terrains; :func:`exact_colours`) are in every palette exactly, and
no other entry lies near enough to take their pixels (Pillow maps a pixel
through a cache of 4-level steps, so a near entry could).  The palette of the
old encoder (224 octree colours) rounded them by a few levels; here flat
areas of those colours keep their colour.
"""
from __future__ import annotations

import struct
import zlib
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from itertools import count

from PIL import Image, ImageChops

RGB = tuple[int, int, int]
SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND_BYTES = 16 * 1024          # a band: whole rows, about this many bytes of palette indices
BANDS_BUDGET = 16 * 1024 * 1024  # bytes of kept bands (indices and their deflated piece), all boards
PALETTES_KEPT = 64              # kinds of board whose last palette is kept
# No other palette entry within this distance of a named colour: a pixel of
# that colour falls in a 4x4x4 cache cell whose corner lies within 3 levels
# per channel (5.2 in distance), so an entry closer to the corner than the
# named colour lies within twice that of it.
EXACT_CLEARANCE = 11
# A kept palette serves while no sampled pixel is further than this (or than it was from the
# board it was made for) in a channel.  The old encoder's fresh palettes were up to 33-49 levels
# off on these boards (bench: png_error), so this keeps the rounding within what it was.
REUSE_WITHIN = int(__import__("os").environ.get("REUSE_WITHIN", "24"))
COMPRESS_LEVEL = 1               # zlib: level 1 takes a fifth less time than 3 for files a tenth larger


# ------------------------------------------------------------------ colours
@lru_cache(maxsize=1)
def exact_colours() -> tuple[RGB, ...]:
    """The players' colours (Okabe-Ito, chosen to stay apart under colour-vision deficiencies):
    their areas keep exactly these colours."""
    from .common import PLAYER_STYLES

    return tuple(dict.fromkeys(style.colour for style in PLAYER_STYLES))


# ------------------------------------------------------------------ palettes
_serials = count(1)


@dataclass(frozen=True)
class Palette:
    colours: tuple[RGB, ...]   # 256 entries (padded with the first)
    image: Image.Image         # a "P" image carrying them, for Image.quantize
    bound: int                 # largest channel error on the sample it was made from
    serial: int                # names it in the band keys

    @property
    def plte(self) -> bytes:
        return bytes(c for colour in self.colours for c in colour)


def _palette_image(colours: list[RGB]) -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette([c for colour in colours for c in colour])
    return image


def sample_of(rgb: Image.Image) -> Image.Image:
    """Every third row and column: what palettes are chosen and checked on."""
    return rgb.resize((max(1, rgb.width // 3), max(1, rgb.height // 3)), Image.NEAREST)


def largest_error(rgb: Image.Image, palette_image: Image.Image) -> int:
    """The largest difference in a channel between ``rgb`` and it mapped to the palette."""
    mapped = rgb.quantize(palette=palette_image, dither=Image.Dither.NONE).convert("RGB")
    histogram = ImageChops.difference(rgb, mapped).histogram()    # 3 x 256 counts (faster than getextrema)
    return max((level for level in range(256)
                if histogram[level] or histogram[256 + level] or histogram[512 + level]), default=0)


def serves(rgb: Image.Image, palette_image: Image.Image, limit: int) -> bool:
    """Whether ``rgb`` mapped to the palette stays within ``limit`` in every channel."""
    mapped = rgb.quantize(palette=palette_image, dither=Image.Dither.NONE).convert("RGB")
    over = ImageChops.difference(rgb, mapped).point(([0] * (limit + 1) + [255] * (255 - limit)) * 3)
    return over.getbbox() is None


def make_palette(sample: Image.Image) -> Palette:
    """The named colours exactly, then octree colours of ``sample`` that keep clear of them."""
    named = list(exact_colours())[:256]
    octree = sample.quantize(colors=max(2, 256 - len(named)), method=Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE)
    flat = octree.getpalette() or []
    used = sorted(index for _, index in octree.getcolors(256) or [])
    clear = EXACT_CLEARANCE ** 2
    extra = []
    for index in used:
        colour = tuple(flat[3 * index:3 * index + 3])
        if colour in named or any((colour[0] - n[0]) ** 2 + (colour[1] - n[1]) ** 2 + (colour[2] - n[2]) ** 2 < clear
                                  for n in named):
            continue
        extra.append(colour)
    colours = (named + extra)[:256]
    colours += [colours[0]] * (256 - len(colours))     # every index Pillow may pick is a real entry
    image = _palette_image(colours)
    return Palette(tuple(colours), image, largest_error(sample, image), next(_serials))


class _Palettes:
    """The last palette of each kind of board (a few kinds, least recently used out)."""

    def __init__(self, kept: int):
        self.kept = kept
        self.entries: OrderedDict[Hashable, Palette] = OrderedDict()
        self.reused = self.made = 0

    def for_image(self, rgb: Image.Image, key: Hashable | None) -> Palette:
        sample = sample_of(rgb)
        last = self.entries.get(key) if key is not None else None
        if last is not None and serves(sample, last.image, max(last.bound, REUSE_WITHIN)):
            self.entries.move_to_end(key)
            self.reused += 1
            return last
        palette = make_palette(sample)
        self.made += 1
        if key is not None:
            self.entries[key] = palette
            self.entries.move_to_end(key)
            while len(self.entries) > self.kept:
                self.entries.popitem(last=False)
        return palette

    def clear(self) -> None:
        self.entries.clear()


PALETTES = _Palettes(PALETTES_KEPT)


# ------------------------------------------------------------------ bands
@dataclass(frozen=True)
class _Band:
    raw: bytes       # the filtered rows (filter byte 0, then the indices)
    piece: bytes     # raw deflate, ending on a full flush
    adler: int       # Adler-32 of raw


class _Bands:
    def __init__(self, budget: int):
        self.budget, self.used = budget, 0
        self.entries: OrderedDict[Hashable, _Band] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: Hashable, raw) -> _Band | None:
        band = self.entries.get(key)
        if band is None or band.raw != raw:      # the CRC names the band, its bytes decide
            return None
        self.entries.move_to_end(key)
        return band

    def put(self, key: Hashable, band: _Band) -> None:
        old = self.entries.pop(key, None)
        if old is not None:
            self.used -= len(old.raw) + len(old.piece)
        self.entries[key] = band
        self.used += len(band.raw) + len(band.piece)
        while self.used > self.budget and self.entries:
            _, gone = self.entries.popitem(last=False)
            self.used -= len(gone.raw) + len(gone.piece)

    def clear(self) -> None:
        self.entries.clear()
        self.used = 0


BANDS = _Bands(BANDS_BUDGET)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of two pieces one after the other, from theirs (as zlib's adler32_combine)."""
    base = 65521
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % base
    b = (b1 + b2 + second_length * (a1 - 1)) % base
    return (b << 16) | a


def _idat(raw: bytes, row_bytes: int, palette: Palette, keep: bool) -> bytes:
    """The zlib stream of ``raw`` (filtered rows), bands taken from :data:`BANDS` where they are kept."""
    if not keep:      # one piece: no band is kept, so none need stand alone
        return zlib.compress(raw, COMPRESS_LEVEL)
    step = max(1, BAND_BYTES // row_bytes) * row_bytes
    compressor = None
    pieces = [b"\x78\x01"]
    adler = 1
    for start in range(0, len(raw), step):
        chunk = raw[start:start + step]      # a copy, but bytes compare at memcmp speed, memoryviews do not
        key = (zlib.crc32(chunk), len(chunk))
        band = BANDS.get(key, chunk)
        if band is None:
            if compressor is None:
                compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
            # a full flush: what follows refers to nothing before it, so the piece stands alone
            band = _Band(chunk, compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH),
                         zlib.adler32(chunk))
            BANDS.misses += 1
            BANDS.put(key, band)
        else:
            BANDS.hits += 1
        pieces.append(band.piece)
        adler = adler32_combine(adler, band.adler, len(chunk))
    pieces.append(b"\x03\x00")                 # an empty final block
    pieces.append(struct.pack(">I", adler))
    return b"".join(pieces)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def encode(img: Image.Image, key: Hashable | None = None) -> bytes:
    """``img`` as a palette PNG.  With a ``key`` (the kind of board), its palette and bands may be
    kept for the next board of that kind; without one, nothing is kept."""
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    palette = PALETTES.for_image(rgb, key)
    indices = rgb.quantize(palette=palette.image, dither=Image.Dither.NONE)
    # each row: filter type 0 (none: filters gain nothing on palette indices), then the indices
    rows = Image.new("P", (rgb.width + 1, rgb.height), 0)
    rows.paste(indices, (1, 0))
    header = struct.pack(">IIBBBBB", rgb.width, rgb.height, 8, 3, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette.plte),
                     _chunk(b"IDAT", _idat(rows.tobytes(), rgb.width + 1, palette, key is not None)),
                     _chunk(b"IEND", b"")))


def clear() -> None:
    """Forget every kept palette and band (tests and benchmarks)."""
    PALETTES.clear()
    BANDS.clear()


def kept() -> tuple:
    """What is kept now, for :func:`restore` (a benchmark times a board with nothing kept between)."""
    return OrderedDict(PALETTES.entries), OrderedDict(BANDS.entries), BANDS.used


def restore(state: tuple) -> None:
    palettes, bands, used = state
    PALETTES.entries, BANDS.entries, BANDS.used = OrderedDict(palettes), OrderedDict(bands), used
