"""bench/web.py runs end to end on a small load (its shape only, never a timing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_web_benchmark_reports_pages_events_moves_and_the_loop(tmp_path):
    out = tmp_path / "web.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.web",
            "load",
            "--pages",
            "6",
            "--streams",
            "12",
            "--matches",
            "4",
            "--moves",
            "3",
            "-o",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["page_first_byte"]["count"] == 6 and report["page_first_byte"]["statuses"] == [200]
    assert report["open_streams_at_server"] == 12
    assert (
        report["event_delivery"]["missing"] == 0
        and report["event_delivery"]["count"] == report["event_delivery"]["expected"] > 0
    )
    for run in ("quiet", "loaded"):
        assert report[run]["move"]["count"] == 3 and report[run]["loop_lateness"]["count"] > 0
