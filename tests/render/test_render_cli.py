"""`python -m render RECORD.json -o board.png [--ply N]`."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from PIL import Image
from render_checks import EXAMPLES, ROOT

FULL = EXAMPLES / "architekton-full.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "render", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60
    )


def png_size(path: Path) -> tuple[int, int]:
    with Image.open(io.BytesIO(path.read_bytes())) as img:
        assert img.format == "PNG"
        return img.size


def test_full_record_renders(tmp_path):
    out = tmp_path / "board.png"
    result = run(str(FULL), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert min(png_size(out)) >= 800


def test_ply_renders_an_earlier_position(tmp_path):
    early, final = tmp_path / "early.png", tmp_path / "final.png"
    assert run(str(FULL), "-o", str(early), "--ply", "4").returncode == 0
    assert run(str(FULL), "-o", str(final)).returncode == 0
    assert early.read_bytes() != final.read_bytes()


def test_record_from_standard_input(tmp_path):
    out = tmp_path / "board.png"
    result = run("-", "-o", str(out), "--ply", "0", stdin=FULL.read_text())
    assert result.returncode == 0, result.stderr
    assert out.exists()


def test_unreadable_records_exit_2(tmp_path):
    out = tmp_path / "board.png"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases = [
        [str(bad)],
        [str(tmp_path / "missing.json")],
        [str(FULL), "--ply", "999"],
    ]
    record = json.loads(FULL.read_text())
    record["moves"][3] = "B99@7,7r0"
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record))
    cases.append([str(illegal)])
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"game": "chess", "players": ["a", "b"]}))
    cases.append([str(unknown)])
    for args in cases:
        result = run(*args, "-o", str(out))
        assert result.returncode == 2, args
        assert result.stderr.strip(), args
        assert "Traceback" not in result.stderr, args
    assert not out.exists()
