"""Match reviews (ai/review.py): win chances, labels, determinism, no peeking, the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ai import review as R
from ai.cli import main
from engines.record import Record, walk

from .test_no_peeking import reorder_hidden

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.json"))


def example(name: str, upto: int | None = None) -> Record:
    record = Record.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text())
    if upto is not None:
        record.moves = record.moves[:upto]
    return record


def check(review: R.Review) -> None:
    players = len(review.players)
    assert len(review.accuracy) == players
    assert all(0 <= a <= 100 for a in review.accuracy)
    for p in review.plies:
        assert len(p.win) == players
        assert all(0.0 <= w <= 1.0 for w in p.win)
        assert abs(sum(p.win) - 1.0) < 1e-3, p
        assert 0.0 <= p.best_win <= 1.0 and 0.0 <= p.played_win <= 1.0
        assert p.label == R.label_for(p.drop, p.missed_win, p.allows_win), p
        if p.move == p.best:
            assert p.label == "best"


@pytest.mark.parametrize("name, upto", [("architekton", 8), ("atacama", 8), ("tactori-fem", 10), ("tactori", 9)])
def test_win_chances_sum_to_one_and_labels_follow_the_drops(name, upto, small_budgets):
    review = R.review(example(name, upto), "hard", seed=3)
    assert [p.ply for p in review.plies] == list(range(upto))
    check(review)


def test_the_same_record_level_and_seed_give_the_same_review(small_budgets):
    record = example("tactori-fem", 8)
    assert R.review(record, "medium", seed=5).to_json() == R.review(record, "medium", seed=5).to_json()


def test_labels_and_accuracy_follow_the_documented_thresholds():
    assert [R.label_for(d) for d in (0.0, 0.019, 0.02, 0.099, 0.1, 0.199, 0.2, 0.299, 0.3, 1.0)] == [
        "best",
        "best",
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert R.move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert R.move_accuracy(1.0) == 0.0
    assert R.move_accuracy(0.1) < R.move_accuracy(0.05) < 100
    ply = R.Ply(0, 0, "a", [0.5, 0.5], "b", 0.6, 0.3, "blunder")
    assert R.accuracy([ply], 2) == [round(R.move_accuracy(0.3), 1), 100.0]  # one move: both means agree


def test_a_review_survives_json():
    review = R.Review(
        "tactori", ["a", "b"], "hard", 0, [R.Ply(0, 0, "x", [0.4, 0.6], "y", 0.5, 0.2, "mistake")], [70.0, 100.0]
    )
    again = R.Review.from_json(json.loads(json.dumps(review.to_json())))
    assert again == review
    assert again.costliest(0) == review.plies and again.costliest(1) == []


@pytest.mark.parametrize("game", ["architekton", "atacama"])
def test_no_peeking_the_hidden_order_does_not_change_the_judgement(game, small_budgets):
    """Each position is judged as its mover saw it: two positions that differ only in the order
    of the face-down tiles (or sub-boards) get the same win chances, best move and label."""
    record = example(game)
    rng = random.Random(2)
    compared = 0
    for ply, state in enumerate(walk(record)):
        if ply == len(record.moves) or compared >= 4:
            break
        twin = reorder_hidden(state, rng)
        if (twin.to_json() == state.to_json()) or ply % 2:
            continue
        move = record.moves[ply]
        assert R.review_ply(state, move, ply, "hard", 1) == R.review_ply(twin, move, ply, "hard", 1), ply
        compared += 1
    assert compared >= 2


def test_fem_a_move_that_misses_a_win_in_one_is_at_least_a_mistake(small_budgets):
    """Where a turn closes a loop at once, every other move is a mistake or worse."""
    from ai.profiles._tactori import fem_tactics as tactics
    from ai.work import Work
    from tests.ai.conftest import random_positions

    found = 0
    for seed in range(40):
        for state in random_positions("tactori-fem", 2, {}, seed, every=1, limit=80):
            wins = tactics.winning_moves(state, Work(200_000))
            if not wins:
                continue
            others = [m for m in state.legal_moves() if m not in wins]
            for move in others[:2]:
                after = state.copy()
                after.play(move)
                if after.current_player() is None:
                    continue
                p = R.review_ply(state, move, 0, "hard", 0)
                assert p.best in wins and p.best_win == 1.0 and p.missed_win
                assert p.label in ("mistake", "blunder"), p
                found += 1
            break
        if found >= 4:
            break
    assert found >= 4


def ends_won(state, move: str) -> bool:
    seat, after = state.current_player(), state.copy()
    after.play(move)
    return after.current_player() is None and tuple(after.outcome().winners) == (seat,)


def win_in_one(game: str, players: int, seed: int):
    """The last position of a seeded random playout where one move ends the match won by its mover
    and another does not: (state, winning moves, other moves), or None."""
    import engines
    from ai.search import play

    state = engines.get_game(game).setup(players, seed, options={})
    rng, history = random.Random(seed), []
    while state.current_player() is not None:
        history.append(state.copy())
        play(state, rng.choice(state.legal_moves()))
    for position in reversed(history[-6:]):
        wins = [m for m in position.legal_moves() if ends_won(position, m)]
        others = [m for m in position.legal_moves() if m not in wins]
        if wins and others:
            return position, wins, others
    return None


@pytest.mark.slow
@pytest.mark.parametrize("game, players", [("architekton", 2), ("atacama", 2), ("tactori", 3)])
def test_a_move_that_lets_a_win_at_once_pass_is_at_least_a_mistake(game, players, small_budgets):
    """In every game: where a move ends the match won by its mover, that move is the best (win
    chance 1) and any other is a mistake or worse; the winning move itself is the best."""
    found = 0
    for seed in range(60):
        position = win_in_one(game, players, seed)
        if position is None:
            continue
        state, wins, others = position
        move = random.Random(seed).choice(others)
        p = R.review_ply(state, move, 0, "hard", seed)
        assert p.best in wins and p.best_win == 1.0 and p.missed_win, p
        assert p.label in ("mistake", "blunder"), p
        assert p.label == R.label_for(p.drop, True, p.allows_win)
        won = R.review_ply(state, wins[0], 0, "hard", seed)
        assert won.label == "best" and won.played_win == 1.0 and not won.missed_win
        found += 1
        if found >= 3:
            break
    assert found >= 3


def test_a_missed_win_floors_the_label_but_not_the_drop():
    assert R.label_for(0.0, missed_win=True) == R.MISSED_WIN == "mistake"
    assert R.label_for(0.0, allows_win=True) == R.ALLOWED_WIN == "mistake"
    assert R.label_for(0.25, missed_win=True) == "mistake" and R.label_for(0.5, missed_win=True) == "blunder"
    ply = R.Ply(0, 0, "a", [0.5, 0.5], "b", 1.0, 0.95, "mistake", missed_win=True)
    assert ply.drop == pytest.approx(0.05) and R.accuracy([ply], 2)[0] == round(R.move_accuracy(0.05), 1)
    assert R.Review.from_json(R.Review("x", ["a", "b"], "hard", 0, [ply], [1, 2]).to_json()).plies == [ply]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_cli_reviews_every_example(path, tmp_path, small_budgets):
    out, chart = tmp_path / "review.json", tmp_path / "review.png"
    assert main(["review", str(path), "--level", "easy", "--seed", "2", "-o", str(out), "--chart", str(chart)]) == 0
    data = json.loads(out.read_text())
    record = json.loads(path.read_text())
    assert data["game"] == record["game"] and data["players"] == record["players"]
    assert len(data["plies"]) == len(record["moves"])
    assert {"ply", "seat", "move", "win", "best", "best_win", "label"} <= set(data["plies"][0])
    assert len(data["accuracy"]) == len(record["players"])
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_cli_says_what_is_wrong_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tactori", "players": ["a", "b"], "moves": ["zz9"]}')
    for args, status in (
        (["review", str(bad), "-o", str(tmp_path / "o.json")], 2),
        (["review", str(tmp_path / "missing.json"), "-o", str(tmp_path / "o.json")], 2),
        (["review", str(EXAMPLES[0]), "-o", str(tmp_path / "no" / "such" / "dir.json")], 3),
    ):
        run = subprocess.run(
            [sys.executable, "-m", "ai", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT)},
            timeout=600,
        )
        assert run.returncode == status, run
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert run.stderr.startswith("python -m ai review: "), run.stderr


# ---------------------------------------------------------------- properties over random matches

from contextlib import contextmanager  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.ai.conftest import CONFIGS  # noqa: E402


@contextmanager
def tiny_budgets():
    """As the ``small_budgets`` fixture, for hypothesis's examples (a fixture is set up once per test)."""
    from ai import levels

    saved = dict(levels.BUDGETS)
    for game in levels.BUDGETS:
        levels.BUDGETS[game] = {"easy": 8, "medium": 12, "hard": 16}
    try:
        yield
    finally:
        levels.BUDGETS.clear()
        levels.BUDGETS.update(saved)


def random_record(config, seed: int, plies: int) -> Record:
    import engines

    game, players, options = config
    state = engines.get_game(game).setup(players, seed, options=options)
    rng, moves = random.Random(seed), []
    while state.current_player() is not None and len(moves) < plies:
        moves.append(state.play(rng.choice(state.legal_moves())))  # the canonical text
    return Record(game, [f"p{i}" for i in range(players)], seed, dict(options), {}, moves)


@settings(max_examples=12, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10**6),
    plies=st.integers(1, 6),
    level=st.sampled_from(["easy", "hard"]),
    review_seed=st.integers(0, 1000),
)
def test_any_match_gets_a_consistent_deterministic_review(config, seed, plies, level, review_seed):
    """Any game and option set, any prefix of a random match: a ply per move, in order, with its
    mover; win chances of every seat summing to 1; labels as the thresholds say; accuracy lichess's
    (weighted and harmonic means of the moves' accuracies); the same review again for the same
    record, level and seed."""
    record = random_record(config, seed, plies)
    with tiny_budgets():
        review = R.review(record, level, review_seed)
        again = R.review(record, level, review_seed)
    assert again.to_json() == review.to_json()
    check(review)
    assert [p.ply for p in review.plies] == list(range(len(record.moves)))
    assert [p.move for p in review.plies] == record.moves
    weights = R.stakes(review.plies)
    for seat in range(len(record.players)):
        mine = [(R.move_accuracy(p.drop), w) for p, w in zip(review.plies, weights) if p.seat == seat and not p.forced]
        if not mine:
            assert review.accuracy[seat] == 100.0
            continue
        values = [a for a, _ in mine]
        weighted = sum(a * w for a, w in mine) / sum(w for _, w in mine)
        harmonic = sum(w for _, w in mine) / sum(w / max(1.0, a) for a, w in mine)
        assert review.accuracy[seat] == round((weighted + harmonic) / 2, 1)
        assert min(values) - 0.05 <= review.accuracy[seat] <= max(max(values), 1.0) + 0.05  # the harmonic floor: 1


@given(a=st.floats(0, 1), b=st.floats(0, 1), missed=st.booleans())
def test_a_larger_drop_never_gets_a_better_label(a, b, missed):
    low, high = sorted((a, b))
    assert R.LABELS.index(R.label_for(low, missed)) <= R.LABELS.index(R.label_for(high, missed))
    assert R.move_accuracy(low) >= R.move_accuracy(high)
