"""WEB_* settings: checked at start, one line each; the port must be free."""

from __future__ import annotations

import socket

import pytest

from bot.__main__ import main
from bot.setup.preflight import port_problem
from bot.setup.settings import Settings, SettingsError

WEB = ("WEB_BASE_URL", "WEB_HOST", "WEB_PORT", "WEB_SECRET", "WEB_LINK_DAYS")


@pytest.fixture
def env(monkeypatch):
    for key in (*WEB, "DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(key, raising=False)
    return monkeypatch


def test_without_a_base_url_there_is_no_web_board(env):
    settings = Settings.from_env(None)
    assert settings.web_base_url is None and (settings.web_host, settings.web_port, settings.web_link_days) == (
        "127.0.0.1",
        8080,
        30,
    )


def test_a_base_url_needs_a_long_secret(env):
    env.setenv("WEB_BASE_URL", "https://board.example.org/")
    for secret in (None, "short"):
        if secret:
            env.setenv("WEB_SECRET", secret)
        with pytest.raises(SettingsError, match="WEB_SECRET must be at least 32 characters") as refused:
            Settings.from_env(None)
        assert "\n" not in str(refused.value)
    env.setenv("WEB_SECRET", "x" * 32)
    env.setenv("WEB_PORT", "9090")
    env.setenv("WEB_LINK_DAYS", "7")
    settings = Settings.from_env(None)
    assert (settings.web_base_url, settings.web_port, settings.web_link_days) == ("https://board.example.org", 9090, 7)
    for name, bad in (("WEB_PORT", "70000"), ("WEB_LINK_DAYS", "0"), ("WEB_BASE_URL", "board.example.org")):
        env.setenv(name, bad)
        with pytest.raises(SettingsError, match=name):
            Settings.from_env(None)
        env.setenv(name, {"WEB_PORT": "9090", "WEB_LINK_DAYS": "7", "WEB_BASE_URL": "https://board.example.org"}[name])


def test_the_bot_refuses_to_start_without_the_secret_in_one_line(env, capsys, tmp_path):
    env.setenv("DISCORD_TOKEN", "abc")
    env.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    env.setenv("WEB_BASE_URL", "https://board.example.org")
    assert main([]) == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith("Configuration error: WEB_BASE_URL is set, so WEB_SECRET") and "\n" not in err


def test_a_port_in_use_is_found_before_connecting(env, capsys, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert "cannot listen there" in port_problem("127.0.0.1", port)
        env.setenv("DISCORD_TOKEN", "abc")
        env.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
        env.setenv("WEB_BASE_URL", "https://board.example.org")
        env.setenv("WEB_SECRET", "x" * 40)
        env.setenv("WEB_PORT", str(port))
        assert main([]) == 3
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"Configuration error: WEB_HOST=127.0.0.1 WEB_PORT={port}") and "\n" not in err
    assert port_problem("127.0.0.1", port) is None


def test_the_browser_tests_skip_without_chromium_locally_and_fail_under_ci(monkeypatch):
    from tests.web import browser

    monkeypatch.setattr(browser.shutil, "which", lambda name: None)
    monkeypatch.setattr(browser.os.path, "exists", lambda path: False)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium"):
        browser.chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        browser.chromium()
