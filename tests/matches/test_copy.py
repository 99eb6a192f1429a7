"""``python -m matches copy`` (issue 12): a database made by random matches of
every game goes to the other backend and back unchanged, every record replays
in the target, and a non-empty target is refused unless told to resume."""
import random

import pytest

from engines import game_names
from matches import MatchService, Player
from matches.__main__ import main as matches_main
from matches.copying import TABLES, CopyRefused, copy_store
from matches.store import store_for

PLAYERS = [Player(11, "ann"), Player(12, "bob"), Player(13, "cat")]


async def random_history(service, clock, seed: int = 3) -> None:
    """Matches of every game: finished ones (ratings, series), active ones, a challenge, settings."""
    rng = random.Random(seed)
    for name in game_names():
        seats = PLAYERS[:3 if name == "tactori" else 2]
        for length in (10_000, 7):          # one to the end, one left in the middle
            match = await service.create_challenge(name, 77, 20, seats[0], seats[1:], first="me")
            for p in seats[1:]:
                match = await service.accept(match.id, p.id)
            for _ in range(length):
                if match.status != "active":
                    break
                clock.now += 60
                match = (await service.move(match.id, match.to_move_id(),
                                            rng.choice(match.state().legal_moves()))).match
    await service.create_challenge("atacama", 77, 20, PLAYERS[0], [PLAYERS[1]])
    await service.set_guild_settings(77, default_days=5, language="fr")
    await service.set_reminders(12, "dm")
    await service.start_vacation(13, 3)


async def table_rows(store) -> dict[str, list[tuple]]:
    out = {}
    for table, key in TABLES:
        rows = await store.fetchall(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
        out[table] = [tuple(sorted(dict(r).items())) for r in rows]
    return out


async def test_a_database_of_random_matches_goes_there_and_back_unchanged(tmp_path, database, clock):
    origin = await store_for(str(tmp_path / "origin.sqlite3")).open()
    target = await store_for(database).open()
    back = await store_for(str(tmp_path / "back.sqlite3")).open()
    try:
        await random_history(MatchService(origin, clock=clock), clock)
        there = await copy_store(origin, target)
        assert there.ok and there.replayed >= 2 * len(game_names())
        assert there.rows["moves"] > 0 and there.rows["ratings"] > 0
        again = await copy_store(target, back)
        assert again.ok
        assert await table_rows(back) == await table_rows(origin)
        # the target goes on: a new match gets a fresh id after the copied ones
        service = MatchService(target, clock=clock)
        fresh = await service.create_challenge("architekton", 77, 20, PLAYERS[0], [PLAYERS[1]])
        assert fresh.id > max(r["id"] for r in await origin.fetchall("SELECT id FROM matches"))
    finally:
        for store in (origin, target, back):
            await store.close()


async def test_a_non_empty_target_is_refused_unless_resuming(tmp_path, database, clock):
    origin = await store_for(str(tmp_path / "origin.sqlite3")).open()
    target = await store_for(database).open()
    try:
        await random_history(MatchService(origin, clock=clock), clock)
        # a copy that stopped after the first tables
        first_rows = await origin.fetchall("SELECT * FROM series ORDER BY id")
        for row in first_rows:
            columns = list(row.keys())
            await target.execute(f"INSERT INTO series ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                                 tuple(row[c] for c in columns))
        with pytest.raises(CopyRefused, match="--resume"):
            await copy_store(origin, target)
        report = await copy_store(origin, target, resume=True)
        assert report.ok
        assert await table_rows(target) == await table_rows(origin)
    finally:
        await origin.close()
        await target.close()


async def test_the_command_line_copies_and_refuses(tmp_path, clock, capsys):
    source = tmp_path / "bot.sqlite3"
    store = await store_for(str(source)).open()
    await random_history(MatchService(store, clock=clock), clock)
    await store.close()
    target = tmp_path / "copy.sqlite3"
    # asyncio.run inside main(): run it in a thread, as the test itself runs in an event loop
    import asyncio

    status = await asyncio.to_thread(matches_main, ["copy", "--from", f"sqlite:///{source}", "--to", str(target)])
    out = capsys.readouterr().out
    assert status == 0 and "replay to their snapshots" in out
    status = await asyncio.to_thread(matches_main, ["copy", "--from", f"sqlite:///{source}", "--to", str(target)])
    assert status == 2 and "not empty" in capsys.readouterr().err
    status = await asyncio.to_thread(matches_main, ["copy", "--from", str(tmp_path / "none.sqlite3"),
                                                    "--to", str(tmp_path / "x.sqlite3")])
    assert status == 2 and "no SQLite file" in capsys.readouterr().err
