"""``.ci/postgres`` reports a taken port or folder in one line, and ``.ci/run`` stops only a
server it started itself.  No test here touches the default port or folder, which a
developer's server may be using."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POSTGRES = ROOT / ".ci" / "postgres"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="the CI scripts are bash scripts")


def postgres(command: str, port: int, folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PGTEST_PORT=str(port), PGTEST_DIR=str(folder))
    return subprocess.run(
        ["bash", str(POSTGRES), command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.fixture
def pg_folder():
    """A folder for a cluster that the postgres user (who runs the server) can reach: not a 0700
    pytest tmp_path.  Whatever started there is stopped afterwards."""
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        pytest.skip("Debian's postgresql is not installed (.ci/postgres would install it)")
    parent = Path(tempfile.mkdtemp(prefix="pgtest-"))
    parent.chmod(parent.stat().st_mode | stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    try:
        yield parent / "pg"
    finally:
        subprocess.run(
            ["bash", str(POSTGRES), "stop"],
            env=dict(os.environ, PGTEST_DIR=str(parent / "pg")),
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(parent, ignore_errors=True)


def test_a_taken_port_is_reported_with_the_log_and_the_way_out(pg_folder):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = postgres("start", port, pg_folder)
    assert done.returncode == 3, done.stderr
    line = one_line(done.stderr)
    assert f"port {port} is taken" in line and f"see {pg_folder / 'log'}" in line
    assert "PGTEST_PORT" in line and "PGTEST_DIR" in line
    assert done.stdout == ""  # no URL: nothing to point the tests at
    assert str(port) in (pg_folder / "log").read_text()


def test_a_folder_in_use_by_something_else_is_reported_and_left_alone(tmp_path):
    folder = tmp_path / "somebody-elses"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    with socket.socket() as probe:  # a free port, so only the folder is in the way
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = postgres("start", port, folder)
    assert done.returncode == 4, done.stderr
    line = one_line(done.stderr)
    assert str(folder) in line and "PGTEST_DIR" in line
    assert (folder / "notes.txt").read_text() == "keep me"


def test_status_of_a_server_that_does_not_run(tmp_path):
    done = postgres("status", 1, tmp_path / "none")
    assert done.returncode == 1 and done.stdout == ""


def test_a_server_that_does_not_start_points_at_its_log(pg_folder):
    done = postgres("start", 0, pg_folder)  # port 0: PostgreSQL refuses it
    assert done.returncode == 5, done.stderr
    line = one_line(done.stderr)
    assert f"see {pg_folder / 'log'}" in line and "PGTEST_PORT" in line
    assert "port" in (pg_folder / "log").read_text()


# ---------------------------------------------------------------- .ci/run
FAKE_POSTGRES = """#!/usr/bin/env bash
echo "postgres $*" >> "$CALLS"
case "$1" in
status) if [ -n "$FAKE_RUNNING" ]; then echo postgresql://already/running; else exit 1; fi ;;
start) echo postgresql://started/here ;;
esac
"""
# python3 -m venv .venv: a virtual environment whose pip and python only say they ran.
FAKE_PYTHON3 = """#!/usr/bin/env bash
mkdir -p .venv/bin
printf '#!/usr/bin/env bash\\necho "pip $*" >> "$CALLS"\\n' > .venv/bin/pip
printf '#!/usr/bin/env bash\\necho "python $* on $TEST_DATABASE_URL" >> "$CALLS"\\n' > .venv/bin/python
chmod +x .venv/bin/pip .venv/bin/python
"""


def run_ci(tmp_path: Path, running: bool, search_path: str | None = None) -> list[str]:
    repo, fakes = tmp_path / "repo", tmp_path / "bin"
    (repo / ".ci").mkdir(parents=True)
    fakes.mkdir(exist_ok=True)
    for script in ("run", "lint"):
        shutil.copy(ROOT / ".ci" / script, repo / ".ci" / script)
    for path, text in ((repo / ".ci" / "postgres", FAKE_POSTGRES), (fakes / "python3", FAKE_PYTHON3)):
        path.write_text(text)
        path.chmod(0o755)
    calls = tmp_path / "calls"
    env = dict(
        os.environ,
        PATH=search_path or f"{fakes}{os.pathsep}{os.environ['PATH']}",
        CALLS=str(calls),
        FAKE_RUNNING="1" if running else "",
    )
    done = subprocess.run(["bash", str(repo / ".ci" / "run")], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return calls.read_text().splitlines()


def test_ci_stops_the_server_it_started(tmp_path):
    calls = run_ci(tmp_path, running=False)
    assert "postgres start" in calls and calls[-1] == "postgres stop", calls
    assert "python -m pytest -q on postgresql://started/here" in calls


def test_ci_runs_the_linters_before_the_tests(tmp_path):
    calls = run_ci(tmp_path, running=True)
    url = "postgresql://already/running"
    lint = [f"python -m ruff check . on {url}", f"python -m ruff format --check . on {url}", f"python -m mypy on {url}"]
    assert all(call in calls for call in lint), calls
    assert max(calls.index(call) for call in lint) < calls.index(f"python -m pytest -q on {url}")


def test_lint_runs_every_check_and_fails_when_one_does(tmp_path):
    """A layout finding (ruff format --check fails) fails .ci/lint, after mypy has run too."""
    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "lint", repo / ".ci" / "lint")
    python = tmp_path / "python"
    python.write_text('#!/usr/bin/env bash\necho "$*" >> "$CALLS"\n[ "$3" != format ]\n')
    python.chmod(0o755)
    calls = tmp_path / "calls"
    done = subprocess.run(
        ["bash", str(repo / ".ci" / "lint")],
        env=dict(os.environ, PYTHON=str(python), CALLS=str(calls)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert calls.read_text().splitlines() == ["-m ruff check .", "-m ruff format --check .", "-m mypy"]


def test_ci_leaves_a_server_that_was_running_alone(tmp_path):
    calls = run_ci(tmp_path, running=True)
    assert "postgres stop" not in calls and "postgres start" not in calls, calls
    assert "python -m pytest -q on postgresql://already/running" in calls


def test_ci_installs_chromium_for_the_browser_tests_when_it_is_missing(tmp_path):
    """On a machine without chromium (a PATH holding only what .ci/run needs), Debian's package
    is installed before the tests run."""
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in ("bash", "dirname", "rm", "mkdir", "chmod", "env", "cat"):
        found = shutil.which(tool)
        if found:
            (tools / tool).symlink_to(found)
    fakes = tmp_path / "bin"
    fakes.mkdir()
    apt = fakes / "apt-get"
    apt.write_text('#!/usr/bin/env bash\necho "apt-get $*" >> "$CALLS"\n')
    apt.chmod(0o755)
    calls = run_ci(tmp_path, running=True, search_path=f"{fakes}{os.pathsep}{tools}")
    assert "apt-get install -y -q chromium" in calls, calls
    assert calls.index("apt-get install -y -q chromium") < calls.index(
        "python -m pytest -q on postgresql://already/running"
    )
