-- Word Club match history, schema version 4: the draft the player to move has staged.
--
-- At most one row per match: the tiles staged but not yet played (JSON, the shape `play`
-- takes), with the seat and the turn they were staged in, so that a restart of the app gives
-- them back once that player shows their rack again in that same turn (and never to another
-- seat or in a later turn). It is only ever the rack of the player to move, which the events
-- already hold; it is replaced at each keep and goes with its match.

CREATE TABLE drafts (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    turn      INTEGER NOT NULL,
    tiles     TEXT    NOT NULL,
    kept_at   INTEGER NOT NULL
);
