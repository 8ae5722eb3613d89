//! Where a list's graph comes from: the default lists' graphs are prebuilt (and equal a build
//! from their words), any other graph is built once, kept in the graph folder and read back
//! by the next caller, and a kept file that is damaged is rebuilt and replaced.
//! Its own test binary: the graph folder is one setting for the process.

use wordclub_lexicon::WordList;
use wordclub_movegen::{
    gaddag_for, is_prebuilt, polite_gaddag_for, set_graph_cache_dir, try_graph_with_progress,
    Gaddag, GraphSource, Manners,
};

fn marked(list: &WordList) -> Vec<(Vec<u8>, bool)> {
    use fst::Streamer;
    let mut words = Vec::new();
    let mut stream = list.fst().stream();
    while let Some(w) = stream.next() {
        words.push((w.to_vec(), wordclub_lexicon::is_offensive(w)));
    }
    words
}

#[test]
fn graphs_come_prebuilt_kept_or_built() {
    let key = wordclub_graph_key();
    // The default lists: prebuilt, and the very graph a build from the list's words makes.
    for id in ["wordclub", "enable-2-9"] {
        let list = WordList::builtin(id).unwrap();
        assert!(is_prebuilt(list), "{id}");
        let (g, source) = try_graph_with_progress(list, Manners::Polite, &mut |_| {
            panic!("{id}'s graph is prebuilt: nothing is built")
        })
        .unwrap();
        assert_eq!(source, GraphSource::Prebuilt);
        assert!(g.is_polite());
        let fresh =
            Gaddag::build_marked(marked(list), wordclub_graph::SLOT_LIMIT, &mut |_| {}).unwrap();
        assert_eq!(
            gaddag_for(list).to_bytes(&key),
            fresh.to_bytes(&key),
            "{id}"
        );
        assert_eq!(
            polite_gaddag_for(list).word_count(),
            fresh.polite().word_count()
        );
    }
    // Older versions are built at first use and kept on disk: list 3's graph (4.2 MB) would
    // take the prebuilt graphs and definitions past issue 26's 12 MB budget.
    assert!(!is_prebuilt(WordList::builtin("wordclub@2").unwrap()));
    assert!(!is_prebuilt(WordList::builtin("wordclub@3").unwrap()));

    let dir = std::env::temp_dir().join(format!("wordclub-graph-sources-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // What an older build left: a graph of an older layout goes when the folder is named;
    // a graph of this layout and any other file stay.
    std::fs::create_dir_all(&dir).unwrap();
    let version = wordclub_graph::FORMAT_VERSION;
    let older = dir.join(format!("graph-0123-4567-v{}.bin", version - 1));
    let current = dir.join(format!("graph-0123-4567-v{version}.bin"));
    let notes = dir.join("graph-notes-v1.txt");
    for f in [&older, &current, &notes] {
        std::fs::write(f, b"kept by someone").unwrap();
    }
    set_graph_cache_dir(Some(dir.clone()));
    assert!(!older.exists(), "an older layout's graph is removed");
    assert!(current.exists() && notes.exists(), "nothing else is");
    std::fs::remove_file(&current).unwrap();
    std::fs::remove_file(&notes).unwrap();
    let words = ["CAT", "CATS", "ACT", "TACT", "SCAT", "FUCK", "DUCK"];
    // Lists are cached in memory by id and hash: each id below is a new caller in effect.
    let list = |id: &str| WordList::from_words(id, id, words).unwrap();

    let first = list("first");
    let mut steps = Vec::new();
    let (g, source) =
        try_graph_with_progress(&first, Manners::Polite, &mut |p| steps.push(p)).unwrap();
    assert_eq!(source, GraphSource::Built);
    assert!(steps
        .last()
        .is_some_and(|p| p.done == p.total && p.total > 0));
    assert!(g.contains("DUCK") && !g.contains("FUCK"), "polite view");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");

    let (g, source) = try_graph_with_progress(&list("second"), Manners::AnyWord, &mut |_| {
        panic!("the kept graph is read back, not built")
    })
    .unwrap();
    assert_eq!(source, GraphSource::Kept);
    assert!(g.contains("FUCK") && g.contains("TACT") && !g.contains("TAC"));

    // A damaged file is rebuilt, and the rebuilt graph replaces it.
    let mut bytes = std::fs::read(&kept[0]).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x40;
    std::fs::write(&kept[0], &bytes).unwrap();
    let (g, source) =
        try_graph_with_progress(&list("third"), Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Built);
    assert!(g.contains("SCAT"));
    let (_, source) =
        try_graph_with_progress(&list("fourth"), Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Kept);

    // Another list is never served the kept graph: its hash differs.
    let other = WordList::from_words("other", "other", ["DOG", "GOD"]).unwrap();
    let (g, source) = try_graph_with_progress(&other, Manners::AnyWord, &mut |_| {}).unwrap();
    assert_eq!(source, GraphSource::Built);
    assert!(g.contains("DOG") && !g.contains("CAT"));
    set_graph_cache_dir(None);
    let _ = std::fs::remove_dir_all(&dir);
}

fn wordclub_graph_key() -> wordclub_graph::GraphKey {
    wordclub_graph::GraphKey {
        list_sha256: "compare".into(),
        manners_sha256: "compare".into(),
        part: String::new(),
    }
}
