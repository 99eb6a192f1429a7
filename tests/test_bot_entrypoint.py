"""``python -m bot`` and the settings it reads."""
import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import discord

from bot import Settings, create_bot
import bot.setup.settings as bot_settings
from bot.setup.client import invite_link
from bot.setup.preflight import database_problem, postgres_problem
from bot.setup.settings import SettingsError
from matches import Store

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "AI_WORKERS", "SHARD_COUNT",
        "SHARD_IDS")


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """A checkout of its own (pyproject.toml, README.md and the bot package), so that the
    .env it reads is the test's, never a developer's real one beside README.md."""
    root = tmp_path_factory.mktemp("checkout")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "bot", root / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture
def elsewhere(tmp_path, checkout):
    """The current directory of a run: not the checkout, as when started from another folder."""
    (checkout / ".env").unlink(missing_ok=True)
    yield tmp_path
    (checkout / ".env").unlink(missing_ok=True)


def run_bot(cwd, checkout, **env):
    clean = {k: v for k, v in os.environ.items() if k not in KEYS}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, capture_output=True, text=True,
                          env={**clean, "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}", **env}, timeout=60)


def one_line_error(done) -> str:
    """The run stopped with exit 2 and one line on stderr, no traceback."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_missing_token_exits_with_a_clear_message_naming_the_env_file(elsewhere, checkout):
    done = run_bot(elsewhere, checkout)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert f"{checkout / '.env'} (no .env was found there)" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_an_env_file_without_the_token_is_named(elsewhere, checkout):
    (checkout / ".env").write_text("LOG_LEVEL=DEBUG\n")
    done = run_bot(elsewhere, checkout)
    assert done.returncode == 2 and f"{checkout / '.env'} (it was read, but sets no DISCORD_TOKEN)" in done.stderr


@pytest.mark.parametrize("setting, value", [("DEV_GUILD_ID", "my-server"), ("LOG_LEVEL", "loud")])
def test_bad_setting_exits_with_one_clear_line(elsewhere, checkout, setting, value):
    line = one_line_error(run_bot(elsewhere, checkout, DISCORD_TOKEN="x", **{setting: value}))
    assert line.startswith("Configuration error: ") and setting in line and value in line


def test_the_env_file_beside_readme_is_read_from_any_directory(elsewhere, checkout):
    (checkout / ".env").write_text("DISCORD_TOKEN=x\nDEV_GUILD_ID=my-server\n")
    line = one_line_error(run_bot(elsewhere, checkout))
    assert "DEV_GUILD_ID" in line and f"read from the environment and {checkout / '.env'}" in line


def test_an_env_file_that_is_not_utf8_is_one_line(elsewhere, checkout):
    (checkout / ".env").write_bytes("DISCORD_TOKEN=x\nDATABASE_PATH=Spielstände.sqlite3\n".encode("latin-1"))
    line = one_line_error(run_bot(elsewhere, checkout))
    assert line == f"Configuration error: {checkout / '.env'} is not UTF-8 text (byte 37); save it as UTF-8"


def test_the_environment_wins_over_the_env_file(elsewhere, checkout):
    (checkout / ".env").write_text("DISCORD_TOKEN=x\nDEV_GUILD_ID=my-server\nDATABASE_PATH=fine.sqlite3\n")
    # The environment's good DEV_GUILD_ID hides the file's bad one; its DATABASE_PATH (a folder) is used.
    line = one_line_error(run_bot(elsewhere, checkout, DEV_GUILD_ID="123", DATABASE_PATH=str(elsewhere)))
    assert "DEV_GUILD_ID" not in line and f"DATABASE_PATH={elsewhere} is a folder" in line


def test_settings_fall_back_to_the_current_directory_outside_a_checkout(tmp_path, monkeypatch):
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    installed, cwd = tmp_path / "site-packages", tmp_path / "work"
    installed.mkdir(), cwd.mkdir()
    (cwd / ".env").write_text("DISCORD_TOKEN=from-cwd\n")
    monkeypatch.setattr(bot_settings, "PROJECT_ROOT", installed)    # no pyproject.toml there
    monkeypatch.chdir(cwd)
    assert bot_settings.env_file_candidates() == [cwd / ".env"]
    assert Settings.from_env().token == "from-cwd"


def database_cases(tmp: Path) -> dict[str, tuple[str, str]]:
    """DATABASE_PATH values that cannot work, with what the one line must say."""
    (tmp / "a-file").write_text("notes")
    (tmp / "old.sqlite3").write_text("not a database, but a file someone left there " * 4)
    return {
        "folder": (str(tmp), "is a folder"),
        "under a file": (str(tmp / "a-file" / "bot.sqlite3"), f"lies under {tmp / 'a-file'}, which is a file"),
        "deep under a file": (str(tmp / "a-file" / "x" / "bot.sqlite3"), "which is a file, not a folder"),
        "not a database": (str(tmp / "old.sqlite3"), "is not an SQLite database"),
    }


@pytest.mark.parametrize("case", ["folder", "under a file", "deep under a file", "not a database"])
def test_a_bad_database_path_is_one_line_before_connecting(elsewhere, checkout, case):
    path, words = database_cases(elsewhere)[case]
    line = one_line_error(run_bot(elsewhere, checkout, DISCORD_TOKEN="x", DATABASE_PATH=path))
    assert line.startswith(f"Configuration error: DATABASE_PATH={path}") and words in line
    assert "Discord" not in line


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root may read and write anywhere, so no path lacks permission for it")
@pytest.mark.parametrize("where, mode, words", [
    ("locked/bot.sqlite3", 0o500, "no permission to write in the folder"),
    ("locked/sub/bot.sqlite3", 0o500, "cannot create its folder"),
    ("locked/inner/bot.sqlite3", 0o000, "cannot reach"),
    ("read-only/bot.sqlite3", None, "no permission to read and write"),
])
def test_a_database_path_without_permission_is_named(tmp_path, where, mode, words):
    (tmp_path / "locked" / "inner").mkdir(parents=True)
    (tmp_path / "read-only").mkdir()
    (tmp_path / "read-only" / "bot.sqlite3").write_bytes(b"")
    (tmp_path / "read-only" / "bot.sqlite3").chmod(0o400)
    if mode is not None:
        (tmp_path / "locked").chmod(mode)
    try:
        problem = database_problem(str(tmp_path / where))
        assert problem and words in problem, problem
    finally:
        (tmp_path / "locked").chmod(0o700)


def test_a_good_database_path_passes_and_opens_in_the_store(tmp_path):
    path = tmp_path / "new" / "folder" / "bot.sqlite3"
    assert database_problem(str(path)) is None

    async def open_and_close():
        store = await Store(str(path)).open()
        await store.close()
    asyncio.run(open_and_close())
    assert database_problem(str(path)) is None, "an existing database passes too"


def test_creating_the_bot_logs_no_voice_warnings(tmp_path):
    """discord.py warns that PyNaCl and davey are missing (voice libraries this bot never needs)."""
    code = ("import logging, sys; logging.basicConfig(level=logging.DEBUG); "
            "from bot import Settings, create_bot; create_bot(Settings(database_path=sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "x.sqlite3")], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for word in ("voice", "PyNaCl", "davey"):
        assert word not in done.stderr


def test_settings_read_dotenv_and_defaults(tmp_path, monkeypatch):
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    settings = Settings.from_env(tmp_path / ".env")
    assert settings == Settings(token="abc", database_path="data/bot.sqlite3", dev_guild_id=123, log_level="DEBUG",
                                lock_database=True)
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(SettingsError):
        Settings.from_env(None)


def test_scale_settings_are_read_and_checked(monkeypatch):
    """Issue 12: DATABASE_URL must be PostgreSQL; SHARD_IDS lie among SHARD_COUNT."""
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret@db.example:5432/games")
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    settings = Settings.from_env(None)
    assert settings.database == "postgresql://bot:secret@db.example:5432/games"
    assert settings.shards.ids == (2, 3) and settings.shards.count == 4
    bot = create_bot(settings)
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_ids == [2, 3] and bot.shard_count == 4
    assert bot.store.backend == "postgresql"
    for bad, words in ((("DATABASE_URL", "mysql://x@y/z"), "PostgreSQL URL"),
                       (("SHARD_IDS", "3-9"), "SHARD_IDS"), (("SHARD_COUNT", "zero"), "SHARD_COUNT")):
        monkeypatch.setenv(*bad)
        with pytest.raises(SettingsError, match=words) as refused:
            Settings.from_env(None)
        assert "secret" not in str(refused.value)          # a password is never echoed
        monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret@db.example:5432/games")
        monkeypatch.setenv("SHARD_COUNT", "4")
        monkeypatch.setenv("SHARD_IDS", "2-3")


def test_an_unreachable_postgresql_is_one_clear_line_without_the_password():
    problem = postgres_problem("postgresql://bot:secret@127.0.0.1:1/games", timeout=5)
    assert problem.startswith("DATABASE_URL=...@127.0.0.1:1/games: cannot reach the server")
    assert "secret" not in problem


async def test_a_second_bot_on_one_sqlite_file_is_stopped_before_it_connects(tmp_path):
    path = tmp_path / "bot.sqlite3"
    running = await Store(str(path), exclusive=True).open()
    try:
        problem = await asyncio.to_thread(database_problem, str(path))
        assert problem and "another bot process" in problem and "PostgreSQL" in problem
    finally:
        await running.close()
    assert await asyncio.to_thread(database_problem, str(path)) is None


def test_env_example_lists_every_setting():
    text = (ROOT / ".env.example").read_text()
    for key in KEYS:
        assert f"{key}=" in text


def test_create_bot_builds_without_connecting(tmp_path):
    bot = create_bot(Settings(database_path=str(tmp_path / "x.sqlite3")))
    assert not bot.is_ready() and bot.store.path.endswith("x.sqlite3")



def test_invite_link_asks_for_both_scopes_and_the_needed_permissions():
    link = invite_link(1234)
    assert "client_id=1234" in link and "scope=bot+applications.commands" in link
    granted = discord.Permissions(int(link.split("permissions=")[1].split("&")[0]))
    assert granted.send_messages and granted.attach_files and granted.embed_links
    assert not granted.administrator
