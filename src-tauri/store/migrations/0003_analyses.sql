-- Word Club match history, schema version 2: post-game analyses.
--
-- One row per finished match and analyser version: the analysis (JSON, as the move
-- generator's analyser writes it) is derived from the match's events, computed once and kept.
-- A newer analyser writes a new row beside the old one (nothing is deleted); readers ask for
-- their own version and recompute when it is missing. Times are Unix milliseconds, UTC.

CREATE TABLE analyses (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,               -- the analyser version that wrote it
    created_at   INTEGER NOT NULL,
    -- The match's event count when it was analysed: a finished match takes no more events,
    -- so this only ever equals matches.event_count; it is kept as a check.
    event_count  INTEGER NOT NULL,
    body         TEXT    NOT NULL,
    PRIMARY KEY (match_id, version)
) WITHOUT ROWID;
