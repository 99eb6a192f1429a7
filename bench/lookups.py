"""Shared by the large-database section: the match look-up as it was before it started from match_players, and timing."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from matches import MatchService

from .stats import summarize


def old_user_matches(service: MatchService):
    """``user_matches`` as it was: a plain JOIN, which SQLite started from matches_status (every active match)."""

    async def user_matches(
        user_id: int, *, channel_id: int | None = None, game: str | None = None, statuses: tuple[str, ...] = ("active",)
    ):
        sql = (
            "SELECT m.* FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ?"
            f" AND m.status IN ({','.join('?' * len(statuses))})"
        )
        params: list[Any] = [user_id, *statuses]
        if channel_id is not None:
            sql += " AND (m.channel_id = ? OR m.thread_id = ?)"
            params += [channel_id, channel_id]
        if game is not None:
            sql += " AND m.game = ?"
            params.append(game)
        rows = await service.store.fetchall(sql + " ORDER BY m.updated_at", tuple(params))
        return await service.core._readable(rows)  # the rows read as today's look-up reads them

    return user_matches


@contextlib.contextmanager
def old_query(service: MatchService, which: str):
    if which == "old":
        service.core.user_matches = old_user_matches(service)  # every component reads through the core
    try:
        yield
    finally:
        service.core.__dict__.pop("user_matches", None)


def ms_since(t: int) -> float:
    return (time.perf_counter_ns() - t) / 1e6


def timed_summary(values: list[float]) -> dict:
    return summarize(values, "ms", 3)
