"""Animated replays: one frame per move, drawn by the board renderer.

``make_replay(record)`` replays a record and draws the positions with
:func:`render.render_image` (last move highlighted, scores on the cards), each with a
strip below that counts the moves and shows how far the match has got.  The last
position is held longest.

Format: GIF.  It is the one animated format every Discord client plays inline
(desktop, web, Android, iOS); animated WebP only animates as an attachment in the
desktop app since late 2024.  The boards are flat colours, so GIF's 256 colours
lose nothing visible (the PNG boards use 224).  ``fmt="webp"`` writes lossy
animated WebP for other uses (about half the size, text slightly soft).

Long matches: at most ``cap`` frames (:data:`MAX_FRAMES`, what fits the time
budget).  When a match has more positions, first the moves of one player's turn
are merged (Architekton lays several tiles a turn), then frames are taken at even
distances; the start and the final position are always kept, and :class:`Replay`
says how many moves the busiest frame merged so that the message can say so.
Merged frames are held a little longer, and the whole replay plays in at most a
minute (:data:`MOST_MS`): past that, the frames between the ends play faster.

Encoding streams: one global palette (from the first and the final frame), and
each frame after the first stores only the rectangle that changed, with the
unchanged pixels inside it transparent, so memory stays at two frames and a long
match stays a few megabytes.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable
from dataclasses import dataclass

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from engines.record import Record, walk
from engines.text import Text

from . import common as C
from . import render_image

MAX_FRAMES = 100  # ~35-45 ms a frame on this machine: the longest matches in < 5 s
WIDTH = 800  # px; the boards are 1000-1300 wide and made to read at 400
MAX_BYTES = 7_000_000  # Discord's 8 MB for servers without boosts, with room for the board and chart
STRIP = 60  # px under the board: move counter and progress bar
TRANSPARENT = 255  # palette index of "unchanged" pixels in delta frames

# Frame times (ms): a match of a few dozen moves plays in about half a minute, a long one in about a minute.
FIRST_MS, FINAL_MS = 1500, 4000
SHORTEST_MS, LONGEST_MS = 350, 1000
TOTAL_MS = 40_000
MOST_MS = 60_000  # the whole replay, however many moves its frames merge: at most a minute


@dataclass(frozen=True)
class Frame:
    ply: int  # the position after this many moves
    first: int  # the first move this frame shows (== ply: one move; < ply: moves merged)

    @property
    def merged(self) -> int:
        return self.ply - self.first + 1 if self.ply else 0


@dataclass
class Replay:
    data: bytes
    format: str  # "gif" or "webp"
    frames: list[Frame]
    start: int  # first position shown (after this many moves)
    end: int  # last position shown
    total: int  # moves in the record
    durations: list[int]  # ms per frame

    @property
    def most_merged(self) -> int:
        """The most moves one frame stands for (1: every move has its frame)."""
        return max([f.merged for f in self.frames[1:]] or [1])

    @property
    def filename_suffix(self) -> str:
        return "." + self.format


def choose_frames(movers: list[int | None], start: int, end: int, cap: int = MAX_FRAMES) -> list[Frame]:
    """Which positions become frames: ``movers[p]`` is the seat to move after ``p`` moves.

    Every position from ``start`` to ``end`` if they fit in ``cap``; else the ends of
    turns (the mover changes); else turn ends at even distances.  ``start`` and ``end``
    are always frames."""
    cap = max(2, cap)
    plies = list(range(start, end + 1))
    if len(plies) > cap:
        plies = [p for p in plies if p in (start, end) or movers[p] != movers[p - 1]]
    if len(plies) > cap:
        last = len(plies) - 1
        plies = sorted({plies[round(i * last / (cap - 1))] for i in range(cap)})
    frames, previous = [], None
    for ply in plies:
        frames.append(Frame(ply, ply if previous is None else previous + 1))
        previous = ply
    return frames


def durations(frames: list[Frame]) -> list[int]:
    """Milliseconds per frame: the first and the final position held, merged frames a little longer."""
    middle = max(1, len(frames) - 2)
    each = min(LONGEST_MS, max(SHORTEST_MS, TOTAL_MS // middle))
    out = [min(each * 2, each + 100 * (f.merged - 1)) for f in frames]
    out[0] = FIRST_MS
    if len(frames) > 1:
        out[-1] = FINAL_MS
    out = [round(ms, -1) for ms in out]  # GIF counts in hundredths of a second
    middle_ms = sum(out[1:-1])
    room = MOST_MS - sum(out) + middle_ms
    if len(frames) > 2 and middle_ms > room:
        # merged frames made it longer than a minute: the moves between the ends play faster
        out[1:-1] = [max(60, int(ms * room / middle_ms) // 10 * 10) for ms in out[1:-1]]
    return out


def counter_text(frame: Frame, total: int, final: bool) -> Text:
    if frame.ply == 0:
        return Text("Start")
    if frame.merged > 1:
        text = Text("Moves {first}–{last} of {total}", first=frame.first, last=frame.ply, total=total)
    else:
        text = Text("Move {number} of {total}", number=frame.ply, total=total)
    return Text("{counter} · final position", counter=text) if final else text


def _strip(
    img: Image.Image, frame: Frame, total: int, final: bool, say, canvas: tuple[int, int] | None = None
) -> Image.Image:
    """The board scaled to :data:`WIDTH` (or, given the ``canvas`` of the final frame, at the final
    frame's scale, so the board does not zoom as it grows), with the move counter and a progress bar."""
    if canvas is None:
        canvas = (WIDTH, round(img.height * WIDTH / img.width))
    scale = min(canvas[0] / img.width, canvas[1] / img.height)
    size = (round(img.width * scale), round(img.height * scale))
    board = img.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0) if size != img.size else img
    out = Image.new("RGB", (canvas[0], canvas[1] + STRIP), C.BACKGROUND)
    out.paste(board, ((canvas[0] - size[0]) // 2, 0))
    draw = ImageDraw.Draw(out)
    top = canvas[1]
    draw.rectangle((0, top, canvas[0], top + STRIP), fill=C.PANEL)
    draw.line([(0, top), (canvas[0], top)], fill=C.FAINT, width=2)
    label = C.sayer(say)(counter_text(frame, total, final))
    box = C.draw_text(
        out,
        (16, top + STRIP / 2),
        C.fit_text(label, 26, WIDTH // 2 + 60),
        26,
        C.INK,
        anchor="lm",
        stroke=1,
        stroke_fill=C.INK,
    )
    left, right = max(box[2] + 24, WIDTH // 2 + 40), WIDTH - 20
    y0, y1 = top + STRIP / 2 - 7, top + STRIP / 2 + 7
    draw.rounded_rectangle((left, y0, right, y1), 7, fill=C.FAINT)
    done = left + (right - left) * (frame.ply / total if total else 1)
    if done > left + 4:
        draw.rounded_rectangle((left, y0, done, y1), 7, fill=C.INK)
    return out


def _palette(images: list[Image.Image]) -> Image.Image:
    """A 255-colour palette for the whole replay from a sample of ``images`` (index 255 left for
    transparency); the frames are all the same board, so its first and final frames hold its colours."""
    w = max(i.width for i in images)
    sample = Image.new("RGB", (w, sum(i.height for i in images)), C.BACKGROUND)
    y = 0
    for image in images:
        sample.paste(image, (0, y))
        y += image.height
    sample = sample.resize((max(1, sample.width // 3), max(1, sample.height // 3)), Image.Resampling.NEAREST)
    quantized = sample.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    whole = quantized.getpalette()
    assert whole is not None  # a quantized image is a palette image
    colours = whole[: 255 * 3]
    colours += colours[:3] * (255 - len(colours) // 3)  # unused entries repeat the first colour
    colours += [255, 0, 255]  # 255: transparent; no board has magenta
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return palette


def _indices(image: Image.Image, palette: Image.Image) -> Image.Image:
    """The frame as palette indices, in an "L" image (plain bytes to compare and crop)."""
    quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    return Image.frombytes("L", quantized.size, quantized.tobytes())


class _GifWriter:
    """A GIF written frame by frame: global palette, loop forever, delta frames."""

    def __init__(self, size: tuple[int, int], palette: Image.Image):
        entries = palette.getpalette()
        assert entries is not None  # a "P" image (_palette)
        colours = bytes(entries[:768])
        colours += bytes(768 - len(colours))
        self.out = io.BytesIO()
        self.out.write(b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0) + colours)
        self.out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop forever
        self.previous: Image.Image | None = None
        self.pending: tuple[Image.Image, tuple[int, int], int] | None = None

    def add(self, frame: Image.Image, ms: int) -> None:
        if self.previous is None:
            self._hold(frame, (0, 0), ms)
        else:
            difference = ImageChops.difference(self.previous, frame)
            bbox = difference.getbbox()
            if bbox is None:  # nothing changed: show the previous frame longer
                assert self.pending is not None  # a frame is held from the first one on
                image, offset, held = self.pending
                self.pending = (image, offset, held + ms)
                return
            changed = frame.crop(bbox)
            unchanged = difference.crop(bbox).point([255] + [0] * 255)
            changed.paste(TRANSPARENT, mask=unchanged)
            self._hold(changed, bbox[:2], ms)
        self.previous = frame

    def _hold(self, image: Image.Image, offset: tuple[int, int], ms: int) -> None:
        """Frames are written one late: an unchanged next frame adds to this one's time."""
        self._flush()
        self.pending = (image, offset, ms)

    def _flush(self) -> None:
        if self.pending is not None:
            image, offset, ms = self.pending
            for chunk in GifImagePlugin.getdata(image, offset, duration=ms, transparency=TRANSPARENT, disposal=1):
                self.out.write(chunk)
            self.pending = None

    def finish(self) -> bytes:
        self._flush()
        self.out.write(b";")
        return self.out.getvalue()


def record_movers(record: Record) -> list[int | None]:
    """The seat to move after 0, 1, ... moves (None once the match is over)."""
    return [state.current_player() for state in walk(record)]


def make_replay(
    record: Record,
    names: list[str] | None = None,
    *,
    start: int = 0,
    end: int | None = None,
    say: Callable[[Text], str] = str,
    fmt: str = "gif",
    cap: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
    progress: Callable[[int, int], None] | None = None,
) -> Replay:
    """The animated replay of ``record`` from the position after ``start`` moves to the one after
    ``end`` (default: the last).  ``progress(done, frames)`` is called after each frame drawn.

    Should the file come out larger than ``max_bytes``, it is drawn again with half the frames."""
    names = list(names if names is not None else record.players)
    total = len(record.moves)
    end = total if end is None else end
    if not 0 <= start <= end <= total:
        raise ValueError(f"positions {start}..{end} are not within 0..{total}")
    movers = record_movers(record)
    while True:
        frames = choose_frames(movers, start, end, cap)
        replay = _draw(record, names, frames, total, say, fmt, progress)
        if len(replay.data) <= max_bytes or len(frames) <= 2:
            return replay
        cap = max(2, len(frames) // 2)


def _draw(record: Record, names: list[str], frames: list[Frame], total: int, say, fmt: str, progress) -> Replay:
    times = durations(frames)
    wanted = {f.ply: i for i, f in enumerate(frames)}
    last = frames[-1].ply
    final = _strip(render_image(_position(record, last), names, say=say), frames[-1], total, last == total, say)
    canvas = (final.width, final.height - STRIP)
    writer = None
    webp: list[Image.Image] = []
    palette = None
    for ply, state in enumerate(walk(record, last)):
        if ply not in wanted:
            continue
        i = wanted[ply]
        image = (
            final if ply == last else _strip(render_image(state, names, say=say), frames[i], total, False, say, canvas)
        )
        if palette is None:
            palette = _palette([image, final])
            writer = _GifWriter(final.size, palette) if fmt == "gif" else None
        if writer is not None:
            writer.add(_indices(image, palette), times[i])
        else:
            webp.append(image.quantize(palette=palette, dither=Image.Dither.NONE))
        if progress is not None:
            progress(i + 1, len(frames))
    if writer is not None:
        data = writer.finish()
    else:
        buffer = io.BytesIO()
        webp[0].save(
            buffer, "WEBP", save_all=True, append_images=webp[1:], duration=times, loop=0, quality=85, method=4
        )
        data = buffer.getvalue()
    return Replay(data, fmt, frames, frames[0].ply, last, total, times)


def _position(record: Record, ply: int):
    *_, state = walk(record, ply)
    return state
