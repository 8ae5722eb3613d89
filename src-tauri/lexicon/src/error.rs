use std::fmt;
use std::sync::Arc;

/// What a list file's failure came from: the file system's error, the `fst` builder's, or the
/// first bad line's own [`LexiconError`]. Shared, so the error stays cheap to clone.
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

/// Everything that can go wrong with a word or a list, each with a stable `kind`. Two errors
/// are equal when they have the same kind and say the same (a cause is compared by what it
/// says).
#[derive(Debug, Clone)]
pub enum LexiconError {
    /// The input holds a character other than the letters A–Z.
    NotAToZ {
        input: String,
        character: char,
    },
    EmptyWord,
    UnknownList {
        id: String,
        known: Vec<String>,
    },
    /// A custom list file could not be read or holds a bad line: `reason` says where (empty
    /// when the cause says it all), `source` is what went wrong there.
    ListFile {
        path: String,
        reason: String,
        source: Cause,
    },
    /// A custom list file is not text (not UTF-8, or holds NUL or other control bytes).
    ListFileNotText {
        path: String,
    },
    /// A custom list file holds no word (empty, or blank lines only).
    ListFileEmpty {
        path: String,
    },
    /// No line of a custom list file is a word of the letters A–Z.
    ListFileNoWords {
        path: String,
    },
    /// A saved match is pinned to a version of a list that is not shipped.
    VersionNotShipped {
        id: String,
        sha256: String,
        /// The versions of `id` that are shipped: "name (sha256)".
        shipped: Vec<String>,
    },
    /// A rack is too long or holds something other than A–Z and `?`.
    BadRack {
        rack: String,
        reason: String,
    },
    /// "Our words" (the family's additions and blocks) refused: a word outside A–Z or longer
    /// than the largest board, a word both added and blocked, a note too long, or a bad line
    /// of an imported file (`line`, 1-based).
    OurWords {
        line: Option<usize>,
        reason: String,
    },
    /// A word list of one's own refused: `line` names the first bad line (1-based) when the
    /// fault is one line's.
    OwnList {
        name: String,
        line: Option<usize>,
        reason: String,
    },
}

impl LexiconError {
    /// A stable machine-readable name, used in JSON errors.
    pub fn kind(&self) -> &'static str {
        match self {
            LexiconError::NotAToZ { .. } => "not_a_to_z",
            LexiconError::EmptyWord => "empty_word",
            LexiconError::UnknownList { .. } => "unknown_list",
            LexiconError::ListFile { .. } => "list_file",
            LexiconError::ListFileNotText { .. } => "list_file_not_text",
            LexiconError::ListFileEmpty { .. } => "list_file_empty",
            LexiconError::ListFileNoWords { .. } => "list_file_no_words",
            LexiconError::VersionNotShipped { .. } => "list_not_shipped",
            LexiconError::BadRack { .. } => "bad_rack",
            LexiconError::OurWords { .. } => "our_words",
            LexiconError::OwnList { .. } => "own_list",
        }
    }
}

impl fmt::Display for LexiconError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LexiconError::NotAToZ { input, character } => write!(
                f,
                "{input:?} is not made of the letters A-Z only: {character} (U+{:04X}) is not allowed",
                u32::from(*character)
            ),
            LexiconError::EmptyWord => write!(f, "the word is empty"),
            LexiconError::UnknownList { id, known } => {
                write!(f, "no word list {id:?}; known lists: {}", known.join(", "))
            }
            LexiconError::ListFile {
                path,
                reason,
                source,
            } => {
                if reason.is_empty() {
                    write!(f, "cannot use word list file {path}: {source}")
                } else {
                    write!(f, "cannot use word list file {path}: {reason}: {source}")
                }
            }
            LexiconError::ListFileNotText { path } => write!(
                f,
                "cannot use word list file {path}: it is not a text file (one word a line, UTF-8)"
            ),
            LexiconError::ListFileEmpty { path } => {
                write!(f, "cannot use word list file {path}: it holds no word")
            }
            LexiconError::ListFileNoWords { path } => write!(
                f,
                "cannot use word list file {path}: no line in it is a word of the letters A-Z"
            ),
            LexiconError::VersionNotShipped {
                id,
                sha256,
                shipped,
            } => write!(
                f,
                "the word list {id:?} with SHA-256 {sha256} is not shipped with this app (shipped: {})",
                shipped.join(", ")
            ),
            LexiconError::BadRack { rack, reason } => write!(f, "bad rack {rack:?}: {reason}"),
            LexiconError::OurWords { line: Some(line), reason } => {
                write!(f, "our words: line {line}: {reason}")
            }
            LexiconError::OurWords { line: None, reason } => write!(f, "our words: {reason}"),
            LexiconError::OwnList {
                name,
                line: Some(line),
                reason,
            } => write!(f, "cannot use the word list {name:?}: line {line}: {reason}"),
            LexiconError::OwnList {
                name,
                line: None,
                reason,
            } => write!(f, "cannot use the word list {name:?}: {reason}"),
        }
    }
}

impl std::error::Error for LexiconError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LexiconError::ListFile { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}

impl PartialEq for LexiconError {
    fn eq(&self, other: &LexiconError) -> bool {
        self.kind() == other.kind() && self.to_string() == other.to_string()
    }
}

impl Eq for LexiconError {}
