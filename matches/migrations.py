"""Versioned schema migrations; each is applied in one transaction."""

MIGRATIONS: list[str] = [
    # 1: matches (a challenge is a match that has not started), their moves, series.
    """
    CREATE TABLE series (
        id          INTEGER PRIMARY KEY,
        game        TEXT    NOT NULL,
        guild_id    INTEGER,
        players     TEXT    NOT NULL,           -- JSON list of user ids
        points      TEXT    NOT NULL,           -- JSON object user id -> victory points
        target      INTEGER NOT NULL,
        winner_id   INTEGER,
        created_at  REAL    NOT NULL
    );
    CREATE TABLE matches (
        id            INTEGER PRIMARY KEY,
        game          TEXT    NOT NULL,
        guild_id      INTEGER,
        channel_id    INTEGER,
        status        TEXT    NOT NULL,         -- challenge, active, finished, declined, expired, cancelled
        challenger_id INTEGER NOT NULL,
        players       TEXT    NOT NULL,         -- JSON list of user ids, seat order
        names         TEXT    NOT NULL,         -- JSON list of display names, seat order
        accepted      TEXT    NOT NULL,         -- JSON list of user ids who accepted
        options       TEXT    NOT NULL,
        seed          INTEGER NOT NULL,
        setup         TEXT    NOT NULL,         -- JSON, complete (replay needs no RNG)
        state         TEXT,                     -- JSON snapshot after all moves
        version       INTEGER NOT NULL DEFAULT 0,  -- number of moves applied
        result        TEXT,                     -- JSON {winners, end, scores}
        series_id     INTEGER REFERENCES series(id),
        rematch_id    INTEGER,
        message_id    INTEGER,                  -- the challenge / latest board message
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL,
        expires_at    REAL
    );
    CREATE INDEX matches_channel ON matches(channel_id, status);
    CREATE INDEX matches_status ON matches(status, updated_at);
    CREATE TABLE moves (
        match_id  INTEGER NOT NULL REFERENCES matches(id),
        ply       INTEGER NOT NULL,
        move      TEXT    NOT NULL,
        user_id   INTEGER NOT NULL,
        played_at REAL    NOT NULL,
        PRIMARY KEY (match_id, ply)
    ) WITHOUT ROWID;
    CREATE TABLE match_players (
        user_id  INTEGER NOT NULL,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        PRIMARY KEY (user_id, match_id)
    ) WITHOUT ROWID;
    """,
    # 2: resignations as [ply, seat] pairs, so records of resigned matches replay (engines/README.md).
    """
    ALTER TABLE matches ADD COLUMN resignations TEXT NOT NULL DEFAULT '[]';
    """,
]
