"""The AI ladder (issue 11): seeded duels between levels and baselines, and think times.

Each rung is ``python -m ai duel`` in-process: seats rotate, every match has its own
seed, the first player's wins get a 95 % Wilson interval.  Targets: easy beats random
in at least 80 % of matches, medium beats easy 65 %, hard beats medium 60 %, and in
two-player games hard beats the one-ply greedy player 75 %; easy thinks under 0.3 s
(median), hard under 3 s (median) and never over 10 s.  ``--quick`` (CI) plays one
short rung to prove the machinery; the full ladder takes hours on two cores, so
``BENCH_AI_MATCHES`` and ``BENCH_AI_RUNGS`` choose how much of it a run covers.
"""
from __future__ import annotations

import os
import statistics

from ai.duel import duel

TARGETS = {("easy", "random"): 0.80, ("medium", "easy"): 0.65, ("hard", "medium"): 0.60, ("hard", "greedy"): 0.75}
CONFIGS = [("architekton", 2, {}), ("atacama", 2, {}), ("atacama", 4, {}), ("tactori", 2, {}),
           ("tactori", 3, {}), ("tactori", 4, {}), ("tactori-fem", 2, {})]
QUICK = [("tactori-fem", 2, {}, ("easy", "random"), 2)]


def rungs(matches: int) -> list[tuple]:
    chosen = os.environ.get("BENCH_AI_RUNGS")
    wanted = {tuple(r.split(",")) for r in chosen.split(";")} if chosen else set(TARGETS)
    out = []
    for pair in TARGETS:
        if pair not in wanted:
            continue
        for game, players, options in CONFIGS:
            if pair == ("hard", "greedy") and players != 2:
                continue
            out.append((game, players, options, pair, matches))
    return out


def run(quick: bool, log) -> dict:
    out = {"rungs": [], "notes": []}
    plan = QUICK if quick else rungs(int(os.environ.get("BENCH_AI_MATCHES", "20")))
    for game, players, options, (first, second), matches in plan:
        tally = duel(game, first, second, matches, players, options, seed=1)
        summary = tally.summary()
        target = TARGETS[(first, second)]
        think = {who: {"median_s": round(statistics.median(ms) / 1000, 3), "max_s": round(max(ms) / 1000, 3)}
                 for who, ms in tally.think_ms.items() if who not in ("random", "greedy")}
        rung = {"game": game, "players": players, "options": options, **summary, "target": target,
                "meets_target": summary["ci95"][0] >= target if not quick else None, "think": think}
        out["rungs"].append(rung)
        low, high = summary["ci95"]
        log(f"  {game} {players}p {first} vs {second}: {tally.wins}-{tally.draws}-{tally.losses} "
            f"({summary['win_rate']:.0%}, 95 % CI {low:.0%}-{high:.0%}; target {target:.0%}); think {think}")
    return out
