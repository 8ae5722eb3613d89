//! A match's identity across devices (schema version 6, `matches.uid`): what an import of a
//! history exported elsewhere recognises a match by, whatever id each history gave it.
//!
//! - A match created since version 6: a random UUID, version 4 ([`new_uid`]), from `rand`'s
//!   generator seeded by the operating system (the browser's crypto source on the web).
//! - A match created before: [`legacy_uid`], `sha256:` and the SHA-256 of its start event as
//!   stored. The start event holds the deal's seed, the whole bag and every rack, so it is one
//!   match's own; two matches of one start event in one file (a fixed deal played twice) are
//!   told apart by their order of creation (`-2`, `-3`, …). A pure function of the file, so
//!   two copies of one old history, each migrated on its own device, name their matches alike.
use rusqlite::{params, Connection};
use sha2::{Digest, Sha256};

/// A random UUID, version 4 (RFC 9562), lower case: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`.
pub(crate) fn new_uid() -> String {
    let mut bytes: [u8; 16] = rand::random();
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The identity of a match created before identities: its start event's stored text hashed,
/// `ordinal` (1-based) its place among the matches of the same start event in its file.
pub(crate) fn legacy_uid(start_event: &str, ordinal: usize) -> String {
    let hex: String = Sha256::digest(start_event.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if ordinal <= 1 {
        format!("sha256:{hex}")
    } else {
        format!("sha256:{hex}-{ordinal}")
    }
}

/// Whether `uid` is one this build writes ([`new_uid`] or [`legacy_uid`]): an imported file's
/// other text is not taken as an identity.
pub(crate) fn well_formed(uid: &str) -> bool {
    let hex = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    if let Some(rest) = uid.strip_prefix("sha256:") {
        let (digest, n) = rest.split_once('-').unwrap_or((rest, ""));
        return digest.len() == 64
            && hex(digest)
            && (n.is_empty() || (n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit())));
    }
    let parts: Vec<&str> = uid.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12]) && parts.iter().all(|p| hex(p))
}

/// Gives every match without an identity its [`legacy_uid`], in id order (migration 6, and a
/// copy of an imported file): the same file always gets the same identities.
pub(crate) fn fill_identities(conn: &Connection) -> Result<(), rusqlite::Error> {
    let missing: Vec<(i64, Option<String>)> = conn
        .prepare(
            "SELECT m.id, (SELECT body FROM events e WHERE e.match_id = m.id AND e.seq = 0)
             FROM matches m WHERE m.uid IS NULL ORDER BY m.id",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut set = conn.prepare("UPDATE matches SET uid = ?2 WHERE id = ?1")?;
    let mut taken = conn.prepare("SELECT count(*) FROM matches WHERE uid = ?1")?;
    for (id, start) in missing {
        // A match without a start event cannot be replayed; it still gets an identity of its
        // own (its id and creation), so the unique index holds.
        let start = match start {
            Some(body) => body,
            None => conn.query_row(
                "SELECT 'no start event: ' || id || ' ' || created_at FROM matches WHERE id = ?1",
                [id],
                |r| r.get(0),
            )?,
        };
        let mut ordinal = 1;
        let uid = loop {
            let uid = legacy_uid(&start, ordinal);
            let n: i64 = taken.query_row([&uid], |r| r.get(0))?;
            if n == 0 {
                break uid;
            }
            ordinal += 1;
        };
        set.execute(params![id, uid])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_uid_is_a_version_4_uuid_and_never_the_same_twice() {
        let a = new_uid();
        let b = new_uid();
        assert_ne!(a, b);
        assert!(well_formed(&a), "{a}");
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4", "{a}");
        assert!("89ab".contains(&a[19..20]), "{a}");
    }

    #[test]
    fn legacy_uids_are_well_formed_and_tell_ordinals_apart() {
        let one = legacy_uid("{\"type\":\"started\"}", 1);
        let two = legacy_uid("{\"type\":\"started\"}", 2);
        assert!(well_formed(&one) && well_formed(&two), "{one} {two}");
        assert_eq!(two, format!("{one}-2"));
        assert_ne!(one, legacy_uid("{\"type\":\"started\" }", 1));
        for bad in [
            "",
            "sha256:",
            "sha256:xyz",
            "not-a-uuid",
            "'; DROP TABLE matches; --",
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
    }
}
