//! Conversions between the engine's types and the generator's compact ones, and the
//! per-list graph cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use wordclub_engine::{Board, Cgp, Direction, Placement, RuleSet, Square, Tile};
use wordclub_lexicon::WordList;

use crate::error::MovegenError;
use crate::gaddag::Gaddag;
use crate::layout::{code_of, letter_of, Grid, Layout, Rack, BLANK_BIT};
use crate::moves::Move;

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

/// Graphs by (list id, list SHA-256); each slot is filled once, by whoever asks first.
pub(crate) type GraphCache = Mutex<HashMap<(String, String), Arc<OnceLock<Arc<Gaddag>>>>>;

static GRAPHS: OnceLock<GraphCache> = OnceLock::new();

/// The slot for `list`'s graph in `cache`, and whether this call created it.
fn slot_for(
    cache: &'static OnceLock<GraphCache>,
    list: &WordList,
) -> (Arc<OnceLock<Arc<Gaddag>>>, bool) {
    let key = (list.info().id.clone(), list.info().sha256.clone());
    let mut map = cache
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let fresh = !map.contains_key(&key);
    (Arc::clone(map.entry(key).or_default()), fresh)
}

/// The graph kept in `cache` for `list`, built by `build` on first use and kept for the
/// process's life. The build runs outside the cache's lock; a caller that asks while
/// another builds the same graph waits for that build instead of starting its own.
pub(crate) fn cached_graph(
    cache: &'static OnceLock<GraphCache>,
    list: &WordList,
    build: impl FnOnce() -> Gaddag,
) -> Arc<Gaddag> {
    let (slot, _) = slot_for(cache, list);
    Arc::clone(slot.get_or_init(|| built(build)))
}

/// Runs a graph build. A build peaks at about ten times the finished graph's size in
/// short-lived allocations, which glibc keeps in the process once freed (some 60 MB for the
/// largest list): they are handed back to the system, so a long-running app does not hold
/// them.
fn built(build: impl FnOnce() -> Gaddag) -> Arc<Gaddag> {
    let graph = Arc::new(build());
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: malloc_trim takes no pointers and only returns free heap memory to the
        // system; any thread may call it at any time.
        unsafe {
            malloc_trim(0);
        }
    }
    graph
}

/// The generator's graph for `list`, built on first use (about a second for a large list)
/// and kept for the process's life (keyed by the list's id and SHA-256).
pub fn gaddag_for(list: &WordList) -> Arc<Gaddag> {
    cached_graph(&GRAPHS, list, || Gaddag::from_fst(list.fst()))
}

static POLITE_GRAPHS: OnceLock<GraphCache> = OnceLock::new();

/// The graph of `list` without the kept offensive words ([`wordclub_lexicon::is_offensive`]):
/// what computer players and hints search when they are polite, so no move they find forms
/// such a word, across or down (the words stay in the list: people may play them). Built on
/// first use and kept like [`gaddag_for`]'s; a polite app never builds the full graph.
pub fn polite_gaddag_for(list: &WordList) -> Arc<Gaddag> {
    cached_graph(&POLITE_GRAPHS, list, || polite_graph(list))
}

fn polite_graph(list: &WordList) -> Gaddag {
    try_polite_graph(list).expect("a shipped word list fits the graph")
}

fn try_polite_graph(list: &WordList) -> Result<Gaddag, MovegenError> {
    use fst::Streamer;
    let mut words = Vec::with_capacity(list.fst().len());
    let mut stream = list.fst().stream();
    while let Some(w) = stream.next() {
        if !wordclub_lexicon::is_offensive(w) {
            words.push(w.to_vec());
        }
    }
    Gaddag::try_from_words(words)
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
    match manners {
        Manners::Polite => polite_gaddag_for(list),
        Manners::AnyWord => gaddag_for(list),
    }
}

/// [`graph_for`] of a list from elsewhere (a `--list-file`): one too large for the graph is
/// a typed error ([`MovegenError::GraphTooLarge`]), not a panic. The graph goes into the same
/// cache, so every later [`graph_for`] of the list (a computer's move, a hint) finds it.
pub fn try_graph_for(list: &WordList, manners: Manners) -> Result<Arc<Gaddag>, MovegenError> {
    let cache = match manners {
        Manners::Polite => &POLITE_GRAPHS,
        Manners::AnyWord => &GRAPHS,
    };
    let (slot, _) = slot_for(cache, list);
    if let Some(graph) = slot.get() {
        return Ok(Arc::clone(graph));
    }
    let graph = match manners {
        Manners::Polite => try_polite_graph(list)?,
        Manners::AnyWord => Gaddag::try_from_fst(list.fst())?,
    };
    Ok(Arc::clone(slot.get_or_init(|| built(|| graph))))
}

/// Whether a graph of `list` (either manners) is built or being built in this process.
pub fn graph_requested(list: &WordList) -> bool {
    let key = (list.info().id.clone(), list.info().sha256.clone());
    [&GRAPHS, &POLITE_GRAPHS].iter().any(|cache| {
        cache
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&key)
    })
}

/// Starts building `list`'s graph on a background thread, so that the first hint or
/// computer move of a match finds it ready (or waits only for the rest of the build).
/// Does nothing when the graph was asked for already.
pub fn build_in_background(list: &'static WordList) {
    build_in_background_with(list, Manners::AnyWord);
}

/// [`build_in_background`] for the graph that [`graph_for`] gives with these manners.
pub fn build_in_background_with(list: &'static WordList, manners: Manners) {
    let cache = match manners {
        Manners::Polite => &POLITE_GRAPHS,
        Manners::AnyWord => &GRAPHS,
    };
    let (slot, fresh) = slot_for(cache, list);
    if fresh {
        // If the thread cannot be started, the first caller of `graph_for` builds it.
        let _ = std::thread::Builder::new()
            .name("wordclub-graph".into())
            .spawn(move || {
                slot.get_or_init(|| {
                    built(|| match manners {
                        Manners::Polite => polite_graph(list),
                        Manners::AnyWord => Gaddag::from_fst(list.fst()),
                    })
                })
                .clone()
            });
    }
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
        let graphs: Vec<Arc<Gaddag>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        cached_graph(&CACHE, list, || {
                            BUILDS.fetch_add(1, Ordering::SeqCst);
                            // A slow build, so the other callers arrive while it runs.
                            std::thread::sleep(std::time::Duration::from_millis(100));
                            Gaddag::from_fst(list.fst())
                        })
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(BUILDS.load(Ordering::SeqCst), 1);
        assert!(graphs.iter().all(|g| Arc::ptr_eq(g, &graphs[0])));
        assert!(graphs[0].contains("TACT") && !graphs[0].contains("TAC"));
    }

    #[test]
    fn a_background_build_is_the_graph_later_callers_get() {
        let list = leaked_list("background-test", &["DOG", "GOD", "DOGS"]);
        assert!(!graph_requested(list));
        build_in_background(list);
        assert!(graph_requested(list));
        let g = gaddag_for(list);
        assert!(g.contains("DOGS") && !g.contains("DO"));
        assert!(Arc::ptr_eq(&g, &gaddag_for(list)));
        // Asking again once it is built starts nothing new and keeps the same graph.
        build_in_background(list);
        assert!(Arc::ptr_eq(&g, &gaddag_for(list)));
    }
}
