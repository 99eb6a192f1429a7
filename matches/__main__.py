"""``python -m matches copy --from LOCATION --to LOCATION [--resume]``: move a bot's data.

A location is ``sqlite:///relative/path.sqlite3``, ``sqlite:////absolute/path``, a
plain file path, or ``postgresql://user:password@host:port/database``.  Stop the
bot first (or be sure nothing writes to the source) and start it on the target
afterwards.  Exit status 0 when every row was copied and every record replays
to its snapshot in the target, 1 when a record does not, 2 when the copy is
refused (a non-empty target without ``--resume``, a source that does not exist).
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from .copying import CopyRefused, copy_store, row_counts
from .store import is_postgres, store_for


def location(text: str) -> str:
    """A store location from the command line: PostgreSQL URLs pass, ``sqlite:///`` becomes a path."""
    if is_postgres(text):
        return text
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///"):]
    if "://" in text:
        raise argparse.ArgumentTypeError(f"{text!r}: use sqlite:///path or postgresql://...")
    return text


async def copy(source: str, target: str, resume: bool) -> int:
    if not is_postgres(source) and not Path(source).is_file():
        print(f"python -m matches copy: there is no SQLite file at {source}", file=sys.stderr)
        return 2
    src = await store_for(source, exclusive=True).open()
    try:
        dst = await store_for(target, exclusive=True).open()
        try:
            report = await copy_store(src, dst, resume=resume,
                                      progress=lambda line: print(f"\r{line:<60}", end="", file=sys.stderr))
            print(file=sys.stderr)
            counts = await row_counts(dst)
        finally:
            await dst.close()
    except CopyRefused as exc:
        print(f"python -m matches copy: {exc}", file=sys.stderr)
        return 2
    finally:
        await src.close()
    print("copied: " + ", ".join(f"{table} {n}" for table, n in report.rows.items()))
    print("target now holds: " + ", ".join(f"{table} {n}" for table, n in counts.items()))
    if not report.ok:
        print(f"{len(report.mismatched)} of {report.replayed} records do NOT replay to their snapshot: "
              f"matches {report.mismatched[:20]}", file=sys.stderr)
        return 1
    print(f"all {report.replayed} records replay to their snapshots in the target")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m matches", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser("copy", help="copy every match, move, series, rating, setting and vacation")
    copying.add_argument("--from", dest="source", required=True, type=location)
    copying.add_argument("--to", dest="target", required=True, type=location)
    copying.add_argument("--resume", action="store_true", help="go on with a copy into a target that has rows")
    args = parser.parse_args(argv)
    return asyncio.run(copy(args.source, args.target, args.resume))


if __name__ == "__main__":
    sys.exit(main())
