-- Word Club match history, schema version 6: an identity for every match that survives
-- devices, and when the history was last exported.
--
-- `uid` names a match wherever its history is carried (an exported file imported on another
-- tablet or computer): a random UUID (version 4) given when the match is created; for a match
-- created before this version, `sha256:` and the SHA-256 of its start event as stored (the
-- deal's seed, bag and racks make it one match's own), with `-2`, `-3`, … after it for a
-- second or third match of the same start event in one file (a fixed deal), in id order. The
-- migration fills them (`migrate.rs`: SQL cannot compute a SHA-256), so two migrations of
-- the same file give the same identities.
--
-- `copy_of`: a match kept beside another of the same identity because the two went different
-- ways on two devices (an import, `transfer.rs`); the identity of the match it is a version
-- of, and `label` the name the history shows for it ("<players> (from another device)").
-- NULL for every other match.
ALTER TABLE matches ADD COLUMN uid TEXT;
ALTER TABLE matches ADD COLUMN copy_of TEXT;
ALTER TABLE matches ADD COLUMN label TEXT;

CREATE UNIQUE INDEX matches_by_uid ON matches (uid);
CREATE INDEX matches_by_copy_of ON matches (copy_of) WHERE copy_of IS NOT NULL;

-- Each export of the whole history made from this device, so the start screen can say when
-- the last backup was made. Not carried by an export: it is this device's own record.
CREATE TABLE exports (
    made_at  INTEGER NOT NULL,               -- Unix milliseconds, UTC
    matches  INTEGER NOT NULL                -- how many matches the file held
);
