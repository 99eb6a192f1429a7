"""``python -m bench [--quick] [--only engine,playouts,render,replay,command,store,memory,large,ai] [-o bench/results.json]``."""
from __future__ import annotations

import argparse
import sys
import time
import traceback

import engines

from . import SECTIONS, report
from .stats import busy_and_steal, cpu_ticks


def log(message: str) -> None:
    print(message, flush=True)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="few samples and 200 matches instead of 10,000 (what CI runs)")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections (default: all): {','.join(SECTIONS)}")
    parser.add_argument("--render-base", default=None, metavar="REV",
                        help="commit whose renderer the render section compares with "
                             "(default: 86c7c83, main before the render work of issue 12)")
    parser.add_argument("-o", "--output", default="bench/results.json", help="where to write the JSON report")
    args = parser.parse_args(argv)
    args.sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(args.sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    return args


def run(argv: list[str] | None = None) -> dict:
    args = parse(argv)
    started = time.perf_counter()
    games = engines.game_names()
    result = {"mode": "quick" if args.quick else "full", "games": games, "sections": {},
              "machine": report.machine(), "notes": [], "section_seconds": {}, "section_cpu": {}}
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
                out = ai_ladder.run(args.quick, log)
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


def main(argv: list[str] | None = None) -> int:
    result = run(argv)
    return 1 if any("error" in s for s in result["sections"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
