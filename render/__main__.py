"""``python -m render RECORD.json -o board.png [--ply N]``: draw a match record.

Replays the record (``records.md``) and renders the final position, or the one
after the first ``N`` moves.  ``--replay -o match.gif`` (or ``.webp``) writes the
animated replay instead (``--from``/``--to`` for a part of it), ``--chart -o
scores.png`` the chart of every player's score after every move.  Exit status 2
with a message on standard error when the record cannot be read or replayed.
"""
from __future__ import annotations

import argparse
import sys

from engines.record import Record, ReplayError, replay

from . import NoRenderer, render_png
from .common import encode_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("record", help="match record (JSON); - for standard input")
    parser.add_argument("-o", "--output", required=True,
                        help="file to write: PNG, or with --replay .gif / .webp")
    parser.add_argument("--ply", type=int, default=None,
                        help="render the position after the first N moves (default: all)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--replay", action="store_true", help="the animated replay (GIF, or WebP for .webp)")
    what.add_argument("--chart", action="store_true", help="the chart of the scores after every move (PNG)")
    parser.add_argument("--from", dest="start", type=int, default=0, help="--replay: start after N moves")
    parser.add_argument("--to", dest="end", type=int, default=None, help="--replay: stop after N moves")
    parser.add_argument("--perspective", type=int, default=None, help="seat of the viewer, marked 'you'")
    args = parser.parse_args(argv)

    def fail(message: str) -> int:
        print(f"python -m render: {message}", file=sys.stderr)
        return 2

    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        return fail(f"cannot read {args.record}: {exc}")
    try:
        record = Record.loads(text)
        if args.ply is not None and not 0 <= args.ply <= len(record.moves):
            return fail(f"--ply must be between 0 and {len(record.moves)} for this record")
        if args.replay:
            from .replay import make_replay

            end = len(record.moves) if args.end is None else args.end
            if not 0 <= args.start <= end <= len(record.moves):
                return fail(f"--from and --to must satisfy 0 <= from <= to <= {len(record.moves)}")
            fmt = "webp" if args.output.lower().endswith(".webp") else "gif"
            png = make_replay(record, start=args.start, end=end, fmt=fmt).data
        elif args.chart:
            from .charts import score_chart
            from .score_series import score_series

            png = encode_png(score_chart(score_series(record), record.players))
        else:
            state = replay(record, args.ply)
            png = render_png(state, record.players, perspective=args.perspective)
    except (ReplayError, NoRenderer) as exc:
        return fail(f"{args.record}: {exc}")
    try:
        with open(args.output, "wb") as handle:
            handle.write(png)
    except OSError as exc:
        return fail(f"cannot write {args.output}: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
