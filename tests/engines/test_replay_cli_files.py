"""``python -m engines replay`` on files that are not records: one ``{"error": ...}``
line and exit status 2, never a traceback (records.md, "Command line")."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from records_cli import ROOT, record_data


def replay_bytes(*args: str, stdin: bytes | None = None) -> tuple[int, dict, str]:
    """Run the command line with raw bytes, as a shell pipe or a broken file would give it."""
    proc = subprocess.run(
        [sys.executable, "-m", "engines", "replay", *args], cwd=ROOT, input=stdin, capture_output=True, timeout=60
    )
    out = proc.stdout.decode("utf-8").strip().splitlines()
    assert len(out) == 1, (proc.stdout, proc.stderr)
    return proc.returncode, json.loads(out[0]), proc.stderr.decode("utf-8", "replace")


LATIN1 = json.dumps(record_data("atacama", {"players": ["Jürgen", "bob"]}), ensure_ascii=False).encode("latin-1")


@pytest.mark.parametrize(
    "name, content, words",
    [
        ("latin1.json", LATIN1, ("not UTF-8", "latin1.json")),
        ("binary.json", b"\xff\xfe\x00{", ("not UTF-8",)),
        ("broken.json", b'{"game": "atacama", "players": [', ("not JSON",)),
        ("empty.json", b"", ("not JSON",)),
        ("list.json", b"[1, 2]", ("JSON object",)),
        ("deep.json", b"[" * 100_000, ("nested too deeply",)),
    ],
)
def test_a_file_that_is_not_a_record_is_an_error_line(tmp_path, name, content, words):
    path = tmp_path / name
    path.write_bytes(content)
    code, out, stderr = replay_bytes(str(path))
    assert code == 2 and set(out) == {"error"}, out
    assert all(word in out["error"] for word in words), out
    assert "Traceback" not in stderr


def test_standard_input_that_is_not_utf8_is_an_error_line():
    code, out, stderr = replay_bytes("-", stdin=LATIN1)
    assert code == 2 and "standard input is not UTF-8" in out["error"]
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda tmp: tmp / "missing.json", ("cannot read", "missing.json")),
        (lambda tmp: tmp, ("cannot read", "directory")),
    ],
)
def test_a_path_that_is_not_a_readable_file_is_an_error_line(tmp_path, make, words):
    code, out, stderr = replay_bytes(str(make(tmp_path)))
    assert code == 2 and set(out) == {"error"}
    assert all(word in out["error"] for word in words), out
    assert "Traceback" not in stderr


def test_a_byte_order_mark_is_not_part_of_the_record(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record_data("atacama", {})).encode("utf-8"))
    code, out, _ = replay_bytes(str(path))
    assert code == 0 and out["game"] == "atacama" and out["ply"] == 0
