//! What a hint showed: one typed record ([`HintShown`]), written in one shape and read in
//! every shape an earlier build stored.
//!
//! It is part of the saved schema (`Event::HintTaken { shown }`), so the rule of `events`
//! holds here too: a shape once written stays readable. The shapes stored so far, all read
//! by [`HintShown`]'s `Deserialize`:
//!
//! - this build's, the command layer's since it answered hints: `{"kind":"words","words":[…],
//!   "groups":[{"length":3,"words":[{"word":"CAT","score":3}]}]}` (builds before the groups
//!   wrote `words` alone), `{"kind":"move","notation":"8H CAT","score":10,"tiles":[…]}`,
//!   `{"kind":"no_move"}`;
//! - `wordclub-cli play` before it wrote this build's: the rack words as the lexicon lists them
//!   (`[{"word":"CAT","blanks":[]}]`), a suggestion as `{"move":"8H CAT","score":10}` or
//!   `{"move":null}`, and `null` (its first suggestions; absent, as `Option::None`);
//! - test scripts and the crash writer: the words as a list of strings (`["CAT","AT"]`).
//!
//! Anything else becomes [`HintShown::Unrecognised`], keeping its JSON text: a history from
//! a build this one does not know still opens, replays and exports.
use std::fmt::{self, Write};

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::rules::RuleSet;
use crate::scoring::ScoredMove;

/// What a hint showed the player who took it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Written", from = "Read")]
pub enum HintShown {
    /// "Words from rack": the words the rack alone spells, in groups of one length, longest
    /// first; in a group, highest score first, then A–Z ([`HintShown::words`]).
    Words { groups: Vec<WordGroup> },
    /// "Suggest a move": the best-scoring move, for the UI to stage as a draft.
    Move {
        notation: String,
        score: u32,
        /// The tiles it places (empty in a record of an older `wordclub-cli play`).
        tiles: Vec<HintTile>,
    },
    /// "Suggest a move" found no legal placement for the rack.
    NoMove,
    /// A record in a shape this build does not know, as its JSON text.
    Unrecognised { raw: String },
}

/// Rack words of one length.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct WordGroup {
    pub length: usize,
    pub words: Vec<HintWord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HintWord {
    pub word: String,
    /// Its face value (a blank scores 0); absent in records of builds that did not score
    /// the words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<u32>,
}

/// A tile of a suggested move, in the shape `preview` and `play` take: a 0-based square,
/// the letter shown, and whether it is a blank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HintTile {
    pub row: u8,
    pub col: u8,
    pub letter: String,
    pub blank: bool,
}

impl From<&crate::Placement> for HintTile {
    /// A placed tile in this shape (the app's kept draft gives its tiles back in it too).
    fn from(p: &crate::Placement) -> HintTile {
        HintTile {
            row: p.square.row,
            col: p.square.col,
            letter: (p.tile.letter as char).to_string(),
            blank: p.tile.blank,
        }
    }
}

impl HintShown {
    /// The "Words from rack" answer: `found` (word, its blanks' positions) ordered longest
    /// first, then by score under `rules`' letter values, then A–Z; duplicates dropped.
    pub fn words(rules: &RuleSet, found: Vec<(String, Vec<usize>)>) -> HintShown {
        let values = rules.letter_values();
        let mut scored: Vec<(String, u32)> = found
            .into_iter()
            .map(|(word, blanks)| {
                let score = word
                    .chars()
                    .enumerate()
                    .filter(|(i, _)| !blanks.contains(i))
                    .map(|(_, c)| u32::from(values.get(&c).copied().unwrap_or(0)))
                    .sum();
                (word, score)
            })
            .collect();
        scored.sort_by(|a, b| {
            b.0.len()
                .cmp(&a.0.len())
                .then(b.1.cmp(&a.1))
                .then_with(|| a.0.cmp(&b.0))
        });
        scored.dedup_by(|a, b| a.0 == b.0);
        HintShown::Words {
            groups: grouped(scored.into_iter().map(|(word, score)| HintWord {
                word,
                score: Some(score),
            })),
        }
    }

    /// The "Suggest a move" answer: the move found (checked and scored), or none.
    pub fn suggestion(found: Option<&ScoredMove>) -> HintShown {
        match found {
            None => HintShown::NoMove,
            Some(m) => HintShown::Move {
                notation: m.notation.clone(),
                score: m.score,
                tiles: m.tiles.iter().map(HintTile::from).collect(),
            },
        }
    }

    /// The words shown, in order (none unless this is a words hint).
    pub fn listed_words(&self) -> impl Iterator<Item = &str> {
        let groups: &[WordGroup] = match self {
            HintShown::Words { groups } => groups,
            _ => &[],
        };
        groups
            .iter()
            .flat_map(|g| g.words.iter().map(|w| w.word.as_str()))
    }
}

/// Words in groups of one length, keeping their order: a new group wherever the length
/// changes (so the groups read back in the order given).
fn grouped(words: impl IntoIterator<Item = HintWord>) -> Vec<WordGroup> {
    let mut groups: Vec<WordGroup> = Vec::new();
    for w in words {
        let length = w.word.chars().count();
        match groups.last_mut() {
            Some(g) if g.length == length => g.words.push(w),
            _ => groups.push(WordGroup {
                length,
                words: vec![w],
            }),
        }
    }
    groups
}

// ---- the one shape written ----------------------------------------------------------------

/// In the UI's contract a [`HintShown`] is what it is serialised as ([`Written`]).
#[cfg(feature = "contract")]
impl ts_rs::TS for HintShown {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(cfg: &ts_rs::Config) -> String {
        <Written as ts_rs::TS>::name(cfg)
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        <Written as ts_rs::TS>::inline(cfg)
    }
    fn visit_dependencies(v: &mut impl ts_rs::TypeVisitor) {
        v.visit::<Written>();
    }
}

/// How a [`HintShown`] is written. A words hint also lists its words flat (`words`), as the
/// UI and older readers take them.
#[derive(Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// In the UI's contract a hint shown is what it is written as.
#[cfg_attr(feature = "contract", ts(rename = "HintShown"))]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Written {
    Words {
        words: Vec<String>,
        groups: Vec<WordGroup>,
    },
    Move {
        notation: String,
        score: u32,
        tiles: Vec<HintTile>,
    },
    NoMove,
    Unrecognised {
        raw: String,
    },
}

impl From<HintShown> for Written {
    fn from(shown: HintShown) -> Written {
        match shown {
            HintShown::Words { groups } => Written::Words {
                words: groups
                    .iter()
                    .flat_map(|g| g.words.iter().map(|w| w.word.clone()))
                    .collect(),
                groups,
            },
            HintShown::Move {
                notation,
                score,
                tiles,
            } => Written::Move {
                notation,
                score,
                tiles,
            },
            HintShown::NoMove => Written::NoMove,
            HintShown::Unrecognised { raw } => Written::Unrecognised { raw },
        }
    }
}

// ---- every shape read -----------------------------------------------------------------------

/// Every stored shape, tried in turn (see the module's list).
#[derive(Deserialize)]
#[serde(untagged)]
enum Read {
    Tagged(Tagged),
    Listed(Vec<ListedWord>),
    Suggested(Suggested),
    Other(RawJson),
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Tagged {
    Words {
        /// Builds before the groups wrote only these.
        #[serde(default)]
        words: Vec<String>,
        #[serde(default)]
        groups: Option<Vec<WordGroup>>,
    },
    Move {
        notation: String,
        score: u32,
        #[serde(default)]
        tiles: Vec<HintTile>,
    },
    NoMove,
    Unrecognised {
        raw: String,
    },
}

/// A word of an old list: a string, or the lexicon's rack word (`{"word":…,"blanks":…}`).
#[derive(Deserialize)]
#[serde(untagged)]
enum ListedWord {
    Word(String),
    RackWord { word: String },
}

/// An older `wordclub-cli play` suggestion.
#[derive(Deserialize)]
#[serde(untagged)]
enum Suggested {
    Found {
        #[serde(rename = "move")]
        notation: String,
        score: u32,
    },
    /// `{"move": null}`: the field must be there, and null.
    NoneFound {
        #[serde(rename = "move")]
        _null: (),
    },
}

impl From<Read> for HintShown {
    fn from(read: Read) -> HintShown {
        match read {
            Read::Tagged(Tagged::Words {
                groups: Some(groups),
                ..
            }) => HintShown::Words { groups },
            Read::Tagged(Tagged::Words {
                words,
                groups: None,
            }) => HintShown::Words {
                groups: grouped(words.into_iter().map(|word| HintWord { word, score: None })),
            },
            Read::Tagged(Tagged::Move {
                notation,
                score,
                tiles,
            }) => HintShown::Move {
                notation,
                score,
                tiles,
            },
            Read::Tagged(Tagged::NoMove) | Read::Suggested(Suggested::NoneFound { .. }) => {
                HintShown::NoMove
            }
            Read::Tagged(Tagged::Unrecognised { raw }) => HintShown::Unrecognised { raw },
            Read::Listed(words) => HintShown::Words {
                groups: grouped(words.into_iter().map(|w| HintWord {
                    word: match w {
                        ListedWord::Word(word) | ListedWord::RackWord { word } => word,
                    },
                    score: None,
                })),
            },
            Read::Suggested(Suggested::Found { notation, score }) => HintShown::Move {
                notation,
                score,
                tiles: Vec::new(),
            },
            Read::Other(RawJson(raw)) => HintShown::Unrecognised { raw },
        }
    }
}

/// Any JSON value, kept as compact JSON text (what [`HintShown::Unrecognised`] keeps).
struct RawJson(String);

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawJson, D::Error> {
        d.deserialize_any(RawVisitor).map(RawJson)
    }
}

struct RawVisitor;

fn quoted<E: de::Error>(s: &str) -> Result<String, E> {
    serde_json::to_string(s).map_err(E::custom)
}

impl<'de> Visitor<'de> for RawVisitor {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
        Ok(if v.is_finite() {
            v.to_string()
        } else {
            "null".to_string()
        })
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        quoted(v)
    }
    fn visit_unit<E: de::Error>(self) -> Result<String, E> {
        Ok("null".to_string())
    }
    fn visit_none<E: de::Error>(self) -> Result<String, E> {
        Ok("null".to_string())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<String, A::Error> {
        let mut out = String::from("[");
        while let Some(RawJson(item)) = seq.next_element()? {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str(&item);
        }
        out.push(']');
        Ok(out)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<String, A::Error> {
        let mut out = String::from("{");
        while let Some(key) = map.next_key::<String>()? {
            let RawJson(value) = map.next_value()?;
            if out.len() > 1 {
                out.push(',');
            }
            let _ = write!(out, "{}:{value}", quoted::<A::Error>(&key)?);
        }
        out.push('}');
        Ok(out)
    }
}
