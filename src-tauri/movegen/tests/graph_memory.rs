//! Building the largest list's graph must not leave the build's scratch memory resident: a
//! long-running app keeps the process for hours. Its own test binary, so the process holds
//! nothing else. Linux with glibc only (read from /proc, released with malloc_trim).
#![cfg(all(target_os = "linux", target_env = "gnu"))]

/// A field of /proc/self/status in kB (`VmRSS`: resident now, `VmHWM`: the peak so far).
fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/self/status"))
}

#[test]
fn a_built_graph_keeps_little_more_than_itself_resident() {
    // List 2: the current lists' graphs are prebuilt (read, not built), and no graph folder
    // is set here, so this one is built.
    let list = wordclub_lexicon::WordList::builtin("wordclub@2").unwrap();
    let before = status_kb("VmRSS");
    let graph = wordclub_movegen::gaddag_for(list);
    let graph_kb = (graph.memory_bytes() / 1024) as u64;
    let grown = status_kb("VmRSS").saturating_sub(before);
    let peak = status_kb("VmHWM").saturating_sub(before);
    // The build itself needs several times the graph; afterwards only the graph, its
    // anagram table and the word list's pages read may stay.
    assert!(peak > 4 * graph_kb, "the build peaked at only {peak} kB?");
    assert!(
        grown < 3 * graph_kb,
        "{grown} kB stayed resident for a {graph_kb} kB graph (peak {peak} kB)"
    );
}
