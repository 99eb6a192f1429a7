"""How long a match review takes, and how good its judgement is (ai/review.py, ai/README.md "Reviews").

CPU seconds (``time.process_time``: the review is one thread; the machine is shared) per match
and per ply, reviewing seeded matches of typical lengths at the hard level:

``python -m bench.ai_review time [--games fem,architekton,atacama,tactori4] [-o bench/ai-review.json]``

``agree``: the labels of the review's budget against a full-budget review (``share`` 1.0, the
level's whole search per ply) on ``--plies`` plies drawn from each of ``--matches`` matches.

``wins``: positions where one move wins at once (it ends the match with its mover the only
winner; found in the last plies of seeded random playouts): how many of the other moves the
review labels an inaccuracy or worse (``--positions`` per game, ``--others`` other moves each).

``ladder``: matches between two levels (``--levels easy,medium``), each reviewed: in how many
is the weaker level's accuracy below the stronger's.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from engines import get_game
from engines.record import Record

# name -> (game, players, options, plies wanted)
MATCHES = {
    "fem": ("tactori-fem", 2, {}, 60),
    "architekton": ("architekton", 2, {}, 30),
    "atacama": ("atacama", 2, {}, 40),
    "tactori4": ("tactori", 4, {}, 120),
    "tactori2": ("tactori", 2, {}, 60),  # wins, ladder: two players
}


def played(game: str, players: int, options: dict, plies: int, seed: int, seats: list[str] | None = None) -> Record:
    """A record of up to ``plies`` moves (fewer if the match ends first): greedy against random
    play by default (cheap, with real mistakes), or the given seats (levels or baselines)."""
    from ai.players import move_of

    state = get_game(game).setup(players, seed, options=options)
    seats = seats or ["greedy", "random"] * 2
    moves: list[str] = []
    rng = random.Random(seed)
    while state.current_player() is not None and len(moves) < plies:
        who = seats[state.current_player() % len(seats)]
        move = move_of(who, state, rng.randrange(1 << 30))
        moves.append(state.play(move))
    return Record(game, [f"p{i + 1}" for i in range(players)], seed, dict(options), {}, moves)


def win_in_one_positions(game: str, players: int, options: dict, wanted: int, seed: int, tail: int = 6):
    """(state, ply, winning moves, other moves) of seeded random playouts: each of the last ``tail``
    positions of a playout where some move ends the match won by its mover alone and some does not."""
    from ai.search import play

    found = []
    for run in range(seed, seed + 50 * wanted):
        state = get_game(game).setup(players, run, options=options)
        rng = random.Random(run)
        history = []
        while state.current_player() is not None:
            history.append(state.copy())
            play(state, rng.choice(state.legal_moves()))
        for ply, position in list(enumerate(history))[-tail:]:
            seat, wins, others = position.current_player(), [], []
            for move in position.legal_moves():
                after = position.copy()
                after.play(move)
                ended = after.current_player() is None
                (wins if ended and tuple(after.outcome().winners) == (seat,) else others).append(move)
            if wins and others:
                found.append((position, ply, wins, others))
                break  # one position per playout: more playouts, more kinds of ending
        if len(found) >= wanted:
            break
    return found


def timed(record: Record, level: str = "hard", share: float | None = None, upto: int | None = None):
    from ai.review import review

    if upto is not None:
        record = Record(record.game, record.players, record.seed, record.options, record.setup, record.moves[:upto])
    start = time.process_time()
    done = review(record, level, seed=0, share=share)
    return done, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_review", description=__doc__)
    parser.add_argument("what", choices=("time", "agree", "wins", "ladder"))
    parser.add_argument("--games", default=",".join(MATCHES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=16, help="agree: plies compared per match")
    parser.add_argument("--levels", default="easy,medium", help="ladder: weaker,stronger")
    parser.add_argument("--matches", type=int, default=5, help="ladder, agree: matches per game")
    parser.add_argument("--positions", type=int, default=200, help="wins: positions per game")
    parser.add_argument("--others", type=int, default=2, help="wins: other moves judged per position (0: all)")
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args(argv)
    out: dict = {"what": args.what, "at": time.strftime("%Y-%m-%d %H:%M:%S")}
    for name in args.games.split(","):
        game, players, options, plies = MATCHES[name]
        if args.what == "time":
            # the first of 20 seeded matches as long as wanted, else the longest (an Atacama match has
            # 28 placements, every tower; an Architekton match ends when the tiles do, at most ~29)
            record = max(
                (played(game, players, options, plies, args.seed + k) for k in range(20)),
                key=lambda r: min(len(r.moves), plies),
            )
            done, cpu = timed(record)
            row = {
                "plies": len(record.moves),
                "cpu_s": round(cpu, 1),
                "s_per_ply": round(cpu / len(record.moves), 3),
                "labels": dict(Counter(p.label for p in done.plies)),
                "accuracy": done.accuracy,
            }
        elif args.what == "agree":
            # --plies plies drawn from each of --matches matches (seeds seed, seed+1, ...), each judged at
            # the review's budget and at the full one (share 1.0, the level's whole search per ply)
            from ai.review import LABELS, review_ply
            from engines.record import walk

            pairs, best, cheap_cpu, full_cpu = [], 0, 0.0, 0.0
            for m in range(args.matches):
                record = played(game, players, options, plies, args.seed + m)
                states = [s.copy() for s in walk(record)][: len(record.moves)]  # walk plays on one state
                for ply in sorted(random.Random(m).sample(range(len(states)), min(args.plies, len(states)))):
                    start = time.process_time()
                    cheap = review_ply(states[ply], record.moves[ply], ply, "hard", 0)
                    middle = time.process_time()
                    full = review_ply(states[ply], record.moves[ply], ply, "hard", 0, share=1.0)
                    cheap_cpu, full_cpu = cheap_cpu + middle - start, full_cpu + time.process_time() - middle
                    pairs.append((cheap.label, full.label))
                    best += cheap.best == full.best
            same = sum(a == b for a, b in pairs)
            near = sum(abs(LABELS.index(a) - LABELS.index(b)) <= 1 for a, b in pairs)
            flagged = sum((LABELS.index(a) >= 3) == (LABELS.index(b) >= 3) for a, b in pairs)
            row = {
                "matches": args.matches,
                "plies": len(pairs),
                "same_label": same,
                "within_one_grade": near,
                "same_mistake_or_not": flagged,
                "same_best_move": best,
                "cheap_cpu_s": round(cheap_cpu, 1),
                "full_cpu_s": round(full_cpu, 1),
                "pairs": pairs,
            }
        elif args.what == "wins":
            from ai.review import label_for, review_ply

            start = time.process_time()
            labels: Counter = Counter()
            judged = flagged = by_drop = 0
            missed = []
            positions = win_in_one_positions(game, players, options, args.positions, args.seed)
            for n, (state, ply, wins, others) in enumerate(positions):
                chosen = others if args.others <= 0 else random.Random(n).sample(others, min(args.others, len(others)))
                for move in chosen:
                    p = review_ply(state, move, ply, "hard", seed=n)
                    labels[p.label] += 1
                    judged += 1
                    by_drop += label_for(p.drop) in ("inaccuracy", "mistake", "blunder")  # without MISSED_WIN
                    if p.label in ("inaccuracy", "mistake", "blunder"):
                        flagged += 1
                    elif len(missed) < 10:
                        missed.append(
                            {
                                "seed": args.seed,
                                "n": n,
                                "move": move,
                                "wins": wins[:3],
                                "label": p.label,
                                "best": p.best,
                                "best_win": p.best_win,
                                "played_win": p.played_win,
                            }
                        )
                if n % 20 == 19:  # a long run can be read as it goes
                    print(
                        name,
                        n + 1,
                        "positions:",
                        judged,
                        "judged,",
                        flagged,
                        "flagged,",
                        by_drop,
                        "by drop",
                        flush=True,
                    )
            row = {
                "positions": len(positions),
                "moves_judged": judged,
                "flagged": flagged,
                "flagged_by_drop_alone": by_drop,
                "labels": dict(labels),
                "cpu_s": round(time.process_time() - start, 1),
                "missed": missed,
            }
        else:
            weak, strong = args.levels.split(",")
            lower = 0
            rows = []
            for m in range(args.matches):
                seats = [weak, strong] if m % 2 == 0 else [strong, weak]
                seats = (seats * 2)[:players]
                record = played(game, players, options, 10_000, args.seed + m, seats)
                done, cpu = timed(record)
                acc = {lvl: [a for a, s in zip(done.accuracy, seats) if s == lvl] for lvl in (weak, strong)}
                w, s = sum(acc[weak]) / len(acc[weak]), sum(acc[strong]) / len(acc[strong])
                lower += w < s
                rows.append(
                    {"seats": seats, "accuracy": done.accuracy, "plies": len(record.moves), "cpu_s": round(cpu, 1)}
                )
                print(name, m, rows[-1], flush=True)  # a long run can be read as it goes
            row = {"matches": args.matches, "weaker_lower": lower, "rows": rows}
        out[name] = row
        print(name, {k: v for k, v in row.items() if k not in ("pairs", "rows")}, flush=True)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            json.dump(out, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
