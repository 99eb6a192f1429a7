"""``python -m bot`` and the settings it reads."""

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot.setup.settings as bot_settings
from bot import Settings, create_bot
from bot.__main__ import Exit
from bot.setup.client import invite_link
from bot.setup.preflight import database_problem, postgres_problem
from bot.setup.settings import SettingsError
from matches import Store
from matches.migrations import MIGRATIONS
from matches.store import store_for

ROOT = Path(__file__).resolve().parents[1]
KEYS = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "AI_WORKERS",
    "SHARD_COUNT",
    "SHARD_IDS",
)


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


def run_bot(cwd, checkout, *args, **env):
    clean = {k: v for k, v in os.environ.items() if k not in KEYS and not k.endswith("_SECONDS")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**clean, "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}", **env},
        timeout=60,
    )


def one_line_error(done, status: int = Exit.CONFIGURATION) -> str:
    """The run stopped with ``status`` and one line on stderr, no traceback."""
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_missing_token_exits_with_a_clear_message_naming_the_env_file(elsewhere, checkout):
    done = run_bot(elsewhere, checkout)
    assert done.returncode == Exit.CONFIGURATION
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert f"{checkout / '.env'} (no .env was found there)" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_an_env_file_without_the_token_is_named(elsewhere, checkout):
    (checkout / ".env").write_text("LOG_LEVEL=DEBUG\n")
    done = run_bot(elsewhere, checkout)
    assert done.returncode == Exit.CONFIGURATION
    assert f"{checkout / '.env'} (it was read, but sets no DISCORD_TOKEN)" in done.stderr


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
    monkeypatch.setattr(bot_settings, "PROJECT_ROOT", installed)  # no pyproject.toml there
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


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="root may read and write anywhere, so no path lacks permission for it",
)
@pytest.mark.parametrize(
    "where, mode, words",
    [
        ("locked/bot.sqlite3", 0o500, "no permission to write in the folder"),
        ("locked/sub/bot.sqlite3", 0o500, "cannot create its folder"),
        ("locked/inner/bot.sqlite3", 0o000, "cannot reach"),
        ("read-only/bot.sqlite3", None, "no permission to read and write"),
    ],
)
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
    code = (
        "import logging, sys; logging.basicConfig(level=logging.DEBUG); "
        "from bot import Settings, create_bot; create_bot(Settings(database_path=sys.argv[1]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "x.sqlite3")], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    for word in ("voice", "PyNaCl", "davey"):
        assert word not in done.stderr


def test_settings_read_dotenv_and_defaults(tmp_path, monkeypatch):
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    settings = Settings.from_env(tmp_path / ".env")
    assert settings == Settings(
        token="abc", database_path="data/bot.sqlite3", dev_guild_id=123, log_level="DEBUG", lock_database=True
    )
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(SettingsError):
        Settings.from_env(None)


def test_scale_settings_are_read_and_checked(monkeypatch):
    """DATABASE_URL must be PostgreSQL; SHARD_IDS lie among SHARD_COUNT."""
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
    for bad, words in (
        (("DATABASE_URL", "mysql://x@y/z"), "PostgreSQL URL"),
        (("SHARD_IDS", "3-9"), "SHARD_IDS"),
        (("SHARD_COUNT", "zero"), "SHARD_COUNT"),
    ):
        monkeypatch.setenv(*bad)
        with pytest.raises(SettingsError, match=words) as refused:
            Settings.from_env(None)
        assert "secret" not in str(refused.value)  # a password is never echoed
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


# ------------------------------------------------------------ the command line and its exit statuses
def test_help_and_version_print_and_exit_0(elsewhere, checkout):
    helped = run_bot(elsewhere, checkout, "--help", DISCORD_TOKEN="x")  # a token set: still no start
    assert helped.returncode == 0 and helped.stderr == ""
    assert "usage: python -m bot" in helped.stdout and "--shards" in helped.stdout
    assert "docs/hosting.md" in helped.stdout and "exit statuses" in helped.stdout
    shown = run_bot(elsewhere, checkout, "--version")
    assert shown.returncode == 0 and shown.stdout.startswith("boardgame-bot ")
    assert f"database schema version {len(MIGRATIONS)}" in shown.stdout
    assert list(elsewhere.iterdir()) == []  # no database made


@pytest.mark.parametrize("args", [("--bogus",), ("start",), ("--shards",)])
def test_an_unknown_argument_is_refused_in_one_line(elsewhere, checkout, args):
    line = one_line_error(run_bot(elsewhere, checkout, *args, DISCORD_TOKEN="x"), Exit.USAGE)
    assert line.startswith("python -m bot: ") and "usage" not in line
    assert list(elsewhere.iterdir()) == []


def test_the_exit_statuses_are_distinct():
    assert len({int(code) for code in Exit}) == len(Exit)
    assert Exit.STOPPED == 0 and Exit.USAGE == 2


def test_the_shards_argument_wins_over_the_environment_and_the_env_file(elsewhere, checkout):
    """What a systemd unit's ExecStart=... --shards %i relies on: an EnvironmentFile's SHARD_IDS=
    (empty: all shards) must not undo it.  A bad value proves which one was read."""
    (checkout / ".env").write_text("DISCORD_TOKEN=x\nSHARD_COUNT=4\nSHARD_IDS=\n")
    line = one_line_error(run_bot(elsewhere, checkout, "--shards", "2-9", SHARD_IDS="0-1"))
    assert "SHARD_IDS" in line and "shard 9 does not exist with SHARD_COUNT=4" in line


def test_the_shards_argument_reaches_the_settings(monkeypatch, start):
    import bot.__main__ as entry

    seen = {}

    class Stopped:
        """Records the settings the bot is made with; its run stops at once, as Ctrl+C would."""

        def __init__(self, settings):
            seen["shards"] = settings.shards

        def run(self, token, log_handler=None):
            raise KeyboardInterrupt

    monkeypatch.setattr(entry, "create_bot", Stopped)
    assert start("--shards", "2-3", DISCORD_TOKEN="x", SHARD_COUNT="4", SHARD_IDS="0-1").returncode == 0
    assert seen["shards"].ids == (2, 3) and seen["shards"].count == 4


BAD_SETTINGS = [
    # digits that are not ASCII: "²".isdigit() is True, int("²") fails
    ("AI_WORKERS", "²", "AI_WORKERS"),
    ("DEV_GUILD_ID", "²", "DEV_GUILD_ID"),
    ("SHARD_COUNT", "²", "SHARD_COUNT"),
    ("AI_WORKERS", "٣", "AI_WORKERS"),
    ("DEV_GUILD_ID", "0", "DEV_GUILD_ID"),
    ("DEV_GUILD_ID", str(2**64), "DEV_GUILD_ID"),
    ("DEV_GUILD_ID", "9" * 5000, "DEV_GUILD_ID"),
    # no upper bound was a MemoryError
    ("SHARD_COUNT", "100000000", "from 1 to 10,000"),
    ("DATABASE_PATH", ":memory:", "vanish at exit"),
    ("DATABASE_PATH", "sqlite:///data/bot.sqlite3", "plain file path"),
    ("DATABASE_PATH", "postgresql://bot:secret@localhost/games", "DATABASE_URL"),
    ("DATABASE_PATH", "file:bot.sqlite3?mode=memory", "must name a file"),
    ("DATABASE_STATEMENT_TIMEOUT_SECONDS", "0.0001", "0 (no limit) or from 0.001"),
    ("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS", "1e400", "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS"),
    ("CLAIM_LEASE_SECONDS", "nan", "CLAIM_LEASE_SECONDS"),
    ("DATABASE_URL", "mysql://u:secret@h/db", "'mysql://...@h/db'"),
    ("DATABASE_URL", "postgresql://u:secret@h:99999/db", "the port in 'h:99999' must be a number from 1 to 65535"),
    ("DATABASE_URL", "postgresql://u:secret@h:notaport/db", "the port in 'h:notaport'"),
]


@pytest.fixture
def start(tmp_path, monkeypatch, capsys):
    """``python -m bot`` in this process, in an empty folder, with no .env and these settings:
    its exit status and its standard error (what is refused here never reaches the login)."""
    import bot.__main__ as entry

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(entry, "find_env_file", lambda: None)
    for key in (
        *KEYS,
        "CLAIM_LEASE_SECONDS",
        "DATABASE_STATEMENT_TIMEOUT_SECONDS",
        "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS",
    ):
        monkeypatch.setenv(key, "")  # recorded, so that whatever main() sets is undone
        monkeypatch.delenv(key)
    monkeypatch.setattr(entry, "create_bot", lambda settings: pytest.fail("the bot was started"))

    def run(*args, **env):
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        status = entry.main(list(args))
        captured = capsys.readouterr()
        return subprocess.CompletedProcess(args, status, captured.out, captured.err)

    return run


def one_line_of(done, status: int = Exit.CONFIGURATION) -> str:
    assert done.returncode == status, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize("setting, value, words", BAD_SETTINGS, ids=lambda v: str(v)[:30])
def test_each_bad_setting_is_one_line_and_exit_3_before_login(tmp_path, start, setting, value, words):
    line = one_line_of(start(DISCORD_TOKEN="x", **{setting: value}))
    assert line.startswith("Configuration error: ") and words in line and "secret" not in line
    assert list(tmp_path.iterdir()) == [], "nothing is created for a refused setting"


@pytest.mark.parametrize(
    "ids, words",
    [
        ("0-999999999", "shard 999999999 does not exist with SHARD_COUNT=4"),
        ("3-1", "the range 3-1 runs backwards"),
        ("1,,2", "like 0-3 or 0,2,5"),
        ("²", "like 0-3 or 0,2,5"),
    ],
)
def test_shard_ids_are_checked_before_any_range_is_expanded(start, ids, words):
    line = one_line_of(start(DISCORD_TOKEN="x", SHARD_COUNT="4", SHARD_IDS=ids))
    assert "SHARD_IDS" in line and words in line


def test_a_token_with_a_line_break_is_refused_before_login(start):
    line = one_line_of(start(DISCORD_TOKEN="abc\ndef"))
    assert "DISCORD_TOKEN" in line and "abc" not in line


def test_a_device_file_is_refused_and_nothing_is_written_beside_it(start):
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    line = one_line_of(start(DISCORD_TOKEN="x", DATABASE_PATH="/dev/null"))
    assert "DATABASE_PATH=/dev/null is not a regular file" in line
    assert not Path("/dev/null.lock").exists() and not Path("/dev/null-journal").exists()


def newer_sqlite(path: Path) -> bytes:
    import sqlite3

    conn = sqlite3.connect(path)
    conn.executescript(f"CREATE TABLE matches (id INTEGER PRIMARY KEY); PRAGMA user_version = {len(MIGRATIONS) + 1};")
    conn.close()
    return path.read_bytes()


def test_a_database_of_a_newer_schema_is_refused_and_left_untouched(tmp_path, start):
    path = tmp_path / "bot.sqlite3"
    before = newer_sqlite(path)
    line = one_line_of(start(DISCORD_TOKEN="x", DATABASE_PATH=str(path)))
    assert f"schema version {len(MIGRATIONS) + 1}, newer than this code's {len(MIGRATIONS)}" in line
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["bot.sqlite3"]


async def test_a_postgresql_database_of_a_newer_schema_is_refused(database):
    if not database.startswith("postgresql://"):
        pytest.skip("the PostgreSQL half")
    store = await store_for(database).open()
    try:
        await store.execute("INSERT INTO schema_version (version) VALUES (?)", (len(MIGRATIONS) + 1,))
        problem = await asyncio.to_thread(postgres_problem, database)
        assert problem and f"newer than this code's {len(MIGRATIONS)}" in problem and not problem.passing
        rows = await store.fetchall("SELECT version FROM schema_version ORDER BY version")
        assert [r["version"] for r in rows][-1] == len(MIGRATIONS) + 1
    finally:
        await store.close()


def test_a_second_bot_on_one_file_is_a_database_error_worth_retrying(elsewhere, checkout):
    path = elsewhere / "bot.sqlite3"
    code = (
        "import asyncio, sys; from matches import Store\n"
        "async def hold():\n"
        "    store = await Store(sys.argv[1], exclusive=True).open()\n"
        "    print('open', flush=True); sys.stdin.readline(); await store.close()\n"
        "asyncio.run(hold())"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "open"
        line = one_line_error(run_bot(elsewhere, checkout, DISCORD_TOKEN="x", DATABASE_PATH=str(path)), Exit.DATABASE)
        assert line.startswith("Database error: ") and "another bot process" in line
    finally:
        holder.communicate("\n", timeout=60)


def test_an_unreachable_postgresql_server_is_a_database_error(start):
    line = one_line_of(
        start(DISCORD_TOKEN="x", DATABASE_URL="postgresql://bot:secret@127.0.0.1:1/games"), Exit.DATABASE
    )
    assert "cannot reach the server" in line and "secret" not in line


# A stand-in for Discord's HTTP API: the bot logs in against it, as it would against Discord.
LOGIN = """\
import sys, discord.http
discord.http.Route.BASE = sys.argv[1]
from bot.__main__ import main
sys.exit(main([]))
"""


def login_against(elsewhere, checkout, base: str):
    clean = {k: v for k, v in os.environ.items() if k not in KEYS}
    return subprocess.run(
        [sys.executable, "-c", LOGIN, base],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env={
            **clean,
            "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}",
            "DISCORD_TOKEN": "x",
            "DATABASE_PATH": str(elsewhere / "bot.sqlite3"),
        },
        timeout=60,
    )


def test_a_refused_token_is_exit_4(elsewhere, checkout):
    import http.server
    import threading

    class Refuse(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b'{"message": "401: Unauthorized", "code": 0}'
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        done = login_against(elsewhere, checkout, f"http://127.0.0.1:{server.server_port}/api/v10")
    finally:
        server.shutdown()
    assert done.returncode == Exit.LOGIN_REFUSED, done.stderr
    assert "Discord refused the token" in done.stderr and "Traceback" not in done.stderr


def test_discord_out_of_reach_is_exit_5(elsewhere, checkout):
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = login_against(elsewhere, checkout, f"http://127.0.0.1:{port}/api/v10")
    assert done.returncode == Exit.DISCORD_UNREACHABLE, done.stderr
    assert "Cannot reach Discord" in done.stderr and "Traceback" not in done.stderr


# ------------------------------------------------------------ the systemd unit of docs/hosting.md
def unit_blocks() -> list[str]:
    import re

    text = (ROOT / "docs" / "hosting.md").read_text("utf-8")
    return [block for block in re.findall(r"```ini\n(.*?)```", text, re.S) if "[Service]" in block]


def systemd_start(unit: str, instance: str, env_file: Path) -> tuple[dict[str, str], list[str]]:
    """The environment and arguments systemd gives the unit's process, as systemd.exec(5) says:
    Environment= first, then EnvironmentFile= over it; %i is the instance name."""
    lines = [line.strip() for line in unit.replace("%i", instance).splitlines()]
    env: dict[str, str] = {}
    for line in lines:
        if line.startswith("Environment="):
            key, _, value = line[len("Environment=") :].partition("=")
            env[key] = value
    for line in lines:
        if line.startswith("EnvironmentFile="):
            for row in env_file.read_text("utf-8").splitlines():
                if row.strip() and not row.startswith("#"):
                    key, _, value = row.partition("=")
                    env[key.strip()] = value.strip()
    [start] = [line[len("ExecStart=") :] for line in lines if line.startswith("ExecStart=")]
    words = start.split()
    assert words[1:3] == ["-m", "bot"], start
    return env, words[3:]


def shards_started(unit: str, instance: str, tmp_path: Path, monkeypatch, start) -> tuple[int, ...]:
    """The shards the bot connects when systemd starts ``unit`` as ``instance``, with the project's
    .env.example (a token and SHARD_COUNT=4 filled in, SHARD_IDS= left as it is) as its .env."""
    import bot.__main__ as entry

    env_file = tmp_path / ".env"
    env_file.write_text(
        (ROOT / ".env.example")
        .read_text("utf-8")
        .replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=x\n")
        .replace("SHARD_COUNT=\n", "SHARD_COUNT=4\n")
    )
    env, args = systemd_start(unit, instance, env_file)
    seen = {}

    class Stopped:
        def __init__(self, settings):
            seen["shards"] = settings.shards

        def run(self, token, log_handler=None):
            raise KeyboardInterrupt

    monkeypatch.setattr(entry, "create_bot", Stopped)
    monkeypatch.setattr(entry, "find_env_file", lambda: env_file)  # WorkingDirectory's .env: the same file
    assert start(*args, **env).returncode == 0
    return seen["shards"].ids


def test_the_documented_unit_connects_each_instance_s_shards(tmp_path, monkeypatch, start):
    [unit] = unit_blocks()
    assert shards_started(unit, "2-3", tmp_path, monkeypatch, start) == (2, 3)


def test_the_unit_s_own_setting_must_win_over_the_env_file(tmp_path, monkeypatch, start):
    """What the test above guards against: the unit the README used to show, whose SHARD_IDS the
    EnvironmentFile undid, so that every process connected every shard."""
    old = (
        "[Service]\nEnvironmentFile=/opt/boardgame-bot/.env\nEnvironment=SHARD_IDS=%i\n"
        "ExecStart=/opt/boardgame-bot/.venv/bin/python -m bot\n"
    )
    assert shards_started(old, "2-3", tmp_path, monkeypatch, start) == (0, 1, 2, 3)


def test_the_documented_unit_restarts_sensibly():
    [unit] = unit_blocks()
    settings = {}
    for line in unit.splitlines():
        key, sep, value = line.strip().partition("=")
        if sep:
            settings.setdefault(key, []).append(value)
    assert "network-online.target" in settings["Wants"][0] and "network-online.target" in settings["After"][0]
    assert settings["Restart"] == ["on-failure"] and settings["RestartSec"] == ["10"]
    prevented = {int(code) for code in settings["RestartPreventExitStatus"][0].split()}
    assert prevented == {Exit.USAGE, Exit.CONFIGURATION, Exit.LOGIN_REFUSED}
    assert not {Exit.CRASHED, Exit.DISCORD_UNREACHABLE, Exit.DATABASE} & prevented
    assert "Environment=" not in unit.replace("EnvironmentFile=", ""), "EnvironmentFile= would override it"


def test_sigterm_stops_the_bot_as_ctrl_c_does(elsewhere, checkout):
    """systemctl stop sends SIGTERM: the bot closes and exits 0, with no traceback.  Here it is
    stopped while it waits for Discord to answer its login (a stand-in that never answers)."""
    import http.server
    import signal
    import threading
    import time

    asked = threading.Event()

    class Silent(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            asked.set()
            time.sleep(20)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Silent)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    clean = {k: v for k, v in os.environ.items() if k not in KEYS}
    bot = subprocess.Popen(
        [sys.executable, "-c", LOGIN, f"http://127.0.0.1:{server.server_port}/api/v10"],
        cwd=elsewhere,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={
            **clean,
            "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}",
            "DISCORD_TOKEN": "x",
            "DATABASE_PATH": str(elsewhere / "bot.sqlite3"),
        },
    )
    try:
        assert asked.wait(30), "the bot never tried to log in"
        bot.send_signal(signal.SIGTERM)
        _, err = bot.communicate(timeout=30)
    finally:
        bot.kill()
        server.shutdown()
    assert bot.returncode == Exit.STOPPED, err
    assert "Traceback" not in err
