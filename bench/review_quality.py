"""Does a review tell good play from bad?  (ai/review.py, ai/README.md "Reviews").

``python -m bench --only review-quality [--quick]`` or
``python -m bench.review_quality {play,review,report} [--games ...] [--matches N] [--pairs ...]``.

Matches of two seats (the AI levels or the uniformly random baseline, ``ai.players``) in every
two-player game, seats alternating and one seed per match, played once and cached as records
under ``BENCH_CACHE`` (default: the system temp folder), then reviewed at the review's production
level (hard, its default share) and the reviews cached beside them (keyed by the review code's
``VERSION``, so a changed review is measured afresh).  Reported per game and pairing:

- ``random-hard`` / ``easy-hard``: in how many matches the weaker side's accuracy is below hard's,
  and the median accuracies of both;
- the mover's win chance before a move labelled best and after it (the next ply's chance for the
  same seat): the median of the absolute difference, in points; the target is on ``hard-hard``
  (whose matches the calibration is fitted on), the other pairings check it out of sample;
- every pairing: that the last ply's chances are the result.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import tempfile
import time

from engines import get_game
from engines.record import Record

GAMES = {
    "architekton": ("architekton", 2),
    "atacama": ("atacama", 2),
    "tactori": ("tactori", 2),
    "tactori-fem": ("tactori-fem", 2),
}
PAIRS = ("hard-hard", "random-hard", "easy-hard")
MATCHES = {"hard-hard": 16, "random-hard": 20, "easy-hard": 20}
QUICK = {"games": ("tactori-fem",), "pairs": ("random-hard",), "matches": 1}
SEED = 9000


def cache_dir() -> str:
    folder = os.environ.get("BENCH_CACHE") or os.path.join(tempfile.gettempdir(), "bench-review-quality")
    os.makedirs(folder, exist_ok=True)
    return folder


def seats_of(pair: str, match: int) -> list[str]:
    first, second = pair.split("-")
    return [first, second] if match % 2 == 0 else [second, first]


def record_of(game: str, pair: str, match: int) -> Record:
    """The match's record, played once (seats alternate; seed ``SEED + match``) and cached."""
    path = os.path.join(cache_dir(), f"{game}-{pair}-{match}.record.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            return Record.loads(handle.read())
    from ai.players import move_of

    name, players = GAMES[game]
    seats = seats_of(pair, match)
    seed = SEED + match
    state = get_game(name).setup(players, seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while state.current_player() is not None:
        move = move_of(seats[state.current_player()], state, rng.randrange(1 << 30))
        moves.append(state.play(move))
    record = Record(name, list(seats), seed, {}, {}, moves)
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(record.dumps())
    os.replace(path + ".tmp", path)
    return record


PROBES = "probes-5"  # the cache name of ai.review's raw search figures; change it when probe() changes


def probes_of(game: str, pair: str, match: int) -> list:
    """The match's review at the production level (hard, its default share, seed 0), as raw search
    figures (``ai.review.probe_all``), cached: judging them again under another calibration is cheap."""
    from ai.review import Probe, probe_all

    path = os.path.join(cache_dir(), f"{game}-{pair}-{match}.{PROBES}.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            return [Probe.from_json(p) for p in json.load(handle)["probes"]]
    record = record_of(game, pair, match)
    start = time.process_time()
    probes = probe_all(record, "hard", 0)
    cpu = time.process_time() - start
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"cpu_s": round(cpu, 1), "probes": [p.to_json() for p in probes]}, handle)
    os.replace(path + ".tmp", path)
    return probes


def reviewed(game: str, pair: str) -> int:
    """How many of the game's matches of the pairing are reviewed in the cache, from match 0 on."""
    count = 0
    while os.path.exists(os.path.join(cache_dir(), f"{game}-{pair}-{count}.{PROBES}.json")):
        count += 1
    return count


def result_of(record: Record) -> list[float]:
    """Every seat's share of first place at the end of the record."""
    state = record.initial_state()
    for move in record.moves:
        state.play(move)
    winners = state.outcome().winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(record.players))]


def judged(game: str, pair: str, match: int):
    from ai.review import judge_all

    record = record_of(game, pair, match)
    return record, judge_all(record, probes_of(game, pair, match), "hard", 0)


def lean(review) -> list[float]:
    """For every ply where the search's best move was played (with a choice): the mover's chance
    before it minus after it (the next ply's chance for the same seat, or after the last move the
    end of the chart), in points.  Not every move labelled best: a move the search did not choose is
    labelled best when the next ply rates it within 2 points of the best, which picks the plies
    where the chance did not fall."""
    from ai.review import final_chances

    plies = review.plies
    end = final_chances(plies) if plies else []
    out = []
    for i, p in enumerate(plies):
        if p.move != p.best or p.forced:
            continue
        after = plies[i + 1].win[p.seat] if i + 1 < len(plies) else end[p.seat]
        out.append(round((p.win[p.seat] - after) * 100, 2))
    return out


def logit(v: float) -> float:
    from ai.review import EPSILON

    v = min(1 - EPSILON, max(EPSILON, v))
    return math.log(v / (1 - v))


# The slope's prior: normal around 1 (the search's own spread) with this deviation.  A few matches
# nearly separate their winners from their losers, and the plain maximum of the likelihood then runs
# off to slopes of 3-5 that call a match decided after a handful of moves.
SLOPE_PRIOR_SD = 0.5
# ... but the slope used is 1, the search's own scale, in every game: the slope is fitted from the
# matches' results (every ply of a match shares its one result), and between two hard players the
# results barely follow any estimate: over 16 matches a game the likeliest slopes are 0.10
# (Architekton), 0.21 (Tactori), 0.0 (FEM) and 2.0 (Atacama).  Fitted, they would flatten three
# games' charts toward 50 %.  The lean needs no results: it comes from a hundred or more ply pairs
# a game, and is checked by leaving each match out (ai/README.md, "Reviews").
SLOPE = 1.0


def fit_slope(points: list[tuple[float, float]], offset: float) -> float:
    """The b maximising the likelihood of results y (0-1) under sigmoid(b (x - offset)) times the
    prior (``SLOPE_PRIOR_SD``).  The log of that is concave in b, so its derivative falls as b
    grows: its zero is found by bisection, which cannot run off as Newton's steps did on results
    the estimates barely predict."""

    def slope_of_log(b: float) -> float:
        grad = -(b - 1.0) / SLOPE_PRIOR_SD**2
        for x, y in points:
            z = x - offset
            grad += (y - 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, b * z))))) * z
        return grad

    low, high = -1.0, 3.0
    while slope_of_log(low) < 0:
        low -= 4.0
    while slope_of_log(high) > 0:
        high += 4.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if slope_of_log(mid) > 0 else (low, mid)
    return (low + high) / 2


def calibration_data(game: str, matches: int | list[int]):
    """From the hard-against-hard matches (``matches``: their count, or which): (1) for every ply whose
    best move was played and whose next ply was searched too, the next mover another player, the mean
    of the two movers' raw logits (the lean: with none it is 0, the two chances adding up to 1);
    (2) (the mover's raw logit, his result) for every searched ply; (3) where the next mover is the
    same player (Architekton's two placements), the change of his raw logit from the one to the other
    (a check of ``ai.review.own_next``: without a lean of their own it is near 0)."""
    from ai.review import shares

    leans, points, again = [], [], []
    for m in range(matches) if isinstance(matches, int) else matches:
        record = record_of(game, "hard-hard", m)
        result = result_of(record)
        probes = probes_of(game, "hard-hard", m)
        for p, q in zip(probes, probes[1:] + [None]):
            if p.exact is not None or p.raw is None:
                continue
            x = logit(shares(p.raw)[p.seat])
            points.append((x, result[p.seat]))
            if q is None or p.move != p.best or p.forced or q.exact is not None or q.raw is None:
                continue
            y = logit(shares(q.raw)[q.seat])
            if q.seat != p.seat:
                leans.append((x + y) / 2)
            else:
                again.append(y - x)
    return leans, points, again


def fit(game: str, matches: int) -> dict:
    """The game's calibration (ai.review.CALIBRATION): the lean c, in logits, is the median over
    consecutive plies (best move played) of the mean of the two movers' raw logits, so that after
    calibration the mover's chance before a best move and after it agree; the slope b used is
    ``SLOPE`` (the likeliest for the results with that offset, under ``SLOPE_PRIOR_SD``'s prior, is
    reported beside it).  Then p = sigmoid(a + b logit(v)), a = -b c.  Also the table that compares
    calibrated chances with the results, in fifths."""
    return fit_points(*calibration_data(game, matches))


def held_out(game: str, matches: int) -> dict:
    """Leave one out: each hard-against-hard match judged under the calibration fitted on the others,
    and the change over its best moves (``lean``) measured; the median of the absolute changes over
    all of them, in points, beside the same in-sample (the calibration fitted on every match)."""
    from ai import review as R

    key = (GAMES[game][0], GAMES[game][1])
    kept = R.CALIBRATION.get(key)
    out: dict = {}
    try:
        for name, folds in (
            ("in_sample", [list(range(matches))] * matches),
            ("held_out", [[k for k in range(matches) if k != m] for m in range(matches)]),
        ):
            changes: list[float] = []
            for m, train in enumerate(folds):
                fitted = fit_points(*calibration_data(game, train))
                R.CALIBRATION[key] = (fitted["a"], fitted["b"])
                changes += lean(judged(game, "hard-hard", m)[1])
            out[name] = round(statistics.median(abs(x) for x in changes), 2) if changes else None
    finally:
        if kept is None:
            R.CALIBRATION.pop(key, None)
        else:
            R.CALIBRATION[key] = kept
    return {"best_moves": len(changes), "median_abs_change_points": out}


def fit_points(leans: list[float], points: list[tuple[float, float]], again: list[float] | None = None) -> dict:
    """``fit`` of the data it gathers: ``leans`` (the mean of two consecutive movers' raw logits),
    ``points`` (a mover's raw logit, his result) and ``again`` (the change of a mover's raw logit to
    his own next ply, reported as its median: a check, not a parameter)."""
    c = statistics.median(leans) if leans else 0.0
    fitted = fit_slope(points, c)
    b = SLOPE
    bins: list[list[float]] = [[0, 0.0, 0.0] for _ in range(5)]
    for x, y in points:
        p = 1.0 / (1.0 + math.exp(-b * (x - c)))
        row = bins[min(4, int(p * 5))]
        row[0] += 1
        row[1] += p
        row[2] += y
    table = [
        {
            "chance": f"{20 * i}-{20 * i + 20} %",
            "plies": int(n),
            "mean_chance": round(sp / n, 3) if n else None,
            "mover_won": round(sy / n, 3) if n else None,
        }
        for i, (n, sp, sy) in enumerate(bins)
    ]
    return {
        "pairs": len(leans),
        "points": len(points),
        "lean_logit": round(c, 3),
        "slope_fitted": round(fitted, 3),
        "a": round(-b * c, 3),
        "b": round(b, 3),
        "again_pairs": len(again or []),
        "again_change_logit": round(statistics.median(again), 3) if again else None,
        "table": table,
    }


def measure(games, pairs, matches: dict[str, int], log=print) -> dict:
    out: dict = {}
    for game in games:
        row: dict = {}
        for pair in pairs:
            count = matches[pair]
            accuracies, lower, leans, ends_ok, cpu = [], 0, [], 0, 0.0
            for m in range(count):
                record, review = judged(game, pair, m)
                seats = record.players
                result = result_of(record)
                from ai.review import final_chances

                end = final_chances(review.plies)
                ends_ok += all(abs(e - r) < 1e-3 for e, r in zip(end, result))
                leans += lean(review)
                if pair != "hard-hard":
                    weak = pair.split("-")[0]
                    w = review.accuracy[seats.index(weak)]
                    h = review.accuracy[seats.index("hard")]
                    accuracies.append((w, h))
                    lower += w < h
                path = os.path.join(cache_dir(), f"{game}-{pair}-{m}.{PROBES}.json")
                with open(path, encoding="utf-8") as handle:
                    cpu += json.load(handle).get("cpu_s", 0.0)
            entry = {
                "matches": count,
                "last_ply_is_result": ends_ok,
                "review_cpu_s": round(cpu, 1),
                "best_moves": len(leans),
                "median_abs_change_points": round(statistics.median(abs(x) for x in leans), 2) if leans else None,
                "mean_change_points": round(statistics.fmean(leans), 2) if leans else None,
            }
            if pair != "hard-hard":
                weak = pair.split("-")[0]
                entry.update(
                    {
                        f"{weak}_below_hard": lower,
                        f"{weak}_median_accuracy": round(statistics.median(w for w, _ in accuracies), 1),
                        "hard_median_accuracy": round(statistics.median(h for _, h in accuracies), 1),
                        "accuracies": accuracies,
                    }
                )
            row[pair] = entry
            log(f"  {game} {pair}: " + ", ".join(f"{k} {v}" for k, v in entry.items() if k != "accuracies"))
        out[game] = row
    return out


def run(quick: bool, log=print) -> dict:
    """The bench section: ``--quick`` one random-against-hard match in FEM (short: hard closes a loop soon)
    (played and reviewed unless cached); else every game and pairing at ``MATCHES``."""
    if quick:
        games, pairs, matches = QUICK["games"], QUICK["pairs"], {p: QUICK["matches"] for p in PAIRS}
    else:
        games, pairs, matches = tuple(GAMES), PAIRS, MATCHES
    log(f"  cache: {cache_dir()}")
    return {"games": measure(games, pairs, matches, log), "notes": []}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review_quality", description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("play", "review", "fit", "report"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--pairs", default=",".join(PAIRS))
    parser.add_argument("--matches", type=int, default=None, help="matches per pairing (default: MATCHES)")
    parser.add_argument(
        "--cached",
        action="store_true",
        help="fit, report: only the matches already reviewed (per game and pairing, from match 0 on)",
    )
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args(argv)
    games, pairs = args.games.split(","), args.pairs.split(",")
    matches = {p: args.matches or MATCHES[p] for p in PAIRS}
    if args.what in ("play", "review"):
        for pair in pairs:
            for game in games:
                for m in range(matches[pair]):
                    start = time.process_time()
                    (record_of if args.what == "play" else probes_of)(game, pair, m)
                    print(
                        args.what,
                        game,
                        pair,
                        m,
                        round(time.process_time() - start, 1),
                        time.strftime("%H:%M:%S"),
                        flush=True,
                    )
        return 0
    if args.what == "fit":
        for game in games:
            count = reviewed(game, "hard-hard") if args.cached else matches["hard-hard"]
            print(game, json.dumps(fit(game, count)), flush=True)
            if count > 1:
                print(game, "leave one out:", json.dumps(held_out(game, count)), flush=True)
        return 0
    if args.cached:
        out = {}
        for game in games:
            counts = {pair: reviewed(game, pair) for pair in pairs}
            out.update(measure([game], [p for p in pairs if counts[p]], counts))
    else:
        out = measure(games, pairs, matches)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            json.dump(out, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
