-- Word Club match history, schema version 7: "our words" and word lists of one's own (issue 46).
--
-- Kept in the history (not the settings) so that a history export, an SQLite file of this
-- schema, carries them. A match never reads these tables to play: it pins the additions and
-- blocks it started with in its start event, and its own list by id and SHA-256; the words
-- of a list of one's own are read from here by that pin, and a list a match uses is never
-- removed.

-- The family's words: added to a match's list, or blocked at its table; a word is one or the
-- other. `note` is the family's own note on it, if they wrote one.
CREATE TABLE our_words (
    word      TEXT    PRIMARY KEY,                       -- upper case A-Z
    blocked   INTEGER NOT NULL CHECK (blocked IN (0, 1)),
    note      TEXT,
    added_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- Word lists of one's own: the words, lower case one a line in order, whose SHA-256 is the
-- list's (`wordclub_lexicon::WordList::own_text`).
CREATE TABLE own_lists (
    id           TEXT    PRIMARY KEY,                    -- own:<name>
    name         TEXT    NOT NULL UNIQUE,
    sha256       TEXT    NOT NULL,
    word_count   INTEGER NOT NULL,
    words        TEXT    NOT NULL,
    imported_at  INTEGER NOT NULL
);
