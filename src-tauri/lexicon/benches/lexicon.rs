//! `cargo bench -p wordclub-lexicon`: lookups per second (words and non-words, each list, the
//! fast path and the bare fst for comparison), time to open all lists in a fresh process, and
//! rack-word times. Each figure is the median of several runs.
//!
//! The machine is shared, so besides wall-clock time the bench reads the thread's own CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`, Linux): time spent waiting for a core does not count there.
use fst::Streamer;
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};
use wordclub_lexicon::WordList;

const CHILD_ENV: &str = "WORDCLUB_LEXICON_BENCH_CHILD";

/// Wall-clock and on-CPU time of one run.
#[derive(Clone, Copy)]
struct Sample {
    wall: Duration,
    cpu: Option<Duration>,
}

#[cfg(target_os = "linux")]
fn thread_cpu_time() -> Option<Duration> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) to a valid
    // pointer and reads nothing else.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// Runs `f` once and times it.
fn timed<T>(f: impl FnOnce() -> T) -> (Sample, T) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let out = f();
    let wall = wall.elapsed();
    let cpu = cpu.zip(thread_cpu_time()).map(|(a, b)| b.saturating_sub(a));
    (Sample { wall, cpu }, out)
}

/// Medians of the wall-clock and the CPU times.
fn medians(samples: &[Sample]) -> (Duration, Option<Duration>) {
    let wall = median(samples.iter().map(|s| s.wall).collect());
    let cpu: Option<Vec<Duration>> = samples.iter().map(|s| s.cpu).collect();
    (wall, cpu.map(median))
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Words packed end to end, in a shuffled order, so a lookup costs what it costs in a move
/// generator (a word in a buffer), not a pointer chase.
struct Batch {
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
}

impl Batch {
    fn new(mut words: Vec<Vec<u8>>) -> Batch {
        // xorshift shuffle: fixed seed, same order every run.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for i in (1..words.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            words.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut bytes = Vec::new();
        let mut spans = Vec::new();
        for w in words {
            spans.push((bytes.len(), bytes.len() + w.len()));
            bytes.extend_from_slice(&w);
        }
        Batch { bytes, spans }
    }

    fn words(&self) -> impl Iterator<Item = &[u8]> {
        self.spans.iter().map(|&(a, b)| &self.bytes[a..b])
    }
}

/// Lookups per second of `lookup` over the batch (medians of `runs`), and how many said yes.
fn rate(batch: &Batch, runs: usize, lookup: impl Fn(&[u8]) -> bool) -> (Rate, usize) {
    let mut hits = 0;
    let samples: Vec<Sample> = (0..runs)
        .map(|_| {
            let (sample, found) = timed(|| batch.words().filter(|w| lookup(black_box(w))).count());
            hits = found;
            sample
        })
        .collect();
    let per_second = |d: Duration| batch.spans.len() as f64 / d.as_secs_f64() / 1e6;
    let (wall, cpu) = medians(&samples);
    (
        Rate {
            wall: per_second(wall),
            cpu: cpu.map(per_second),
        },
        hits,
    )
}

/// Millions of lookups per second: by the wall clock, and per second on a CPU.
struct Rate {
    wall: f64,
    cpu: Option<f64>,
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.cpu {
            Some(cpu) => format!("{:.1} / {:.1} M/s", self.wall, cpu).fmt(f),
            None => format!("{:.1} M/s", self.wall).fmt(f),
        }
    }
}

/// Non-words close to real ones: one letter changed, a letter added, a letter dropped.
fn non_words(list: &WordList, words: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut out = Vec::with_capacity(words.len());
    let mut k = 0u8;
    for w in words {
        k = k.wrapping_add(1);
        let mut candidates = Vec::new();
        let mut changed = w.clone();
        let i = usize::from(k) % w.len();
        changed[i] = b'A' + (w[i] - b'A' + 1 + k % 25) % 26;
        candidates.push(changed);
        let mut longer = w.clone();
        longer.insert(usize::from(k) % (w.len() + 1), b'A' + k % 26);
        candidates.push(longer);
        candidates.push(w[..w.len() - 1].to_vec());
        if let Some(c) = candidates.into_iter().find(|c| !list.fst().contains(c)) {
            out.push(c);
        }
    }
    out
}

/// The list's id, with `@version` for an older version (two versions of `wordclub` ship).
fn label(list: &WordList) -> String {
    let info = list.info();
    if info.current {
        info.id.clone()
    } else {
        format!("{}@{}", info.id, info.version)
    }
}

fn lookups() {
    println!(
        "lookups per second (wall clock / on-CPU), median of 11 runs over every word of the list, shuffled:"
    );
    println!(
        "  {:<11} {:>7} {:>18} {:>18} {:>18} {:>18}",
        "list", "words", "words", "non-words", "fst alone: words", "fst: non-words"
    );
    for list in WordList::builtins() {
        let mut words = Vec::new();
        let mut stream = list.fst().stream();
        while let Some(w) = stream.next() {
            words.push(w.to_vec());
        }
        let misses = non_words(list, &words);
        let (words, misses) = (Batch::new(words), Batch::new(misses));
        let (fast_words, hits) = rate(&words, 11, |w| list.contains(w));
        assert_eq!(hits, words.spans.len(), "every word is found");
        let (fast_misses, hits) = rate(&misses, 11, |w| list.contains(w));
        assert_eq!(hits, 0, "no non-word is found");
        let (fst_words, _) = rate(&words, 5, |w| list.fst().contains(w));
        let (fst_misses, _) = rate(&misses, 5, |w| list.fst().contains(w));
        println!(
            "  {:<11} {:>7} {:>18} {:>18} {:>18} {:>18}",
            label(list),
            words.spans.len(),
            fast_words,
            fast_misses,
            fst_words,
            fst_misses
        );
    }
}

/// In the child process: open every list and look one word up in each, timing both from
/// the first touch of the lexicon.
fn child_open() {
    let start = Instant::now();
    let lists = WordList::builtins();
    let opened = start.elapsed();
    for list in lists {
        black_box(list.contains(b"QI"));
        black_box(list.contains(b"RETAINS"));
    }
    let ready = start.elapsed();
    println!("{} {}", opened.as_nanos(), ready.as_nanos());
}

fn open_cold() {
    let runs = 15;
    let (mut opened, mut ready) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let out = Command::new(std::env::current_exe().expect("bench binary"))
            .env(CHILD_ENV, "open")
            .output()
            .expect("run child");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut fields = text
            .split_whitespace()
            .map(|f| f.parse::<u64>().expect("ns"));
        opened.push(Duration::from_nanos(fields.next().expect("opened")));
        ready.push(Duration::from_nanos(fields.next().expect("ready")));
    }
    println!(
        "open all {} lists in a fresh process (median of {runs}): {:?} to open, {:?} to the first lookup in each",
        WordList::builtins().len(),
        median(opened),
        median(ready)
    );
}

fn rack_words() {
    println!("rack words (wall clock / on-CPU, median of 21 runs):");
    for list in WordList::builtins() {
        for rack in ["AEINRST", "??EINST", "QZXJKVW"] {
            let mut count = 0;
            let samples: Vec<Sample> = (0..21)
                .map(|_| {
                    let (sample, words) = timed(|| list.rack_words(rack).expect("rack"));
                    count = black_box(words).len();
                    sample
                })
                .collect();
            let (wall, cpu) = medians(&samples);
            let ms = |d: Duration| format!("{:.3} ms", d.as_secs_f64() * 1e3);
            println!(
                "  {:<11} {rack}: {} / {}, {count} words",
                label(list),
                ms(wall),
                cpu.map_or("-".to_string(), ms)
            );
        }
    }
}

fn main() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child_open();
        return;
    }
    open_cold();
    rack_words();
    lookups();
}
