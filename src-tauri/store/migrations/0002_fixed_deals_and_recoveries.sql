-- Word Club match history, schema version 2.
--
-- fixed_deal: NULL when the app dealt the match at random; 'seed' when the caller chose the
-- shuffle's seed, 'deal' when it chose racks or draws (tests, scripted matches). Such a match
-- did not come from a fair shuffle, and the history says so.
ALTER TABLE matches ADD COLUMN fixed_deal TEXT CHECK (fixed_deal IN ('seed', 'deal'));

-- Histories found unusable and moved aside (never deleted): the notice is shown until the
-- player acknowledges it, and names where the old file went.
CREATE TABLE recoveries (
    moved_to        TEXT    PRIMARY KEY,             -- where the old file went
    original        TEXT    NOT NULL,                -- where it was
    reason          TEXT    NOT NULL,
    moved_at        INTEGER NOT NULL,                -- Unix milliseconds, UTC
    acknowledged_at INTEGER                          -- NULL until the player has seen it
);

-- 'WCLB': marks the file as a Word Club history, so a damaged one can be told from another
-- program's database (which is never moved).
PRAGMA application_id = 1464028226;
