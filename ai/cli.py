"""The AI's command line: one move for a record, or a duel between two players.

``move`` prints one JSON object, as ``python -m engines replay`` does: the move, or
``{"error": ..., "ply": ...}``.  Exit status: 0 done; 2 the record cannot be read or
replayed (as ``engines replay``), or the command line is wrong (one line on standard
error); 3 the match in the record is over, so there is no move to choose.

``worker`` thinks for the bot: the computer's moves and reviews queued in its PostgreSQL
database (``ai/worker.py``), until SIGTERM or SIGINT.

``review`` writes the review of a record (``ai.review``) as JSON to ``-o`` and, with
``--chart``, its win chances as a PNG; a record it cannot read or replay, or a wrong
command line (a chart not named *.png): one line on standard error, exit status 2; a file
it cannot write: exit status 3, as for ``python -m render``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

import engines
from engines.cli import USAGE, OneLineParser, read_text
from engines.record import Record, ReplayError, replay

from . import choose_move_info
from .duel import Tally, duel
from .levels import LEVELS
from .players import PLAYERS

OVER = 3  # ai move: the record's match is finished


def positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="python -m ai", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    move = sub.add_parser("move", help="the AI's move after a match record")
    move.add_argument("record", help="a match record (records.md), '-' for standard input")
    move.add_argument(
        "--level", choices=LEVELS, default="medium", help="how strong the computer plays (default: medium)"
    )
    move.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the search's random choices: the same seed, the same move (default 0)",
    )
    fight = sub.add_parser("duel", help="seeded matches between two players, seats rotated")
    fight.add_argument("game", choices=engines.game_names())
    fight.add_argument("--options", default="{}", help="the game's options as JSON")
    fight.add_argument(
        "--players",
        type=int,
        default=2,
        help="seats at the table (default 2): the two players alternate around it "
        "(in neighbouring pairs where the game's profile says so), the seats turning every match",
    )
    fight.add_argument("--levels", required=True, help=f"two of {', '.join(PLAYERS)}, comma-separated: first,second")
    fight.add_argument("--matches", type=positive, default=20, help="how many matches (at least 1)")
    fight.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the matches' setups and moves: the same seed, the same matches (default 0)",
    )
    check = sub.add_parser("review", help="every ply of a match record judged: win chances, best moves, labels")
    check.add_argument("record", help="a match record (records.md), '-' for standard input")
    check.add_argument(
        "--level", choices=LEVELS, default="hard", help="the level whose search judges each move (default: hard)"
    )
    check.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    check.add_argument(
        "-o", "--output", required=True, help="where to write the review (JSON), '-' for standard output"
    )
    check.add_argument("--chart", help="also draw the win chances across the match to this PNG (*.png)")
    from .worker import add_parser

    add_parser(sub)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.command == "review":
        from .review_cli import review_command

        return review_command(args)
    if args.command == "worker":
        from .worker import worker_command

        return worker_command(args)
    return _move(args) if args.command == "move" else _duel(args)


def _move(args: argparse.Namespace) -> int:
    try:
        state = replay(Record.loads(read_text(args.record)))
    except ReplayError as exc:
        error: dict[str, str | int] = {"error": str(exc)}
        if exc.ply is not None:
            error["ply"] = exc.ply
        print(json.dumps(error))
        return USAGE
    if state.current_player() is None:
        print(json.dumps({"error": "the match in this record is over: nobody is to move"}))
        return OVER
    choice = choose_move_info(state, args.level, args.seed)
    print(json.dumps({"move": choice.move, "level": choice.level, "iterations": choice.iterations, "ms": choice.ms}))
    return 0


def _duel(args: argparse.Namespace) -> int:
    def wrong(message: str) -> int:
        print(f"python -m ai duel: {message}", file=sys.stderr)
        return USAGE

    levels = [x.strip() for x in args.levels.split(",")]
    if len(levels) != 2 or not all(x in PLAYERS for x in levels):
        return wrong(f"--levels takes two of {', '.join(PLAYERS)}, e.g. easy,hard")
    try:
        options = json.loads(args.options)
    except ValueError as exc:
        return wrong(f"--options is not JSON: {exc}")
    if not isinstance(options, dict):
        return wrong("--options must be a JSON object")
    try:
        engines.get_game(args.game).check(args.players, options)
    except engines.SetupError as exc:
        return wrong(str(exc))

    def progress(done: int, tally: Tally) -> None:
        print(f"  {done}/{args.matches}: {tally.wins}-{tally.draws}-{tally.losses}", file=sys.stderr, flush=True)

    tally = duel(args.game, levels[0], levels[1], args.matches, args.players, options, args.seed, progress)
    summary = tally.summary()
    out = {
        **summary,
        "game": args.game,
        "players": args.players,
        "options": options,
        "seed": args.seed,
        "think_ms": {
            who: {"median": statistics.median(ms), "max": max(ms), "moves": len(ms)}
            for who, ms in tally.think_ms.items()
        },
    }
    low, high = summary["ci95"]
    print(
        f"{args.game} {args.players}p {levels[0]} vs {levels[1]}: {tally.wins} wins, {tally.draws} draws, "
        f"{tally.losses} losses of {tally.matches} ({summary['win_rate']:.0%}, 95 % CI {low:.0%}-{high:.0%})"
    )
    print(json.dumps(out))
    return 0
