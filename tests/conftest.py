"""Both storage backends for the service and bot suites.

A test that asks for ``database`` runs twice: on an SQLite file and on a fresh
schema of the PostgreSQL server at ``TEST_DATABASE_URL`` (``.ci/postgres start``
starts a throwaway one; see the README).  Without that variable the PostgreSQL
runs are skipped with the reason, except under ``CI=true``, where a missing
server fails them: CI must never pass by skipping a backend.
"""

from __future__ import annotations

import os
import uuid

import pytest

BACKENDS = ("sqlite", "postgresql")


def postgres_url() -> str:
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(
            "CI=true but TEST_DATABASE_URL is not set: .ci/run starts PostgreSQL with .ci/postgres "
            "and exports it; the PostgreSQL tests must not be skipped in CI",
            pytrace=False,
        )
    pytest.skip(
        "PostgreSQL tests need a server: export TEST_DATABASE_URL=$(.ci/postgres start) (docs/hosting.md: Running the tests)"
    )


def with_search_path(url: str, schema: str) -> str:
    """The URL with its connections' schema set (asyncpg passes query settings to the server)."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


class PostgresSchemas:
    """Fresh schemas on the test server, dropped at the end of the test."""

    def __init__(self, url: str):
        self.url = url
        self.made: list[str] = []

    async def new(self) -> str:
        import asyncpg

        schema = f"test_{uuid.uuid4().hex[:16]}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"CREATE SCHEMA {schema}")
        finally:
            await conn.close()
        self.made.append(schema)
        return with_search_path(self.url, schema)

    async def drop(self) -> None:
        import asyncpg

        if not self.made:
            return
        conn = await asyncpg.connect(self.url)
        try:
            for schema in self.made:
                await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        finally:
            await conn.close()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
async def database(backend, tmp_path):
    """Where this test's store lives: an SQLite path or a PostgreSQL URL with a schema of its own."""
    if backend == "sqlite":
        yield str(tmp_path / "bot.sqlite3")
        return
    schemas = PostgresSchemas(postgres_url())
    try:
        yield await schemas.new()
    finally:
        await schemas.drop()
