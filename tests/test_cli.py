"""Every command line fails in one line with an exit status of its own (README: Records and tools; docs/hosting.md):
``python -m engines``, ``python -m ai``, ``python -m render`` and ``python -m bench``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "examples"
FINISHED = FIXTURES / "architekton-full.json"
ONGOING = FIXTURES / "fem-prefix.json"


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


# ------------------------------------------------------------- the command line itself
@pytest.mark.parametrize(
    "args",
    [
        ("engines",),
        ("engines", "replay"),
        ("engines", "replay", "x.json", "--bogus"),
        ("ai",),
        ("ai", "move"),
        ("ai", "duel", "atacama", "--levels", "easy,random", "--matches", "x"),
        ("render", "x.json"),
        ("render", "x.json", "-o", "x.png", "--replay", "--chart"),
        ("bench", "--only", "nothing"),
    ],
)
def test_a_wrong_command_line_is_one_line_and_exit_2(args):
    done = run(*args)
    assert done.returncode == 2, done.stderr
    line = one_line(done.stderr)
    assert line.startswith(f"python -m {args[0]}") and "usage:" not in line, line
    assert done.stdout == ""


@pytest.mark.parametrize("count", ["0", "-1", "-20"])
def test_a_duel_of_no_matches_is_refused(count):
    done = run("ai", "duel", "tactori-fem", "--levels", "easy,random", "--matches", count)
    assert done.returncode == 2 and done.stdout == ""
    assert "--matches" in one_line(done.stderr) and count in done.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (("--players", "3"), "2 players"),
        (("--options", "{not json"), "--options"),
        (("--options", "[1]"), "JSON object"),
        (("--levels", "easy"), "--levels"),
    ],
)
def test_a_duel_the_game_refuses_is_one_line(args, words):
    done = run("ai", "duel", "tactori-fem", "--levels", "easy,random", "--matches", "1", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert words in one_line(done.stderr)


# ------------------------------------------------------------------------ ai move
def test_ai_move_reports_a_bad_record_as_engines_replay_does(tmp_path):
    record = json.loads(ONGOING.read_text("utf-8"))
    record["moves"][3] = "zz9"
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record))
    for path in (illegal, tmp_path / "missing.json"):
        replayed, moved = run("engines", "replay", str(path)), run("ai", "move", str(path))
        assert replayed.returncode == moved.returncode == 2
        assert json.loads(one_line(moved.stdout)) == json.loads(one_line(replayed.stdout))
        assert moved.stderr == ""
    assert json.loads(run("ai", "move", str(illegal)).stdout)["ply"] == 3


def test_ai_move_on_a_finished_match_has_a_status_of_its_own():
    done = run("ai", "move", str(FINISHED))
    assert done.returncode == 3
    assert "over" in json.loads(one_line(done.stdout))["error"]
    assert run("engines", "replay", str(FINISHED)).returncode == 0


# ------------------------------------------------------------------------- render
@pytest.mark.parametrize(
    "args, words",
    [
        (("--replay", "-o", "match.png"), "--replay writes GIF or WebP"),
        (("--replay", "-o", "match"), "*.gif"),
        (("--chart", "-o", "scores.gif"), "--chart writes PNG"),
        (("-o", "board.gif"), "PNG"),
        (("-o", "board.png", "--perspective", "7"), "--perspective"),
        (("-o", "board.png", "--perspective", "-1"), "--perspective"),
        (("-o", "board.png", "--perspective", "2"), "between 0 and 1"),
        (("--replay", "-o", "match.gif", "--perspective", "0"), "--perspective"),
    ],
)
def test_render_refuses_what_it_would_write_wrongly(tmp_path, args, words):
    args = tuple(str(tmp_path / a) if a.startswith(("match", "board", "scores")) else a for a in args)
    done = run("render", str(FINISHED), *args)
    assert done.returncode == 2, done.stderr
    assert words in one_line(done.stderr)
    assert list(tmp_path.iterdir()) == []


def test_render_draws_for_a_seat_of_the_record(tmp_path):
    done = run("render", str(FINISHED), "-o", str(tmp_path / "board.png"), "--perspective", "1")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_that_cannot_write_has_a_status_of_its_own(tmp_path):
    done = run("render", str(FINISHED), "-o", str(tmp_path / "no-such-folder" / "board.png"))
    assert done.returncode == 3
    assert "cannot write" in one_line(done.stderr)


def test_render_of_a_missing_record(tmp_path):
    done = run("render", str(tmp_path / "missing.json"), "-o", str(tmp_path / "board.png"))
    assert done.returncode == 2
    assert "cannot read" in one_line(done.stderr)


# -------------------------------------------------------------------------- bench
def test_bench_does_not_write_over_a_tracked_file():
    readme = ROOT / "README.md"
    before = readme.read_bytes()
    done = run("bench", "--quick", "--only", "engine", "-o", str(readme))
    assert done.returncode == 2
    assert "tracked" in one_line(done.stderr) and "--force" in done.stderr
    assert readme.read_bytes() == before


@pytest.fixture
def bench_main(monkeypatch):
    """``python -m bench`` in this process, its AI section replaced by one that records its log path."""
    import bench.__main__ as main
    import bench.ai

    seen = {}

    def ladder(quick, log, ladder_log=None):
        seen["ladder_log"] = ladder_log
        return {"rungs": [], "notes": []}

    monkeypatch.setattr(bench.ai, "run", ladder)
    monkeypatch.delenv("BENCH_AI_LOG", raising=False)
    main.seen = seen
    return main


def test_bench_writes_where_o_says_and_keeps_the_ladder_log_beside_it(tmp_path, bench_main, capsys):
    out = tmp_path / "runs" / "today.json"
    assert bench_main.main(["--only", "ai", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["sections"]["ai"] == {"rungs": [], "notes": []}
    assert bench_main.seen["ladder_log"] == str(tmp_path / "runs" / "ai-ladder.jsonl")


def test_bench_exits_3_when_a_budget_is_missed(tmp_path, bench_main, monkeypatch, capsys):
    real = bench_main.report.budgets

    def one_missed(result):
        return real(result) + [bench_main.report._entry("a budget", "ai", "atacama", "x", 2, 1, "<", "s")]

    monkeypatch.setattr(bench_main.report, "budgets", one_missed)
    assert bench_main.main(["--only", "ai", "-o", str(tmp_path / "r.json")]) == 3
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert line.startswith("python -m bench: 1 budget(s) missed") and "a budget" in line


def test_bench_exits_4_when_a_section_fails(tmp_path, bench_main, monkeypatch, capsys):
    import bench.ai

    def broken(quick, log, ladder_log=None):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(bench.ai, "run", broken)
    assert bench_main.main(["--only", "ai", "-o", str(tmp_path / "r.json")]) == 4
    assert capsys.readouterr().err.strip().splitlines()[-1] == "python -m bench: section(s) failed: ai"


# ------------------------------------------------------------- options that would do nothing
@pytest.mark.parametrize(
    "args, words",
    [
        (("-o", "board.png", "--from", "5"), "--from and --to choose the moves of a replay"),
        (("-o", "board.png", "--to", "5"), "add --replay"),
        (("--replay", "-o", "match.gif", "--ply", "3"), "--ply chooses the position of a board"),
        (("--chart", "-o", "scores.png", "--ply", "3"), "--ply"),
    ],
)
def test_render_refuses_an_option_it_would_ignore(tmp_path, args, words):
    args = tuple(str(tmp_path / a) if a.startswith(("match", "board", "scores")) else a for a in args)
    done = run("render", str(FINISHED), *args)
    assert done.returncode == 2, done.stderr
    assert words in one_line(done.stderr)
    assert list(tmp_path.iterdir()) == []


def test_ai_review_names_its_chart_png_and_cannot_write_is_3(tmp_path):
    done = run("ai", "review", str(FINISHED), "-o", str(tmp_path / "r.json"), "--chart", str(tmp_path / "r.gif"))
    assert done.returncode == 2 and "--chart writes PNG" in one_line(done.stderr)
    done = run(
        "ai", "review", str(FINISHED), "-o", str(tmp_path / "r.json"), "--chart", str(tmp_path / "missing" / "r.png")
    )
    assert done.returncode == 3 and "cannot write" in one_line(done.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args, options",
    [
        (("ai", "move", "--help"), ("--level", "--seed")),
        (("ai", "duel", "--help"), ("--players", "--seed")),
        (("ai", "review", "--help"), ("--level", "--seed")),
        (("render", "--help"), ("--perspective", "--from", "--to")),
        (("matches", "copy", "--help"), ("--from", "--to")),
    ],
)
def test_every_option_says_what_it_does(args, options):
    """Each option's help is a sentence of its own: the help text under the option is not empty."""
    done = run(*args)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split()).split(" options: ", 1)[1]  # past the usage line
    for option in options:
        after = text.split(f" {option} ", 1)[1] if f" {option} " in text else ""
        first = after.split(" ", 1)[0]
        described = after.split(" ", 1)[1] if first.isupper() or first.startswith("{") else after
        assert described and not described.startswith("-"), (option, text)
    if args[0] == "render":
        assert "counted from 0" in text
    if args[0] == "matches":
        assert "sqlite:///" in text and "postgresql://" in text


# -------------------------------------------------------------------------- bench: start-up
def test_bench_without_the_test_extra_says_what_to_install(bench_main, monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "simcord" else real(name, *a))
    assert bench_main.main(["--quick"]) == 5
    line = one_line(capsys.readouterr().err)
    assert "command, memory, large need the test extra" in line and "pip install -e '.[test]'" in line
    assert "--only engine,playouts,render,replay,store,ai" in line


def test_bench_outside_the_venv_says_where_to_run_it(bench_main, monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "discord" else real(name, *a))
    assert bench_main.main(["--quick"]) == 5
    line = one_line(capsys.readouterr().err)
    assert "discord not installed" in line and ".venv/bin/python -m bench" in line


def test_bench_leaves_no_temporary_files(tmp_path, bench_main, monkeypatch, capsys):
    import tempfile

    import bench.ai

    made = []

    def section(quick, log, ladder_log=None):
        folder = tempfile.mkdtemp(prefix="bench-store-")  # as the store section's template does
        (Path(folder) / "template.sqlite3").write_bytes(b"x")
        made.append(folder)
        return {"rungs": [], "notes": []}

    monkeypatch.setattr(bench.ai, "run", section)
    before = tempfile.tempdir
    assert bench_main.main(["--only", "ai", "-o", str(tmp_path / "r.json")]) == 0
    assert made and not Path(made[0]).exists() and not Path(made[0]).parent.exists()
    assert tempfile.tempdir == before


@pytest.mark.parametrize(
    "setting, value, words",
    [
        ("BENCH_AI_MATCHES", "abc", "BENCH_AI_MATCHES must be a number"),
        ("BENCH_AI_MATCHES", "easy,random=0", "at least 1 match"),
        ("BENCH_AI_MATCHES", "nope,x=3", "the pair nope,x"),
        ("BENCH_AI_RUNGS", "easy,nope", "the pair easy,nope"),
    ],
)
def test_a_bad_ladder_setting_is_one_line_before_any_match(
    tmp_path, bench_main, monkeypatch, capsys, setting, value, words
):
    monkeypatch.setenv(setting, value)
    with pytest.raises(SystemExit) as stop:
        bench_main.main(["--only", "ai", "-o", str(tmp_path / "r.json")])
    assert stop.value.code == 2 and bench_main.seen == {}
    assert words in one_line(capsys.readouterr().err)
