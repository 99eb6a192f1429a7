"""Seasons at scale: ``python -m bench.seasons [--players 200] [--database URL] [--reviews 10000] [--asks 300]
[--no-turn]``.

**The turn of a season**: a series of ``--players`` players in divisions of six (200 players: 34
divisions, 1,010 matches) plays its first season; every match but two is decided in the store
directly, then the last two end at the same moment, one in each of two processes (two stores on
one database, as two bot processes would be).  Timed, in CPU seconds of this process (both
services and their writer threads run here): the transaction that ends the last match and in it
turns the season (each division's final order, the movements, the next season's divisions
paired and all their matches started), and the posting that follows: the season news and the
events' final standings claimed (each once, asked by both processes at once), every division's
final standings drawn as text and image, the movements and the new divisions written out.  The
first boards of the new season's matches are not included: they go out at Discord's pace, one
message each, as any event's do.  Checked: the next season exists once, its news was claimed once.

**/practice**: ``--reviews`` stored reviews (1,000 players, two blunders each a review), then
``/practice position`` asked ``--asks`` times by different players: the position due chosen, the
match's record read and replayed, the board drawn (wall time, the median and 99th percentile).

Nothing is asserted beyond that; it prints numbers for people to read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time

from .stats import busy_and_steal, cpu_ticks

GUILD, CHANNEL = 10, 20


async def turn_bench(players: int, database: str | None) -> dict:
    import discord

    from bot.locales import say
    from bot.tournaments.seasons import Seasons
    from bot.tournaments.standings import standings_message, standings_page
    from matches import MatchService, Player
    from matches.store import store_for
    from matches.timing import DAY

    class Clock:
        now = 1_800_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    location = database or os.path.join(tempfile.mkdtemp(prefix="bench-seasons-"), "seasons.sqlite3")
    schema = None
    if database:
        import asyncpg

        schema = f"bench_seasons_{os.getpid()}"
        conn = await asyncpg.connect(database)
        await conn.execute(f"CREATE SCHEMA {schema}")
        await conn.close()
        location = f"{database}{'&' if '?' in database else '?'}search_path={schema}"
    first_store = await store_for(location).open()
    second_store = await store_for(location).open()
    try:
        seeds = iter(range(1, 10**9))
        one = MatchService(first_store, clock=clock, seeds=lambda: next(seeds))
        two = MatchService(second_store, clock=clock, seeds=lambda: next(seeds))
        people = [Player(1000 + i, f"Player {i}") for i in range(players)]
        season = await one.create_season(GUILD, CHANNEL, people[0], "architekton", name="Bench League", signup_days=1)
        for p in people:
            await one.join_season(season.id, p)
        clock.now += DAY + 1
        start = time.perf_counter()
        await one.start_due_seasons()
        first_season = time.perf_counter() - start
        events = await one.division_events(season.id, 1)
        tables = await one.store.fetchall(
            "SELECT t.event_id, t.round, t.table_no, t.players, t.match_id FROM event_tables t JOIN events e"
            " ON e.id = t.event_id WHERE e.season_id = ? ORDER BY t.event_id, t.round, t.table_no",
            (season.id,),
        )
        # the last match of the first and of the last division end through the service, in each process
        last = [
            max((t for t in tables if t["event_id"] == e.id), key=lambda t: (t["round"], t["table_no"]))
            for e in (events[0], events[-1])
        ]
        rest = [t for t in tables if t not in last]

        def decide(tx):
            now = clock()
            for t in rest:
                ps = json.loads(t["players"])
                places = [1, 2] if ps[0] < ps[1] else [2, 1]
                winner = 0 if places[0] == 1 else 1
                tx.execute(
                    "UPDATE matches SET status = 'finished', result = ?, ended_at = ?, deadline = NULL,"
                    " next_event_at = NULL, message_id = 1 WHERE id = ?",
                    (json.dumps({"winners": [winner], "end": "resign", "scores": [0, 0]}), now, t["match_id"]),
                )
                tx.execute(
                    "UPDATE event_tables SET places = ?, board_pending = 0 WHERE event_id = ? AND round = ?"
                    " AND table_no = ?",
                    (json.dumps(places), t["event_id"], t["round"], t["table_no"]),
                )
            # the other divisions are over (their final standings not posted yet)
            tx.execute(
                "UPDATE events SET status = 'finished', winners = '[]' WHERE season_id = ? AND id NOT IN (?, ?)",
                (season.id, last[0]["event_id"], last[1]["event_id"]),
            )
            tx.execute("UPDATE event_tables SET board_pending = 0")
            tx.execute("UPDATE matches SET message_id = 1")

        await one.store.write(decide)
        for e in events:  # the pairings and standings so far are old news
            await one.store.execute("UPDATE events SET standings_posted = rounds WHERE id = ?", (e.id,))
        await one.claim_season_news()
        for t in last:
            match = await one.get(t["match_id"])
            await one.move(match.id, match.to_move_id(), match.state().legal_moves()[0])
        cpu0, wall0 = time.process_time(), time.perf_counter()
        await asyncio.gather(
            one.resign(last[0]["match_id"], max(json.loads(last[0]["players"]))),
            two.resign(last[1]["match_id"], max(json.loads(last[1]["players"]))),
        )
        turn_cpu, turn_wall = time.process_time() - cpu0, time.perf_counter() - wall0
        # posting: the news claimed by both processes at once, then written out
        cpu0, wall0 = time.process_time(), time.perf_counter()
        event_news = await asyncio.gather(one.claim_news(), two.claim_news())
        season_news = await asyncio.gather(one.claim_season_news(), two.claim_season_news())
        locale = discord.Locale.british_english
        finals = [n for batch in event_news for n in batch if n.final]
        images = 0
        for news in finals:
            page = await asyncio.to_thread(standings_page, news.view, 1, None)
            await standings_message(news.view, True, locale, page, "/season standings")
            images += 1
        posts = [n for batch in season_news for n in batch]
        for news in posts:
            say(Seasons._movements(news.season, news.season.movements), locale)
        post_cpu, post_wall = time.process_time() - cpu0, time.perf_counter() - wall0
        now = await one.season(season.id)
        second = await one.division_events(season.id, 2)
        matches = await one.store.fetchone(
            "SELECT COUNT(*) AS n FROM event_tables t JOIN events e ON e.id = t.event_id WHERE e.season_id = ?"
            " AND e.season_no = 2",
            (season.id,),
        )
        return {
            "players": players,
            "divisions": len(events),
            "matches": len(tables),
            "first_season_s": round(first_season, 2),
            "turn_cpu_s": round(turn_cpu, 2),
            "turn_wall_s": round(turn_wall, 2),
            "post_cpu_s": round(post_cpu, 2),
            "post_wall_s": round(post_wall, 2),
            "season_now": now.number,
            "next_divisions": len(second),
            "next_matches": matches["n"],
            "final_standings_posted": images,
            "season_news": len(posts),
            "backend": "postgresql" if database else "sqlite",
        }
    finally:
        await first_store.close()
        await second_store.close()
        if schema:
            conn = await asyncpg.connect(database)
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
            await conn.close()


async def practice_bench(reviews: int, asks: int, database: str | None) -> dict:
    """``/practice position`` with ``reviews`` stored reviews (a thousand players, ten reviewed
    matches each, two mistakes or blunders a player a match): the service's choice of the position
    due, the match's record replayed to it and the board drawn, as the bot answers it."""
    import discord

    from bot.computer.practice import position_png
    from matches import MatchService, Player
    from matches.practice import backfill
    from matches.store import store_for

    from .stats import percentile

    class Clock:
        now = 1_800_000_000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    location = database or os.path.join(tempfile.mkdtemp(prefix="bench-practice-"), "practice.sqlite3")
    store = await store_for(location).open()
    try:
        seeds = iter(range(1, 10**9))
        service = MatchService(store, clock=clock, seeds=lambda: next(seeds))
        a, b = Player(1, "ann"), Player(2, "bob")
        match = await service.accept(
            (await service.create_challenge("architekton", GUILD, CHANNEL, a, [b], first="me")).id, b.id
        )
        for _ in range(12):
            match = (await service.move(match.id, match.to_move_id(), match.state().legal_moves()[-1])).match
        await service.resign(match.id, a.id)
        source = dict(await store.fetchone("SELECT * FROM matches WHERE id = ?", (match.id,)))
        moves = await store.fetchall("SELECT * FROM moves WHERE match_id = ?", (match.id,))
        record = await service.record(match.id)
        from engines.record import replay

        plies = []
        for ply, move in enumerate(record.moves):
            before = replay(record, ply)
            others = [m for m in before.legal_moves() if before.copy().play(m) != move]
            label = "blunder" if ply in (2, 5) and others else "best"
            best = before.copy().play(others[0]) if label != "best" else move
            plies.append(
                {
                    "ply": ply,
                    "seat": before.current_player(),
                    "move": move,
                    "win": [0.5, 0.5],
                    "best": best,
                    "best_win": 0.8,
                    "played_win": 0.4 if label != "best" else 0.8,
                    "label": label,
                    "forced": False,
                    "missed_win": False,
                }
            )
        review = json.dumps({"game": "architekton", "players": ["a", "b"], "plies": plies, "accuracy": [50, 50]})
        columns = [c for c in source if c != "id"]
        users = max(2, min(1000, reviews // 10))  # ten reviewed matches a player

        def fill(tx):
            for i in range(reviews):
                first, second = 1000 + i % users, 1000 + (i * 7 + 1) % users
                if first == second:
                    second = 1000 + (second + 1 - 1000) % users
                row = dict(source, players=json.dumps([first, second]))
                new = tx.fetchone(
                    f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) RETURNING id",
                    tuple(row[c] for c in columns),
                )
                tx.executemany(
                    "INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
                    [
                        (new["id"], m["ply"], m["move"], first if m["user_id"] == a.id else second, m["played_at"])
                        for m in moves
                    ],
                )
                tx.executemany(
                    "INSERT INTO match_players (user_id, match_id) VALUES (?, ?)",
                    [(first, new["id"]), (second, new["id"])],
                )
                tx.execute(
                    "INSERT INTO match_reviews (match_id, version, level, review, created_at)"
                    " VALUES (?, ?, 'hard', ?, 0)",
                    (new["id"], row["version"], review),
                )
            backfill(tx)

        start = time.perf_counter()
        await store.write(fill)
        filled = time.perf_counter() - start
        items = (await store.fetchone("SELECT COUNT(*) AS n FROM practice_items"))["n"]
        locale = discord.Locale.british_english
        samples, cpu = [], []
        for i in range(asks):
            user = 1000 + (i * 37) % users
            await store.execute("DELETE FROM practice_sessions WHERE user_id = ?", (user,))
            t0, c0 = time.perf_counter(), time.process_time()
            position = await service.practice_position(user)
            await asyncio.to_thread(position_png, position, locale)
            samples.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        samples.sort()
        cpu.sort()
        return {
            "reviews": reviews,
            "practice_positions": items,
            "fill_s": round(filled, 1),
            "asks": asks,
            "median_ms": round(samples[len(samples) // 2] * 1000, 1),
            "p99_ms": round(percentile(samples, 99) * 1000, 1),
            "max_ms": round(samples[-1] * 1000, 1),
            "cpu_p99_ms": round(percentile(cpu, 99) * 1000, 1),
            "backend": "postgresql" if database else "sqlite",
        }
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.seasons", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: a temporary SQLite file)")
    parser.add_argument("--reviews", type=int, default=10_000, help="stored reviews for /practice")
    parser.add_argument("--asks", type=int, default=300, help="/practice positions asked for")
    parser.add_argument("--no-turn", action="store_true", help="only /practice")
    args = parser.parse_args(argv)
    # The temporary databases go into one folder removed at the end: repeated runs leave nothing behind.
    previous = tempfile.tempdir
    with tempfile.TemporaryDirectory(prefix="bench-seasons-") as scratch:
        tempfile.tempdir = scratch
        try:
            measure(args)
        finally:
            tempfile.tempdir = previous


def measure(args: argparse.Namespace) -> None:
    before = cpu_ticks()
    if not args.no_turn:
        result = asyncio.run(turn_bench(args.players, args.database))
        print("The turn of a season (CPU seconds of this process; both processes' services run in it):")
        for key, value in result.items():
            print(f"  {key}: {value}")
    if args.reviews:
        result = asyncio.run(practice_bench(args.reviews, args.asks, None))
        print("/practice position (the service's choice, the record replayed, the board drawn):")
        for key, value in result.items():
            print(f"  {key}: {value}")
    load = busy_and_steal(before, cpu_ticks())
    if load:
        print(f"machine busy {load['machine_busy_pct']} % (steal {load['steal_pct']} %) while measuring")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
