"""The bench's budgets of this tree beside another commit's, measured in one run.

``python -m bench.compare --base REV [--only engine,command,store] [--rounds 3] [--full]``

The other commit is checked out into a temporary git worktree (removed at the end); the two trees
run ``python -m bench`` by turns, round after round, so that both see the same machine (a busy
machine slows both alike).  For every budget the table shows the median over the rounds of each
tree's value and their ratio (this tree / base; below 1 is faster).  Exit status: 0 done, 2 a wrong
command line or an unknown commit, 4 a run of either tree failed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTIONS = "engine,replay,command,store"
USAGE, FAILED = 2, 4


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", HERE, *args], capture_output=True, text=True)


def run_bench(tree: str, only: str, quick: bool, output: str) -> dict:
    command = [sys.executable, "-m", "bench", "--only", only, "-o", output, "--force"]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    if not os.path.exists(output):
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{tree}: python -m bench failed: {last}")
    with open(output, encoding="utf-8") as handle:
        return json.load(handle)


def values(report: dict) -> dict[tuple[str, str, str], tuple[float, str]]:
    """(section, game, budget) → (value, unit) of one report."""
    return {
        (b["section"], b.get("game") or "", b["budget"]): (float(b["value"]), b.get("unit", ""))
        for b in report.get("budgets", [])
        if b.get("value") is not None
    }


def table(base: list[dict], mine: list[dict], base_name: str, mine_name: str) -> list[str]:
    keys = sorted(set().union(*(values(r) for r in base)) & set().union(*(values(r) for r in mine)))
    lines = [f"| section | game | budget | {base_name} | {mine_name} | ratio |", "|---|---|---|---|---|---|"]
    for key in keys:
        before = [values(r)[key][0] for r in base if key in values(r)]
        after = [values(r)[key][0] for r in mine if key in values(r)]
        unit = values(mine[0]).get(key, values(base[0]).get(key, (0, "")))[1]
        b, a = statistics.median(before), statistics.median(after)
        ratio = f"{a / b:.2f}" if b else "-"
        lines.append(f"| {key[0]} | {key[1]} | {key[2]} | {b:g} {unit} | {a:g} {unit} | {ratio} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--only", default=SECTIONS, help=f"bench sections (default {SECTIONS})")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="full samples instead of --quick")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    resolved = git("rev-parse", "--verify", "--quiet", f"{args.base}^{{commit}}")
    if resolved.returncode:
        print(f"python -m bench.compare: unknown commit {args.base!r}", file=sys.stderr)
        return USAGE
    mine_name = git("rev-parse", "--short", "HEAD").stdout.strip() or "this tree"
    base_name = resolved.stdout.strip()[:7]
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as scratch:
        tree = os.path.join(scratch, "base")
        added = git("worktree", "add", "--detach", "--quiet", tree, resolved.stdout.strip())
        if added.returncode:
            print(f"python -m bench.compare: {added.stderr.strip().splitlines()[-1]}", file=sys.stderr)
            return USAGE
        try:
            base, mine = [], []
            for n in range(args.rounds):
                # Alternate which tree goes first, so neither always runs on a warmer or cooler machine.
                order = [("base", tree, base), ("mine", HERE, mine)]
                for name, where, into in order if n % 2 == 0 else order[::-1]:
                    print(f"round {n + 1}: {name}", file=sys.stderr, flush=True)
                    into.append(run_bench(where, args.only, not args.full, os.path.join(scratch, f"{name}-{n}.json")))
        except RuntimeError as error:
            print(f"python -m bench.compare: {error}", file=sys.stderr)
            return FAILED
        finally:
            git("worktree", "remove", "--force", tree)
    load = [r["machine"].get("load_average_at_start", [None])[0] for r in base + mine]
    print(
        f"{args.rounds} rounds of python -m bench --only {args.only}{'' if args.full else ' --quick'};"
        f" load average at the start of each run: {', '.join(str(x) for x in load)}"
    )
    print("\n".join(table(base, mine, base_name, mine_name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
