use std::fmt;

/// Everything that can go wrong with a word or a list, each with a stable `kind`.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// A custom list file could not be read or holds a bad line.
    ListFile {
        path: String,
        reason: String,
    },
    /// A rack is too long or holds something other than A–Z and `?`.
    BadRack {
        rack: String,
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
            LexiconError::BadRack { .. } => "bad_rack",
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
            LexiconError::ListFile { path, reason } => {
                write!(f, "cannot use word list file {path}: {reason}")
            }
            LexiconError::BadRack { rack, reason } => write!(f, "bad rack {rack:?}: {reason}"),
        }
    }
}

impl std::error::Error for LexiconError {}
