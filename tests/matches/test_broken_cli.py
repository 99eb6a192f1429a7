"""``python -m matches broken`` checks the bot's own database (its settings, ``.env`` included),
says which, and never creates, migrates or shares one with a running bot; neither command opens
a database that a newer version of the bot has written, nor makes a file from a mistyped target."""

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

import bot.setup.settings as bot_settings
from matches import MatchService, Player
from matches.__main__ import Exit
from matches.__main__ import main as matches_main
from matches.migrations import MIGRATIONS
from matches.store import store_for

SETTINGS = ("DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN", "SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The current folder of a run, with no settings in the environment and no checkout's .env:
    a .env written here is the one read (as for a bot installed outside a checkout)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bot_settings, "PROJECT_ROOT", tmp_path / "installed")
    for key in SETTINGS:
        monkeypatch.setenv(key, "")  # recorded, so that what .env loads is undone afterwards
        monkeypatch.delenv(key)
    return tmp_path


def main(argv) -> int:
    try:
        return matches_main(argv)
    except SystemExit as stop:  # a wrong command line: argparse exits
        return stop.code


async def run(argv, capsys):
    status = await asyncio.to_thread(main, argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


async def bot_database(path: Path) -> None:
    store = await store_for(str(path)).open()
    service = MatchService(store)
    await service.create_challenge("architekton", 77, 20, Player(11, "ann"), [Player(12, "bob")])
    await store.close()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


async def test_it_reads_the_database_from_the_env_file_and_names_it(folder, capsys):
    await bot_database(folder / "games.sqlite3")
    (folder / "data").mkdir()
    await bot_database(folder / "data" / "bot.sqlite3")  # the leftover default must not be the one read
    (folder / ".env").write_text("DATABASE_PATH=games.sqlite3\n")
    status, out, err = await run(["broken"], capsys)
    assert status == Exit.OK, err
    assert out.splitlines()[0] == f"database: games.sqlite3 (DATABASE_PATH from {folder / '.env'})"
    os.environ["DATABASE_PATH"] = "data/bot.sqlite3"  # the environment wins, as for the bot
    status, out, _ = await run(["broken"], capsys)
    assert status == Exit.OK and "(DATABASE_PATH from the environment)" in out.splitlines()[0]


async def test_a_bad_setting_is_one_line(folder, capsys):
    (folder / ".env").write_text("DATABASE_PATH=:memory:\n")
    status, out, err = await run(["broken"], capsys)
    assert status == Exit.CONFIGURATION and out == ""
    assert len(err.strip().splitlines()) == 1 and "DATABASE_PATH" in err and "--db" in err


@pytest.mark.parametrize("case", ["missing", "empty"])
async def test_no_database_is_created_or_filled(folder, capsys, case):
    path = folder / "bot.sqlite3"
    if case == "empty":
        path.touch()
    status, _, err = await run(["broken", "--db", str(path)], capsys)
    assert status == (Exit.NO_SOURCE if case == "missing" else Exit.NOT_A_BOT_DATABASE)
    assert len(err.strip().splitlines()) == 1
    assert listing(folder) == ([] if case == "missing" else ["bot.sqlite3"])
    assert case == "missing" or path.stat().st_size == 0


async def test_an_older_database_is_not_migrated(folder, capsys):
    path = folder / "bot.sqlite3"
    await bot_database(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    before = path.read_bytes()
    status, _, err = await run(["broken", "--db", str(path)], capsys)
    assert status == Exit.NEWER_SCHEMA and "older than" in err and "start the bot on it once" in err
    assert path.read_bytes() == before


async def test_a_database_a_running_bot_holds_is_refused(folder, capsys):
    path = folder / "bot.sqlite3"
    await bot_database(path)
    running = await store_for(str(path), exclusive=True).open()
    try:
        status, _, err = await run(["broken", "--db", str(path)], capsys)
    finally:
        await running.close()
    assert status == Exit.IN_USE and "running bot" in err and len(err.strip().splitlines()) == 1


async def newer(database: str) -> None:
    store = await store_for(database).open()
    try:
        if store.backend == "sqlite":
            await store.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
        else:
            await store.execute("INSERT INTO schema_version (version) VALUES (?)", (len(MIGRATIONS) + 1,))
    finally:
        await store.close()


async def test_a_newer_schema_is_refused_by_every_command(tmp_path, database, capsys):
    await newer(database)
    ours = tmp_path / "ours.sqlite3"
    await bot_database(ours)
    commands = [
        ["broken", "--db", database],
        ["broken", "--db", database, "--scan"],
        ["copy", "--from", database, "--to", str(tmp_path / "out.sqlite3")],
        ["copy", "--from", str(ours), "--to", database],
    ]
    for argv in commands:
        status, _, err = await run(argv, capsys)
        assert status == Exit.NEWER_SCHEMA, (argv, err)
        assert "newer than this" in err and str(len(MIGRATIONS) + 1) in err
        assert [line for line in err.splitlines() if line.strip() and not line.startswith("\r")] == [
            err.strip().splitlines()[-1]
        ]
    assert not (tmp_path / "out.sqlite3").exists()
    store = await store_for(database, read_only=True).open()
    try:
        assert await store.schema_version() == len(MIGRATIONS) + 1
        assert [dict(r) for r in await store.fetchall("SELECT id FROM matches")] == []
    finally:
        await store.close()


@pytest.mark.parametrize("target", ["nonsense", "backup.txt"])
async def test_a_target_that_is_no_database_name_creates_nothing(folder, capsys, target):
    await bot_database(folder / "bot.sqlite3")
    before = listing(folder)
    status, out, err = await run(["copy", "--from", "bot.sqlite3", "--to", target], capsys)
    assert status == Exit.USAGE and out == ""
    assert err.strip().splitlines() == [err.strip()] and f"sqlite:///{target}" in err
    assert listing(folder) == before


async def test_taking_back_a_match_that_does_not_exist_says_so(folder, capsys):
    await bot_database(folder / "bot.sqlite3")
    status, out, _ = await run(["broken", "--db", "bot.sqlite3", "--repaired", "999999"], capsys)
    assert status == Exit.OK
    assert "match 999999: there is no such match in this database" in out and "still broken" not in out
