-- Word Club match history, schema version 1.
--
-- The events are the truth: a match is its rule set + word list + players + seed + the
-- engine's events, replayed in `seq` order. Every other column (scores, result, counters) is
-- derived from them when they are written, so the history can be browsed without replaying.
-- Times are Unix milliseconds, UTC.

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    status        TEXT    NOT NULL DEFAULT 'in_progress'
                  CHECK (status IN ('in_progress', 'finished', 'abandoned')),
    -- The whole rule set as the engine serialises it (JSON), and the SHA-256 of that text:
    -- a match is never replayed under other rules.
    rules_id      TEXT    NOT NULL,
    rules_json    TEXT    NOT NULL,
    rules_sha256  TEXT    NOT NULL,
    -- The pinned word list version.
    list_id       TEXT    NOT NULL,
    list_sha256   TEXT    NOT NULL,
    -- The dealing seed, as decimal text (a u64 does not fit SQLite's signed INTEGER).
    seed          TEXT    NOT NULL,
    event_count   INTEGER NOT NULL DEFAULT 0,
    turn_count    INTEGER NOT NULL DEFAULT 0,
    hints_taken   INTEGER NOT NULL DEFAULT 0,
    -- Filled when the match ends.
    end_reason    TEXT,
    best_turn_seat  INTEGER,
    best_turn_move  TEXT,
    best_turn_score INTEGER,
    -- The engine's result (final scores, adjustments, winners, end reason, best turn, hints).
    result_json   TEXT
);

CREATE INDEX matches_newest ON matches (created_at DESC, id DESC);
CREATE INDEX matches_by_status ON matches (status, created_at DESC, id DESC);
CREATE INDEX matches_by_rules ON matches (rules_id, created_at DESC, id DESC);

CREATE TABLE players (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,               -- 0-based, in turn order
    name         TEXT    NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('human', 'computer')),
    level        TEXT,                           -- computer level; NULL for a human
    score        INTEGER NOT NULL DEFAULT 0,     -- current score (final score once finished)
    adjustment   INTEGER,                        -- end-of-match rack adjustment
    winner       INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1)),
    resigned     INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
    hints_taken  INTEGER NOT NULL DEFAULT 0,
    best_move       TEXT,                        -- GCG notation, e.g. "8H CAT"
    best_move_score INTEGER,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

CREATE INDEX players_by_name ON players (name COLLATE NOCASE, match_id);

CREATE TABLE events (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,               -- 0-based, no gaps
    kind         TEXT    NOT NULL,               -- the event's type, readable without parsing
    recorded_at  INTEGER NOT NULL,
    body         TEXT    NOT NULL,               -- the engine's event, serialised (JSON)
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
