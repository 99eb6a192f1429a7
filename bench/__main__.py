"""``python -m bench [--quick] [--only engine,playouts,render,replay,command,store,memory,large,ai,review-quality] [-o bench/results.json]``.

Exit status: 0 every budget passed; 2 the command line is wrong (one line on standard
error), including an output that git tracks (``--force`` writes over it); 3 a budget
was missed; 4 a section failed (its traceback is printed, and the other sections run);
5 a package the chosen sections need is not installed (one line says which and how to
install it: the sections command, memory and large drive the bot with SimCord, part of the
test extra).  The last line on standard error names what missed or failed.  What the run
writes to the temporary folder is removed at its end (the large cache, ``BENCH_CACHE``, aside).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
import traceback

import engines
from engines.cli import OneLineParser

from . import SECTIONS, report
from .stats import busy_and_steal, cpu_ticks


def log(message: str) -> None:
    print(message, flush=True)


MISSED, FAILED, NOT_INSTALLED = 3, 4, 5

# The project's own dependencies (pyproject.toml), by import name, and the sections that also
# need the test extra: they drive the real bot through SimCord.
PROJECT_MODULES = ("discord", "PIL", "aiosqlite", "asyncpg", "networkx", "openskill", "dotenv")
TEST_EXTRA = {"command": "simcord", "memory": "simcord", "large": "simcord"}


def not_installed(sections: list[str]) -> str | None:
    """One line naming what the chosen sections need and this Python lacks, or None."""
    missing = [name for name in PROJECT_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        return (
            f"python -m bench: {', '.join(missing)} not installed for {sys.executable}; install the project "
            "(README: python3 -m venv .venv && .venv/bin/pip install -e .) and run .venv/bin/python -m bench"
        )
    needing = [s for s in sections if s in TEST_EXTRA and importlib.util.find_spec(TEST_EXTRA[s]) is None]
    if needing:
        others = ",".join(s for s in sections if s not in needing)
        return (
            f"python -m bench: the section(s) {', '.join(needing)} need the test extra (simcord): "
            f"{os.path.dirname(sys.executable)}/pip install -e '.[test]'"
            + (f", or leave them out: --only {others}" if others else "")
        )
    return None


def tracked(path: str) -> bool:
    """Whether git tracks ``path`` in the work tree it lies in: a benchmark report written over
    a committed file (a README, a fixture) would quietly change the project."""
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    try:
        done = subprocess.run(
            ["git", "-C", folder, "ls-files", "--error-unmatch", "--", os.path.abspath(path)],
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return False  # no git: nothing is tracked
    return done.returncode == 0


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="few samples and 200 matches instead of 10,000 (what CI runs)"
    )
    parser.add_argument(
        "--only", default=",".join(SECTIONS), help=f"comma-separated sections (default: all): {','.join(SECTIONS)}"
    )
    parser.add_argument(
        "--render-base",
        default=None,
        metavar="REV",
        help="commit whose renderer the render section compares with "
        "(default: 86c7c83, the renderer before the layer cache and the faster encoding)",
    )
    parser.add_argument(
        "-o",
        "--output",
        default=os.path.join("bench", "results.json"),
        help="where to write the JSON report (default bench/results.json, which git ignores); "
        "the full AI ladder's log goes beside it, ai-ladder.jsonl, unless BENCH_AI_LOG says",
    )
    parser.add_argument("--force", action="store_true", help="write the report even over a file git tracks")
    args = parser.parse_args(argv)
    if not args.force and tracked(args.output):
        parser.error(f"{args.output} is tracked by git: name another file with -o (or add --force)")
    args.sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(args.sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    if "ai" in args.sections and not args.quick:
        ladder_settings_problem = ai_ladder_problem()
        if ladder_settings_problem:
            parser.error(ladder_settings_problem)
    return args


def ai_ladder_problem() -> str | None:
    """What is wrong with the AI ladder's BENCH_AI_* settings, found before hours of matches."""
    if importlib.util.find_spec("discord") is None:
        return None  # not_installed() says what is missing
    from . import ai

    written = os.environ.get("BENCH_AI_MATCHES", "20")
    try:
        counts = ai.match_counts(written)
        ai.rungs(counts)
    except ValueError:
        return (
            f"BENCH_AI_MATCHES must be a number of matches or pairs like easy,random=30;hard,medium=16, not {written!r}"
        )
    except KeyError as exc:
        return (
            f"BENCH_AI_RUNGS names the pair {','.join(exc.args[0])}, which the ladder does not play; "
            f"choose from {'; '.join(','.join(pair) for pair in ai.TARGETS)}"
        )
    unknown = [",".join(pair) for pair in counts if pair not in ai.TARGETS]
    if unknown:
        return (
            f"BENCH_AI_MATCHES names the pair {unknown[0]}, which the ladder does not play; "
            f"choose from {'; '.join(','.join(pair) for pair in ai.TARGETS)}"
        )
    if any(n < 1 for n in counts.values()):
        return f"BENCH_AI_MATCHES must give each pair at least 1 match, not {written!r}"
    return None


def run(argv: list[str] | None = None) -> dict:
    args = parse(argv)
    started = time.perf_counter()
    games = engines.game_names()
    result = {
        "mode": "quick" if args.quick else "full",
        "games": games,
        "sections": {},
        "machine": report.machine(),
        "notes": [],
        "section_seconds": {},
        "section_cpu": {},
    }
    log(f"bench ({result['mode']}): games {', '.join(games)}; sections {', '.join(args.sections)}")
    playouts = {}
    if {"engine", "render", "replay"} & set(args.sections):
        from .positions import collect

        t = time.perf_counter()
        per_count = 1 if args.quick else 8
        for game in games:
            playouts[game] = collect(game, per_count)
        log(f"  playouts: {per_count} per player count and game ({time.perf_counter() - t:.1f} s)")
    for section in SECTIONS:
        if section not in args.sections:
            continue
        log(f"[{section}]")
        t, ticks = time.perf_counter(), cpu_ticks()
        try:
            if section == "engine":
                from . import engine

                out = engine.run(games, playouts, args.quick, log)
            elif section == "playouts":
                from .playouts import run as run_playouts  # not "playouts": that name holds the positions

                out = run_playouts(args.quick, log)
            elif section == "render":
                from . import render

                out = render.run(games, playouts, args.quick, log, args.render_base)
            elif section == "replay":
                from . import replay

                out = replay.run(games, playouts, args.quick, log)
            elif section == "command":
                from . import command

                out = command.run(games, args.quick, log)
            elif section == "store":
                from . import store

                out = store.run(args.quick, log)
            elif section == "large":
                from . import large

                out = large.run(args.quick, log)
            elif section == "ai":
                from . import ai as ai_ladder

                ladder_log = os.environ.get("BENCH_AI_LOG") or os.path.join(
                    os.path.dirname(args.output), "ai-ladder.jsonl"
                )
                out = ai_ladder.run(args.quick, log, ladder_log)
            elif section == "review-quality":
                from . import review_quality

                out = review_quality.run(args.quick, log)
            else:
                from . import memory

                out = memory.run(args.quick, log)
        except Exception as exc:  # noqa: BLE001 - one broken section must not hide the others
            traceback.print_exc()
            out = {"error": f"{type(exc).__name__}: {exc}", "notes": []}
            result["notes"].append(f"{section}: FAILED {type(exc).__name__}: {exc}")
        result["section_seconds"][section] = round(time.perf_counter() - t, 1)
        # steal = CPU time the hypervisor gave to other guests: high values make timings noisy
        result["section_cpu"][section] = busy_and_steal(ticks, cpu_ticks())
        log(f"  ({result['section_seconds'][section]} s; machine CPU {result['section_cpu'][section]})")
        result["notes"].extend(out.get("notes", []))
        result["sections"][section] = out
    result["seconds"] = round(time.perf_counter() - started, 1)
    ok = {k: v for k, v in result["sections"].items() if "error" not in v}
    result["budgets"] = report.budgets({**result, "sections": ok})
    report.write(result, args.output)
    print()
    print(report.text({**result, "sections": ok}))
    print(f"\nJSON report: {args.output}")
    return result


def status(result: dict) -> tuple[int, str]:
    """The exit status of a finished run and the line that says why it is not 0."""
    failed = [name for name, section in result["sections"].items() if "error" in section]
    if failed:
        return FAILED, f"python -m bench: section(s) failed: {', '.join(failed)}"
    missed = [b for b in result["budgets"] if b["status"] == "MISS"]
    if missed:
        named = "; ".join(
            f"{b['section']}{' ' + b['game'] if b['game'] else ''}: {b['budget']} ({b['value']} {b['unit']})"
            for b in missed
        )
        return MISSED, f"python -m bench: {len(missed)} budget(s) missed: {named}"
    return 0, ""


def main(argv: list[str] | None = None) -> int:
    lacking = not_installed(parse(argv).sections)
    if lacking:
        print(lacking, file=sys.stderr)
        return NOT_INSTALLED
    # Every temporary file of the run (database templates, copies) goes into one folder, removed
    # at the end, so that repeated runs leave nothing behind.
    previous = tempfile.tempdir
    with tempfile.TemporaryDirectory(prefix="bench-run-") as scratch:
        tempfile.tempdir = scratch
        try:
            code, why = status(run(argv))
        finally:
            tempfile.tempdir = previous
    if why:
        print(why, file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
