"""The README works in a fresh clone: its record commands run as written on the example
records in docs/examples, and no document links to anything outside the repository."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engines

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
EXAMPLES = ROOT / "docs" / "examples"


def readme_commands() -> list[str]:
    """The README's shell lines that use an example record, without their comments."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text("utf-8"), re.S)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if "docs/examples/" in line]


COMMANDS = readme_commands()


def test_one_example_record_per_game():
    games = sorted(json.loads(p.read_text("utf-8"))["game"] for p in EXAMPLES.glob("*.json"))
    assert games == sorted(engines.game_names())


def test_the_readme_shows_every_record_tool_on_them():
    def kind(command: str) -> str:
        words = command.split()
        tool = " ".join(words[2:4]) if words[2] in ("engines", "ai") else "render"
        return tool + next((" " + flag for flag in ("--replay", "--chart") if flag in words), "")

    assert {kind(c) for c in COMMANDS} >= {"engines replay", "ai move", "render", "render --replay", "render --chart"}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_readme_record_command_runs_as_written(tmp_path, command):
    """Run in a folder holding only docs/examples, as a newcomer's clone would have it."""
    shutil.copytree(EXAMPLES, tmp_path / "docs" / "examples")
    words = shlex.split(command)
    assert words[0] == ".venv/bin/python", command
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, *words[1:]], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    if "-o" in words:
        written = tmp_path / words[words.index("-o") + 1]
        assert written.stat().st_size > 0
    else:
        answer = json.loads(done.stdout.strip().splitlines()[-1])
        assert "error" not in answer, answer


# ------------------------------------------------------------ links and paths
DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md")), *sorted(ROOT.glob("*/README.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository(document):
    text = re.sub(r"```.*?```", "", document.read_text("utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (document.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), f"{target} leads out of the repository"
        assert path.exists(), f"{target} does not exist"


def test_no_tracked_file_names_a_place_outside_the_repository():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files")
    files = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True,
                           timeout=60).stdout.decode().split("\0")
    # Spelled in pieces so that this file does not name them itself.
    outside = ["/" + "work" + "/", "../" + "shared/"]
    found = []
    for name in filter(None, files):
        path = ROOT / name
        if not path.is_file() or path.suffix in (".png", ".gif", ".webp", ".ttf", ".otf"):
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        found += [f"{name}: {word}" for word in outside if word in text]
    assert not found, found


# ---------------------------------------------------------------------- settings
def settings_read_by(*packages: str) -> set[str]:
    pattern = re.compile(r"""(?:environ\.get|environ\[|getenv)\(?\s*["']([A-Z][A-Z0-9_]*)["']""")
    # The bot's settings module also reads through helpers (``_seconds("CLAIM_LEASE_SECONDS", ...)``):
    # there, any call whose first argument is a SHOUTED_NAME reads a setting.
    helper = re.compile(r"""\w\(\s*["']([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']""")
    names = {name for package in packages for path in (ROOT / package).rglob("*.py")
             for name in pattern.findall(path.read_text("utf-8"))}
    if "bot" in packages:
        names |= set(helper.findall((ROOT / "bot" / "setup" / "settings.py").read_text("utf-8")))
    return names


def test_env_example_and_the_readme_name_every_setting_the_bot_reads():
    names = settings_read_by("bot", "matches", "engines", "render", "ai")
    assert {"DISCORD_TOKEN", "CLAIM_LEASE_SECONDS"} <= names    # the scan finds what it looks for
    example = set(re.findall(r"^([A-Z][A-Z0-9_]*)=", (ROOT / ".env.example").read_text("utf-8"), re.M))
    assert names <= example, names - example
    table = set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", README.read_text("utf-8"), re.M))
    assert names <= table, names - table


def test_the_bench_settings_are_documented():
    names = settings_read_by("bench") - {"PYTHONPATH", "TEST_DATABASE_URL"}
    assert any(name.startswith("BENCH_AI_") for name in names)
    text = (ROOT / "docs" / "benchmarks.md").read_text("utf-8")
    assert not [name for name in names if f"`{name}`" not in text], names


def test_the_readme_names_the_settings_of_the_test_server():
    names = set(re.findall(r"\$\{(PGTEST_[A-Z]+)", (ROOT / ".ci" / "postgres").read_text("utf-8")))
    assert names == {"PGTEST_PORT", "PGTEST_DIR"}
    readme = README.read_text("utf-8")
    assert all(f"`{name}`" in readme for name in names)


def test_the_playing_table_has_a_short_row_for_each_correspondence_comfort():
    """The digest, /next, conditional moves, time banks and notes each have a row of their own in
    the Playing table, short enough to read at a glance (the details live in the bot's help)."""
    text = README.read_text("utf-8")
    playing = text[text.index("## Playing"):]
    rows = [line for line in playing.split("\n\n", 3)[2].splitlines() if line.startswith("| `")]
    for command in ("/settings reminders:digest", "/next", "/<game> conditional moves:", "clock:bank",
                    "/<game> note"):
        [row] = [r for r in rows if command in r.split(" | ")[0]]
        assert len(row) < 400, (command, len(row))
