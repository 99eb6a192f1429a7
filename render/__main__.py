"""``python -m render RECORD.json -o board.png [--ply N]``: draw a match record.

Replays the record (``records.md``) and renders the final position, or the one
after the first ``N`` moves.  Exit status 2 with a message on standard error
when the record cannot be read or replayed.
"""
from __future__ import annotations

import argparse
import sys

from engines.record import Record, ReplayError, replay

from . import NoRenderer, render_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("record", help="match record (JSON); - for standard input")
    parser.add_argument("-o", "--output", required=True, help="PNG file to write")
    parser.add_argument("--ply", type=int, default=None,
                        help="render the position after the first N moves (default: all)")
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
