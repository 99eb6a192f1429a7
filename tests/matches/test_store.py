"""The store's units of work: atomic, never interleaved, committed data only for readers."""

import asyncio
import contextvars
import threading

import pytest

from matches.migrations import MIGRATIONS
from matches.store import store_for


async def test_a_new_database_is_migrated_to_the_latest_schema(store):
    assert await store.schema_version() == len(MIGRATIONS)
    listing = {
        "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
        "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    }
    tables = {r[0] for r in await store.fetchall(listing[store.backend])}
    assert {"matches", "moves", "series", "users", "guilds", "ratings"} <= tables


async def test_reopening_keeps_the_data_and_does_not_migrate_again(database):
    first = await store_for(database).open()
    await first.execute("INSERT INTO users (user_id) VALUES (7)")
    await first.close()
    again = await store_for(database).open()
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        assert (await again.fetchone("SELECT COUNT(*) FROM users"))[0] == 1
    finally:
        await again.close()


async def test_concurrent_read_modify_write_units_never_interleave(store):
    """Each unit reads a counter and writes it back plus one: any interleaving would lose increments."""
    await store.execute("INSERT INTO users (user_id, vacation_used) VALUES (1, 0)")

    def bump(tx):
        value = tx.fetchone("SELECT vacation_used FROM users WHERE user_id = 1")[0]
        tx.execute("UPDATE users SET vacation_used = ? WHERE user_id = 1", (value + 1,))

    await asyncio.gather(*(store.write(bump) for _ in range(200)))
    assert (await store.fetchone("SELECT vacation_used FROM users WHERE user_id = 1"))[0] == 200


async def test_a_failing_unit_leaves_nothing_behind_and_the_store_goes_on(store):
    def half_then_fail(tx):
        tx.execute("INSERT INTO users (user_id) VALUES (1)")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        await store.write(half_then_fail)
    assert (await store.fetchone("SELECT COUNT(*) FROM users"))[0] == 0
    await store.execute("INSERT INTO users (user_id) VALUES (2)")
    assert [r[0] for r in await store.fetchall("SELECT user_id FROM users")] == [2]


async def test_commit_hooks_run_after_commits_only(store):
    calls = []
    store.on_commit.append(lambda: calls.append("commit"))
    await store.execute("INSERT INTO users (user_id) VALUES (1)")
    with pytest.raises(ZeroDivisionError):
        await store.write(lambda tx: 1 / 0)
    assert calls == ["commit"]


async def test_units_run_off_the_event_loop_or_in_a_greenlet_of_it(store):
    """SQLite: on the store's one writer thread.  PostgreSQL: in a greenlet on the loop's thread,
    whose statements are awaited by the loop (matches/pg_store.py), so no unit blocks it on I/O."""
    threads = {await store.write(lambda tx: threading.get_ident()) for _ in range(5)}
    if store.backend == "sqlite":
        assert len(threads) == 1 and threading.get_ident() not in threads
    else:
        import greenlet

        loop_greenlet = greenlet.getcurrent()
        seen = await store.write(lambda tx: greenlet.getcurrent())
        assert threads == {threading.get_ident()} and seen is not loop_greenlet


async def test_units_see_the_callers_context_variables(store):
    """As with asyncio.to_thread: a virtual clock kept in a context variable must reach the unit."""
    now = contextvars.ContextVar("now", default="real")
    now.set("virtual")
    assert await store.write(lambda tx: now.get()) == "virtual"


async def test_update_returning_gives_the_new_row_in_one_statement(store):
    await store.execute("INSERT INTO users (user_id, reminders) VALUES (1, 'mention')")
    row = await store.write(lambda tx: tx.fetchone("UPDATE users SET reminders = 'dm' WHERE user_id = 1 RETURNING *"))
    assert row["reminders"] == "dm"
    assert (
        await store.write(lambda tx: tx.fetchone("UPDATE users SET reminders = 'off' WHERE user_id = 99 RETURNING *"))
        is None
    )
