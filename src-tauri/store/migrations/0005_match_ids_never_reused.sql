-- Word Club match history, schema version 5: a match id is never given twice.
--
-- Until now `matches.id` was a plain INTEGER PRIMARY KEY, which SQLite gives as one more than
-- the largest id left in the table: deleting the newest match freed its id for the next new
-- one, so a screen still showing the deleted match sent its moves to a stranger's match.
-- AUTOINCREMENT gives one more than the largest id the table ever held (SQLite keeps it in
-- `sqlite_sequence`), and only a table's definition can say it: the table is made again
-- with the same columns, in the same order, and every row is copied with its id.
--
-- Run with foreign keys off (`migrate.rs`): dropping the old table must not cascade to the
-- players, events, analyses and drafts that point at it. They keep pointing at `matches` by
-- name, which is the new table once it is renamed; `migrate.rs` checks that no row points
-- at a missing match afterwards that did not before.

CREATE TABLE matches_v5 (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    status        TEXT    NOT NULL DEFAULT 'in_progress'
                  CHECK (status IN ('in_progress', 'finished', 'abandoned')),
    rules_id      TEXT    NOT NULL,
    rules_json    TEXT    NOT NULL,
    rules_sha256  TEXT    NOT NULL,
    list_id       TEXT    NOT NULL,
    list_sha256   TEXT    NOT NULL,
    seed          TEXT    NOT NULL,
    event_count   INTEGER NOT NULL DEFAULT 0,
    turn_count    INTEGER NOT NULL DEFAULT 0,
    hints_taken   INTEGER NOT NULL DEFAULT 0,
    end_reason    TEXT,
    best_turn_seat  INTEGER,
    best_turn_move  TEXT,
    best_turn_score INTEGER,
    result_json   TEXT,
    fixed_deal    TEXT CHECK (fixed_deal IN ('seed', 'deal'))
);

INSERT INTO matches_v5 (id, created_at, updated_at, finished_at, status, rules_id, rules_json,
                        rules_sha256, list_id, list_sha256, seed, event_count, turn_count,
                        hints_taken, end_reason, best_turn_seat, best_turn_move,
                        best_turn_score, result_json, fixed_deal)
SELECT id, created_at, updated_at, finished_at, status, rules_id, rules_json, rules_sha256,
       list_id, list_sha256, seed, event_count, turn_count, hints_taken, end_reason,
       best_turn_seat, best_turn_move, best_turn_score, result_json, fixed_deal
FROM matches;

DROP TABLE matches;
ALTER TABLE matches_v5 RENAME TO matches;

CREATE INDEX matches_newest ON matches (created_at DESC, id DESC);
CREATE INDEX matches_by_status ON matches (status, created_at DESC, id DESC);
CREATE INDEX matches_by_rules ON matches (rules_id, created_at DESC, id DESC);

-- The ids an old history gave before this version are not all known: a deleted match's is
-- gone with it. The largest one any row still names (a match, or a row of another table
-- that outlived its match) is where the sequence starts; the app also moves it past the
-- matches its settings remember on a screen (`Store::retire_ids`).
DELETE FROM sqlite_sequence WHERE name = 'matches';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'matches', coalesce(max(id), 0) FROM (
    SELECT max(id) AS id FROM matches
    UNION ALL SELECT max(match_id) FROM players
    UNION ALL SELECT max(match_id) FROM events
    UNION ALL SELECT max(match_id) FROM analyses
    UNION ALL SELECT max(match_id) FROM drafts
);
