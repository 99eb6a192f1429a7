"""The benchmark suite runs end to end in quick mode (what CI runs).

Only the shape of the report is checked, never a timing: every registered
game has an entry in every per-game section (measured, or skipped with a
reason), the store and memory sections are there, and budgets were evaluated.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engines

ROOT = Path(__file__).resolve().parent.parent
PER_GAME = ("engine", "render", "replay", "command")
SECTIONS = ("engine", "playouts", "render", "replay", "command", "store", "memory", "large", "ai")


@pytest.mark.slow
def test_quick_benchmark_reports_every_game_and_section(tmp_path):
    out = tmp_path / "results.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "-o", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # 3: a budget was missed, which a loaded machine may do; the report must then say which.
    assert proc.returncode in (0, 3), proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(out.read_text())
    missed = [b for b in report["budgets"] if b["status"] == "MISS"]
    assert (proc.returncode == 3) == bool(missed), (proc.returncode, missed)

    assert report["mode"] == "quick"
    games = engines.game_names()
    assert report["games"] == games
    for key in ("cpu_model", "cores", "python", "date"):
        assert key in report["machine"]
    for section in SECTIONS:
        assert section in report["sections"], section
        assert "error" not in report["sections"][section], report["sections"][section]
    for section in PER_GAME:
        entries = report["sections"][section]["games"]
        assert sorted(entries) == sorted(games), (section, sorted(entries))
        for game, entry in entries.items():
            assert entry, (section, game)
    for game, entry in report["sections"]["engine"]["games"].items():
        for metric in ("play", "legal_moves", "json_roundtrip", "replay"):
            assert entry[metric]["count"] > 0, (game, metric)
    for game, entry in report["sections"]["render"]["games"].items():
        assert "skipped" in entry or entry["time"]["count"] > 0, game
    for game, entry in report["sections"]["replay"]["games"].items():
        assert entry["frames"] >= 2 and entry["mb"] > 0 and entry["chart"]["count"] > 0, game
    for game, entry in report["sections"]["command"]["games"].items():
        assert "skipped" in entry or entry["total"]["count"] > 0, game
    assert report["sections"]["store"]["runs"], "no store run"
    for run in report["sections"]["store"]["runs"].values():
        assert run["moves"] > 0 and run["db_bytes_per_match_created"] > 0
    large = report["sections"]["large"]
    assert large["matches"] == 2000
    for which in ("old", "new"):
        for command in ("move", "autocomplete", "games"):
            assert large["crowd"][which][command]["latency"]["count"] > 0, (which, command)
        assert large["lookup"]["user_matches"][which]["count"] > 0
    assert large["writers"]["moves"] > 0 and not large["writers"]["errors"]
    reminders = large["reminders"]
    assert reminders["sent"] == reminders["due"] and reminders["left_due"] == 0
    assert reminders["most_in_a_channel_per_5s"] <= 5 and reminders["most_per_1s"] <= 50  # Discord's limits
    if os.environ.get("TEST_DATABASE_URL"):  # the same on PostgreSQL (CI has a server)
        pg = large["postgresql"]
        assert pg["backend"] == "postgresql" and pg["matches"] == 2000
        assert pg["writers"]["moves"] > 0 and not pg["writers"]["errors"]
        assert pg["crowd"]["new"]["move"]["latency"]["count"] > 0
        assert pg["reminders"]["sent"] == pg["reminders"]["due"] and pg["reminders"]["left_due"] == 0
        judged = {b["metric"] for b in report["budgets"] if b["game"] == "postgresql" and b["status"] != "SKIP"}
        assert judged == {
            "postgresql.crowd.new.move.latency.p99",
            "postgresql.crowd.new.autocomplete.latency.p99",
            "postgresql.reminders.simulated_s",
            "postgresql.writers.moves_per_s",
        }, judged
    played = {v["game"] for v in report["sections"]["playouts"]["variants"].values()}
    assert played == set(games), played
    for label, entry in report["sections"]["playouts"]["variants"].items():
        for mode in ("legal", "sample"):
            assert entry[mode]["playouts"] >= 2 and entry[mode]["plies_per_playout"] > 0, (label, mode)
    [rung] = report["sections"]["ai"]["rungs"]  # quick: one short rung of the ladder
    assert rung["matches"] == rung["wins"] + rung["draws"] + rung["losses"] == 2
    assert 0 <= rung["ci95"][0] <= rung["win_rate"] <= rung["ci95"][1] <= 1
    assert rung["think"]["easy"]["median_s"] > 0
    memory = report["sections"]["memory"]
    assert memory["empty"]["rss_mb"] > 0 and memory["loaded"]["rss_mb"] > 0
    assert report["budgets"] and all(b["status"] in ("PASS", "MISS", "SKIP") for b in report["budgets"])


def test_a_game_without_renderer_is_skipped_with_a_note(monkeypatch):
    import render
    from bench import command, positions
    from bench import render as bench_render

    game = engines.game_names()[0]
    # the registry's live view of renderers, without this game's
    monkeypatch.setattr(render, "RENDERERS", {g: m for g, m in render.RENDERERS.items() if g != game})
    notes = []
    playouts = {game: [positions.playout(game, engines.get_game(game).min_players, 1)]}
    out = bench_render.run([game], playouts, True, notes.append)
    assert "skipped" in out["games"][game]
    assert any("skipped" in n for n in notes)
    assert command._has_renderer(game) is not None


def test_the_digest_benchmark_composes_and_delivers_each_digest_once():
    """``bench.digest`` on a small database: the same digests are composed, then delivered by the
    bot's own code at the pacing's rate, each once (only the report's shape, never a timing)."""
    import re

    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, "-m", "bench.digest", "--matches", "2000", "--digests", "60", "--batch", "25"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = proc.stdout
    composed = int(re.search(r"([\d,]+) would be sent", out).group(1))
    delivered = int(re.search(r"fetched users: ([\d,]+) digests sent", out).group(1))
    assert 0 < composed == delivered <= 60 and out.count("due afterwards: 0 (every digest once)") == 2
    # three requests a DM (users fetched first); the pacing's bound itself: tests/bot/test_digest.py
    peak, requests = map(int, re.search(r"at most (\d+) DMs = (\d+) requests in any second", out).groups())
    assert 0 < peak < delivered and requests == 3 * peak


def test_the_comparison_runs_both_trees_and_leaves_no_worktree_behind():
    """bench.compare against HEAD itself: one row per budget of the section, both columns filled,
    and the temporary worktree of the base removed."""
    listed = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True)
    if listed.returncode:
        pytest.skip("the checkout is not a git work tree, so there is no commit to compare with")
    proc = subprocess.run(
        [sys.executable, "-m", "bench.compare", "--base", "HEAD", "--only", "engine", "--rounds", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| engine |")]
    games = engines.game_names()
    assert {row.split(" | ")[1] for row in rows} == set(games)
    assert all(len(row.split(" | ")) == 6 and row.rstrip().endswith("|") for row in rows)
    after = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True).stdout
    assert "bench-compare-" not in after


def test_the_comparison_refuses_an_unknown_commit_in_one_line():
    proc = subprocess.run(
        [sys.executable, "-m", "bench.compare", "--base", "no-such-commit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "unknown commit" in proc.stderr
