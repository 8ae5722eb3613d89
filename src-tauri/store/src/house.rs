//! "Our words" and word lists of one's own, kept in the history (schema version 7) so that a
//! history export carries them. A match never reads these rows to play: it pins its additions
//! and blocks in its start event ([`wordclub_engine::MatchOptions::our_words`]) and its list by
//! id and SHA-256; [`Store::own_word_list`] finds a list of one's own by that pin.
use rusqlite::{params, OptionalExtension};
use serde::Serialize;
use wordclub_lexicon::{HouseWords, OurWord, WordList};

use crate::time::now_ms;
use crate::{Store, StoreError};

/// A list of one's own as the history keeps it, with the saved matches that use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OwnListRow {
    pub id: String,
    pub name: String,
    pub sha256: String,
    pub word_count: i64,
    pub imported_at: i64,
    /// The saved matches played on it (removal is refused while there is one).
    pub used_by: Vec<i64>,
}

impl Store {
    /// The family's words as kept now: (added, blocked), each sorted.
    pub fn our_words(&self) -> Result<(Vec<OurWord>, Vec<OurWord>), StoreError> {
        let mut added = Vec::new();
        let mut blocked = Vec::new();
        let rows: Vec<(String, bool, Option<String>)> = self
            .conn
            .prepare_cached("SELECT word, blocked, note FROM our_words ORDER BY word")
            .and_then(|mut s| {
                s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                    .collect()
            })
            .map_err(StoreError::db("reading our words"))?;
        for (word, is_blocked, note) in rows {
            let w = OurWord { word, note };
            if is_blocked {
                blocked.push(w)
            } else {
                added.push(w)
            }
        }
        Ok((added, blocked))
    }

    /// Keeps `house` as the family's words, in place of all kept before, in one transaction
    /// (the caller built it with [`HouseWords::new`], so every word is checked).
    pub fn set_our_words(&mut self, house: &HouseWords) -> Result<(), StoreError> {
        self.check_file()?;
        let now = now_ms();
        let tx = self
            .conn
            .transaction()
            .map_err(StoreError::db("keeping our words"))?;
        tx.execute("DELETE FROM our_words", [])
            .map_err(StoreError::db("keeping our words"))?;
        for (blocked, side) in [(false, &house.added), (true, &house.blocked)] {
            for w in side {
                tx.execute(
                    "INSERT INTO our_words (word, blocked, note, added_at) VALUES (?1, ?2, ?3, ?4)",
                    params![w.word, blocked, w.note, now],
                )
                .map_err(StoreError::db("keeping our words"))?;
            }
        }
        tx.commit().map_err(StoreError::db("keeping our words"))?;
        self.check_after_write()
    }

    /// Every list of one's own kept, by name, each with the matches that use it.
    pub fn own_lists(&self) -> Result<Vec<OwnListRow>, StoreError> {
        let mut rows: Vec<OwnListRow> = self
            .conn
            .prepare_cached(
                "SELECT id, name, sha256, word_count, imported_at FROM own_lists ORDER BY name",
            )
            .and_then(|mut s| {
                s.query_map([], |r| {
                    Ok(OwnListRow {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        sha256: r.get(2)?,
                        word_count: r.get(3)?,
                        imported_at: r.get(4)?,
                        used_by: Vec::new(),
                    })
                })?
                .collect()
            })
            .map_err(StoreError::db("reading the word lists of your own"))?;
        for row in &mut rows {
            row.used_by = self.matches_on_list(&row.id, &row.sha256)?;
        }
        Ok(rows)
    }

    fn matches_on_list(&self, id: &str, sha256: &str) -> Result<Vec<i64>, StoreError> {
        self.conn
            .prepare_cached(
                "SELECT id FROM matches WHERE list_id = ?1 AND list_sha256 = ?2 ORDER BY id",
            )
            .and_then(|mut s| s.query_map([id, sha256], |r| r.get(0))?.collect())
            .map_err(StoreError::db("finding the matches on a word list"))
    }

    /// Keeps `list` (made by [`WordList::own`]) as a list of one's own. A name already kept is
    /// refused (`own_list_exists`).
    pub fn add_own_list(&mut self, list: &WordList) -> Result<(), StoreError> {
        self.check_file()?;
        let info = list.info();
        let taken: Option<String> = self
            .conn
            .query_row(
                "SELECT id FROM own_lists WHERE id = ?1 OR name = ?2",
                [&info.id, &info.name],
                |r| r.get(0),
            )
            .optional()
            .map_err(StoreError::db("reading the word lists of your own"))?;
        if taken.is_some() {
            return Err(StoreError::OwnListExists {
                name: info.name.clone(),
            });
        }
        self.conn
            .execute(
                "INSERT INTO own_lists (id, name, sha256, word_count, words, imported_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    info.id,
                    info.name,
                    info.sha256,
                    info.word_count as i64,
                    list.own_text(),
                    now_ms()
                ],
            )
            .map_err(StoreError::db("keeping a word list of your own"))?;
        self.check_after_write()
    }

    /// Removes the list of one's own `id`, refused while a saved match uses it
    /// (`own_list_in_use`, naming the matches): their replay needs its words.
    pub fn remove_own_list(&mut self, id: &str) -> Result<(), StoreError> {
        self.check_file()?;
        let row: Option<(String, String)> = self
            .conn
            .query_row(
                "SELECT name, sha256 FROM own_lists WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(StoreError::db("reading the word lists of your own"))?;
        let Some((name, sha256)) = row else {
            return Err(StoreError::OwnListNotFound { id: id.to_string() });
        };
        let matches = self.matches_on_list(id, &sha256)?;
        if !matches.is_empty() {
            return Err(StoreError::OwnListInUse {
                id: id.to_string(),
                name,
                matches,
            });
        }
        self.conn
            .execute("DELETE FROM own_lists WHERE id = ?1", [id])
            .map_err(StoreError::db("removing a word list of your own"))?;
        self.check_after_write()
    }

    /// The list of one's own kept as `id` with this SHA-256, opened once per process
    /// ([`WordList::register`]), so [`WordList::pinned`] finds it from then on. `None` when
    /// the history keeps no such list (or its words no longer give that SHA-256).
    pub fn own_word_list(
        &self,
        id: &str,
        sha256: &str,
    ) -> Result<Option<&'static WordList>, StoreError> {
        if let Ok(list) = WordList::pinned(id, sha256) {
            return Ok(Some(list));
        }
        let row: Option<(String, String)> = self
            .conn
            .query_row(
                "SELECT name, words FROM own_lists WHERE id = ?1 AND sha256 = ?2",
                [id, sha256],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(StoreError::db("reading a word list of your own"))?;
        let Some((name, words)) = row else {
            return Ok(None);
        };
        // The words were checked when imported; a list that no longer reads back to its
        // hash (edited by hand) is not this match's list.
        match WordList::own(&name, words.as_bytes(), usize::MAX) {
            Ok(list) if list.info().sha256 == sha256 && list.info().id == id => {
                Ok(Some(WordList::register(list)))
            }
            _ => Ok(None),
        }
    }
}
