"""``python -m bot`` and the settings it reads."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

import discord

from bot import Settings, create_bot
from bot.client import invite_link
from bot.settings import SettingsError

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")


def run_bot(tmp_path, **env):
    clean = {k: v for k, v in os.environ.items() if k not in KEYS}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, capture_output=True, text=True,
                          env={**clean, "PYTHONPATH": str(ROOT), **env}, timeout=60)


def test_missing_token_exits_with_a_clear_message_and_no_traceback(tmp_path):
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr and ".env" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_bad_setting_exits_with_a_clear_message(tmp_path):
    done = run_bot(tmp_path, DISCORD_TOKEN="x", DEV_GUILD_ID="my-server")
    assert done.returncode == 2 and "DEV_GUILD_ID" in done.stderr
    assert "Traceback" not in done.stderr


def test_settings_read_dotenv_and_defaults(tmp_path, monkeypatch):
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    settings = Settings.from_env(tmp_path / ".env")
    assert settings == Settings(token="abc", database_path="data/bot.sqlite3", dev_guild_id=123, log_level="DEBUG")
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(SettingsError):
        Settings.from_env(None)


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
