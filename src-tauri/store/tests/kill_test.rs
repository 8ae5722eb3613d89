//! Crash safety: a writer process (`wordclub-store-crash-writer`) records scripted matches and
//! reports each committed write; this test kills it with SIGKILL at random moments, at least
//! 200 times, and after each kill checks that the history opens as it is (nothing moved aside),
//! passes `PRAGMA integrity_check`, holds every reported write byte for byte, and replays;
//! and that a read-only open before that (the CLI's `history` commands) sees every reported
//! write and creates or moves no file.
//!
//! `WORDCLUB_KILL_ITERATIONS` changes the number of kills (default 300); the run stops early
//! (after at least 200 kills) if it nears its two-minute budget.
mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::TempDir;
use sha2::{Digest, Sha256};
use wordclub_store::Store;

/// xorshift64*: enough randomness for kill timings, reproducible from the printed seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn stored_digest(path: &std::path::Path, id: i64, count: i64) -> (i64, String) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut stmt = conn
        .prepare("SELECT body FROM events WHERE match_id = ?1 ORDER BY seq")
        .unwrap();
    let bodies: Vec<String> = stmt
        .query_map([id], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut h = Sha256::new();
    for b in bodies.iter().take(count as usize) {
        h.update(b.as_bytes());
        h.update(b"\n");
    }
    (
        bodies.len() as i64,
        h.finalize().iter().map(|b| format!("{b:02x}")).collect(),
    )
}

/// The file names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn kill_9_at_random_points_never_loses_a_reported_write() {
    let iterations: u32 = std::env::var("WORDCLUB_KILL_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("kill test seed {seed}");
    let mut rng = Rng(seed);
    let writer = env!("CARGO_BIN_EXE_wordclub-store-crash-writer");
    let dir = TempDir::new("kill");
    let budget = Duration::from_secs(110);
    let started = Instant::now();

    let mut db = dir.join("history-0.db");
    // (match id) → (event count, digest) of the latest reported write.
    let mut reported: BTreeMap<i64, (i64, String)> = BTreeMap::new();
    let mut kills = 0u32;
    let mut writes = 0usize;
    let mut killed_before_first_write = 0u32;
    let mut reads = 0u32;
    while kills < iterations {
        // Every 20th run starts a new file, so kills also land in creation and migration.
        if kills.is_multiple_of(20) && kills > 0 {
            db = dir.join(&format!("history-{kills}.db"));
            reported.clear();
        }
        let mut child = Command::new(writer)
            .arg(&db)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        // Mostly early (startup, first writes), sometimes later in a match or the next one.
        let delay = match rng.below(4) {
            0 => rng.below(3_000),
            1 | 2 => rng.below(30_000),
            _ => rng.below(120_000),
        };
        std::thread::sleep(Duration::from_micros(delay));
        child.kill().unwrap(); // SIGKILL on Unix
        let status = child.wait().unwrap();
        let lines = reader.join().unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert!(
            status.code().is_none(),
            "the writer stopped by itself ({status}): {err}"
        );
        kills += 1;
        if lines.is_empty() {
            killed_before_first_write += 1;
        }
        for line in &lines {
            let parts: Vec<&str> = line.split(' ').collect();
            assert_eq!(parts.len(), 4, "{line:?}");
            assert_eq!(parts[0], "committed");
            let id: i64 = parts[1].parse().unwrap();
            let count: i64 = parts[2].parse().unwrap();
            reported.insert(id, (count, parts[3].to_string()));
            writes += 1;
        }

        // After the kill, first a read (what `history list` does): it sees every reported
        // write and creates, moves or migrates nothing, whatever moment the kill hit.
        let names_before = names(dir.path());
        match Store::open_read_only(&db) {
            Ok(read) => {
                for (&id, (count, _)) in &reported {
                    let summary = read.summary(id).unwrap();
                    assert!(
                        summary.event_count >= *count,
                        "kill {kills}: a read sees {} of {count} events of match {id}",
                        summary.event_count
                    );
                }
                reads += 1;
            }
            // Killed before the first write: no file yet, or SQLite had not written a byte.
            Err(e) => assert!(
                reported.is_empty() && matches!(e.kind(), "no_history" | "not_a_history"),
                "kill {kills}: a read refused the history: {e} (seed {seed})"
            ),
        }
        assert_eq!(
            names(dir.path()),
            names_before,
            "kill {kills}: a read created or moved a file"
        );

        // Then to play on: the file opens as it is, is intact and holds every reported write.
        if db.exists() {
            let store = Store::open(&db).unwrap();
            assert!(
                store.moved_aside().is_none(),
                "kill {kills}: history moved aside: {:?}",
                store.moved_aside()
            );
            store.integrity_check().unwrap();
            let mut stored = BTreeMap::new();
            for (&id, (count, _)) in &reported {
                let resumed = store.resume(id).unwrap();
                let events = resumed.game.events().len() as i64;
                assert!(
                    events >= *count,
                    "kill {kills}: match {id} reported {count} events, {events} stored (seed {seed})"
                );
                let summary = store.summary(id).unwrap();
                assert_eq!(
                    summary.event_count, events,
                    "derived count in the same commit"
                );
                let scores: Vec<i64> = summary.players.iter().map(|p| p.score).collect();
                let replayed: Vec<i64> = resumed
                    .game
                    .scores()
                    .iter()
                    .map(|&s| i64::from(s))
                    .collect();
                assert_eq!(scores, replayed, "derived scores in the same commit");
                stored.insert(id, events);
            }
            // The store holds the history's lock while open: the raw rows are read after.
            drop(store);
            for (&id, (count, digest)) in &reported {
                let (rows, stored_digest) = stored_digest(&db, id, *count);
                assert_eq!(rows, stored[&id], "kill {kills}: match {id} (seed {seed})");
                assert_eq!(
                    &stored_digest, digest,
                    "kill {kills}: match {id} (seed {seed})"
                );
            }
        } else {
            assert!(reported.is_empty());
        }
        if started.elapsed() > budget && kills >= 200 {
            break;
        }
    }
    println!(
        "{kills} kills, {writes} reported writes checked, {reads} read-only opens after a \
         kill, {killed_before_first_write} kills before the first write, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(kills >= 200.min(iterations));
    assert!(writes > 0, "the writer never got to write");
}
