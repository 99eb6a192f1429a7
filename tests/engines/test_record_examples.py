"""Every game's example records replay through the command line as their
``.expected.json`` says (records.md, examples/README.md)."""

from __future__ import annotations

import json

import pytest
from records_cli import examples, expected_of, run_cli
from state_checks import snapshot

from engines import Record, game_names, replay

EXAMPLE_RECORDS = examples(*game_names())


@pytest.mark.parametrize("path", EXAMPLE_RECORDS, ids=lambda p: p.name)
def test_example_replays_to_expected_output(path):
    expected = expected_of(path)
    code, out = run_cli(str(path), "--legal")
    assert code == 0
    legal = out.pop("legal")
    # records.md: sorted and unique; the examples compare it as a set and
    # leave it out for finished matches.
    assert legal == sorted(set(legal))
    if "legal" in expected:
        assert set(legal) == set(expected.pop("legal"))
    else:
        assert legal == [] and expected["status"] == "finished"
    assert out == expected


@pytest.mark.parametrize("path", EXAMPLE_RECORDS, ids=lambda p: p.name)
def test_example_replays_in_process_the_same(path):
    record = Record.loads(path.read_text("utf-8"))
    state = replay(record)
    code, out = run_cli(str(path), "--state")
    assert code == 0
    assert out["state"] == json.loads(json.dumps(state.to_json()))
    # The printed state is enough to rebuild the position.
    assert snapshot(type(state).from_json(out["state"])) == snapshot(state)
    assert out["ply"] == len(record.moves)
