"""``python -m ai review RECORD.json [--level L] [--seed N] -o review.json [--chart review.png]``."""

from __future__ import annotations

import argparse
import json
import os
import sys

from engines.cli import USAGE, read_text
from engines.record import Record, ReplayError, replay

from .review import review

CANNOT_WRITE = 3  # as python -m render


def walk_all(record: Record) -> None:
    replay(record)


def review_command(args: argparse.Namespace) -> int:
    def wrong(message: str) -> int:
        print(f"python -m ai review: {message}", file=sys.stderr)
        return USAGE

    def cannot_write(message: str) -> int:
        print(f"python -m ai review: {message}", file=sys.stderr)
        return CANNOT_WRITE

    if args.chart and os.path.splitext(args.chart)[1].lower() != ".png":
        return wrong(f"--chart writes PNG: name it *.png, not {args.chart}")
    try:
        record = Record.loads(read_text(args.record))
        walk_all(record)  # a bad move is found before minutes of searching
    except ReplayError as exc:
        where = f" (move {exc.ply})" if getattr(exc, "ply", None) is not None else ""
        return wrong(f"{exc}{where}")
    for target in (args.output, args.chart):  # nor is a file that cannot be written found only after
        if target and target != "-":
            folder = os.path.dirname(os.path.abspath(target))
            if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                return cannot_write(f"cannot write {target}: no such writable folder")
    done = review(record, args.level, args.seed)
    text = json.dumps(done.to_json(), indent=1) + "\n"
    try:
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text)
        if args.chart:
            from render.review_chart import review_chart

            review_chart(done, record).save(args.chart, format="PNG")
    except OSError as exc:
        return cannot_write(f"cannot write: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
    return 0
