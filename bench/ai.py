"""The AI ladder: seeded duels between levels and baselines, and think times.

Each rung is ``python -m ai duel`` in-process: seats rotate (four-player Atacama in
neighbouring pairs, ``ai.duel.PAIRED``), every match has its own seed, the first
player's wins get a 95 % Wilson interval.  Targets: easy beats random in at least 80 %
of matches, medium beats easy 65 %, hard beats medium 60 %, and in two-player games
hard beats the one-ply greedy player 75 %; easy thinks under 0.3 s (median), hard under
3 s (median) and never over 10 s.  ``--quick`` (CI) plays one short rung to prove the
machinery; the full ladder takes hours on two cores, so ``BENCH_AI_MATCHES`` and
``BENCH_AI_RUNGS`` choose how much of it a run covers.
``BENCH_AI_MATCHES`` is a number for every rung or per pair, e.g.
``easy,random=30;medium,easy=30;hard,medium=16;hard,greedy=16``.  Every finished
rung is also appended to ``BENCH_AI_LOG`` (default ``ai-ladder.jsonl`` beside the report
``-o`` names), so a run of hours that is stopped keeps what it measured.

A rung *meets* its target when the lower end of the 95 % interval reaches it
(proven), and *points at* it when the observed share does.
"""

from __future__ import annotations

import json
import os
import statistics
import time

from ai.duel import duel
from engines import game_names, get_game

TARGETS = {("easy", "random"): 0.80, ("medium", "easy"): 0.65, ("hard", "medium"): 0.60, ("hard", "greedy"): 0.75}
# Every game at every table it seats (engines: Game.seats), with the default options.
CONFIGS = [(game, players, {}) for game in game_names() for players in get_game(game).seats]
QUICK = [("tactori-fem", 2, {}, ("easy", "random"), 2)]


def match_counts(text: str) -> dict[tuple[str, str], int]:
    """``"20"`` or ``"easy,random=30;hard,medium=16"`` -> matches per pair (20 where unnamed)."""
    if "=" not in text:
        return {pair: int(text or 20) for pair in TARGETS}
    counts = {pair: 20 for pair in TARGETS}
    for part in text.split(";"):
        pair, _, number = part.partition("=")
        counts[tuple(pair.split(","))] = int(number)
    return counts


def rungs(counts: dict[tuple[str, str], int]) -> list[tuple]:
    """The rungs to play: ``BENCH_AI_RUNGS`` chooses pairs (``hard,medium;easy,random``),
    ``BENCH_AI_GAMES`` games and player counts (``atacama:4,tactori-fem:2``)."""
    chosen = os.environ.get("BENCH_AI_RUNGS")
    wanted = [tuple(r.split(",")) for r in chosen.split(";")] if chosen else list(TARGETS)
    games = os.environ.get("BENCH_AI_GAMES")
    configs = {tuple(g.split(":")) for g in games.split(",")} if games else None
    out = []
    for pair in wanted:
        for game, players, options in CONFIGS:
            if pair == ("hard", "greedy") and players != 2:
                continue
            if configs is not None and (game, str(players)) not in configs:
                continue
            out.append((game, players, options, pair, counts[pair]))
    return out


def run(quick: bool, log, ladder_log: str | None = None) -> dict:
    """The ladder; outside quick mode every finished rung is appended to ``ladder_log``."""
    out = {"rungs": [], "notes": []}
    plan = QUICK if quick else rungs(match_counts(os.environ.get("BENCH_AI_MATCHES", "20")))
    ladder_log = None if quick else ladder_log
    for game, players, options, (first, second), matches in plan:
        started = time.perf_counter()
        tally = duel(game, first, second, matches, players, options, seed=1)
        summary = tally.summary()
        target = TARGETS[(first, second)]
        think = {
            who: {"median_s": round(statistics.median(ms) / 1000, 3), "max_s": round(max(ms) / 1000, 3)}
            for who, ms in tally.think_ms.items()
            if who not in ("random", "greedy")
        }
        rung = {
            "game": game,
            "players": players,
            "options": options,
            **summary,
            "target": target,
            "meets_target": summary["ci95"][0] >= target if not quick else None,
            "points_at_target": summary["win_rate"] >= target,
            "think": think,
            "seconds": round(time.perf_counter() - started, 1),
        }
        out["rungs"].append(rung)
        if ladder_log:
            with open(ladder_log, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({**rung, "at": time.strftime("%Y-%m-%d %H:%M:%S")}) + "\n")
        low, high = summary["ci95"]
        log(
            f"  {game} {players}p {first} vs {second}: {tally.wins}-{tally.draws}-{tally.losses} "
            f"({summary['win_rate']:.0%}, 95 % CI {low:.0%}-{high:.0%}; target {target:.0%}); think {think}"
        )
    return out
