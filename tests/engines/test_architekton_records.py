"""Architekton records and the replay command line (records.md)."""

from __future__ import annotations

import json
import random

import pytest
from architekton_helpers import new_match, record_for
from records_cli import EXAMPLES, examples, record_data, run_cli, write_record
from state_checks import snapshot

from engines import Record, ReplayError, replay
from engines.architekton.state import ArchitektonState


def random_record(seed: int, want_end: str | None = None, limit: int = 400) -> tuple[Record, ArchitektonState]:
    """A random legal match (seeded); with ``want_end`` the first seed from
    ``seed`` on whose match ends that way."""
    for s in range(seed, seed + limit):
        rng = random.Random(s)
        state = new_match(s)
        moves = []
        while state.outcome() is None:
            moves.append(state.play(rng.choice(state.legal_moves())))
        if want_end is None or state.outcome().end == want_end:
            return record_for(moves, seed=s), state
    raise AssertionError(f"no match ending {want_end!r} found")


def random_prefix(seed: int, plies: int) -> tuple[Record, ArchitektonState]:
    """The first ``plies`` moves of a random match, and the position they reach."""
    record, _ = random_record(seed)
    record.moves = record.moves[:plies]
    return record, replay(record)


# --------------------------------------------------------------- the examples
def test_examples_exist():
    assert len(examples("architekton")) >= 2


def test_example_legal_list_is_canonical_sorted_and_unique():
    path = EXAMPLES / "architekton-prefix.json"
    code, out = run_cli(str(path), "--legal")
    assert code == 0
    assert out["legal"] == sorted(set(out["legal"]))
    state = replay(Record.loads(path.read_text("utf-8")))
    for move in out["legal"]:
        assert state.copy().play(move) == move


# --------------------------------------------------------------- CLI contract
def test_cli_reads_standard_input():
    path = EXAMPLES / "architekton-prefix.json"
    code_file, from_file = run_cli(str(path), "--legal")
    code_stdin, from_stdin = run_cli("-", "--legal", stdin=path.read_text("utf-8"))
    assert code_file == code_stdin == 0
    assert from_stdin == from_file


def test_cli_state_option_includes_the_state():
    record, expected = random_prefix(11, plies=7)
    code, out = run_cli("-", "--state", stdin=record.dumps())
    assert code == 0
    assert "legal" not in out
    assert out["state"] == json.loads(json.dumps(expected.to_json()))
    # The state is enough to rebuild the position.
    assert snapshot(ArchitektonState.from_json(out["state"])) == snapshot(expected)
    code, out = run_cli("-", stdin=record.dumps())
    assert "state" not in out and "legal" not in out


def test_cli_ongoing_summary_fields():
    record, state = random_prefix(12, plies=5)
    code, out = run_cli("-", "--legal", stdin=record.dumps())
    assert code == 0
    assert out == {
        "game": "architekton",
        "ply": 5,
        "status": "ongoing",
        "to_move": state.current_player(),
        "scores": state.scores(),
        "winners": [],
        "end": None,
        "legal": state.legal_moves(),
    }


def test_cli_illegal_move_exit_2_with_ply():
    record = Record.loads((EXAMPLES / "architekton-prefix.json").read_text("utf-8"))
    n = len(record.moves)
    record.moves.append("E@0,0")  # a start tile lies there
    code, out = run_cli("-", "--legal", stdin=record.dumps())
    assert code == 2
    assert set(out) == {"error", "ply"}
    assert out["ply"] == n
    assert "taken" in out["error"]
    record.moves[n:] = ["B06@-1,0r0", "B99@0,0r0", "E@0,2"]  # legal, then unparsable
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == n + 1


def test_cli_unparsable_move_exit_2_with_ply():
    record = record_for(["nonsense"], seed=3)
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == 0 and "not a move" in out["error"]


def test_cli_move_after_the_end_exit_2_with_ply():
    record, _ = random_record(14)
    n = len(record.moves)
    record.moves.append("keep")
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == n


@pytest.mark.parametrize(
    "change,word",
    [
        ({"game": "chess"}, "unknown game"),
        ({"players": ["a", "b", "c"]}, "players"),
        ({"players": ["a"]}, "players"),
        ({"options": {"speed": True}}, "option"),
        ({"setup": {"first": 5}}, "first"),
        ({"setup": {"buildings": ["B01"] * 22}}, "buildings"),
        ({"setup": {"landscapes": ["E"] * 24}}, "landscapes"),
        ({"setup": {"buildings": 5}}, "buildings"),
        ({"setup": {"buildings": ["B01", 3]}}, "buildings"),
        ({"setup": {"landscapes": "EMWF"}}, "landscapes"),
        ({"setup": {"first": True}}, "first"),
        ({"setup": {"first": 1.0}}, "first"),
        ({"seed": "x"}, "seed"),
        ({"moves": [1, 2]}, "moves"),
    ],
)
def test_cli_malformed_record_exit_2(tmp_path, change, word):
    code, out = run_cli(str(write_record(tmp_path, record_data("architekton", change))))
    assert code == 2
    assert set(out) == {"error"}
    assert word in out["error"]


def test_cli_not_json_or_missing_file_exit_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", "utf-8")
    code, out = run_cli(str(path))
    assert code == 2 and set(out) == {"error"}
    code, out = run_cli(str(tmp_path / "missing.json"))
    assert code == 2 and set(out) == {"error"}


def test_cli_finished_normal_match_scores_are_final_points():
    record, state = random_record(20, want_end="normal")
    code, out = run_cli("-", "--legal", stdin=record.dumps())
    assert code == 0
    assert out["status"] == "finished" and out["end"] == "normal" and out["to_move"] is None
    assert out["scores"] == state.final["points"]
    assert out["winners"] == list(state.outcome().winners)
    assert out["legal"] == []


def test_cli_early_end_reports_scores_as_ongoing():
    record, state = random_record(30, want_end="early")
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 0
    assert out["status"] == "finished" and out["end"] == "early"
    assert out["scores"] == state.scores()
    assert len(out["winners"]) == 1


# ------------------------------------------------------------ records in-process
def test_record_round_trips_through_dumps():
    record, state = random_record(40)
    again = Record.loads(record.dumps())
    assert again == record
    assert snapshot(replay(again)) == snapshot(state)


def test_record_setup_overrides_the_seed():
    setup = {"buildings": [f"B{i:02d}" for i in range(22, 0, -1)], "landscapes": list("FWME" * 6), "first": 1}
    a = replay(record_for([], seed=1, setup=setup))
    b = replay(record_for([], seed=999, setup=setup))
    assert snapshot(a) == snapshot(b)


def test_record_replay_upto():
    record, _ = random_record(41)
    partial = replay(record, upto=4)
    assert snapshot(partial) == snapshot(replay(record_for(record.moves[:4], seed=record.seed)))


def test_record_replay_error_carries_ply():
    with pytest.raises(ReplayError) as info:
        replay(record_for(["discard"], seed=2))
    assert info.value.ply == 0
