"""Memory section: VmRSS of the started bot, in a fresh subprocess.

The child (``python -m bench.memory --child DB``) builds the real bot on the
given store, starts it under SimCord (store opened, migrations, commands built
and synced, scheduler started and through its first round), joins one guild,
and reports VmRSS / VmHWM from /proc/self/status.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def proc_status() -> dict[str, float]:
    """VmRSS and VmHWM in MB."""
    out = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = round(int(value.split()[0]) / 1024, 1)
    return out


async def _child(db: str) -> dict:
    import gc
    import logging

    from bot import Settings, create_bot

    logging.getLogger("discord").setLevel(logging.WARNING)
    gc.collect()
    imported = proc_status()
    from .command import close_bot

    bot = create_bot(Settings(token=None, database_path=db))
    try:
        return await _started(bot, imported)
    finally:
        await close_bot(bot)


async def _started(bot, imported: dict) -> dict:
    import gc

    import simcord

    # settle_timeout is a deadline, not a wait: settle() returns as soon as the bot is quiet.
    async with simcord.run(bot, settle_timeout=30.0, check_errors=False) as env:
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("games")
        member = guild.add_member(env.create_user("ann"))
        await env.settle()
        assert env.bot.store.is_open, "store not open"
        assert env.bot.scheduler.task is not None and not env.bot.scheduler.task.done(), "scheduler not running"
        commands = len(member.available_commands(channel))
        active = (await env.bot.store.fetchone("SELECT COUNT(*) FROM matches WHERE status = 'active'"))[0]
        gc.collect()
        ready = proc_status()
        errors = len(env.errors)
    return {
        "after_imports_mb": imported["VmRSS"],
        "rss_mb": ready["VmRSS"],
        "hwm_mb": ready["VmHWM"],
        "active_matches": active,
        "commands": commands,
        "bot_errors": errors,
    }


def measure(db: str, timeout: float = 120) -> dict:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "bench.memory", "--child", db],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"memory child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    result["seconds"] = round(time.perf_counter() - started, 2)
    return result


def run(quick: bool, log) -> dict:
    from . import store

    count = 200 if quick else 10000
    tmp = tempfile.mkdtemp(prefix="bench-memory-")
    try:
        empty = measure(os.path.join(tmp, "empty.sqlite3"))
        log(f"  memory, empty store: {empty['rss_mb']} MB RSS (after imports {empty['after_imports_mb']} MB)")
        source = asyncio.run(store.template(count, log))
        path = os.path.join(tmp, f"{count}.sqlite3")
        store.copy_db(source, path)
        full = measure(path)
        log(f"  memory, {full['active_matches']} active matches: {full['rss_mb']} MB RSS (peak {full['hwm_mb']} MB)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {
        "matches": count,
        "empty": empty,
        "loaded": full,
        "delta_mb": round(full["rss_mb"] - empty["rss_mb"], 1),
        "notes": [],
    }


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        print(json.dumps(asyncio.run(_child(sys.argv[2]))))
    else:
        print("usage: python -m bench.memory --child DB", file=sys.stderr)
        sys.exit(2)
