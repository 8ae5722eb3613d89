-- Word Club match history, schema version 8: the player's settings, for the web app (issue 43:
-- "settings are kept in the same database"), so a setting is committed with the same promise
-- as a move (durable before the answer) and in the same storage as the history.
--
-- One row, the settings as the app writes them (`wordclub_app::Settings`, a JSON object; the
-- app reads fields it does not know back and writes them again). The desktop app and
-- `wordclub-cli serve` keep theirs in their settings file as before and never write here.
--
-- This device's own record, like `exports`: an exported history leaves it out and an import
-- never reads it (importing must never change the importer's settings), `transfer.rs`.
CREATE TABLE settings (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    value     TEXT    NOT NULL CHECK (json_valid(value) AND json_type(value) = 'object'),
    saved_at  INTEGER NOT NULL                -- Unix milliseconds, UTC
);
