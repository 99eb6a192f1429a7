"""Moving a live bot from one store to another (``python -m matches copy``).

Every table is copied in primary-key order, in batches, each batch one unit of
work in the target; a copy that stops half-way is taken up again with
``resume`` (rows already there are kept: ``ON CONFLICT DO NOTHING``).  Then
every match that has a position is replayed from its moves in the target and
compared with its stored snapshot, so a copy that lost or garbled a move is
reported, not trusted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .core import replayed
from .models import DamagedRow, Match
from .store import StoreBase

# Parents before children (foreign keys), each with its primary key.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("series", ("id",)),
    ("matches", ("id",)),
    ("moves", ("match_id", "ply")),
    ("match_players", ("user_id", "match_id")),
    ("users", ("user_id",)),
    ("guilds", ("guild_id",)),
    ("ratings", ("guild_id", "game", "user_id")),
    ("rating_history", ("guild_id", "user_id", "game", "match_id")),
    ("events", ("id",)),
    ("event_entrants", ("event_id", "user_id")),
    ("event_rounds", ("event_id", "round")),
    ("event_tables", ("event_id", "round", "table_no")),
    ("conditional_lines", ("id",)),
    ("match_notes", ("match_id", "user_id")),
    ("match_reviews", ("match_id",)),
    ("web_links", ("user_id",)),
    ("seasons", ("id",)),
    ("season_players", ("season_id", "user_id")),
    ("ladders", ("id",)),
    ("ladder_players", ("ladder_id", "user_id")),
    ("ladder_matches", ("ladder_id", "match_id")),
    ("reliability_faults", ("match_id", "user_id")),
    ("practice_items", ("user_id", "match_id", "ply")),
    ("practice_sessions", ("user_id",)),
)
BATCH = 2000


class CopyRefused(RuntimeError):
    pass


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    mismatched: list[int] = field(default_factory=list)  # the records that cannot be read or do not replay
    reasons: dict[int, str] = field(default_factory=dict)  # why, for each of them

    @property
    def ok(self) -> bool:
        return not self.mismatched


async def row_counts(store: StoreBase) -> dict[str, int]:
    return {table: (await store.fetchone(f"SELECT COUNT(*) FROM {table}"))[0] for table, _ in TABLES}


async def copy_store(
    source: StoreBase,
    target: StoreBase,
    *,
    resume: bool = False,
    verify: bool = True,
    progress: Callable[[str], None] = lambda line: None,
) -> CopyReport:
    """Copy everything from ``source`` into ``target`` (both open), then (``verify``) check that
    every record replays to its snapshot in the target."""
    before = await row_counts(target)
    if any(before.values()) and not resume:
        filled = ", ".join(f"{table} {count}" for table, count in before.items() if count)
        raise CopyRefused(
            f"the target is not empty ({filled}); pass --resume to go on with a copy "
            "that stopped half-way, or start from an empty database"
        )
    report = CopyReport()
    for table, key in TABLES:
        report.rows[table] = await _copy_table(source, target, table, key, progress)
    await target.sync_ids()
    if verify:
        await _check_replays(target, report, progress)
    return report


async def _copy_table(
    source: StoreBase, target: StoreBase, table: str, key: tuple[str, ...], progress: Callable[[str], None]
) -> int:
    order = ", ".join(key)
    copied, last = 0, None
    while True:
        # Keyset pagination: each batch starts after the last key of the one before.
        if last is None:
            rows = await source.fetchall(f"SELECT * FROM {table} ORDER BY {order} LIMIT ?", (BATCH,))
        else:
            after = f"({order}) > ({', '.join('?' * len(key))})"
            rows = await source.fetchall(
                f"SELECT * FROM {table} WHERE {after} ORDER BY {order} LIMIT ?", (*last, BATCH)
            )
        if not rows:
            break
        columns = list(rows[0].keys())
        sql = (
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            f" ON CONFLICT ({order}) DO NOTHING"
        )
        values = [tuple(row[c] for c in columns) for row in rows]
        await target.write(lambda tx, sql=sql, values=values: tx.executemany(sql, values))
        copied += len(rows)
        last = tuple(rows[-1][k] for k in key)
        progress(f"{table}: {copied} rows")
    return copied


async def _check_replays(target: StoreBase, report: CopyReport, progress: Callable[[str], None]) -> None:
    """Every record that has a position must read and replay to its snapshot; each one that does
    not is reported with its id and why, and the check goes on (the copy stays as the source was:
    the bot marks them broken when it reads them, or ``python -m matches broken --scan`` does)."""
    from .service import MatchService

    service = MatchService(target)
    last = 0
    while True:
        rows = await target.fetchall(
            "SELECT * FROM matches WHERE id > ? AND state IS NOT NULL ORDER BY id LIMIT ?", (last, 500)
        )
        if not rows:
            break
        for row in rows:
            try:
                match = Match.load(row)
            except DamagedRow as exc:
                reason = exc.reason
            else:
                reason = replayed(match, [m.move for m in await service.moves(match.id)])[2]
            if reason is not None:
                report.mismatched.append(row["id"])
                report.reasons[row["id"]] = reason
            report.replayed += 1
        last = rows[-1]["id"]
        progress(f"replayed {report.replayed} matches")
