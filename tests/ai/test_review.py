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
        assert p.label == R.label_for(p.drop), p
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
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert R.move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert R.move_accuracy(1.0) == 0.0
    assert R.move_accuracy(0.1) < R.move_accuracy(0.05) < 100
    ply = R.Ply(0, 0, "a", [0.5, 0.5], "b", 0.6, 0.3, "blunder")
    assert R.accuracy([ply], 2) == [round(R.move_accuracy(0.3), 1), 100.0]


def test_a_review_survives_json():
    review = R.Review("tactori", ["a", "b"], "hard", 0, [R.Ply(0, 0, "x", [0.4, 0.6], "y", 0.5, 0.2, "mistake")],
                      [70.0, 100.0])
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


def test_fem_a_move_that_misses_a_win_in_one_is_at_least_an_inaccuracy(small_budgets):
    """Where a turn closes a loop at once, every other move gets a label worse than good."""
    from ai import tactics, turns
    from tests.ai.conftest import random_positions

    found = 0
    for seed in range(40):
        for state in random_positions("tactori-fem", 2, {}, seed, every=1, limit=80):
            wins = tactics.winning_moves(state, turns.Work(200_000))
            if not wins:
                continue
            others = [m for m in state.legal_moves() if m not in wins]
            for move in others[:2]:
                after = state.copy()
                after.play(move)
                if after.current_player() is None:
                    continue
                p = R.review_ply(state, move, 0, "hard", 0)
                assert p.best in wins and p.best_win == 1.0
                assert p.label in ("inaccuracy", "mistake", "blunder"), p
                found += 1
            break
        if found >= 4:
            break
    assert found >= 4


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
    for args in (["review", str(bad), "-o", str(tmp_path / "o.json")],
                 ["review", str(tmp_path / "missing.json"), "-o", str(tmp_path / "o.json")],
                 ["review", str(EXAMPLES[0]), "-o", str(tmp_path / "no" / "such" / "dir.json")]):
        run = subprocess.run([sys.executable, "-m", "ai", *args], cwd=ROOT, capture_output=True, text=True,
                             env={"PYTHONPATH": str(ROOT)}, timeout=600)
        assert run.returncode == 2, run
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert run.stderr.startswith("python -m ai review: "), run.stderr
