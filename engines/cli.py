"""``python -m engines replay RECORD.json [--legal] [--state]`` (records.md).

Exit status: 0 replayed; 2 the record cannot be read or replayed (``{"error": ...}``
on standard output, as records.md fixes it) or the command line is wrong (one line
on standard error, as every command line of the project says it).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from .core import State
from .record import Record, ReplayError, replay

USAGE = 2  # argparse's status for a wrong command line; records.md gives a bad record the same


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error (``prog: message``),
    exit status 2, instead of argparse's usage block: a script reads one line, and every
    command line of the project (engines, render, ai, bench) fails alike."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"{self.prog}: {message}\n")


def summary(game: str, ply: int, state: State, legal: bool = False, with_state: bool = False) -> dict[str, Any]:
    outcome = state.outcome()
    out: dict[str, Any] = {
        "game": game,
        "ply": ply,
        "status": "finished" if outcome else "ongoing",
        "to_move": state.current_player(),
        "scores": list(outcome.scores) if outcome else state.scores(),
        "winners": sorted(outcome.winners) if outcome else [],
        "end": outcome.end if outcome else None,
    }
    if legal:
        out["legal"] = state.legal_moves() if not outcome else []
    if with_state:
        out["state"] = state.to_json()
    return out


def read_text(source: str) -> str:
    """The record file's text (``-``: standard input), or a ReplayError saying why it cannot be read."""
    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(source, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        raise ReplayError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        # utf-8-sig: a byte order mark, as some Windows editors write, is not part of the JSON.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{name} is not UTF-8 text (byte {exc.start}: {data[exc.start]:#04x})") from None


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m engines")
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("replay", help="replay a match record and print the result as JSON")
    rep.add_argument("record", help="record file, or - for standard input")
    rep.add_argument("--legal", action="store_true", help="list the legal moves of the player to move")
    rep.add_argument("--state", action="store_true", help="include the full game state")
    sub.add_parser("options", help="every game's options as a Markdown table (as docs/playing.md shows them)")
    args = parser.parse_args(argv)
    if args.command == "options":
        from .options_table import options_table

        print(options_table(), end="")
        return 0

    try:
        record = Record.loads(read_text(args.record))
        state = replay(record)
    except ReplayError as exc:
        err: dict[str, Any] = {"error": str(exc)}
        if exc.ply is not None:
            err["ply"] = exc.ply
        print(json.dumps(err))
        return 2
    print(json.dumps(summary(record.game, len(record.moves), state, args.legal, args.state)))
    return 0
