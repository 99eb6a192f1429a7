"""Atacama records and the replay command line (records.md, T8 notation)."""

from __future__ import annotations

import json
import random
import sys

import pytest
from atacama_helpers import new_match, record_for
from records_cli import EXAMPLES, examples, record_data, run_cli, write_record
from state_checks import snapshot

from engines import Record, replay
from engines.atacama.state import AtacamaState


def run_main(*args: str, stdin: str | None = None, capsys=None, monkeypatch=None) -> tuple[int, dict]:
    """The same command line in-process (``engines.cli.main``), for the many
    error cases; a few tests above run the real ``python -m engines``."""
    import io

    from engines.cli import main

    if stdin is not None:
        # A text stream over bytes, as the real standard input is: the CLI reads its bytes.
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), "utf-8"))
    code = main(["replay", *args])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1, "the CLI prints one JSON object"
    return code, json.loads(lines[0])


def random_record(seed: int, players: int = 2, **options) -> tuple[Record, AtacamaState]:
    rng = random.Random(seed)
    setup = None
    if options.get("buildup"):
        from engines import get_game

        setup = get_game("atacama").resolve_setup(players, seed, None, options)
    state = new_match(players, seed, setup, **options)
    moves = []
    while state.outcome() is None:
        moves.append(state.play(rng.choice(state.legal_moves())))
    return record_for(moves, players, seed, setup, **options), state


# --------------------------------------------------------------- the examples
def test_examples_exist():
    assert {p.name for p in examples("atacama")} >= {"atacama-4p-prefix.json", "atacama-buildup-tactics.json"}


def test_example_legal_list_is_canonical_sorted_and_playable():
    path = EXAMPLES / "atacama-4p-prefix.json"
    code, out = run_cli(str(path), "--legal")
    assert code == 0 and out["legal"] == sorted(set(out["legal"]))
    state = replay(Record.loads(path.read_text("utf-8")))
    for move in out["legal"]:
        assert state.copy().play(move) == move


# --------------------------------------------------------------- CLI contract
def test_cli_reads_standard_input():
    path = EXAMPLES / "atacama-buildup-tactics.json"
    assert run_cli(str(path), "--legal") == run_cli("-", "--legal", stdin=path.read_text("utf-8"))


def test_cli_ongoing_summary_fields_and_running_scores():
    record, _ = random_record(5, tactics=True)
    record.moves = record.moves[:20]
    state = replay(record)
    code, out = run_cli("-", "--legal", stdin=record.dumps())
    assert code == 0
    assert out == {
        "game": "atacama",
        "ply": 20,
        "status": "ongoing",
        "to_move": state.current_player(),
        "scores": state.scores(),
        "winners": [],
        "end": None,
        "legal": state.legal_moves(),
    }


def test_cli_finished_build_up_match():
    record, state = random_record(6, buildup=True, tactics=True)
    code, out = run_cli("-", "--legal", "--state", stdin=record.dumps())
    assert code == 0
    assert out["status"] == "finished" and out["end"] == "normal" and out["to_move"] is None
    assert out["scores"] == list(state.outcome().scores) and out["legal"] == []
    assert out["state"] == json.loads(json.dumps(state.to_json()))


def test_cli_resignation_in_a_four_player_record():
    record = record_for(["a1", "c1", "e1"], players=4)
    record.resignations = [[3, 3], [3, 1], [3, 2]]
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 0
    assert out["status"] == "finished" and out["end"] == "resign" and out["winners"] == [0]


def test_cli_illegal_move_exit_2_with_ply():
    record = record_for(["e5", "e6"])
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and set(out) == {"error", "ply"} and out["ply"] == 1
    assert "e6 is next to e5" in out["error"]
    record = record_for(["e5", "a1", "e5"])
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == 2 and "already holds a tower" in out["error"]


@pytest.mark.parametrize(
    "moves,ply,word",
    [
        (["nonsense"], 0, "not a move"),
        (["e5", "j9"], 1, "not a field"),
        (["e5*"], 0, "tactics"),
        (["buy cols"], 0, "build-up"),
        (["pass"], 0, "pass only"),
    ],
)
def test_cli_bad_moves_exit_2(moves, ply, word, capsys, monkeypatch):
    code, out = run_main("-", stdin=record_for(moves).dumps(), capsys=capsys, monkeypatch=monkeypatch)
    assert code == 2 and out["ply"] == ply and word in out["error"]


def test_cli_malformed_record_exit_2_as_a_process(tmp_path):
    data = {"game": "atacama", "options": {"buildup": True}, "players": ["a", "b", "c", "d"], "moves": []}
    code, out = run_cli(str(write_record(tmp_path, data)))
    assert code == 2 and set(out) == {"error"} and "build-up" in out["error"]


def test_cli_move_after_the_end_exit_2():
    record, _ = random_record(7)
    n = len(record.moves)
    record.moves.append("a1")
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == n and "over" in out["error"]


@pytest.mark.parametrize(
    "change,word",
    [
        ({"players": ["a", "b", "c"]}, "2 or 4"),
        ({"players": ["a"]}, "players"),
        ({"players": ["a", "b", "c", "d", "e"]}, "players"),
        ({"players": ["a", "b", "c", "d"], "options": {"buildup": True}}, "build-up"),
        ({"options": {"tactics": "yes"}}, "bool"),
        ({"options": {"speed": True}}, "option"),
        ({"options": {"buildup": True}, "setup": {"boards": ["A"] * 9}}, "boards"),
        ({"options": {"buildup": True}, "setup": {"boards": "ABCDEFGHI"}}, "boards"),
        ({"setup": {"boards": list("ABCDEFGHI")}}, "build-up"),
        ({"setup": {"first": 1}}, "first"),
    ],
)
def test_cli_malformed_record_exit_2(tmp_path, change, word, capsys, monkeypatch):
    code, out = run_main(
        str(write_record(tmp_path, record_data("atacama", change))), capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 2 and set(out) == {"error"}
    assert word in out["error"]


# ------------------------------------------------------------ records in-process
@pytest.mark.parametrize("players,options", [(2, {}), (2, {"buildup": True}), (4, {"tactics": True})])
def test_record_round_trips_through_text(players, options):
    record, state = random_record(40, players, **options)
    again = Record.loads(record.dumps())
    assert again == record
    assert snapshot(replay(again)) == snapshot(state)


def test_build_up_setup_overrides_the_seed():
    setup = {"boards": list("IHGFEDCBA")}
    a = replay(record_for([], seed=1, setup=setup, buildup=True))
    b = replay(record_for([], seed=999, setup=setup, buildup=True))
    assert snapshot(a) == snapshot(b)
    assert a.slots[:4] == ["I", "H", None, "G"]
