"""The README and the guides beside it (docs/hosting.md, docs/playing.md) work in a fresh clone:
the record commands run as written on the example records in docs/examples, every setting,
command, path and exit status they name exists, and every link resolves inside the repository."""

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
HOSTING = ROOT / "docs" / "hosting.md"
PLAYING = ROOT / "docs" / "playing.md"
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
    done = subprocess.run(
        [sys.executable, *words[1:]], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
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
    files = (
        subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True, timeout=60)
        .stdout.decode()
        .split("\0")
    )
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
    names = {
        name
        for package in packages
        for path in (ROOT / package).rglob("*.py")
        for name in pattern.findall(path.read_text("utf-8"))
    }
    if "bot" in packages:
        names |= set(helper.findall((ROOT / "bot" / "setup" / "settings.py").read_text("utf-8")))
    return names


def test_env_example_and_the_hosting_guide_name_every_setting_the_bot_reads():
    names = settings_read_by("bot", "matches", "engines", "render", "ai")
    assert {"DISCORD_TOKEN", "CLAIM_LEASE_SECONDS"} <= names  # the scan finds what it looks for
    example = set(re.findall(r"^([A-Z][A-Z0-9_]*)=", (ROOT / ".env.example").read_text("utf-8"), re.M))
    assert names <= example, names - example
    table = set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", HOSTING.read_text("utf-8"), re.M))
    assert example <= table, f"in .env.example but not in docs/hosting.md's table: {example - table}"
    assert table <= example | {"TEST_DATABASE_URL"}, table - example


def test_the_bench_settings_are_documented():
    names = settings_read_by("bench") - {"PYTHONPATH", "TEST_DATABASE_URL"}
    assert any(name.startswith("BENCH_AI_") for name in names)
    text = (ROOT / "docs" / "benchmarks.md").read_text("utf-8")
    assert not [name for name in names if f"`{name}`" not in text], names


def test_the_hosting_guide_names_the_settings_of_the_test_server():
    names = set(re.findall(r"\$\{(PGTEST_[A-Z]+)", (ROOT / ".ci" / "postgres").read_text("utf-8")))
    assert names == {"PGTEST_PORT", "PGTEST_DIR"}
    guide = HOSTING.read_text("utf-8")
    assert all(f"`{name}`" in guide for name in names)


def test_the_playing_table_has_a_short_row_for_each_correspondence_comfort():
    """The digest, /next, conditional moves, time banks and notes each have a row of their own in
    the Playing table, short enough to read at a glance (the details live in the bot's help)."""
    text = PLAYING.read_text("utf-8")
    playing = text[text.index("## Commands") :]
    rows = [line for line in playing.split("\n\n", 3)[2].splitlines() if line.startswith("| `")]
    for command in ("/settings reminders:digest", "/next", "/<game> conditional moves:", "clock:bank", "/<game> note"):
        [row] = [r for r in rows if command in r.split(" | ")[0]]
        assert len(row) < 400, (command, len(row))


# ------------------------------------------------------------------ the README as a front page
def sh_lines(document: Path) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", document.read_text("utf-8"), re.S)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]


def test_the_readme_is_a_short_front_page_with_the_two_commands():
    text = README.read_text("utf-8")
    assert len(text.splitlines()) < 150
    lines = sh_lines(README)
    run = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python -m bot"
    test = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q"
    assert run in lines and test in lines
    # CI runs the README's test command, quietly, with the checks (.ci/lint) before the tests
    ci = (ROOT / ".ci" / "run").read_text("utf-8").strip().splitlines()[-1]
    assert ci.replace("pip install -q ", "pip install ").replace(" && .ci/lint", "") == test
    for page in ("docs/hosting.md", "docs/playing.md"):
        assert f"]({page})" in text, page


def test_every_path_in_the_layout_table_exists():
    text = README.read_text("utf-8")
    layout = text[text.index("## Layout") :].split("\n\n")[1]
    paths = re.findall(r"^\| `([^`]+)` \|", layout, re.M)
    assert len(paths) >= 8
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert not missing, missing


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_anchor_names_a_heading(document):
    text = re.sub(r"```.*?```", "", document.read_text("utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+#[^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        page, anchor = target.split("#", 1)
        path = (document.parent / page).resolve() if page else document
        headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S), re.M)
        assert anchor in {slug(h) for h in headings}, f"{target}: no such heading in {path.name}"


def test_the_documented_command_lines_exist():
    """Every ``python -m X`` the guides name is a module with a command line."""
    text = "".join(p.read_text("utf-8") for p in (README, HOSTING, PLAYING))
    modules = set(re.findall(r"python -m ([a-z_]+)", text)) - {"venv", "pytest"}
    assert {"bot", "matches", "bench", "render", "ai", "engines"} <= modules
    assert not [m for m in modules if not (ROOT / m / "__main__.py").is_file()]


def test_the_exit_table_of_the_bot_is_the_code_s():
    from bot.__main__ import Exit

    text = HOSTING.read_text("utf-8")
    section = text[text.index("## Exit statuses") :]
    section = section[: section.index("\n## ", 1)]
    rows = {int(n) for n in re.findall(r"^\| (\d+) \|", section, re.M)}
    assert rows == {int(code) for code in Exit}
    help_text = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=60,
    ).stdout
    for code in Exit:
        assert f"{int(code)} " in help_text.split("exit statuses:")[1]


def test_the_hosting_guide_names_the_invite_s_permissions():
    import discord

    from bot.setup.client import PERMISSIONS

    text = HOSTING.read_text("utf-8")
    assert str(PERMISSIONS.value) in text
    for name, granted in PERMISSIONS:
        if granted:
            words = {
                "read_message_history": "Read Message History",
                "create_public_threads": "Create Public Threads",
                "send_messages_in_threads": "Send Messages in Threads",
                "read_messages": "View Channels",
            }.get(name, name.replace("_", " ").title())
            assert f"| {words} |" in text, words
    assert "| View Channels |" in text and "Manage Server" in text
    assert "Public Bot" in text and "Requires OAuth2 Code Grant" in text
    # "none privileged" holds: the intents the bot asks for
    from bot.setup import client

    assert "intents=discord.Intents.default()" in Path(client.__file__).read_text("utf-8")
    default = discord.Intents.default()
    assert not (default.members or default.presences or default.message_content)


def test_the_documented_sqlite_backup_works(tmp_path):
    """The back-up line of docs/hosting.md, run as written on a bot database that is open."""
    import asyncio

    from matches.store import store_for

    [line] = [line for line in sh_lines(HOSTING) if ".backup(" in line]
    words = shlex.split(line)
    (tmp_path / "data").mkdir()

    async def backed_up() -> list:
        store = await store_for(str(tmp_path / "data" / "bot.sqlite3"), exclusive=True).open()
        try:
            await store.execute("INSERT INTO guilds (guild_id, default_days) VALUES (?, ?)", (7, 5))
            done = await asyncio.to_thread(
                subprocess.run, [sys.executable, *words[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=60
            )
            assert done.returncode == 0, done.stderr
        finally:
            await store.close()
        copy = await store_for(str(tmp_path / "backup.sqlite3"), read_only=True).open()
        try:
            return [tuple(r) for r in await copy.fetchall("SELECT guild_id, default_days FROM guilds")]
        finally:
            await copy.close()

    assert asyncio.run(backed_up()) == [(7, 5)]
