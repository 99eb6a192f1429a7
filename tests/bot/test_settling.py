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
