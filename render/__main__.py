"""``python -m render RECORD.json -o board.png [--ply N]``: draw a match record.

Replays the record (``records.md``) and renders the final position, or the one
after the first ``N`` moves.  ``--replay -o match.gif`` (or ``.webp``) writes the
animated replay instead (``--from``/``--to`` for a part of it), ``--chart -o
scores.png`` the chart of every player's score after every move.

Every failure is one line on standard error.  Exit status: 0 written; 2 the command
line is wrong (an option out of range for this record, an output name whose
extension is not the format written) or the record cannot be read or replayed, as
with ``python -m engines replay``; 3 the output file cannot be written.
"""

from __future__ import annotations

import os
import sys

from engines.cli import USAGE, OneLineParser, read_text
from engines.record import Record, ReplayError, replay

from . import NoRenderer, render_png
from .common import encode_png

CANNOT_WRITE = 3


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("record", help="match record (JSON); - for standard input")
    parser.add_argument("-o", "--output", required=True, help="file to write: PNG, or with --replay .gif / .webp")
    parser.add_argument(
        "--ply", type=int, default=None, help="render the position after the first N moves (default: all)"
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--replay", action="store_true", help="the animated replay (GIF, or WebP for .webp)")
    what.add_argument("--chart", action="store_true", help="the chart of the scores after every move (PNG)")
    parser.add_argument(
        "--from", dest="start", type=int, default=None, help="with --replay: start after N moves (default 0)"
    )
    parser.add_argument(
        "--to", dest="end", type=int, default=None, help="with --replay: stop after N moves (default: the last)"
    )
    parser.add_argument(
        "--perspective",
        type=int,
        default=None,
        help="a board only: the seat of the viewer, counted from 0 in the record's order of players, marked 'you'",
    )
    args = parser.parse_args(argv)

    def fail(message: str, status: int = USAGE) -> int:
        print(f"python -m render: {message}", file=sys.stderr)
        return status

    # The format follows the mode, not the file name: a name that says otherwise is refused
    # rather than a GIF written as x.png (a viewer trusting the name would fail on it).
    extension = os.path.splitext(args.output)[1].lower()
    wanted = (".gif", ".webp") if args.replay else (".png",)
    if extension not in wanted:
        kind = (
            "--replay writes GIF or WebP"
            if args.replay
            else "--chart writes PNG"
            if args.chart
            else "a board is written as PNG"
        )
        return fail(f"{kind}: name the output {' or '.join('*' + w for w in wanted)}, not {args.output}")
    if args.perspective is not None and (args.replay or args.chart):
        return fail("--perspective marks the viewer on a board; --replay and --chart do not take it")
    # An option that would change nothing is refused rather than silently ignored.
    if not args.replay and (args.start is not None or args.end is not None):
        return fail("--from and --to choose the moves of a replay: add --replay, or leave them out")
    if args.ply is not None and (args.replay or args.chart):
        return fail(
            "--ply chooses the position of a board; --replay and --chart show every move "
            "(a part of a replay: --from and --to)"
        )

    try:
        text = read_text(args.record)  # its errors name the file already
    except ReplayError as exc:
        return fail(str(exc))
    try:
        record = Record.loads(text)
        if args.ply is not None and not 0 <= args.ply <= len(record.moves):
            return fail(f"--ply must be between 0 and {len(record.moves)} for this record")
        if args.perspective is not None and not 0 <= args.perspective < len(record.players):
            return fail(f"--perspective must be a seat between 0 and {len(record.players) - 1} for this record")
        if args.replay:
            from .replay import make_replay

            start = args.start or 0
            end = len(record.moves) if args.end is None else args.end
            if not 0 <= start <= end <= len(record.moves):
                return fail(f"--from and --to must satisfy 0 <= from <= to <= {len(record.moves)}")
            image = make_replay(record, start=start, end=end, fmt=extension[1:]).data
        elif args.chart:
            from .charts import score_chart
            from .score_series import score_series

            image = encode_png(score_chart(score_series(record), record.players))
        else:
            state = replay(record, args.ply)
            image = render_png(state, record.players, perspective=args.perspective)
    except (ReplayError, NoRenderer) as exc:
        return fail(f"{args.record}: {exc}")
    try:
        with open(args.output, "wb") as handle:
            handle.write(image)
    except OSError as exc:
        return fail(f"cannot write {args.output}: {exc.strerror or exc}", CANNOT_WRITE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
