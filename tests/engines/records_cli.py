"""The replay command line and the example records, shared by every game's record tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "fixtures" / "examples"  # the rules' example records, copied into the repository


def run_cli(*args: str, stdin: str | None = None) -> tuple[int, dict]:
    """``python -m engines replay ARGS``: exit status and the one JSON object it prints."""
    proc = subprocess.run(
        [sys.executable, "-m", "engines", "replay", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.stdout.strip(), proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, "the CLI prints one JSON object"
    return proc.returncode, json.loads(lines[0])


def examples(*games: str) -> list[Path]:
    """The example records of ``games`` (not their expected outputs)."""
    found = []
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        if json.loads(path.read_text("utf-8")).get("game") in games:
            found.append(path)
    return found


def expected_of(path: Path) -> dict:
    return json.loads(path.with_name(path.name.replace(".json", ".expected.json")).read_text("utf-8"))


def record_data(game: str, change: dict) -> dict:
    """A small valid two-player record of ``game`` as JSON data, with ``change`` applied."""
    data = {"game": game, "options": {}, "players": ["ann", "bob"], "seed": 1, "setup": {}, "moves": []}
    data.update(change)
    return data


def write_record(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(data), "utf-8")
    return path
