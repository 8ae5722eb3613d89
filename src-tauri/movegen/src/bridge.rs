//! Conversions between the engine's types and the generator's compact ones, and the
//! per-list graph cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use wordclub_engine::{Board, Cgp, Direction, Placement, RuleSet, Square, Tile};
use wordclub_lexicon::WordList;

use crate::error::MovegenError;
use crate::gaddag::{Gaddag, Progress};
use crate::layout::{code_of, letter_of, Grid, Layout, Rack, BLANK_BIT};
use crate::moves::Move;
use crate::prebuilt::{self, GraphSource};

/// The generator's view of a rule set.
pub fn layout_of(rules: &RuleSet) -> Result<Layout, MovegenError> {
    let n = rules.board_size as usize;
    let table = rules.value_table();
    let mut values = [0u8; 27];
    values[1..27].copy_from_slice(&table[..26]);
    values[0] = 0;
    let mut layout = Layout::plain(
        n,
        (rules.star.row as usize, rules.star.col as usize),
        values,
        rules.rack_size as usize,
    )?;
    for (i, p) in rules.premium_grid().iter().enumerate() {
        layout.letter_mult[i] = p.letter_multiplier() as u8;
        layout.word_mult[i] = p.word_multiplier() as u8;
    }
    layout.bingo_bonus = rules.bingo_bonus as i32;
    Ok(layout)
}

/// The generator's view of a board.
pub fn grid_of(board: &Board) -> Grid {
    let n = board.size() as usize;
    let mut grid = Grid::empty(n);
    for (sq, tile) in board.tiles() {
        grid.set(sq.row as usize, sq.col as usize, tile_code(tile));
    }
    grid
}

fn tile_code(tile: Tile) -> u8 {
    let code = tile.letter - b'A' + 1;
    if tile.blank {
        code | BLANK_BIT
    } else {
        code
    }
}

/// A rack from the engine's rack bytes (`A`–`Z`, `?`).
pub fn rack_of(bytes: &[u8]) -> Rack {
    let mut rack = Rack::default();
    for &b in bytes {
        match code_of(b) {
            Some(code) => rack.counts[code as usize] += 1,
            None => rack.counts[0] += 1,
        }
    }
    rack
}

impl Move {
    /// The engine placements of this move (blanks with their letters).
    pub fn placements(&self) -> Vec<Placement> {
        self.placed()
            .map(|(r, c, t)| {
                let letter = letter_of(t);
                let tile = if t & BLANK_BIT != 0 {
                    Tile::blank(letter)
                } else {
                    Tile::letter(letter)
                };
                Placement::new(Square::new(r as u8, c as u8), tile)
            })
            .collect()
    }

    /// The rack bytes this move uses (`?` for blanks).
    pub fn rack_bytes(&self) -> Vec<u8> {
        self.placed()
            .map(|(_, _, t)| {
                if t & BLANK_BIT != 0 {
                    b'?'
                } else {
                    letter_of(t)
                }
            })
            .collect()
    }

    /// Direction in the engine's terms.
    pub fn direction(&self) -> Direction {
        if self.down {
            Direction::Down
        } else {
            Direction::Across
        }
    }
}

/// A position read from CGP for `rules`: the board and, when given, the rack to move.
pub struct Position {
    pub board: Board,
    pub grid: Grid,
    pub rack: Option<Rack>,
    pub cgp: Cgp,
}

/// Reads a CGP position for `rules` (its size must match).
pub fn position_of(cgp: &str, rules: &RuleSet) -> Result<Position, MovegenError> {
    let bad = |reason: String| MovegenError::Position {
        position: cgp.to_string(),
        reason,
    };
    let parsed = Cgp::parse(cgp).map_err(|e| bad(e.to_string()))?;
    let board = parsed.board(rules).map_err(|e| bad(e.to_string()))?;
    let rack = match parsed.racks.first() {
        Some(r) if !r.is_empty() => Some(Rack::parse(r)?),
        _ => None,
    };
    Ok(Position {
        grid: grid_of(&board),
        board,
        rack,
        cgp: parsed,
    })
}

/// Both views of one list's graph (one set of slots: [`Gaddag::polite`]).
#[derive(Clone)]
pub(crate) struct Views {
    any: Arc<Gaddag>,
    polite: Arc<Gaddag>,
    source: GraphSource,
}

impl Views {
    fn of((graph, source): (Gaddag, GraphSource)) -> Views {
        Views {
            polite: Arc::new(graph.polite()),
            any: Arc::new(graph),
            source,
        }
    }

    /// The view searched with these manners.
    pub(crate) fn get(&self, manners: Manners) -> Arc<Gaddag> {
        match manners {
            Manners::Polite => Arc::clone(&self.polite),
            Manners::AnyWord => Arc::clone(&self.any),
        }
    }
}

/// Graphs by (list id, the list's words' SHA-256: [`WordList::words_sha256`]); each slot is filled once, by whoever asks first.
pub(crate) type GraphCache = Mutex<HashMap<(String, String), Arc<OnceLock<Views>>>>;

static GRAPHS: OnceLock<GraphCache> = OnceLock::new();

/// The slot for `list`'s graph in `cache`, and whether this call created it.
fn slot_for(cache: &'static OnceLock<GraphCache>, list: &WordList) -> (Arc<OnceLock<Views>>, bool) {
    let key = (list.info().id.clone(), list.words_sha256().into_owned());
    let mut map = cache
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let fresh = !map.contains_key(&key);
    (Arc::clone(map.entry(key).or_default()), fresh)
}

/// The graph kept in `cache` for `list`, found or built by `load` on first use and kept for
/// the process's life. The load runs outside the cache's lock; a caller that asks while
/// another loads the same graph waits for that load instead of starting its own.
pub(crate) fn cached_graph(
    cache: &'static OnceLock<GraphCache>,
    list: &WordList,
    load: impl FnOnce() -> (Gaddag, GraphSource),
) -> Views {
    let (slot, _) = slot_for(cache, list);
    slot.get_or_init(|| built(load)).clone()
}

/// Runs a graph load. A build peaks at about ten times the finished graph's size in
/// short-lived allocations, which glibc keeps in the process once freed (some 60 MB for the
/// largest list): they are handed back to the system, so a long-running app does not hold
/// them.
fn built(load: impl FnOnce() -> (Gaddag, GraphSource)) -> Views {
    let views = Views::of(load());
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if views.source == GraphSource::Built {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: malloc_trim takes no pointers and only returns free heap memory to the
        // system; any thread may call it at any time.
        unsafe {
            malloc_trim(0);
        }
    }
    views
}

/// The words of `list` with the kept offensive words marked ([`wordclub_lexicon::is_offensive`]).
fn marked_words(list: &WordList) -> Vec<(Vec<u8>, bool)> {
    use fst::Streamer;
    let mut words = Vec::with_capacity(list.fst().len());
    let mut stream = list.fst().stream();
    while let Some(w) = stream.next() {
        words.push((w.to_vec(), wordclub_lexicon::is_offensive(w)));
    }
    words
}

/// `list`'s graph: prebuilt, kept on disk, or built (a second or so for a large list).
fn load(
    list: &WordList,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Gaddag, GraphSource), MovegenError> {
    Ok(prebuilt::load_or_build(
        &prebuilt::list_key(list),
        || marked_words(list),
        progress,
    )?)
}

fn load_shipped(list: &WordList) -> (Gaddag, GraphSource) {
    load(list, &mut |_| {}).expect("a shipped word list fits the graph")
}

/// The generator's graph for `list`, any word allowed: prebuilt for the default lists, else
/// kept on disk or built on first use, and kept for the process's life (keyed by the list's
/// id and SHA-256).
pub fn gaddag_for(list: &WordList) -> Arc<Gaddag> {
    graph_for(list, Manners::AnyWord)
}

/// The polite view of `list`'s graph: the kept offensive words
/// ([`wordclub_lexicon::is_offensive`]) read as no words, so no move computer players and
/// hints find forms such a word, across or down (the words stay in the list: people may play
/// them). The same slots as [`gaddag_for`]'s.
pub fn polite_gaddag_for(list: &WordList) -> Arc<Gaddag> {
    graph_for(list, Manners::Polite)
}

/// Whether computer players and hints leave the kept offensive words alone (the default,
/// SPEC §3) or may play any word of the list (a setting turns politeness off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Manners {
    #[default]
    Polite,
    AnyWord,
}

impl Manners {
    /// `Polite` when `polite`, else `AnyWord`.
    pub fn polite(polite: bool) -> Manners {
        if polite {
            Manners::Polite
        } else {
            Manners::AnyWord
        }
    }
}

/// The graph computer players and hints search for `list` with these manners.
pub fn graph_for(list: &WordList, manners: Manners) -> Arc<Gaddag> {
    cached_graph(&GRAPHS, list, || load_shipped(list)).get(manners)
}

/// [`graph_for`] of a list from elsewhere (a `--list-file`): one too large for the graph is
/// a typed error ([`MovegenError::GraphTooLarge`]), not a panic. The graph goes into the same
/// cache, so every later [`graph_for`] of the list (a computer's move, a hint) finds it.
pub fn try_graph_for(list: &WordList, manners: Manners) -> Result<Arc<Gaddag>, MovegenError> {
    try_graph_with_progress(list, manners, &mut |_| {}).map(|(g, _)| g)
}

/// [`try_graph_for`], telling `progress` how a build goes (a list neither prebuilt nor kept
/// takes a second or so), and saying where the graph came from.
pub fn try_graph_with_progress(
    list: &WordList,
    manners: Manners,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Arc<Gaddag>, GraphSource), MovegenError> {
    let (slot, _) = slot_for(&GRAPHS, list);
    if let Some(views) = slot.get() {
        return Ok((views.get(manners), views.source));
    }
    let loaded = load(list, progress)?;
    let views = slot.get_or_init(|| built(|| loaded));
    Ok((views.get(manners), views.source))
}

/// Whether `list`'s graph is loaded or being loaded in this process.
pub fn graph_requested(list: &WordList) -> bool {
    let key = (list.info().id.clone(), list.words_sha256().into_owned());
    GRAPHS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains_key(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaked_list(id: &str, words: &[&str]) -> &'static WordList {
        Box::leak(Box::new(
            WordList::from_words(id, id, words.iter().copied()).expect("a valid list"),
        ))
    }

    #[test]
    fn callers_racing_for_a_graph_share_one_build() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static CACHE: OnceLock<GraphCache> = OnceLock::new();
        static BUILDS: AtomicUsize = AtomicUsize::new(0);
        let list = leaked_list("race-test", &["CAT", "CATS", "ACT", "TACT"]);
        let graphs: Vec<Views> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        cached_graph(&CACHE, list, || {
                            BUILDS.fetch_add(1, Ordering::SeqCst);
                            // A slow build, so the other callers arrive while it runs.
                            std::thread::sleep(std::time::Duration::from_millis(100));
                            load_shipped(list)
                        })
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(BUILDS.load(Ordering::SeqCst), 1);
        assert!(graphs.iter().all(|g| Arc::ptr_eq(&g.any, &graphs[0].any)));
        assert!(graphs
            .iter()
            .all(|g| Arc::ptr_eq(&g.polite, &graphs[0].polite)));
        assert!(graphs[0].any.contains("TACT") && !graphs[0].any.contains("TAC"));
    }
}
