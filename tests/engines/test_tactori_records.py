"""Tactori / Tactori FEM records and the replay command line (records.md, R8)."""

from __future__ import annotations

import json
import random

import pytest
from records_cli import EXAMPLES, record_data, run_cli, write_record
from records_cli import examples as examples_of
from state_checks import snapshot
from tactori_helpers import choose, record_for

from engines import Record, get_game, replay


def random_record(game: str, seed: int, players: int = 2, options: dict | None = None, plies: int = 30) -> Record:
    rng = random.Random(seed)
    state = get_game(game).setup(players, seed, {}, options or {})
    moves = []
    while state.outcome() is None and len(moves) < plies:
        moves.append(state.play(choose(state.legal_moves(), rng)))
    return record_for(game, moves, players, options)


def test_examples_exist():
    games = {json.loads(p.read_text("utf-8"))["game"] for p in examples_of("tactori", "tactori-fem")}
    assert games == {"tactori", "tactori-fem"}


@pytest.mark.parametrize("path", examples_of("tactori", "tactori-fem"), ids=lambda p: p.name)
def test_example_moves_are_canonical(path):
    """The example records hold their moves in canonical notation already."""
    record = Record.loads(path.read_text("utf-8"))
    again = get_game(record.game).setup(len(record.players), record.seed, record.setup, record.options)
    for move in record.moves:
        assert again.play(move) == move


def test_fem_prefix_legal_moves_are_each_accepted():
    state = replay(Record.loads((EXAMPLES / "fem-prefix.json").read_text("utf-8")))
    for move in state.legal_moves():
        assert state.copy().play(move) == move


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("tactori", 3, {"chase": True, "centre": 1}),
        ("tactori-fem", 2, {"stacks": True, "chase": True}),
    ],
)
def test_cli_ongoing_summary_and_state(game, players, options):
    record = random_record(game, 7, players, options, plies=12)
    state = replay(record)
    code, out = run_cli("-", "--legal", "--state", stdin=record.dumps())
    assert code == 0
    assert out["game"] == game and out["ply"] == 12 and out["status"] == "ongoing"
    assert out["to_move"] == state.current_player() and out["scores"] == state.scores()
    assert out["winners"] == [] and out["end"] is None
    assert out["legal"] == state.legal_moves()
    assert out["state"] == json.loads(json.dumps(state.to_json()))


def test_cli_illegal_and_unparsable_moves_exit_2_with_ply():
    record = record_for("tactori", ["+c3", "+c3", "c3-d4"])
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == 2 and "top tower on c3 is orange" in out["error"]
    record = record_for("tactori-fem", ["+c3", "+f9"])
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == 1 and "no field f9" in out["error"]
    record = record_for("tactori", ["+c3", "hello"])
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and out["ply"] == 1 and "cannot read" in out["error"]


@pytest.mark.parametrize(
    "change,word",
    [
        ({"players": ["a"]}, "players"),
        ({"players": ["a", "b", "c", "d", "e"]}, "players"),
        ({"options": {"centre": 5}}, "centre"),
        ({"options": {"chase": "yes"}}, "chase"),
        ({"options": {"stacks": True}}, "option"),
        ({"setup": {"first": 1}}, "setup"),
    ],
)
def test_cli_malformed_tactori_record_exit_2(tmp_path, change, word):
    code, out = run_cli(str(write_record(tmp_path, record_data("tactori", change))))
    assert code == 2 and set(out) == {"error"} and word in out["error"]


def test_cli_fem_three_players_refused():
    record = record_for("tactori-fem", [], players=3)
    code, out = run_cli("-", stdin=record.dumps())
    assert code == 2 and "2 players" in out["error"]


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("tactori", 4, {"chase": True, "centre": 2}),
        ("tactori-fem", 2, {"stacks": True}),
    ],
)
def test_record_round_trips_and_replay_upto(game, players, options):
    record = random_record(game, 11, players, options, plies=40)
    again = Record.loads(record.dumps())
    assert again == record
    state = replay(again)
    assert snapshot(state) == snapshot(replay(record))
    partial = replay(record, upto=5)
    assert snapshot(partial) == snapshot(replay(record_for(game, record.moves[:5], players, options)))
