"""Versioned schema migrations; each is applied in one transaction.

A migration is SQL (``MIGRATIONS``); one that also needs Python (recomputing
data) has a step in ``STEPS``, a function of the unit of work's transaction run
after its SQL, in the same transaction, on either backend.
"""

from __future__ import annotations

from collections.abc import Callable

from . import ratings
from .unit_of_work import Transaction


def newer_schema(version: int, where: str) -> str | None:
    """Why a database at schema ``version`` must not be opened by this code (one line), or None.

    A database a newer version of the bot has migrated may hold columns and meanings this code
    does not know: running on it (after a rollback, say) would write what the newer code misreads,
    so it is refused before anything is opened for writing."""
    if version <= len(MIGRATIONS):
        return None
    return (
        f"{where} is at schema version {version}, newer than this code's {len(MIGRATIONS)}: a newer version "
        "of the bot has run on it; run that version, or restore the back-up made before upgrading"
    )


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
                                            -- (later: aborted, abandoned, void = ended before any move)
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
    # 3: time limits, reminders, offers (draw / undo), threads, users, guilds, ratings.
    """
    ALTER TABLE matches ADD COLUMN days INTEGER NOT NULL DEFAULT 3;
    ALTER TABLE matches ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET plies = version - json_array_length(resignations);
    ALTER TABLE matches ADD COLUMN clock_start REAL;          -- the mover's clock runs from here
    ALTER TABLE matches ADD COLUMN deadline REAL;             -- the mover must have moved by then
    ALTER TABLE matches ADD COLUMN last_reminded_at REAL;
    ALTER TABLE matches ADD COLUMN sent INTEGER NOT NULL DEFAULT 0;  -- bits of timing.ClockEvent sent this turn
    ALTER TABLE matches ADD COLUMN next_event_at REAL;        -- earliest reminder / timeout still due
    ALTER TABLE matches ADD COLUMN thread_id INTEGER;
    ALTER TABLE matches ADD COLUMN offer TEXT;                -- JSON {kind: draw|undo, user, version}
    ALTER TABLE matches ADD COLUMN ended_at REAL;
    CREATE INDEX matches_due ON matches(status, next_event_at);
    CREATE INDEX matches_thread ON matches(thread_id);
    CREATE TABLE users (
        user_id        INTEGER PRIMARY KEY,
        reminders      TEXT    NOT NULL DEFAULT 'mention',   -- mention, dm, off
        vacation_until REAL,
        vacation_year  INTEGER,
        vacation_used  REAL    NOT NULL DEFAULT 0             -- days taken in vacation_year
    );
    CREATE TABLE guilds (
        guild_id             INTEGER PRIMARY KEY,
        default_days         INTEGER,
        challenge_channel_id INTEGER,
        threads              INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game     TEXT    NOT NULL,
        user_id  INTEGER NOT NULL,
        rating   REAL    NOT NULL,
        played   INTEGER NOT NULL DEFAULT 0,
        wins     INTEGER NOT NULL DEFAULT 0,
        losses   INTEGER NOT NULL DEFAULT 0,
        draws    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, user_id)
    ) WITHOUT ROWID;
    """,
    # 4: finding the match whose rematch a closing challenge was; reminders muted per player and match.
    """
    CREATE INDEX matches_rematch ON matches(rematch_id) WHERE rematch_id IS NOT NULL;
    ALTER TABLE match_players ADD COLUMN pings INTEGER NOT NULL DEFAULT 1;   -- 0: no reminders here
    """,
    # 5: languages. A server's, when its admins chose one other than its Discord language, and a
    # player's own (his Discord language, remembered from his interactions) for DMs.
    # Both hold en, de or fr; NULL means the server's Discord language, or a player who never used the bot.
    """
    ALTER TABLE guilds ADD COLUMN language TEXT;
    ALTER TABLE users ADD COLUMN language TEXT;
    """,
    # 6: /stats counts the series a player won on a server without reading
    # every series; only won series are indexed.
    """
    CREATE INDEX series_winner ON series(winner_id, guild_id) WHERE winner_id IS NOT NULL;
    """,
    # 7: due work is claimed before it is delivered, so that of several bot processes on one
    # database exactly one sends each reminder, timeout notice or abandonment: claimed_by names
    # the process, claimed_until ends its lease (a process that dies mid-delivery is replaced
    # when the lease runs out).
    """
    ALTER TABLE matches ADD COLUMN claimed_by TEXT;
    ALTER TABLE matches ADD COLUMN claimed_until REAL;
    """,
    # 8: every rating change, for the chart of a player's rating over time in /stats
    # (portable SQL: BIGINT ids, DOUBLE PRECISION, a plain index; no SQLite-only syntax).
    """
    CREATE TABLE rating_history (
        guild_id  BIGINT           NOT NULL,
        game      TEXT             NOT NULL,
        user_id   BIGINT           NOT NULL,
        match_id  BIGINT           NOT NULL,
        rating    DOUBLE PRECISION NOT NULL,   -- after the match
        rated_at  DOUBLE PRECISION NOT NULL,   -- seconds since the epoch
        PRIMARY KEY (guild_id, user_id, game, match_id)
    );
    CREATE INDEX rating_history_player ON rating_history (guild_id, user_id, rated_at);
    """,
    # 9: one bad row harms only itself.  A match whose stored data cannot be read (its state not
    # JSON, or JSON its engine cannot load; a move list that does not replay to the state) is
    # marked broken (the reason, and when it was found) instead of failing every list and batch
    # it appears in; ``python -m matches broken`` lists them.  claim_token fences deliveries: each
    # claim on due work gets a new one, and only its holder may confirm or mark the work sent.
    """
    ALTER TABLE matches ADD COLUMN broken TEXT;
    ALTER TABLE matches ADD COLUMN broken_at DOUBLE PRECISION;
    ALTER TABLE matches ADD COLUMN claim_token TEXT;
    CREATE INDEX matches_broken ON matches (broken_at) WHERE broken IS NOT NULL;
    """,
    # 10: OpenSkill ratings instead of Elo (ratings.py).  A rating is mu and sigma; ``rating`` holds
    # the number shown (1500 for a new player), ``played`` the rated matches.  Each history row keeps
    # the player's place in the match, the number shown before and after, and mu and sigma after.
    # The step (ratings.recompute) rebuilds both tables from the finished matches in the order they
    # ended.
    """
    ALTER TABLE ratings ADD COLUMN mu DOUBLE PRECISION NOT NULL DEFAULT 25;
    ALTER TABLE ratings ADD COLUMN sigma DOUBLE PRECISION NOT NULL DEFAULT 8.333333333333334;
    ALTER TABLE rating_history ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE rating_history ADD COLUMN rating_before DOUBLE PRECISION NOT NULL DEFAULT 1500;
    ALTER TABLE rating_history ADD COLUMN mu DOUBLE PRECISION NOT NULL DEFAULT 25;
    ALTER TABLE rating_history ADD COLUMN sigma DOUBLE PRECISION NOT NULL DEFAULT 8.333333333333334;
    """,
    # 11: events (tournaments): Swiss, league and knockout over ordinary matches.  ``round`` is the
    # round being played (0 before the start); ``announced`` the last round whose pairings were
    # posted and ``final_announced`` whether the final standings were (each claimed by a conditional
    # update, so of several processes exactly one posts).  An event table is one pairing: its match
    # (the latest game of a knockout series), and its places once decided.
    """
    CREATE TABLE events (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER,
        name            TEXT    NOT NULL,
        game            TEXT    NOT NULL,
        format          TEXT    NOT NULL,          -- swiss, league, knockout
        options         TEXT    NOT NULL,          -- JSON: the game's options
        table_size      INTEGER NOT NULL DEFAULT 2,
        rounds          INTEGER,                   -- Swiss: as asked (NULL: the default at the start)
        days            INTEGER NOT NULL,
        status          TEXT    NOT NULL,          -- open, running, finished, cancelled
        round           INTEGER NOT NULL DEFAULT 0,
        announced       INTEGER NOT NULL DEFAULT 0,
        final_announced INTEGER NOT NULL DEFAULT 0,
        organiser_id    INTEGER NOT NULL,
        starts_at       REAL,                      -- sign-up closes and the event starts by itself
        message_id      INTEGER,
        winners         TEXT,                      -- JSON list of user ids, once finished
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    );
    CREATE INDEX events_guild ON events (guild_id, status);
    CREATE INDEX events_start ON events (status, starts_at);
    CREATE TABLE event_entrants (
        event_id   INTEGER NOT NULL REFERENCES events(id),
        user_id    INTEGER NOT NULL,
        name       TEXT    NOT NULL,
        joined_at  REAL    NOT NULL,
        withdrawn  INTEGER,                         -- the round in which the player withdrew
        PRIMARY KEY (event_id, user_id)
    );
    CREATE TABLE event_rounds (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round    INTEGER NOT NULL,
        byes     TEXT    NOT NULL,                  -- JSON user ids: scored byes
        resting  TEXT    NOT NULL,                  -- JSON user ids: rest without points
        PRIMARY KEY (event_id, round)
    );
    CREATE TABLE event_tables (
        event_id  INTEGER NOT NULL REFERENCES events(id),
        round     INTEGER NOT NULL,
        table_no  INTEGER NOT NULL,
        players   TEXT    NOT NULL,                 -- JSON user ids, seat order of the first game
        places    TEXT,                             -- JSON, NULL while undecided
        forfeit   INTEGER NOT NULL DEFAULT 0,
        match_id  INTEGER,
        series_id INTEGER,
        PRIMARY KEY (event_id, round, table_no)
    );
    CREATE INDEX event_tables_match ON event_tables (match_id);
    CREATE INDEX event_tables_series ON event_tables (series_id) WHERE series_id IS NOT NULL;
    """,
    # 12: the daily digest (reminders = 'digest'): the hour and zone a player chose, when his next
    # digest is due (NULL unless he chose it), claimed like a match's due work (owner, token; the claim
    # moves digest_next_at to the end of the lease) and the local day of the last one sent, so a
    # change of hour never brings a second digest the same day.  Private notes per player and match.
    """
    ALTER TABLE users ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 8;
    ALTER TABLE users ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';
    ALTER TABLE users ADD COLUMN digest_next_at REAL;
    ALTER TABLE users ADD COLUMN digest_claimed_by TEXT;
    ALTER TABLE users ADD COLUMN digest_claim_token TEXT;
    ALTER TABLE users ADD COLUMN digest_sent_on TEXT;
    CREATE INDEX users_digest ON users (digest_next_at) WHERE digest_next_at IS NOT NULL;
    CREATE TABLE match_notes (
        match_id   INTEGER NOT NULL REFERENCES matches(id),
        user_id    INTEGER NOT NULL,
        text       TEXT    NOT NULL,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    """,
    # 13: conditional moves: lines of "their move, my reply, ..." a player stored for a match,
    # each starting from the position whose digest it keeps (canonical moves, JSON); time banks.
    """
    CREATE TABLE conditional_lines (
        id          INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL REFERENCES matches(id),
        user_id     INTEGER NOT NULL,
        position    TEXT    NOT NULL,               -- digest of the snapshot the line starts from
        moves       TEXT    NOT NULL,               -- JSON list: their move, my reply, ...
        created_at  REAL    NOT NULL
    );
    CREATE INDEX conditional_lines_match ON conditional_lines (match_id, user_id);
    -- Time banks: NULL bank is time per move (days); else each player's bank in seconds.
    ALTER TABLE matches ADD COLUMN bank REAL;           -- the starting bank (and its cap), seconds
    ALTER TABLE matches ADD COLUMN increment REAL;      -- gained after each of one's turns, seconds
    ALTER TABLE matches ADD COLUMN banks TEXT;          -- JSON list by seat: what is left, seconds
    """,
    # 14: match reviews (ai.review), computed once per ended match and kept
    """
    CREATE TABLE match_reviews (
        match_id    INTEGER PRIMARY KEY REFERENCES matches(id),
        version     INTEGER NOT NULL,               -- the match's version reviewed
        level       TEXT    NOT NULL,
        review      TEXT    NOT NULL,               -- JSON, ai.review.Review.to_json()
        created_at  REAL    NOT NULL
    );
    """,
    # 15: an event's clock and round limit.  ``bank``/``increment`` (seconds)
    # as a challenge's (NULL: time per move, ``days``); ``round_days`` how long a match of a round
    # may last, vacations included (NULL: no limit, the events made before it).  An event table's
    # ``ends_at`` is when its current match reaches that limit: the player to move then loses.
    # ``standings_posted``: how many of a league's rounds (all paired at its start) had their
    # standings posted, claimed like ``announced``.  ``board_pending``: the table's match started
    # and its first board is not claimed yet (a small index for the scheduler to read on each round).
    """
    ALTER TABLE events ADD COLUMN round_days INTEGER;
    ALTER TABLE events ADD COLUMN standings_posted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE events ADD COLUMN bank REAL;
    ALTER TABLE events ADD COLUMN increment REAL;
    ALTER TABLE event_tables ADD COLUMN ends_at REAL;
    CREATE INDEX event_tables_due ON event_tables (ends_at, match_id) WHERE places IS NULL;
    ALTER TABLE event_tables ADD COLUMN board_pending INTEGER NOT NULL DEFAULT 0;
    UPDATE event_tables SET board_pending = 1
     WHERE match_id IN (SELECT id FROM matches WHERE status = 'active' AND message_id IS NULL);
    CREATE INDEX event_tables_board ON event_tables (match_id) WHERE board_pending = 1;
    """,
    # 16: the web board's links (bot/web): a player's links carry the generation they were made in;
    # renewing (/settings links:renew) counts it up, so that every earlier link stops working.
    """
    CREATE TABLE web_links (
        user_id    INTEGER PRIMARY KEY,
        generation INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 17: seasons (a league in divisions that plays all year, matches.seasons): the series, its players,
    # and each division's league event knowing its season and division.  ``min_reliability``: the
    # least share of finished matches a player must have ended by playing them out, to join.
    """
    CREATE TABLE seasons (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER,
        name            TEXT    NOT NULL,
        game            TEXT    NOT NULL,
        size            INTEGER NOT NULL,          -- players a division
        divisions       INTEGER,                   -- the most divisions (NULL: as many as it takes)
        days            INTEGER NOT NULL,          -- how long a season lasts
        move_days       INTEGER NOT NULL,          -- time per move in its matches
        promote         INTEGER NOT NULL,
        relegate        INTEGER NOT NULL,
        signup_days     INTEGER NOT NULL,
        min_reliability REAL,
        status          TEXT    NOT NULL,          -- open, running, finished
        number          INTEGER NOT NULL DEFAULT 0,    -- the season being played (0: sign-up)
        announced       INTEGER NOT NULL DEFAULT 0,    -- the last season whose start was announced
        final_announced INTEGER NOT NULL DEFAULT 0,
        ending          INTEGER NOT NULL DEFAULT 0,    -- no season after the current one
        organiser_id    INTEGER NOT NULL,
        starts_at       REAL,                      -- sign-up closes and the first season starts
        movements       TEXT,                      -- JSON: the last turn's promotions, relegations, leavers
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    );
    CREATE INDEX seasons_guild ON seasons (guild_id, status);
    CREATE INDEX seasons_start ON seasons (status, starts_at);
    CREATE TABLE season_players (
        season_id  INTEGER NOT NULL REFERENCES seasons(id),
        user_id    INTEGER NOT NULL,
        name       TEXT    NOT NULL,
        joined_at  REAL    NOT NULL,
        division   INTEGER,                        -- in the current season (NULL: waits for the next)
        leaving    INTEGER NOT NULL DEFAULT 0,     -- leaves after the current season
        PRIMARY KEY (season_id, user_id)
    );
    ALTER TABLE events ADD COLUMN season_id INTEGER;
    ALTER TABLE events ADD COLUMN season_no INTEGER;
    ALTER TABLE events ADD COLUMN division INTEGER;
    ALTER TABLE events ADD COLUMN min_reliability REAL;
    CREATE INDEX events_season ON events (season_id, season_no, division);
    -- the ladder (matches.ladder): one per server and game, its order a JSON list of user ids
    CREATE TABLE ladders (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER,
        game            TEXT    NOT NULL,
        ranking         TEXT    NOT NULL,          -- JSON list of user ids, the first place first
        reach           INTEGER NOT NULL,          -- how many places above one may challenge
        days            INTEGER NOT NULL,          -- how long a challenge waits for its answer
        min_reliability REAL,
        organiser_id    INTEGER NOT NULL,
        created_at      REAL    NOT NULL,
        UNIQUE (guild_id, game)
    );
    CREATE TABLE ladder_players (
        ladder_id  INTEGER NOT NULL REFERENCES ladders(id),
        user_id    INTEGER NOT NULL,
        name       TEXT    NOT NULL,
        joined_at  REAL    NOT NULL,
        PRIMARY KEY (ladder_id, user_id)
    );
    CREATE TABLE ladder_matches (
        ladder_id     INTEGER NOT NULL REFERENCES ladders(id),
        match_id      INTEGER NOT NULL REFERENCES matches(id),
        challenger_id INTEGER NOT NULL,
        defender_id   INTEGER NOT NULL,
        status        TEXT    NOT NULL,            -- open (challenged or playing), done
        winner_id     INTEGER,                     -- NULL: a draw, or taken back
        how           TEXT,                        -- played, declined, expired, withdrawn
        announced     INTEGER NOT NULL DEFAULT 0,
        created_at    REAL    NOT NULL,
        decided_at    REAL,
        PRIMARY KEY (ladder_id, match_id)
    );
    CREATE INDEX ladder_matches_match ON ladder_matches (match_id);
    CREATE INDEX ladder_matches_open ON ladder_matches (status, ladder_id);
    -- reliability (matches.reliability): a player who ended a match by running out of time or abandoning it
    CREATE TABLE reliability_faults (
        match_id   INTEGER NOT NULL REFERENCES matches(id),
        user_id    INTEGER NOT NULL,
        guild_id   INTEGER NOT NULL,
        kind       TEXT    NOT NULL,                -- timeout, abandoned
        at         REAL    NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    -- practice (matches.practice): a player's mistakes and blunders from the reviews of his finished matches
    CREATE TABLE practice_items (
        user_id     INTEGER NOT NULL,
        match_id    INTEGER NOT NULL REFERENCES matches(id),
        ply         INTEGER NOT NULL,               -- the move's index: the position is the board before it
        game        TEXT    NOT NULL,
        seat        INTEGER NOT NULL,
        played      TEXT    NOT NULL,
        best        TEXT    NOT NULL,
        best_win    REAL    NOT NULL,
        played_win  REAL    NOT NULL,
        label       TEXT    NOT NULL,
        interval    REAL    NOT NULL,               -- days until it comes back after the last answer
        due_at      REAL    NOT NULL,
        solved      INTEGER NOT NULL,
        missed      INTEGER NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (user_id, match_id, ply)
    );
    CREATE INDEX practice_items_due ON practice_items (user_id, due_at);
    CREATE INDEX practice_items_game_due ON practice_items (user_id, game, due_at);
    CREATE TABLE practice_sessions (
        user_id     INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL,
        ply         INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        tries       INTEGER NOT NULL,
        hinted      INTEGER NOT NULL,
        started_at  REAL    NOT NULL
    );
    """,
    # 18: the computer's thinking as jobs (matches.jobs): a computer's move or a review is a row,
    # written in the transaction of the change that calls for it, taken by whichever thinking
    # process (the bot's own, or ``python -m ai worker`` on any machine) claims it first, on a lease
    # it renews while it thinks.  ``payload`` is all the search needs (the position, level, seed);
    # ``result`` the move chosen, which the bot process serving the match plays and posts.  A job
    # that fails MAX_TRIES times is parked with its reason.  ``ai_workers``: each thinking process's
    # heartbeat, for ``python -m matches status``.
    """
    CREATE TABLE ai_jobs (
        id            INTEGER PRIMARY KEY,
        kind          TEXT    NOT NULL,            -- move, review
        priority      INTEGER NOT NULL,            -- lower first: 0 a live move, 1 a review
        match_id      INTEGER NOT NULL,
        version       INTEGER NOT NULL,            -- the match's version the job is for
        guild_id      INTEGER,                     -- the match's server: each server gets its share
        payload       TEXT    NOT NULL,            -- JSON: matches.computer.Thinking or matches.reviews.Reviewing
        state         TEXT    NOT NULL,            -- waiting, running, done, parked
        created_at    REAL    NOT NULL,
        not_before    REAL    NOT NULL,            -- a failed try waits a little before the next
        tries         INTEGER NOT NULL DEFAULT 0,
        claimed_by    TEXT,
        claim_token   TEXT,
        claimed_until REAL,
        started_at    REAL,
        result        TEXT,
        error         TEXT,
        finished_at   REAL
    );
    CREATE UNIQUE INDEX ai_jobs_position ON ai_jobs (kind, match_id, version);
    CREATE INDEX ai_jobs_queue ON ai_jobs (state, priority, created_at);
    CREATE TABLE ai_workers (
        name       TEXT    PRIMARY KEY,
        host       TEXT    NOT NULL,
        pid        INTEGER NOT NULL,
        processes  INTEGER NOT NULL,
        running    INTEGER NOT NULL,
        done       INTEGER NOT NULL,
        started_at REAL    NOT NULL,
        seen_at    REAL    NOT NULL
    );
    """,
]


def practice_backfill(tx: Transaction) -> None:
    """Migration 16's step: practice positions from the reviews stored before it (matches.practice)."""
    from .practice import backfill  # imported late: matches.practice imports the service's modules

    backfill(tx)


# Migration number -> its Python step (see the module).
STEPS: dict[int, Callable[[Transaction], None]] = {
    10: ratings.recompute,
    17: practice_backfill,
}
