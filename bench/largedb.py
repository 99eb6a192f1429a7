"""A large database for the ``large`` section: matches with real move histories, built once.

Playing 100,000 matches through the service one by one would take an hour, so
the builder plays a pool of seeded random matches per game with the real
engines (every move legal, every snapshot the engine's own) and writes each
database match as a prefix of one of them: its moves, the snapshot after the
last of them, its clock, its series, straight through the store's writer in
big transactions.  Every record replays to its snapshot like one the service
wrote.  A prefix that reaches the end of its playout is a finished match.

Who plays where: a player is in 4 matches, all of one game, each in another
channel, so ``/move`` typed without ``match`` finds exactly one (as most
players have it) while his ``/games`` lists four.

The file is cached (``BENCH_CACHE``, default /tmp/bench-large) under a name
that changes with the schema and with this builder, and copied for each run.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import time
from dataclasses import dataclass

import engines
from matches import Store, timing
from matches.migrations import MIGRATIONS

from .positions import initial_state
from .store import EPOCH, USER_BASE, checkpoint, db_bytes

BUILD_VERSION = 1
POOL = 40  # playouts per game (8 for a small database: quick mode is a few seconds)
MAX_PLIES = 120  # longer playouts stop here (Tactori FEM runs to hundreds of plies)
CHANNELS = 2000
GUILDS = 100
CHUNK = 5000  # matches per transaction
DAY = timing.DAY


def dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))


@dataclass
class Playout:
    game: str
    seed: int
    options: dict
    setup: dict
    moves: list[str]
    movers: list[int]  # the seat that played each move
    snapshots: list[str]  # the state's JSON before move k (and after the last)
    result: dict | None  # when the playout reached the end


def playout(game: str, seed: int) -> Playout:
    spec = engines.get_game(game)
    players = spec.min_players
    state, record = initial_state(game, players, seed)
    rng = random.Random(seed * 7919 + players)
    moves, movers, snapshots = [], [], [dumps(state.to_json())]
    while state.outcome() is None and len(moves) < MAX_PLIES:
        movers.append(state.current_player())
        moves.append(state.play(rng.choice(state.legal_moves())))
        snapshots.append(dumps(state.to_json()))
    outcome = state.outcome()
    result = (
        None
        if outcome is None
        else {"winners": list(outcome.winners), "end": outcome.end, "scores": list(outcome.scores)}
    )
    return Playout(game, seed, dict(record.options), dict(record.setup), moves, movers, snapshots, result)


def cache_path(count: int) -> str:
    schema = hashlib.sha1("".join(MIGRATIONS).encode()).hexdigest()[:8]
    folder = os.environ.get("BENCH_CACHE", "/tmp/bench-large")
    return os.path.join(folder, f"large-{count}-b{BUILD_VERSION}-s{schema}.sqlite3")


def players_of(i: int, count: int) -> tuple[int, int]:
    """Match ``i``'s two players: matches i, i + count/4, i + count/2, i + 3count/4 share them."""
    users = max(2, count // 2)
    return USER_BASE + (2 * i) % users, USER_BASE + (2 * i + 1) % users


def rows_of(i: int, count: int, pool: dict[str, list[Playout]], games: list[str], rng: random.Random):
    game = games[i % len(games)]
    p = pool[game][(i // len(games)) % len(pool[game])]
    plies = rng.randint(0, len(p.moves))
    finished = plies == len(p.moves) and p.result is not None
    match_id = i + 1
    players = list(players_of(i, count))
    created = EPOCH - rng.uniform(2, 20) * DAY
    clock_start = EPOCH - rng.uniform(0.0, 0.9) * DAY  # the first reminders fall due after EPOCH
    days = 3
    deadline = clock_start + days * DAY
    played = [created + (clock_start - created) * (k + 1) / (plies + 1) for k in range(plies)]
    winner = players[p.result["winners"][0]] if finished and len(p.result["winners"]) == 1 else None
    series = (
        match_id,
        game,
        1 + i % GUILDS,
        dumps(players),
        dumps({str(u): int(u == winner) * 2 for u in players}),
        2,
        winner,
        created,
    )
    match = dict(
        id=match_id,
        game=game,
        guild_id=1 + i % GUILDS,
        channel_id=100 + i % CHANNELS,
        status="finished" if finished else "active",
        challenger_id=players[0],
        players=dumps(players),
        names=dumps([f"u{u - USER_BASE}" for u in players]),
        accepted=dumps(players),
        options=dumps(p.options),
        seed=p.seed,
        setup=dumps(p.setup),
        state=p.snapshots[plies],
        version=plies,
        result=dumps(p.result) if finished else None,
        series_id=match_id,
        created_at=created,
        updated_at=played[-1] if played else created,
        days=days,
        plies=plies,
        clock_start=clock_start,
        deadline=None if finished else deadline,
        next_event_at=None if finished else timing.next_event_at(clock_start, deadline, days, 0, None),
        ended_at=played[-1] if finished else None,
    )
    moves = [(match_id, k, p.moves[k], players[p.movers[k]], played[k]) for k in range(plies)]
    return series, match, [(u, match_id) for u in players], moves


def _insert(tx, chunk) -> None:
    series, matches, players, moves = zip(*chunk)
    tx.executemany(
        "INSERT INTO series (id, game, guild_id, players, points, target, winner_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        list(series),
    )
    columns = list(matches[0])
    tx.executemany(
        f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [tuple(m[c] for c in columns) for m in matches],
    )
    tx.executemany("INSERT INTO match_players (user_id, match_id) VALUES (?, ?)", [r for rows in players for r in rows])
    tx.executemany(
        "INSERT INTO moves (match_id, ply, move, user_id, played_at) VALUES (?, ?, ?, ?, ?)",
        [r for rows in moves for r in rows],
    )


async def build(path: str, count: int, log) -> dict:
    started = time.perf_counter()
    games = engines.game_names()
    size = POOL if count >= 20_000 else 8
    pool = {g: [playout(g, seed) for seed in range(1, size + 1)] for g in games}
    log(f"    {size} playouts per game played ({time.perf_counter() - started:.1f} s)")
    rng = random.Random(count)
    store = await Store(path).open()
    try:
        for start in range(0, count, CHUNK):
            chunk = [rows_of(i, count, pool, games, rng) for i in range(start, min(count, start + CHUNK))]
            await store.write(lambda tx, chunk=chunk: _insert(tx, chunk))
            if (start // CHUNK) % 5 == 4:
                log(f"    {start + len(chunk):,} matches written ({time.perf_counter() - started:.0f} s)")
    finally:
        await store.close()
    checkpoint(path)
    return {"seconds": round(time.perf_counter() - started, 1), "bytes": db_bytes(path)}


def ensure(count: int, log) -> str:
    """The cached database of ``count`` matches, built first if missing."""
    path = cache_path(count)
    if os.path.exists(path):
        log(f"  large database: {count:,} matches from the cache {path}")
        return path
    os.makedirs(os.path.dirname(path), exist_ok=True)
    partial = path + ".building"
    for leftover in (partial, partial + "-wal", partial + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    log(f"  building a database of {count:,} matches with real move histories (once; cached as {path}) ...")
    info = asyncio.run(build(partial, count, log))
    os.replace(partial, path)
    log(f"  built in {info['seconds']} s, {info['bytes'] / 1e6:.0f} MB")
    return path
