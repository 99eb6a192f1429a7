"""``python -m matches copy``: a database made by random matches of
every game goes to the other backend and back unchanged, every record replays
in the target, and a non-empty target is refused unless told to resume."""

import os
import random

import pytest

from engines import game_names
from matches import MatchService, Player
from matches.__main__ import main as matches_main
from matches.copying import TABLES, CopyRefused, copy_store
from matches.store import StoreInUse, store_for

PLAYERS = [Player(11, "ann"), Player(12, "bob"), Player(13, "cat")]


async def random_history(service, clock, seed: int = 3) -> None:
    """Matches of every game: finished ones (ratings, series), active ones, a challenge, settings."""
    rng = random.Random(seed)
    for name in game_names():
        seats = PLAYERS[: 3 if name == "tactori" else 2]
        for length in (10_000, 7):  # one to the end, one left in the middle
            match = await service.create_challenge(name, 77, 20, seats[0], seats[1:], first="me")
            for p in seats[1:]:
                match = await service.accept(match.id, p.id)
            for _ in range(length):
                if match.status != "active":
                    break
                clock.now += 60
                match = (
                    await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))
                ).match
    await service.create_challenge("atacama", 77, 20, PLAYERS[0], [PLAYERS[1]])
    await service.set_guild_settings(77, default_days=5, language="fr")
    await service.set_reminders(12, "dm")
    await service.start_vacation(13, 3)
    # a season series and a ladder with a challenge (their own tables)
    season = await service.create_season(77, 20, PLAYERS[0], "architekton")
    await service.create_ladder(77, 20, PLAYERS[0], "architekton")
    for p in PLAYERS[:2]:
        await service.join_season(season.id, p)
        await service.join_ladder(77, "architekton", p)
    await service.ladder_challenge(77, 20, "architekton", PLAYERS[1], PLAYERS[0])


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
            await target.execute(
                f"INSERT INTO series ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                tuple(row[c] for c in columns),
            )
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
    status = await asyncio.to_thread(
        matches_main, ["copy", "--from", str(tmp_path / "none.sqlite3"), "--to", str(tmp_path / "x.sqlite3")]
    )
    assert status == 3 and "no SQLite file" in capsys.readouterr().err


# ------------------------------------------------ what the command refuses, one line each


async def run(argv, capsys) -> tuple[int, str, str]:
    import asyncio

    status = await asyncio.to_thread(matches_main, argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def problem_lines(err: str) -> list[str]:
    """What the command said on stderr, its progress line aside."""
    return [
        line
        for line in err.splitlines()
        if line.strip() and not line.startswith("\r") and "rows" not in line and "replayed" not in line
    ]


async def small_source(path, clock) -> list[int]:
    store = await store_for(str(path)).open()
    service = MatchService(store, clock=clock)
    ids = []
    for _ in range(3):
        match = await service.create_challenge("architekton", 77, 20, PLAYERS[0], [PLAYERS[1]], first="me")
        match = await service.accept(match.id, PLAYERS[1].id)
        clock.now += 60
        match = (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[0])).match
        ids.append(match.id)
    await store.close()
    return ids


async def test_the_source_is_only_read_an_empty_file_stays_empty(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    status, _, err = await run(["copy", "--from", str(empty), "--to", str(tmp_path / "t.sqlite3")], capsys)
    assert status == 5 and "holds no bot data" in err and len(problem_lines(err)) == 1
    assert empty.stat().st_size == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3"]


async def test_a_source_copied_leaves_its_file_unchanged(tmp_path, clock, capsys):
    source = tmp_path / "bot.sqlite3"
    await small_source(source, clock)
    before = source.read_bytes()
    listing = sorted(p.name for p in tmp_path.iterdir())
    status, out, _ = await run(["copy", "--from", str(source), "--to", str(tmp_path / "copy" / "t.sqlite3")], capsys)
    assert status == 0 and "replay to their snapshots" in out
    assert source.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [*listing, "copy"]


async def test_an_older_source_is_copied_through_a_migrated_copy_and_left_as_it_was(tmp_path, clock, capsys):
    import sqlite3

    from matches.migrations import MIGRATIONS

    source = tmp_path / "bot.sqlite3"
    await small_source(source, clock)
    # as an older bot left it: at schema version 9, without the OpenSkill columns (migration 10) nor
    # the events' tables (migration 11), the digest's columns and the notes (migration 12), the
    # conditional lines and time banks (migration 13), the match reviews (migration 14) nor the
    # events' clocks and round limits (15, on tables this drops anyway), nor the web links (16), nor the
    # seasons, ladders, reliability and practice (17), nor the computer's jobs (18)
    assert len(MIGRATIONS) == 18
    conn = sqlite3.connect(source)
    conn.executescript(
        "ALTER TABLE ratings DROP COLUMN mu; ALTER TABLE ratings DROP COLUMN sigma;"
        " ALTER TABLE rating_history DROP COLUMN place; ALTER TABLE rating_history DROP COLUMN mu;"
        " ALTER TABLE rating_history DROP COLUMN rating_before;"
        " ALTER TABLE rating_history DROP COLUMN sigma;"
        " DROP TABLE event_tables; DROP TABLE event_rounds; DROP TABLE event_entrants;"
        " DROP TABLE events; DROP TABLE conditional_lines; ALTER TABLE matches DROP COLUMN bank;"
        " ALTER TABLE matches DROP COLUMN increment; ALTER TABLE matches DROP COLUMN banks;"
        " DROP TABLE match_notes; DROP INDEX users_digest; DROP TABLE match_reviews; DROP TABLE web_links;"
        " DROP TABLE seasons; DROP TABLE season_players; DROP TABLE ladder_matches;"
        " DROP TABLE ladder_players; DROP TABLE ladders; DROP TABLE reliability_faults;"
        " DROP TABLE practice_items; DROP TABLE practice_sessions;"
        " DROP TABLE ai_jobs; DROP TABLE ai_workers;"
        + "".join(
            f" ALTER TABLE users DROP COLUMN {c};"
            for c in (
                "digest_hour",
                "timezone",
                "digest_next_at",
                "digest_claimed_by",
                "digest_claim_token",
                "digest_sent_on",
            )
        )
        + " PRAGMA user_version = 9; PRAGMA journal_mode = DELETE;"
    )
    conn.close()
    before = source.read_bytes()
    status, out, err = await run(["copy", "--from", str(source), "--to", str(tmp_path / "t.sqlite3")], capsys)
    assert status == 0 and "temporary copy" in err, err
    assert source.read_bytes() == before


async def test_each_refusal_is_one_line_with_its_own_status(tmp_path, clock, capsys):
    source = tmp_path / "bot.sqlite3"
    await small_source(source, clock)
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database\n" * 10)
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    cases = [
        (["--from", str(tmp_path / "none.sqlite3"), "--to", str(tmp_path / "t1.sqlite3")], 3, "no SQLite file"),
        (["--from", str(text), "--to", str(tmp_path / "t2.sqlite3")], 4, "not an SQLite database"),
        (["--from", str(source), "--to", f"sqlite:///{source}"], 6, "the same database"),
        (["--from", str(source), "--to", "postgresql://postgres@127.0.0.1:1/postgres"], 8, "no PostgreSQL server"),
    ]
    if url:
        base = url.rsplit("/", 1)[0]
        host = base.split("@", 1)[-1]
        cases += [
            (["--from", str(source), "--to", f"{base}/no_such_database_here"], 9, "does not exist"),
            (
                ["--from", str(source), "--to", f"postgresql://no_such_role_here@{host}/postgres"],
                10,
                "refused the login",
            ),
        ]
    statuses = set()
    for argv, expected, words in cases:
        status, _, err = await run(["copy", *argv], capsys)
        assert status == expected and words in err, (argv, status, err)
        assert len(problem_lines(err)) == 1, err
        assert "Traceback" not in err
        statuses.add(status)
    assert len(statuses) == len(cases) and 1 not in statuses and 0 not in statuses
    assert text.read_text() == "not a database\n" * 10


async def test_a_source_open_in_a_running_bot_is_refused(tmp_path, clock, capsys):
    source = tmp_path / "bot.sqlite3"
    await small_source(source, clock)
    running = await store_for(str(source), exclusive=True).open()  # a bot process holds it
    try:
        status, _, err = await run(["copy", "--from", str(source), "--to", str(tmp_path / "t.sqlite3")], capsys)
    finally:
        await running.close()
    assert status == 7 and "running bot" in err and len(problem_lines(err)) == 1
    assert not (tmp_path / "t.sqlite3").exists()
    # and while the copy reads the source, no bot can open it
    reading = await store_for(str(source), exclusive=True, read_only=True).open()
    try:
        with pytest.raises(StoreInUse):
            await store_for(str(source), exclusive=True).open()
    finally:
        await reading.close()


async def test_every_corrupt_record_is_named_and_the_rest_is_verified(tmp_path, database, clock, capsys):
    source = tmp_path / "source.sqlite3"
    ids = await small_source(source, clock)
    store = await store_for(str(source)).open()
    await store.execute("UPDATE matches SET state = '{\"half\": ' WHERE id = ?", (ids[0],))
    await store.execute("UPDATE moves SET move = 'no such move' WHERE match_id = ?", (ids[2],))
    await store.close()
    status, out, err = await run(["copy", "--from", str(source), "--to", database], capsys)
    assert status == 1
    named = [line for line in err.splitlines() if "does not replay" in line]
    assert [int(line.split("match ")[1].split()[0]) for line in named] == [ids[0], ids[2]]
    assert "2 of 3 records" in err
    assert "copied: series 3, matches 3, moves 3" in out  # everything was copied all the same


@pytest.mark.slow
async def test_a_copy_reads_its_source_on_either_backend_without_writing_it(tmp_path, database, clock, capsys):
    store = await store_for(database).open()
    await random_history(MatchService(store, clock=clock), clock)
    before = await table_rows(store)
    version = await store.schema_version()
    await store.close()
    status, out, err = await run(["copy", "--from", database, "--to", str(tmp_path / "out.sqlite3")], capsys)
    assert status == 0, err
    store = await store_for(database).open()
    try:
        assert await table_rows(store) == before and await store.schema_version() == version
    finally:
        await store.close()


async def test_the_operator_lists_finds_and_takes_back_broken_matches(tmp_path, database, clock, capsys):
    import json

    store = await store_for(database).open()
    service = MatchService(store, clock=clock)
    match = await service.create_challenge("architekton", 77, 20, PLAYERS[0], [PLAYERS[1]], first="me")
    match = await service.accept(match.id, PLAYERS[1].id)
    await store.execute("UPDATE matches SET state = 'garbage' WHERE id = ?", (match.id,))
    await store.close()
    status, out, _ = await run(["broken", "--db", database], capsys)
    assert status == 0 and "no match is broken" in out  # nobody has read it yet
    status, out, _ = await run(["broken", "--db", database, "--scan"], capsys)
    assert status == 1 and f"match {match.id} (architekton, active): JSONDecodeError" in out
    status, out, _ = await run(["broken", "--db", database], capsys)
    assert status == 1 and f"match {match.id} " in out
    store = await store_for(database).open()
    await store.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(match.state_json), match.id))
    await store.close()
    status, out, _ = await run(["broken", "--db", database, "--repaired", str(match.id)], capsys)
    assert status == 0 and f"match {match.id}: taken back" in out and "no match is broken" in out
