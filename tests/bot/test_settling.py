"""Bot tests wait for SimCord generously, so a loaded machine does not fail them (conftest.py)."""

import re
from pathlib import Path

from .conftest import SETTLE_TIMEOUT


def test_a_bot_test_gets_the_generous_settle_timeout(simcord_env):
    assert simcord_env.settle_timeout == SETTLE_TIMEOUT


def test_no_bot_test_asks_for_a_shorter_one():
    short = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for value in re.findall(r"settle_timeout\s*=\s*([0-9.]+)", path.read_text("utf-8")):
            if float(value) < SETTLE_TIMEOUT:
                short.append(f"{path.name}: settle_timeout={value}")
    assert not short, short


def test_no_bot_test_waits_for_the_idle_connection_timer():
    """SimCord waits in real time for every timer due before its deadline; on PostgreSQL asyncpg's
    pool arms one 300 s after each release of a connection (max_inactive_connection_lifetime), so with
    a deadline of 300 s every step there waits that timer out (a first slash command seemed to hang).
    Half of it leaves a test minutes of its own before an old connection's timer falls due."""
    import inspect

    import asyncpg.pool

    idle = inspect.signature(asyncpg.pool.create_pool).parameters["max_inactive_connection_lifetime"].default
    long = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for value in re.findall(r"settle_timeout\s*=\s*([0-9.]+)", path.read_text("utf-8")):
            if float(value) >= idle / 2:
                long.append(f"{path.name}: settle_timeout={value}")
    assert not long, long
