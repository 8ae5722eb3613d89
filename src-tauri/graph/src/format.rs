//! A graph's bytes: what the build script embeds and what the disk cache keeps.
//!
//! Little-endian: the magic `WCGADDAG`, [`FORMAT_VERSION`], the key's length and text, the
//! root's offset, the word counts, the number of record bytes, the records, the anagram
//! filter (its seed, segment length, segments' length and fingerprint count, then the
//! fingerprints), and a SHA-256 of everything before it. [`Gaddag::from_bytes`] refuses bytes of
//! another key or version, a damaged checksum, or records a walk could run out of.

use sha2::{Digest, Sha256};

use crate::filter::Filter;
use crate::gaddag::Gaddag;
use crate::layout::{check_records, MAX_BYTES};
use crate::records::Records;
use crate::GraphError;

/// The layout's version: bumped whenever the slots mean something else, so a graph kept on
/// disk by an older build is rebuilt rather than misread. 2: one-arc nodes in one slot,
/// rude marks, the anagram filter. 3: byte records, word marks on the nodes, children laid
/// out behind their parents (`layout.rs`).
pub const FORMAT_VERSION: u32 = 3;

const MAGIC: &[u8; 8] = b"WCGADDAG";

/// What a graph was built from: its words' list, the manners file that marked the rude ones,
/// and (for a graph of part of a list, such as the Easy computer's common words) the hash of
/// what chose the part. Two graphs with equal keys hold the same words with the same marks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphKey {
    /// The SHA-256 of the word list (as `wordclub_lexicon::ListInfo::sha256`).
    pub list_sha256: String,
    /// The SHA-256 of the manners file (the kept offensive words).
    pub manners_sha256: String,
    /// Empty for a whole list; otherwise names the part and the hash of what chose it.
    pub part: String,
}

impl GraphKey {
    fn text(&self) -> String {
        format!(
            "list {}; manners {}; part {}",
            self.list_sha256, self.manners_sha256, self.part
        )
    }

    /// A file name for the graph of this key (hashes shortened: the file holds the whole key).
    pub fn file_name(&self) -> String {
        let short = |s: &str| s.chars().take(16).collect::<String>();
        let part = if self.part.is_empty() {
            String::new()
        } else {
            let digest = Sha256::digest(self.part.as_bytes());
            format!("-{}", short(&hex(&digest)))
        };
        format!(
            "graph-{}-{}{part}-v{FORMAT_VERSION}.bin",
            short(&self.list_sha256),
            short(&self.manners_sha256)
        )
    }

    /// The layout version a file named as [`GraphKey::file_name`] names them was written in,
    /// or `None` for any other name (so a folder's older graphs can be told from its other
    /// files).
    pub fn layout_of_file_name(name: &str) -> Option<u32> {
        name.strip_prefix("graph-")?
            .strip_suffix(".bin")?
            .rsplit_once("-v")?
            .1
            .parse()
            .ok()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], GraphError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| bad("the file ends too early"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, GraphError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
}

fn bad(reason: impl Into<String>) -> GraphError {
    GraphError::NotThisGraph {
        reason: reason.into(),
    }
}

impl Gaddag {
    /// The graph's bytes under `key` (both views' slots: the rude marks are kept).
    pub fn to_bytes(&self, key: &GraphKey) -> Vec<u8> {
        let (records, filter, root, words, polite_words) = self.raw();
        let key = key.text();
        let mut out = Vec::with_capacity(96 + key.len() + records.len() + filter.bytes());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(key.len() as u32).to_le_bytes());
        out.extend_from_slice(key.as_bytes());
        for n in [
            root,
            words as u32,
            polite_words as u32,
            records.len() as u32,
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(records);
        out.extend_from_slice(&filter.seed.to_le_bytes());
        for n in [
            filter.segment_length,
            filter.segment_count_length,
            filter.fingerprints.len() as u32,
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&filter.fingerprints);
        let digest = Sha256::digest(&out);
        out.extend_from_slice(&digest);
        out
    }

    /// The any-word view of the graph in `bytes`, which must be of `key` and this
    /// [`FORMAT_VERSION`]. `verify` also checks the checksum and every record (bytes from a
    /// file); bytes embedded by this build's own build script are trusted without.
    pub fn from_bytes(bytes: &[u8], key: &GraphKey, verify: bool) -> Result<Gaddag, GraphError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(bad("it is not a word graph"));
        }
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(bad(format!(
                "it has layout {version}, this build reads layout {FORMAT_VERSION}"
            )));
        }
        let len = r.u32()? as usize;
        if r.take(len)? != key.text().as_bytes() {
            return Err(bad("it was built from another list or other manners"));
        }
        let root = r.u32()?;
        let words = r.u32()? as usize;
        let polite_words = r.u32()? as usize;
        let records = r.u32()? as usize;
        let record_bytes = r.take(records)?;
        let seed = u64::from_le_bytes(r.take(8)?.try_into().expect("8 bytes"));
        let segment_length = r.u32()?;
        let segment_count_length = r.u32()?;
        let fingerprints = r.u32()? as usize;
        let fingerprints = r.take(fingerprints)?.to_vec();
        let body = r.at;
        let digest = r.take(32)?;
        if r.at != bytes.len() {
            return Err(bad("it has bytes after its end"));
        }
        if verify && Sha256::digest(&bytes[..body]).as_slice() != digest {
            return Err(bad("its checksum does not match (the file is damaged)"));
        }
        let filter = Filter {
            seed,
            segment_length,
            segment_count_length,
            fingerprints,
        };
        // Checked whatever the source (it costs nothing): a look-up must stay in the array.
        if !filter.is_well_formed() {
            return Err(bad("its anagram filter is not whole"));
        }
        if records as u64 > MAX_BYTES {
            return Err(bad("it has more records than a graph can address"));
        }
        let record_memory = Records::new(record_bytes);
        // A file's records are checked (a damaged one must not give wrong words); the
        // build's own embedded ones were checked by the build that made them (reads are
        // masked into the records' span: no bytes can make the walk read outside it).
        if verify || records == 0 {
            check_records(record_memory.as_slice(), root).map_err(bad)?;
        }
        Ok(Gaddag::assemble(
            record_memory,
            filter,
            root,
            words,
            polite_words,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{GraphKey, FORMAT_VERSION};
    use crate::{Gaddag, GraphError, SLOT_LIMIT};

    fn key(list: &str) -> GraphKey {
        GraphKey {
            list_sha256: list.into(),
            manners_sha256: "m".repeat(64),
            part: String::new(),
        }
    }

    fn graph() -> Gaddag {
        let words = [
            ("CAT", false),
            ("CATS", false),
            ("ACT", false),
            ("TWAT", true),
        ];
        Gaddag::build_marked(words, SLOT_LIMIT, &mut |_| {}).unwrap()
    }

    #[test]
    fn a_graph_file_name_says_its_layout() {
        let mut k = key("a");
        assert_eq!(
            GraphKey::layout_of_file_name(&k.file_name()),
            Some(FORMAT_VERSION)
        );
        k.part = "common words 0123".into();
        assert_eq!(
            GraphKey::layout_of_file_name(&k.file_name()),
            Some(FORMAT_VERSION)
        );
        assert_eq!(GraphKey::layout_of_file_name("graph-ab-cd-v2.bin"), Some(2));
        for other in [
            "graph-notes-v1.txt",
            "graph-ab-cd.bin",
            "wordclub.db",
            "graph-ab-cd-vx.bin",
        ] {
            assert_eq!(GraphKey::layout_of_file_name(other), None, "{other}");
        }
    }

    #[test]
    fn a_graph_read_back_is_the_graph_written() {
        let g = graph();
        let bytes = g.to_bytes(&key("a"));
        let back = Gaddag::from_bytes(&bytes, &key("a"), true).unwrap();
        assert_eq!(back.to_bytes(&key("a")), bytes);
        assert!(back.contains("TWAT") && !back.polite().contains("TWAT"));
        assert!(back.polite().contains("CATS") && !back.contains("CA"));
        assert_eq!((back.word_count(), back.polite().word_count()), (4, 3));
    }

    #[test]
    fn bytes_of_another_key_version_or_damaged_are_refused() {
        let g = graph();
        let bytes = g.to_bytes(&key("a"));
        let refused = |b: &[u8], k: &GraphKey| match Gaddag::from_bytes(b, k, true) {
            Err(e @ GraphError::NotThisGraph { .. }) => {
                assert_eq!(e.kind(), "graph_mismatch");
                e.to_string()
            }
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert!(refused(&bytes, &key("b")).contains("another list"));
        let mut other_manners = key("a");
        other_manners.manners_sha256 = "n".repeat(64);
        assert!(refused(&bytes, &other_manners).contains("another list or other manners"));
        let mut old = bytes.clone();
        old[8..12].copy_from_slice(&(FORMAT_VERSION - 1).to_le_bytes());
        assert!(refused(&old, &key("a")).contains("layout"));
        let mut damaged = bytes.clone();
        let at = damaged.len() - 40;
        damaged[at] ^= 0x10;
        assert!(refused(&damaged, &key("a")).contains("damaged"));
        assert!(refused(&bytes[..bytes.len() - 1], &key("a")).contains("ends too early"));
        assert!(refused(b"not a graph at all", &key("a")).contains("not a word graph"));
    }
}
