//! Graphs kept by a host with no folder (the web app's worker keeps them in the browser's
//! storage, `src/prebuilt.rs`): a graph built is handed over to keep, offered back at the next
//! start it is read instead of built, and a damaged or older-layout one is never used. Its own
//! test binary: the host's store is the process's.
use wordclub_lexicon::WordList;
use wordclub_movegen::{
    host_graph_counts, keep_graphs_in_host, offer_kept_graph, take_graphs_to_keep,
    try_graph_with_progress, GraphSource, HostGraphCounts, Manners,
};

const WORDS: [&str; 6] = ["CAT", "CATS", "ACT", "TACT", "SCAT", "DUCK"];

/// A list of these words: each id is a new caller in effect (the process caches graphs by
/// list id and hash), the same hash each time.
fn list(id: &str) -> WordList {
    WordList::from_words(id, id, WORDS).unwrap()
}

#[test]
fn a_graph_the_host_kept_is_read_back_at_the_next_start_not_built() {
    // Before the host says it keeps graphs, none is handed over.
    let (_, source) =
        try_graph_with_progress(&list("before"), Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Built);
    assert!(take_graphs_to_keep().is_empty());

    keep_graphs_in_host();
    let other = WordList::from_words("other", "other", ["DOG", "GOD", "DOGS"]).unwrap();
    let (_, source) = try_graph_with_progress(&other, Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Built);
    let kept = take_graphs_to_keep();
    assert_eq!(kept.len(), 1, "the graph built is handed over");
    assert!(take_graphs_to_keep().is_empty(), "once");
    let (name, bytes) = kept.into_iter().next().unwrap();
    assert!(
        name.starts_with("graph-") && name.ends_with(".bin"),
        "{name}"
    );

    // A name of an older layout is refused (the host may drop it); a damaged copy under the
    // right name is built again, never used.
    let version = wordclub_graph::FORMAT_VERSION;
    assert!(!offer_kept_graph(
        &format!("graph-0123-4567-v{}.bin", version - 1),
        bytes.clone()
    ));
    assert!(!offer_kept_graph("settings.json", bytes.clone()));
    let mut damaged = bytes.clone();
    let at = damaged.len() / 2;
    damaged[at] ^= 0x40;
    assert!(offer_kept_graph(&name, damaged));
    let (_, source) = try_graph_with_progress(
        &WordList::from_words("again", "again", ["DOG", "GOD", "DOGS"]).unwrap(),
        Manners::AnyWord,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(source, GraphSource::Built, "a damaged graph is built again");
    assert_eq!(take_graphs_to_keep().len(), 1, "and kept anew");

    // The next start: the host offers what it kept; the graph is read, not built.
    assert!(offer_kept_graph(&name, bytes));
    let (g, source) = try_graph_with_progress(
        &WordList::from_words("next-start", "next-start", ["DOG", "GOD", "DOGS"]).unwrap(),
        Manners::AnyWord,
        &mut |_| panic!("the kept graph is read back, not built"),
    )
    .unwrap();
    assert_eq!(source, GraphSource::Kept);
    assert!(g.contains("DOGS") && !g.contains("CAT"));
    assert!(take_graphs_to_keep().is_empty(), "nothing new to keep");
    assert_eq!(
        host_graph_counts(),
        HostGraphCounts {
            offered: 2,
            read: 1,
            built: 2
        }
    );

    // Another list is never served it.
    let (_, source) =
        try_graph_with_progress(&list("cats"), Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Built);
}
